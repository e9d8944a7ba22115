package engine

import (
	"encoding/binary"
	"math/bits"
)

// suitCode returns the base-5 code of suit s's counts in c (s = 0..2 for
// the numbered suits, 3 for honors).
func suitCode(c *Counts, s int) uint32 {
	if s == 3 {
		return code7((*[7]uint8)(c[27:34]))
	}
	return code9((*[9]uint8)(c[s*9 : s*9+9]))
}

// code9 returns the base-5 code of a numbered suit's nine counts.
func code9(k *[9]uint8) uint32 {
	return uint32(k[0]) + 5*(uint32(k[1])+5*(uint32(k[2])+5*(uint32(k[3])+5*(uint32(k[4])+
		5*(uint32(k[5])+5*(uint32(k[6])+5*(uint32(k[7])+5*uint32(k[8]))))))))
}

// code7 returns the base-5 code of the seven honor counts.
func code7(h *[7]uint8) uint32 {
	return uint32(h[0]) + 5*(uint32(h[1])+5*(uint32(h[2])+5*(uint32(h[3])+5*(uint32(h[4])+5*(uint32(h[5])+5*uint32(h[6]))))))
}

// lookup returns the win flags of the four suits of c.
func lookup(ts *tableSet, c *Counts) [4]uint8 {
	return [4]uint8{
		ts.flags(0, suitCode(c, 0)),
		ts.flags(1, suitCode(c, 1)),
		ts.flags(2, suitCode(c, 2)),
		ts.flags(3, suitCode(c, 3)),
	}
}

// standardWins reports whether four suits' win flags make a standard win:
// every suit exactly melds, and exactly one suit holding the pair.
func standardWins(f *[4]uint8) bool {
	all := f[0] & f[1] & f[2] & f[3]
	pairs := f[0]>>1 + f[1]>>1 + f[2]>>1 + f[3]>>1
	return all&flagWin != 0 && pairs == 1
}

// huForms returns the winning forms of a complete hand with melds declared
// melds. The hand must hold 14 − 3·melds tiles.
func huForms(hand *Counts, melds int, r Rules) Forms {
	var fs Forms
	e := lookup(tables(), hand)
	if standardWins(&e) {
		fs |= Forms(Standard)
	}
	if melds == 0 {
		if r.SevenPairs && sevenPairsComplete(hand, r.SevenPairsFourAlike) {
			fs |= Forms(SevenPairs)
		}
		if r.ThirteenOrphans && thirteenOrphansComplete(hand) {
			fs |= Forms(ThirteenOrphans)
		}
	}
	return fs
}

// sevenPairsComplete reports whether a concealed 14-tile hand is seven
// pairs: every count even (so seven pairs' worth) and, unless fourAlike,
// none four.
func sevenPairsComplete(hand *Counts, fourAlike bool) bool {
	var or uint64
	for i := 0; i+8 <= NumKinds; i += 8 {
		or |= binary.LittleEndian.Uint64(hand[i : i+8])
	}
	or |= uint64(hand[32]) | uint64(hand[33])
	if or&0x0101010101010101 != 0 {
		return false
	}
	return fourAlike || or&0x0404040404040404 == 0
}

// handShape summarises a concealed hand for the seven pairs and thirteen
// orphans forms.
type handShape struct {
	kinds, pairs, halves, odd int // kinds held; kinds held 2+; Σ count/2; kinds held an odd number of times
	orphanKinds, orphanPair   int // orphan kinds held; 1 when one is held 2+
}

// Byte-lane masks for reading Counts eight kinds at a time.
const (
	lsb   = 0x0101010101010101
	lsb2  = 0x0303030303030303
	sumOf = 0x0101010101010101 // multiplying by it sums the bytes into the top byte
)

// orphanLanes marks the orphan kinds in each 8-kind word of Counts, and in
// the last two kinds (32, 33).
var orphanLanes = [5]uint64{0x01, 0x0101, 0x010100, 0x0101010101010000, 0x0101}

// shapeOf computes a handShape eight kinds at a time. Each per-kind flag
// lives in bit 0 of its byte lane, so the five words' flags are merged by
// shifting word w up by w bits and counted with one popcount.
func shapeOf(hand *Counts) handShape {
	var held, two, odd, orphanHeld, orphanTwo, halves uint64
	for w := range 5 {
		var x uint64
		if w < 4 {
			x = binary.LittleEndian.Uint64(hand[w*8 : w*8+8])
		} else {
			x = uint64(hand[32]) | uint64(hand[33])<<8
		}
		h := (x | x>>1 | x>>2) & lsb
		t := (x>>1 | x>>2) & lsb
		held |= h << w
		two |= t << w
		odd |= x & lsb << w
		orphanHeld |= h & orphanLanes[w] << w
		orphanTwo |= t & orphanLanes[w]
		halves += x >> 1 & lsb2 // at most 2 a lane per word: 10 over five words
	}
	hs := handShape{
		kinds:       bits.OnesCount64(held),
		pairs:       bits.OnesCount64(two),
		odd:         bits.OnesCount64(odd),
		halves:      int(halves * sumOf >> 56),
		orphanKinds: bits.OnesCount64(orphanHeld),
	}
	if orphanTwo != 0 {
		hs.orphanPair = 1
	}
	return hs
}

// sevenPairs returns how many tiles must be drawn or exchanged to hold seven
// pairs (of distinct kinds unless fourAlike lets four alike be two pairs).
func (hs *handShape) sevenPairs(fourAlike bool) int {
	if fourAlike {
		pairs := min(hs.halves, 7)
		return 7 - pairs + max(0, 7-pairs-hs.odd)
	}
	return 7 - min(hs.pairs, 7) + max(0, 7-hs.kinds)
}

// thirteenOrphans returns how many tiles must be drawn or exchanged to hold
// thirteen orphans.
func (hs *handShape) thirteenOrphans() int { return 14 - hs.orphanKinds - hs.orphanPair }

// special returns the least distance to the special forms r allows (inf
// when none).
func (hs *handShape) special(r Rules) int {
	d := inf
	if r.SevenPairs {
		d = min(d, hs.sevenPairs(r.SevenPairsFourAlike))
	}
	if r.ThirteenOrphans {
		d = min(d, hs.thirteenOrphans())
	}
	return d
}

// plus returns the shape after drawing a tile of kind t held k times.
func (hs handShape) plus(t Tile, k uint8) handShape {
	if k == 0 {
		hs.kinds++
	}
	if k == 1 {
		hs.pairs++
	}
	if k%2 == 1 {
		hs.odd--
		hs.halves++
	} else {
		hs.odd++
	}
	if t.IsTerminalOrHonor() {
		if k == 0 {
			hs.orphanKinds++
		} else {
			hs.orphanPair = 1
		}
	}
	return hs
}

// orphans are the terminals and honors.
var orphans = [13]Tile{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

// thirteenOrphansComplete reports whether a concealed 14-tile hand is
// thirteen orphans: every orphan held, and only orphans.
func thirteenOrphansComplete(hand *Counts) bool {
	n := 0
	for _, t := range orphans {
		if hand[t] == 0 {
			return false
		}
		n += int(hand[t])
	}
	return n == 14
}
