package engine

import (
	"math/rand/v2"
	"testing"
)

// TestTablesMatchCappedDP checks the table against the independent dynamic
// program (with every kind's 4 copies usable) on every code of up to 14
// tiles of a numbered suit and of the honors.
func TestTablesMatchCappedDP(t *testing.T) {
	ts := tables()
	four := [9]uint8{4, 4, 4, 4, 4, 4, 4, 4, 4}
	for _, tc := range []struct {
		n     int
		seq   bool
		table []vec
		rank  *rankIndex
	}{{9, true, ts.suit, &ts.suitRank}, {7, false, ts.honor, &ts.honorRank}} {
		cl := listCodes(tc.n, maxTiles)
		step := 1
		if testing.Short() {
			step = 37
		}
		digits := make([]uint8, tc.n)
		for j := 0; j < len(cl.code); j += step {
			code := cl.code[j]
			for i := range digits {
				digits[i] = uint8(code / pow5[i] % 5)
			}
			want := cappedVec(digits, four[:tc.n], tc.seq, maxBlocks)
			if r := tc.rank.rank(code); r != uint32(j) {
				t.Fatalf("rank(%v) = %d, want %d", digits, r, j)
			}
			if got := tc.table[j]; got != want {
				t.Fatalf("suit %v (seq %v): table %v, dp %v", digits, tc.seq, got, want)
			}
		}
	}
}

func TestShantenFifthCopy(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want int
	}{
		{"1111m234567s789p", 1},
		{"1112345678999m", 0},
		{"123m456s789p1122z", 0},
		{"123m456s789p11222z", -1},
		{"19m19s19p1234567z", 0},
		{"19m19s19p12345677z", -1},
		{"1133557799m1133p", -1},
		{"1133557799m113p", 0},
		{"1111m22m33m44m55m6m", 0},
	} {
		tiles, err := ParseTiles(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		stage := Waiting
		if len(tiles) == 14 {
			stage = Complete
		}
		p, err := NewPosition(PositionInput{Hand: tiles, Rules: StandardRules()}, stage)
		if err != nil {
			t.Fatal(err)
		}
		if got := Shanten(&p); got != tc.want {
			t.Errorf("Shanten(%s) = %d, want %d", tc.hand, got, tc.want)
		}
	}

}

// TestNewPositionDoesNotAllocate: validating a well-formed position (the
// per-request path of the service) allocates nothing.
func TestNewPositionDoesNotAllocate(t *testing.T) {
	hand, err := ParseTiles("234m678s11p")
	if err != nil {
		t.Fatal(err)
	}
	in := PositionInput{
		Hand:    hand,
		Melds:   []MeldInput{{Kind: Pon, Tiles: []Tile{27, 27, 27}}, {Kind: Chi, Tiles: []Tile{22, 20, 21}}},
		Visible: []Tile{0, 33},
		Rules:   StandardRules(),
	}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := NewPosition(in, Complete); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("NewPosition allocates %v times per call, want 0", allocs)
	}
}

// TestShapeOfMatchesCounting checks the word-at-a-time handShape against
// counting kind by kind.
func TestShapeOfMatchesCounting(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 20000 {
		var c Counts
		for i := range c {
			if rng.IntN(3) == 0 {
				c[i] = uint8(rng.IntN(5))
			}
		}
		var want handShape
		for i, k := range c {
			if k == 0 {
				continue
			}
			want.kinds++
			want.odd += int(k % 2)
			want.halves += int(k / 2)
			if k >= 2 {
				want.pairs++
			}
			if Tile(i).IsTerminalOrHonor() {
				want.orphanKinds++
				if k >= 2 {
					want.orphanPair = 1
				}
			}
		}
		if got := shapeOf(&c); got != want {
			t.Fatalf("shapeOf(%v) = %+v, want %+v", c, got, want)
		}
	}
}
