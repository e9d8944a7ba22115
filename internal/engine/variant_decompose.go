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

func (r *reader) walk() {
	if len(r.out) >= MaxDecompositions {
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
	d := int(r.work[i])
	for n := 1; n <= min(d, 3); n++ { // a triplet of t with n real copies
		r.group(Block{Kind: Triplet, First: t, Wild: wildTail(3, 3-n)}, []Tile{t, t, t}[:n], 3-n)
	}
	if !r.hasPair {
		for n := 1; n <= min(d, 2); n++ {
			r.takePair(t, n)
		}
	}
	if t.Suit() == Honors {
		return
	}
	for first := int(t) - 2; first <= int(t); first++ {
		if first < int(t)-int(t)%9 || first%9 > 6 {
			continue
		}
		r.sequence(Tile(first), t)
	}
}

// wildTail returns the bits of the last n of size places.
func wildTail(size, n int) uint8 { return uint8((1<<n - 1) << (size - n)) }

// sequence tries the sequences from first holding the real tile t, with
// each higher place real or a joker, and lower places jokers.
func (r *reader) sequence(first, t Tile) {
	for mask := range 8 { // bit i: place i is a joker
		var real []Tile
		jokers, ok := 0, true
		for i := range 3 {
			k := first + Tile(i)
			isJoker := mask>>i&1 == 1
			switch {
			case k < t && !isJoker, k == t && isJoker:
				ok = false
			case isJoker:
				jokers++
			default:
				real = append(real, k)
			}
		}
		if ok {
			r.group(Block{Kind: Sequence, First: first, Wild: uint8(mask)}, real, jokers)
		}
	}
}

// group takes a block of the given real tiles and jokers, if the hand has
// them and room for another meld, and reads on.
func (r *reader) group(b Block, real []Tile, jokers int) {
	if len(r.cur) == r.blocks || jokers > r.jokers || !r.take(real) {
		return
	}
	r.jokers -= jokers
	r.cur = append(r.cur, b)
	r.walk()
	r.cur = r.cur[:len(r.cur)-1]
	r.jokers += jokers
	r.give(real)
}

// takePair takes the pair of t with n real copies.
func (r *reader) takePair(t Tile, n int) {
	if 2-n > r.jokers {
		return
	}
	r.work[t] -= uint8(n)
	r.jokers -= 2 - n
	r.pair, r.pairW, r.hasPair = t, wildTail(2, 2-n), true
	r.walk()
	r.hasPair = false
	r.jokers += 2 - n
	r.work[t] += uint8(n)
}

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
