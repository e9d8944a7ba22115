package engine

import (
	"math/rand/v2"
	"testing"
)

// gconvLoop and gfinishLoop are the plain loops that gconv and gfinish
// unroll.
func gconvLoop(a, b *gvec) gvec {
	var out gvec
	for m := range out {
		np, wp := uint8(inf), uint8(inf)
		for i := 0; i <= m; i++ {
			j := m - i
			np = min(np, a[i][0]+b[j][0])
			wp = min(wp, a[i][0]+b[j][1], a[i][1]+b[j][0])
		}
		out[m] = [2]uint8{np, wp}
	}
	return out
}

func gfinishLoop(a, b *gvec, blocks int) int {
	d := uint8(inf)
	for i := 0; i <= blocks; i++ {
		d = min(d, a[i][0]+b[blocks-i][1], a[i][1]+b[blocks-i][0])
	}
	return int(d)
}

func TestUnrolledGvec(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var a, b gvec
		for m := range a {
			for p := range 2 {
				a[m][p] = uint8(rng.IntN(inf + 1))
				b[m][p] = uint8(rng.IntN(inf + 1))
			}
		}
		if got, want := gconv(&a, &b), gconvLoop(&a, &b); got != want {
			t.Fatalf("gconv(%v, %v) = %v, want %v", a, b, got, want)
		}
		for blocks := range maxBlocksAny + 1 {
			if got, want := gfinish(&a, &b, blocks), gfinishLoop(&a, &b, blocks); got != want {
				t.Fatalf("gfinish(%v, %v, %d) = %d, want %d", a, b, blocks, got, want)
			}
		}
	}
}
