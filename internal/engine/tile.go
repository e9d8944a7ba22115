package engine

// Tile is a tile kind id, 0–33 (see the package comment for the order).
type Tile uint8

// NumKinds is the number of tile kinds in a full set.
const NumKinds = 34

// CopiesPerKind is how many copies of each kind a set holds.
const CopiesPerKind = 4

// Suit is the suit of a tile kind.
type Suit uint8

// Suits in id order. Honors holds the winds and dragons.
const (
	Man Suit = iota
	Sou
	Pin
	Honors
)

// suitLetters are the notation letters of the three numbered suits, in id order.
const suitLetters = "msp"

// honorNames are the names of tiles 27–33.
var honorNames = [7]string{"E", "S", "W", "N", "C", "F", "P"}

// Valid reports whether t is one of the 34 kinds.
func (t Tile) Valid() bool { return t < NumKinds }

// Suit returns the suit of t.
func (t Tile) Suit() Suit { return Suit(t / 9) }

// Number returns the rank 1–9 of a suited tile, 0 for an honor.
func (t Tile) Number() int {
	if t >= 27 {
		return 0
	}
	return int(t%9) + 1
}

// IsHonor reports whether t is a wind or a dragon.
func (t Tile) IsHonor() bool { return t >= 27 }

// IsTerminalOrHonor reports whether t is a 1, a 9 or an honor (a yaochuu tile).
func (t Tile) IsTerminalOrHonor() bool { return t >= 27 || t%9 == 0 || t%9 == 8 }

// String returns the canonical name of t: "1m"…"9m", "1s"…"9s", "1p"…"9p",
// "E" "S" "W" "N" "C" "F" "P". An invalid tile prints as "?".
func (t Tile) String() string {
	if t < NumKinds {
		return tileNames[t]
	}
	return "?"
}

// tileNames are the canonical names by id.
var tileNames = [NumKinds]string{
	"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
	"1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
	"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
	"E", "S", "W", "N", "C", "F", "P",
}

// String returns the suit's letter: "m", "s", "p", or "z" for honors.
func (s Suit) String() string {
	if s < Honors {
		return suitLetters[s : s+1]
	}
	return "z"
}

// Counts holds how many copies of each tile kind a set of tiles holds.
type Counts [NumKinds]uint8

// CountsOf counts tiles. Invalid tiles are ignored.
func CountsOf(tiles []Tile) Counts {
	var c Counts
	for _, t := range tiles {
		if t.Valid() {
			c[t]++
		}
	}
	return c
}

// Total returns the number of tiles counted.
func (c Counts) Total() int {
	n := 0
	for _, k := range c {
		n += int(k)
	}
	return n
}

// Tiles returns the counted tiles sorted by id.
func (c Counts) Tiles() []Tile {
	out := make([]Tile, 0, c.Total())
	for t, k := range c {
		for range k {
			out = append(out, Tile(t))
		}
	}
	return out
}

// Kinds returns the distinct tile kinds present, by id.
func (c Counts) Kinds() []Tile {
	var out []Tile
	for t, k := range c {
		if k > 0 {
			out = append(out, Tile(t))
		}
	}
	return out
}
