package engine_test

// Variant property tests of the distance judgments: engine vs the distance
// judge on shanten, waits with shapes, effective tiles and advice, the
// engine-only consistency checks, the positions no tiles can make win, and
// traps of the engine bugs these properties found.

import (
	"slices"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// knittedBugTraps are the traps of the knitted-straight bugs the properties
// found: the nine-and-five-honors reading with honors-and-knitted off, and
// a knitted kind whose four copies a kong holds.
var knittedBugTraps = []varTrap{
	{
		// 258m 369s 147p is a knitted set; with ESWN and one more honor it is
		// honors-and-knitted holding the nine: a knitted straight, even with
		// honors-and-knitted itself off.
		name: "knitted straight of the nine and five honors, waiting", hand: "258m369s147pESWN",
		rules: engine.Rules{KnittedStraight: true}, stage: engine.Waiting,
		waits: "C:knittedStraight F:knittedStraight P:knittedStraight", effective: "CFP", shanten: 0,
	},
	{
		name: "knitted straight of the nine and five honors, complete", hand: "258m369s147pESWNC",
		rules: engine.Rules{KnittedStraight: true}, stage: engine.Complete, forms: "knittedStraight", shanten: -1,
	},
	{
		// The kan holds all four 1s, so no knitted set with 147s can be
		// completed; 258m 369p need 147s. Standard: EE and one tile of each
		// of three blocks, 5 of 11: shanten 5.
		name: "knitted straight cannot use a kind the melds hold four of, waiting", hand: "47s258m369pEE",
		melds: []string{"kan 1111s"}, rules: mcr, stage: engine.Waiting,
		waits: "", effective: "123456789m23456789s123456789pE", shanten: 5,
	},
	{
		name: "knitted straight cannot use a kind the melds hold four of, complete", hand: "47s258m369pEEE",
		melds: []string{"kan 1111s"}, rules: mcr, stage: engine.Complete, forms: "", shanten: 4,
	},
}

// TestKnittedStraightTraps checks the knitted-straight traps on both judges.
func TestKnittedStraightTraps(t *testing.T) {
	x := sharedVarRef()
	for _, tr := range knittedBugTraps {
		t.Run(tr.name, func(t *testing.T) {
			p := varTrapPosition(t, tr)
			v := varPosOf(&p)
			ref := varJudged{shanten: x.shanten(v), forms: x.hu(v)}
			got := varJudged{shanten: engine.Shanten(&p)}
			if tr.stage == engine.Complete {
				ref.decomp = substDecompositions(v)
				got.forms, got.decomp = engine.Hu(&p), engine.Decompositions(&p)
			} else {
				ref.waits, ref.effective = x.waits(v), x.effective(v)
				got.waits, got.effective = engine.Waits(&p), engine.EffectiveTiles(&p)
			}
			checkVarTrap(t, tr, ref, true, false)
			checkVarTrap(t, tr, got, true, true)
		})
	}
}

func TestVariantShantenMatchesReference(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	for _, s := range []engine.Stage{engine.Waiting, engine.Complete} {
		for _, c := range varCases(t, s) {
			want := x.shanten(varPosOf(&c.pos))
			if got := engine.Shanten(&c.pos); got != want {
				m.errorf("Shanten(%v) = %d, want %d", c, got, want)
			}
		}
	}
	m.done()
}

// TestVariantNoWin: declared melds over the suit limit leave no win, no
// wait, no effective tile and shanten Unreachable.
func TestVariantNoWin(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	n := 0
	for _, s := range []engine.Stage{engine.Waiting, engine.Complete} {
		for _, c := range varCases(t, s) {
			if x.shanten(varPosOf(&c.pos)) != noWin {
				continue
			}
			n++
			if got := engine.Shanten(&c.pos); got != engine.Unreachable {
				m.errorf("Shanten(%v) = %d, want Unreachable (%d)", c, got, engine.Unreachable)
			}
			if s == engine.Complete && engine.Hu(&c.pos).Wins() {
				m.errorf("Hu(%v) = %v, want no win", c, engine.Hu(&c.pos).Names())
			}
			if s == engine.Waiting && (len(engine.Waits(&c.pos)) > 0 || len(engine.EffectiveTiles(&c.pos)) > 0) {
				m.errorf("%v: waits %q, effective %s; want none", c, formatWaits(engine.Waits(&c.pos)), formatTiles(engine.EffectiveTiles(&c.pos)))
			}
		}
	}
	if n == 0 {
		t.Errorf("no case has declared melds over the suit limit")
	}
	m.done()
}

func TestVariantWaitsMatchReference(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	for _, c := range varCases(t, engine.Waiting) {
		v := varPosOf(&c.pos)
		got := engine.Waits(&c.pos)
		if g, w := formatWaitForms(got), formatWaitForms(x.waits(v)); g != w {
			m.errorf("Waits(%v) = %q, want %q", c, g, w)
			continue
		}
		for _, w := range got {
			if want := refWaitShapes(v, w); w.Shapes != want {
				m.errorf("Waits(%v): %s shapes %v, want %v", c, w.Tile, w.Shapes.Names(), want.Names())
			}
		}
	}
	m.done()
}

// refWaitShapes returns the shapes of wait w by substitution: a drawn
// wildcard is WildcardWait only; a real tile t has the special forms'
// shapes and, over every standard reading of the hand with t (jokers
// marked), the shape of each pair or block holding a real t.
func refWaitShapes(v varPos, w engine.Wait) engine.Shapes {
	if v.rules.Wildcards.Has(w.Tile) {
		return engine.Shapes(engine.WildcardWait)
	}
	var ss engine.Shapes
	for _, fs := range []struct {
		f engine.Form
		s engine.Shape
	}{
		{engine.SevenPairs, engine.SevenPairsWait}, {engine.ThirteenOrphans, engine.ThirteenOrphansWait},
		{engine.HonorsAndKnitted, engine.HonorsAndKnittedWait}, {engine.KnittedStraight, engine.KnittedStraightWait},
	} {
		if w.Forms.Has(fs.f) {
			ss |= engine.Shapes(fs.s)
		}
	}
	for _, d := range substDecompositions(v.withDraw(int(w.Tile))) {
		if d.Pair == w.Tile && d.PairWild != 3 {
			ss |= engine.Shapes(engine.Single)
		}
		for _, b := range d.Blocks {
			ts := b.Tiles()
			for i, t := range ts {
				if t == w.Tile && b.Wild>>i&1 == 0 {
					ss |= shapeOf(b, w.Tile)
				}
			}
		}
	}
	return ss
}

func TestVariantEffectiveTilesMatchReference(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	for _, c := range varCases(t, engine.Waiting) {
		got, want := engine.EffectiveTiles(&c.pos), x.effective(varPosOf(&c.pos))
		if !slices.Equal(got, want) {
			m.errorf("EffectiveTiles(%v) = %s, want %s", c, formatTiles(got), formatTiles(want))
		}
	}
	m.done()
}

// varAdviseCount is how many complete variant cases Advise is checked on:
// the reference advice costs 14 × 35 distance judgments a hand. Its parts,
// Shanten and EffectiveTiles, are checked on all the cases.
func varAdviseCount(n int) int { return min(n, caseCount(3_000)) }

func TestVariantAdviseMatchesReference(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	cs := varCases(t, engine.Complete)
	for _, c := range cs[:varAdviseCount(len(cs))] {
		v := varPosOf(&c.pos)
		if g, w := formatOptions(engine.Advise(&c.pos)), formatOptions(x.advise(v)); g != w {
			m.errorf("Advise(%v) = %s, want %s", c, g, w)
		}
	}
	m.done()
}

// TestVariantJudgmentsAgree runs the engine-only consistency checks of
// property_test.go on the variant cases.
func TestVariantJudgmentsAgree(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	cs := varCases(t, engine.Complete)
	for _, c := range cs[:varAdviseCount(len(cs))] {
		checkComplete(&m, c.testCase)
	}
	for _, c := range varCases(t, engine.Waiting) {
		checkVarWaiting(&m, c)
	}
	m.done()
}

// checkVarWaiting is checkWaiting with the variant rules' draws (no honor
// in a suits-only set): Waits nonempty ⇔ Shanten 0; the waits are exactly
// the allowed draws that win; a ready hand's effective tiles are its
// waits; every effective tile lowers the shanten.
func checkVarWaiting(m *mismatches, c varCase) {
	m.t.Helper()
	p := &c.pos
	v := varPosOf(p)
	s := engine.Shanten(p)
	ws := engine.Waits(p)
	if (len(ws) > 0) != (s == 0) {
		m.errorf("%v: Waits = %q but Shanten = %d", c, formatWaits(ws), s)
	}
	var winners []engine.Tile
	for t := range engine.Tile(engine.NumKinds) {
		q, ok := p.Draw(t)
		if ok != v.drawable(int(t)) {
			if !v.rules.SuitsOnly || t < 27 {
				m.errorf("%v: Draw(%s) ok = %v, want %v", c, t, ok, v.drawable(int(t)))
			}
			continue
		}
		if ok && engine.Hu(&q).Wins() {
			winners = append(winners, t)
		}
	}
	if !slices.Equal(waitTiles(ws), winners) {
		m.errorf("%v: Waits tiles %s, but the draws that win are %s", c, formatTiles(waitTiles(ws)), formatTiles(winners))
	}
	eff := engine.EffectiveTiles(p)
	if s == 0 && !slices.Equal(eff, winners) {
		m.errorf("%v: ready, but EffectiveTiles %s differ from the waits %s", c, formatTiles(eff), formatTiles(winners))
	}
	for _, t := range eff {
		q, ok := p.Draw(t)
		if !ok {
			m.errorf("%v: effective tile %s cannot be drawn", c, t)
			continue
		}
		if qs := engine.Shanten(&q); qs >= s {
			m.errorf("%v: effective tile %s leaves shanten %d, not below %d", c, t, qs, s)
		}
	}
}
