package engine

// Form is one way a hand can win. Forms is a set of them.
type Form uint8

// The winning forms.
const (
	// Standard is one pair plus sequences and triplets (declared melds count).
	Standard Form = 1 << iota
	// SevenPairs is seven pairs in a concealed hand.
	SevenPairs
	// ThirteenOrphans is one of each terminal and honor plus a duplicate.
	ThirteenOrphans
	// HonorsAndKnitted (全不靠) is 14 distinct tiles from one knitted set
	// (147, 258 and 369 over the three suits) and the seven honors.
	HonorsAndKnitted
	// GreaterHonorsAndKnitted (七星不靠) is honors-and-knitted holding all
	// seven honors; it is reported together with HonorsAndKnitted.
	GreaterHonorsAndKnitted
	// KnittedStraight (组合龙) is the nine knitted tiles plus one meld and a
	// pair, or the nine inside honors-and-knitted.
	KnittedStraight
)

// Forms is a set of winning forms; the zero value is "does not win".
type Forms uint8

var formNames = []struct {
	f    Form
	name string
}{
	{Standard, "standard"},
	{SevenPairs, "sevenPairs"},
	{ThirteenOrphans, "thirteenOrphans"},
	{HonorsAndKnitted, "honorsAndKnitted"},
	{GreaterHonorsAndKnitted, "greaterHonorsAndKnitted"},
	{KnittedStraight, "knittedStraight"},
}

// Has reports whether f is in the set.
func (fs Forms) Has(f Form) bool { return fs&Forms(f) != 0 }

// Wins reports whether the set holds any form.
func (fs Forms) Wins() bool { return fs != 0 }

// Names lists the forms in the set by their API names, in a fixed order.
func (fs Forms) Names() []string {
	out := make([]string, 0, 4)
	for _, fn := range formNames {
		if fs.Has(fn.f) {
			out = append(out, fn.name)
		}
	}
	return out
}

// String returns the name of a single form.
func (f Form) String() string {
	for _, fn := range formNames {
		if fn.f == f {
			return fn.name
		}
	}
	return "unknown"
}

// Shape is the shape of a wait in one reading of a hand. Shapes is a set.
type Shape uint16

// The wait shapes.
const (
	// TwoSided is 两面: 23 waiting on 1 or 4.
	TwoSided Shape = 1 << iota
	// Closed is 嵌张: 13 waiting on 2.
	Closed
	// Edge is 边张: 12 waiting on 3, or 89 waiting on 7.
	Edge
	// Single is 单骑: the wait completes the pair.
	Single
	// DualPon is 双碰: one of two pairs becomes a triplet.
	DualPon
	// SevenPairsWait completes seven pairs.
	SevenPairsWait
	// ThirteenOrphansWait completes thirteen orphans.
	ThirteenOrphansWait
	// HonorsAndKnittedWait completes honors-and-knitted.
	HonorsAndKnittedWait
	// KnittedStraightWait completes the nine tiles of a knitted straight.
	KnittedStraightWait
	// WildcardWait is a drawn wildcard: it completes the hand standing for
	// any of the hand's winning tiles.
	WildcardWait
)

// Shapes is a set of wait shapes.
type Shapes uint16

var shapeNames = []struct {
	s    Shape
	name string
}{
	{TwoSided, "twoSided"},
	{Closed, "closed"},
	{Edge, "edge"},
	{Single, "single"},
	{DualPon, "dualPon"},
	{SevenPairsWait, "sevenPairs"},
	{ThirteenOrphansWait, "thirteenOrphans"},
	{HonorsAndKnittedWait, "honorsAndKnitted"},
	{KnittedStraightWait, "knittedStraight"},
	{WildcardWait, "wildcard"},
}

// Has reports whether s is in the set.
func (ss Shapes) Has(s Shape) bool { return ss&Shapes(s) != 0 }

// Names lists the shapes in the set by their API names, in a fixed order.
func (ss Shapes) Names() []string {
	out := make([]string, 0, 2)
	for _, sn := range shapeNames {
		if ss.Has(sn.s) {
			out = append(out, sn.name)
		}
	}
	return out
}
