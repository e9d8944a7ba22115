package engine

import (
	"cmp"
	"math/bits"
	"slices"
)

// variantDecompositions lists the standard-form readings of a complete
// variant position, placing the jokers in every distinct way.
func variantDecompositions(p *Position) []Decomposition {
	x := newVariantCtx(p)
	if !x.hu(&p.hand).Has(Standard) {
		return nil
	}
	real, w := split(&p.hand, x.r.Wildcards)
	r := reader{
		x:      &x,
		blocks: x.blocks,
		free:   Tile(bits.TrailingZeros64(uint64(x.r.Wildcards))),
		seen:   map[string]bool{},
		work:   real,
		jokers: w,
	}
	r.walk()
	slices.SortFunc(r.out, compareDecompositions)
	return r.out
}

// reader enumerates the readings of real tiles plus jokers as melds and a
// pair. At the lowest real kind left it picks a group holding one of its
// tiles (a triplet, the pair or a sequence, with jokers in any place the
// real tiles do not fill); the jokers left at the end form whole melds and
// the pair, read as the first wildcard kind (free).
type reader struct {
	x       *variantCtx
	blocks  int
	free    Tile
	work    Counts
	jokers  int
	cur     []Block
	pair    Tile
	pairW   uint8
	hasPair bool
	seen    map[string]bool
	out     []Decomposition
}

func (r *reader) walk() { r.walkFrom(NumKinds, 0) }

// candidate is one group holding a tile of the lowest real kind: a block,
// or the pair when pair is set.
type candidate struct {
	block  Block
	pair   bool
	real   [3]Tile
	nReal  int
	jokers int
}

// candidates lists, in a fixed order, the groups holding one tile of t
// (the lowest real kind left). The list does not depend on how many copies
// are left, so that an index means the same group all along one kind;
// groups needing more copies than are left fail to be taken.
func candidates(t Tile, out []candidate) []candidate {
	for n := 1; n <= 3; n++ { // a triplet of t with n real copies
		out = append(out, candidate{block: Block{Kind: Triplet, First: t, Wild: wildTail(3, 3-n)}, real: [3]Tile{t, t, t}, nReal: n, jokers: 3 - n})
	}
	for n := 1; n <= 2; n++ {
		out = append(out, candidate{pair: true, block: Block{First: t, Wild: wildTail(2, 2-n)}, real: [3]Tile{t, t}, nReal: n, jokers: 2 - n})
	}
	if t.Suit() == Honors {
		return out
	}
	for first := int(t) - 2; first <= int(t); first++ {
		if first < int(t)-int(t)%9 || first%9 > 6 {
			continue
		}
		for mask := range 8 { // bit i: place i is a joker
			c := candidate{block: Block{Kind: Sequence, First: Tile(first), Wild: uint8(mask)}}
			ok := true
			for i := range 3 {
				k := Tile(first + i)
				isJoker := mask>>i&1 == 1
				switch {
				case k < t && !isJoker, k == t && isJoker:
					ok = false
				case isJoker:
					c.jokers++
				default:
					c.real[c.nReal] = k
					c.nReal++
				}
			}
			if ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// walkFrom reads on. When the lowest real kind is still last, only
// candidates from index from on are tried, so that the groups taken at one
// kind come in one order and no reading is reached twice that way. Any
// branch whose rest cannot be completed (by the joker tables) is cut.
func (r *reader) walkFrom(last Tile, from int) {
	if len(r.out) >= MaxDecompositions || !r.x.jokersFit(&r.work, r.jokers, !r.hasPair) {
		return
	}
	i := 0
	for i < NumKinds && r.work[i] == 0 {
		i++
	}
	if i == NumKinds {
		r.finish()
		return
	}
	t := Tile(i)
	if t != last {
		from = 0
	}
	var buf [32]candidate
	cs := candidates(t, buf[:0])
	for idx := from; idx < len(cs); idx++ {
		c := &cs[idx]
		if c.jokers > r.jokers || (c.pair && r.hasPair) || (!c.pair && len(r.cur) == r.blocks) || !r.take(c.real[:c.nReal]) {
			continue
		}
		r.jokers -= c.jokers
		if c.pair {
			r.pair, r.pairW, r.hasPair = t, c.block.Wild, true
		} else {
			r.cur = append(r.cur, c.block)
		}
		r.walkFrom(t, idx)
		if c.pair {
			r.hasPair = false
		} else {
			r.cur = r.cur[:len(r.cur)-1]
		}
		r.jokers += c.jokers
		r.give(c.real[:c.nReal])
	}
}

// wildTail returns the bits of the last n of size places.
func wildTail(size, n int) uint8 { return uint8((1<<n - 1) << (size - n)) }

// take removes real tiles from the work counts; false (and no change) when
// some are missing.
func (r *reader) take(real []Tile) bool {
	for i, k := range real {
		if r.work[k] == 0 {
			r.give(real[:i])
			return false
		}
		r.work[k]--
	}
	return true
}

func (r *reader) give(real []Tile) {
	for _, k := range real {
		r.work[k]++
	}
}

// finish records the reading when the jokers left make up the missing
// melds and pair exactly.
func (r *reader) finish() {
	melds := r.blocks - len(r.cur)
	need := 3 * melds
	if !r.hasPair {
		need += 2
	}
	if need != r.jokers {
		return
	}
	d := Decomposition{Pair: r.pair, PairWild: r.pairW, Blocks: slices.Clone(r.cur)}
	if !r.hasPair {
		d.Pair, d.PairWild = r.free, 3
	}
	for range melds {
		d.Blocks = append(d.Blocks, Block{Kind: Triplet, First: r.free, Wild: 7})
	}
	slices.SortFunc(d.Blocks, compareBlocks)
	key := decompositionKey(&d)
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	r.out = append(r.out, d)
}

// compareBlocks orders blocks by first tile, sequences before triplets,
// then by wildcard places.
func compareBlocks(a, b Block) int {
	return cmp.Or(cmp.Compare(a.First, b.First), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Wild, b.Wild))
}

// compareDecompositions orders readings by pair, then by blocks.
func compareDecompositions(a, b Decomposition) int {
	if c := cmp.Or(cmp.Compare(a.Pair, b.Pair), cmp.Compare(a.PairWild, b.PairWild)); c != 0 {
		return c
	}
	return slices.CompareFunc(a.Blocks, b.Blocks, compareBlocks)
}

// decompositionKey returns a string identifying a sorted reading.
func decompositionKey(d *Decomposition) string {
	b := make([]byte, 0, 2+3*len(d.Blocks))
	b = append(b, byte(d.Pair), d.PairWild)
	for _, k := range d.Blocks {
		b = append(b, byte(k.Kind), byte(k.First), k.Wild)
	}
	return string(b)
}
