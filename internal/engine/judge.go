package engine

// BlockKind is the kind of a meld inside a decomposition.
type BlockKind uint8

// Block kinds.
const (
	Sequence BlockKind = iota // three consecutive tiles of one suit
	Triplet                   // three alike
)

// String returns "sequence" or "triplet".
func (k BlockKind) String() string {
	if k == Sequence {
		return "sequence"
	}
	return "triplet"
}

// Block is one meld of a decomposition; First is its lowest tile. Under
// wildcard rules, bit i of Wild says that the i-th of Tiles() is a
// wildcard standing for that tile.
type Block struct {
	Kind  BlockKind
	First Tile
	Wild  uint8
}

// Tiles returns the block's three tiles in id order.
func (b Block) Tiles() [3]Tile {
	if b.Kind == Sequence {
		return [3]Tile{b.First, b.First + 1, b.First + 2}
	}
	return [3]Tile{b.First, b.First, b.First}
}

// Decomposition is one reading of concealed tiles in the standard form: a
// pair and melds (declared melds are not repeated here). Blocks are sorted
// by First, sequences before triplets on the same tile. Bit i of PairWild
// says that the pair's i-th tile is a wildcard standing for Pair.
type Decomposition struct {
	Pair     Tile
	PairWild uint8
	Blocks   []Block
}

// Wait is one tile that completes a waiting position, with the forms it
// completes and its shapes over every decomposition.
type Wait struct {
	Tile   Tile
	Forms  Forms
	Shapes Shapes
}

// Option is the outcome of one discard from a complete position: the
// shanten of the 13 tiles left and their effective tiles.
type Option struct {
	Discard   Tile
	Shanten   int
	Effective []Tile
}

// Reason says why a discard is not allowed; NoReason means it is.
type Reason uint8

// Discard refusal reasons.
const (
	NoReason      Reason = iota
	NotInHand            // the tile is not among the concealed tiles
	RiichiLocked         // after riichi only the drawn tile may be discarded
	VoidSuitFirst        // tiles of the void suit (定缺) must go first
)

var reasonNames = [...]string{"", "not_in_hand", "riichi_locked", "void_suit_first"}

// String returns the API reason code, "" for NoReason.
func (r Reason) String() string { return reasonNames[r] }

// DiscardQuery describes a discard and the constraints on it.
type DiscardQuery struct {
	Tile Tile
	// Drawn is the tile just drawn, meaningful when HasDrawn is set.
	Drawn    Tile
	HasDrawn bool
	// Riichi: the player has declared riichi, so only Drawn may go.
	Riichi bool
	// VoidSuit is the suit declared void (Sichuan 定缺), or Honors for none.
	VoidSuit Suit
}
