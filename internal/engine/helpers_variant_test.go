package engine_test

// Seeded generators of positions under the variant rules: the same seed
// deals the same positions on every run.

import (
	"fmt"
	"slices"
	"sync"

	"github.com/judged/judged/internal/engine"
)

// mustPreset returns a preset's rules with overrides applied by f.
func mustPreset(name string, f func(*engine.Rules)) engine.Rules {
	r, err := engine.Preset(name)
	if err != nil {
		panic(err)
	}
	if f != nil {
		f(&r)
	}
	if err := r.Validate(); err != nil {
		panic(fmt.Sprintf("rules %s %+v: %v", name, r, err))
	}
	return r
}

// wildcards returns an override naming the wildcard kinds in notation.
func wildcards(tiles ...engine.Tile) func(*engine.Rules) {
	return func(r *engine.Rules) { r.Wildcards = engine.NewWildSet(tiles...) }
}

// Tile ids used by the rule sets.
const (
	t1m, t2m, t5m      engine.Tile = 0, 1, 4
	t5s, t9s           engine.Tile = 13, 17
	t5p                engine.Tile = 22
	tE, tC, tF, tWhite engine.Tile = 27, 31, 32, 33
)

// The seeds of the shared variant cases.
const (
	variantCasesSeedW = 61
	variantCasesSeedC = 62
)

// namedRules is a rule set the variant properties run under.
type namedRules struct {
	name  string
	rules engine.Rules
}

// variantRuleSets are the rule sets the variant properties cycle through.
var variantRuleSets = []namedRules{
	{"guangdong+P", mustPreset("guangdong", wildcards(tWhite))},
	{"guangdong+5m", mustPreset("guangdong", wildcards(t5m))},
	{"guangdong+5m,E", mustPreset("guangdong", wildcards(t5m, tE))},
	{"guangdong+1m,9s", guangdong1m9s},
	{"mcr", mustPreset("mcr", nil)},
	{"sichuan", mustPreset("sichuan", nil)},
	{"taiwan", mustPreset("taiwan", nil)},
	{"maxSuits2+5s", mustPreset("guangdong", func(r *engine.Rules) {
		r.ThirteenOrphans, r.MaxSuits, r.Wildcards = false, 2, engine.NewWildSet(t5s)
	})},
	{"maxSuits1+C", oneSuitJokerC},
	{"maxSuits1", mustPreset("standard", func(r *engine.Rules) { r.ThirteenOrphans, r.MaxSuits = false, 1 })},
	{"sichuan+5p", mustPreset("sichuan", wildcards(t5p))},
	{"mcr+P", mcrWild(tWhite)},
	{"mcr+5m,F", mcrWild(t5m, tF)},
	{"knittedStraight+2m", mustPreset("standard", func(r *engine.Rules) {
		r.KnittedStraight, r.Wildcards = true, engine.NewWildSet(t2m)
	})},
	{"taiwan+E", mustPreset("taiwan", wildcards(tE))},
	{"taiwan+5p,maxSuits2", mustPreset("taiwan", func(r *engine.Rules) { r.MaxSuits, r.Wildcards = 2, engine.NewWildSet(t5p) })},
}

// Rule sets the traps and constructed wins share with the properties.
var (
	mcr           = mustPreset("mcr", nil)
	sichuan       = mustPreset("sichuan", nil)
	taiwan        = mustPreset("taiwan", nil)
	guangdongP    = mustPreset("guangdong", wildcards(tWhite))
	guangdong5m   = mustPreset("guangdong", wildcards(t5m))
	guangdong5mE  = mustPreset("guangdong", wildcards(t5m, tE))
	guangdong1m9s = mustPreset("guangdong", wildcards(t1m, t9s))
	taiwan5mE     = mustPreset("taiwan", wildcards(t5m, tE))
	mcr5mF        = mcrWild(t5m, tF)
	mcrP          = mcrWild(tWhite)
	sichuan5p     = mustPreset("sichuan", wildcards(t5p))
	// oneSuitJokerC wins only in one numbered suit (and honors), with C
	// as the wildcard.
	oneSuitJokerC = mustPreset("guangdong", func(r *engine.Rules) {
		r.ThirteenOrphans, r.MaxSuits, r.Wildcards = false, 1, engine.NewWildSet(tC)
	})
)

// mcrWild returns the mcr rules with wildcards.
func mcrWild(tiles ...engine.Tile) engine.Rules { return mustPreset("mcr", wildcards(tiles...)) }

// vdeal is a variant position under construction.
type vdeal struct {
	deal
	rules engine.Rules
	pool  []int // the kinds real tiles are dealt from: legal, no wildcards
}

// newVdeal starts a deal under rules; with a suit limit the pool usually
// holds only MaxSuits random suits (and the honors, unless suits-only).
func (g *dealer) newVdeal(rules engine.Rules) *vdeal {
	d := &vdeal{deal: deal{w: fullWall()}, rules: rules}
	suits := []int{0, 1, 2}
	if ms := int(rules.MaxSuits); ms == 1 || ms == 2 {
		if g.rng.IntN(10) > 0 {
			g.rng.Shuffle(3, func(i, j int) { suits[i], suits[j] = suits[j], suits[i] })
			suits = suits[:ms]
		}
	}
	for t := range engine.NumKinds {
		if rules.Wildcards.Has(engine.Tile(t)) || rules.SuitsOnly && t >= 27 {
			continue
		}
		if t >= 27 || slices.Contains(suits, t/9) {
			d.pool = append(d.pool, t)
		}
	}
	return d
}

// inPool reports whether kind t may be dealt.
func (d *vdeal) inPool(t int) bool { return slices.Contains(d.pool, t) }

// poolTile draws a random tile of the pool left in the wall, or false.
func (g *dealer) poolTile(d *vdeal) (engine.Tile, bool) {
	n := 0
	for _, t := range d.pool {
		n += d.w[t]
	}
	if n == 0 {
		return 0, false
	}
	k := g.rng.IntN(n)
	for _, t := range d.pool {
		if k < d.w[t] {
			return engine.Tile(t), true
		}
		k -= d.w[t]
	}
	panic("unreachable")
}

// fillPool tops the hand up to n tiles from the pool; false if it runs dry.
func (g *dealer) fillPool(d *vdeal, n int) bool {
	for len(d.hand) < n {
		t, ok := g.poolTile(d)
		if !ok {
			return false
		}
		d.take(t)
	}
	return true
}

// poolKind returns a random kind of the pool.
func (g *dealer) poolKind(d *vdeal) int { return d.pool[g.rng.IntN(len(d.pool))] }

// addPoolMelds declares n random melds of pool kinds (one in 25 of any
// legal kind, wildcard kinds included: declared tiles are not jokers, and
// melds may break the suit limit).
func (g *dealer) addPoolMelds(d *vdeal, n int) {
	for tries := 0; len(d.melds) < n && tries < 200; tries++ {
		t := g.poolKind(d)
		if g.rng.IntN(25) == 0 {
			t = g.rng.IntN(engine.NumKinds)
			if d.rules.SuitsOnly {
				t = g.rng.IntN(27)
			}
		}
		var m engine.MeldInput
		switch k := engine.MeldKind(g.rng.IntN(4)); {
		case k == engine.Chi && startsSequence(t):
			m = engine.MeldInput{Kind: k, Tiles: []engine.Tile{engine.Tile(t + 1), engine.Tile(t), engine.Tile(t + 2)}}
		case k == engine.Chi, k == engine.Pon:
			m = engine.MeldInput{Kind: engine.Pon, Tiles: []engine.Tile{engine.Tile(t), engine.Tile(t), engine.Tile(t)}}
		default:
			m = engine.MeldInput{Kind: k, Tiles: []engine.Tile{engine.Tile(t), engine.Tile(t), engine.Tile(t), engine.Tile(t)}}
		}
		save := len(d.hand)
		if d.take(m.Tiles...) {
			d.hand = d.hand[:save]
			d.melds = append(d.melds, m)
		}
	}
}

// poolBlock adds a random sequence or triplet of pool kinds to the hand.
func (g *dealer) poolBlock(d *vdeal) bool {
	for range 60 {
		t := g.poolKind(d)
		if g.rng.IntN(3) > 0 && startsSequence(t) && d.inPool(t+1) && d.inPool(t+2) {
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

// poolPair adds a random pair of a pool kind to the hand.
func (g *dealer) poolPair(d *vdeal) bool {
	for range 60 {
		t := engine.Tile(g.poolKind(d))
		if d.take(t, t) {
			return true
		}
	}
	return false
}

// standardWin fills the hand with a pair and the melds still to form.
func (g *dealer) standardWin(d *vdeal) bool {
	if !g.poolPair(d) {
		return false
	}
	for range d.rules.MeldCount() - len(d.melds) {
		if !g.poolBlock(d) {
			return false
		}
	}
	return true
}

// knittedTiles takes up to n random tiles of a random knitted set and the
// honors (distinct kinds); with all9 the whole set comes first.
func (g *dealer) knittedTiles(d *vdeal, n int, all9 bool) {
	ks := knittedSets[g.rng.IntN(len(knittedSets))]
	kinds := append(ks[:], honorKinds[:]...)
	order := g.rng.Perm(len(kinds))
	if all9 {
		order = append(g.rng.Perm(9), 9+g.rng.IntN(7), 9+g.rng.IntN(7), 9+g.rng.IntN(7), 9+g.rng.IntN(7), 9+g.rng.IntN(7))
	}
	for _, i := range order {
		if len(d.hand) >= n {
			return
		}
		t := kinds[i]
		if d.rules.Wildcards.Has(engine.Tile(t)) || d.rules.SuitsOnly && t >= 27 || countIn(d.hand, t) > 0 {
			continue
		}
		d.take(engine.Tile(t))
	}
}

// countIn counts copies of kind t in tiles.
func countIn(tiles []engine.Tile, t int) int {
	n := 0
	for _, x := range tiles {
		if int(x) == t {
			n++
		}
	}
	return n
}

// varGenerators name the hand shapes of the variant properties; each fills
// the concealed hand with exactly n real tiles (melds already declared).
var varGenerators = []struct {
	name string
	fill func(g *dealer, d *vdeal, n int) bool
}{
	{"dealt", func(g *dealer, d *vdeal, n int) bool { return g.fillPool(d, n) }},
	{"winning", func(g *dealer, d *vdeal, n int) bool {
		if !g.standardWin(d) {
			return false
		}
		g.dropRandom(&d.deal, n)
		return true
	}},
	{"nearWinning", func(g *dealer, d *vdeal, n int) bool {
		if !g.standardWin(d) {
			return false
		}
		g.dropRandom(&d.deal, n-1-g.rng.IntN(2))
		return g.fillPool(d, n)
	}},
	{"oneSuit", func(g *dealer, d *vdeal, n int) bool {
		s := g.rng.IntN(3)
		pool := d.pool
		d.pool = nil
		for _, t := range pool {
			if t/9 == s && t < 27 {
				d.pool = append(d.pool, t)
			}
		}
		if len(d.pool) < 5 {
			d.pool = pool
			return false
		}
		ok := g.standardWin(d)
		if ok {
			g.dropRandom(&d.deal, n-g.rng.IntN(3))
			ok = g.fillPool(d, n)
		}
		d.pool = pool
		return ok
	}},
	{"pairs", func(g *dealer, d *vdeal, n int) bool {
		for range 40 {
			if len(d.hand) >= n {
				break
			}
			t := engine.Tile(g.poolKind(d))
			if g.rng.IntN(6) == 0 {
				d.take(t, t, t, t)
			} else {
				d.take(t, t)
			}
		}
		g.dropRandom(&d.deal, n-g.rng.IntN(2))
		return g.fillPool(d, n)
	}},
	{"knitted", func(g *dealer, d *vdeal, n int) bool {
		g.knittedTiles(d, n-g.rng.IntN(3), false)
		return g.fillPool(d, n)
	}},
	{"knittedStraight", func(g *dealer, d *vdeal, n int) bool {
		if g.rng.IntN(2) == 0 {
			g.knittedTiles(d, n, true)
			return g.fillPool(d, n)
		}
		g.knittedTiles(d, 9, true)
		if len(d.hand) < 9 || 9+3*(d.rules.MeldCount()-len(d.melds)-3)+2 > n+1 {
			return g.fillPool(d, n)
		}
		for range d.rules.MeldCount() - len(d.melds) - 3 {
			g.poolBlock(d)
		}
		g.poolPair(d)
		g.dropRandom(&d.deal, n-g.rng.IntN(2))
		return g.fillPool(d, n)
	}},
	{"orphans", func(g *dealer, d *vdeal, n int) bool {
		for _, y := range yaochuu {
			if g.rng.IntN(6) > 0 && d.inPool(int(y)) {
				d.take(y)
			}
		}
		g.dropRandom(&d.deal, n)
		return g.fillPool(d, n)
	}},
}

// addJokers replaces up to j random hand tiles by copies of wildcard kinds.
func (g *dealer) addJokers(d *vdeal, j int) {
	wild := d.rules.Wildcards.Tiles()
	if len(wild) == 0 {
		return
	}
	for range j {
		w := wild[g.rng.IntN(len(wild))]
		if d.w[w] == 0 {
			w = wild[0]
		}
		if d.w[w] == 0 || len(d.hand) == 0 {
			return
		}
		i := g.rng.IntN(len(d.hand))
		d.w[d.hand[i]]++
		d.hand[i] = w
		d.w[w]--
	}
}

// varCase is one generated variant position.
type varCase struct {
	testCase
	rulesName string
}

// String describes the case so a failure can be replayed by hand.
func (c varCase) String() string { return c.testCase.String() + " " + c.rulesName }

// jokerCount returns how many jokers a random case gets: 0 to maxJokers.
func (g *dealer) jokerCount(maxJokers int) int {
	switch r := g.rng.IntN(20); {
	case maxJokers >= 2 && r < 7:
		return 2
	case maxJokers >= 1 && r < 14:
		return 1
	}
	return 0
}

// variantPositions deals n seeded positions of stage s, cycling through the
// generators and rule sets, with 0 to maxJokers jokers and about half the
// hands concealed.
func variantPositions(seed uint64, n int, s engine.Stage, sets []namedRules, maxJokers int) ([]varCase, error) {
	g := newDealer(seed)
	out := make([]varCase, 0, n)
	for i := 0; len(out) < n; i++ {
		if i > 100*n+100 {
			return nil, fmt.Errorf("dealt only %d of %d positions", len(out), n)
		}
		gen := varGenerators[i%len(varGenerators)]
		nr := sets[(i/len(varGenerators))%len(sets)]
		d := g.newVdeal(nr.rules)
		melds := 0
		if g.rng.IntN(2) == 0 {
			melds = 1 + g.rng.IntN(nr.rules.MeldCount())
		}
		g.addPoolMelds(d, melds)
		size := s.Tiles(nr.rules.MeldCount()) - 3*len(d.melds)
		if !gen.fill(g, d, size) || len(d.hand) != size {
			continue
		}
		g.addJokers(d, g.jokerCount(maxJokers))
		g.rng.Shuffle(len(d.hand), func(i, j int) { d.hand[i], d.hand[j] = d.hand[j], d.hand[i] })
		in := engine.PositionInput{Hand: d.hand, Melds: d.melds, Rules: nr.rules}
		pos, err := engine.NewPosition(in, s)
		if err != nil {
			return nil, fmt.Errorf("NewPosition of generated %v: %w", testCase{gen: gen.name, in: in}, err)
		}
		out = append(out, varCase{testCase{gen: gen.name, in: in, pos: pos}, nr.name})
	}
	return out, nil
}

// The shared seeded variant cases (at most two jokers), dealt once per test
// binary and only read after.
var (
	varWaitingCases = sync.OnceValues(func() ([]varCase, error) {
		return variantPositions(variantCasesSeedW, caseCount(30_000), engine.Waiting, variantRuleSets, 2)
	})
	varCompleteCases = sync.OnceValues(func() ([]varCase, error) {
		return variantPositions(variantCasesSeedC, caseCount(30_000), engine.Complete, variantRuleSets, 2)
	})
)
