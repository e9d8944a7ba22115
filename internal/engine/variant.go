package engine

import (
	"encoding/binary"
	"math/bits"
)

// The variant judgments: rules with wildcards, knitted forms, a suit limit
// or five melds. They share one model. The concealed tiles split into real
// tiles and jokers (the copies of wildcard kinds). A form's distance d is
// the least number of tiles to add to the real tiles so that they hold the
// form, where under wildcard rules any kind may be added any number of
// times (a joker, held or drawn later, stands for it) and otherwise no kind
// beyond its 4th copy. The held jokers fill d of them: the shanten is
// d − jokers − 1, and the hand wins when d ≤ jokers.

// variantCtx holds what the variant judgments of one position need.
type variantCtx struct {
	vt        *variantTableSet
	r         Rules
	wild      bool
	blocks    int    // melds the concealed part forms besides the pair
	melds     int    // declared melds
	meldTiles Counts // tiles of the declared melds
	meldSuits uint8  // numbered suits of the declared melds, as bits
	caps      *caps  // copies left by declared melds, without wildcards
	exhausted uint64 // kinds all of whose copies are in declared melds, without wildcards
}

func newVariantCtx(p *Position) variantCtx {
	x := variantCtx{
		vt:        variantTables(),
		r:         p.rules,
		wild:      p.rules.Wildcards != 0,
		blocks:    p.rules.MeldCount() - p.numMelds,
		melds:     p.numMelds,
		meldTiles: p.meldTiles,
		meldSuits: heldSuits(&p.meldTiles),
	}
	if !x.wild && p.numMelds > 0 {
		c := caps{blocks: x.blocks}
		for t, k := range p.meldTiles {
			c.usable[t] = CopiesPerKind - k
			if k == CopiesPerKind {
				x.exhausted |= 1 << t
			}
		}
		x.caps = &c
	}
	return x
}

// heldSuits returns the numbered suits c holds, as bits.
func heldSuits(c *Counts) uint8 {
	var s uint8
	for i := range 3 {
		if code9((*[9]uint8)(c[i*9:i*9+9])) != 0 {
			s |= 1 << i
		}
	}
	return s
}

// split returns hand's real tiles and its number of jokers.
func split(hand *Counts, wild WildSet) (Counts, int) {
	real, w := *hand, 0
	for x := uint64(wild); x != 0; x &= x - 1 {
		t := bits.TrailingZeros64(x)
		w += int(real[t])
		real[t] = 0
	}
	return real, w
}

// overSuitLimit reports whether the rules limit the suits and real (with the
// declared melds) holds more than they allow.
func (x *variantCtx) overSuitLimit(real *Counts) bool {
	k := int(x.r.MaxSuits)
	return (k == 1 || k == 2) && bits.OnesCount8(heldSuits(real)|x.meldSuits) > k
}

// variantHu returns the forms in which a complete variant position wins.
// It reads only what a win check needs: no caps (real tiles never exceed
// them) and no distance vectors.
func variantHu(p *Position) Forms {
	x := variantCtx{
		vt:     variantTables(),
		r:      p.rules,
		blocks: p.rules.MeldCount() - p.numMelds,
		melds:  p.numMelds,
	}
	if k := p.rules.MaxSuits; k == 1 || k == 2 {
		x.meldSuits = heldSuits(&p.meldTiles)
	}
	return x.hu(&p.hand)
}

// hu returns the winning forms of a complete concealed hand.
func (x *variantCtx) hu(hand *Counts) Forms {
	real, w := split(hand, x.r.Wildcards)
	if x.overSuitLimit(&real) {
		return 0
	}
	var fs Forms
	if x.jokersFit(&real, w, true) {
		fs |= Forms(Standard)
	}
	if x.melds == 0 {
		fs |= x.specialHu(&real, w)
	}
	if x.r.KnittedStraight && x.melds <= 1 && x.knittedStraightHu(&real, w) {
		fs |= Forms(KnittedStraight)
	}
	return fs
}

// jokersFit reports whether real plus w jokers is exactly melds (plus the
// pair when pair is set). The tile count decides how many melds.
func (x *variantCtx) jokersFit(real *Counts, w int, pair bool) bool {
	vt := x.vt
	j := [4]uint8{
		vt.suitJokers[code9((*[9]uint8)(real[0:9]))],
		vt.suitJokers[code9((*[9]uint8)(real[9:18]))],
		vt.suitJokers[code9((*[9]uint8)(real[18:27]))],
		vt.honorJokers[code7((*[7]uint8)(real[27:34]))],
	}
	sum := int(j[0]&15) + int(j[1]&15) + int(j[2]&15) + int(j[3]&15)
	if !pair {
		return sum <= w
	}
	best := sum + 2 // a pair of jokers
	for _, e := range j {
		best = min(best, sum-int(e&15)+int(e>>4))
	}
	return best <= w
}

// specialHu returns the concealed special forms real plus w jokers wins.
func (x *variantCtx) specialHu(real *Counts, w int) Forms {
	var fs Forms
	r := x.r
	if r.SevenPairs || r.ThirteenOrphans {
		hs := shapeOf(real)
		if r.SevenPairs && hs.sevenPairs(r.SevenPairsFourAlike) <= w {
			fs |= Forms(SevenPairs)
		}
		if r.ThirteenOrphans && hs.thirteenOrphans() <= w {
			fs |= Forms(ThirteenOrphans)
		}
	}
	if r.HonorsAndKnitted || r.KnittedStraight {
		fs |= x.honorsKnittedHu(real, w)
	}
	return fs
}

// knittedSets are the six knitted sets as kind masks: 147 of one suit, 258
// of another, 369 of the third.
var knittedSets = func() (ks [6]uint64) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for i, pm := range perms {
		for off, s := range pm {
			for r := off; r < 9; r += 3 {
				ks[i] |= 1 << (s*9 + r)
			}
		}
	}
	return ks
}()

// honorMask holds the seven honor kinds.
const honorMask = uint64(0x7f) << 27

// kindMask returns the kinds c holds, and whether any is held twice or more.
func kindMask(c *Counts) (held uint64, dup bool) {
	var two uint64
	for w := range 5 {
		var v uint64
		if w < 4 {
			v = binary.LittleEndian.Uint64(c[w*8 : w*8+8])
		} else {
			v = uint64(c[32]) | uint64(c[33])<<8
		}
		h := (v | v>>1 | v>>2) & lsb
		t := (v>>1 | v>>2) & lsb
		two |= t
		// Gather the eight lane flags into eight bits.
		held |= (h * 0x0102040810204080 >> 56) << (8 * w)
	}
	return held, two != 0
}

// honorsKnittedHu returns honors-and-knitted (and the greater form, and a
// knitted straight inside it) when real plus w jokers wins so.
func (x *variantCtx) honorsKnittedHu(real *Counts, w int) Forms {
	held, dup := kindMask(real)
	if dup {
		return 0
	}
	honors := bits.OnesCount64(held & honorMask)
	numbered := bits.OnesCount64(held &^ honorMask)
	var fs Forms
	for _, k := range knittedSets {
		if held&^(k|honorMask) != 0 {
			continue
		}
		if x.r.HonorsAndKnitted {
			fs |= Forms(HonorsAndKnitted)
			if numbered <= 7 {
				fs |= Forms(GreaterHonorsAndKnitted)
			}
		}
		if x.r.KnittedStraight && honors <= 5 {
			fs |= Forms(KnittedStraight)
		}
	}
	return fs
}

// knittedStraightHu reports whether real plus w jokers is a knitted
// straight's nine tiles plus melds and a pair.
func (x *variantCtx) knittedStraightHu(real *Counts, w int) bool {
	held, _ := kindMask(real)
	for _, k := range knittedSets {
		if 9-bits.OnesCount64(held&k) > w {
			continue
		}
		rest, missing := withoutKnitted(real, held, k)
		if x.jokersFit(&rest, w-missing, true) {
			return true
		}
	}
	return false
}

// withoutKnitted returns real less one copy of each kind of the knitted set
// k it holds, and how many of the set's nine kinds it lacks.
func withoutKnitted(real *Counts, held, k uint64) (Counts, int) {
	rest := *real
	for m := held & k; m != 0; m &= m - 1 {
		rest[bits.TrailingZeros64(m)]--
	}
	return rest, 9 - bits.OnesCount64(held&k)
}

// variantShanten returns the shanten of a variant position.
func variantShanten(p *Position) int {
	x := newVariantCtx(p)
	return shantenOf(x.distance(&p.hand))
}

// Unreachable is the shanten of a position that can never win: under a
// suit limit, its declared melds already hold more suits than allowed.
const Unreachable = 99

// shantenOf returns the shanten of a distance: Unreachable when no form
// can be reached (an impossible combination, inf, less the jokers held).
func shantenOf(d int) int {
	if d >= inf-2*CopiesPerKind {
		return Unreachable
	}
	return d - 1
}

// distance returns the shanten plus one of a concealed hand of either
// stage: the least form distance less the jokers held.
func (x *variantCtx) distance(hand *Counts) int {
	real, w := split(hand, x.r.Wildcards)
	return x.realDistance(&real, x.standard(&real), inf) - w
}

// realDistance returns the least distance of real over the forms, given
// its standard form's distance std; forms that cannot come below bound may
// be skipped.
func (x *variantCtx) realDistance(real *Counts, std, bound int) int {
	d := std
	if x.melds == 0 {
		d = min(d, x.specialDistance(real))
	}
	if x.r.KnittedStraight && x.melds <= 1 {
		d = min(d, x.knittedStraightDistance(real, min(d, bound)))
	}
	return d
}

// suitVec returns suit s's distance vector of real.
func (x *variantCtx) suitVec(real *Counts, s int) gvec {
	switch {
	case s == 3 && x.r.SuitsOnly:
		return zeroGvec
	case x.caps != nil && x.caps.capped(s):
		lo, hi := suitBounds(s)
		return cappedDP(real[lo:hi], x.caps.usable[lo:hi], s < 3, x.blocks)
	}
	return *x.vt.vec(real, s, x.wild)
}

// suitVecs returns the four suits' distance vectors of real.
func (x *variantCtx) suitVecs(real *Counts) [4]gvec {
	var v [4]gvec
	for s := range v {
		v[s] = x.suitVec(real, s)
	}
	return v
}

// standard returns the standard form's distance of real.
func (x *variantCtx) standard(real *Counts) int {
	v := x.suitVecs(real)
	return x.combine(&v)
}

// suitSetChoices lists, for a suit limit of 1 and of 2, every set of that
// many numbered suits, as bits.
var suitSetChoices = [3][]uint8{1: {1, 2, 4}, 2: {3, 5, 6}}

// suitChoices returns the sets of numbered suits a win may use under the
// suit limit k (1 or 2) that hold the suits must (the declared melds'),
// in the first n places of sets; none without a limit.
func suitChoices(k uint8, must uint8) (sets [3]uint8, n int) {
	if k != 1 && k != 2 {
		return sets, 0
	}
	for _, set := range suitSetChoices[k] {
		if must&^set == 0 {
			sets[n] = set
			n++
		}
	}
	return sets, n
}

// onlySuits returns real without the numbered suits outside allowed.
func onlySuits(real *Counts, allowed uint8) Counts {
	c := *real
	for s := range 3 {
		if allowed>>s&1 == 0 {
			clear(c[s*9 : s*9+9])
		}
	}
	return c
}

// combine returns the least distance to the concealed melds plus a pair
// from the four suits' vectors, within the suit limit: the suits left out
// contribute nothing.
func (x *variantCtx) combine(v *[4]gvec) int {
	k := int(x.r.MaxSuits)
	if k != 1 && k != 2 {
		return gfinishAll(v, x.blocks)
	}
	best := inf
	sets, n := suitChoices(x.r.MaxSuits, x.meldSuits)
	for _, allowed := range sets[:n] {
		u := *v
		for s := range 3 {
			if allowed>>s&1 == 0 {
				u[s] = zeroGvec
			}
		}
		best = min(best, gfinishAll(&u, x.blocks))
	}
	return best
}

// specialDistance returns the least distance to the concealed special
// forms the rules allow (inf when none).
func (x *variantCtx) specialDistance(real *Counts) int {
	r := x.r
	d := inf
	if r.SevenPairs {
		d = min(d, x.sevenPairsDistance(real))
	}
	if r.ThirteenOrphans {
		hs := shapeOf(real)
		d = min(d, hs.thirteenOrphans())
	}
	if r.HonorsAndKnitted || r.KnittedStraight {
		held, _ := kindMask(real)
		d = min(d, honorsKnittedDistance(r, held))
	}
	return d
}

// honorsKnittedDistance returns the least distance, given the kinds held,
// to honors-and-knitted (14 distinct tiles of a knitted set and the
// honors) when the rules allow it, and to the knitted straight inside it
// (the set's nine tiles and five honors) when they allow that.
func honorsKnittedDistance(r Rules, held uint64) int {
	honors := bits.OnesCount64(held & honorMask)
	most := 0
	for _, k := range knittedSets {
		knitted := bits.OnesCount64(held & k)
		if r.HonorsAndKnitted {
			most = max(most, knitted+honors)
		}
		if r.KnittedStraight {
			most = max(most, knitted+min(honors, 5))
		}
	}
	return 14 - most
}

// sevenPairsDistance returns the seven pairs distance of real, within the
// suit limit.
func (x *variantCtx) sevenPairsDistance(real *Counts) int {
	k := int(x.r.MaxSuits)
	if k != 1 && k != 2 {
		hs := shapeOf(real)
		return hs.sevenPairs(x.r.SevenPairsFourAlike)
	}
	best := inf
	sets, n := suitChoices(x.r.MaxSuits, 0)
	for _, allowed := range sets[:n] {
		c := onlySuits(real, allowed)
		hs := shapeOf(&c)
		best = min(best, hs.sevenPairs(x.r.SevenPairsFourAlike))
	}
	return best
}

// knittedStraightDistance returns the least distance to a knitted
// straight's nine tiles plus the concealed melds and pair, or bound when
// that is no less: a knitted set lacking bound or more of its tiles is not
// looked at.
func (x *variantCtx) knittedStraightDistance(real *Counts, bound int) int {
	held, _ := kindMask(real)
	return x.knittedStraightHeld(real, held, bound)
}

// knittedStraightHeld is knittedStraightDistance given the kinds real holds.
func (x *variantCtx) knittedStraightHeld(real *Counts, held uint64, bound int) int {
	best := bound
	for i := range knittedSets {
		best = min(best, x.knittedSetDistance(real, held, i, best))
	}
	return best
}

// knittedSetDistance returns the distance to a knitted straight on the
// i-th knitted set, or bound when that is no less.
func (x *variantCtx) knittedSetDistance(real *Counts, held uint64, i, bound int) int {
	k := knittedSets[i]
	// A kind whose copies a kong holds cannot join the knitted tiles (a
	// wildcard could stand in, but then there are no caps).
	if 9-bits.OnesCount64(held&k) >= bound || k&x.exhausted != 0 {
		return bound
	}
	rest, missing := withoutKnitted(real, held, k)
	var d int
	if x.melds == 0 {
		var v [4]gvec
		for s := range v {
			v[s] = x.suitVec(&rest, s)
		}
		d = gfinishAll(&v, 1)
	} else {
		d = x.pairDistance(&rest, k)
	}
	return min(bound, missing+d)
}

// pairDistance returns how many tiles rest needs to hold a pair besides a
// knitted set k and the declared melds (which leave some kinds short of
// copies unless wildcards stand in).
func (x *variantCtx) pairDistance(rest *Counts, k uint64) int {
	best := inf
	for t := range NumKinds {
		if x.r.SuitsOnly && t >= 27 {
			break
		}
		used := int(x.meldTiles[t]) + int(k>>t&1)
		if !x.wild && used+2 > CopiesPerKind {
			continue
		}
		best = min(best, 2-min(int(rest[t]), 2))
	}
	return best
}
