package engine

import (
	"errors"
	"fmt"
	"slices"
)

// MeldKind is the kind of a declared meld.
type MeldKind uint8

// Declared meld kinds.
const (
	Chi   MeldKind = iota // three consecutive tiles of one suit
	Pon                   // three alike
	Kan                   // four alike, open
	Ankan                 // four alike, concealed
)

var meldKindNames = [...]string{"chi", "pon", "kan", "ankan"}

// String returns the API name of k.
func (k MeldKind) String() string {
	if int(k) < len(meldKindNames) {
		return meldKindNames[k]
	}
	return "unknown"
}

// ErrUnknownMeldKind is wrapped by ParseMeldKind for an unknown name.
var ErrUnknownMeldKind = errors.New("unknown meld type")

// ParseMeldKind parses "chi", "pon", "kan" or "ankan".
func ParseMeldKind(s string) (MeldKind, error) {
	for i, n := range meldKindNames {
		if n == s {
			return MeldKind(i), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want chi, pon, kan or ankan)", ErrUnknownMeldKind, s)
}

// Meld is a validated declared meld. First is its lowest tile.
type Meld struct {
	Kind  MeldKind
	First Tile
}

// Tiles returns the meld's tiles in id order.
func (m Meld) Tiles() []Tile {
	switch m.Kind {
	case Chi:
		return []Tile{m.First, m.First + 1, m.First + 2}
	case Pon:
		return []Tile{m.First, m.First, m.First}
	default:
		return []Tile{m.First, m.First, m.First, m.First}
	}
}

// NewMeld checks that tiles form a meld of kind k (chi tiles may come in
// any order) and returns it. The error says what the kind needs.
func NewMeld(k MeldKind, tiles []Tile) (Meld, error) {
	for _, t := range tiles {
		if !t.Valid() {
			return Meld{}, fmt.Errorf("tile id %d is outside 0–33", t)
		}
	}
	var buf [4]Tile // melds hold 3 or 4 tiles: sort a copy without allocating
	sorted := append(buf[:0], tiles...)
	slices.Sort(sorted)
	switch k {
	case Chi:
		if len(sorted) != 3 || !canStartSequence(sorted[0]) || sorted[1] != sorted[0]+1 || sorted[2] != sorted[0]+2 {
			return Meld{}, fmt.Errorf("chi needs 3 consecutive tiles of one suit, got %s", Format(tiles))
		}
	case Pon:
		if len(sorted) != 3 || sorted[0] != sorted[2] {
			return Meld{}, fmt.Errorf("pon needs 3 alike tiles, got %s", Format(tiles))
		}
	case Kan, Ankan:
		if len(sorted) != 4 || sorted[0] != sorted[3] {
			return Meld{}, fmt.Errorf("%s needs 4 alike tiles, got %s", k, Format(tiles))
		}
	default:
		return Meld{}, fmt.Errorf("%w %d", ErrUnknownMeldKind, k)
	}
	return Meld{Kind: k, First: sorted[0]}, nil
}

// canStartSequence reports whether t can be the lowest tile of a sequence.
func canStartSequence(t Tile) bool { return t < 27 && t%9 <= 6 }
