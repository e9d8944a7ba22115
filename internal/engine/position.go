package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Validation failures. Every error returned by NewPosition wraps one of them.
var (
	// ErrTileCount: the position does not have the number of tiles the judgment needs.
	ErrTileCount = errors.New("wrong number of tiles")
	// ErrTooManyCopies: a tile kind appears more than 4 times across hand, melds and visible tiles.
	ErrTooManyCopies = errors.New("more than 4 copies of a tile")
	// ErrInvalidMeld: a declared meld is not a chi, pon, kan or ankan of the right tiles.
	ErrInvalidMeld = errors.New("invalid meld")
	// ErrInvalidTile: a tile id outside 0–33.
	ErrInvalidTile = errors.New("invalid tile")
)

// FieldError names one offending element of a position input. Pointer is a
// JSON Pointer (RFC 6901) into the input's shape: "/hand/3",
// "/melds/1/tiles", "/visible/0", or "/hand" for the hand as a whole.
type FieldError struct {
	Pointer string
	Detail  string
	Err     error
}

func (e *FieldError) Error() string { return strings.TrimPrefix(e.Pointer, "/") + ": " + e.Detail }

// Unwrap returns the sentinel error that classifies e.
func (e *FieldError) Unwrap() error { return e.Err }

// PositionError lists every problem found in a position input.
type PositionError struct {
	Fields []*FieldError
}

func (e *PositionError) Error() string {
	msgs := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		msgs[i] = f.Error()
	}
	return "invalid position: " + strings.Join(msgs, "; ")
}

// Unwrap returns the field errors, so errors.Is sees their sentinels.
func (e *PositionError) Unwrap() []error {
	out := make([]error, len(e.Fields))
	for i, f := range e.Fields {
		out[i] = f
	}
	return out
}

// Stage says whether a position is judged complete (after a draw: hu,
// discard) or waiting (after a discard: tenpai).
type Stage uint8

const (
	// Waiting positions hold 13 tiles, counting 3 per declared meld.
	Waiting Stage = iota
	// Complete positions hold 14 tiles, counting 3 per declared meld.
	Complete
)

// MaxMelds is the most declared melds a 4-meld hand can hold.
const MaxMelds = 4

// MaxDeclaredMelds is the most declared melds any game allows (5, in
// 16-tile games).
const MaxDeclaredMelds = 5

// Tiles returns how many tiles a position of stage s holds in a game of
// melds melds plus a pair, counting 3 per declared meld: 3·melds+2
// complete, one fewer waiting.
func (s Stage) Tiles(melds int) int {
	if s == Complete {
		return 3*melds + 2
	}
	return 3*melds + 1
}

// MeldInput is a declared meld as a caller states it.
type MeldInput struct {
	Kind  MeldKind
	Tiles []Tile
}

// PositionInput is a position as a caller states it, before validation.
type PositionInput struct {
	Hand    []Tile
	Melds   []MeldInput
	Visible []Tile
	Rules   Rules
}

// Position is a validated position: every tile valid, the right size for
// its stage, melds well formed, no kind used more than 4 times. Build one
// with NewPosition; the zero value is an empty hand.
type Position struct {
	hand      Counts
	meldTiles Counts
	visible   Counts
	melds     [MaxDeclaredMelds]Meld
	numMelds  int
	rules     Rules
	stage     Stage
	variant   bool // the rules need the variant judgments (not rules.plain())
}

// NewPosition validates in and returns the position it describes, judged at
// stage s. On failure it returns a *PositionError naming every offending
// element; the error wraps ErrInvalidTile, ErrTileCount, ErrTooManyCopies,
// ErrInvalidMeld or ErrInvalidRules. Sizes follow the rules' meld count,
// and under SuitsOnly rules an honor anywhere is an invalid tile.
func NewPosition(in PositionInput, s Stage) (Position, error) {
	v := validator{suitsOnly: in.Rules.SuitsOnly}
	if err := in.Rules.Validate(); err != nil {
		var pe *PositionError
		if errors.As(err, &pe) {
			v.errs = append(v.errs, pe.Fields...)
		}
	}
	rules := in.Rules.normal()
	maxMelds := min(rules.MeldCount(), MaxDeclaredMelds)
	p := Position{rules: rules, stage: s, variant: !rules.plain()}
	for i, t := range in.Hand {
		if v.count(t, "hand", i, -1) {
			p.hand[t]++
		}
	}
	if len(in.Melds) > maxMelds {
		v.add("/melds", ErrInvalidMeld, fmt.Sprintf("at most %d declared melds, got %d", maxMelds, len(in.Melds)))
	}
	for i, mi := range in.Melds {
		for j, t := range mi.Tiles {
			v.count(t, "melds", i, j)
		}
		m, err := NewMeld(mi.Kind, mi.Tiles)
		if err != nil {
			v.add("/melds/"+strconv.Itoa(i), ErrInvalidMeld, err.Error())
			continue
		}
		if p.numMelds < maxMelds {
			p.melds[p.numMelds] = m
			p.numMelds++
		}
		for _, t := range mi.Tiles {
			p.meldTiles[t]++
		}
	}
	for i, t := range in.Visible {
		if v.count(t, "visible", i, -1) {
			p.visible[t]++
		}
	}
	size := s.Tiles(maxMelds)
	want := size - 3*len(in.Melds)
	if len(in.Melds) <= maxMelds && len(in.Hand) != want {
		v.add("/hand", ErrTileCount, fmt.Sprintf("expected %d concealed tiles for a %s hand with %d declared meld(s) (%d tiles, counting 3 per meld), got %d",
			want, s, len(in.Melds), size, len(in.Hand)))
	}
	if len(v.errs) > 0 {
		return Position{}, &PositionError{Fields: v.errs}
	}
	return p, nil
}

// validator collects the problems of a position input. Pointers are built
// only for offending elements, so a valid input costs no strings.
type validator struct {
	suitsOnly bool // honors are invalid tiles
	errs      []*FieldError
	seen      [NumKinds]int // copies counted so far, in input order: hand, melds, visible (int: lists may be long)
}

func (v *validator) add(ptr string, sentinel error, detail string) {
	v.errs = append(v.errs, &FieldError{Pointer: ptr, Detail: detail, Err: sentinel})
}

// count checks the tile at field[i] (or melds[i].tiles[j] when j >= 0) and
// reports whether it is a valid tile.
func (v *validator) count(t Tile, field string, i, j int) bool {
	ptr := func() string {
		if j >= 0 {
			return "/" + field + "/" + strconv.Itoa(i) + "/tiles/" + strconv.Itoa(j)
		}
		return "/" + field + "/" + strconv.Itoa(i)
	}
	if !t.Valid() {
		v.add(ptr(), ErrInvalidTile, fmt.Sprintf("tile id %d is outside 0–33", t))
		return false
	}
	if v.suitsOnly && t.Suit() == Honors {
		v.add(ptr(), ErrInvalidTile, fmt.Sprintf("%s is an honor, and the rules play a suits-only set (honors false)", t))
		return false
	}
	v.seen[t]++
	if v.seen[t] == CopiesPerKind+1 {
		v.add(ptr(), ErrTooManyCopies, fmt.Sprintf("a 5th %s: a set holds only 4 copies of each tile across hand, melds and visible tiles", t))
	}
	return true
}

// String names the stage: "complete" or "waiting".
func (s Stage) String() string {
	if s == Complete {
		return "complete"
	}
	return "waiting"
}

// Hand returns the concealed tiles' counts.
func (p *Position) Hand() Counts { return p.hand }

// MeldTiles returns the counts of the tiles in declared melds.
func (p *Position) MeldTiles() Counts { return p.meldTiles }

// Visible returns the counts of tiles seen outside the hand.
func (p *Position) Visible() Counts { return p.visible }

// Melds returns the declared melds.
func (p *Position) Melds() []Meld { return slices.Clone(p.melds[:p.numMelds]) }

// NumMelds returns the number of declared melds.
func (p *Position) NumMelds() int { return p.numMelds }

// Rules returns the rules the position is judged under.
func (p *Position) Rules() Rules { return p.rules }

// Stage returns the stage the position was validated for.
func (p *Position) Stage() Stage { return p.stage }

// Remaining returns how many copies of t are still unseen: 4 minus the
// copies in the hand, in declared melds and among the visible tiles, never
// negative; 0 for honors in a suits-only set.
func (p *Position) Remaining(t Tile) int {
	if p.rules.SuitsOnly && t.Suit() == Honors {
		return 0
	}
	r := CopiesPerKind - int(p.hand[t]) - int(p.meldTiles[t]) - int(p.visible[t])
	return max(r, 0)
}

// Notation returns the concealed hand in canonical compact notation.
func (p *Position) Notation() string { return FormatCounts(&p.hand) }
