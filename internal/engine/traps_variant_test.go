package engine_test

// Traps for the variant rules: hands whose exact judgments were worked out
// by hand (the comments say how), checked against both reference judges
// and against the engine.

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// formatPiece renders a pair or block's tiles, then "^" and the positions
// that are jokers, if any: "111m^2".
func formatPiece(ts []engine.Tile, wild uint8) string {
	s := engine.Format(ts)
	if wild != 0 {
		s += "^"
		for i := range ts {
			if wild>>i&1 == 1 {
				s += strconv.Itoa(i)
			}
		}
	}
	return s
}

// formatWildDecompositions renders readings with their jokers marked, each
// as "pair|blocks" with blocks ordered by First, kind and jokers, the
// readings sorted as strings and joined by "; ".
func formatWildDecompositions(ds []engine.Decomposition) string {
	items := make([]string, len(ds))
	for i, d := range ds {
		bs := slices.Clone(d.Blocks)
		slices.SortFunc(bs, compareWildBlocks)
		parts := make([]string, len(bs))
		for j, b := range bs {
			ts := b.Tiles()
			parts[j] = formatPiece(ts[:], b.Wild)
		}
		items[i] = formatPiece([]engine.Tile{d.Pair, d.Pair}, d.PairWild) + "|" + strings.Join(parts, " ")
	}
	return sortedItems(strings.Join(items, "; "))
}

// sortedItems sorts the "; "-separated items of s.
func sortedItems(s string) string {
	if s == "" {
		return ""
	}
	items := strings.Split(s, "; ")
	slices.Sort(items)
	return strings.Join(items, "; ")
}

// formatWaitForms renders waits as "tile:forms" items, shapes left out.
func formatWaitForms(ws []engine.Wait) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Tile.String() + ":" + strings.Join(w.Forms.Names(), ",")
	}
	return strings.Join(parts, " ")
}

// varTrap is a hand with its exact judgments.
type varTrap struct {
	name  string
	hand  string
	melds []string // "pon EEE", "chi 123m"
	rules engine.Rules
	stage engine.Stage
	// Complete hands.
	forms  string // Hu's form names joined by ","
	decomp string // formatWildDecompositions; "" when the standard form does not win
	// Waiting hands.
	waits     string // formatWaitForms
	shapes    string // formatWaits, when the shapes are certain; "" to skip
	effective string // formatTiles of EffectiveTiles; "" means the wait tiles
	shanten   int
}

var varTraps = []varTrap{
	{
		// 7m 258p 369s and six honors: 13 distinct kinds of the set with
		// 147m; 1m, 4m or P makes 14, P with all seven honors.
		name: "honors-and-knitted waits", hand: "7m258p369sESWNCF", rules: mcr, stage: engine.Waiting,
		waits:   "1m:honorsAndKnitted 4m:honorsAndKnitted P:honorsAndKnitted,greaterHonorsAndKnitted",
		shanten: 0,
	},
	{
		// All nine knitted tiles and four honors: any of the other three
		// honors makes honors-and-knitted, which holds the nine: a knitted
		// straight too.
		name: "honors-and-knitted holding the nine", hand: "147m258p369sESWN", rules: mcr, stage: engine.Waiting,
		waits: "C:honorsAndKnitted,knittedStraight F:honorsAndKnitted,knittedStraight P:honorsAndKnitted,knittedStraight", shanten: 0,
	},
	{
		name: "knitted straight, a pon and a pair", hand: "147m258s369p55m", melds: []string{"pon EEE"}, rules: mcr,
		stage: engine.Complete, forms: "knittedStraight", shanten: -1,
	},
	{
		name: "knitted straight, a concealed triplet and a pair", hand: "147m258s369pEEE55m", rules: mcr,
		stage: engine.Complete, forms: "knittedStraight", shanten: -1,
	},
	{
		name: "knitted straight waits on its pair", hand: "147m258s369pEEE5m", rules: mcr, stage: engine.Waiting,
		waits: "5m:knittedStraight", shanten: 0,
	},
	{
		name: "knitted straight waits on a knitted tile", hand: "47m258s369pEEE55m", rules: mcr, stage: engine.Waiting,
		waits: "1m:knittedStraight", shanten: 0,
	},
	{
		name: "honors-and-knitted and the straight, scattered", hand: "147m258s369pESWNC", rules: mcr,
		stage: engine.Complete, forms: "honorsAndKnitted,knittedStraight", shanten: -1,
	},
	{
		// The joker is 9p (straight), F or P: never both F and P.
		name: "one joker in honors-and-knitted", hand: "147m258s36pESWNCP", rules: mcrP,
		stage: engine.Complete, forms: "honorsAndKnitted,knittedStraight", shanten: -1,
	},
	{
		// The jokers F and 5m stand for F and one of 369p: all seven honors.
		name: "two jokers in greater honors-and-knitted", hand: "147m258sESWNCP5mF", rules: mcr5mF,
		stage: engine.Complete, forms: "honorsAndKnitted,greaterHonorsAndKnitted", shanten: -1,
	},
	{
		name: "eight jokers and nine real tiles, 17-tile game", hand: "5555mEEEE123s456s789p", rules: taiwan5mE,
		// The jokers read in too many ways to list: the trap asks for some.
		stage: engine.Complete, forms: "standard", shanten: -1, decomp: "*",
	},
	{
		// No block holds two of 147m147s147p: five blocks and a pair hold
		// at most 6 of the 9, so 3 more jokers are needed (shanten 2).
		name: "eight jokers and nine scattered tiles, 17-tile game", hand: "5555mEEEE147m147s147p", rules: taiwan5mE,
		stage: engine.Complete, forms: "", shanten: 2,
	},
	{
		// Six isolated tiles: four blocks and a pair hold 5 of them, but
		// each pairs with a joker and the last two jokers are a 7th pair.
		name: "eight jokers and six scattered tiles are seven pairs", hand: "5555mEEEE147m147s", rules: guangdong5mE,
		stage: engine.Complete, forms: "sevenPairs", shanten: -1,
	},
	{
		// 1111m needs a 5th 1m: the joker P stands for it, in the pair or
		// in the triplet.
		name: "a wildcard stands for a 5th copy", hand: "1111m234s567s999pP", rules: guangdongP,
		stage: engine.Complete, forms: "standard", shanten: -1,
		decomp: "11m^1|111m 234s 567s 999p; 11m|111m^2 234s 567s 999p",
	},
	{
		// Ready only on the 5th 1m, which a drawn wildcard can be; no real
		// draw helps.
		name: "ready only on a drawn wildcard", hand: "1111m234s567s999p", rules: guangdongP, stage: engine.Waiting,
		waits: "P:standard", shapes: "P:standard:wildcard", shanten: 0,
	},
	{
		name: "a drawn wildcard is among the waits", hand: "123m456s789pEEE9s", rules: guangdong5m, stage: engine.Waiting,
		waits: "5m:standard 9s:standard", shapes: "5m:standard:wildcard 9s:standard:single", shanten: 0,
	},
	{
		// A pair of jokers reads as a pair of P; or one joker pairs a
		// triplet's tile and the other completes the rest; or both join a
		// triplet's tile in a block beside a real pair.
		name: "two jokers beside four triplets", hand: "111m222s333pEEEPP", rules: guangdongP,
		stage: engine.Complete, forms: "standard", shanten: -1,
		decomp: "PP^01|111m 222s 333p EEE; " +
			"11m|111m^12 222s 333p EEE; 11m|123m^12 222s 333p EEE; 11m^1|111m^2 222s 333p EEE; " +
			"22s|111m 222s^12 333p EEE; 22s|111m 123s^02 333p EEE; 22s|111m 234s^12 333p EEE; 22s^1|111m 222s^2 333p EEE; " +
			"33p|111m 222s 333p^12 EEE; 33p|111m 222s 123p^01 EEE; 33p|111m 222s 234p^02 EEE; 33p|111m 222s 345p^12 EEE; " +
			"33p^1|111m 222s 333p^2 EEE; EE|111m 222s 333p EEE^12; EE^1|111m 222s 333p EEE^2",
	},
	{
		name: "thirteen orphans with a joker", hand: "119m19s19pESWNCFP", rules: guangdongP,
		stage: engine.Complete, forms: "thirteenOrphans", shanten: -1,
	},
	{
		// Dropping 123m's suit would cost more than dropping 789p: keep man
		// and sou (11 tiles), three more make a block.
		name: "sichuan: three suits do not win", hand: "123m456s789p11m555s", rules: sichuan,
		stage: engine.Complete, forms: "", shanten: 2,
	},
	{
		name: "sichuan: four alike in seven pairs, two suits", hand: "11112233m445566s", rules: sichuan,
		stage: engine.Complete, forms: "standard,sevenPairs", shanten: -1,
		decomp: "11m|123m 123m 456s 456s",
	},
	{
		name: "sichuan with a joker: four alike seven pairs", hand: "1111m22m33m44s55s6s5p", rules: sichuan5p,
		stage: engine.Complete, forms: "standard,sevenPairs", shanten: -1,
		// The joker is 6s (456s 456s) or 3s (345s 456s).
		decomp: "11m|123m 123m 345s^0 456s; 11m|123m 123m 456s 456s^2",
	},
	{
		name: "taiwan: 17-tile all triplets", hand: "111m222s333pEEESSSCC", rules: taiwan,
		stage: engine.Complete, forms: "standard", shanten: -1,
		decomp: "CC|111m 222s 333p EEE SSS",
	},
	{
		name: "taiwan: 16 tiles wait on a single", hand: "111m222s333pEEESSSC", rules: taiwan, stage: engine.Waiting,
		waits: "C:standard", shapes: "C:standard:single", shanten: 0,
	},
	{
		// The joker joins EE (pair 99m) or 99m (pair EE).
		name: "one suit only: honors and a joker", hand: "111m444m777m99mEEC", rules: oneSuitJokerC,
		stage: engine.Complete, forms: "standard", shanten: -1,
		decomp: "99m|111m 444m 777m EEE^2; EE|111m 444m 777m 999m^2",
	},
	{
		// Keeping man and honors, 123m 456m 11m EE are 10 of a winning 14
		// and the joker one more: 3 are missing, so 3 real tiles (789s)
		// must become jokers: shanten 2.
		name: "one suit only: a second suit does not win", hand: "123m456m789s11mEEC", rules: oneSuitJokerC,
		stage: engine.Complete, forms: "", shanten: 2,
	},
}

// varTrapPosition builds the trap's position.
func varTrapPosition(t *testing.T, tr varTrap) engine.Position {
	t.Helper()
	var melds []engine.MeldInput
	for _, m := range tr.melds {
		kind, tiles, _ := strings.Cut(m, " ")
		k, err := engine.ParseMeldKind(kind)
		if err != nil {
			t.Fatalf("meld %q: %v", m, err)
		}
		melds = append(melds, meld(t, k, tiles))
	}
	return mustPosition(t, tr.hand, melds, tr.rules, tr.stage)
}

// varJudged is what one judge says about a trap.
type varJudged struct {
	forms     engine.Forms
	decomp    []engine.Decomposition
	waits     []engine.Wait
	effective []engine.Tile
	shanten   int
}

// checkVarTrap compares a judge's answers with the trap's; readings says
// whether the judge listed readings, shapes whether it gave wait shapes.
func checkVarTrap(t *testing.T, tr varTrap, got varJudged, readings, shapes bool) {
	t.Helper()
	if got.shanten != tr.shanten {
		t.Errorf("shanten of %s = %d, want %d", tr.hand, got.shanten, tr.shanten)
	}
	if tr.stage == engine.Complete {
		if g := strings.Join(got.forms.Names(), ","); g != tr.forms {
			t.Errorf("forms of %s = %q, want %q", tr.hand, g, tr.forms)
		}
		switch {
		case !readings:
		case tr.decomp == "*":
			if len(got.decomp) == 0 {
				t.Errorf("no readings of %s, want some", tr.hand)
			}
		default:
			if g, w := formatWildDecompositions(got.decomp), sortedItems(tr.decomp); g != w {
				t.Errorf("readings of %s =\n%s\nwant\n%s", tr.hand, g, w)
			}
		}
		return
	}
	if g := formatWaitForms(got.waits); g != tr.waits {
		t.Errorf("waits of %s = %q, want %q", tr.hand, g, tr.waits)
	}
	if g := formatWaits(got.waits); shapes && tr.shapes != "" && g != tr.shapes {
		t.Errorf("waits with shapes of %s = %q, want %q", tr.hand, g, tr.shapes)
	}
	want := tr.effective
	if want == "" {
		want = formatTiles(waitTiles(got.waits))
	}
	if g := formatTiles(got.effective); g != want {
		t.Errorf("effective tiles of %s = %s, want %s", tr.hand, g, want)
	}
}

// TestReferenceVariantTraps checks both reference judges on the traps:
// the distance judge on everything, the substitution judge on the forms,
// waits and readings where its search is affordable (at most 3 jokers).
func TestReferenceVariantTraps(t *testing.T) {
	x := sharedVarRef()
	for _, tr := range varTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := varTrapPosition(t, tr)
			v := varPosOf(&p)
			got := varJudged{shanten: x.shanten(v), forms: x.hu(v), waits: nil}
			if tr.stage == engine.Waiting {
				got.waits, got.effective = x.waits(v), x.effective(v)
			}
			if v.jokers <= 2 {
				got.decomp = substDecompositions(v)
			}
			checkVarTrap(t, tr, got, v.jokers <= 2, false)
			if v.jokers > 3 {
				return
			}
			if tr.stage == engine.Complete {
				if g := substHu(v); g != got.forms {
					t.Errorf("substitution forms of %s = %v, distance forms %v", tr.hand, g.Names(), got.forms.Names())
				}
			} else if v.jokers <= 2 {
				if g, w := formatWaitForms(substWaits(v)), formatWaitForms(got.waits); g != w {
					t.Errorf("substitution waits of %s = %q, distance waits %q", tr.hand, g, w)
				}
			}
		})
	}
}

// TestVariantTraps checks the engine on the traps.
func TestVariantTraps(t *testing.T) {
	for _, tr := range varTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := varTrapPosition(t, tr)
			got := varJudged{shanten: engine.Shanten(&p)}
			if tr.stage == engine.Complete {
				got.forms, got.decomp = engine.Hu(&p), engine.Decompositions(&p)
			} else {
				got.waits, got.effective = engine.Waits(&p), engine.EffectiveTiles(&p)
			}
			checkVarTrap(t, tr, got, true, true)
		})
	}
}
