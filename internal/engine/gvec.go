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

// gconv combines two groups of suits: the best split of m melds and p
// pairs between them, for every m.
func gconv(a, b *gvec) gvec {
	var out gvec
	for m := range out {
		np, wp := uint8(inf), uint8(inf)
		for i := 0; i <= m; i++ {
			j := m - i
			np = min(np, a[i][0]+b[j][0])
			wp = min(wp, a[i][0]+b[j][1], a[i][1]+b[j][0])
		}
		out[m] = [2]uint8{min(np, inf), min(wp, inf)}
	}
	return out
}

// gfinish returns the least distance to blocks melds plus one pair from
// two groups that together hold every suit.
func gfinish(a, b *gvec, blocks int) int {
	d := uint8(inf)
	for i := 0; i <= blocks; i++ {
		j := blocks - i
		d = min(d, a[i][0]+b[j][1], a[i][1]+b[j][0])
	}
	return int(min(d, inf))
}

// gfinishAll returns the least distance to blocks melds plus one pair from
// the four suits' vectors.
func gfinishAll(v *[4]gvec, blocks int) int {
	ab := gconv(&v[0], &v[1])
	cd := gconv(&v[2], &v[3])
	return gfinish(&ab, &cd, blocks)
}
