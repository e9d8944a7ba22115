package engine

// drawable reports whether a copy of t is left to draw beside hand and the
// declared melds.
func (x *variantCtx) drawable(hand *Counts, t Tile) bool {
	if x.r.SuitsOnly && t.Suit() == Honors {
		return false
	}
	return hand[t]+x.meldTiles[t] < CopiesPerKind
}

// variantWaits lists the winning tiles of a waiting variant position.
func variantWaits(p *Position) []Wait {
	x := newVariantCtx(p)
	h := p.hand
	if x.distance(&h) != 1 {
		return nil
	}
	var out []Wait
	for t := Tile(0); t < NumKinds; t++ {
		if !x.drawable(&h, t) {
			continue
		}
		h[t]++
		fs := x.hu(&h)
		var ss Shapes
		if fs != 0 {
			ss = x.shapes(&h, t, fs)
		}
		h[t]--
		if fs != 0 {
			out = append(out, Wait{Tile: t, Forms: fs, Shapes: ss})
		}
	}
	return out
}

// shapes returns the wait shapes of drawing t into a hand (h holds t) that
// wins in the forms fs.
func (x *variantCtx) shapes(h *Counts, t Tile, fs Forms) Shapes {
	if x.r.Wildcards.Has(t) {
		return Shapes(WildcardWait)
	}
	var ss Shapes
	if fs.Has(Standard) {
		ss |= x.standardShapes(h, t)
	}
	for _, fw := range [...]struct {
		f Form
		s Shape
	}{{SevenPairs, SevenPairsWait}, {ThirteenOrphans, ThirteenOrphansWait}, {HonorsAndKnitted, HonorsAndKnittedWait}, {KnittedStraight, KnittedStraightWait}} {
		if fs.Has(fw.f) {
			ss |= Shapes(fw.s)
		}
	}
	return ss
}

// standardShapes returns the shapes of the standard-form readings of h in
// which the drawn t (a real tile) completes a block or the pair: for every
// group holding t, whose other places are real tiles or jokers, whether the
// rest of the hand is melds (and the pair).
func (x *variantCtx) standardShapes(h *Counts, t Tile) Shapes {
	real, w := split(h, x.r.Wildcards)
	real[t]--
	var ss Shapes
	// fits reports whether the group of t with the other kinds others
	// (each a real tile or a joker; a kind < 0 only a joker) leaves melds,
	// plus the pair unless pairDone.
	var fits func(pairDone bool, others ...int) bool
	fits = func(pairDone bool, others ...int) bool {
		if len(others) == 0 {
			return x.jokersFit(&real, w, !pairDone)
		}
		o, more := others[0], others[1:]
		if o >= 0 && real[o] > 0 {
			real[o]--
			ok := fits(pairDone, more...)
			real[o]++
			if ok {
				return true
			}
		}
		if w > 0 {
			w--
			ok := fits(pairDone, more...)
			w++
			return ok
		}
		return false
	}
	if fits(true, int(t)) {
		ss |= Shapes(Single)
	}
	if fits(false, int(t), int(t)) {
		ss |= Shapes(DualPon)
	}
	if t.Suit() == Honors {
		return ss
	}
	r := int(t) % 9
	for first := r - 2; first <= r; first++ {
		if first < 0 || first > 6 {
			continue
		}
		base := int(t) - r + first
		var others []int
		for k := base; k < base+3; k++ {
			if k != int(t) {
				others = append(others, k)
			}
		}
		if fits(false, others...) {
			ss |= blockShape(Block{Kind: Sequence, First: Tile(base)}, t)
		}
	}
	return ss
}
