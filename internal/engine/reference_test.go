package engine_test

// This file holds the brute-force reference judge the engine is compared
// against. It works from the definitions alone and shares no code with the
// engine beyond its data types (Counts, Forms, Shapes, Decomposition):
//
//   - a hand wins in the standard form when its concealed tiles split into a
//     pair plus 4−melds sequences and triplets (sequences only inside one
//     numbered suit, honors only pairs and triplets);
//   - seven pairs and thirteen orphans need a concealed hand (no declared
//     melds) and the rules' consent;
//   - shanten is the least number of tiles a hand is missing from some
//     winning hand W (Σ max(W_i − h_i, 0)) minus one, where W never holds a
//     kind more often than the 4 copies minus those in declared melds.

import (
	"cmp"
	"slices"
	"sync"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// inf marks a pattern that cannot be reached.
const inf = 1000

// yaochuu lists the 13 terminals and honors, by id.
var yaochuu = [...]engine.Tile{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

// isYaochuu reports whether t is a terminal or an honor, from the ids alone.
func isYaochuu(t int) bool { return slices.Contains(yaochuu[:], engine.Tile(t)) }

// startsSequence reports whether id i can be the lowest tile of a sequence.
func startsSequence(i int) bool { return i < 27 && i%9 <= 6 }

// refJudge is the reference judge. It memoises per-suit distance tables in
// a concurrent map, so one judge can serve parallel tests.
type refJudge struct {
	suitMemo sync.Map // uint64 key of a suit's counts and caps → suitTable
}

// sharedRef is the one reference judge the tests share, so each suit
// pattern's table is computed once per test binary.
var sharedRef = sync.OnceValue(func() *refJudge { return new(refJudge) })

func newRefJudge() *refJudge { return sharedRef() }

// suitTable[b][p] is the least Σ max(W_i − h_i, 0) over the tile patterns W
// of one suit made of b blocks and p pairs (p ≤ 1) with W_i ≤ cap_i, or inf.
type suitTable [5][2]int

// suitDistances computes the suitTable of one suit by a dynamic program over
// its kinds in order: at kind i it chooses how many sequences start there,
// whether a triplet and whether the pair sits there; the tiles W_i the
// pattern uses of kind i are the sequences started at i−2, i−1 and i, plus
// 3 per triplet and 2 per pair, and cost max(W_i − h_i, 0).
// cur[s2][s1][b][p] is the least cost so far with s2 sequences started at
// i−2 and s1 at i−1 (both still needing kind i), b blocks and p pairs.
func suitDistances(h, caps []int, numbered bool) suitTable {
	type states [5][5][5][2]int32
	var none states // every state unreached
	for i := range none {
		for j := range none[i] {
			for k := range none[i][j] {
				none[i][j][k] = [2]int32{inf, inf}
			}
		}
	}
	cur := none
	cur[0][0][0][0] = 0
	for i := range h {
		next := none
		for s2 := range 5 {
			for s1 := 0; s2+s1 <= caps[i]; s1++ {
				for b := range 5 {
					for p := range 2 {
						c := cur[s2][s1][b][p]
						if c >= inf {
							continue
						}
						maxSeq := 0
						if numbered && i <= 6 {
							maxSeq = 4 - b
						}
						for sq := 0; sq <= maxSeq && s2+s1+sq <= caps[i]; sq++ {
							for tr := range 2 {
								for pr := 0; pr+p <= 1; pr++ {
									nb := b + sq + tr
									w := s2 + s1 + sq + 3*tr + 2*pr
									if nb > 4 || w > caps[i] {
										continue
									}
									nc := c + int32(max(w-h[i], 0))
									if nc < next[s1][sq][nb][p+pr] {
										next[s1][sq][nb][p+pr] = nc
									}
								}
							}
						}
					}
				}
			}
		}
		cur = next
	}
	var t suitTable
	for b := range 5 {
		for p := range 2 {
			t[b][p] = int(cur[0][0][b][p])
		}
	}
	return t
}

// suit returns the memoised suitTable of kinds [lo, lo+n) of h under caps.
func (r *refJudge) suit(h, caps *[engine.NumKinds]int, lo, n int) suitTable {
	var key uint64
	for i := lo; i < lo+n; i++ {
		key = key*25 + uint64(h[i]*5+caps[i])
	}
	key = key*64 + uint64(lo)
	if t, ok := r.suitMemo.Load(key); ok {
		return t.(suitTable)
	}
	t := suitDistances(h[lo:lo+n], caps[lo:lo+n], lo < 27)
	r.suitMemo.Store(key, t)
	return t
}

// suitStarts are the first kinds of man, sou, pin and honors.
var suitStarts = [4]int{0, 9, 18, 27}

// suitOf returns the index in suitStarts of kind t's suit.
func suitOf(t int) int { return min(t/9, 3) }

// minPlus combines the tables of two disjoint groups of kinds: the least
// distance for b blocks and p pairs split in every way between them.
func minPlus(x, y suitTable) suitTable {
	var z suitTable
	for b := range 5 {
		for p := range 2 {
			z[b][p] = inf
			for bx := 0; bx <= b; bx++ {
				for px := 0; px <= p; px++ {
					z[b][p] = min(z[b][p], x[bx][px]+y[b-bx][p-px])
				}
			}
		}
	}
	return z
}

// standardTables returns the suitTables of h's four suits under the caps
// left by the declared melds' tiles.
func (r *refJudge) standardTables(h, meld engine.Counts) [4]suitTable {
	hi := ints(h)
	caps := capsOf(meld)
	var ts [4]suitTable
	for s, lo := range suitStarts {
		ts[s] = r.suit(&hi, &caps, lo, min(9, engine.NumKinds-lo))
	}
	return ts
}

// capsOf returns how many copies of each kind a winning hand's concealed
// part may use: 4 minus those in declared melds.
func capsOf(meld engine.Counts) (caps [engine.NumKinds]int) {
	for i := range caps {
		caps[i] = engine.CopiesPerKind - int(meld[i])
	}
	return caps
}

// ints widens counts to ints.
func ints(c engine.Counts) (out [engine.NumKinds]int) {
	for i, k := range c {
		out[i] = int(k)
	}
	return out
}

// standardDistance is the least number of tiles h is missing from a
// standard winning hand of 4−melds blocks plus a pair whose kinds, with the
// declared melds' tiles, stay within 4 copies.
func (r *refJudge) standardDistance(h, meld engine.Counts, melds int) int {
	ts := r.standardTables(h, meld)
	all := minPlus(minPlus(ts[0], ts[1]), minPlus(ts[2], ts[3]))
	return all[4-melds][1]
}

// sevenPairsDistance is the least number of tiles h is missing from seven
// pairs: 7 distinct kinds twice each, or with fourAlike a kind held four
// times counting as two pairs.
func sevenPairsDistance(h engine.Counts, fourAlike bool) int {
	var dp [8]int // dp[j]: least cost of choosing j pairs among the kinds seen so far
	for j := range dp {
		dp[j] = inf
	}
	dp[0] = 0
	for _, k := range h {
		next := dp
		for j := range 8 {
			if dp[j] >= inf {
				continue
			}
			if j+1 <= 7 {
				next[j+1] = min(next[j+1], dp[j]+max(2-int(k), 0))
			}
			if fourAlike && j+2 <= 7 {
				next[j+2] = min(next[j+2], dp[j]+max(4-int(k), 0))
			}
		}
		dp = next
	}
	return dp[7]
}

// orphansDistance is the least number of tiles h is missing from thirteen
// orphans: each terminal and honor once, one of them twice.
func orphansDistance(h engine.Counts) int {
	best := inf
	for _, dup := range yaochuu {
		d := 0
		for _, y := range yaochuu {
			want := 1
			if y == dup {
				want = 2
			}
			d += max(want-int(h[y]), 0)
		}
		best = min(best, d)
	}
	return best
}

// shanten is the reference shanten: the least distance over the forms the
// rules allow (only the standard form with declared melds), minus one.
func (r *refJudge) shanten(h, meld engine.Counts, melds int, rules engine.Rules) int {
	return min(r.standardDistance(h, meld, melds), r.otherFormsDistance(h, melds, rules)) - 1
}

// otherFormsDistance is the least distance to seven pairs or thirteen
// orphans, where the rules allow them and no meld is declared; else inf.
func (r *refJudge) otherFormsDistance(h engine.Counts, melds int, rules engine.Rules) int {
	d := inf
	if melds == 0 && rules.SevenPairs {
		d = min(d, sevenPairsDistance(h, rules.SevenPairsFourAlike))
	}
	if melds == 0 && rules.ThirteenOrphans {
		d = min(d, orphansDistance(h))
	}
	return d
}

// total counts tiles.
func total(h engine.Counts) int {
	n := 0
	for _, k := range h {
		n += int(k)
	}
	return n
}

// onlyBlocks reports whether h splits exactly into sequences and triplets,
// deciding the lowest kind held first: every block holding it starts there.
func onlyBlocks(h *engine.Counts) bool {
	i := 0
	for i < engine.NumKinds && h[i] == 0 {
		i++
	}
	if i == engine.NumKinds {
		return true
	}
	if h[i] >= 3 {
		h[i] -= 3
		ok := onlyBlocks(h)
		h[i] += 3
		if ok {
			return true
		}
	}
	if startsSequence(i) && h[i+1] > 0 && h[i+2] > 0 {
		h[i]--
		h[i+1]--
		h[i+2]--
		ok := onlyBlocks(h)
		h[i]++
		h[i+1]++
		h[i+2]++
		return ok
	}
	return false
}

// standardWins reports whether h is a pair plus blocks blocks.
func standardWins(h engine.Counts, blocks int) bool {
	if total(h) != 3*blocks+2 {
		return false
	}
	for p := range h {
		if h[p] >= 2 {
			h[p] -= 2
			ok := onlyBlocks(&h)
			h[p] += 2
			if ok {
				return true
			}
		}
	}
	return false
}

// isSevenPairs reports whether h is seven pairs under the rule variant.
func isSevenPairs(h engine.Counts, fourAlike bool) bool {
	if total(h) != 14 {
		return false
	}
	for _, k := range h {
		if k != 0 && k != 2 && (k != 4 || !fourAlike) {
			return false
		}
	}
	return true
}

// isThirteenOrphans reports whether h is the 13 terminals and honors plus
// one more of them.
func isThirteenOrphans(h engine.Counts) bool {
	if total(h) != 14 {
		return false
	}
	for t, k := range h {
		if isYaochuu(t) != (k > 0) {
			return false
		}
	}
	return true
}

// refHu returns the forms in which the 14-tile position (concealed h plus
// melds declared melds) wins.
func refHu(h engine.Counts, melds int, rules engine.Rules) engine.Forms {
	var fs engine.Forms
	if standardWins(h, 4-melds) {
		fs |= engine.Forms(engine.Standard)
	}
	if melds == 0 && rules.SevenPairs && isSevenPairs(h, rules.SevenPairsFourAlike) {
		fs |= engine.Forms(engine.SevenPairs)
	}
	if melds == 0 && rules.ThirteenOrphans && isThirteenOrphans(h) {
		fs |= engine.Forms(engine.ThirteenOrphans)
	}
	return fs
}

// blockSets lists every multiset of blocks h splits into, each once: the
// lowest kind held, i, must be covered by blocks starting at i, so the only
// choice is whether a triplet sits there; the rest are sequences from i.
func blockSets(h *engine.Counts, acc []engine.Block, out *[][]engine.Block) {
	i := 0
	for i < engine.NumKinds && h[i] == 0 {
		i++
	}
	if i == engine.NumKinds {
		*out = append(*out, slices.Clone(acc))
		return
	}
	for trip := range 2 {
		seqs := int(h[i]) - 3*trip
		if seqs < 0 || seqs > 0 && (!startsSequence(i) || int(h[i+1]) < seqs || int(h[i+2]) < seqs) {
			continue
		}
		next := acc
		if trip == 1 {
			h[i] -= 3
			next = append(next, engine.Block{Kind: engine.Triplet, First: engine.Tile(i)})
		}
		for range seqs {
			h[i]--
			h[i+1]--
			h[i+2]--
			next = append(next, engine.Block{Kind: engine.Sequence, First: engine.Tile(i)})
		}
		blockSets(h, next, out)
		for range seqs {
			h[i]++
			h[i+1]++
			h[i+2]++
		}
		if trip == 1 {
			h[i] += 3
		}
	}
}

// compareBlocks orders blocks by First, sequences before triplets.
func compareBlocks(a, b engine.Block) int {
	return cmp.Or(cmp.Compare(a.First, b.First), cmp.Compare(a.Kind, b.Kind))
}

// compareDecompositions orders decompositions by pair, then block lists
// lexicographically.
func compareDecompositions(a, b engine.Decomposition) int {
	return cmp.Or(cmp.Compare(a.Pair, b.Pair), slices.CompareFunc(a.Blocks, b.Blocks, compareBlocks))
}

// refDecompositions lists every distinct {pair, blocks} reading of the
// concealed h as a pair plus blocks blocks, sorted like the engine's.
func refDecompositions(h engine.Counts, blocks int) []engine.Decomposition {
	return readings(h, blocks, blockSets)
}

// readings lists every distinct {pair, blocks} reading of h as a pair plus
// blocks melds, sorted like the engine's: each pair in turn, the rest split
// into blocks by split.
func readings(h engine.Counts, blocks int, split func(h *engine.Counts, acc []engine.Block, out *[][]engine.Block)) []engine.Decomposition {
	if total(h) != 3*blocks+2 {
		return nil
	}
	var out []engine.Decomposition
	for p := range h {
		if h[p] < 2 {
			continue
		}
		h[p] -= 2
		var sets [][]engine.Block
		split(&h, nil, &sets)
		h[p] += 2
		for _, bs := range sets {
			slices.SortFunc(bs, compareBlocks)
			out = append(out, engine.Decomposition{Pair: engine.Tile(p), Blocks: bs})
		}
	}
	slices.SortFunc(out, compareDecompositions)
	return out
}

// shapeOf returns the wait shape of tile t completing block b.
func shapeOf(b engine.Block, t engine.Tile) engine.Shapes {
	if b.Kind == engine.Triplet {
		return engine.Shapes(engine.DualPon)
	}
	a := b.First
	switch {
	case t == a+1:
		return engine.Shapes(engine.Closed)
	case t == a && a%9 == 6, t == a+2 && a%9 == 0:
		return engine.Shapes(engine.Edge)
	default:
		return engine.Shapes(engine.TwoSided)
	}
}

// holds reports whether block b holds tile t.
func holds(b engine.Block, t engine.Tile) bool {
	if b.Kind == engine.Triplet {
		return b.First == t
	}
	return b.First <= t && t <= b.First+2
}

// refWaits lists the waits of the 13-tile position h with declared melds
// (their tiles meld): every kind with fewer than 4 copies in hand and melds
// whose addition wins, with its forms and its shapes over all readings.
func refWaits(h, meld engine.Counts, melds int, rules engine.Rules) []engine.Wait {
	var out []engine.Wait
	for t := range engine.NumKinds {
		if int(h[t])+int(meld[t]) >= engine.CopiesPerKind {
			continue
		}
		h2 := h
		h2[t]++
		fs := refHu(h2, melds, rules)
		if !fs.Wins() {
			continue
		}
		w := engine.Wait{Tile: engine.Tile(t), Forms: fs}
		for _, d := range refDecompositions(h2, 4-melds) {
			if d.Pair == w.Tile {
				w.Shapes |= engine.Shapes(engine.Single)
			}
			for _, b := range d.Blocks {
				if holds(b, w.Tile) {
					w.Shapes |= shapeOf(b, w.Tile)
				}
			}
		}
		if fs.Has(engine.SevenPairs) {
			w.Shapes |= engine.Shapes(engine.SevenPairsWait)
		}
		if fs.Has(engine.ThirteenOrphans) {
			w.Shapes |= engine.Shapes(engine.ThirteenOrphansWait)
		}
		out = append(out, w)
	}
	return out
}

// effective lists the kinds, with fewer than 4 copies in hand and melds,
// whose draw lowers the shanten of the 13-tile h. A draw changes one suit's
// table only, so the other three suits are combined once per suit.
func (r *refJudge) effective(h, meld engine.Counts, melds int, rules engine.Rules) []engine.Tile {
	s := r.shanten(h, meld, melds, rules)
	ts := r.standardTables(h, meld)
	hi, caps := ints(h), capsOf(meld)
	var rests [4]suitTable // rests[s]: the other three suits combined
	for su := range rests {
		rests[su] = suitTable{{0, inf}, {inf, inf}, {inf, inf}, {inf, inf}, {inf, inf}} // no kinds at all
		for o := range 4 {
			if o != su {
				rests[su] = minPlus(rests[su], ts[o])
			}
		}
	}
	var out []engine.Tile
	for t := range engine.NumKinds {
		if int(h[t])+int(meld[t]) >= engine.CopiesPerKind {
			continue
		}
		su := suitOf(t)
		hi[t]++
		d := minPlus(rests[su], r.suit(&hi, &caps, suitStarts[su], min(9, engine.NumKinds-suitStarts[su])))[4-melds][1]
		hi[t]--
		h2 := h
		h2[t]++
		d = min(d, r.otherFormsDistance(h2, melds, rules))
		if d-1 < s {
			out = append(out, engine.Tile(t))
		}
	}
	return out
}

// advise lists, for each distinct concealed tile of the 14-tile h in id
// order, the shanten and effective tiles after discarding it.
func (r *refJudge) advise(h, meld engine.Counts, melds int, rules engine.Rules) []engine.Option {
	var out []engine.Option
	for t := range engine.NumKinds {
		if h[t] == 0 {
			continue
		}
		h2 := h
		h2[t]--
		out = append(out, engine.Option{
			Discard:   engine.Tile(t),
			Shanten:   r.shanten(h2, meld, melds, rules),
			Effective: r.effective(h2, meld, melds, rules),
		})
	}
	return out
}

// refRank orders options best first: shanten ascending, then the unseen
// copies of their effective tiles descending, then the discard's id.
func refRank(remaining func(engine.Tile) int, opts []engine.Option) []engine.Option {
	out := slices.Clone(opts)
	sum := func(o engine.Option) int {
		n := 0
		for _, t := range o.Effective {
			n += remaining(t)
		}
		return n
	}
	slices.SortFunc(out, func(a, b engine.Option) int {
		return cmp.Or(cmp.Compare(a.Shanten, b.Shanten), cmp.Compare(sum(b), sum(a)), cmp.Compare(a.Discard, b.Discard))
	})
	return out
}

// winsWithin reports whether the waiting hand h can win within d draws,
// each followed (but the last) by a discard: some draw the rules allow
// wins, or some draw and discard leave a hand that wins within d−1.
func winsWithin(h engine.Counts, d int, drawable func(*engine.Counts, engine.Tile) bool, wins func(engine.Counts) bool) bool {
	for t := range engine.Tile(engine.NumKinds) {
		if !drawable(&h, t) {
			continue
		}
		h[t]++
		if wins(h) {
			return true
		}
		if d > 1 {
			for x := range engine.Tile(engine.NumKinds) {
				if h[x] == 0 || x == t {
					continue
				}
				h[x]--
				ok := winsWithin(h, d-1, drawable, wins)
				h[x]++
				if ok {
					return true
				}
			}
		}
		h[t]--
	}
	return false
}

// refRemaining counts the unseen copies of t from a position's parts.
func refRemaining(h, meld, visible engine.Counts) func(engine.Tile) int {
	return func(t engine.Tile) int {
		return max(engine.CopiesPerKind-int(h[t])-int(meld[t])-int(visible[t]), 0)
	}
}

// searchShanten computes shanten the slow way, straight from "tiles to
// exchange": a waiting hand is d away when some allowed draw completes it
// (d = 1) or some allowed draw and discard leave a hand d−1 away. It gives
// up (returning limit) beyond limit exchanges.
func searchShanten(h, meld engine.Counts, melds int, rules engine.Rules, limit int) int {
	drawable := func(h *engine.Counts, t engine.Tile) bool { return int(h[t])+int(meld[t]) < engine.CopiesPerKind }
	wins := func(h engine.Counts) bool { return refHu(h, melds, rules).Wins() }
	away := func(h engine.Counts, d int) bool { return winsWithin(h, d, drawable, wins) }
	if total(h)%3 == 2 { // complete: −1 if it wins, else the best discard
		if refHu(h, melds, rules).Wins() {
			return -1
		}
		best := limit
		for x := range engine.NumKinds {
			if h[x] > 0 {
				h[x]--
				best = min(best, searchShanten(h, meld, melds, rules, limit))
				h[x]++
			}
		}
		return best
	}
	for d := 1; d <= limit; d++ {
		if away(h, d) {
			return d - 1
		}
	}
	return limit
}

// TestReferenceShantenBySearch checks the reference's distance tables
// against the exchange search on near-ready hands, where the search is
// affordable: shanten −1, 0 and 1 must agree exactly, larger ones must both
// be at least 2.
func TestReferenceShantenBySearch(t *testing.T) {
	t.Parallel()
	r := newRefJudge()
	n := 150
	if testing.Short() || raceEnabled {
		n = 25
	}
	for _, s := range []engine.Stage{engine.Waiting, engine.Complete} {
		cs, err := positions(11, n, s)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			h, meld, melds, rules := parts(&c.pos)
			got := r.shanten(h, meld, melds, rules)
			want := searchShanten(h, meld, melds, rules, 2)
			if min(got, 2) != want {
				t.Errorf("reference shanten of %v = %d, exchange search says %d (2 = at least 2)", c, got, want)
			}
		}
	}
}

// TestReferenceWaitsAreReady: the reference's waits (from refHu) are
// nonempty exactly when its shanten (from the distance tables) is 0.
func TestReferenceWaitsAreReady(t *testing.T) {
	t.Parallel()
	r := newRefJudge()
	cs, err := positions(12, caseCount(20_000), engine.Waiting)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		h, meld, melds, rules := parts(&c.pos)
		s := r.shanten(h, meld, melds, rules)
		ws := refWaits(h, meld, melds, rules)
		if (len(ws) > 0) != (s == 0) {
			t.Errorf("reference on %v: waits %q but shanten %d", c, formatWaits(ws), s)
		}
		if s == 0 {
			if eff := r.effective(h, meld, melds, rules); !slices.Equal(eff, waitTiles(ws)) {
				t.Errorf("reference on %v: ready, effective %s but waits %s", c, formatTiles(eff), formatTiles(waitTiles(ws)))
			}
		}
	}
}
