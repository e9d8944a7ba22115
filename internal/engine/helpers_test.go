package engine_test

// Seeded hand generators: the same seed deals the same positions on every
// run, so a failure names a hand that can be replayed.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// ruleVariants are the rule sets every property runs under.
var ruleVariants = []engine.Rules{
	engine.StandardRules(),
	{SevenPairs: true, SevenPairsFourAlike: true, ThirteenOrphans: true},
	{},
	{SevenPairs: true},
	{ThirteenOrphans: true},
}

// wall is the multiset of tiles not yet dealt.
type wall [engine.NumKinds]int

func fullWall() wall {
	var w wall
	for i := range w {
		w[i] = engine.CopiesPerKind
	}
	return w
}

// dealer deals seeded positions.
type dealer struct {
	rng *rand.Rand
}

func newDealer(seed uint64) *dealer {
	return &dealer{rng: rand.New(rand.NewPCG(seed, seed*0x9E3779B97F4A7C15+1))}
}

// deal is a position input under construction.
type deal struct {
	w     wall
	hand  []engine.Tile
	melds []engine.MeldInput
}

// take moves one copy of t from the wall to the hand; false when none is left.
func (d *deal) take(ts ...engine.Tile) bool {
	need := map[engine.Tile]int{}
	for _, t := range ts {
		need[t]++
	}
	for t, n := range need {
		if d.w[t] < n {
			return false
		}
	}
	for _, t := range ts {
		d.w[t]--
		d.hand = append(d.hand, t)
	}
	return true
}

// left counts the tiles still in the wall among kinds [lo, hi).
func (d *deal) left(lo, hi int) int {
	n := 0
	for _, k := range d.w[lo:hi] {
		n += k
	}
	return n
}

// randomTile draws a uniformly random tile left in the wall among kinds
// [lo, hi); callers make sure one is left.
func (g *dealer) randomTile(d *deal, lo, hi int) engine.Tile {
	k := g.rng.IntN(d.left(lo, hi))
	for t := lo; t < hi; t++ {
		if k < d.w[t] {
			return engine.Tile(t)
		}
		k -= d.w[t]
	}
	panic("unreachable")
}

// addMelds declares n random melds, taking their tiles from the wall.
func (g *dealer) addMelds(d *deal, n int) {
	for len(d.melds) < n {
		var m engine.MeldInput
		switch k := engine.MeldKind(g.rng.IntN(4)); k {
		case engine.Chi:
			s := g.rng.IntN(3)*9 + g.rng.IntN(7)
			m = engine.MeldInput{Kind: k, Tiles: []engine.Tile{engine.Tile(s + 2), engine.Tile(s), engine.Tile(s + 1)}}
		case engine.Pon:
			t := engine.Tile(g.rng.IntN(engine.NumKinds))
			m = engine.MeldInput{Kind: k, Tiles: []engine.Tile{t, t, t}}
		default:
			t := engine.Tile(g.rng.IntN(engine.NumKinds))
			m = engine.MeldInput{Kind: k, Tiles: []engine.Tile{t, t, t, t}}
		}
		save := len(d.hand)
		if d.take(m.Tiles...) {
			d.hand = d.hand[:save]
			d.melds = append(d.melds, m)
		}
	}
}

// randomBlock adds a random sequence or triplet within kinds [lo, hi) to
// the hand; false after too many failed tries.
func (g *dealer) randomBlock(d *deal, lo, hi int) bool {
	for range 50 {
		t := lo + g.rng.IntN(hi-lo)
		if g.rng.IntN(3) > 0 && startsSequence(t) && t+2 < hi {
			if d.take(engine.Tile(t), engine.Tile(t+1), engine.Tile(t+2)) {
				return true
			}
			continue
		}
		if d.take(engine.Tile(t), engine.Tile(t), engine.Tile(t)) {
			return true
		}
	}
	return false
}

// winning fills the hand with a standard winning hand within kinds [lo, hi).
func (g *dealer) winning(d *deal, lo, hi int) bool {
	for range 50 {
		t := engine.Tile(lo + g.rng.IntN(hi-lo))
		if d.take(t, t) {
			break
		}
	}
	if len(d.hand) != 2 {
		return false
	}
	for range 4 - len(d.melds) {
		if !g.randomBlock(d, lo, hi) {
			return false
		}
	}
	return true
}

// fillRandom tops the hand up to n tiles from kinds [lo, hi).
func (g *dealer) fillRandom(d *deal, n, lo, hi int) {
	for len(d.hand) < n {
		d.take(g.randomTile(d, lo, hi))
	}
}

// dropRandom removes random tiles until the hand holds n (returned to the wall).
func (g *dealer) dropRandom(d *deal, n int) {
	for len(d.hand) > max(n, 0) {
		i := g.rng.IntN(len(d.hand))
		d.w[d.hand[i]]++
		d.hand = append(d.hand[:i], d.hand[i+1:]...)
	}
}

// generators names the hand shapes; each fills d's concealed hand with
// exactly n tiles (the melds already declared).
var generators = []struct {
	name string
	fill func(g *dealer, d *deal, n int) bool
}{
	{"dealt", func(g *dealer, d *deal, n int) bool { g.fillRandom(d, n, 0, engine.NumKinds); return true }},
	{"winning", func(g *dealer, d *deal, n int) bool {
		if !g.winning(d, 0, engine.NumKinds) {
			return false
		}
		g.dropRandom(d, n)
		return true
	}},
	{"nearWinning", func(g *dealer, d *deal, n int) bool {
		if !g.winning(d, 0, engine.NumKinds) {
			return false
		}
		g.dropRandom(d, n-1-g.rng.IntN(2))
		g.fillRandom(d, n, 0, engine.NumKinds)
		return true
	}},
	{"oneSuit", func(g *dealer, d *deal, n int) bool {
		lo := 9 * g.rng.IntN(3)
		if !g.winning(d, lo, lo+9) {
			return false
		}
		g.dropRandom(d, n-g.rng.IntN(3))
		g.fillRandom(d, n, lo, lo+9)
		return true
	}},
	{"oneSuitWinning", func(g *dealer, d *deal, n int) bool { // chinitsu: many readings and waits
		lo := 9 * g.rng.IntN(3)
		if !g.winning(d, lo, lo+9) {
			return false
		}
		g.dropRandom(d, n)
		return true
	}},
	{"sevenPairs", func(g *dealer, d *deal, n int) bool {
		for range 100 {
			if len(d.hand) >= 14 {
				break
			}
			t := engine.Tile(g.rng.IntN(engine.NumKinds))
			if g.rng.IntN(5) == 0 && len(d.hand) <= 10 {
				d.take(t, t, t, t)
			} else {
				d.take(t, t)
			}
		}
		g.dropRandom(d, n)
		return true
	}},
	{"oneSuitDealt", func(g *dealer, d *deal, n int) bool {
		lo := 9 * g.rng.IntN(3)
		if d.left(lo, lo+9) < n {
			return false
		}
		g.fillRandom(d, n, lo, lo+9)
		return true
	}},
	{"fourAlike", func(g *dealer, d *deal, n int) bool {
		t := engine.Tile(g.rng.IntN(engine.NumKinds))
		if n < 4 || !d.take(t, t, t, t) {
			return false
		}
		for range g.rng.IntN((n-4)/3 + 1) {
			g.randomBlock(d, 0, engine.NumKinds)
		}
		g.fillRandom(d, n, 0, engine.NumKinds)
		return true
	}},
	{"besideMelds", func(g *dealer, d *deal, n int) bool {
		for _, m := range d.melds { // the copies left of the melds' kinds, so waits may need a 5th
			for _, t := range m.Tiles {
				if len(d.hand) < n && g.rng.IntN(2) == 0 {
					d.take(t)
				}
			}
		}
		for len(d.hand)+3 <= n && g.randomBlock(d, 0, engine.NumKinds) {
		}
		g.dropRandom(d, n-1-g.rng.IntN(2))
		g.fillRandom(d, n, 0, engine.NumKinds)
		return true
	}},
	{"pairs", func(g *dealer, d *deal, n int) bool {
		for range 40 {
			if len(d.hand) >= n {
				break
			}
			t := engine.Tile(g.rng.IntN(engine.NumKinds))
			if g.rng.IntN(6) == 0 {
				d.take(t, t, t, t)
			} else {
				d.take(t, t)
			}
		}
		g.dropRandom(d, n-g.rng.IntN(2))
		g.fillRandom(d, n, 0, engine.NumKinds)
		return true
	}},
	{"orphans", func(g *dealer, d *deal, n int) bool {
		for _, y := range yaochuu {
			if g.rng.IntN(6) > 0 {
				d.take(y)
			}
		}
		d.take(yaochuu[g.rng.IntN(len(yaochuu))])
		g.dropRandom(d, n)
		g.fillRandom(d, n, 0, engine.NumKinds)
		return true
	}},
	{"honorsHeavy", func(g *dealer, d *deal, n int) bool {
		g.fillRandom(d, min(n, 8+g.rng.IntN(6), d.left(27, engine.NumKinds)), 27, engine.NumKinds)
		g.fillRandom(d, n, 0, engine.NumKinds)
		return true
	}},
}

// randomVisible returns up to k random tiles still in the wall.
func (g *dealer) randomVisible(d *deal, k int) []engine.Tile {
	var out []engine.Tile
	for range g.rng.IntN(k + 1) {
		t := g.randomTile(d, 0, engine.NumKinds)
		d.w[t]--
		out = append(out, t)
	}
	return out
}

// testCase is one generated position with the name of its generator.
type testCase struct {
	gen string
	in  engine.PositionInput
	pos engine.Position
}

// String describes the case so a failure can be replayed by hand.
func (c testCase) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand %s", engine.Format(c.in.Hand))
	for _, m := range c.in.Melds {
		fmt.Fprintf(&b, " %s(%s)", m.Kind, engine.Format(m.Tiles))
	}
	if len(c.in.Visible) > 0 {
		fmt.Fprintf(&b, " visible %s", engine.Format(c.in.Visible))
	}
	fmt.Fprintf(&b, " rules %+v [%s]", c.in.Rules, c.gen)
	return b.String()
}

// positions deals n seeded positions of stage s, cycling through the
// generators, the rule variants and 0–4 declared melds (about half the
// hands are concealed).
func positions(seed uint64, n int, s engine.Stage) ([]testCase, error) {
	g := newDealer(seed)
	size := 13
	if s == engine.Complete {
		size = 14
	}
	out := make([]testCase, 0, n)
	for i := 0; len(out) < n; i++ {
		if i > 100*n+100 {
			return nil, fmt.Errorf("dealt only %d of %d positions", len(out), n)
		}
		gen := generators[i%len(generators)]
		d := deal{w: fullWall()}
		melds := 0
		if g.rng.IntN(2) == 0 {
			melds = 1 + g.rng.IntN(engine.MaxMelds)
		}
		g.addMelds(&d, melds)
		if !gen.fill(g, &d, size-3*melds) || len(d.hand) != size-3*melds {
			continue
		}
		g.rng.Shuffle(len(d.hand), func(i, j int) { d.hand[i], d.hand[j] = d.hand[j], d.hand[i] })
		in := engine.PositionInput{
			Hand:    d.hand,
			Melds:   d.melds,
			Visible: g.randomVisible(&d, 6),
			Rules:   ruleVariants[(i/len(generators))%len(ruleVariants)],
		}
		pos, err := engine.NewPosition(in, s)
		if err != nil {
			return nil, fmt.Errorf("NewPosition of generated %v: %w", testCase{gen: gen.name, in: in}, err)
		}
		out = append(out, testCase{gen: gen.name, in: in, pos: pos})
	}
	return out, nil
}

// The shared seeded cases, dealt once per test binary and only read after.
var (
	waitingCases  = sync.OnceValues(func() ([]testCase, error) { return positions(1, caseCount(100_000), engine.Waiting) })
	completeCases = sync.OnceValues(func() ([]testCase, error) { return positions(2, caseCount(100_000), engine.Complete) })
)

// cases returns the shared cases of stage s.
func cases(t testing.TB, s engine.Stage) []testCase {
	t.Helper()
	f := waitingCases
	if s == engine.Complete {
		f = completeCases
	}
	cs, err := f()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// mismatches reports at most a few failures of one property, then a count.
type mismatches struct {
	t *testing.T
	n int
}

const shownMismatches = 8

func (m *mismatches) errorf(format string, args ...any) {
	m.t.Helper()
	m.n++
	if m.n <= shownMismatches {
		m.t.Errorf(format, args...)
	}
}

// done reports how many failures were not shown.
func (m *mismatches) done() {
	m.t.Helper()
	if m.n > shownMismatches {
		m.t.Errorf("... and %d more mismatches", m.n-shownMismatches)
	}
}

// mustPosition builds a position from compact notation, failing the test on error.
func mustPosition(t testing.TB, hand string, melds []engine.MeldInput, rules engine.Rules, s engine.Stage) engine.Position {
	t.Helper()
	tiles, err := engine.ParseTiles(hand)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", hand, err)
	}
	p, err := engine.NewPosition(engine.PositionInput{Hand: tiles, Melds: melds, Rules: rules}, s)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", hand, err)
	}
	return p
}

// meld builds a meld input from compact notation, failing the test on error.
func meld(t testing.TB, k engine.MeldKind, tiles string) engine.MeldInput {
	t.Helper()
	ts, err := engine.ParseTiles(tiles)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", tiles, err)
	}
	return engine.MeldInput{Kind: k, Tiles: ts}
}

// counts parses compact notation into counts, failing the test on error.
func counts(t testing.TB, s string) engine.Counts {
	t.Helper()
	ts, err := engine.ParseTiles(s)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", s, err)
	}
	return engine.CountsOf(ts)
}

// caseCount is how many generated hands a property checks: the full count,
// a few thousand with -short, and fewer under the race detector.
func caseCount(full int) int {
	switch {
	case testing.Short():
		return min(full, 3000)
	case raceEnabled:
		return max(full/raceDivisor, 1000)
	}
	return full
}
