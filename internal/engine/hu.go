package engine

// suitCode returns the base-5 code of suit s's counts in c (s = 0..2 for
// the numbered suits, 3 for honors).
func suitCode(c *Counts, s int) uint32 {
	lo, hi := s*9, s*9+9
	if s == 3 {
		hi = NumKinds
	}
	var code uint32
	for i := hi - 1; i >= lo; i-- {
		code = code*5 + uint32(c[i])
	}
	return code
}

// lookup returns the table entries of the four suits of c.
func lookup(ts *tableSet, c *Counts) [4]entry {
	return [4]entry{
		ts.suit[suitCode(c, 0)],
		ts.suit[suitCode(c, 1)],
		ts.suit[suitCode(c, 2)],
		ts.honor[suitCode(c, 3)],
	}
}

// standardWins reports whether four suit entries make a standard win: every
// suit exactly melds, and exactly one suit holding the pair.
func standardWins(e *[4]entry) bool {
	pairs := 0
	for _, x := range e {
		if !x.complete() {
			return false
		}
		if x&flagRem2 != 0 {
			pairs++
		}
	}
	return pairs == 1
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
		if r.SevenPairs && sevenPairsDistance(hand, r.SevenPairsFourAlike) == 0 {
			fs |= Forms(SevenPairs)
		}
		if r.ThirteenOrphans && thirteenOrphansDistance(hand) == 0 {
			fs |= Forms(ThirteenOrphans)
		}
	}
	return fs
}

// orphans are the terminals and honors.
var orphans = [13]Tile{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

// sevenPairsDistance returns how many tiles must be exchanged or drawn
// into a concealed hand to hold seven pairs (of distinct kinds unless
// fourAlike, which lets four alike count as two pairs).
func sevenPairsDistance(hand *Counts, fourAlike bool) int {
	pairs, kinds, odd := 0, 0, 0
	for _, k := range hand {
		if k == 0 {
			continue
		}
		kinds++
		if fourAlike {
			pairs += int(k / 2)
			odd += int(k % 2)
		} else if k >= 2 {
			pairs++
		}
	}
	return sevenPairsFrom(pairs, kinds, odd, fourAlike)
}

// sevenPairsFrom computes the seven pairs distance from the hand's number
// of pairs, kinds, and kinds held an odd number of times.
func sevenPairsFrom(pairs, kinds, odd int, fourAlike bool) int {
	pairs = min(pairs, 7)
	if fourAlike {
		return 7 - pairs + max(0, 7-pairs-odd)
	}
	return 7 - pairs + max(0, 7-kinds)
}

// thirteenOrphansDistance returns how many tiles must be exchanged or
// drawn into a concealed hand to hold thirteen orphans.
func thirteenOrphansDistance(hand *Counts) int {
	kinds, pair := 0, 0
	for _, t := range orphans {
		if hand[t] > 0 {
			kinds++
			if hand[t] > 1 {
				pair = 1
			}
		}
	}
	return 14 - kinds - pair
}
