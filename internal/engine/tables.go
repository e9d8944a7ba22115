package engine

import (
	"math/bits"
	"sync"
)

// The lookup tables. One table covers a numbered suit (9 kinds, indexed by
// the base-5 code Σ count[i]·5^i < 5^9), one covers the honors (7 kinds,
// < 5^7). An entry answers, for every m = 0..maxBlocks and p = 0..1, the
// least number of tiles that must be added to the suit's tiles so that they
// contain m melds (sequences or triplets) plus p pairs, never using more
// than 4 copies of a kind. Complete-hand checks read it at distance 0.
const (
	maxBlocksAny = 5 // the most melds in any game's hand (16-tile games)
	maxBlocks    = 4
	maxTiles     = 3*maxBlocks + 2 // the most tiles a hand holds
	fields       = (maxBlocks + 1) * 2
	fieldBits    = 5 // distances are at most maxTiles
	fieldMask    = 1<<fieldBits - 1
	suitCodes    = 1953125 // 5^9
	honorCodes   = 78125   // 5^7
)

// Entry flag bits above the distance fields, describing the suit's tiles
// taken alone: tiles%3 == 1 (never complete), tiles%3 == 2 (holds the
// pair), and complete (exactly melds, plus the pair when tiles%3 == 2).
const (
	flagRem1     = 1 << 60
	flagRem2     = 1 << 61
	flagComplete = 1 << 62
)

// entry is one packed table entry.
type entry uint64

// dist returns the distance for m melds and p pairs.
func (e entry) dist(m, p int) int { return int(uint64(e) >> (fieldBits * uint(2*m+p)) & fieldMask) }

// complete reports whether the suit's tiles are exactly melds (plus a pair).
func (e entry) complete() bool { return e&flagComplete != 0 }

// pow5 holds 5^i.
var pow5 = [10]uint32{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125}

// tableSet holds the read-only tables. Distances are stored densely: only
// codes of at most maxTiles tiles exist, indexed by their rank among those
// codes (405,350 for a numbered suit), so the tables stay small enough to
// live in cache. The win flags are indexed by the base-5 code directly, two
// bits a code.
type tableSet struct {
	suit, honor         []vec    // by rank
	suitFlags, honorFlg []uint64 // by code: flagWin | flagPair, two bits a code
	suitRank            rankIndex
	honorRank           rankIndex
}

// Win flags, as read by tableSet.flags.
const (
	flagWin  = 1 // the suit's tiles are exactly melds (plus a pair)
	flagPair = 2 // the suit's tile count is 2 mod 3: it must hold the pair
)

// rankIndex maps a suit's base-5 code to its rank among the codes of at
// most maxTiles tiles, in two lookups: the code splits into high and low
// digits; hi[high] holds the number of codes with smaller high digits and
// the tiles the high digits leave to spend, and low[budget][low] the number
// of smaller low digit strings within that budget.
type rankIndex struct {
	lowSize uint32
	hi      []rankHigh
	low     []uint16 // [budget*lowSize + low]
}

// rankHigh is the part of a rank fixed by the high digits.
type rankHigh struct {
	before uint32
	budget uint8 // tiles left for the low digits; only ranked codes are looked up
}

// The low digits of a rank lookup: four kinds, 625 low codes. Both parts
// of the index stay small (about 25 KB and 19 KB for a numbered suit).
const (
	rankLowDigits = 4
	rankLowSize   = 625
)

func newRankIndex(n, lowDigits, most int) rankIndex {
	lowSize := pow5[lowDigits]
	ri := rankIndex{lowSize: lowSize, low: make([]uint16, (most+1)*int(lowSize))}
	sum := func(code uint32) int {
		t := 0
		for ; code > 0; code /= 5 {
			t += int(code % 5)
		}
		return t
	}
	fit := make([]uint32, most+1) // low digit strings within each budget
	for b := 0; b <= most; b++ {
		var below uint32
		for l := range lowSize {
			ri.low[uint32(b)*lowSize+l] = uint16(below)
			if sum(l) <= b {
				below++
			}
		}
		fit[b] = below
	}
	var before uint32
	for h := range pow5[n-lowDigits] {
		left := most - sum(h)
		ri.hi = append(ri.hi, rankHigh{before: before, budget: uint8(max(left, 0))})
		if left >= 0 {
			before += fit[left]
		}
	}
	return ri
}

// rank returns the rank of a code within the index's tile budget.
func (ri *rankIndex) rank(code uint32) uint32 {
	h := ri.hi[code/rankLowSize]
	return h.before + uint32(ri.low[uint32(h.budget)*rankLowSize+code%rankLowSize])
}

// tables builds the lookup tables on first use; they are read-only after.
var tables = sync.OnceValue(func() *tableSet {
	ts := &tableSet{suitRank: newRankIndex(9, rankLowDigits, maxTiles), honorRank: newRankIndex(7, rankLowDigits, maxTiles)}
	ts.suit, ts.suitFlags = buildTable(9, true)
	ts.honor, ts.honorFlg = buildTable(7, false)
	return ts
})

// flags returns the win flags of suit s (3 = honors) with code.
func (ts *tableSet) flags(s int, code uint32) uint8 {
	f := ts.suitFlags
	if s == 3 {
		f = ts.honorFlg
	}
	return uint8(f[code/32] >> (code % 32 * 2) & 3)
}

// vec returns the distance vector of suit s of c.
func (ts *tableSet) vec(c *Counts, s int) *vec {
	if s == 3 {
		return &ts.honor[ts.honorRank.rank(suitCode(c, 3))]
	}
	return &ts.suit[ts.suitRank.rank(suitCode(c, s))]
}

// Build-time lanes: the distances of all fields of one code, 6 bits a
// field (5 for the value, the top one a guard for SWAR arithmetic).
const (
	laneBits  = 6
	laneOnes  = 0o0101010101010101010101 & (1<<(laneBits*fields) - 1) // 1 in every lane
	laneGuard = laneOnes << (laneBits - 1)
	laneMask  = 1<<laneBits - 1
)

// laneMin returns the lane-wise minimum of x and y (lanes below the guard bit).
func laneMin(x, y uint64) uint64 {
	ge := ((x | laneGuard) - y) & laneGuard // guard set where x >= y
	mask := (ge >> (laneBits - 1)) * laneMask
	return y&mask | x&^mask
}

// buildTable computes the entries for every code of n kinds holding at most
// maxTiles tiles; seq says whether sequences exist (numbered suits) or only
// pairs and triplets (honors). Codes holding more tiles get zero entries:
// validated positions never reach them.
//
// A pattern is m melds plus p pairs (n_f = 3m+2p tiles, at most 4 of a kind).
// Three passes over the codes:
//   - ascending: which patterns each code contains exactly as a sub-multiset
//     (the lowest kind present is unused, or starts a triplet, pair or sequence);
//   - descending: which patterns each code is part of (it is a pattern, or
//     adding some tile keeps it part of one);
//   - ascending: the distance, n_f − the largest part of a pattern within the
//     code; it is n_f − |code| when the code itself is a part, else the least
//     distance after removing one tile.
func buildTable(n int, seq bool) (byRank []vec, flags []uint64) {
	cl := listCodes(n, maxTiles)
	masks := containsPass(n, seq, cl, geom4)
	partPass(n, cl, masks, geom4) // in place: the contains masks become part masks
	dense := distancePass(n, cl, masks)
	byRank = make([]vec, len(cl.code))
	flags = make([]uint64, (pow5[n]+31)/32)
	for j, code := range cl.code {
		e := dense[code]
		byRank[j] = unpack(e)
		var f uint64
		if e&flagComplete != 0 {
			f |= flagWin
		}
		if e&flagRem2 != 0 {
			f |= flagPair
		}
		flags[code/32] |= f << (code % 32 * 2)
	}
	return byRank, flags
}

// codeList holds, in ascending order, every code of n kinds with at most
// maxTiles tiles: its tile count and which kinds it holds (nz) or holds
// four of (full), as bit masks.
type codeList struct {
	code []uint32
	sum  []uint8
	nz   []uint16
	full []uint16
}

// listCodes enumerates the codes of n kinds with at most most tiles.
func listCodes(n, most int) *codeList {
	const capacity = 405350 // codes of 9 kinds with at most 14 tiles
	cl := &codeList{
		code: make([]uint32, 0, capacity),
		sum:  make([]uint8, 0, capacity),
		nz:   make([]uint16, 0, capacity),
		full: make([]uint16, 0, capacity),
	}
	var walk func(i int, code uint32, sum uint8, nz, full uint16)
	walk = func(i int, code uint32, sum uint8, nz, full uint16) {
		if i < 0 {
			cl.code = append(cl.code, code)
			cl.sum = append(cl.sum, sum)
			cl.nz = append(cl.nz, nz)
			cl.full = append(cl.full, full)
			return
		}
		for d := uint8(0); d <= 4 && int(sum+d) <= most; d++ {
			nz2, full2 := nz, full
			if d > 0 {
				nz2 |= 1 << i
			}
			if d == 4 {
				full2 |= 1 << i
			}
			walk(i-1, code+uint32(d)*pow5[i], sum+d, nz2, full2)
		}
	}
	walk(n-1, 0, 0, 0, 0)
	return cl
}

// patternTiles[f] is n_f, the tile count of field f's pattern.
var patternTiles = func() (nt [2 * (maxBlocksAny + 1)]uint8) {
	for f := range nt {
		nt[f] = uint8(3*(f/2) + 2*(f%2))
	}
	return nt
}()

// geom is the size of a table: its number of fields (2 per meld count
// 0..blocks) and the most tiles a code holds.
type geom struct {
	fields, tiles int
}

// The table sizes: four melds (14 tiles) for the standard tables, five
// (17) for the variant ones.
var (
	geom4 = geom{fields: fields, tiles: maxTiles}
	geom5 = geom{fields: 2 * (maxBlocksAny + 1), tiles: 3*maxBlocksAny + 2}
)

// fieldsWith returns the fields of g whose pattern has exactly (eq) or
// more than (!eq) k tiles.
func fieldsWith(k uint8, eq bool, g geom) (mask uint16) {
	for f, nf := range patternTiles[:g.fields] {
		if nf == k && eq || nf > k && !eq {
			mask |= 1 << f
		}
	}
	return mask
}

// containsPass finds which patterns each code contains exactly.
func containsPass(n int, seq bool, cl *codeList, g geom) []uint16 {
	all := uint16(1)<<g.fields - 1
	pairless := 0x5555 & all // the p = 0 fields
	contains := make([]uint16, pow5[n])
	contains[0] = 1 // 0 melds, 0 pairs
	for j := 1; j < len(cl.code); j++ {
		code, nz := cl.code[j], cl.nz[j]
		i := bits.TrailingZeros16(nz)
		p := pow5[i]
		d := code / p % 5
		c := contains[code-p]
		if d >= 2 {
			c |= contains[code-2*p] & pairless << 1
		}
		if d >= 3 {
			c |= contains[code-3*p] << 2 & all
		}
		if seq && i+2 < n && nz>>(i+1)&3 == 3 {
			c |= contains[code-p-pow5[i+1]-pow5[i+2]] << 2 & all
		}
		contains[code] = c
	}
	return contains
}

// partPass turns the contains masks into part masks: which patterns each
// code is part of.
func partPass(n int, cl *codeList, masks []uint16, g geom) {
	exact, larger := make([]uint16, g.tiles+1), make([]uint16, g.tiles+1)
	for k := range exact {
		exact[k] = fieldsWith(uint8(k), true, g)
		larger[k] = fieldsWith(uint8(k), false, g)
	}
	kinds := uint16(1)<<n - 1
	for j := len(cl.code) - 1; j >= 0; j-- {
		code, k := cl.code[j], cl.sum[j]
		var up uint16
		if int(k) < g.tiles {
			for open := kinds &^ cl.full[j]; open != 0; open &= open - 1 {
				up |= masks[code+pow5[bits.TrailingZeros16(open)]]
			}
		}
		masks[code] = masks[code]&exact[k] | up&larger[k]
	}
}

// distancePass computes the entries from the part masks.
func distancePass(n int, cl *codeList, part []uint16) []entry {
	var base [maxTiles + 1]uint64 // lanes n_f − k, for fields with n_f >= k
	for k := range base {
		for f, nf := range patternTiles[:fields] {
			if nf >= uint8(k) {
				base[k] |= uint64(nf-uint8(k)) << (laneBits * f)
			}
		}
	}
	var spread [1 << fields]uint64 // a field mask widened to lanes
	for m := range spread {
		for f := range fields {
			if m>>f&1 == 1 {
				spread[m] |= laneMask << (laneBits * f)
			}
		}
	}
	// The table holds each code's lanes until all are known, then its entry.
	table := make([]entry, pow5[n])
	for j, code := range cl.code {
		k := cl.sum[j]
		d := uint64(laneOnes * 31)
		for held := cl.nz[j]; held != 0; held &= held - 1 {
			d = laneMin(d, uint64(table[code-pow5[bits.TrailingZeros16(held)]]))
		}
		is := spread[part[code]]
		table[code] = entry(base[k]&is | d&^is)
	}
	for j, code := range cl.code {
		table[code] = packEntry(uint64(table[code]), cl.sum[j])
	}
	return table
}

// packEntry turns build-time lanes into a table entry with its flags.
func packEntry(lanes uint64, tiles uint8) entry {
	var e entry
	for f := range fields {
		e |= entry(lanes>>(laneBits*f)&fieldMask) << (fieldBits * f)
	}
	m, rem := int(tiles/3), tiles%3
	switch {
	case rem == 1:
		return e | flagRem1
	case rem == 2 && e.dist(m, 1) == 0:
		return e | flagRem2 | flagComplete
	case rem == 2:
		return e | flagRem2
	case e.dist(m, 0) == 0:
		return e | flagComplete
	}
	return e
}

// Prepare builds the lookup tables now instead of on first use, so that a
// service pays the one-time cost (a few hundred milliseconds, most of it
// for the variant rules' tables) before it reports ready. It is idempotent
// and safe for concurrent use.
func Prepare() {
	tables()
	variantTables()
}
