package engine_test

// The classic traps, with exact expected values worked out by hand. Each
// table runs twice: against the reference judge (so the reference is known
// to be right on them) and against the engine.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// formatWaits renders waits as "tile:forms:shapes" items, e.g.
// "3s:standard:twoSided 5s:standard:single", for readable comparisons.
func formatWaits(ws []engine.Wait) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%s:%s:%s", w.Tile, strings.Join(w.Forms.Names(), ","), strings.Join(w.Shapes.Names(), ","))
	}
	return strings.Join(parts, " ")
}

// formatDecompositions renders decompositions as "pair|blocks" items, a
// sequence as "123m" and a triplet as "111m", e.g. "5p|123m 123m 123m 789s".
func formatDecompositions(ds []engine.Decomposition) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		blocks := make([]string, len(d.Blocks))
		for j, b := range d.Blocks {
			ts := b.Tiles()
			blocks[j] = engine.Format(ts[:])
		}
		parts[i] = d.Pair.String() + "|" + strings.Join(blocks, " ")
	}
	return strings.Join(parts, "; ")
}

// formatTiles renders a tile list in compact notation, or "-" when empty.
func formatTiles(ts []engine.Tile) string {
	if len(ts) == 0 {
		return "-"
	}
	return engine.Format(ts)
}

// parts returns a position's parts for the reference.
func parts(p *engine.Position) (h, meld engine.Counts, melds int, rules engine.Rules) {
	return p.Hand(), p.MeldTiles(), p.NumMelds(), p.Rules()
}

var (
	riichi    = engine.StandardRules()
	fourAlike = engine.Rules{SevenPairs: true, SevenPairsFourAlike: true, ThirteenOrphans: true}
	plain     = engine.Rules{}
)

// waitTrap is a waiting hand with its exact waits and shanten.
type waitTrap struct {
	name      string
	hand      string
	melds     func(t testing.TB) []engine.MeldInput
	visible   string
	rules     engine.Rules
	waits     string // formatWaits of the expected waits
	remaining int    // Σ p.Remaining over the wait tiles
	shanten   int
	effective string // formatTiles of EffectiveTiles; "" means: the wait tiles
}

func noMelds(testing.TB) []engine.MeldInput { return nil }

var waitTraps = []waitTrap{
	{
		name: "nine gates waits on all nine", hand: "1112345678999m", melds: noMelds, rules: riichi,
		waits: "1m:standard:twoSided,dualPon 2m:standard:single 3m:standard:twoSided,edge 4m:standard:twoSided " +
			"5m:standard:single 6m:standard:twoSided 7m:standard:twoSided,edge 8m:standard:single 9m:standard:twoSided,dualPon",
		remaining: 1 + 3*7 + 1,
	},
	{
		// 444s5s is 44s pair + 45s (3s, 6s) or 444s + 5s single; 111222333m
		// reads as triplets or as 123m×3, adding no wait.
		name: "three triplets beside 4445s", hand: "111m222m333m444s5s", melds: noMelds, rules: riichi,
		waits:     "3s:standard:twoSided 5s:standard:single 6s:standard:twoSided",
		remaining: 4 + 3 + 4,
	},
	{
		name: "thirteen-sided orphans", hand: "19m19s19pESWNCFP", melds: noMelds, rules: riichi,
		waits: "1m:thirteenOrphans:thirteenOrphans 9m:thirteenOrphans:thirteenOrphans 1s:thirteenOrphans:thirteenOrphans " +
			"9s:thirteenOrphans:thirteenOrphans 1p:thirteenOrphans:thirteenOrphans 9p:thirteenOrphans:thirteenOrphans " +
			"E:thirteenOrphans:thirteenOrphans S:thirteenOrphans:thirteenOrphans W:thirteenOrphans:thirteenOrphans " +
			"N:thirteenOrphans:thirteenOrphans C:thirteenOrphans:thirteenOrphans F:thirteenOrphans:thirteenOrphans " +
			"P:thirteenOrphans:thirteenOrphans",
		remaining: 13 * 3,
	},
	{
		name: "orphans one short waits on the missing one", hand: "19m19s19pESWNCPP", melds: noMelds, rules: riichi,
		waits: "F:thirteenOrphans:thirteenOrphans", remaining: 4,
	},
	{
		// 89m waits on 7m only: 9m–1s does not continue into a sequence.
		name: "89m is an edge, 9m1s is nothing", hand: "89m123p456p789pEE", melds: noMelds, rules: riichi,
		waits: "7m:standard:edge", remaining: 4,
	},
	{
		name: "12m edge", hand: "12m456s789pEEE99s", melds: noMelds, rules: riichi,
		waits: "3m:standard:edge", remaining: 4,
	},
	{
		name: "13m closed", hand: "13m456s789pEEE99s", melds: noMelds, rules: riichi,
		waits: "2m:standard:closed", remaining: 4,
	},
	{
		name: "two pairs dual pon", hand: "55m77p123s456s789s", melds: noMelds, rules: riichi,
		waits: "5m:standard:dualPon 7p:standard:dualPon", remaining: 2 + 2,
	},
	{
		name: "2345m waits on 2m and 5m", hand: "2345m456s789pEEE", melds: noMelds, rules: riichi,
		waits: "2m:standard:single 5m:standard:single", remaining: 3 + 3,
	},
	{
		name: "23456m three-sided", hand: "23456m456s789pEE", melds: noMelds, rules: riichi,
		waits: "1m:standard:twoSided 4m:standard:twoSided 7m:standard:twoSided", remaining: 4 + 3 + 4,
	},
	{
		// ES are two singles: E S W is no sequence, so the hand is not ready.
		name: "winds are not sequences", hand: "ES123m456m789m11p", melds: noMelds, rules: riichi,
		// Only E or S (pairing the other wind away) or 1p (111p + a single) help.
		waits: "", shanten: 1, effective: "1pES",
	},
	{
		name: "seven pairs single wait", hand: "1199m1199s1199pE", melds: noMelds, rules: riichi,
		waits: "E:sevenPairs:sevenPairs", remaining: 3,
	},
	{
		name: "seven pairs off", hand: "1199m1199s1199pE", melds: noMelds, rules: plain,
		// standard only: 11m 99m 11s 99s 11p 99p E, at best two pairs grow to
		// triplets and one more block is needed.
		waits: "", shanten: 3, effective: "19m19s19p",
	},
	{
		// Default rules: 1111m counts as one pair only, so 5 distinct pairs
		// plus E are two pairs short of seven pairs; any kind not yet paired
		// helps there. Standard is as near: 111m 222s 33s 345p 345p misses
		// 2s 3p 3p, so 2s, 3s, 4p, 5p (and 3p) help too: all but 1m.
		name: "four alike plus four pairs and a single, default", hand: "1111m22s33s44p55pE", melds: noMelds, rules: riichi,
		waits: "", shanten: 2, effective: "23456789m123456789s123456789pESWNCFP",
	},
	{
		name: "four alike plus four pairs and a single, four alike allowed", hand: "1111m22s33s44p55pE", melds: noMelds, rules: fourAlike,
		waits: "E:sevenPairs:sevenPairs", remaining: 3,
	},
	{
		// 1111m as 111m + 1m would wait on a 5th 1m: not ready. Any tile
		// but 1m, drawn with 1m discarded, leaves 111m + a single wait.
		name: "1111m234567s789p is 1-shanten", hand: "1111m234567s789p", melds: noMelds, rules: riichi,
		waits: "", shanten: 1, effective: "23456789m123456789s123456789pESWNCFP",
	},
	{
		name: "1111m123s456s789s waits only on a 5th 1m", hand: "1111m123s456s789s", melds: noMelds, rules: riichi,
		waits: "", shanten: 1, effective: "23456789m123456789s123456789pESWNCFP",
	},
	{
		name: "melds: chi pon kan then 45m77p", hand: "45m77p",
		melds: func(t testing.TB) []engine.MeldInput {
			return []engine.MeldInput{meld(t, engine.Chi, "312s"), meld(t, engine.Pon, "EEE"), meld(t, engine.Kan, "9999p")}
		},
		rules: riichi, waits: "3m:standard:twoSided 6m:standard:twoSided", remaining: 8,
	},
	{
		// The pon's 5p and the hand's 5p are all four: the single wait is gone.
		name: "melds: single wait on a 5th 5p", hand: "5p123m456m789s",
		melds: func(t testing.TB) []engine.MeldInput { return []engine.MeldInput{meld(t, engine.Pon, "555p")} },
		rules: riichi, waits: "", shanten: 1, effective: "123456789m123456789s12346789pESWNCFP",
	},
	{
		name: "melds: ankan 1m leaves 23m one side", hand: "23m456s789pEE",
		melds: func(t testing.TB) []engine.MeldInput { return []engine.MeldInput{meld(t, engine.Ankan, "1111m")} },
		rules: riichi, waits: "4m:standard:twoSided", remaining: 4,
	},
	{
		// Visible tiles do not change the waits, only what remains.
		name: "melds: pon 1m and the last 1m visible", hand: "23m456s789pEE",
		melds:   func(t testing.TB) []engine.MeldInput { return []engine.MeldInput{meld(t, engine.Pon, "111m")} },
		visible: "1m4m4m", rules: riichi, waits: "1m:standard:twoSided 4m:standard:twoSided", remaining: 0 + 2,
	},
	{
		name: "four melds: single wait", hand: "E",
		melds: func(t testing.TB) []engine.MeldInput {
			return []engine.MeldInput{meld(t, engine.Chi, "789m"), meld(t, engine.Chi, "789m"), meld(t, engine.Pon, "CCC"), meld(t, engine.Kan, "PPPP")}
		},
		rules: riichi, waits: "E:standard:single", remaining: 3,
	},
	{
		name: "four melds: the single's other copies all in melds", hand: "C",
		melds: func(t testing.TB) []engine.MeldInput {
			return []engine.MeldInput{meld(t, engine.Chi, "789m"), meld(t, engine.Chi, "789m"), meld(t, engine.Pon, "CCC"), meld(t, engine.Kan, "PPPP")}
		},
		// Any other kind drawn pairs up after C goes; P is all in the kan.
		rules: riichi, waits: "", shanten: 1, effective: "123456789m123456789s123456789pESWNF",
	},
}

// waitTrapPosition builds the trap's position.
func waitTrapPosition(t *testing.T, tr waitTrap) engine.Position {
	t.Helper()
	hand, err := engine.ParseTiles(tr.hand)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", tr.hand, err)
	}
	var visible []engine.Tile
	if tr.visible != "" {
		if visible, err = engine.ParseTiles(tr.visible); err != nil {
			t.Fatalf("ParseTiles(%q): %v", tr.visible, err)
		}
	}
	p, err := engine.NewPosition(engine.PositionInput{Hand: hand, Melds: tr.melds(t), Visible: visible, Rules: tr.rules}, engine.Waiting)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", tr.hand, err)
	}
	return p
}

// wantEffective is the trap's expected effective tiles.
func (tr waitTrap) wantEffective(waits []engine.Wait) string {
	if tr.waits != "" {
		ts := make([]engine.Tile, len(waits))
		for i, w := range waits {
			ts[i] = w.Tile
		}
		return formatTiles(ts)
	}
	if tr.effective == "" {
		return "-"
	}
	return tr.effective
}

// judged is what one judge (engine or reference) says about a waiting position.
type judged struct {
	waits     []engine.Wait
	shanten   int
	effective []engine.Tile
}

func checkWaitTrap(t *testing.T, tr waitTrap, p engine.Position, got judged) {
	t.Helper()
	if g := formatWaits(got.waits); g != tr.waits {
		t.Errorf("waits of %s = %q, want %q", tr.hand, g, tr.waits)
	}
	ts := make([]engine.Tile, len(got.waits))
	for i, w := range got.waits {
		ts[i] = w.Tile
	}
	if g := p.TotalRemaining(ts); g != tr.remaining {
		t.Errorf("remaining copies of the waits of %s = %d, want %d", tr.hand, g, tr.remaining)
	}
	if got.shanten != tr.shanten {
		t.Errorf("shanten of %s = %d, want %d", tr.hand, got.shanten, tr.shanten)
	}
	if g, w := formatTiles(got.effective), tr.wantEffective(got.waits); g != w {
		t.Errorf("effective tiles of %s = %s, want %s", tr.hand, g, w)
	}
}

func TestReferenceWaitTraps(t *testing.T) {
	r := newRefJudge()
	for _, tr := range waitTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := waitTrapPosition(t, tr)
			h, m, n, rules := parts(&p)
			checkWaitTrap(t, tr, p, judged{refWaits(h, m, n, rules), r.shanten(h, m, n, rules), r.effective(h, m, n, rules)})
		})
	}
}

func TestWaitTraps(t *testing.T) {
	for _, tr := range waitTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := waitTrapPosition(t, tr)
			checkWaitTrap(t, tr, p, judged{engine.Waits(&p), engine.Shanten(&p), engine.EffectiveTiles(&p)})
		})
	}
}

// completeTrap is a complete hand with its exact forms, readings and shanten.
type completeTrap struct {
	name           string
	hand           string
	melds          func(t testing.TB) []engine.MeldInput
	rules          engine.Rules
	forms          string // Names joined by ","
	decompositions string // formatDecompositions
	shanten        int
}

var completeTraps = []completeTrap{
	{
		name: "111222333m: triplets or three 123m", hand: "111222333m55p789s", melds: noMelds, rules: riichi,
		forms: "standard", decompositions: "5p|123m 123m 123m 789s; 5p|111m 222m 333m 789s", shanten: -1,
	},
	{
		name: "chinitsu seven pairs reads three ways", hand: "11223344556677m", melds: noMelds, rules: riichi,
		forms:          "standard,sevenPairs",
		decompositions: "1m|234m 234m 567m 567m; 4m|123m 123m 567m 567m; 7m|123m 123m 456m 456m", shanten: -1,
	},
	{
		name: "112233m445566s77p", hand: "112233m445566s77p", melds: noMelds, rules: riichi,
		forms: "standard,sevenPairs", decompositions: "7p|123m 123m 456s 456s", shanten: -1,
	},
	{
		name: "89m1s is not a sequence", hand: "89m1s123p456p789pEE", melds: noMelds, rules: riichi,
		forms: "", decompositions: "", shanten: 0,
	},
	{
		name: "ESW is not a sequence", hand: "ESW123m456m789m11p", melds: noMelds, rules: riichi,
		forms: "", decompositions: "", shanten: 1,
	},
	{
		name: "four alike is not two pairs by default", hand: "1111m22s33s44p55pEE", melds: noMelds, rules: riichi,
		forms: "", decompositions: "", shanten: 1,
	},
	{
		name: "four alike is two pairs when allowed", hand: "1111m22s33s44p55pEE", melds: noMelds, rules: fourAlike,
		forms: "sevenPairs", decompositions: "", shanten: -1,
	},
	{
		name: "seven pairs off", hand: "1199m1199s1199pEE", melds: noMelds, rules: plain,
		forms: "", decompositions: "", shanten: 3,
	},
	{
		name: "thirteen orphans", hand: "19m19s19pESWNCFPP", melds: noMelds, rules: riichi,
		forms: "thirteenOrphans", decompositions: "", shanten: -1,
	},
	{
		name: "nine gates plus 5m", hand: "11123455678999m", melds: noMelds, rules: riichi,
		forms: "standard", decompositions: "5m|111m 234m 678m 999m", shanten: -1,
	},
	{
		name: "melds: pair and one block", hand: "11m234p",
		melds: func(t testing.TB) []engine.MeldInput {
			return []engine.MeldInput{meld(t, engine.Pon, "FFF"), meld(t, engine.Chi, "978s"), meld(t, engine.Ankan, "SSSS")}
		},
		rules: riichi, forms: "standard", decompositions: "1m|234p", shanten: -1,
	},
	{
		name: "melds: four melds and a pair", hand: "WW",
		melds: func(t testing.TB) []engine.MeldInput {
			return []engine.MeldInput{meld(t, engine.Pon, "FFF"), meld(t, engine.Chi, "978s"), meld(t, engine.Ankan, "SSSS"), meld(t, engine.Kan, "1111p")}
		},
		rules: riichi, forms: "standard", decompositions: "W|", shanten: -1,
	},
	{
		// Standard: 147m258s369p hold no two tiles of one block, so at most
		// 4 blocks + a pair overlap 5 tiles; seven pairs and thirteen orphans
		// (1m 9p E S W N C) overlap 7.
		name: "scattered: seven pairs is nearest", hand: "147m258s369pESWNC", melds: noMelds, rules: riichi,
		forms: "", decompositions: "", shanten: 6,
	},
}

func completeTrapPosition(t *testing.T, tr completeTrap) engine.Position {
	t.Helper()
	return mustPosition(t, tr.hand, tr.melds(t), tr.rules, engine.Complete)
}

func checkCompleteTrap(t *testing.T, tr completeTrap, forms engine.Forms, ds []engine.Decomposition, shanten int) {
	t.Helper()
	if g := strings.Join(forms.Names(), ","); g != tr.forms {
		t.Errorf("forms of %s = %q, want %q", tr.hand, g, tr.forms)
	}
	if g := formatDecompositions(ds); g != tr.decompositions {
		t.Errorf("decompositions of %s = %q, want %q", tr.hand, g, tr.decompositions)
	}
	if shanten != tr.shanten {
		t.Errorf("shanten of %s = %d, want %d", tr.hand, shanten, tr.shanten)
	}
}

func TestReferenceCompleteTraps(t *testing.T) {
	r := newRefJudge()
	for _, tr := range completeTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := completeTrapPosition(t, tr)
			h, m, n, rules := parts(&p)
			checkCompleteTrap(t, tr, refHu(h, n, rules), refDecompositions(h, 4-n), r.shanten(h, m, n, rules))
		})
	}
}

func TestCompleteTraps(t *testing.T) {
	for _, tr := range completeTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := completeTrapPosition(t, tr)
			checkCompleteTrap(t, tr, engine.Hu(&p), engine.Decompositions(&p), engine.Shanten(&p))
		})
	}
}

// shantenTraps are waiting hands whose shanten differs by form.
var shantenTraps = []struct {
	name  string
	hand  string
	rules engine.Rules
	want  int
}{
	// No two of 147m258s369pESWN share a block: 4 blocks + a pair overlap
	// at most 5 tiles (shanten 8); seven pairs overlaps 7 (shanten 6);
	// thirteen orphans overlaps the 6 yaochuu 1m 9p E S W N (shanten 7).
	{"scattered, all forms", "147m258s369pESWN", riichi, 6},
	{"scattered, standard only", "147m258s369pESWN", plain, 8},
	{"scattered, orphans only", "147m258s369pESWN", engine.Rules{ThirteenOrphans: true}, 7},
	{"orphans ready", "19m19s19pESWNCFP", riichi, 0},
	{"six pairs", "1199m1199s1199pE", riichi, 0},
	{"six pairs, one of them four alike", "1111m22s33s44p55pEE", riichi, 1},
	{"nine gates, standard only", "1112345678999m", plain, 0},
}

func TestShantenTraps(t *testing.T) {
	r := newRefJudge()
	for _, tt := range shantenTraps {
		t.Run(tt.name, func(t *testing.T) {
			hand := tt.hand
			st := engine.Waiting
			if ts, err := engine.ParseTiles(hand); err == nil && len(ts) == 14 {
				st = engine.Complete
			}
			p := mustPosition(t, hand, nil, tt.rules, st)
			h, m, n, rules := parts(&p)
			if got := r.shanten(h, m, n, rules); got != tt.want {
				t.Errorf("reference shanten of %s = %d, want %d", hand, got, tt.want)
			}
			if got := engine.Shanten(&p); got != tt.want {
				t.Errorf("Shanten(%s) = %d, want %d", hand, got, tt.want)
			}
		})
	}
}

// TestDecompositionsAreDistinct checks the reference lists each reading
// once, so comparing the engine's list with it also checks the engine's
// has no duplicates.
func TestReferenceDecompositionsAreDistinct(t *testing.T) {
	for _, hand := range []string{"11112222333344m", "11122233344455m", "11223344556677m", "22223333444455s"} {
		ds := refDecompositions(counts(t, hand), 4)
		seen := map[string]bool{}
		for _, d := range ds {
			k := formatDecompositions([]engine.Decomposition{d})
			if seen[k] {
				t.Errorf("reference reading %s of %s listed twice", k, hand)
			}
			seen[k] = true
		}
		if len(ds) == 0 {
			t.Errorf("reference found no reading of winning hand %s", hand)
		}
		if !slices.IsSortedFunc(ds, compareDecompositions) {
			t.Errorf("reference readings of %s not sorted: %s", hand, formatDecompositions(ds))
		}
	}
}
