package engine

import (
	"slices"
)

// suitBounds returns the kinds lo..hi−1 of suit s (3 = honors).
func suitBounds(s int) (lo, hi int) { return s * 9, min(s*9+9, NumKinds) }

// readSuit calls yield for every distinct reading of kinds lo..hi−1 of c as
// melds plus (when wantPair) one pair. Each reading is produced once: at the
// lowest kind left it chooses, all at once, how many of its copies form the
// pair, a triplet and sequences. Blocks come sorted by First, sequences
// before a triplet on the same kind; the slice is reused between calls.
func readSuit(c *Counts, lo, hi int, wantPair bool, yield func(blocks []Block, pair Tile)) {
	work := *c
	blocks := make([]Block, 0, MaxMelds)
	var walk func(i int, needPair bool, pair Tile)
	walk = func(i int, needPair bool, pair Tile) {
		for i < hi && work[i] == 0 {
			i++
		}
		if i == hi {
			if !needPair {
				yield(blocks, pair)
			}
			return
		}
		k := work[i]
		for pr := uint8(0); pr <= 1 && (pr == 0 || needPair); pr++ {
			for trip := uint8(0); trip <= 1; trip++ {
				if 2*pr+3*trip > k {
					continue
				}
				seqs := k - 2*pr - 3*trip
				if seqs > 0 && (!canStartSequence(Tile(i)) || work[i+1] < seqs || work[i+2] < seqs) {
					continue
				}
				n := len(blocks)
				for range seqs {
					blocks = append(blocks, Block{Kind: Sequence, First: Tile(i)})
				}
				if trip == 1 {
					blocks = append(blocks, Block{Kind: Triplet, First: Tile(i)})
				}
				work[i] = 0
				if seqs > 0 {
					work[i+1] -= seqs
					work[i+2] -= seqs
				}
				next := pair
				if pr == 1 {
					next = Tile(i)
				}
				walk(i+1, needPair && pr == 0, next)
				if seqs > 0 {
					work[i+1] += seqs
					work[i+2] += seqs
				}
				work[i] = k
				blocks = blocks[:n]
			}
		}
	}
	walk(lo, wantPair, 0)
}

// decompositions lists the distinct standard readings of a complete hand.
func decompositions(hand *Counts) []Decomposition {
	e := lookup(tables(), hand)
	if !standardWins(&e) {
		return nil
	}
	// Suits read independently; the hand's readings are their product.
	var perSuit [4][]Decomposition
	for s := range 4 {
		lo, hi := suitBounds(s)
		wantPair := e[s]&flagPair != 0
		readSuit(hand, lo, hi, wantPair, func(blocks []Block, pair Tile) {
			d := Decomposition{Blocks: slices.Clone(blocks)}
			if wantPair {
				d.Pair = pair
			}
			perSuit[s] = append(perSuit[s], d)
		})
	}
	out := []Decomposition{{}}
	for s := range 4 {
		if len(perSuit[s]) == 0 {
			continue // an empty suit reads one way: no blocks
		}
		var next []Decomposition
		for _, acc := range out {
			for _, r := range perSuit[s] {
				d := Decomposition{Pair: acc.Pair, Blocks: append(slices.Clip(acc.Blocks), r.Blocks...)}
				if e[s]&flagPair != 0 {
					d.Pair = r.Pair
				}
				next = append(next, d)
			}
		}
		out = next
	}
	slices.SortFunc(out, compareDecompositions)
	return out
}

// waitShapes returns the shapes in which t completes the standard form of
// a complete hand holding t, over every reading. Only t's suit matters:
// the other suits' readings never hold t.
func waitShapes(hand *Counts, e *[4]uint8, t Tile) Shapes {
	s := int(t.Suit())
	lo, hi := suitBounds(s)
	wantPair := e[s]&flagPair != 0
	var shapes Shapes
	readSuit(hand, lo, hi, wantPair, func(blocks []Block, pair Tile) {
		if wantPair && pair == t {
			shapes |= Shapes(Single)
		}
		for _, b := range blocks {
			shapes |= blockShape(b, t)
		}
	})
	return shapes
}

// blockShape returns the shape of a wait on t completed by block b, or 0
// when b does not hold t.
func blockShape(b Block, t Tile) Shapes {
	if b.Kind == Triplet {
		if b.First == t {
			return Shapes(DualPon)
		}
		return 0
	}
	switch {
	case t == b.First+1:
		return Shapes(Closed)
	case t == b.First && b.First%9 == 6, t == b.First+2 && b.First%9 == 0:
		return Shapes(Edge)
	case t == b.First, t == b.First+2:
		return Shapes(TwoSided)
	}
	return 0
}
