package engine_test

// Property tests: the engine against the reference judge on the shared
// seeded cases (100,000 per stage; a few thousand with -short), and the
// judgments against each other.

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/judged/judged/internal/engine"
)

func TestHuMatchesReference(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	for _, c := range cases(t, engine.Complete) {
		h, _, n, rules := parts(&c.pos)
		if got, want := engine.Hu(&c.pos), refHu(h, n, rules); got != want {
			m.errorf("Hu(%v) = %v, want %v", c, got.Names(), want.Names())
		}
	}
	m.done()
}

func TestDecompositionsMatchReference(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	for _, c := range cases(t, engine.Complete) {
		h, _, n, _ := parts(&c.pos)
		got := engine.Decompositions(&c.pos)
		want := refDecompositions(h, 4-n)
		if g, w := formatDecompositions(got), formatDecompositions(want); g != w {
			m.errorf("Decompositions(%v) = %q, want %q", c, g, w)
			continue
		}
		if again := formatDecompositions(engine.Decompositions(&c.pos)); again != formatDecompositions(got) {
			m.errorf("Decompositions(%v) not deterministic: %q, then %q", c, formatDecompositions(got), again)
		}
	}
	m.done()
}

func TestShantenMatchesReference(t *testing.T) {
	t.Parallel()
	r := newRefJudge()
	m := mismatches{t: t}
	for _, s := range []engine.Stage{engine.Waiting, engine.Complete} {
		for _, c := range cases(t, s) {
			h, meld, n, rules := parts(&c.pos)
			if got, want := engine.Shanten(&c.pos), r.shanten(h, meld, n, rules); got != want {
				m.errorf("Shanten(%v) = %d, want %d", c, got, want)
			}
		}
	}
	m.done()
}

func TestWaitsMatchReference(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	for _, c := range cases(t, engine.Waiting) {
		h, meld, n, rules := parts(&c.pos)
		got, want := engine.Waits(&c.pos), refWaits(h, meld, n, rules)
		if !slices.Equal(got, want) {
			m.errorf("Waits(%v) = %q, want %q", c, formatWaits(got), formatWaits(want))
		}
	}
	m.done()
}

func TestEffectiveTilesMatchReference(t *testing.T) {
	t.Parallel()
	r := newRefJudge()
	m := mismatches{t: t}
	for _, c := range cases(t, engine.Waiting) {
		h, meld, n, rules := parts(&c.pos)
		got, want := engine.EffectiveTiles(&c.pos), r.effective(h, meld, n, rules)
		if !slices.Equal(got, want) {
			m.errorf("EffectiveTiles(%v) = %s, want %s", c, formatTiles(got), formatTiles(want))
		}
	}
	m.done()
}

// formatOptions renders options as "discard:shanten:effective" items.
func formatOptions(opts []engine.Option) string {
	s := ""
	for i, o := range opts {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%s:%d:%s", o.Discard, o.Shanten, formatTiles(o.Effective))
	}
	return s
}

// adviseCount is how many complete cases Advise is checked on, against the
// reference and against the engine's own Shanten and EffectiveTiles: advice
// costs 14 × 35 shanten computations a hand. Its parts, Shanten and
// EffectiveTiles, are checked on all the cases.
func adviseCount(n int) int { return min(n, caseCount(10_000)) }

func TestAdviseMatchesReference(t *testing.T) {
	t.Parallel()
	r := newRefJudge()
	m := mismatches{t: t}
	cs := cases(t, engine.Complete)
	for _, c := range cs[:adviseCount(len(cs))] {
		h, meld, n, rules := parts(&c.pos)
		got, want := engine.Advise(&c.pos), r.advise(h, meld, n, rules)
		if g, w := formatOptions(got), formatOptions(want); g != w {
			m.errorf("Advise(%v) = %s, want %s", c, g, w)
		}
	}
	m.done()
}

// TestRankOptionsMatchesReference ranks synthetic options (random
// shanten and effective tiles for each held kind, so ties are common)
// against the reference order.
func TestRankOptionsMatchesReference(t *testing.T) {
	t.Parallel()
	g := newDealer(5)
	m := mismatches{t: t}
	for _, c := range cases(t, engine.Complete) {
		h, meld, _, _ := parts(&c.pos)
		var opts []engine.Option
		for _, k := range h.Kinds() {
			o := engine.Option{Discard: k, Shanten: g.rng.IntN(3)}
			for e := range engine.Tile(engine.NumKinds) {
				if g.rng.IntN(12) == 0 {
					o.Effective = append(o.Effective, e)
				}
			}
			opts = append(opts, o)
		}
		g.rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
		before := formatOptions(opts)
		got := engine.RankOptions(&c.pos, opts)
		want := refRank(refRemaining(h, meld, c.pos.Visible()), opts)
		if g, w := formatOptions(got), formatOptions(want); g != w {
			m.errorf("RankOptions(%v, %s) = %s, want %s", c, before, g, w)
		}
		if after := formatOptions(opts); after != before {
			m.errorf("RankOptions(%v) modified its input: %s, was %s", c, after, before)
		}
	}
	m.done()
}

// waitTiles returns the tiles of waits.
func waitTiles(ws []engine.Wait) []engine.Tile {
	out := make([]engine.Tile, len(ws))
	for i, w := range ws {
		out[i] = w.Tile
	}
	return out
}

// TestCompleteJudgmentsAgree checks Hu, Shanten, Advise, Discard and the
// waiting judgments tell one consistent story on complete positions (on
// fewer cases than the reference comparisons: each needs 15 shanten and 14
// effective-tile judgments).
func TestCompleteJudgmentsAgree(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	cs := cases(t, engine.Complete)
	for _, c := range cs[:adviseCount(len(cs))] {
		checkComplete(&m, c)
	}
	m.done()
}

// TestWaitingJudgmentsAgree checks Waits, Shanten, EffectiveTiles and Hu
// tell one consistent story on waiting positions.
func TestWaitingJudgmentsAgree(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	for _, c := range cases(t, engine.Waiting) {
		checkWaiting(&m, c)
	}
	m.done()
}

// checkComplete: Hu wins ⇔ Shanten is −1; otherwise Shanten is the least
// over discards of the waiting shanten; Advise agrees with Shanten and
// EffectiveTiles of each discard.
func checkComplete(m *mismatches, c testCase) {
	m.t.Helper()
	p := &c.pos
	s := engine.Shanten(p)
	if wins := engine.Hu(p).Wins(); wins != (s == -1) {
		m.errorf("%v: Hu wins = %v but Shanten = %d", c, wins, s)
	}
	best := 99
	opts := engine.Advise(p)
	kinds := p.Hand()
	if len(opts) != len(kinds.Kinds()) {
		m.errorf("%v: Advise gave %d options for %d distinct tiles", c, len(opts), len(kinds.Kinds()))
		return
	}
	for i, t := range kinds.Kinds() {
		q, ok := p.Discard(t)
		if !ok {
			m.errorf("%v: Discard(%s) refused a held tile", c, t)
			return
		}
		qs := engine.Shanten(&q)
		best = min(best, qs)
		o := opts[i]
		if o.Discard != t || o.Shanten != qs || !slices.Equal(o.Effective, engine.EffectiveTiles(&q)) {
			m.errorf("%v: Advise option %s:%d:%s, but Discard(%s) has shanten %d and effective %s",
				c, o.Discard, o.Shanten, formatTiles(o.Effective), t, qs, formatTiles(engine.EffectiveTiles(&q)))
		}
	}
	if s != -1 && s != best {
		m.errorf("%v: Shanten = %d, but the best discard leaves %d", c, s, best)
	}
	if s == -1 && best != 0 {
		m.errorf("%v: complete, but the best discard leaves shanten %d, want 0", c, best)
	}
}

// checkWaiting: Waits nonempty ⇔ Shanten 0; the waits are exactly the
// allowed draws that win; a ready hand's effective tiles are its waits.
func checkWaiting(m *mismatches, c testCase) {
	m.t.Helper()
	p := &c.pos
	s := engine.Shanten(p)
	ws := engine.Waits(p)
	if (len(ws) > 0) != (s == 0) {
		m.errorf("%v: Waits = %q but Shanten = %d", c, formatWaits(ws), s)
	}
	bare := withoutVisible(p) // so Draw refuses only a 5th copy in hand and melds
	var winners []engine.Tile
	h, meld := p.Hand(), p.MeldTiles()
	for t := range engine.Tile(engine.NumKinds) {
		q, ok := bare.Draw(t)
		if allowed := int(h[t])+int(meld[t]) < engine.CopiesPerKind; ok != allowed {
			m.errorf("%v without visible tiles: Draw(%s) ok = %v, want %v", c, t, ok, allowed)
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
		q, _ := bare.Draw(t)
		if qs := engine.Shanten(&q); qs >= s {
			m.errorf("%v: effective tile %s leaves shanten %d, not below %d", c, t, qs, s)
		}
	}
}

// withoutVisible returns p without its visible tiles.
func withoutVisible(p *engine.Position) engine.Position {
	hc := p.Hand()
	var melds []engine.MeldInput
	for _, md := range p.Melds() {
		melds = append(melds, engine.MeldInput{Kind: md.Kind, Tiles: md.Tiles()})
	}
	q, err := engine.NewPosition(engine.PositionInput{Hand: hc.Tiles(), Melds: melds, Rules: p.Rules()}, p.Stage())
	if err != nil {
		panic(fmt.Sprintf("%s without visible tiles: %v", p.Notation(), err))
	}
	return q
}

// TestVisibleTilesDoNotChangeJudgments: visible tiles only change what
// remains, never the waits, shanten or effective tiles.
func TestVisibleTilesDoNotChangeJudgments(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	cs := cases(t, engine.Waiting)
	for _, c := range cs[:min(len(cs), caseCount(20_000))] {
		in := c.in
		in.Visible = nil
		bare, err := engine.NewPosition(in, engine.Waiting)
		if err != nil {
			t.Fatalf("NewPosition(%v) without visible tiles: %v", c, err)
		}
		if g, w := formatWaits(engine.Waits(&c.pos)), formatWaits(engine.Waits(&bare)); g != w {
			m.errorf("Waits(%v) = %q, without the visible tiles %q", c, g, w)
		}
		if g, w := engine.Shanten(&c.pos), engine.Shanten(&bare); g != w {
			m.errorf("Shanten(%v) = %d, without the visible tiles %d", c, g, w)
		}
		if g, w := formatTiles(engine.EffectiveTiles(&c.pos)), formatTiles(engine.EffectiveTiles(&bare)); g != w {
			m.errorf("EffectiveTiles(%v) = %s, without the visible tiles %s", c, g, w)
		}
	}
	m.done()
}

// TestDrawAndDiscard checks Draw and Discard move between the stages and
// refuse a 5th copy (counting visible tiles) or a tile not held.
func TestDrawAndDiscard(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	cs := cases(t, engine.Waiting)
	for _, c := range cs[:min(len(cs), caseCount(5_000))] {
		p := &c.pos
		h, meld, vis := p.Hand(), p.MeldTiles(), p.Visible()
		for tile := range engine.Tile(engine.NumKinds) {
			q, ok := p.Draw(tile)
			allowed := int(h[tile])+int(meld[tile])+int(vis[tile]) < engine.CopiesPerKind
			if ok != allowed {
				m.errorf("%v: Draw(%s) ok = %v, want %v", c, tile, ok, allowed)
				continue
			}
			if !ok {
				continue
			}
			qh := q.Hand()
			want := h
			want[tile]++
			if qh != want || q.Stage() != engine.Complete || q.Remaining(tile) != p.Remaining(tile)-1 {
				m.errorf("%v: Draw(%s) = %s at stage %v", c, tile, q.Notation(), q.Stage())
			}
			back, ok := q.Discard(tile)
			if bh := back.Hand(); !ok || bh != h || back.Stage() != engine.Waiting {
				m.errorf("%v: Draw(%s) then Discard = %s, %v", c, tile, back.Notation(), ok)
			}
		}
		if _, ok := p.Discard(0); ok {
			m.errorf("%v: Discard from a waiting position succeeded", c)
		}
	}
	m.done()
}

func TestHuAndShantenDoNotAllocate(t *testing.T) {
	cs := cases(t, engine.Complete)
	p := cs[len(cs)/2].pos
	if n := testing.AllocsPerRun(100, func() { engine.Hu(&p) }); n != 0 {
		t.Errorf("Hu allocates %v times a call, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { engine.Shanten(&p) }); n != 0 {
		t.Errorf("Shanten allocates %v times a call, want 0", n)
	}
}

// TestConcurrentJudgments runs every judgment from several goroutines at
// once (meaningful under -race) and checks they answer as they do alone.
func TestConcurrentJudgments(t *testing.T) {
	t.Parallel()
	cs := cases(t, engine.Complete)
	cs = cs[:min(len(cs), 200)]
	want := make([]string, len(cs))
	for i, c := range cs {
		want[i] = judgeAll(c.pos)
	}
	var wg sync.WaitGroup
	got := make([][]string, 4)
	for g := range got {
		got[g] = make([]string, len(cs))
		wg.Go(func() {
			for i := range cs {
				got[g][(i+g*37)%len(cs)] = judgeAll(cs[(i+g*37)%len(cs)].pos)
			}
		})
	}
	wg.Wait()
	for g := range got {
		for i := range cs {
			if got[g][i] != want[i] {
				t.Errorf("goroutine %d judged %v as %s, alone %s", g, cs[i], got[g][i], want[i])
			}
		}
	}
}

// judgeAll renders every judgment of a complete position.
func judgeAll(p engine.Position) string {
	s := fmt.Sprint(engine.Hu(&p), engine.Shanten(&p), formatDecompositions(engine.Decompositions(&p)), formatOptions(engine.Advise(&p)))
	if q, ok := p.Discard(p.Hand().Kinds()[0]); ok {
		s += fmt.Sprint(formatWaits(engine.Waits(&q)), formatTiles(engine.EffectiveTiles(&q)))
	}
	return s
}

// refValidate reports which sentinel errors a position input deserves,
// from the rules of TILES.md and the API alone.
func refValidate(in engine.PositionInput, s engine.Stage) []error {
	var errs []error
	var seen [256]int
	bad := false
	all := slices.Clone(in.Hand)
	for _, mi := range in.Melds {
		all = append(all, mi.Tiles...)
	}
	all = append(all, in.Visible...)
	for _, t := range all {
		if int(t) >= engine.NumKinds {
			bad = true
		}
		seen[t]++
	}
	if bad {
		errs = append(errs, engine.ErrInvalidTile)
	}
	for _, k := range seen[:engine.NumKinds] {
		if k > engine.CopiesPerKind {
			errs = append(errs, engine.ErrTooManyCopies)
			break
		}
	}
	meldsOK := len(in.Melds) <= engine.MaxMelds
	for _, mi := range in.Melds {
		if !validMeld(mi) {
			meldsOK = false
		}
	}
	if !meldsOK {
		errs = append(errs, engine.ErrInvalidMeld)
	}
	size := 13
	if s == engine.Complete {
		size = 14
	}
	if len(in.Melds) <= engine.MaxMelds && len(in.Hand) != size-3*len(in.Melds) {
		errs = append(errs, engine.ErrTileCount)
	}
	return errs
}

// validMeld checks a declared meld from its definition.
func validMeld(mi engine.MeldInput) bool {
	ts := slices.Clone(mi.Tiles)
	slices.Sort(ts)
	for _, t := range ts {
		if int(t) >= engine.NumKinds {
			return false
		}
	}
	alike := func(n int) bool { return len(ts) == n && ts[0] == ts[n-1] }
	switch mi.Kind {
	case engine.Chi:
		return len(ts) == 3 && startsSequence(int(ts[0])) && ts[1] == ts[0]+1 && ts[2] == ts[0]+2
	case engine.Pon:
		return alike(3)
	case engine.Kan, engine.Ankan:
		return alike(4)
	}
	return false
}

// TestNewPositionValidation deals random, often invalid, inputs and checks
// NewPosition accepts exactly the valid ones, classifying the others.
func TestNewPositionValidation(t *testing.T) {
	t.Parallel()
	g := newDealer(7)
	m := mismatches{t: t}
	for range caseCount(50_000) {
		in := randomInput(g)
		st := engine.Stage(g.rng.IntN(2))
		_, err := engine.NewPosition(in, st)
		want := refValidate(in, st)
		if (err == nil) != (len(want) == 0) {
			m.errorf("NewPosition(%+v, %v) error = %v, want errors %v", in, st, err, want)
			continue
		}
		for _, w := range want {
			if !errors.Is(err, w) {
				m.errorf("NewPosition(%+v, %v) error = %v, want it to wrap %v", in, st, err, w)
			}
		}
		var pe *engine.PositionError
		if err != nil && !errors.As(err, &pe) {
			m.errorf("NewPosition(%+v, %v) error %T is not a *PositionError", in, st, err)
		}
	}
	m.done()
}

// randomInput deals a position input that is valid about half the time.
func randomInput(g *dealer) engine.PositionInput {
	kinds := engine.NumKinds
	if g.rng.IntN(4) == 0 { // few kinds: many 5th copies
		kinds = 6
	}
	tile := func() engine.Tile {
		if g.rng.IntN(200) == 0 {
			return engine.Tile(engine.NumKinds + g.rng.IntN(5))
		}
		return engine.Tile(g.rng.IntN(kinds))
	}
	var in engine.PositionInput
	nm := g.rng.IntN(engine.MaxMelds + 1)
	if g.rng.IntN(50) == 0 {
		nm = engine.MaxMelds + 1
	}
	for range nm {
		k := engine.MeldKind(g.rng.IntN(4))
		if g.rng.IntN(100) == 0 {
			k = engine.MeldKind(4 + g.rng.IntN(250))
		}
		var ts []engine.Tile
		switch t := tile(); {
		case g.rng.IntN(10) == 0: // anything
			for range 3 + g.rng.IntN(2) {
				ts = append(ts, tile())
			}
		case k == engine.Chi:
			ts = []engine.Tile{t, t + 1, t + 2}
		case k == engine.Pon:
			ts = []engine.Tile{t, t, t}
		default:
			ts = []engine.Tile{t, t, t, t}
		}
		g.rng.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
		in.Melds = append(in.Melds, engine.MeldInput{Kind: k, Tiles: ts})
	}
	n := 13 + g.rng.IntN(2) - 3*len(in.Melds)
	if g.rng.IntN(20) == 0 {
		n += g.rng.IntN(5) - 2
	}
	for range max(n, 0) {
		in.Hand = append(in.Hand, tile())
	}
	for range g.rng.IntN(8) {
		in.Visible = append(in.Visible, tile())
	}
	return in
}
