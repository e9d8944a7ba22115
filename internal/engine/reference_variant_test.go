package engine_test

// This file holds the reference judge for the variant rules (wildcards,
// knitted forms, a suit limit, five melds), written from the definitions
// alone. It has two halves that check each other:
//
//   - the substitution judge (substHu) assigns the jokers every multiset of
//     kinds and asks assignedForms, which knows only the forms' definitions
//     on a hand without jokers, whether the result wins;
//   - the distance judge (varRef) computes, for each form, the least number
//     d of tiles to add to the real tiles to hold a winning hand W of that
//     form (d = Σ max(W_i − real_i, 0)); the jokers fill d of them, so the
//     hand wins when d ≤ jokers and its shanten is d − jokers − 1. Under
//     wildcard rules W may hold any kind any number of times; without them
//     W never holds more than the 4 copies minus those in declared melds,
//     and no honor in a suits-only set.
//
// Definitions (M is the rules' meld count minus the declared melds):
//
//   - standard: M sequences or triplets plus a pair;
//   - seven pairs (no declared melds): 7 pairs of distinct kinds, or with
//     SevenPairsFourAlike a kind held four times counting as two;
//   - thirteen orphans (no declared melds): every terminal and honor, one
//     of them twice;
//   - a knitted set K is 147 of one suit, 258 of another, 369 of the third;
//     honors-and-knitted (no declared melds) is 14 distinct kinds inside
//     K ∪ the 7 honors, greater when all 7 honors are among them; the
//     knitted straight is the 9 of K plus M−3 melds and a pair, or an
//     honors-and-knitted hand holding all 9 of K;
//   - the suit limit (MaxSuits 1 or 2) bounds the numbered suits of the real
//     tiles, the declared melds and the kinds the jokers stand for, in every
//     form.
//
// The shanten of the distance judge is checked against its definition by
// search: a waiting hand's shanten is the least k such that removing k real
// tiles and adding k+1 jokers wins (under wildcard rules), or the least
// number of exchanges (without).

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// varPos is a position split the way the variant rules see it.
type varPos struct {
	hand   engine.Counts // every concealed tile, jokers included
	real   engine.Counts // the concealed tiles that are not wildcards
	jokers int           // the concealed copies of wildcard kinds
	meld   engine.Counts // the declared melds' tiles
	melds  int           // the number of declared melds
	rules  engine.Rules
}

// newVarPos splits a concealed hand into real tiles and jokers.
func newVarPos(hand, meld engine.Counts, melds int, rules engine.Rules) varPos {
	v := varPos{hand: hand, real: hand, meld: meld, melds: melds, rules: rules}
	for t := range engine.NumKinds {
		if rules.Wildcards.Has(engine.Tile(t)) {
			v.jokers += int(hand[t])
			v.real[t] = 0
		}
	}
	return v
}

// varPosOf splits a validated position.
func varPosOf(p *engine.Position) varPos {
	return newVarPos(p.Hand(), p.MeldTiles(), p.NumMelds(), p.Rules())
}

// blocks is the number of melds the concealed tiles must still form.
func (v varPos) blocks() int { return v.rules.MeldCount() - v.melds }

// wild reports whether the rules name wildcards.
func (v varPos) wild() bool { return v.rules.Wildcards != 0 }

// drawable reports whether a copy of t may be drawn: fewer than 4 in hand
// and melds, and no honor in a suits-only set.
func (v varPos) drawable(t int) bool {
	return int(v.hand[t])+int(v.meld[t]) < engine.CopiesPerKind && (!v.rules.SuitsOnly || t < 27)
}

// allForms are the forms the rules enable for the position: the special
// forms only without declared melds, the knitted straight with at most one.
func (v varPos) allForms() engine.Forms {
	fs := engine.Forms(engine.Standard)
	r := v.rules
	if v.melds == 0 && v.rules.MeldCount() == 4 {
		if r.SevenPairs {
			fs |= engine.Forms(engine.SevenPairs)
		}
		if r.ThirteenOrphans {
			fs |= engine.Forms(engine.ThirteenOrphans)
		}
		if r.HonorsAndKnitted {
			fs |= engine.Forms(engine.HonorsAndKnitted) | engine.Forms(engine.GreaterHonorsAndKnitted)
		}
	}
	if r.KnittedStraight && v.blocks() >= 3 {
		fs |= engine.Forms(engine.KnittedStraight)
	}
	return fs
}

// knittedSets lists the six knitted sets: for each order (a, b, c) of the
// three suits, 147 of a, 258 of b and 369 of c.
var knittedSets = func() [6][9]int {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var out [6][9]int
	for i, p := range perms {
		for j, s := range p { // suit s holds ranks j+1, j+4, j+7
			for m := range 3 {
				out[i][3*j+m] = 9*s + j + 3*m
			}
		}
	}
	return out
}()

// honorKinds are the ids of the seven honors.
var honorKinds = [7]int{27, 28, 29, 30, 31, 32, 33}

// numberedSuits returns the set (bit s for suit s) of numbered suits held.
func numberedSuits(h engine.Counts) uint8 {
	var m uint8
	for t := range 27 {
		if h[t] > 0 {
			m |= 1 << (t / 9)
		}
	}
	return m
}

// suitLimitOK reports whether hand h with the declared meld tiles meld
// holds at most the rules' MaxSuits numbered suits.
func suitLimitOK(h, meld engine.Counts, rules engine.Rules) bool {
	if rules.MaxSuits == 0 || rules.MaxSuits >= 3 {
		return true
	}
	return bits.OnesCount8(numberedSuits(h)|numberedSuits(meld)) <= int(rules.MaxSuits)
}

// isHonorsAndKnitted reports whether the 14 tiles h are distinct kinds
// inside one knitted set and the honors, and whether all 7 honors are there.
func isHonorsAndKnitted(h engine.Counts) (ok, greater bool) {
	if total(h) != 14 {
		return false, false
	}
	for _, k := range h {
		if k > 1 {
			return false, false
		}
	}
	for _, ks := range knittedSets {
		inside := 0
		for _, t := range ks {
			inside += int(h[t])
		}
		for _, t := range honorKinds {
			inside += int(h[t])
		}
		if inside == 14 {
			honors := 0
			for _, t := range honorKinds {
				honors += int(h[t])
			}
			return true, honors == 7
		}
	}
	return false, false
}

// isKnittedStraight reports whether h (the concealed tiles, blocks melds
// still to form) is the 9 of a knitted set plus blocks−3 melds and a pair,
// or, without declared melds, honors-and-knitted holding all 9 of the set.
func isKnittedStraight(h engine.Counts, blocks, melds int) bool {
	for _, ks := range knittedSets {
		rest, all := h, true
		for _, t := range ks {
			if rest[t] == 0 {
				all = false
				break
			}
			rest[t]--
		}
		if !all {
			continue
		}
		if blocks >= 3 && standardWins(rest, blocks-3) {
			return true
		}
		if melds == 0 && blocks == 4 {
			if ok, _ := isHonorsAndKnitted(h); ok {
				return true
			}
		}
	}
	return false
}

// assignedForms returns the forms the rules enable in which the concealed
// tiles h win, every joker already replaced by the kind it stands for (so
// a kind may be held 5 or more times).
func assignedForms(h engine.Counts, v varPos) engine.Forms {
	if !suitLimitOK(h, v.meld, v.rules) {
		return 0
	}
	enabled := v.allForms()
	var fs engine.Forms
	if standardWins(h, v.blocks()) {
		fs |= engine.Forms(engine.Standard)
	}
	if enabled.Has(engine.SevenPairs) && isSevenPairs(h, v.rules.SevenPairsFourAlike) {
		fs |= engine.Forms(engine.SevenPairs)
	}
	if enabled.Has(engine.ThirteenOrphans) && isThirteenOrphans(h) {
		fs |= engine.Forms(engine.ThirteenOrphans)
	}
	if enabled.Has(engine.HonorsAndKnitted) {
		if ok, greater := isHonorsAndKnitted(h); ok {
			fs |= engine.Forms(engine.HonorsAndKnitted)
			if greater {
				fs |= engine.Forms(engine.GreaterHonorsAndKnitted)
			}
		}
	}
	if enabled.Has(engine.KnittedStraight) && isKnittedStraight(h, v.blocks(), v.melds) {
		fs |= engine.Forms(engine.KnittedStraight)
	}
	return fs
}

// substHu is the substitution judge: the union, over every multiset of
// kinds the jokers may stand for, of the forms the result wins in. It
// tries 34^jokers/jokers! assignments: keep jokers small.
func substHu(v varPos) engine.Forms {
	enabled := v.allForms()
	var fs engine.Forms
	var assign func(h engine.Counts, left, from int) bool // true: every form found, stop
	assign = func(h engine.Counts, left, from int) bool {
		if left == 0 {
			fs |= assignedForms(h, v)
			return fs == enabled
		}
		for t := from; t < engine.NumKinds; t++ {
			h[t]++
			if assign(h, left-1, t) {
				return true
			}
			h[t]--
		}
		return false
	}
	assign(v.real, v.jokers, 0)
	return fs
}

// unlimited caps a kind no target hand can exceed.
const unlimited = 63

// capVec holds the most copies of each kind a target hand may hold.
type capVec [engine.NumKinds]int

// maxBlocks is the most melds any game has.
const maxBlocks = 5

// costTable[b][p] is the least Σ max(W_i − h_i, 0) over the patterns W of
// some kinds made of b melds and p pairs within the caps, or inf.
type costTable [maxBlocks + 1][2]int

// suitKey identifies one suit's counts and caps for the memo.
type suitKey struct {
	h, caps  [9]uint8
	n        uint8
	numbered bool
}

// varRef is the distance judge. It memoises per-suit cost tables in a
// map behind a lock, so one judge serves parallel tests.
type varRef struct {
	mu   sync.RWMutex
	memo map[suitKey]costTable
}

// sharedVarRef is the one distance judge the tests share.
var sharedVarRef = sync.OnceValue(func() *varRef { return &varRef{memo: map[suitKey]costTable{}} })

// suitCost is a dynamic program over one suit's kinds in order: at kind i
// it chooses how many sequences start there (numbered suits, i+2 < n), how
// many triplets and whether the pair sits there; the pattern holds W_i =
// (sequences started at i−2, i−1 and i) + 3·triplets + 2·pair copies of i,
// which must stay within cap_i and cost max(W_i − h_i, 0).
// cur[s2][s1][b][p] is the least cost so far with s2 sequences started at
// i−2 and s1 at i−1, b melds and p pairs.
func suitCost(h, caps []int, numbered bool) costTable {
	type states [maxBlocks + 1][maxBlocks + 1][maxBlocks + 1][2]int
	var none states
	for a := range none {
		for b := range none[a] {
			for c := range none[a][b] {
				none[a][b][c] = [2]int{inf, inf}
			}
		}
	}
	cur := none
	cur[0][0][0][0] = 0
	n := len(h)
	for i := range n {
		next := none
		maxSeq := 0
		if numbered && i+2 < n {
			maxSeq = maxBlocks
		}
		for s2 := range maxBlocks + 1 {
			for s1 := range maxBlocks + 1 {
				for b := range maxBlocks + 1 {
					for p := range 2 {
						c := cur[s2][s1][b][p]
						if c >= inf {
							continue
						}
						for sq := 0; sq <= maxSeq && b+sq <= maxBlocks; sq++ {
							for tr := 0; b+sq+tr <= maxBlocks; tr++ {
								for pr := 0; p+pr <= 1; pr++ {
									w := s2 + s1 + sq + 3*tr + 2*pr
									if w > caps[i] {
										continue
									}
									nc := c + max(w-h[i], 0)
									if nc < next[s1][sq][b+sq+tr][p+pr] {
										next[s1][sq][b+sq+tr][p+pr] = nc
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
	var t costTable
	for b := range maxBlocks + 1 {
		for p := range 2 {
			t[b][p] = min(cur[0][0][b][p], inf)
		}
	}
	return t
}

// suit returns the memoised cost table of kinds [lo, lo+n).
func (x *varRef) suit(h *engine.Counts, caps *capVec, lo int) costTable {
	n := min(9, engine.NumKinds-lo)
	k := suitKey{n: uint8(n), numbered: lo < 27}
	for i := range n {
		k.h[i], k.caps[i] = h[lo+i], uint8(min(caps[lo+i], unlimited))
	}
	x.mu.RLock()
	t, ok := x.memo[k]
	x.mu.RUnlock()
	if ok {
		return t
	}
	hs, cs := make([]int, n), make([]int, n)
	for i := range n {
		hs[i], cs[i] = int(k.h[i]), int(k.caps[i])
	}
	t = suitCost(hs, cs, lo < 27)
	x.mu.Lock()
	x.memo[k] = t
	x.mu.Unlock()
	return t
}

// combine returns the least cost of b melds and p pairs split in every way
// between two disjoint groups of kinds.
func combine(a, b costTable) costTable {
	var z costTable
	for nb := range maxBlocks + 1 {
		for np := range 2 {
			z[nb][np] = inf
			for ba := 0; ba <= nb; ba++ {
				for pa := 0; pa <= np; pa++ {
					z[nb][np] = min(z[nb][np], a[ba][pa]+b[nb-ba][np-pa])
				}
			}
		}
	}
	return z
}

// standardDist is the least number of tiles h misses from blocks melds
// plus a pair within caps.
func (x *varRef) standardDist(h engine.Counts, caps capVec, blocks int) int {
	all := x.suit(&h, &caps, 0)
	for _, lo := range []int{9, 18, 27} {
		all = combine(all, x.suit(&h, &caps, lo))
	}
	return all[blocks][1]
}

// sevenPairsDist is the least number of tiles h misses from seven pairs
// within caps: each kind gives no pair, one (2 copies) or, with fourAlike,
// two (4 copies).
func sevenPairsDist(h engine.Counts, caps capVec, fourAlike bool) int {
	var dp [8]int // dp[j]: least cost of j pairs among the kinds seen so far
	for j := range dp {
		dp[j] = inf
	}
	dp[0] = 0
	for t, k := range h {
		next := dp
		for j := range 8 {
			if dp[j] >= inf {
				continue
			}
			if j+1 <= 7 && caps[t] >= 2 {
				next[j+1] = min(next[j+1], dp[j]+max(2-int(k), 0))
			}
			if fourAlike && j+2 <= 7 && caps[t] >= 4 {
				next[j+2] = min(next[j+2], dp[j]+max(4-int(k), 0))
			}
		}
		dp = next
	}
	return dp[7]
}

// orphansDist is the least number of tiles h misses from thirteen orphans
// within caps.
func orphansDist(h engine.Counts, caps capVec) int {
	best := inf
	for _, dup := range yaochuu {
		d := 0
		for _, y := range yaochuu {
			want := 1
			if y == dup {
				want = 2
			}
			if caps[y] < want {
				d = inf
				break
			}
			d += max(want-int(h[y]), 0)
		}
		best = min(best, d)
	}
	return best
}

// knittedDist is the least number of tiles h misses from 14 distinct
// kinds of knitted set ks and the honors within caps; with greater all 7
// honors must be among them, with straight all 9 of the set. It tries
// every pair of the 16 kinds to leave out.
func knittedDist(h engine.Counts, caps capVec, ks [9]int, greater, straight bool) int {
	var kinds [16]int
	copy(kinds[:], ks[:])
	copy(kinds[9:], honorKinds[:])
	missing, unavailable := 0, 0 // over all 16 kinds
	for _, t := range kinds {
		if h[t] == 0 {
			missing++
		}
		if caps[t] < 1 {
			unavailable++
		}
	}
	best := inf
	for a := range kinds {
		for b := a + 1; b < len(kinds); b++ {
			if greater && b >= 9 || straight && a < 9 { // greater keeps the honors, straight the set
				continue
			}
			left := unavailable // unavailable kinds kept
			d := missing        // missing kinds kept
			for _, i := range [2]int{a, b} {
				if caps[kinds[i]] < 1 {
					left--
				}
				if h[kinds[i]] == 0 {
					d--
				}
			}
			if left == 0 {
				best = min(best, d)
			}
		}
	}
	return best
}

// straightDist is the least number of tiles h misses from the 9 of some
// knitted set plus blocks−3 melds and a pair within caps.
func (x *varRef) straightDist(h engine.Counts, caps capVec, blocks int) int {
	best := inf
	for _, ks := range knittedSets {
		rest, restCaps, d := h, caps, 0
		for _, t := range ks {
			if restCaps[t] < 1 {
				d = inf
				break
			}
			restCaps[t]--
			if rest[t] > 0 {
				rest[t]--
			} else {
				d++
			}
		}
		if d < inf {
			best = min(best, d+x.standardDist(rest, restCaps, blocks-3))
		}
	}
	return best
}

// formDists are the distances of the real tiles to each form, by the
// form's bit index; forms the rules do not enable stay inf.
type formDists [8]int

// caps returns the caps of a target hand under suit set mask (bit s for
// numbered suit s): kinds of other numbered suits are left out; without
// wildcards a kind stays within 4 copies counting the declared melds, and a
// suits-only set holds no honors.
func (v varPos) caps(mask uint8) capVec {
	var c capVec
	for t := range engine.NumKinds {
		switch {
		case t < 27 && mask&(1<<(t/9)) == 0:
			c[t] = 0
		case v.wild():
			c[t] = unlimited
		case v.rules.SuitsOnly && t >= 27:
			c[t] = 0
		default:
			c[t] = engine.CopiesPerKind - int(v.meld[t])
		}
	}
	return c
}

// suitMasks lists the sets of numbered suits a win may use: all three
// without a limit, else every set of at most MaxSuits suits holding the
// declared melds' suits.
func (v varPos) suitMasks() []uint8 {
	ms := int(v.rules.MaxSuits)
	if ms == 0 || ms >= 3 {
		return []uint8{7}
	}
	var out []uint8
	meldSuits := numberedSuits(v.meld)
	for m := range uint8(8) {
		if bits.OnesCount8(m) <= ms && m&meldSuits == meldSuits {
			out = append(out, m)
		}
	}
	return out
}

// dists returns the distance of real tiles h to each enabled form, the
// least over the allowed suit sets.
func (x *varRef) dists(v varPos, h engine.Counts) formDists {
	enabled := v.allForms()
	var out formDists
	for i := range out {
		out[i] = inf
	}
	set := func(f engine.Form, d int) {
		if enabled.Has(f) {
			i := bits.TrailingZeros8(uint8(f))
			out[i] = min(out[i], d)
		}
	}
	for _, mask := range v.suitMasks() {
		caps := v.caps(mask)
		set(engine.Standard, x.standardDist(h, caps, v.blocks()))
		if enabled.Has(engine.KnittedStraight) {
			set(engine.KnittedStraight, x.straightDist(h, caps, v.blocks()))
		}
		if v.melds > 0 || v.rules.MeldCount() != 4 {
			continue
		}
		if enabled.Has(engine.SevenPairs) {
			set(engine.SevenPairs, sevenPairsDist(h, caps, v.rules.SevenPairsFourAlike))
		}
		if enabled.Has(engine.ThirteenOrphans) {
			set(engine.ThirteenOrphans, orphansDist(h, caps))
		}
		for _, ks := range knittedSets {
			if enabled.Has(engine.HonorsAndKnitted) {
				set(engine.HonorsAndKnitted, knittedDist(h, caps, ks, false, false))
				set(engine.GreaterHonorsAndKnitted, knittedDist(h, caps, ks, true, false))
			}
			if enabled.Has(engine.KnittedStraight) {
				set(engine.KnittedStraight, knittedDist(h, caps, ks, false, true))
			}
		}
	}
	return out
}

// best is the least distance over the forms, inf when none can be reached.
func (d formDists) best() int { return min(slices.Min(d[:]), inf) }

// forms are the forms within jokers tiles.
func (d formDists) forms(jokers int) engine.Forms {
	var fs engine.Forms
	for i, x := range d {
		if x <= jokers {
			fs |= engine.Forms(1 << i)
		}
	}
	return fs
}

// hu returns the forms in which the complete position wins.
func (x *varRef) hu(v varPos) engine.Forms { return x.dists(v, v.real).forms(v.jokers) }

// noWin is the shanten of a position no tiles can make win (declared
// melds over the suit limit): the API's Unreachable.
const noWin = engine.Unreachable

// shanten returns the least distance minus the jokers minus one, or noWin.
func (x *varRef) shanten(v varPos) int {
	d := x.dists(v, v.real).best()
	if d >= inf {
		return noWin
	}
	return d - v.jokers - 1
}

// withDraw returns v after drawing a copy of t: a joker when t is a
// wildcard kind.
func (v varPos) withDraw(t int) varPos {
	v.hand[t]++
	if v.rules.Wildcards.Has(engine.Tile(t)) {
		v.jokers++
	} else {
		v.real[t]++
	}
	return v
}

// withDiscard returns v after discarding a copy of t.
func (v varPos) withDiscard(t int) varPos {
	v.hand[t]--
	if v.rules.Wildcards.Has(engine.Tile(t)) {
		v.jokers--
	} else {
		v.real[t]--
	}
	return v
}

// waits lists the waits (tiles and forms; shapes are left zero) of a
// waiting position: every drawable kind whose draw wins, with the forms it
// wins in. A drawn wildcard is a joker.
func (x *varRef) waits(v varPos) []engine.Wait {
	var out []engine.Wait
	for t := range engine.NumKinds {
		if !v.drawable(t) {
			continue
		}
		if fs := x.hu(v.withDraw(t)); fs.Wins() {
			out = append(out, engine.Wait{Tile: engine.Tile(t), Forms: fs})
		}
	}
	return out
}

// effective lists the drawable kinds whose draw lowers the shanten of a
// waiting position.
func (x *varRef) effective(v varPos) []engine.Tile {
	s := x.shanten(v)
	var out []engine.Tile
	for t := range engine.NumKinds {
		if v.drawable(t) && x.shanten(v.withDraw(t)) < s {
			out = append(out, engine.Tile(t))
		}
	}
	return out
}

// advise lists, for each distinct concealed kind in id order, the shanten
// and effective tiles after discarding it.
func (x *varRef) advise(v varPos) []engine.Option {
	var out []engine.Option
	for t := range engine.NumKinds {
		if v.hand[t] == 0 {
			continue
		}
		w := v.withDiscard(t)
		out = append(out, engine.Option{Discard: engine.Tile(t), Shanten: x.shanten(w), Effective: x.effective(w)})
	}
	return out
}

// substWaits lists the waits (tiles and forms) by substitution: a drawn
// kind t wins when substHu of the hand plus t does; a drawn wildcard is
// one more joker, which stands for any kind t.
func substWaits(v varPos) []engine.Wait {
	var out []engine.Wait
	for t := range engine.NumKinds {
		if !v.drawable(t) {
			continue
		}
		var fs engine.Forms
		if v.rules.Wildcards.Has(engine.Tile(t)) {
			for s := range engine.NumKinds {
				w := v
				w.real[s]++
				fs |= substHu(w)
			}
		} else {
			fs = substHu(v.withDraw(t))
		}
		if fs.Wins() {
			out = append(out, engine.Wait{Tile: engine.Tile(t), Forms: fs})
		}
	}
	return out
}

// readingsAnyCount lists every distinct {pair, blocks} reading of the
// concealed h as a pair plus blocks melds, like refDecompositions, but for
// counts above 4 too: several triplets may then sit on one kind.
func readingsAnyCount(h engine.Counts, blocks int) []engine.Decomposition {
	return readings(h, blocks, blockSetsAnyCount)
}

// blockSetsAnyCount lists every multiset of blocks h splits into, each
// once: the lowest kind held, i, is covered by some triplets at i and the
// rest by sequences starting at i.
func blockSetsAnyCount(h *engine.Counts, acc []engine.Block, out *[][]engine.Block) {
	i := 0
	for i < engine.NumKinds && h[i] == 0 {
		i++
	}
	if i == engine.NumKinds {
		*out = append(*out, slices.Clone(acc))
		return
	}
	for trips := 0; 3*trips <= int(h[i]); trips++ {
		seqs := int(h[i]) - 3*trips
		if seqs > 0 && (!startsSequence(i) || int(h[i+1]) < seqs || int(h[i+2]) < seqs) {
			continue
		}
		next := slices.Clone(acc)
		for range trips {
			next = append(next, engine.Block{Kind: engine.Triplet, First: engine.Tile(i)})
		}
		for range seqs {
			next = append(next, engine.Block{Kind: engine.Sequence, First: engine.Tile(i)})
		}
		h[i] -= uint8(3*trips + seqs)
		if seqs > 0 {
			h[i+1] -= uint8(seqs)
			h[i+2] -= uint8(seqs)
		}
		blockSetsAnyCount(h, next, out)
		h[i] += uint8(3*trips + seqs)
		if seqs > 0 {
			h[i+1] += uint8(seqs)
			h[i+2] += uint8(seqs)
		}
	}
}

// readingPiece is one pair or block of a reading, with its tiles.
type readingPiece struct {
	block engine.Block // for the pair: Kind Triplet, First the pair's tile
	pair  bool
	wild  uint8
}

// tiles returns the piece's tiles in id order.
func (rp readingPiece) tiles() []engine.Tile {
	ts := rp.block.Tiles()
	if rp.pair {
		return ts[:2]
	}
	return ts[:]
}

// lowestWild returns the lowest wildcard kind.
func lowestWild(r engine.Rules) engine.Tile { return r.Wildcards.Tiles()[0] }

// canonical applies the display rules of jokers: in a pair or triplet they
// take the highest positions; a piece of jokers only reads as a pair or
// triplet of the lowest wildcard kind.
func (rp readingPiece) canonical(r engine.Rules) readingPiece {
	n := len(rp.tiles())
	k := bits.OnesCount8(rp.wild)
	switch {
	case k == n:
		rp.block = engine.Block{Kind: engine.Triplet, First: lowestWild(r)}
		rp.wild = 1<<n - 1
	case rp.pair || rp.block.Kind == engine.Triplet:
		rp.wild = uint8(1<<n-1) &^ (1<<(n-k) - 1)
	}
	rp.block.Wild = 0
	if !rp.pair {
		rp.block.Wild = rp.wild
	}
	return rp
}

// decomposition builds a sorted Decomposition from canonical pieces.
func decomposition(pieces []readingPiece) engine.Decomposition {
	var d engine.Decomposition
	for _, p := range pieces {
		if p.pair {
			d.Pair, d.PairWild = p.block.First, p.wild
			continue
		}
		d.Blocks = append(d.Blocks, p.block)
	}
	slices.SortFunc(d.Blocks, compareWildBlocks)
	return d
}

// compareWildBlocks orders blocks by First, sequences first, then Wild.
func compareWildBlocks(a, b engine.Block) int {
	return cmp.Or(cmp.Compare(a.First, b.First), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Wild, b.Wild))
}

// decompositionKey renders a reading with its wildcard bits, for sets.
func decompositionKey(d engine.Decomposition) string {
	s := formatDecompositions([]engine.Decomposition{d}) + "/" + string('0'+rune(d.PairWild))
	for _, b := range d.Blocks {
		s += string('0' + rune(b.Wild))
	}
	return s
}

// placeJokers lists every way to mark which tiles of the pieces are
// jokers, given the kinds the jokers stand for (need[t] jokers of kind t).
func placeJokers(pieces []readingPiece, need map[engine.Tile]int, i, j int, out func([]readingPiece)) {
	if i == len(pieces) {
		for _, n := range need {
			if n > 0 {
				return
			}
		}
		out(pieces)
		return
	}
	ts := pieces[i].tiles()
	if j == len(ts) {
		placeJokers(pieces, need, i+1, 0, out)
		return
	}
	placeJokers(pieces, need, i, j+1, out)
	if t := ts[j]; need[t] > 0 {
		need[t]--
		pieces[i].wild |= 1 << j
		placeJokers(pieces, need, i, j+1, out)
		pieces[i].wild &^= 1 << j
		need[t]++
	}
}

// substDecompositions lists, by substitution, every distinct standard
// reading of the concealed tiles, jokers marked, in canonical form and
// sorted by key. It tries every multiset of kinds for the jokers: keep
// them few.
func substDecompositions(v varPos) []engine.Decomposition {
	seen := map[string]engine.Decomposition{}
	var assign func(h engine.Counts, assigned []engine.Tile, from int)
	assign = func(h engine.Counts, assigned []engine.Tile, from int) {
		if len(assigned) < v.jokers {
			for t := from; t < engine.NumKinds; t++ {
				h[t]++
				assign(h, append(assigned, engine.Tile(t)), t)
				h[t]--
			}
			return
		}
		if !suitLimitOK(h, v.meld, v.rules) || !standardWins(h, v.blocks()) {
			return
		}
		for _, d := range readingsAnyCount(h, v.blocks()) {
			pieces := []readingPiece{{block: engine.Block{Kind: engine.Triplet, First: d.Pair}, pair: true}}
			for _, b := range d.Blocks {
				pieces = append(pieces, readingPiece{block: b})
			}
			need := map[engine.Tile]int{}
			for _, t := range assigned {
				need[t]++
			}
			placeJokers(pieces, need, 0, 0, func(ps []readingPiece) {
				cs := make([]readingPiece, len(ps))
				for i, p := range ps {
					cs[i] = p.canonical(v.rules)
				}
				dd := decomposition(cs)
				seen[decompositionKey(dd)] = dd
			})
		}
	}
	assign(v.real, nil, 0)
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]engine.Decomposition, len(keys))
	for i, k := range keys {
		out[i] = seen[k]
	}
	return out
}

// TestKnittedSets checks the six knitted sets are 147/258/369 over three
// different suits, all distinct.
func TestKnittedSets(t *testing.T) {
	seen := map[[9]int]bool{}
	for _, ks := range knittedSets {
		var tiles []engine.Tile
		for _, k := range ks {
			tiles = append(tiles, engine.Tile(k))
		}
		var c engine.Counts
		for _, k := range ks {
			c[k]++
		}
		if seen[ks] || total(c) != 9 || numberedSuits(c) != 7 {
			t.Errorf("knitted set %s repeated or not over three suits", engine.Format(tiles))
		}
		seen[ks] = true
		ranks := map[int][]int{}
		for _, k := range ks {
			ranks[k/9] = append(ranks[k/9], k%9+1)
		}
		for s, rs := range ranks {
			if len(rs) != 3 || rs[1] != rs[0]+3 || rs[2] != rs[1]+3 || rs[0] > 3 {
				t.Errorf("knitted set %s: suit %d holds ranks %v", engine.Format(tiles), s, rs)
			}
		}
	}
}

// substWins reports whether some assignment of the jokers wins in some
// form: substHu, stopping at the first win.
func substWins(v varPos) bool {
	var assign func(h engine.Counts, left, from int) bool
	assign = func(h engine.Counts, left, from int) bool {
		if left == 0 {
			return assignedForms(h, v).Wins()
		}
		for t := from; t < engine.NumKinds; t++ {
			h[t]++
			if assign(h, left-1, t) {
				return true
			}
			h[t]--
		}
		return false
	}
	return assign(v.real, v.jokers, 0)
}

// removals calls f with every multiset of k real tiles removed from v,
// until f returns true; it reports whether one did.
func removals(v varPos, k, from int, f func(varPos) bool) bool {
	if k == 0 {
		return f(v)
	}
	for t := from; t < engine.NumKinds; t++ {
		if v.real[t] == 0 {
			continue
		}
		v.real[t]--
		v.hand[t]--
		if removals(v, k-1, t, f) {
			return true
		}
		v.real[t]++
		v.hand[t]++
	}
	return false
}

// searchWildShanten is the wildcard shanten straight from its definition,
// by substitution: a complete hand that does not win is k−1 for the least
// k ≥ 1 such that replacing some k real tiles by jokers wins; a waiting
// hand is the least k such that removing k real tiles and adding k+1
// jokers wins. It gives up (returning limit+1) beyond shanten limit.
func searchWildShanten(v varPos, complete bool, limit int) int {
	if complete && substWins(v) {
		return -1
	}
	for s := 0; s <= limit; s++ {
		k, add := s, s+1 // waiting: remove s, add s+1
		if complete {
			k, add = s+1, s+1 // complete: replace s+1
		}
		if removals(v, k, 0, func(w varPos) bool { w.jokers += add; return substWins(w) }) {
			return s
		}
	}
	return limit + 1
}

// searchExchangeShanten is the shanten without wildcards straight from
// "tiles to exchange", like searchShanten but judging wins with
// assignedForms and drawing only what the rules allow: a waiting hand is d
// away when some allowed draw wins (d = 1), or some draw and discard leave
// a hand d−1 away. It gives up (returning limit) beyond limit exchanges.
func searchExchangeShanten(v varPos, complete bool, limit int) int {
	drawable := func(h *engine.Counts, t engine.Tile) bool {
		w := v
		w.hand = *h
		return w.drawable(int(t))
	}
	wins := func(h engine.Counts) bool { return assignedForms(h, v).Wins() }
	away := func(h engine.Counts, d int) bool { return winsWithin(h, d, drawable, wins) }
	if complete {
		if assignedForms(v.real, v).Wins() {
			return -1
		}
		best := limit
		for x := range engine.NumKinds {
			if v.real[x] > 0 {
				best = min(best, searchExchangeShanten(v.withDiscard(x), false, limit))
			}
		}
		return best
	}
	for d := 1; d <= limit; d++ {
		if away(v.real, d) {
			return d - 1
		}
	}
	return limit
}

// TestVarRefMatchesPlainReference: under the plain rules the distance
// judge and the substitution judge (no jokers) agree with refJudge.
func TestVarRefMatchesPlainReference(t *testing.T) {
	t.Parallel()
	x, r := sharedVarRef(), newRefJudge()
	m := mismatches{t: t}
	for _, s := range []engine.Stage{engine.Waiting, engine.Complete} {
		cs := cases(t, s)
		for _, c := range cs[:min(len(cs), caseCount(20_000))] {
			h, meld, n, rules := parts(&c.pos)
			v := varPosOf(&c.pos)
			if got, want := x.shanten(v), r.shanten(h, meld, n, rules); got != want {
				m.errorf("distance shanten of %v = %d, refJudge %d", c, got, want)
			}
			if s == engine.Complete {
				want := refHu(h, n, rules)
				if got := x.hu(v); got != want {
					m.errorf("distance forms of %v = %v, refJudge %v", c, got.Names(), want.Names())
				}
				if got := substHu(v); got != want {
					m.errorf("substitution forms of %v = %v, refJudge %v", c, got.Names(), want.Names())
				}
				if g, w := formatWildDecompositions(substDecompositions(v)), formatWildDecompositions(refDecompositions(h, 4-n)); g != w {
					m.errorf("substitution readings of %v = %s, refJudge %s", c, g, w)
				}
				continue
			}
			if g, w := formatWaitForms(x.waits(v)), formatWaitForms(refWaits(h, meld, n, rules)); g != w {
				m.errorf("distance waits of %v = %s, refJudge %s", c, g, w)
			}
			if g, w := formatTiles(x.effective(v)), formatTiles(r.effective(h, meld, n, rules)); g != w {
				m.errorf("distance effective tiles of %v = %s, refJudge %s", c, g, w)
			}
		}
	}
	m.done()
}

// TestVarRefDistanceMatchesSubstitution: on the variant cases (at most
// two jokers) the distance judge's forms and waits are the substitution
// judge's.
func TestVarRefDistanceMatchesSubstitution(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	cs, err := varCompleteCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs[:min(len(cs), caseCount(10_000))] {
		v := varPosOf(&c.pos)
		if got, want := x.hu(v), substHu(v); got != want {
			m.errorf("distance forms of %v = %v, substitution %v", c, got.Names(), want.Names())
		}
	}
	ws, err := varWaitingCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ws[:min(len(ws), caseCount(1_000))] {
		v := varPosOf(&c.pos)
		if g, w := formatWaitForms(x.waits(v)), formatWaitForms(substWaits(v)); g != w {
			m.errorf("distance waits of %v = %s, substitution %s", c, g, w)
		}
	}
	m.done()
}

// TestVarRefShantenBySearch checks the distance judge's shanten against
// its definitions on near-ready variant hands: exact up to the search
// limit, and beyond it both past the limit.
func TestVarRefShantenBySearch(t *testing.T) {
	t.Parallel()
	x := sharedVarRef()
	m := mismatches{t: t}
	n := 60
	if testing.Short() || raceEnabled {
		n = 12
	}
	for _, s := range []engine.Stage{engine.Waiting, engine.Complete} {
		cs, err := variantPositions(71+uint64(s), 40*n, s, variantRuleSets, 1)
		if err != nil {
			t.Fatal(err)
		}
		wild, plain := 0, 0
		seen := map[string]int{} // how many hands of each kind and shanten (2: at least 2) were searched
		for _, c := range cs {
			v := varPosOf(&c.pos)
			got := x.shanten(v)
			if got == noWin {
				continue
			}
			if v.wild() {
				if wild >= n || c.gen == "dealt" || c.gen == "knitted" {
					continue
				}
				wild++
				seen[fmt.Sprintf("wildcard %d", min(got, 2))]++
				if want := searchWildShanten(v, s == engine.Complete, 1); min(got, 2) != want {
					m.errorf("distance shanten of %v = %d, the definition says %d (2 = at least 2)", c, got, want)
				}
				continue
			}
			if plain >= n {
				continue
			}
			plain++
			seen[fmt.Sprintf("plain %d", min(got, 2))]++
			if want := searchExchangeShanten(v, s == engine.Complete, 2); min(got, 2) != want {
				m.errorf("distance shanten of %v = %d, exchange search says %d (2 = at least 2)", c, got, want)
			}
		}
		if wild < n || plain < n {
			t.Errorf("stage %v: searched %d wildcard and %d plain hands, want %d each", s, wild, plain, n)
		}
		for _, kind := range []string{"wildcard", "plain"} {
			lo := 0 // waiting: 0 and 1; complete: −1 and 0
			if s == engine.Complete {
				lo = -1
			}
			for sh := lo; sh <= lo+1; sh++ {
				if seen[fmt.Sprintf("%s %d", kind, sh)] == 0 {
					t.Errorf("stage %v: no %s hand of shanten %d searched (searched %v)", s, kind, sh, seen)
				}
			}
		}
	}
	m.done()
}

// TestSuitCostMatchesEnumeration checks the per-suit program against an
// enumeration of every pattern of up to two melds and a pair of one suit,
// with caps from 0 to unlimited.
func TestSuitCostMatchesEnumeration(t *testing.T) {
	g := newDealer(81)
	for range 300 {
		n, numbered := 9, g.rng.IntN(4) > 0
		if !numbered {
			n = 7
		}
		h, caps := make([]int, n), make([]int, n)
		for i := range n {
			h[i] = g.rng.IntN(5) * g.rng.IntN(2)
			caps[i] = []int{0, 1, 2, 3, 4, 4, unlimited, unlimited}[g.rng.IntN(8)]
		}
		got := suitCost(h, caps, numbered)
		want := enumerateSuitCost(h, caps, numbered)
		for b := range 3 {
			for p := range 2 {
				if got[b][p] != want[b][p] {
					t.Errorf("suitCost(%v, caps %v, numbered %v)[%d melds][%d pairs] = %d, enumeration %d", h, caps, numbered, b, p, got[b][p], want[b][p])
				}
			}
		}
	}
}

// enumerateSuitCost lists every pattern of at most two melds and a pair
// within one suit and takes the cheapest within the caps.
func enumerateSuitCost(h, caps []int, numbered bool) [3][2]int {
	n := len(h)
	var melds [][]int // each meld's kinds
	for i := range n {
		melds = append(melds, []int{i, i, i})
		if numbered && i+2 < n {
			melds = append(melds, []int{i, i + 1, i + 2})
		}
	}
	var out [3][2]int
	for b := range out {
		out[b] = [2]int{inf, inf}
	}
	cost := func(kinds ...[]int) int {
		w := make([]int, n)
		for _, ks := range kinds {
			for _, k := range ks {
				w[k]++
			}
		}
		c := 0
		for i := range n {
			if w[i] > caps[i] {
				return inf
			}
			c += max(w[i]-h[i], 0)
		}
		return c
	}
	pairs := [][]int{nil}
	for i := range n {
		pairs = append(pairs, []int{i, i})
	}
	for p, pair := range pairs {
		pp := min(p, 1)
		out[0][pp] = min(out[0][pp], cost(pair))
		for i, a := range melds {
			out[1][pp] = min(out[1][pp], cost(pair, a))
			for _, b := range melds[i:] {
				out[2][pp] = min(out[2][pp], cost(pair, a, b))
			}
		}
	}
	return out
}

// TestReadingsAnyCount checks the readings of hands holding a kind 5 or 6
// times (as jokers make them), worked out by hand, and that below 5 copies
// they are refDecompositions'.
func TestReadingsAnyCount(t *testing.T) {
	tests := []struct {
		hand string // counted, not validated: may hold 5+ copies
		want string
	}{
		// Pair 33s or 66s leaves a lone 3s or 6s: only EE pairs.
		{"333333s666s888pEE", "E|333s 333s 666s 888p"},
		// Pair 11m leaves 111m 2233m and SS: only SS pairs (sequences sort
		// before the triplet on the same tile).
		{"11111m2233mEEESS", "S|123m 123m 111m EEE"},
		{"55555sEEESSSWWW", "5s|555s EEE SSS WWW"},
	}
	for _, tt := range tests {
		h := counts(t, tt.hand)
		if got := formatDecompositions(readingsAnyCount(h, (total(h)-2)/3)); got != tt.want {
			t.Errorf("readingsAnyCount(%s) = %q, want %q", tt.hand, got, tt.want)
		}
	}
	cs := cases(t, engine.Complete)
	for _, c := range cs[:min(len(cs), caseCount(5_000))] {
		h, _, n, _ := parts(&c.pos)
		ds := readingsAnyCount(h, 4-n)
		slices.SortFunc(ds, compareDecompositions)
		if g, w := formatDecompositions(ds), formatDecompositions(refDecompositions(h, 4-n)); g != w {
			t.Errorf("readingsAnyCount(%v) = %q, refDecompositions %q", c, g, w)
		}
	}
}
