package engine

// gvec is the distance vector of the variant tables: like vec, for m =
// 0..5 melds (16-tile games) and p = 0..1 pairs.
type gvec [maxBlocksAny + 1][2]uint8

// zeroGvec is the vector of an unusable group of kinds: it holds nothing,
// and nothing may be added to it.
var zeroGvec = func() gvec {
	g := infGvec
	g[0][0] = 0
	return g
}()

// gfinishAll returns the least distance to blocks melds plus one pair from
// the four suits' vectors.
func gfinishAll(v *[4]gvec, blocks int) int {
	ab := gconv(&v[0], &v[1])
	cd := gconv(&v[2], &v[3])
	return gfinish(&ab, &cd, blocks)
}
