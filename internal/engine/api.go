package engine

import (
	"cmp"
	"slices"
)

// Hu returns the forms in which a complete position wins; the empty set
// when it does not win. It does not allocate.
func Hu(p *Position) Forms {
	if p.variant {
		return variantHu(p)
	}
	return huForms(&p.hand, p.numMelds, p.rules)
}

// Shanten returns the shanten number (向听数) of a waiting or complete
// position: the least number of tiles to exchange to reach a winning hand,
// minus one, never counting on a 5th copy of a tile. −1 means complete, 0
// ready. It is the minimum over the forms the rules allow; with declared
// melds only the standard form (and, with one meld, the knitted straight)
// applies. Under wildcard rules every tile still needed may be a wildcard
// drawn later, so a tile may be needed as a 5th copy. A position that can
// never win (its declared melds break the suit limit) has shanten
// Unreachable. It does not allocate.
func Shanten(p *Position) int {
	if p.variant {
		return variantShanten(p)
	}
	return shanten(&p.hand, &p.meldTiles, p.numMelds, p.rules)
}

// Decompositions lists every distinct reading of a complete position's
// concealed tiles as a pair plus sequences and triplets, sorted by pair,
// then by blocks. It is empty when the standard form does not win. Under
// wildcard rules the wildcards are placed in every distinct way, except
// that a block or pair made only of wildcards is read once, as a triplet
// (or pair) of the first wildcard kind; the list stops at
// MaxDecompositions readings.
func Decompositions(p *Position) []Decomposition {
	if p.variant {
		return variantDecompositions(p)
	}
	return decompositions(&p.hand)
}

// MaxDecompositions caps the readings Decompositions lists for one hand.
// Only hands with several wildcards come near it; the cap keeps a cached
// answer small (a few KB), so a cache bounded in entries stays bounded in
// bytes.
const MaxDecompositions = 64

// Waits lists, by tile id, the tiles that complete a waiting position: every
// kind with fewer than 4 copies in hand and melds whose addition wins in
// some form, with the forms and the wait shapes over all decompositions.
// It is empty unless the position is ready (shanten 0).
//
// Under wildcard rules a drawn wildcard completes every ready hand: its kind
// is listed (with shape WildcardWait) while a copy is left to draw.
func Waits(p *Position) []Wait {
	if p.variant {
		return variantWaits(p)
	}
	return waits(p)
}

// EffectiveTiles lists, by id, the tile kinds (with fewer than 4 copies in
// hand and melds) whose draw lowers a waiting position's shanten (有效牌).
// For a ready position they are its waits.
func EffectiveTiles(p *Position) []Tile {
	if p.variant {
		return variantEffective(p)
	}
	return effectiveTiles(p)
}

// Advise returns, for every distinct concealed tile of a complete position
// in id order, the shanten and effective tiles after discarding it.
func Advise(p *Position) []Option {
	if p.variant {
		return variantAdvise(p)
	}
	return advise(p)
}

// RankOptions returns opts sorted best first: discards of wildcards last,
// then by shanten ascending, then by the remaining copies (as counted by
// p.Remaining) of the effective tiles descending, then by discarded tile
// id. opts is not modified.
func RankOptions(p *Position, opts []Option) []Option {
	type ranked struct {
		Option
		total int
	}
	rs := make([]ranked, len(opts))
	for i, o := range opts {
		rs[i] = ranked{o, p.TotalRemaining(o.Effective)}
	}
	slices.SortFunc(rs, func(a, b ranked) int {
		return cmp.Or(
			cmp.Compare(b2i(p.rules.Wildcards.Has(a.Discard)), b2i(p.rules.Wildcards.Has(b.Discard))),
			cmp.Compare(a.Shanten, b.Shanten),
			cmp.Compare(b.total, a.total),
			cmp.Compare(a.Discard, b.Discard),
		)
	})
	out := make([]Option, len(rs))
	for i, r := range rs {
		out[i] = r.Option
	}
	return out
}

// TotalRemaining sums p.Remaining over tiles.
func (p *Position) TotalRemaining(tiles []Tile) int {
	n := 0
	for _, t := range tiles {
		n += p.Remaining(t)
	}
	return n
}

// CheckDiscard says whether q's discard is allowed from a complete
// position: NotInHand, then RiichiLocked, then VoidSuitFirst are checked in
// that order; NoReason means allowed.
func CheckDiscard(p *Position, q DiscardQuery) Reason {
	switch {
	case !q.Tile.Valid() || p.hand[q.Tile] == 0:
		return NotInHand
	case q.Riichi && q.HasDrawn && q.Tile != q.Drawn:
		return RiichiLocked
	case q.VoidSuit < Honors && q.Tile.Suit() != q.VoidSuit && p.holdsSuit(q.VoidSuit):
		return VoidSuitFirst
	}
	return NoReason
}

// holdsSuit reports whether the concealed tiles include suit s.
func (p *Position) holdsSuit(s Suit) bool {
	for _, k := range p.hand[s*9 : s*9+9] {
		if k > 0 {
			return true
		}
	}
	return false
}

// Discard returns the waiting position left after discarding t from a
// complete position, and false when t is not in the hand.
func (p *Position) Discard(t Tile) (Position, bool) {
	if !t.Valid() || p.hand[t] == 0 || p.stage != Complete {
		return Position{}, false
	}
	q := *p
	q.hand[t]--
	q.stage = Waiting
	return q, true
}

// Draw returns the complete position after drawing t into a waiting
// position, and false when no copy of t is left to draw (a 5th copy, or an
// honor in a suits-only set).
func (p *Position) Draw(t Tile) (Position, bool) {
	if !t.Valid() || p.stage != Waiting || p.Remaining(t) == 0 {
		return Position{}, false
	}
	q := *p
	q.hand[t]++
	q.stage = Complete
	return q, true
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
