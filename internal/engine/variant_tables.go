package engine

import (
	"math/bits"
	"sync"
)

// variantTableSet holds the tables of the variant judgments, over codes of
// at most 17 tiles (five melds and a pair):
//   - jokers: by base-5 code, how many jokers complete all of a suit's
//     tiles into melds (low nibble) or melds plus the pair (high nibble),
//     15 standing for 15 or more. A hand wins in the standard form when
//     the jokers it holds cover the suits' needs.
//   - wild: by rank, the distance vectors when any kind may be added any
//     number of times (a joker stands for it).
//   - capped: by rank, the distance vectors never using a 5th copy, as the
//     standard tables but for up to five melds.
type variantTableSet struct {
	suitJokers, honorJokers []uint8
	suitRank, honorRank     rankIndex
	suitWild, honorWild     []gvec
	suitCapped, honorCapped []gvec
}

// variantTables builds the variant tables on first use; they are
// read-only after. Positions under plain rules never build them.
var variantTables = sync.OnceValue(func() *variantTableSet {
	vt := &variantTableSet{}
	vt.suitJokers, vt.suitWild, vt.suitCapped, vt.suitRank = buildVariant(9, true)
	vt.honorJokers, vt.honorWild, vt.honorCapped, vt.honorRank = buildVariant(7, false)
	return vt
})

// jokerInf marks a suit that no number of jokers completes (a build-time
// value; the packed table saturates at 15).
const jokerInf = 99

// buildVariant builds the variant tables of n kinds; seq says whether
// sequences exist.
func buildVariant(n int, seq bool) (jok []uint8, wild, capped []gvec, ri rankIndex) {
	cl := listCodes(n, geom5.tiles)
	ri = newRankIndex(n, rankLowDigits, geom5.tiles)
	j0, j1 := jokerPass(n, seq, cl)
	jok = make([]uint8, pow5[n])
	for _, code := range cl.code {
		jok[code] = min(j0[code], 15) | min(j1[code], 15)<<4
	}
	// The two distance tables are independent: build them side by side.
	var wg sync.WaitGroup
	wg.Go(func() {
		masks := containsPass(n, seq, cl, geom5)
		partPass(n, cl, masks, geom5)
		capped = distanceByRank(cl, &ri, func(j int) uint16 { return masks[cl.code[j]] })
	})
	wild = distanceByRank(cl, &ri, func(j int) uint16 {
		code, k := cl.code[j], int(cl.sum[j])
		var mask uint16
		for f := range geom5.fields {
			m, p := f/2, f%2
			need := int([2][]uint8{j0, j1}[p][code])
			if need < jokerInf && (k+need-2*p)/3 <= m {
				mask |= 1 << f
			}
		}
		return mask
	})
	wg.Wait()
	return jok, wild, capped, ri
}

// jokerPass computes, for every code of cl, the least number of jokers
// that complete all its tiles into melds (j0) or melds plus one pair (j1).
// At the lowest kind held, one of its tiles is in a triplet, the pair or a
// sequence, whose other places are further copies, higher kinds held, or
// jokers.
func jokerPass(n int, seq bool, cl *codeList) (j0, j1 []uint8) {
	j0, j1 = make([]uint8, pow5[n]), make([]uint8, pow5[n])
	j1[0] = 2
	for j := 1; j < len(cl.code); j++ {
		code, nz := cl.code[j], cl.nz[j]
		i := bits.TrailingZeros16(nz)
		p := pow5[i]
		d := int(code / p % 5)
		b0, b1 := uint8(jokerInf), uint8(jokerInf)
		for r := 1; r <= min(d, 3); r++ {
			c := code - uint32(r)*p
			b0 = min(b0, j0[c]+uint8(3-r))
			b1 = min(b1, j1[c]+uint8(3-r))
		}
		for r := 1; r <= min(d, 2); r++ {
			b1 = min(b1, j0[code-uint32(r)*p]+uint8(2-r))
		}
		if seq {
			has1 := i+1 < n && nz>>(i+1)&1 == 1
			has2 := i+2 < n && nz>>(i+2)&1 == 1
			try := func(c uint32, jokers uint8) {
				b0 = min(b0, j0[c]+jokers)
				b1 = min(b1, j1[c]+jokers)
			}
			if has1 {
				try(code-p-pow5[i+1], 1)
			}
			if has2 {
				try(code-p-pow5[i+2], 1)
			}
			if has1 && has2 {
				try(code-p-pow5[i+1]-pow5[i+2], 0)
			}
		}
		j0[code], j1[code] = min(b0, jokerInf), min(b1, jokerInf)
	}
	return j0, j1
}

// distanceByRank computes every code's distance vector: for each pattern
// (field f: m melds, p pairs, n_f tiles), n_f minus the most tiles of the
// code that are part of such a pattern. part(j) says which patterns the
// j-th code itself is part of; otherwise the best subset lies within the
// code less one tile, which comes earlier in ascending order.
func distanceByRank(cl *codeList, ri *rankIndex, part func(j int) uint16) []gvec {
	out := make([]gvec, len(cl.code))
	for j, code := range cl.code {
		v := infGvec
		for held := cl.nz[j]; held != 0; held &= held - 1 {
			w := &out[ri.rank(code-pow5[bits.TrailingZeros16(held)])]
			for m := range v {
				v[m][0] = min(v[m][0], w[m][0])
				v[m][1] = min(v[m][1], w[m][1])
			}
		}
		k := cl.sum[j]
		for is := part(j); is != 0; is &= is - 1 {
			f := bits.TrailingZeros16(is)
			v[f/2][f%2] = patternTiles[f] - k
		}
		out[j] = v
	}
	return out
}

// jokers returns the packed joker needs of suit s (3 = honors) with code.
func (vt *variantTableSet) jokers(s int, code uint32) uint8 {
	if s == 3 {
		return vt.honorJokers[code]
	}
	return vt.suitJokers[code]
}

// vec returns the distance vector of suit s of c: uncapped when wild.
func (vt *variantTableSet) vec(c *Counts, s int, wild bool) *gvec {
	code := suitCode(c, s)
	switch {
	case s == 3 && wild:
		return &vt.honorWild[vt.honorRank.rank(code)]
	case s == 3:
		return &vt.honorCapped[vt.honorRank.rank(code)]
	case wild:
		return &vt.suitWild[vt.suitRank.rank(code)]
	}
	return &vt.suitCapped[vt.suitRank.rank(code)]
}
