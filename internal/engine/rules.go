package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"
)

// Rules selects which winning forms a judgment accepts and the shape of
// the game: the tile set, the hand size, the suits a win may hold and the
// wildcard kinds. It is a small comparable value, so caches may key on it:
// two positions judged under equal Rules get equal answers (equal answers
// do not need equal Rules: Preset tells games apart that judge alike).
// Build one with Preset and check overrides with Validate.
type Rules struct {
	// SevenPairs allows the seven pairs form (七对) in concealed hands.
	SevenPairs bool
	// SevenPairsFourAlike lets four alike count as two of the seven pairs.
	// It has no effect unless SevenPairs is set.
	SevenPairsFourAlike bool
	// ThirteenOrphans allows the thirteen orphans form (国士无双).
	ThirteenOrphans bool
	// HonorsAndKnitted allows honors-and-knitted (全不靠): 14 distinct
	// tiles from one knitted set and the seven honors, concealed.
	HonorsAndKnitted bool
	// KnittedStraight allows the knitted straight (组合龙): the nine tiles
	// 147/258/369 over three different suits plus one meld and a pair.
	KnittedStraight bool
	// SuitsOnly plays with the 108 numbered tiles: honors are invalid input.
	SuitsOnly bool
	// MaxSuits, when 1 or 2, is the most numbered suits a winning hand may
	// hold, declared melds included (缺一门: 2). 0 means no limit.
	MaxSuits uint8
	// Melds is the number of melds in a winning hand besides the pair: 4
	// (14 tiles complete, 13 waiting) or 5 (17 and 16). 0 means 4.
	Melds uint8
	// Wildcards are the kinds whose tiles act as jokers (癞子, 鬼牌): each
	// copy may stand for any tile kind. At most MaxWildcardKinds kinds.
	Wildcards WildSet
	// Preset names the preset these rules start from ("" when built by
	// hand). It changes no judgment; it keeps the games of two presets
	// apart in keys and caches even where their options agree.
	Preset string
}

// MaxWildcardKinds is the most tile kinds Rules may name as wildcards.
const MaxWildcardKinds = 2

// WildSet is a set of tile kinds, one bit per kind id. The zero value is
// empty.
type WildSet uint64

// NewWildSet returns the set of the given tiles; invalid tiles are ignored
// (Validate reports them through Rules).
func NewWildSet(tiles ...Tile) WildSet {
	var w WildSet
	for _, t := range tiles {
		if t.Valid() {
			w |= 1 << t
		}
	}
	return w
}

// Has reports whether t is in the set.
func (w WildSet) Has(t Tile) bool { return t.Valid() && w>>t&1 == 1 }

// Len returns the number of kinds in the set.
func (w WildSet) Len() int { return bits.OnesCount64(uint64(w)) }

// Tiles lists the set's kinds in id order.
func (w WildSet) Tiles() []Tile {
	out := make([]Tile, 0, w.Len())
	for x := uint64(w); x != 0; x &= x - 1 {
		out = append(out, Tile(bits.TrailingZeros64(x)))
	}
	return out
}

// MeldCount returns the number of melds besides the pair in a winning
// hand: 4 or 5.
func (r Rules) MeldCount() int {
	if r.Melds == 0 {
		return 4
	}
	return int(r.Melds)
}

// normal returns r with its defaults made explicit (Melds 0 becomes 4,
// MaxSuits 3 or more becomes 0), so equal games compare equal.
func (r Rules) normal() Rules {
	if r.Melds == 0 {
		r.Melds = 4
	}
	if r.MaxSuits >= 3 {
		r.MaxSuits = 0
	}
	return r
}

// plain reports whether r needs none of the variant machinery: no
// wildcards, no knitted forms, the full tile set, no suit limit and four
// melds. Such rules are judged by the standard tables alone.
func (r Rules) plain() bool {
	return r.Wildcards == 0 && !r.HonorsAndKnitted && !r.KnittedStraight && !r.SuitsOnly &&
		(r.MaxSuits == 0 || r.MaxSuits >= 3) && r.MeldCount() == 4
}

// ErrUnknownPreset is returned by Preset for a name it does not know.
var ErrUnknownPreset = errors.New("unknown rules preset")

// ErrInvalidRules: the rules are out of range or contradict each other.
var ErrInvalidRules = errors.New("invalid rules")

// DefaultPreset is the preset used when a request names none.
const DefaultPreset = "standard"

// presets maps preset names to their rules. It is read-only.
var presets = map[string]Rules{
	"standard":  {SevenPairs: true, ThirteenOrphans: true, Melds: 4},
	"riichi":    {SevenPairs: true, ThirteenOrphans: true, Melds: 4},
	"mcr":       {SevenPairs: true, SevenPairsFourAlike: true, ThirteenOrphans: true, HonorsAndKnitted: true, KnittedStraight: true, Melds: 4},
	"sichuan":   {SevenPairs: true, SevenPairsFourAlike: true, SuitsOnly: true, MaxSuits: 2, Melds: 4},
	"guangdong": {SevenPairs: true, ThirteenOrphans: true, Melds: 4},
	"taiwan":    {Melds: 5},
}

// StandardRules returns the default rules: standard form, seven pairs of
// distinct tiles and thirteen orphans.
func StandardRules() Rules {
	r := presets[DefaultPreset]
	r.Preset = DefaultPreset
	return r
}

// Preset returns the rules of a named preset (see PresetNames).
// It wraps ErrUnknownPreset for any other name.
func Preset(name string) (Rules, error) {
	r, ok := presets[name]
	if !ok {
		return Rules{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPreset, name, strings.Join(PresetNames(), ", "))
	}
	r.Preset = name
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

// Validate checks that r is a game judged can play: melds 4 or 5, a suit
// limit of at most 3, at most MaxWildcardKinds wildcard kinds, no honor
// wildcard in a suits-only set, and no form the game's size or tile set
// rules out. It returns nil or a *PositionError whose fields point into
// the rules object ("/rules/melds", "/rules/wildcards/1") and wrap
// ErrInvalidRules.
func (r Rules) Validate() error {
	var errs []*FieldError
	add := func(field, detail string) {
		errs = append(errs, &FieldError{Pointer: "/rules/" + field, Detail: detail, Err: ErrInvalidRules})
	}
	if r.Melds != 0 && r.Melds != 4 && r.Melds != 5 {
		add("melds", fmt.Sprintf("must be 4 (14-tile hands) or 5 (17-tile hands), got %d", r.Melds))
	}
	if r.MaxSuits > 3 {
		add("maxSuits", fmt.Sprintf("must be 1 to 3 numbered suits, got %d", r.MaxSuits))
	}
	if n := r.Wildcards.Len(); n > MaxWildcardKinds {
		add("wildcards", fmt.Sprintf("at most %d wildcard kinds, got %d", MaxWildcardKinds, n))
	}
	i := 0
	for x := uint64(r.Wildcards); x != 0; x &= x - 1 {
		if t := Tile(bits.TrailingZeros64(x)); r.SuitsOnly && t.Suit() == Honors {
			add("wildcards/"+strconv.Itoa(i), fmt.Sprintf("%s is an honor, and honors are not in a suits-only set", t))
		}
		i++
	}
	fourteen := []struct {
		on    bool
		field string
		name  string
	}{
		{r.SevenPairs, "sevenPairs", "seven pairs"},
		{r.ThirteenOrphans, "thirteenOrphans", "thirteen orphans"},
		{r.HonorsAndKnitted, "honorsAndKnitted", "honors-and-knitted"},
		{r.KnittedStraight, "knittedStraight", "the knitted straight"},
	}
	for _, f := range fourteen {
		switch {
		case !f.on:
		case r.Melds == 5:
			add(f.field, "contradicts melds 5: "+f.name+" is a 14-tile form")
		case f.field == "sevenPairs":
		case r.MaxSuits == 1 || r.MaxSuits == 2:
			add(f.field, fmt.Sprintf("contradicts maxSuits %d: %s needs all three suits", r.MaxSuits, f.name))
		case r.SuitsOnly && f.field != "knittedStraight":
			add(f.field, "contradicts honors false: "+f.name+" needs honors")
		}
	}
	if len(errs) > 0 {
		return &PositionError{Fields: errs}
	}
	return nil
}
