// Unrolled by hand for maxBlocks = 4: these are the innermost loops of shanten and discard advice.

package engine

// conv combines two groups of suits: the best split of m melds and p
// pairs between them, for every m.
func conv(a, b *vec) vec {
	return vec{
		{a[0][0] + b[0][0], min(a[0][0]+b[0][1], a[0][1]+b[0][0])},
		{min(a[0][0]+b[1][0], a[1][0]+b[0][0]), min(a[0][0]+b[1][1], a[0][1]+b[1][0], a[1][0]+b[0][1], a[1][1]+b[0][0])},
		{min(a[0][0]+b[2][0], a[1][0]+b[1][0], a[2][0]+b[0][0]), min(a[0][0]+b[2][1], a[0][1]+b[2][0], a[1][0]+b[1][1], a[1][1]+b[1][0], a[2][0]+b[0][1], a[2][1]+b[0][0])},
		{min(a[0][0]+b[3][0], a[1][0]+b[2][0], a[2][0]+b[1][0], a[3][0]+b[0][0]), min(a[0][0]+b[3][1], a[0][1]+b[3][0], a[1][0]+b[2][1], a[1][1]+b[2][0], a[2][0]+b[1][1], a[2][1]+b[1][0], a[3][0]+b[0][1], a[3][1]+b[0][0])},
		{min(a[0][0]+b[4][0], a[1][0]+b[3][0], a[2][0]+b[2][0], a[3][0]+b[1][0], a[4][0]+b[0][0]), min(a[0][0]+b[4][1], a[0][1]+b[4][0], a[1][0]+b[3][1], a[1][1]+b[3][0], a[2][0]+b[2][1], a[2][1]+b[2][0], a[3][0]+b[1][1], a[3][1]+b[1][0], a[4][0]+b[0][1], a[4][1]+b[0][0])},
	}
}

// finish returns the least distance to blocks melds plus one pair from two
// groups that together hold all four suits.
func finish(a, b *vec, blocks int) int {
	switch blocks {
	case 0:
		return int(min(a[0][0]+b[0][1], a[0][1]+b[0][0]))
	case 1:
		return int(min(a[0][0]+b[1][1], a[0][1]+b[1][0], a[1][0]+b[0][1], a[1][1]+b[0][0]))
	case 2:
		return int(min(a[0][0]+b[2][1], a[0][1]+b[2][0], a[1][0]+b[1][1], a[1][1]+b[1][0], a[2][0]+b[0][1], a[2][1]+b[0][0]))
	case 3:
		return int(min(a[0][0]+b[3][1], a[0][1]+b[3][0], a[1][0]+b[2][1], a[1][1]+b[2][0], a[2][0]+b[1][1], a[2][1]+b[1][0], a[3][0]+b[0][1], a[3][1]+b[0][0]))
	case 4:
		return int(min(a[0][0]+b[4][1], a[0][1]+b[4][0], a[1][0]+b[3][1], a[1][1]+b[3][0], a[2][0]+b[2][1], a[2][1]+b[2][0], a[3][0]+b[1][1], a[3][1]+b[1][0], a[4][0]+b[0][1], a[4][1]+b[0][0]))
	}
	panic("finish: more blocks than a hand holds")
}
