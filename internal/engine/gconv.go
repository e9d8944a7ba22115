// Unrolled for maxBlocksAny = 5 from the loops gconvLoop and gfinishLoop
// in gvec_test.go, which TestUnrolledGvec checks them against: these are
// the innermost loops of the variant judgments.

package engine

// gconv combines two groups of suits: the best split of m melds and p
// pairs between them, for every m. Entries saturate at inf.
func gconv(a, b *gvec) gvec {
	return gvec{
		{min(a[0][0]+b[0][0], inf), min(a[0][0]+b[0][1], a[0][1]+b[0][0], inf)},
		{min(a[0][0]+b[1][0], a[1][0]+b[0][0], inf), min(a[0][0]+b[1][1], a[0][1]+b[1][0], a[1][0]+b[0][1], a[1][1]+b[0][0], inf)},
		{min(a[0][0]+b[2][0], a[1][0]+b[1][0], a[2][0]+b[0][0], inf), min(a[0][0]+b[2][1], a[0][1]+b[2][0], a[1][0]+b[1][1], a[1][1]+b[1][0], a[2][0]+b[0][1], a[2][1]+b[0][0], inf)},
		{min(a[0][0]+b[3][0], a[1][0]+b[2][0], a[2][0]+b[1][0], a[3][0]+b[0][0], inf), min(a[0][0]+b[3][1], a[0][1]+b[3][0], a[1][0]+b[2][1], a[1][1]+b[2][0], a[2][0]+b[1][1], a[2][1]+b[1][0], a[3][0]+b[0][1], a[3][1]+b[0][0], inf)},
		{min(a[0][0]+b[4][0], a[1][0]+b[3][0], a[2][0]+b[2][0], a[3][0]+b[1][0], a[4][0]+b[0][0], inf), min(a[0][0]+b[4][1], a[0][1]+b[4][0], a[1][0]+b[3][1], a[1][1]+b[3][0], a[2][0]+b[2][1], a[2][1]+b[2][0], a[3][0]+b[1][1], a[3][1]+b[1][0], a[4][0]+b[0][1], a[4][1]+b[0][0], inf)},
		{min(a[0][0]+b[5][0], a[1][0]+b[4][0], a[2][0]+b[3][0], a[3][0]+b[2][0], a[4][0]+b[1][0], a[5][0]+b[0][0], inf), min(a[0][0]+b[5][1], a[0][1]+b[5][0], a[1][0]+b[4][1], a[1][1]+b[4][0], a[2][0]+b[3][1], a[2][1]+b[3][0], a[3][0]+b[2][1], a[3][1]+b[2][0], a[4][0]+b[1][1], a[4][1]+b[1][0], a[5][0]+b[0][1], a[5][1]+b[0][0], inf)},
	}
}

// gfinish returns the least distance to blocks melds plus one pair from
// two groups that together hold every suit.
func gfinish(a, b *gvec, blocks int) int {
	switch blocks {
	case 0:
		return int(min(a[0][0]+b[0][1], a[0][1]+b[0][0], inf))
	case 1:
		return int(min(a[0][0]+b[1][1], a[0][1]+b[1][0], a[1][0]+b[0][1], a[1][1]+b[0][0], inf))
	case 2:
		return int(min(a[0][0]+b[2][1], a[0][1]+b[2][0], a[1][0]+b[1][1], a[1][1]+b[1][0], a[2][0]+b[0][1], a[2][1]+b[0][0], inf))
	case 3:
		return int(min(a[0][0]+b[3][1], a[0][1]+b[3][0], a[1][0]+b[2][1], a[1][1]+b[2][0], a[2][0]+b[1][1], a[2][1]+b[1][0], a[3][0]+b[0][1], a[3][1]+b[0][0], inf))
	case 4:
		return int(min(a[0][0]+b[4][1], a[0][1]+b[4][0], a[1][0]+b[3][1], a[1][1]+b[3][0], a[2][0]+b[2][1], a[2][1]+b[2][0], a[3][0]+b[1][1], a[3][1]+b[1][0], a[4][0]+b[0][1], a[4][1]+b[0][0], inf))
	case 5:
		return int(min(a[0][0]+b[5][1], a[0][1]+b[5][0], a[1][0]+b[4][1], a[1][1]+b[4][0], a[2][0]+b[3][1], a[2][1]+b[3][0], a[3][0]+b[2][1], a[3][1]+b[2][0], a[4][0]+b[1][1], a[4][1]+b[1][0], a[5][0]+b[0][1], a[5][1]+b[0][0], inf))
	}
	panic("gfinish: more blocks than a hand holds")
}
