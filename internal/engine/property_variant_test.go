package engine_test

// Property tests of the variant judgments: the engine against the
// substitution judge and the distance judge (reference_variant_test.go) on
// seeded variant positions with at most two jokers (30,000 per stage; a few
// thousand with -short), and on constructed wins with 3 to 8 jokers.

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// varCases returns the shared variant cases of stage s.
func varCases(t testing.TB, s engine.Stage) []varCase {
	t.Helper()
	f := varWaitingCases
	if s == engine.Complete {
		f = varCompleteCases
	}
	cs, err := f()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestVariantHuMatchesSubstitution: Hu is the union of the forms over
// every substitution of the jokers.
func TestVariantHuMatchesSubstitution(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	for _, c := range varCases(t, engine.Complete) {
		if got, want := engine.Hu(&c.pos), substHu(varPosOf(&c.pos)); got != want {
			m.errorf("Hu(%v) = %v, want %v", c, got.Names(), want.Names())
		}
	}
	m.done()
}

// TestVariantDecompositions checks every reading the engine lists is a
// reading of the hand (checkReadings) and, with at most two jokers, that
// the list is exactly the substitution judge's.
func TestVariantDecompositions(t *testing.T) {
	t.Parallel()
	m := mismatches{t: t}
	for _, c := range varCases(t, engine.Complete) {
		v := varPosOf(&c.pos)
		got := engine.Decompositions(&c.pos)
		if err := checkReadings(v, got, substHu(v).Has(engine.Standard)); err != nil {
			m.errorf("Decompositions(%v): %v", c, err)
			continue
		}
		want := substDecompositions(v)
		if len(want) > engine.MaxDecompositions {
			if g := formatWildDecompositions(got); len(got) != engine.MaxDecompositions || !subset(g, formatWildDecompositions(want)) {
				m.errorf("Decompositions(%v) = %d readings, want the first %d of %d", c, len(got), engine.MaxDecompositions, len(want))
			}
			continue
		}
		if g, w := formatWildDecompositions(got), formatWildDecompositions(want); g != w {
			m.errorf("Decompositions(%v) =\n%s\nwant\n%s", c, g, w)
		}
	}
	m.done()
}

// subset reports whether every "; "-separated item of a is in b.
func subset(a, b string) bool {
	in := map[string]bool{}
	for _, s := range splitItems(b) {
		in[s] = true
	}
	for _, s := range splitItems(a) {
		if !in[s] {
			return false
		}
	}
	return true
}

// splitItems splits "; "-separated items.
func splitItems(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && !(s[i] == ';' && i+1 < len(s) && s[i+1] == ' ') {
			i++
		}
		out = append(out, s[:i])
		s = s[min(i+2, len(s)):]
	}
	return out
}

// checkReadings checks readings of the complete position v: each uses
// exactly the real tiles plus the jokers, its pieces are well formed (a
// sequence within a suit; jokers of a pair or triplet in the highest
// places; pieces of jokers only as a pair or triplet of the lowest
// wildcard kind), the kinds the jokers stand for keep the suit limit, no
// reading repeats, they are sorted by pair then blocks, at most
// MaxDecompositions, and there are some exactly when the standard form
// wins.
func checkReadings(v varPos, ds []engine.Decomposition, wins bool) error {
	if (len(ds) > 0) != wins {
		return fmt.Errorf("%d readings, but the standard form wins = %v", len(ds), wins)
	}
	if len(ds) > engine.MaxDecompositions {
		return fmt.Errorf("%d readings, more than %d", len(ds), engine.MaxDecompositions)
	}
	seen := map[string]bool{}
	for i, d := range ds {
		key := decompositionKey(d)
		if seen[key] {
			return fmt.Errorf("reading %s listed twice", formatWildDecompositions(ds[i:i+1]))
		}
		seen[key] = true
		if err := checkReading(v, d); err != nil {
			return fmt.Errorf("reading %s: %w", formatWildDecompositions(ds[i:i+1]), err)
		}
		if !slices.IsSortedFunc(d.Blocks, compareWildBlocks) {
			return fmt.Errorf("reading %s: blocks not sorted", formatWildDecompositions(ds[i:i+1]))
		}
		if i > 0 && compareWildDecompositions(ds[i-1], d) > 0 {
			return fmt.Errorf("readings %s, then %s: not sorted by pair, its jokers, then blocks",
				formatWildDecompositions(ds[i-1:i]), formatWildDecompositions(ds[i:i+1]))
		}
	}
	return nil
}

// compareWildDecompositions orders readings by pair, then the pair's
// jokers, then blocks by First, kind and jokers: the order of the engine's
// list (its doc says "by pair, then by blocks"; jokers break ties).
func compareWildDecompositions(a, b engine.Decomposition) int {
	return cmp.Or(cmp.Compare(a.Pair, b.Pair), cmp.Compare(a.PairWild, b.PairWild), slices.CompareFunc(a.Blocks, b.Blocks, compareWildBlocks))
}

// checkReading checks one reading of v.
func checkReading(v varPos, d engine.Decomposition) error {
	if !d.Pair.Valid() || len(d.Blocks) != v.blocks() {
		return fmt.Errorf("pair %d and %d blocks, want a valid pair and %d blocks", d.Pair, len(d.Blocks), v.blocks())
	}
	var realUsed, assigned engine.Counts
	jokers := 0
	var lowest engine.Tile
	if v.wild() {
		lowest = lowestWild(v.rules)
	}
	add := func(ts []engine.Tile, wild uint8, alike bool) error {
		n := len(ts)
		k := bits.OnesCount8(wild)
		switch {
		case wild >= 1<<n:
			return fmt.Errorf("wild bits %b beyond %d tiles", wild, n)
		case k > 0 && !v.wild():
			return fmt.Errorf("wild bits %b without wildcard rules", wild)
		case k == n && (!alike || ts[0] != lowest):
			return fmt.Errorf("jokers only, not read as %s alike", lowest)
		case alike && wild != uint8(1<<n-1)&^uint8(1<<(n-k)-1):
			return fmt.Errorf("jokers %b not in the highest places", wild)
		}
		jokers += k
		for i, t := range ts {
			switch {
			case wild>>i&1 == 0:
				realUsed[t]++
			case k < n:
				assigned[t]++
			}
		}
		return nil
	}
	if err := add([]engine.Tile{d.Pair, d.Pair}, d.PairWild, true); err != nil {
		return fmt.Errorf("pair: %w", err)
	}
	for _, b := range d.Blocks {
		if b.Kind == engine.Sequence && !startsSequence(int(b.First)) || b.Kind > engine.Triplet || !b.First.Valid() {
			return fmt.Errorf("block %+v is no meld", b)
		}
		ts := b.Tiles()
		if err := add(ts[:], b.Wild, b.Kind == engine.Triplet); err != nil {
			return fmt.Errorf("block %s: %w", engine.Format(ts[:]), err)
		}
	}
	if realUsed != v.real || jokers != v.jokers {
		return fmt.Errorf("uses real tiles %s and %d jokers, the hand holds %s and %d", engine.FormatCounts(&realUsed), jokers, engine.FormatCounts(&v.real), v.jokers)
	}
	for t, k := range assigned {
		realUsed[t] += k
	}
	if !suitLimitOK(realUsed, v.meld, v.rules) {
		return fmt.Errorf("over the suit limit")
	}
	return nil
}

// TestCheckReadingsRejects checks checkReadings catches broken readings of
// a hand whose true readings it accepts.
func TestCheckReadingsRejects(t *testing.T) {
	p := mustPosition(t, "111m222s333pEEEPP", nil, guangdongP, engine.Complete)
	v := varPosOf(&p)
	good := substDecompositions(v)
	slices.SortFunc(good, compareWildDecompositions)
	if err := checkReadings(v, good, true); err != nil {
		t.Fatalf("checkReadings rejects the substitution readings: %v", err)
	}
	jokerPair := slices.IndexFunc(good, func(d engine.Decomposition) bool { return d.PairWild == 3 })
	jokerTriplet := slices.IndexFunc(good, func(d engine.Decomposition) bool { return d.Blocks[0].Wild == 6 })
	if jokerPair < 0 || jokerTriplet < 0 {
		t.Fatalf("readings %s lack a pair of jokers or a triplet with two", formatWildDecompositions(good))
	}
	mutations := []struct {
		name string
		ds   func() []engine.Decomposition
	}{
		{"repeated", func() []engine.Decomposition { return []engine.Decomposition{good[0], good[0]} }},
		{"unsorted", func() []engine.Decomposition {
			ds := slices.Clone(good)
			slices.Reverse(ds)
			return ds
		}},
		{"with a joker read as a real P", func() []engine.Decomposition {
			d := good[jokerPair]
			d.PairWild = 2
			return []engine.Decomposition{d}
		}},
		{"with a pair of jokers read as F", func() []engine.Decomposition {
			d := good[jokerPair]
			d.Pair = tF
			return []engine.Decomposition{d}
		}},
		{"with jokers low in a triplet", func() []engine.Decomposition {
			d := good[jokerTriplet]
			d.Blocks = slices.Clone(d.Blocks)
			d.Blocks[0].Wild = 3
			return []engine.Decomposition{d}
		}},
		{"with a block too few", func() []engine.Decomposition {
			d := good[0]
			d.Blocks = d.Blocks[1:]
			return []engine.Decomposition{d}
		}},
		{"missing", func() []engine.Decomposition { return nil }},
	}
	for _, mu := range mutations {
		if err := checkReadings(v, mu.ds(), true); err == nil {
			t.Errorf("checkReadings accepts readings %s", mu.name)
		}
	}
}

// manyJokerRules are the rule sets of the constructed wins: wildcard kinds
// enough for up to 8 jokers (4 with one kind).
var manyJokerRules = []namedRules{
	{"guangdong+5m,E", guangdong5mE},
	{"guangdong+1m,9s", guangdong1m9s},
	{"mcr+5m,F", mcr5mF},
	{"taiwan+5m,E", taiwan5mE},
	{"sichuan+5p", sichuan5p},
	{"maxSuits1+C", oneSuitJokerC},
}

// constructedForms are the winning forms the constructor builds.
var constructedForms = []engine.Form{engine.Standard, engine.SevenPairs, engine.ThirteenOrphans, engine.HonorsAndKnitted, engine.KnittedStraight}

// constructWin fills d's concealed hand (no declared melds) with a win in
// form f from real tiles; false when the rules do not allow f or the wall
// runs dry.
func (g *dealer) constructWin(d *vdeal, f engine.Form) bool {
	v := varPos{rules: d.rules}
	if !v.allForms().Has(f) {
		return false
	}
	switch f {
	case engine.Standard:
		return g.standardWin(d)
	case engine.SevenPairs:
		for range 100 {
			if len(d.hand) == 14 {
				return true
			}
			if t := engine.Tile(g.poolKind(d)); countIn(d.hand, int(t)) == 0 {
				d.take(t, t)
			}
		}
		return false
	case engine.ThirteenOrphans:
		for _, y := range yaochuu { // copies of wildcard kinds stand for themselves
			d.take(y)
		}
		d.take(yaochuu[g.rng.IntN(len(yaochuu))])
	case engine.HonorsAndKnitted:
		g.knittedTiles(d, 14, false)
	default:
		g.knittedTiles(d, 9, true)
		g.poolBlock(d)
		g.poolPair(d)
	}
	return len(d.hand) == 14
}

// TestVariantManyJokers builds wins with 3 to 8 jokers (real tiles of a
// constructed win replaced by jokers, so the win stands) and checks Hu
// holds the constructed form and agrees with the distance judge, the
// shanten is −1, and the readings are readings; then the same hands less a
// tile, whose waits, shanten and effective tiles the distance judge gives
// exactly whatever the number of jokers.
func TestVariantManyJokers(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	g := newDealer(91)
	m := mismatches{t: t}
	n, built := caseCount(2_000), 0
	for i := 0; built < n && i < 50*n; i++ {
		nr := manyJokerRules[i%len(manyJokerRules)]
		f := constructedForms[(i/len(manyJokerRules))%len(constructedForms)]
		d := g.newVdeal(nr.rules)
		if !g.constructWin(d, f) || !x.hu(newVarPos(engine.CountsOf(d.hand), engine.Counts{}, 0, nr.rules)).Has(f) {
			continue // a wildcard kind or the suit limit spoilt the construction
		}
		jokers := 3 + g.rng.IntN(4*nr.rules.Wildcards.Len()-2)
		g.addJokers(d, jokers)
		in := engine.PositionInput{Hand: d.hand, Rules: nr.rules}
		p, err := engine.NewPosition(in, engine.Complete)
		if err != nil {
			t.Fatalf("NewPosition(%v): %v", in, err)
		}
		c := varCase{testCase{gen: "constructed " + f.String(), in: in, pos: p}, nr.name}
		v := varPosOf(&p)
		if v.jokers < 3 {
			continue // the constructed form may need fewer replacements than asked (orphans)
		}
		built++
		got := engine.Hu(&p)
		if want := x.hu(v); got != want || !got.Has(f) {
			m.errorf("Hu(%v) = %v, want %v (built as %s)", c, got.Names(), want.Names(), f)
		}
		if s := engine.Shanten(&p); s != -1 {
			m.errorf("Shanten(%v) = %d, want -1", c, s)
		}
		if err := checkReadings(v, engine.Decompositions(&p), x.hu(v).Has(engine.Standard)); err != nil {
			m.errorf("Decompositions(%v): %v", c, err)
		}
		drop := d.hand[g.rng.IntN(len(d.hand))]
		q, ok := p.Discard(drop)
		if !ok {
			t.Fatalf("Discard(%s) from %v refused", drop, c)
		}
		w := varPosOf(&q)
		if s := engine.Shanten(&q); s != 0 || x.shanten(w) != 0 {
			m.errorf("Shanten(%v less %s) = %d, reference %d, want 0", c, drop, s, x.shanten(w))
		}
		if gw, ww := formatWaitForms(engine.Waits(&q)), formatWaitForms(x.waits(w)); gw != ww {
			m.errorf("Waits(%v less %s) = %q, want %q", c, drop, gw, ww)
		}
		if ge, we := formatTiles(engine.EffectiveTiles(&q)), formatTiles(x.effective(w)); ge != we {
			m.errorf("EffectiveTiles(%v less %s) = %s, want %s", c, drop, ge, we)
		}
	}
	if built < n {
		t.Errorf("built %d wins with 3 to 8 jokers, want %d", built, n)
	}
	m.done()
}
