package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/judged/judged/internal/engine"
)

// Hands used under several rules. hand17 wins in a 16-tile game (five
// sequences or triplets and a pair); suits14 is seven pairs with four
// alike and holds two suits, so Sichuan may play it.
const (
	hand17  = `"123m456m789m123s456sEE"`
	hand16  = `"123m456m789m123s45sEE"`
	suits14 = `"111122m44556677s"`
)

// wildWant is an expected set of wildcard kinds, written by name.
func wildWant(t *testing.T, names ...string) engine.WildSet {
	t.Helper()
	var set engine.WildSet
	for _, n := range names {
		tile, err := engine.ParseTile(n)
		if err != nil {
			t.Fatalf("ParseTile(%q): %v", n, err)
		}
		set |= engine.NewWildSet(tile)
	}
	return set
}

// TestRulesParse checks the rules a request resolves to, as the engine
// holds them in the position (Melds 0 is 4, MaxSuits 3 is no limit), with
// the preset they start from (standard when a rules object names none),
// with both decoders: the fast one must take every one of these bodies.
func TestRulesParse(t *testing.T) {
	t.Parallel()
	std := engine.Rules{SevenPairs: true, ThirteenOrphans: true, Melds: 4, Preset: "standard"}
	mcr := engine.Rules{SevenPairs: true, SevenPairsFourAlike: true, ThirteenOrphans: true, HonorsAndKnitted: true, KnittedStraight: true, Melds: 4, Preset: "mcr"}
	sichuan := engine.Rules{SevenPairs: true, SevenPairsFourAlike: true, SuitsOnly: true, MaxSuits: 2, Melds: 4, Preset: "sichuan"}
	taiwan := engine.Rules{Melds: 5, Preset: "taiwan"}
	with := func(r engine.Rules, change func(*engine.Rules)) engine.Rules {
		change(&r)
		return r
	}
	// as is r's options under another preset's name.
	as := func(preset string, r engine.Rules) engine.Rules {
		r.Preset = preset
		return r
	}
	tests := []struct {
		name  string
		hand  string
		rules string
		want  engine.Rules
	}{
		{"default", win14, `null`, std},
		{"standard", win14, `"standard"`, std},
		{"riichi", win14, `"riichi"`, as("riichi", std)},
		{"mcr", win14, `"mcr"`, mcr},
		{"sichuan", suits14, `"sichuan"`, sichuan},
		{"guangdong", win14, `"guangdong"`, as("guangdong", std)},
		{"taiwan", hand17, `"taiwan"`, taiwan},
		{"empty object", win14, `{}`, std},
		{"preset in an object", win14, `{"preset":"mcr"}`, mcr},
		{"overrides before the preset", win14, `{"knittedStraight":false,"preset":"mcr","sevenPairsFourAlike":false}`,
			with(mcr, func(r *engine.Rules) { r.KnittedStraight, r.SevenPairsFourAlike = false, false })},
		{"every flag on standard", win14, `{"sevenPairs":true,"sevenPairsFourAlike":true,"thirteenOrphans":false,"honorsAndKnitted":true,"knittedStraight":true,"honors":true}`,
			with(mcr, func(r *engine.Rules) { r.ThirteenOrphans, r.Preset = false, "standard" })},
		{"suits only on standard", suits14, `{"honors":false,"thirteenOrphans":false}`,
			with(std, func(r *engine.Rules) { r.SuitsOnly, r.ThirteenOrphans = true, false })},
		{"a suit limit", suits14, `{"maxSuits":2,"thirteenOrphans":false}`,
			with(std, func(r *engine.Rules) { r.MaxSuits, r.ThirteenOrphans = 2, false })},
		{"one suit", `"11123455678999m"`, `{"maxSuits":1,"thirteenOrphans":false,"sevenPairs":true}`,
			with(std, func(r *engine.Rules) { r.MaxSuits, r.ThirteenOrphans = 1, false })},
		{"three suits lift Sichuan's limit", suits14, `{"preset":"sichuan","maxSuits":3}`,
			with(sichuan, func(r *engine.Rules) { r.MaxSuits = 0 })},
		{"honors back in Sichuan", win14, `{"preset":"sichuan","honors":true}`,
			with(sichuan, func(r *engine.Rules) { r.SuitsOnly = false })},
		{"four melds in taiwan", win14, `{"preset":"taiwan","melds":4}`, with(taiwan, func(r *engine.Rules) { r.Melds = 4 })},
		{"five melds on standard", hand17, `{"melds":5,"sevenPairs":false,"thirteenOrphans":false}`, as("standard", taiwan)},
		{"standard's options on taiwan", win14, `{"preset":"taiwan","melds":4,"sevenPairs":true,"thirteenOrphans":true}`, as("taiwan", std)},
		{"wildcards by name", win14, `{"preset":"guangdong","wildcards":["P"]}`,
			with(std, func(r *engine.Rules) { r.Wildcards, r.Preset = wildWant(t, "P"), "guangdong" })},
		{"wildcards by id and Tenhou name", win14, `{"preset":"guangdong","wildcards":[4,"5z"]}`,
			with(std, func(r *engine.Rules) { r.Wildcards, r.Preset = wildWant(t, "5m", "P"), "guangdong" })},
		{"wildcards as a compact string", win14, `{"preset":"guangdong","wildcards":"5mC"}`,
			with(std, func(r *engine.Rules) { r.Wildcards, r.Preset = wildWant(t, "5m", "C"), "guangdong" })},
		{"red five wildcard", win14, `{"wildcards":["0p"]}`,
			with(std, func(r *engine.Rules) { r.Wildcards = wildWant(t, "5p") })},
		{"no wildcards", win14, `{"preset":"guangdong","wildcards":[]}`, as("guangdong", std)},
		{"suit wildcards in Sichuan", suits14, `{"preset":"sichuan","wildcards":["5s"]}`,
			with(sichuan, func(r *engine.Rules) { r.Wildcards = wildWant(t, "5s") })},
		{"null members", win14, `{"preset":null,"maxSuits":null,"melds":null,"wildcards":null,"honors":null}`, std},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte(`{"hand":` + tt.hand + `,"rules":` + tt.rules + `}`)
			rec := httptest.NewRecorder()
			req, ok := preciseRequest(rec, body, engine.Complete, false)
			if !ok {
				t.Fatalf("precise decoding of %s: %d %s", body, rec.Code, rec.Body)
			}
			if diff := cmp.Diff(tt.want, req.pos.Rules()); diff != "" {
				t.Errorf("rules of %s mismatch (-want +got):\n%s", body, diff)
			}
			if !fastAgrees(t, decodeTargets[0], body) {
				t.Errorf("the fast decoder gave up on %s", body)
			}
		})
	}
}

// TestRulesErrors checks the problems of bad rules and of positions the
// rules rule out: wrong JSON types are malformed (400), everything else,
// unknown rules members included, is an invalid position (422), each at
// its own pointer.
func TestRulesErrors(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{})
	one := func(pt problemType, ptr, detail string) problem { return prob(pt, ptr+": "+detail, fp(ptr, detail)) }
	many := func(errs ...fieldProblem) problem {
		return prob(probInvalidPosition, "the request describes a position that cannot be judged: "+strconv.Itoa(len(errs))+" errors, see errors", errs...)
	}
	const (
		honorInSet         = "is an honor, and the rules play a suits-only set (honors false)"
		suitsHonors        = `{"preset":"sichuan"}`
		unknownRulesMember = "unknown member (known: preset, sevenPairs, sevenPairsFourAlike, thirteenOrphans, honorsAndKnitted, knittedStraight, honors, maxSuits, melds, wildcards)"
	)
	tests := []struct {
		name string
		path string
		body string
		want problem
	}{
		// Wrong JSON types: 400.
		{"maxSuits as a string", "/hu", `{"hand":` + win14 + `,"rules":{"maxSuits":"2"}}`,
			one(probMalformed, "/rules/maxSuits", "must be an integer, got string")},
		{"maxSuits with a fraction", "/hu", `{"hand":` + win14 + `,"rules":{"maxSuits":1.5}}`,
			one(probMalformed, "/rules/maxSuits", "must be an integer, got 1.5")},
		{"melds as a boolean", "/hu", `{"hand":` + win14 + `,"rules":{"melds":true}}`,
			one(probMalformed, "/rules/melds", "must be an integer, got boolean")},
		{"honors as a string", "/hu", `{"hand":` + win14 + `,"rules":{"honors":"no"}}`,
			one(probMalformed, "/rules/honors", "must be a boolean, got string")},
		{"wildcards as an object", "/hu", `{"hand":` + win14 + `,"rules":{"wildcards":{}}}`,
			one(probMalformed, "/rules/wildcards", `must be an array of tile ids and names, or a compact string like "123m456s", got object`)},
		{"a wildcard of the wrong type", "/hu", `{"hand":` + win14 + `,"rules":{"wildcards":["P",true]}}`,
			one(probMalformed, "/rules/wildcards/1", `a tile is an id 0–33 or a name like "5m", got boolean`)},

		// Unknown fields: 422, each at its own pointer.
		{"an unknown rules member", "/hu", `{"hand":` + win14 + `,"rules":{"kuitan":true}}`,
			one(probInvalidPosition, "/rules/kuitan", unknownRulesMember)},
		{"an unknown rules member of any type", "/tenpai", `{"hand":"1112345678999m","rules":{"preset":"riichi","aka":[1,2]}}`,
			one(probInvalidPosition, "/rules/aka", unknownRulesMember)},
		{"an unknown rules member on /discard", "/discard", `{"hand":` + suits14 + `,"rules":{"preset":"sichuan","Melds":4},"discard":"1m"}`,
			one(probInvalidPosition, "/rules/Melds", unknownRulesMember)},
		{"a top-level name inside the rules", "/hu", `{"hand":` + win14 + `,"rules":{"hand":"1m"}}`,
			one(probInvalidPosition, "/rules/hand", unknownRulesMember)},
		{"an unknown rules member given as null", "/hu", `{"hand":` + win14 + `,"rules":{"redFives":null}}`,
			one(probInvalidPosition, "/rules/redFives", unknownRulesMember)},
		{"an unknown rules member escaped in its pointer", "/hu", `{"hand":` + win14 + `,"rules":{"a/b~c":1}}`,
			one(probInvalidPosition, "/rules/a~1b~0c", unknownRulesMember)},
		{"unknown rules members beside an unknown preset and tiles", "/hu", `{"hand":["1m","xx"],"rules":{"preset":"chinese","x":1,"y":2}}`, many(
			fp("/hand/1", `unknown tile "xx": not a tile name (want 1m–9m, 1s–9s, 1p–9p, a red five 0m 0s 0p, 1z–7z or E S W N C F P)`),
			fp("/rules/x", unknownRulesMember), fp("/rules/y", unknownRulesMember),
			fp("/rules/preset", `unknown rules preset "chinese" (known: guangdong, mcr, riichi, sichuan, standard, taiwan)`))},
		{"an unknown rules member beside a value out of range", "/hu", `{"hand":` + win14 + `,"rules":{"melds":7,"fan":8}}`, many(
			fp("/rules/fan", unknownRulesMember),
			fp("/rules/melds", "must be 4 (14-tile hands) or 5 (17-tile hands), got 7"))},
		// Like any bad rules, an unknown member hides checks that depend
		// on the rules: contradictions and the hand's size.
		{"an unknown rules member hides the size check", "/hu", `{"hand":` + hand17 + `,"rules":{"meld":5,"preset":"taiwan","sevenPairs":true}}`,
			one(probInvalidPosition, "/rules/meld", unknownRulesMember)},
		// An unknown top-level member stays malformed, and wins.
		{"an unknown top-level member wins", "/hu", `{"hand":` + win14 + `,"rules":{"kuitan":true},"seat":"E"}`,
			one(probMalformed, "/seat", "unknown member (known: hand, melds, visible, rules)")},

		// Out of range: 422.
		{"maxSuits 0", "/hu", `{"hand":` + win14 + `,"rules":{"maxSuits":0}}`,
			one(probInvalidPosition, "/rules/maxSuits", "must be 1, 2 or 3 numbered suits (3: no limit), got 0")},
		{"maxSuits 4", "/hu", `{"hand":` + win14 + `,"rules":{"maxSuits":4}}`,
			one(probInvalidPosition, "/rules/maxSuits", "must be 1, 2 or 3 numbered suits (3: no limit), got 4")},
		{"melds 3", "/hu", `{"hand":` + win14 + `,"rules":{"melds":3}}`,
			one(probInvalidPosition, "/rules/melds", "must be 4 (14-tile hands) or 5 (17-tile hands), got 3")},
		{"melds past int64", "/hu", `{"hand":` + win14 + `,"rules":{"melds":99999999999999999999}}`,
			one(probInvalidPosition, "/rules/melds", "must be 4 (14-tile hands) or 5 (17-tile hands), got 99999999999999999999")},
		{"unknown wildcard", "/hu", `{"hand":` + win14 + `,"rules":{"wildcards":["P","9x"]}}`,
			one(probInvalidPosition, "/rules/wildcards/1", `unknown tile "9x": unknown suit letter (want m, s, p or z)`)},
		{"a wildcard twice", "/hu", `{"hand":` + win14 + `,"rules":{"wildcards":["5m","P","0m"]}}`,
			one(probInvalidPosition, "/rules/wildcards/2", "5m is already a wildcard (element 0): name each kind once")},
		{"three wildcard kinds", "/hu", `{"hand":` + win14 + `,"rules":{"wildcards":"5mCP"}}`,
			one(probInvalidPosition, "/rules/wildcards", "at most 2 wildcard kinds, got 3")},

		// Contradictions, as engine validation words them.
		{"seven pairs in a 16-tile game", "/hu", `{"hand":` + hand17 + `,"rules":{"preset":"taiwan","sevenPairs":true}}`,
			one(probInvalidPosition, "/rules/sevenPairs", "contradicts melds 5: seven pairs is a 14-tile form")},
		{"thirteen orphans with two suits", "/hu", `{"hand":` + suits14 + `,"rules":{"preset":"sichuan","honors":true,"thirteenOrphans":true}}`,
			one(probInvalidPosition, "/rules/thirteenOrphans", "contradicts maxSuits 2: thirteen orphans needs all three suits")},
		{"mcr without honors", "/hu", `{"hand":` + suits14 + `,"rules":{"preset":"mcr","honors":false}}`, many(
			fp("/rules/thirteenOrphans", "contradicts honors false: thirteen orphans needs honors"),
			fp("/rules/honorsAndKnitted", "contradicts honors false: honors-and-knitted needs honors"))},
		{"an honor wildcard without honors, named first", "/hu", `{"hand":` + suits14 + `,"rules":{"preset":"sichuan","wildcards":["E","5m"]}}`,
			one(probInvalidPosition, "/rules/wildcards/0", "E is an honor, and honors are not in a suits-only set")},
		{"an honor wildcard without honors, named last", "/hu", `{"hand":` + suits14 + `,"rules":{"preset":"sichuan","wildcards":"5mE"}}`,
			one(probInvalidPosition, "/rules/wildcards/1", "E is an honor, and honors are not in a suits-only set")},
		{"rules problems beside tile problems", "/hu", `{"hand":["1m","xx"],"rules":{"preset":"taiwan","thirteenOrphans":true}}`, many(
			fp("/hand/1", `unknown tile "xx": not a tile name (want 1m–9m, 1s–9s, 1p–9p, a red five 0m 0s 0p, 1z–7z or E S W N C F P)`),
			fp("/rules/thirteenOrphans", "contradicts melds 5: thirteen orphans is a 14-tile form"))},
		// Bad rules hide the position's size: it depends on them.
		{"bad rules, no size check", "/hu", `{"hand":"123m","rules":{"preset":"taiwan","melds":6}}`,
			one(probInvalidPosition, "/rules/melds", "must be 4 (14-tile hands) or 5 (17-tile hands), got 6")},

		// Honors anywhere in a suits-only game.
		{"honor in the hand", "/hu", `{"hand":` + win14 + `,"rules":"sichuan"}`, many(
			fp("/hand/9", "E "+honorInSet), fp("/hand/10", "E "+honorInSet), fp("/hand/11", "E "+honorInSet),
			fp("/hand/12", "S "+honorInSet), fp("/hand/13", "S "+honorInSet))},
		{"honor in a meld and visible", "/tenpai", `{"hand":"123m456m78s99s","melds":[{"type":"pon","tiles":"CCC"}],"visible":["1m","7z"],"rules":` + suitsHonors + `}`, many(
			fp("/melds/0/tiles/0", "C "+honorInSet), fp("/melds/0/tiles/1", "C "+honorInSet), fp("/melds/0/tiles/2", "C "+honorInSet),
			fp("/visible/1", "C "+honorInSet))},
		{"honor discarded", "/discard", `{"hand":` + suits14 + `,"rules":"sichuan","discard":"E"}`,
			one(probInvalidPosition, "/discard", "E "+honorInSet)},
		{"honor drawn", "/discard", `{"hand":` + suits14 + `,"rules":{"honors":false,"thirteenOrphans":false},"discard":"1m","drawn":31}`,
			one(probInvalidPosition, "/drawn", "C "+honorInSet)},
		{"honors discarded from a bad hand", "/discard", `{"hand":"1m","rules":"sichuan","discard":"N","drawn":"P"}`, many(
			fp("/hand", "expected 14 concealed tiles for a complete hand with 0 declared meld(s) (14 tiles, counting 3 per meld), got 1"),
			fp("/discard", "N "+honorInSet), fp("/drawn", "P "+honorInSet))},
		{"honors are fine with honors", "/discard", `{"hand":` + suits14 + `,"discard":"E","drawn":"E"}`,
			one(probInvalidPosition, "/drawn", "the drawn tile E is not in the hand")},

		// Sizes follow the meld count.
		{"14 tiles in a 16-tile game", "/hu", `{"hand":` + win14 + `,"rules":"taiwan"}`,
			one(probInvalidPosition, "/hand", "expected 17 concealed tiles for a complete hand with 0 declared meld(s) (17 tiles, counting 3 per meld), got 14")},
		{"13 tiles in a 16-tile game", "/tenpai", `{"hand":"1112345678999m","rules":"taiwan"}`,
			one(probInvalidPosition, "/hand", "expected 16 concealed tiles for a waiting hand with 0 declared meld(s) (16 tiles, counting 3 per meld), got 13")},
		{"17 tiles in a 13-tile game", "/hu", `{"hand":` + hand17 + `}`,
			one(probInvalidPosition, "/hand", "expected 14 concealed tiles for a complete hand with 0 declared meld(s) (14 tiles, counting 3 per meld), got 17")},
		{"wrong count with a meld in a 16-tile game", "/discard", `{"hand":` + hand17 + `,"melds":[{"type":"chi","tiles":"789s"}],"rules":"taiwan","discard":"E"}`,
			one(probInvalidPosition, "/hand", "expected 14 concealed tiles for a complete hand with 1 declared meld(s) (17 tiles, counting 3 per meld), got 17")},
		{"five melds in a 13-tile game", "/tenpai", `{"hand":"E","melds":[` + pons("1m", "2m", "3m", "4m", "5m") + `]}`,
			one(probInvalidPosition, "/melds", "at most 4 declared melds, got 5")},
		{"six melds in a 16-tile game", "/tenpai", `{"hand":"E","rules":"taiwan","melds":[` + pons("1m", "2m", "3m", "4m", "5m", "6m") + `]}`,
			one(probInvalidPosition, "/melds", "at most 5 declared melds, got 6")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkProblem(t, post(t, h, tt.path, tt.body), tt.want)
		})
	}
}

// pons writes a pon of each tile, as members of a melds array.
func pons(tiles ...string) string {
	out := make([]string, len(tiles))
	for i, t := range tiles {
		out[i] = `{"type":"pon","tiles":["` + t + `","` + t + `","` + t + `"]}`
	}
	return strings.Join(out, ",")
}

// TestSixteenTileSizes checks that five-meld rules take 17 tiles complete
// and 16 waiting, counting 3 per declared meld, up to five declared melds.
func TestSixteenTileSizes(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{})
	tests := []struct {
		path, body, notation string
	}{
		{"/hu", `{"hand":` + hand17 + `,"rules":"taiwan"}`, "123456789m123456sEE"},
		{"/tenpai", `{"hand":` + hand16 + `,"rules":"taiwan"}`, "123456789m12345sEE"},
		{"/hu", `{"hand":"EE","rules":"taiwan","melds":[` + pons("1m", "2m", "3m", "4m", "5m") + `]}`, "EE"},
		{"/tenpai", `{"hand":"E","rules":{"preset":"taiwan"},"melds":[` + pons("1m", "2m", "3m", "4m", "5m") + `]}`, "E"},
		{"/tenpai", `{"hand":"456m789m12s99p","rules":{"melds":5,"sevenPairs":false,"thirteenOrphans":false},"melds":[` + pons("1s", "2p") + `]}`, "456789m12s99p"},
	}
	for _, tt := range tests {
		rec := post(t, h, tt.path, tt.body)
		if rec.Code != http.StatusOK {
			t.Errorf("POST %s %s: status %d, want 200: %s", tt.path, tt.body, rec.Code, rec.Body)
			continue
		}
		var got struct{ Notation string }
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Notation != tt.notation {
			t.Errorf("POST %s %s: notation %q (%v), want %q", tt.path, tt.body, got.Notation, err, tt.notation)
		}
	}
	rec := post(t, h, "/discard", `{"hand":`+hand17+`,"rules":"taiwan","discard":"E"}`)
	if rec.Code != http.StatusOK {
		t.Errorf("POST /discard of a 17-tile hand: status %d, want 200: %s", rec.Code, rec.Body)
	}
}

// rulesJSON is GET /rules's answer, written from the presets' definitions
// in the issue that introduced them (not copied from the engine).
const rulesJSON = `{"default":"standard","presets":[
{"name":"guangdong","description":"Guangdong (推倒胡): as standard, plus the wildcards the request names",
 "rules":{"sevenPairs":true,"sevenPairsFourAlike":false,"thirteenOrphans":true,"honorsAndKnitted":false,"knittedStraight":false,"honors":true,"maxSuits":3,"melds":4,"wildcards":[]}},
{"name":"mcr","description":"Chinese Official (国标): seven pairs may hold four alike, thirteen orphans, honors-and-knitted (全不靠), knitted straight (组合龙)",
 "rules":{"sevenPairs":true,"sevenPairsFourAlike":true,"thirteenOrphans":true,"honorsAndKnitted":true,"knittedStraight":true,"honors":true,"maxSuits":3,"melds":4,"wildcards":[]}},
{"name":"riichi","description":"Japanese riichi: as standard",
 "rules":{"sevenPairs":true,"sevenPairsFourAlike":false,"thirteenOrphans":true,"honorsAndKnitted":false,"knittedStraight":false,"honors":true,"maxSuits":3,"melds":4,"wildcards":[]}},
{"name":"sichuan","description":"Sichuan (血战到底): 108 tiles without honors, seven pairs may hold four alike (龙七对), at most two suits in a winning hand (缺一门)",
 "rules":{"sevenPairs":true,"sevenPairsFourAlike":true,"thirteenOrphans":false,"honorsAndKnitted":false,"knittedStraight":false,"honors":false,"maxSuits":2,"melds":4,"wildcards":[]}},
{"name":"standard","description":"the default: standard form, seven pairs of distinct tiles, thirteen orphans",
 "rules":{"sevenPairs":true,"sevenPairsFourAlike":false,"thirteenOrphans":true,"honorsAndKnitted":false,"knittedStraight":false,"honors":true,"maxSuits":3,"melds":4,"wildcards":[]}},
{"name":"taiwan","description":"Taiwanese 16-tile: five melds and a pair (17 tiles complete, 16 waiting), no seven pairs, no thirteen orphans",
 "rules":{"sevenPairs":false,"sevenPairsFourAlike":false,"thirteenOrphans":false,"honorsAndKnitted":false,"knittedStraight":false,"honors":true,"maxSuits":3,"melds":5,"wildcards":[]}}],
"overrides":["sevenPairs","sevenPairsFourAlike","thirteenOrphans","honorsAndKnitted","knittedStraight","honors","maxSuits","melds","wildcards"]}`

func TestGetRules(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{})
	rec := call(t, h, http.MethodGet, "/rules", "", "")
	checkAnswer(t, rec, http.StatusOK, "application/json", rulesJSON)
	checkProblem(t, call(t, h, http.MethodPost, "/rules", "application/json", `{}`),
		prob(probMethodNotAllowed, "POST /rules is not served; allowed: GET"))
}

// TestRulesViewRoundTrips sends each preset's listed options back as a
// rules object without a preset: the position must play the preset's
// options, under standard's name (a rules object without a preset starts
// from standard), so that GET /rules says exactly what a preset plays.
// The preset's name gives the same options under its own name.
func TestRulesViewRoundTrips(t *testing.T) {
	t.Parallel()
	resp := newRulesResponse()
	if len(resp.Presets) != len(engine.PresetNames()) {
		t.Fatalf("GET /rules lists %d presets, the engine has %d", len(resp.Presets), len(engine.PresetNames()))
	}
	for _, p := range resp.Presets {
		if p.Description == "" {
			t.Errorf("preset %s has no description", p.Name)
		}
		obj, err := json.Marshal(p.Rules)
		if err != nil {
			t.Fatalf("encode %s: %v", p.Name, err)
		}
		hand := win14
		switch p.Name {
		case "taiwan":
			hand = hand17
		case "sichuan":
			hand = suits14
		}
		want, err := engine.Preset(p.Name)
		if err != nil {
			t.Fatalf("engine.Preset(%q): %v", p.Name, err)
		}
		for _, tt := range []struct{ rules, preset string }{{string(obj), "standard"}, {`"` + p.Name + `"`, p.Name}} {
			body := []byte(`{"hand":` + hand + `,"rules":` + tt.rules + `}`)
			rec := httptest.NewRecorder()
			req, ok := preciseRequest(rec, body, engine.Complete, false)
			if !ok {
				t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
			}
			want := normalRules(want)
			want.Preset = tt.preset
			if got := req.pos.Rules(); got != want {
				t.Errorf("%s: rules %+v, want preset %s's options under %q: %+v", body, got, p.Name, tt.preset, want)
			}
		}
	}
}

// normalRules is r as a position holds it: Melds 0 is 4, MaxSuits 3 is 0.
func normalRules(r engine.Rules) engine.Rules {
	r.Melds = uint8(r.MeldCount())
	if r.MaxSuits >= 3 {
		r.MaxSuits = 0
	}
	return r
}

// sameOptions are rules objects that bring every preset to standard's
// options (14 tiles, seven pairs of distinct tiles, thirteen orphans, all
// suits, no wildcards), keyed by the preset they start from.
var sameOptions = map[string]string{
	"standard":  `"standard"`,
	"riichi":    `"riichi"`,
	"guangdong": `"guangdong"`,
	"mcr":       `{"preset":"mcr","sevenPairsFourAlike":false,"honorsAndKnitted":false,"knittedStraight":false}`,
	"sichuan":   `{"preset":"sichuan","honors":true,"maxSuits":3,"sevenPairsFourAlike":false,"thirteenOrphans":true}`,
	"taiwan":    `{"preset":"taiwan","melds":4,"sevenPairs":true,"thirteenOrphans":true}`,
}

// TestSameOptionsUnderEveryPreset checks the premise of
// TestPresetsNeverShareCacheEntries: sameOptions resolve to one set of
// options, each under its own preset's name.
func TestSameOptionsUnderEveryPreset(t *testing.T) {
	t.Parallel()
	if len(sameOptions) != len(engine.PresetNames()) {
		t.Fatalf("sameOptions covers %d presets, the engine has %d", len(sameOptions), len(engine.PresetNames()))
	}
	for _, name := range engine.PresetNames() {
		rules, ok := sameOptions[name]
		if !ok {
			t.Fatalf("sameOptions has no rules for preset %s", name)
		}
		body := []byte(`{"hand":` + suits14 + `,"rules":` + rules + `}`)
		rec := httptest.NewRecorder()
		req, ok := preciseRequest(rec, body, engine.Complete, false)
		if !ok {
			t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
		want := engine.Rules{SevenPairs: true, ThirteenOrphans: true, Melds: 4, Preset: name}
		if diff := cmp.Diff(want, req.pos.Rules()); diff != "" {
			t.Errorf("rules of %s mismatch (-want +got):\n%s", body, diff)
		}
	}
}

// TestPresetsNeverShareCacheEntries sends one hand to a fresh cache under
// each of the six presets, first with options that agree (sameOptions),
// then with each preset's own: every preset misses the first time it
// sees the hand with given options and hits when they are repeated,
// whichever way they are spelt. Wildcards make rules of their own.
func TestPresetsNeverShareCacheEntries(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/hu", "/tenpai", "/discard"} {
		hand, extra := suits14, ""
		switch path {
		case "/tenpai":
			hand = `"111122m4455667s"`
		case "/discard":
			extra = `,"discard":"1m"`
		}
		body := func(rules string) string { return `{"hand":` + hand + `,"rules":` + rules + extra + `}` }
		h := NewAPI(Config{CacheSize: 64})
		for _, xcache := range []string{"miss", "hit"} {
			for _, name := range engine.PresetNames() {
				checkXCache(t, h, path, body(sameOptions[name]), xcache)
			}
		}
		for _, step := range []struct{ rules, xcache string }{
			// Spelt otherwise: the same preset and options.
			{`{"preset":"riichi"}`, "hit"}, {`{}`, "hit"}, {`{"preset":null,"sevenPairs":true}`, "hit"},
			{`{"preset":"taiwan","thirteenOrphans":true,"sevenPairs":true,"melds":4}`, "hit"},
			// Each preset's own options.
			{`"mcr"`, "miss"}, {`"sichuan"`, "miss"}, {`{"preset":"taiwan","melds":4}`, "miss"},
			{`"mcr"`, "hit"}, {`"sichuan"`, "hit"}, {`{"melds":4,"preset":"taiwan"}`, "hit"},
			// The options of a preset under standard's name.
			{`{"sevenPairsFourAlike":true,"honorsAndKnitted":true,"knittedStraight":true}`, "miss"},
			{`{"preset":"standard","sevenPairsFourAlike":true,"honorsAndKnitted":true,"knittedStraight":true}`, "hit"},
			// Wildcards.
			{`{"preset":"guangdong","wildcards":["1m"]}`, "miss"}, {`{"preset":"guangdong","wildcards":["2m"]}`, "miss"},
			{`{"wildcards":["1m"]}`, "miss"}, {`{"preset":"riichi","wildcards":["1m"]}`, "miss"},
			{`{"preset":"sichuan","wildcards":["1m"]}`, "miss"}, {`{"preset":"sichuan","maxSuits":3}`, "miss"},
			{`{"preset":"guangdong","wildcards":"1m"}`, "hit"}, {`{"preset":"standard","wildcards":[0]}`, "hit"},
			{`{"preset":"sichuan","wildcards":[0]}`, "hit"},
		} {
			checkXCache(t, h, path, body(step.rules), step.xcache)
		}
	}
}

// checkXCache posts body and checks the answer's X-Cache.
func checkXCache(t *testing.T, h http.Handler, path, body, want string) {
	t.Helper()
	rec := post(t, h, path, body)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST %s %s: status %d: %s", path, body, rec.Code, rec.Body)
	}
	if got := rec.Header().Get("X-Cache"); got != want {
		t.Errorf("POST %s %s: X-Cache = %q, want %q", path, body, got, want)
	}
}
