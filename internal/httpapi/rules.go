package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/judged/judged/internal/engine"
)

// rulesMembers are the members of a rules object: the preset and the
// override fields, in the order GET /rules lists them.
var rulesMembers = []string{
	"preset", "sevenPairs", "sevenPairsFourAlike", "thirteenOrphans", "honorsAndKnitted",
	"knittedStraight", "honors", "maxSuits", "melds", "wildcards",
}

// requestRules is the rules of a request, with what it takes to point at
// the request's own wildcard elements.
type requestRules struct {
	rules engine.Rules
	// wildAt holds, for the i-th wildcard kind in id order, the index of
	// its first element in the request's wildcards list: the engine names
	// wildcards by their place in the set, the client by its own list.
	wildAt []int
}

// pointer maps an engine pointer into the rules to the request's: a
// wildcard named by its place in the set becomes the element that gave it.
func (rr *requestRules) pointer(ptr string) string {
	rest, ok := strings.CutPrefix(ptr, "/rules/wildcards/")
	if !ok {
		return ptr
	}
	i, err := strconv.Atoi(rest)
	if err != nil || i < 0 || i >= len(rr.wildAt) {
		return ptr
	}
	return "/rules/wildcards/" + strconv.Itoa(rr.wildAt[i])
}

// parseRules parses the rules member: a preset name, or an object naming a
// preset (default "standard") whose given fields override it. The rules
// keep the preset's name (engine.Rules.Preset), so that two presets never
// share a cache entry. ok is false when anything was wrong with it; the
// rules are then not usable. Contradictions between well-formed fields are
// left to engine validation.
func parseRules(raw json.RawMessage, errs *fieldErrors) (rr requestRules, ok bool) {
	before := errs.count()
	switch jsonKind(raw) {
	case "string":
		name, _ := str(raw, "/rules", errs)
		rr.rules = preset(name, "/rules", errs)
	case "object":
		rr = rulesObject(raw, errs)
	default:
		errs.badType("/rules", "must be a preset name (%s) or an object, got %s", strings.Join(engine.PresetNames(), ", "), jsonKind(raw))
	}
	return rr, errs.count() == before
}

// rulesObject parses a rules object: the preset first, then the overrides
// on top of it, whatever the member order. An unknown member is an unknown
// rules field, a 422 at its own pointer like an unknown preset; a repeated
// member and a wrong JSON type stay malformed (400).
func rulesObject(raw json.RawMessage, errs *fieldErrors) requestRules {
	m, _ := objectMembers(raw, "/rules", errs, (*fieldErrors).impossible, rulesMembers...)
	rr := requestRules{rules: engine.StandardRules()}
	r := &rr.rules
	if raw, ok := m["preset"]; ok {
		if name, ok := str(raw, "/rules/preset", errs); ok {
			*r = preset(name, "/rules/preset", errs)
		}
	}
	for _, f := range []struct {
		name string
		dst  *bool
	}{
		{"sevenPairs", &r.SevenPairs},
		{"sevenPairsFourAlike", &r.SevenPairsFourAlike},
		{"thirteenOrphans", &r.ThirteenOrphans},
		{"honorsAndKnitted", &r.HonorsAndKnitted},
		{"knittedStraight", &r.KnittedStraight},
	} {
		if raw, ok := m[f.name]; ok {
			*f.dst = boolean(raw, "/rules/"+f.name, errs)
		}
	}
	if raw, ok := m["honors"]; ok {
		r.SuitsOnly = !boolean(raw, "/rules/honors", errs)
	}
	if raw, ok := m["maxSuits"]; ok {
		if n, ok := integer(raw, "/rules/maxSuits", errs); ok {
			if n < 1 || n > 3 {
				errs.impossible("/rules/maxSuits", "must be 1, 2 or 3 numbered suits (3: no limit), got %s", raw)
			}
			r.MaxSuits = uint8(min(max(n, 0), 3))
		}
	}
	if raw, ok := m["melds"]; ok {
		if n, ok := integer(raw, "/rules/melds", errs); ok {
			if n != 4 && n != 5 {
				errs.impossible("/rules/melds", "must be 4 (14-tile hands) or 5 (17-tile hands), got %s", raw)
			} else {
				r.Melds = uint8(n)
			}
		}
	}
	if raw, ok := m["wildcards"]; ok {
		r.Wildcards, rr.wildAt = wildcards(raw, errs)
	}
	return rr
}

// wildcards parses the wildcard kinds, a tile list without repeats, and
// returns them with the request index of each kind in id order. Their
// number and kinds are checked by engine validation.
func wildcards(raw json.RawMessage, errs *fieldErrors) (engine.WildSet, []int) {
	tiles, ok := tileList(raw, "/rules/wildcards", errs)
	if !ok {
		return 0, nil
	}
	var (
		set   engine.WildSet
		first [engine.NumKinds]int
	)
	for i, t := range tiles {
		if set.Has(t) {
			errs.impossible("/rules/wildcards/"+strconv.Itoa(i), "%s is already a wildcard (element %d): name each kind once", t, first[t])
			continue
		}
		set |= engine.NewWildSet(t)
		first[t] = i
	}
	kinds := set.Tiles()
	at := make([]int, len(kinds))
	for i, t := range kinds {
		at[i] = first[t]
	}
	return set, at
}

// integer parses a JSON integer. A number with a fraction or exponent is
// malformed; one too large for an int is reported as the largest int, so
// the caller's range check refuses it.
func integer(raw json.RawMessage, ptr string, errs *fieldErrors) (int, bool) {
	if jsonKind(raw) != "number" {
		errs.badType(ptr, "must be an integer, got %s", jsonKind(raw))
		return 0, false
	}
	n, err := strconv.ParseInt(string(raw), 10, 0)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		errs.badType(ptr, "must be an integer, got %s", raw)
		return 0, false
	}
	return int(n), true
}

// preset looks up a named rules preset.
func preset(name, ptr string, errs *fieldErrors) engine.Rules {
	r, err := engine.Preset(name)
	if err != nil {
		errs.impossible(ptr, "%v", err)
		return engine.StandardRules()
	}
	return r
}

// presetDescriptions says in a line what each preset plays; GET /rules
// lists them beside the resolved options.
var presetDescriptions = map[string]string{
	"standard":  "the default: standard form, seven pairs of distinct tiles, thirteen orphans",
	"riichi":    "Japanese riichi: as standard",
	"mcr":       "Chinese Official (国标): seven pairs may hold four alike, thirteen orphans, honors-and-knitted (全不靠), knitted straight (组合龙)",
	"sichuan":   "Sichuan (血战到底): 108 tiles without honors, seven pairs may hold four alike (龙七对), at most two suits in a winning hand (缺一门)",
	"guangdong": "Guangdong (推倒胡): as standard, plus the wildcards the request names",
	"taiwan":    "Taiwanese 16-tile: five melds and a pair (17 tiles complete, 16 waiting), no seven pairs, no thirteen orphans",
}

// rulesView is a rules object as GET /rules shows it: every field, in the
// request's terms, so that it can be sent back as overrides.
type rulesView struct {
	SevenPairs          bool     `json:"sevenPairs"`
	SevenPairsFourAlike bool     `json:"sevenPairsFourAlike"`
	ThirteenOrphans     bool     `json:"thirteenOrphans"`
	HonorsAndKnitted    bool     `json:"honorsAndKnitted"`
	KnittedStraight     bool     `json:"knittedStraight"`
	Honors              bool     `json:"honors"`
	MaxSuits            int      `json:"maxSuits"`
	Melds               int      `json:"melds"`
	Wildcards           []string `json:"wildcards"`
}

// newRulesView shows r in the request's terms: maxSuits 3 for no limit,
// wildcards by name.
func newRulesView(r engine.Rules) rulesView {
	maxSuits := int(r.MaxSuits)
	if maxSuits == 0 || maxSuits > 3 {
		maxSuits = 3
	}
	wild := make([]string, 0, r.Wildcards.Len())
	for _, t := range r.Wildcards.Tiles() {
		wild = append(wild, tileName(t))
	}
	return rulesView{
		SevenPairs:          r.SevenPairs,
		SevenPairsFourAlike: r.SevenPairsFourAlike,
		ThirteenOrphans:     r.ThirteenOrphans,
		HonorsAndKnitted:    r.HonorsAndKnitted,
		KnittedStraight:     r.KnittedStraight,
		Honors:              !r.SuitsOnly,
		MaxSuits:            maxSuits,
		Melds:               r.MeldCount(),
		Wildcards:           wild,
	}
}

// presetView is one preset as GET /rules lists it.
type presetView struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Rules       rulesView `json:"rules"`
}

// rulesResponse is the body of a GET /rules answer.
type rulesResponse struct {
	Default   string       `json:"default"`
	Presets   []presetView `json:"presets"`
	Overrides []string     `json:"overrides"`
}

// newRulesResponse lists every preset the engine knows with its resolved
// options, and the override fields of a rules object.
func newRulesResponse() rulesResponse {
	resp := rulesResponse{Default: engine.DefaultPreset, Overrides: rulesMembers[1:]}
	for _, name := range engine.PresetNames() {
		r, err := engine.Preset(name)
		if err != nil {
			panic(err) // PresetNames lists only known presets
		}
		resp.Presets = append(resp.Presets, presetView{Name: name, Description: presetDescriptions[name], Rules: newRulesView(r)})
	}
	return resp
}

// handleRules serves GET /rules: the presets and the override fields. The
// answer never changes, so it is built once.
func handleRules() http.HandlerFunc {
	resp := newRulesResponse()
	return func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, resp)
	}
}
