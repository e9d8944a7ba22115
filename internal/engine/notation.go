package engine

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnknownTile is wrapped by the parsers for text that names no tile.
var ErrUnknownTile = errors.New("unknown tile")

// TileError names the element of a tile list that could not be parsed:
// Index is the element's index in an array, or the byte offset of the
// offending text in a compact string; Text is the text itself.
type TileError struct {
	Index  int
	Text   string
	Reason string
}

func (e *TileError) Error() string {
	return fmt.Sprintf("%s %q at %d: %s", ErrUnknownTile, e.Text, e.Index, e.Reason)
}

// Unwrap returns ErrUnknownTile.
func (e *TileError) Unwrap() error { return ErrUnknownTile }

// notATileName explains what a tile name looks like.
const notATileName = "not a tile name (want 1m–9m, 1s–9s, 1p–9p, a red five 0m 0s 0p, 1z–7z or E S W N C F P)"

// TileFromID returns the tile with integer id, which must be in 0–33.
func TileFromID(id int) (Tile, error) {
	if id < 0 || id >= NumKinds {
		return 0, &TileError{Index: 0, Text: fmt.Sprint(id), Reason: "tile ids are 0–33"}
	}
	return Tile(id), nil
}

// honorLetter returns the tile for an honor letter (E S W N C F P).
func honorLetter(c byte) (Tile, bool) {
	i := strings.IndexByte("ESWNCFP", c)
	if i < 0 {
		return 0, false
	}
	return Tile(27 + i), true
}

// tenhouHonors maps the z digits 1–7 (Tenhou order E S W N P F C) to ids.
var tenhouHonors = [8]Tile{0, 27, 28, 29, 30, 33, 32, 31}

// suitedTile returns the tile for digit d ('0'–'9') of suit letter s (m s p z).
func suitedTile(d, s byte) (Tile, string, bool) {
	if d < '0' || d > '9' {
		return 0, "not a digit", false
	}
	n := int(d - '0')
	switch s {
	case 'm', 's', 'p':
		if n == 0 {
			n = 5 // red five, judged as the plain five
		}
		return Tile(strings.IndexByte(suitLetters, s)*9 + n - 1), "", true
	case 'z':
		if n < 1 || n > 7 {
			return 0, "honors are 1z–7z", false
		}
		return tenhouHonors[n], "", true
	}
	return 0, "unknown suit letter (want m, s, p or z)", false
}

// ParseTile parses one tile name: "1m"…"9m", "1s"…"9s", "1p"…"9p", a red
// five "0m" "0s" "0p", an honor letter "E" "S" "W" "N" "C" "F" "P", or
// "1z"…"7z" in Tenhou order (5z=P, 6z=F, 7z=C). Errors are *TileError.
func ParseTile(name string) (Tile, error) {
	if len(name) == 1 {
		if t, ok := honorLetter(name[0]); ok {
			return t, nil
		}
	}
	if len(name) == 2 && name[0] >= '0' && name[0] <= '9' {
		t, reason, ok := suitedTile(name[0], name[1])
		if ok {
			return t, nil
		}
		return 0, &TileError{Text: name, Reason: reason}
	}
	return 0, &TileError{Text: name, Reason: notATileName}
}

// ParseTiles parses a compact tile string: digit groups each followed by a
// suit letter, honor letters, and optional spaces, e.g. "123m456s789p EE" or
// "19m19s19p1234567z1m". Errors are *TileError with Index set to the byte
// offset of the offending text.
func ParseTiles(s string) ([]Tile, error) {
	tiles := make([]Tile, 0, 14)
	digitsAt := -1 // offset of the pending digit group, -1 when none
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digitsAt < 0 {
				digitsAt = i
			}
		case c == 'm' || c == 's' || c == 'p' || c == 'z':
			if digitsAt < 0 {
				return nil, &TileError{Index: i, Text: s[i : i+1], Reason: "suit letter with no digits before it"}
			}
			for j := digitsAt; j < i; j++ {
				t, reason, ok := suitedTile(s[j], c)
				if !ok {
					return nil, &TileError{Index: j, Text: string([]byte{s[j], c}), Reason: reason}
				}
				tiles = append(tiles, t)
			}
			digitsAt = -1
		case c == ' ':
			if digitsAt >= 0 {
				return nil, &TileError{Index: digitsAt, Text: s[digitsAt:i], Reason: "digits with no suit letter"}
			}
		default:
			t, ok := honorLetter(c)
			if !ok || digitsAt >= 0 {
				end := i + 1
				for end < len(s) && s[end] >= 0x80 && s[end] < 0xC0 { // keep a multi-byte rune whole
					end++
				}
				if digitsAt >= 0 {
					return nil, &TileError{Index: digitsAt, Text: s[digitsAt:end], Reason: "digits with no suit letter"}
				}
				return nil, &TileError{Index: i, Text: s[i:end], Reason: "not a tile letter (want m, s, p, z or E S W N C F P)"}
			}
			tiles = append(tiles, t)
		}
	}
	if digitsAt >= 0 {
		return nil, &TileError{Index: digitsAt, Text: s[digitsAt:], Reason: "digits with no suit letter"}
	}
	return tiles, nil
}

// Format renders tiles in canonical compact notation: sorted by id, digits
// grouped by suit in id order (m, s, p), then honor letters:
// [0 1 2 9 9 18 27 27 31] → "123m11s1pEEC". Invalid tiles are skipped.
func Format(tiles []Tile) string {
	var n [NumKinds]int // not Counts: a list may hold more than 255 of a kind
	for _, t := range tiles {
		if t.Valid() {
			n[t]++
		}
	}
	return format(func(t int) int { return n[t] })
}

// FormatCounts renders counted tiles in canonical compact notation.
func FormatCounts(c *Counts) string { return format(func(t int) int { return int(c[t]) }) }

// format renders count(t) copies of each kind t in canonical notation.
func format(count func(t int) int) string {
	var b strings.Builder
	for s := range 3 {
		wrote := false
		for n := range 9 {
			for range count(s*9 + n) {
				b.WriteByte('1' + byte(n))
				wrote = true
			}
		}
		if wrote {
			b.WriteByte(suitLetters[s])
		}
	}
	for h := range 7 {
		for range count(27 + h) {
			b.WriteString(honorNames[h])
		}
	}
	return b.String()
}
