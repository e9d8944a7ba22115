package engine_test

// Tile names, notation and position validation, against shared/TILES.md.

import (
	"errors"
	"slices"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// tileNames are the canonical names of ids 0–33, as TILES.md lists them.
var tileNames = []string{
	"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
	"1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
	"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
	"E", "S", "W", "N", "C", "F", "P",
}

func TestTileNames(t *testing.T) {
	if len(tileNames) != engine.NumKinds {
		t.Fatalf("%d names listed, want %d", len(tileNames), engine.NumKinds)
	}
	for id, name := range tileNames {
		got, err := engine.ParseTile(name)
		if err != nil || got != engine.Tile(id) {
			t.Errorf("ParseTile(%q) = %d, %v, want %d", name, got, err, id)
		}
		if s := engine.Tile(id).String(); s != name {
			t.Errorf("Tile(%d).String() = %q, want %q", id, s, name)
		}
		if tile, err := engine.TileFromID(id); err != nil || tile != engine.Tile(id) {
			t.Errorf("TileFromID(%d) = %d, %v, want %d", id, tile, err, id)
		}
		if ts, err := engine.ParseTiles(name); err != nil || !slices.Equal(ts, []engine.Tile{engine.Tile(id)}) {
			t.Errorf("ParseTiles(%q) = %v, %v, want [%d]", name, ts, err, id)
		}
	}
	if s := engine.Tile(34).String(); s != "?" {
		t.Errorf("Tile(34).String() = %q, want %q", s, "?")
	}
}

func TestParseTileAliases(t *testing.T) {
	tests := []struct {
		name string
		want engine.Tile
	}{
		// Tenhou order: 1z–4z are the winds, then 5z=P(白) 6z=F(发) 7z=C(中).
		{"1z", 27}, {"2z", 28}, {"3z", 29}, {"4z", 30}, {"5z", 33}, {"6z", 32}, {"7z", 31},
		// red fives are the plain fives
		{"0m", 4}, {"0s", 13}, {"0p", 22},
	}
	for _, tt := range tests {
		got, err := engine.ParseTile(tt.name)
		if err != nil || got != tt.want {
			t.Errorf("ParseTile(%q) = %d, %v, want %d", tt.name, got, err, tt.want)
		}
	}
}

func TestParseTileErrors(t *testing.T) {
	const notATileName = "not a tile name (want 1m–9m, 1s–9s, 1p–9p, a red five 0m 0s 0p, 1z–7z or E S W N C F P)"
	tests := []struct {
		name string
		want engine.TileError
	}{
		{"8z", engine.TileError{Text: "8z", Reason: "honors are 1z–7z"}},
		{"0z", engine.TileError{Text: "0z", Reason: "honors are 1z–7z"}},
		{"5x", engine.TileError{Text: "5x", Reason: "unknown suit letter (want m, s, p or z)"}},
		{"5", engine.TileError{Text: "5", Reason: notATileName}},
		{"", engine.TileError{Text: "", Reason: notATileName}},
		{"e", engine.TileError{Text: "e", Reason: notATileName}},
		{"10m", engine.TileError{Text: "10m", Reason: notATileName}},
		{"E ", engine.TileError{Text: "E ", Reason: notATileName}},
		{"mm", engine.TileError{Text: "mm", Reason: notATileName}},
	}
	for _, tt := range tests {
		_, err := engine.ParseTile(tt.name)
		var te *engine.TileError
		if !errors.As(err, &te) || *te != tt.want {
			t.Errorf("ParseTile(%q) error = %#v, want %#v", tt.name, err, tt.want)
			continue
		}
		if !errors.Is(err, engine.ErrUnknownTile) {
			t.Errorf("ParseTile(%q) error %v does not wrap ErrUnknownTile", tt.name, err)
		}
	}
}

func TestTileFromIDErrors(t *testing.T) {
	for _, id := range []int{-1, 34, 255, 1 << 20} {
		_, err := engine.TileFromID(id)
		var te *engine.TileError
		if !errors.As(err, &te) || te.Text == "" || te.Reason != "tile ids are 0–33" {
			t.Errorf("TileFromID(%d) error = %#v, want a *TileError naming the id", id, err)
		}
	}
	_, err := engine.TileFromID(34)
	if got, want := err.Error(), `unknown tile "34" at 0: tile ids are 0–33`; got != want {
		t.Errorf("TileFromID(34) error = %q, want %q", got, want)
	}
}

func TestParseTiles(t *testing.T) {
	tests := []struct {
		in   string
		want []engine.Tile
	}{
		{"123m456s789p EE", []engine.Tile{0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27}},
		{"19m19s19p1234567z1m", []engine.Tile{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 33, 32, 31, 0}},
		{"234m 55p CCC", []engine.Tile{1, 2, 3, 22, 22, 31, 31, 31}},
		{"0m0s0p", []engine.Tile{4, 13, 22}},
		{"ESWNCFP", []engine.Tile{27, 28, 29, 30, 31, 32, 33}},
		{"  1m  ", []engine.Tile{0}},
		{"11m E 2z", []engine.Tile{0, 0, 27, 28}},
		{"9p1m", []engine.Tile{26, 0}}, // input order kept
		{"", []engine.Tile{}},
		{"   ", []engine.Tile{}},
	}
	for _, tt := range tests {
		got, err := engine.ParseTiles(tt.in)
		if err != nil {
			t.Errorf("ParseTiles(%q): %v", tt.in, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ParseTiles(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseTilesErrors(t *testing.T) {
	const noSuit, notLetter = "digits with no suit letter", "not a tile letter (want m, s, p, z or E S W N C F P)"
	tests := []struct {
		in   string
		want engine.TileError
	}{
		{"8z", engine.TileError{Index: 0, Text: "8z", Reason: "honors are 1z–7z"}},
		{"0z", engine.TileError{Index: 0, Text: "0z", Reason: "honors are 1z–7z"}},
		{"123m0z", engine.TileError{Index: 4, Text: "0z", Reason: "honors are 1z–7z"}},
		{"128z", engine.TileError{Index: 2, Text: "8z", Reason: "honors are 1z–7z"}},
		{"123", engine.TileError{Index: 0, Text: "123", Reason: noSuit}},
		{"123m45", engine.TileError{Index: 4, Text: "45", Reason: noSuit}},
		{"12 3m", engine.TileError{Index: 0, Text: "12", Reason: noSuit}},
		{"12x", engine.TileError{Index: 0, Text: "12x", Reason: noSuit}},
		{"1E", engine.TileError{Index: 0, Text: "1E", Reason: noSuit}},
		{"m", engine.TileError{Index: 0, Text: "m", Reason: "suit letter with no digits before it"}},
		{"11m z", engine.TileError{Index: 4, Text: "z", Reason: "suit letter with no digits before it"}},
		{"123mX", engine.TileError{Index: 4, Text: "X", Reason: notLetter}},
		{"e", engine.TileError{Index: 0, Text: "e", Reason: notLetter}},
		{"1m中", engine.TileError{Index: 2, Text: "中", Reason: notLetter}},
		{"1m,2m", engine.TileError{Index: 2, Text: ",", Reason: notLetter}},
	}
	for _, tt := range tests {
		got, err := engine.ParseTiles(tt.in)
		var te *engine.TileError
		if !errors.As(err, &te) || *te != tt.want {
			t.Errorf("ParseTiles(%q) = %v, error %#v, want error %#v", tt.in, got, err, tt.want)
			continue
		}
		if !errors.Is(err, engine.ErrUnknownTile) {
			t.Errorf("ParseTiles(%q) error %v does not wrap ErrUnknownTile", tt.in, err)
		}
	}
	_, err := engine.ParseTiles("123m8z")
	if got, want := err.Error(), `unknown tile "8z" at 4: honors are 1z–7z`; got != want {
		t.Errorf("ParseTiles(%q) error = %q, want %q", "123m8z", got, want)
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		in   []engine.Tile
		want string
	}{
		{[]engine.Tile{0, 1, 2, 9, 9, 18, 27, 27, 31}, "123m11s1pEEC"},
		{[]engine.Tile{31, 0, 27}, "1mEC"},
		{[]engine.Tile{33, 32, 31, 30, 29, 28, 27}, "ESWNCFP"},
		{[]engine.Tile{26, 17, 8}, "9m9s9p"},
		{[]engine.Tile{4, 4, 4, 4}, "5555m"},
		{[]engine.Tile{0, 34, 200}, "1m"}, // invalid tiles skipped
		{nil, ""},
	}
	for _, tt := range tests {
		if got := engine.Format(tt.in); got != tt.want {
			t.Errorf("Format(%v) = %q, want %q", tt.in, got, tt.want)
		}
		c := engine.CountsOf(tt.in)
		if got := engine.FormatCounts(&c); got != tt.want {
			t.Errorf("FormatCounts(CountsOf(%v)) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTileProperties(t *testing.T) {
	tests := []struct {
		tile                  engine.Tile
		suit                  engine.Suit
		number                int
		honor, yaochuu, valid bool
	}{
		{0, engine.Man, 1, false, true, true},
		{4, engine.Man, 5, false, false, true},
		{8, engine.Man, 9, false, true, true},
		{9, engine.Sou, 1, false, true, true},
		{17, engine.Sou, 9, false, true, true},
		{22, engine.Pin, 5, false, false, true},
		{26, engine.Pin, 9, false, true, true},
		{27, engine.Honors, 0, true, true, true},
		{33, engine.Honors, 0, true, true, true},
		{34, engine.Honors, 0, true, true, false},
	}
	for _, tt := range tests {
		if got := tt.tile.Suit(); got != tt.suit {
			t.Errorf("Tile(%d).Suit() = %v, want %v", tt.tile, got, tt.suit)
		}
		if tt.valid {
			if got := tt.tile.Number(); got != tt.number {
				t.Errorf("Tile(%d).Number() = %d, want %d", tt.tile, got, tt.number)
			}
			if got := tt.tile.IsTerminalOrHonor(); got != tt.yaochuu {
				t.Errorf("Tile(%d).IsTerminalOrHonor() = %v, want %v", tt.tile, got, tt.yaochuu)
			}
		}
		if got := tt.tile.IsHonor(); got != tt.honor {
			t.Errorf("Tile(%d).IsHonor() = %v, want %v", tt.tile, got, tt.honor)
		}
		if got := tt.tile.Valid(); got != tt.valid {
			t.Errorf("Tile(%d).Valid() = %v, want %v", tt.tile, got, tt.valid)
		}
	}
	for s, want := range map[engine.Suit]string{engine.Man: "m", engine.Sou: "s", engine.Pin: "p", engine.Honors: "z"} {
		if got := s.String(); got != want {
			t.Errorf("Suit(%d).String() = %q, want %q", s, got, want)
		}
	}
}

func TestParseMeldKind(t *testing.T) {
	for i, name := range []string{"chi", "pon", "kan", "ankan"} {
		k, err := engine.ParseMeldKind(name)
		if err != nil || k != engine.MeldKind(i) || k.String() != name {
			t.Errorf("ParseMeldKind(%q) = %v, %v, want %d", name, k, err, i)
		}
	}
	for _, name := range []string{"Chi", "", "minkan", "kong"} {
		if _, err := engine.ParseMeldKind(name); !errors.Is(err, engine.ErrUnknownMeldKind) {
			t.Errorf("ParseMeldKind(%q) error = %v, want ErrUnknownMeldKind", name, err)
		}
	}
}

// tiles parses compact notation, failing the test on error.
func tiles(t *testing.T, s string) []engine.Tile {
	t.Helper()
	ts, err := engine.ParseTiles(s)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", s, err)
	}
	return ts
}

// fieldErr is an expected FieldError, with its sentinel.
type fieldErr struct {
	pointer, detail string
	err             error
}

func TestNewPositionErrors(t *testing.T) {
	const fifth = ": a set holds only 4 copies of each tile across hand, melds and visible tiles"
	tests := []struct {
		name  string
		in    engine.PositionInput
		stage engine.Stage
		want  []fieldErr
	}{
		{
			name: "12 tiles waiting", in: engine.PositionInput{Hand: tiles(t, "123m456s789p11pE")}, stage: engine.Waiting,
			want: []fieldErr{{"/hand", "expected 13 concealed tiles for a waiting hand with 0 declared meld(s) (13 tiles, counting 3 per meld), got 12", engine.ErrTileCount}},
		},
		{
			name: "13 tiles complete", in: engine.PositionInput{Hand: tiles(t, "123m456s789p11pEE")}, stage: engine.Complete,
			want: []fieldErr{{"/hand", "expected 14 concealed tiles for a complete hand with 0 declared meld(s) (14 tiles, counting 3 per meld), got 13", engine.ErrTileCount}},
		},
		{
			name: "two melds, 9 tiles complete",
			in: engine.PositionInput{Hand: tiles(t, "12m789p11pEE"), Melds: []engine.MeldInput{
				{Kind: engine.Pon, Tiles: tiles(t, "SSS")}, {Kind: engine.Kan, Tiles: tiles(t, "WWWW")},
			}},
			stage: engine.Complete,
			want:  []fieldErr{{"/hand", "expected 8 concealed tiles for a complete hand with 2 declared meld(s) (14 tiles, counting 3 per meld), got 9", engine.ErrTileCount}},
		},
		{
			name: "5th copy in hand", in: engine.PositionInput{Hand: tiles(t, "11111m234567899s")}, stage: engine.Complete,
			want: []fieldErr{{"/hand/4", "a 5th 1m" + fifth, engine.ErrTooManyCopies}},
		},
		{
			name: "5th copy in a meld",
			in: engine.PositionInput{Hand: tiles(t, "11m234567s789pE"), Melds: []engine.MeldInput{
				{Kind: engine.Chi, Tiles: tiles(t, "123m")}, {Kind: engine.Pon, Tiles: tiles(t, "111m")},
			}},
			stage: engine.Complete,
			want: []fieldErr{
				{"/melds/1/tiles/1", "a 5th 1m" + fifth, engine.ErrTooManyCopies},
				{"/hand", "expected 8 concealed tiles for a complete hand with 2 declared meld(s) (14 tiles, counting 3 per meld), got 12", engine.ErrTileCount},
			},
		},
		{
			name: "5th copy visible",
			in:   engine.PositionInput{Hand: tiles(t, "1111m234567899s"), Visible: tiles(t, "2m1m1m")}, stage: engine.Waiting,
			want: []fieldErr{{"/visible/1", "a 5th 1m" + fifth, engine.ErrTooManyCopies}},
		},
		{
			name: "invalid tile ids",
			in:   engine.PositionInput{Hand: []engine.Tile{0, 1, 2, 34, 4, 5, 6, 7, 8, 9, 10, 11, 12}, Visible: []engine.Tile{0, 1, 200}},
			want: []fieldErr{
				{"/hand/3", "tile id 34 is outside 0–33", engine.ErrInvalidTile},
				{"/visible/2", "tile id 200 is outside 0–33", engine.ErrInvalidTile},
			},
		},
		{
			name: "chi not consecutive",
			in: engine.PositionInput{Hand: tiles(t, "123m456s7p"), Melds: []engine.MeldInput{
				{Kind: engine.Pon, Tiles: tiles(t, "EEE")}, {Kind: engine.Chi, Tiles: tiles(t, "214m")},
			}},
			want: []fieldErr{{"/melds/1", "chi needs 3 consecutive tiles of one suit, got 124m", engine.ErrInvalidMeld}},
		},
		{
			name: "chi across suits",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.Chi, Tiles: tiles(t, "89m1s")}}},
			want: []fieldErr{{"/melds/0", "chi needs 3 consecutive tiles of one suit, got 89m1s", engine.ErrInvalidMeld}},
		},
		{
			name: "chi of winds",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.Chi, Tiles: tiles(t, "ESW")}}},
			want: []fieldErr{{"/melds/0", "chi needs 3 consecutive tiles of one suit, got ESW", engine.ErrInvalidMeld}},
		},
		{
			name: "pon not alike",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.Pon, Tiles: tiles(t, "112m")}}},
			want: []fieldErr{{"/melds/0", "pon needs 3 alike tiles, got 112m", engine.ErrInvalidMeld}},
		},
		{
			name: "kan of three",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.Kan, Tiles: tiles(t, "111m")}}},
			want: []fieldErr{{"/melds/0", "kan needs 4 alike tiles, got 111m", engine.ErrInvalidMeld}},
		},
		{
			name: "ankan of five",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.Ankan, Tiles: tiles(t, "EEEEE")}}},
			want: []fieldErr{
				{"/melds/0/tiles/3", "a 5th E" + fifth, engine.ErrTooManyCopies},
				{"/melds/0", "ankan needs 4 alike tiles, got EEEEE", engine.ErrInvalidMeld},
			},
		},
		{
			name: "meld with an invalid tile",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.Pon, Tiles: []engine.Tile{34, 34, 34}}}},
			want: []fieldErr{
				{"/melds/0/tiles/0", "tile id 34 is outside 0–33", engine.ErrInvalidTile},
				{"/melds/0/tiles/1", "tile id 34 is outside 0–33", engine.ErrInvalidTile},
				{"/melds/0/tiles/2", "tile id 34 is outside 0–33", engine.ErrInvalidTile},
				{"/melds/0", "tile id 34 is outside 0–33", engine.ErrInvalidMeld},
			},
		},
		{
			name: "unknown meld kind",
			in:   engine.PositionInput{Hand: tiles(t, "123m456s789pE"), Melds: []engine.MeldInput{{Kind: engine.MeldKind(9), Tiles: tiles(t, "111m")}}},
			want: []fieldErr{{"/melds/0", "unknown meld type 9", engine.ErrInvalidMeld}},
		},
		{
			name: "five melds",
			in: engine.PositionInput{Hand: tiles(t, "E"), Melds: []engine.MeldInput{
				{Kind: engine.Pon, Tiles: tiles(t, "111m")}, {Kind: engine.Pon, Tiles: tiles(t, "222m")}, {Kind: engine.Pon, Tiles: tiles(t, "333m")},
				{Kind: engine.Pon, Tiles: tiles(t, "444m")}, {Kind: engine.Pon, Tiles: tiles(t, "555m")},
			}},
			want: []fieldErr{{"/melds", "at most 4 declared melds, got 5", engine.ErrInvalidMeld}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engine.NewPosition(tt.in, tt.stage)
			var pe *engine.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("NewPosition error = %v, want a *PositionError", err)
			}
			got := make([]fieldErr, len(pe.Fields))
			for i, f := range pe.Fields {
				got[i] = fieldErr{f.Pointer, f.Detail, f.Err}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("NewPosition fields = %+v, want %+v", got, tt.want)
			}
			for _, w := range tt.want {
				if !errors.Is(err, w.err) {
					t.Errorf("NewPosition error %v does not wrap %v", err, w.err)
				}
			}
		})
	}
}

func TestPositionErrorText(t *testing.T) {
	_, err := engine.NewPosition(engine.PositionInput{Hand: []engine.Tile{0, 0, 0, 0, 0, 40}}, engine.Waiting)
	want := "invalid position: hand/4: a 5th 1m: a set holds only 4 copies of each tile across hand, melds and visible tiles; " +
		"hand/5: tile id 40 is outside 0–33; " +
		"hand: expected 13 concealed tiles for a waiting hand with 0 declared meld(s) (13 tiles, counting 3 per meld), got 6"
	if err == nil || err.Error() != want {
		t.Errorf("NewPosition error = %v, want %q", err, want)
	}
}

func TestNewPositionAccepts(t *testing.T) {
	in := engine.PositionInput{
		Hand:    tiles(t, "45m77p"),
		Melds:   []engine.MeldInput{{Kind: engine.Chi, Tiles: tiles(t, "312s")}, {Kind: engine.Pon, Tiles: tiles(t, "EEE")}, {Kind: engine.Ankan, Tiles: tiles(t, "9999p")}},
		Visible: tiles(t, "EP9s"),
		Rules:   engine.StandardRules(),
	}
	p, err := engine.NewPosition(in, engine.Waiting)
	if err != nil {
		t.Fatalf("NewPosition: %v", err)
	}
	if got, want := p.Notation(), "45m77p"; got != want {
		t.Errorf("Notation() = %q, want %q", got, want)
	}
	wantMelds := []engine.Meld{{Kind: engine.Chi, First: 9}, {Kind: engine.Pon, First: 27}, {Kind: engine.Ankan, First: 26}}
	if got := p.Melds(); !slices.Equal(got, wantMelds) {
		t.Errorf("Melds() = %v, want %v", got, wantMelds)
	}
	mt := p.MeldTiles()
	if got, want := engine.FormatCounts(&mt), "123s9999pEEE"; got != want {
		t.Errorf("MeldTiles() = %s, want %s", got, want)
	}
	for _, tt := range []struct {
		tile engine.Tile
		want int
	}{{27, 0}, {33, 3}, {26, 0}, {17, 3}, {3, 3}, {0, 4}, {24, 2}} {
		if got := p.Remaining(tt.tile); got != tt.want {
			t.Errorf("Remaining(%s) = %d, want %d", tt.tile, got, tt.want)
		}
	}
	if p.NumMelds() != 3 || p.Stage() != engine.Waiting || p.Rules() != engine.StandardRules() {
		t.Errorf("position = %d melds, stage %v, rules %+v", p.NumMelds(), p.Stage(), p.Rules())
	}
}
