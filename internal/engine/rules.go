package engine

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Rules selects which winning forms a judgment accepts. It is a small
// comparable value: two positions judged under equal Rules get equal
// answers, so caches may key on it.
type Rules struct {
	// SevenPairs allows the seven pairs form (七对) in concealed hands.
	SevenPairs bool
	// SevenPairsFourAlike lets four alike count as two of the seven pairs.
	// It has no effect unless SevenPairs is set.
	SevenPairsFourAlike bool
	// ThirteenOrphans allows the thirteen orphans form (国士无双).
	ThirteenOrphans bool
}

// ErrUnknownPreset is returned by Preset for a name it does not know.
var ErrUnknownPreset = errors.New("unknown rules preset")

// DefaultPreset is the preset used when a request names none.
const DefaultPreset = "standard"

// presets maps preset names to their rules. It is read-only.
var presets = map[string]Rules{
	"standard": {SevenPairs: true, ThirteenOrphans: true},
	"riichi":   {SevenPairs: true, ThirteenOrphans: true},
}

// StandardRules returns the default rules: standard form, seven pairs of
// distinct tiles and thirteen orphans.
func StandardRules() Rules { return presets[DefaultPreset] }

// Preset returns the rules of a named preset ("standard", "riichi").
// It wraps ErrUnknownPreset for any other name.
func Preset(name string) (Rules, error) {
	r, ok := presets[name]
	if !ok {
		return Rules{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPreset, name, strings.Join(PresetNames(), ", "))
	}
	return r, nil
}

// PresetNames lists the known preset names, sorted.
func PresetNames() []string {
	names := make([]string, 0, len(presets))
	for n := range presets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
