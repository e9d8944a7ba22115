package engine

// vec holds, for m = 0..maxBlocks melds and p = 0..1 pairs, the least
// number of tiles to add to a suit (or to several suits combined) so that
// it contains them. inf marks an impossible combination.
type vec [maxBlocks + 1][2]uint8

const inf = 0x3f

// unpack turns a table entry into a vec.
func unpack(e entry) vec {
	var v vec
	for m := range v {
		v[m][0] = uint8(e.dist(m, 0))
		v[m][1] = uint8(e.dist(m, 1))
	}
	return v
}

// suitVecs holds the four suits' vectors of a hand.
type suitVecs [4]vec

// caps holds, per kind, how many copies a winning hand's concealed part may
// use (4 minus the copies in declared melds), and how many melds the
// concealed part must form.
type caps struct {
	usable Counts
	blocks int
}

// capped reports whether any kind of suit s has fewer than 4 usable copies.
func (c *caps) capped(s int) bool {
	lo, hi := suitBounds(s)
	for _, k := range c.usable[lo:hi] {
		if k < CopiesPerKind {
			return true
		}
	}
	return false
}

// vecsOf returns the suit vectors of hand. meldTiles may be nil when no
// meld uses up copies; otherwise the suits whose kinds it touches are
// solved exactly under the reduced caps.
func vecsOf(ts *tableSet, hand *Counts, cp *caps) suitVecs {
	var v suitVecs
	for s := range 4 {
		v[s] = suitVec(ts, hand, cp, s)
	}
	return v
}

// suitVec returns suit s's vector, from the table unless caps bind there.
func suitVec(ts *tableSet, hand *Counts, cp *caps, s int) vec {
	if cp != nil && cp.capped(s) {
		return cappedSuit(hand, cp, s)
	}
	return *ts.vec(hand, s)
}

// cappedSuit solves suit s of hand exactly under the caps cp.
func cappedSuit(hand *Counts, cp *caps, s int) vec {
	lo, hi := suitBounds(s)
	return cappedVec(hand[lo:hi], cp.usable[lo:hi], s < 3, cp.blocks)
}

// standardDistance returns the least number of tiles to draw or exchange so
// that the suits hold blocks melds and one pair.
func standardDistance(v *suitVecs, blocks int) int {
	ab := conv(&v[0], &v[1])
	cd := conv(&v[2], &v[3])
	return finish(&ab, &cd, blocks)
}

// capsOf returns the usable copies per kind given declared meld tiles, or
// nil when the melds leave every kind's 4 copies usable (no melds).
func capsOf(meldTiles *Counts, melds int) *caps {
	if melds == 0 {
		return nil
	}
	c := caps{blocks: MaxMelds - melds}
	for t, k := range meldTiles {
		c.usable[t] = CopiesPerKind - k
	}
	return &c
}

// shanten returns the shanten of a 13- or 14-tile position (counting 3 per meld).
func shanten(hand, meldTiles *Counts, melds int, r Rules) int {
	ts := tables()
	if melds == 0 {
		// The common case reads the four vectors in place, without copies.
		ab := conv(&ts.suit[ts.suitRank.rank(code9((*[9]uint8)(hand[0:9])))],
			&ts.suit[ts.suitRank.rank(code9((*[9]uint8)(hand[9:18])))])
		cd := conv(&ts.suit[ts.suitRank.rank(code9((*[9]uint8)(hand[18:27])))],
			&ts.honor[ts.honorRank.rank(code7((*[7]uint8)(hand[27:34])))])
		return min(finish(&ab, &cd, MaxMelds), specialDistance(hand, r)) - 1
	}
	v := vecsOf(ts, hand, capsOf(meldTiles, melds))
	return standardDistance(&v, MaxMelds-melds) - 1
}

// specialDistance returns the least distance to the seven pairs and
// thirteen orphans forms the rules allow (inf when neither).
func specialDistance(hand *Counts, r Rules) int {
	if !r.SevenPairs && !r.ThirteenOrphans {
		return inf
	}
	hs := shapeOf(hand)
	return hs.special(r)
}

// infGvec is a gvec with every combination impossible.
var infGvec = gvec{{inf, inf}, {inf, inf}, {inf, inf}, {inf, inf}, {inf, inf}, {inf, inf}}

// cappedVec solves one suit exactly when some kinds have fewer than 4
// usable copies; see cappedDP.
func cappedVec(h, cp []uint8, seq bool, blocks int) vec {
	g := cappedDP(h, cp, seq, blocks)
	var v vec
	copy(v[:], g[:])
	return v
}

// cappedDP solves one suit exactly under per-kind caps: a dynamic program
// over the kinds in order, whose state is the number of sequences begun one
// kind earlier (a) and two kinds earlier (b), stored at index a*5+b. Only up
// to blocks melds are counted; larger m stay inf.
func cappedDP(h, cp []uint8, seq bool, blocks int) gvec {
	var cur, next [25]gvec
	var curLive, nextLive [25]bool
	cur[0] = infGvec
	cur[0][0][0] = 0
	curLive[0] = true
	n := len(h)
	for i := range n {
		for k := range next {
			next[k] = infGvec
			nextLive[k] = false
		}
		maxSeq := 0
		if seq && i+2 < n {
			maxSeq = blocks
		}
		c, held := int(cp[i]), int(h[i])
		for a := 0; a <= 4; a++ {
			for b := 0; a+b <= min(blocks, c); b++ {
				if !curLive[a*5+b] {
					continue
				}
				src := &cur[a*5+b]
				for trip := 0; trip <= 1; trip++ {
					for pair := 0; pair <= 1; pair++ {
						w0 := a + b + 3*trip + 2*pair
						for s := 0; s <= min(maxSeq, blocks-trip) && w0+s <= c; s++ {
							k := s*5 + a
							nextLive[k] = true
							step(src, &next[k], trip+s, pair, uint8(max(0, w0+s-held)), blocks)
						}
					}
				}
			}
		}
		cur, curLive = next, nextLive
	}
	// Clamp impossible entries to inf, so that sums of up to four suits'
	// entries still fit in a byte.
	v := cur[0]
	for m := range v {
		v[m][0], v[m][1] = min(v[m][0], inf), min(v[m][1], inf)
	}
	return v
}

// step relaxes dst with src shifted by melds and pair at the given cost.
// Impossible entries stay impossible: inf plus a cost is still at least inf.
func step(src, dst *gvec, melds, pair int, cost uint8, blocks int) {
	for m := 0; m+melds <= blocks; m++ {
		d := &dst[m+melds]
		if pair == 0 {
			d[0] = min(d[0], src[m][0]+cost)
			d[1] = min(d[1], src[m][1]+cost)
		} else {
			d[1] = min(d[1], src[m][0]+cost)
		}
	}
}
