package engine

// suitSets holds, for each set of suits a win may use (one set without a
// suit limit), its standard distance, and for the sets a draw could still
// make the best (see tighten) every suit's complement: the other three
// suits' vectors combined, with the suits outside the set contributing
// nothing. Changing one suit then costs one gfinish per such set.
type suitSets struct {
	n       int
	allowed [3]uint8 // suits of each set, as bits (honors always)
	base    [3]int   // each set's distance before the draw
	u       [3][4]gvec
	r01     [3]gvec
	r23     [3]gvec
	live    [3]bool // the set's complements are computed
	rest    [3][4]gvec
	without [3][4]int // the distance when suit s is left out of set i
}

// newSuitSets combines the four suits' vectors v per suit set.
func (x *variantCtx) newSuitSets(v *[4]gvec) suitSets {
	var ss suitSets
	sets, n := suitChoices(x.r.MaxSuits, x.meldSuits)
	if x.r.MaxSuits != 1 && x.r.MaxSuits != 2 {
		sets[0], n = 7, 1
	}
	for i, allowed := range sets[:n] {
		u := &ss.u[i]
		*u = *v
		for s := range 3 {
			if allowed>>s&1 == 0 {
				u[s] = zeroGvec
			}
		}
		ss.r01[i], ss.r23[i] = gconv(&u[0], &u[1]), gconv(&u[2], &u[3])
		ss.base[i] = gfinish(&ss.r01[i], &ss.r23[i], x.blocks)
		ss.allowed[i] = allowed | 8
	}
	ss.n = n
	return ss
}

// std returns the least standard distance over the sets.
func (ss *suitSets) std() int {
	d := inf
	for i := range ss.n {
		d = min(d, ss.base[i])
	}
	return d
}

// tighten computes the complements of the sets whose distance is at most
// limit: a draw lowers a distance by one at most, so only they can come
// below limit after one.
func (ss *suitSets) tighten(limit, blocks int) {
	for i := range ss.n {
		if ss.base[i] > limit {
			continue
		}
		u, r01, r23 := &ss.u[i], &ss.r01[i], &ss.r23[i]
		ss.rest[i] = [4]gvec{gconv(&u[1], r23), gconv(&u[0], r23), gconv(r01, &u[3]), gconv(r01, &u[2])}
		for s := range 4 {
			ss.without[i][s] = gfinish(&zeroGvec, &ss.rest[i][s], blocks)
		}
		ss.live[i] = true
	}
}

// with returns the standard distance when suit s has the vector y, exact
// where it is below the tighten limit (sets not tightened count at their
// distance before).
func (ss *suitSets) with(s int, y *gvec, blocks int) int {
	d := inf
	for i := range ss.n {
		switch {
		case !ss.live[i]:
			d = min(d, ss.base[i])
		case ss.allowed[i]>>s&1 == 1:
			d = min(d, gfinish(y, &ss.rest[i][s], blocks))
		default:
			d = min(d, ss.without[i][s])
		}
	}
	return d
}

// tableVec returns suit s's vector of real from the tables: exact unless
// declared melds cap the suit, a lower bound then.
func (x *variantCtx) tableVec(real *Counts, s int) *gvec {
	if s == 3 && x.r.SuitsOnly {
		return &zeroGvec
	}
	return x.vt.vec(real, s, x.wild)
}

// effectiveAfter appends to out the drawable kinds whose draw lowers the
// distance of the concealed hand h (real tiles real, w jokers, suit
// vectors v) below its current distance, which it returns.
func (x *variantCtx) effectiveAfter(h, real *Counts, w int, v *[4]gvec, out []Tile) (int, []Tile) {
	ss := x.newSuitSets(v)
	cur := x.realDistance(real, ss.std(), inf) - w
	ss.tighten(cur+w, x.blocks)
	sp := x.newSpecials(real, cur+w)
	for t := Tile(0); t < NumKinds; t++ {
		if !x.drawable(h, t) {
			continue
		}
		if x.r.Wildcards.Has(t) {
			// A joker fills one more place of the best form, if any form
			// can still be reached (declared melds may break a suit limit).
			if cur > 0 && cur+w < inf {
				out = append(out, t)
			}
			continue
		}
		s := int(t.Suit())
		real[t]++
		d := ss.with(s, x.tableVec(real, s), x.blocks)
		if d-w < cur && x.caps != nil && x.caps.capped(s) {
			lo, hi := suitBounds(s)
			y := cappedDP(real[lo:hi], x.caps.usable[lo:hi], s < 3, x.blocks)
			d = ss.with(s, &y, x.blocks)
		}
		if d-w >= cur && sp.on {
			d = min(d, sp.afterDraw(x, real, t, cur+w))
		}
		real[t]--
		if d-w < cur {
			out = append(out, t)
		}
	}
	return cur, out
}

// specials holds what the special forms' distances after one draw need:
// the hand's shape (per suit set under a suit limit) and the kinds held.
type specials struct {
	on    bool
	shape handShape
	sets  [3]handShape
	in    [3]uint8 // the numbered suits of each set, as bits
	n     int
	held  uint64
	// knitted[i] is the knitted-straight distance on the i-th knitted set
	// before the draw (capped at the current distance plus one): a draw
	// lowers it by one at most, so only the sets at the current distance
	// are looked at again.
	knitted [len(knittedSets)]int
}

// newSpecials prepares the special forms' distances of real after a draw;
// cur is real's distance over all forms.
func (x *variantCtx) newSpecials(real *Counts, cur int) specials {
	r := x.r
	sp := specials{on: x.melds == 0 && (r.SevenPairs || r.ThirteenOrphans || r.HonorsAndKnitted || r.KnittedStraight) ||
		r.KnittedStraight && x.melds <= 1}
	if !sp.on {
		return sp
	}
	sp.shape = shapeOf(real)
	sp.held, _ = kindMask(real)
	if r.KnittedStraight && x.melds <= 1 {
		for i := range knittedSets {
			sp.knitted[i] = x.knittedSetDistance(real, sp.held, i, cur+1)
		}
	}
	sets, n := suitChoices(r.MaxSuits, 0)
	for _, allowed := range sets[:n] {
		c := onlySuits(real, allowed)
		sp.sets[sp.n], sp.in[sp.n] = shapeOf(&c), allowed
		sp.n++
	}
	return sp
}

// afterDraw returns the least special-form distance of real, which holds
// a drawn t; forms that cannot come below bound may be skipped.
func (sp *specials) afterDraw(x *variantCtx, real *Counts, t Tile, bound int) int {
	r := x.r
	d := inf
	k := real[t] - 1 // copies before the draw
	if x.melds == 0 {
		hs := sp.shape.plus(t, k)
		if r.SevenPairs {
			if sp.n == 0 {
				d = hs.sevenPairs(r.SevenPairsFourAlike)
			}
			for i := range sp.n {
				h := sp.sets[i]
				if t.Suit() < Honors && sp.in[i]>>t.Suit()&1 == 1 || t.Suit() == Honors {
					h = h.plus(t, k)
				}
				d = min(d, h.sevenPairs(r.SevenPairsFourAlike))
			}
		}
		if r.ThirteenOrphans {
			d = min(d, hs.thirteenOrphans())
		}
		if r.HonorsAndKnitted || r.KnittedStraight {
			d = min(d, honorsKnittedDistance(r, sp.held|1<<t))
		}
	}
	if r.KnittedStraight && x.melds <= 1 {
		held := sp.held | 1<<t
		for i, before := range sp.knitted {
			if b := min(d, bound); before <= b {
				d = min(d, x.knittedSetDistance(real, held, i, b))
			}
		}
	}
	return d
}

// variantEffective lists the effective tiles of a waiting variant position.
func variantEffective(p *Position) []Tile {
	x := newVariantCtx(p)
	h := p.hand
	real, w := split(&h, x.r.Wildcards)
	v := x.suitVecs(&real)
	_, out := x.effectiveAfter(&h, &real, w, &v, nil)
	return out
}

// variantAdvise evaluates every distinct discard of a complete variant
// position: the suit vectors are computed once, and each discard changes
// one of them.
func variantAdvise(p *Position) []Option {
	x := newVariantCtx(p)
	h := p.hand
	real, w := split(&h, x.r.Wildcards)
	base := x.suitVecs(&real)
	out, backing := newOptions(&h)
	for t := Tile(0); t < NumKinds; t++ {
		if h[t] == 0 {
			continue
		}
		h[t]--
		v, jw := base, w
		if x.r.Wildcards.Has(t) {
			jw--
		} else {
			real[t]--
			s := int(t.Suit())
			v[s] = x.suitVec(&real, s)
		}
		first := len(backing)
		var cur int
		cur, backing = x.effectiveAfter(&h, &real, jw, &v, backing)
		if !x.r.Wildcards.Has(t) {
			real[t]++
		}
		h[t]++
		out = append(out, Option{Discard: t, Shanten: shantenOf(cur), Effective: backing[first:len(backing):len(backing)]})
	}
	return out
}
