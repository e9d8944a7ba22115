package engine_test

// Fuzz targets: each states an invariant. Their seeds run in every
// `go test`; `go test -fuzz=FuzzX ./internal/engine` explores further.

import (
	"errors"
	"slices"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// FuzzNotation: a compact string that parses round-trips through Format to
// its tiles sorted; one that does not names its offending text.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"123m456s789p EE", "19m19s19p1234567z1m", "234m 55p CCC", "0m0s0p", "8z", "12 3m", "1m中", "m", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tiles, err := engine.ParseTiles(s)
		if err != nil {
			var te *engine.TileError
			if !errors.As(err, &te) || !errors.Is(err, engine.ErrUnknownTile) {
				t.Fatalf("ParseTiles(%q) error %v is not a *TileError wrapping ErrUnknownTile", s, err)
			}
			if te.Index < 0 || te.Index >= len(s) || te.Text == "" || s[te.Index] != te.Text[0] {
				t.Fatalf("ParseTiles(%q) error %#v does not point at its text", s, te)
			}
			return
		}
		for _, tile := range tiles {
			if !tile.Valid() {
				t.Fatalf("ParseTiles(%q) = %v holds an invalid tile", s, tiles)
			}
		}
		sorted := slices.Sorted(slices.Values(tiles))
		again, err := engine.ParseTiles(engine.Format(tiles))
		if err != nil || !slices.Equal(again, sorted) {
			t.Fatalf("ParseTiles(Format(%v)) = %v, %v, want %v", tiles, again, err, sorted)
		}
	})
}

// FuzzParseTile: a name that parses prints as a name that parses to the
// same tile.
func FuzzParseTile(f *testing.F) {
	for _, s := range []string{"5m", "0p", "7z", "E", "8z", "", "10m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		tile, err := engine.ParseTile(name)
		if err != nil {
			if !errors.Is(err, engine.ErrUnknownTile) {
				t.Fatalf("ParseTile(%q) error %v does not wrap ErrUnknownTile", name, err)
			}
			return
		}
		if again, err := engine.ParseTile(tile.String()); err != nil || again != tile || !tile.Valid() {
			t.Fatalf("ParseTile(%q) = %d, but ParseTile(%q) = %d, %v", name, tile, tile.String(), again, err)
		}
	})
}

// FuzzNewPosition feeds raw bytes as tile ids, meld kinds and sizes:
// NewPosition never panics, and accepts exactly the inputs the reference
// validation accepts.
func FuzzNewPosition(f *testing.F) {
	f.Add([]byte{0, 0, 13, 0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31})
	f.Add([]byte{1, 2, 1, 3, 5, 5, 5, 3, 4, 7, 7, 7, 7, 7, 8, 0, 1, 2, 3, 3, 200})
	f.Add([]byte{0, 5, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		in, st := rawInput(data)
		_, err := engine.NewPosition(in, st)
		want := refValidate(in, st)
		if (err == nil) != (len(want) == 0) {
			t.Fatalf("NewPosition(%+v, %v) error = %v, want errors %v", in, st, err, want)
		}
		for _, w := range want {
			if !errors.Is(err, w) {
				t.Fatalf("NewPosition(%+v, %v) error = %v, want it to wrap %v", in, st, err, w)
			}
		}
	})
}

// rawInput decodes bytes into a position input without any care for
// validity: stage, meld count, each meld's kind and length and tiles, the
// hand's length and tiles, then visible tiles.
func rawInput(data []byte) (engine.PositionInput, engine.Stage) {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	var in engine.PositionInput
	st := engine.Stage(next() % 2)
	for range next() % 6 {
		mi := engine.MeldInput{Kind: engine.MeldKind(next() % 5)}
		for range next() % 6 {
			mi.Tiles = append(mi.Tiles, engine.Tile(next()))
		}
		in.Melds = append(in.Melds, mi)
	}
	for range next() % 16 {
		in.Hand = append(in.Hand, engine.Tile(next()))
	}
	for len(data) > 0 {
		in.Visible = append(in.Visible, engine.Tile(next()))
	}
	return in, st
}

// fuzzPosition decodes bytes into a position that is usually valid: the
// first byte picks stage, rules and meld count, then each meld takes a kind
// and a tile, the hand takes tiles mod 34 and the rest are visible tiles.
// It reports false when the input is invalid.
func fuzzPosition(data []byte) (engine.Position, bool) {
	if len(data) == 0 {
		return engine.Position{}, false
	}
	head := data[0]
	data = data[1:]
	st := engine.Stage(head & 1)
	rules := ruleVariants[int(head>>1&7)%len(ruleVariants)]
	melds := int(head>>4) % (engine.MaxMelds + 1)
	var in engine.PositionInput
	in.Rules = rules
	for range melds {
		if len(data) < 2 {
			return engine.Position{}, false
		}
		k, t := engine.MeldKind(data[0]%4), engine.Tile(data[1]%engine.NumKinds)
		data = data[2:]
		switch k {
		case engine.Chi:
			s := t / 9 * 9
			if t >= 27 {
				s = 0
			}
			s += t % 9 % 7
			in.Melds = append(in.Melds, engine.MeldInput{Kind: k, Tiles: []engine.Tile{s, s + 1, s + 2}})
		case engine.Pon:
			in.Melds = append(in.Melds, engine.MeldInput{Kind: k, Tiles: []engine.Tile{t, t, t}})
		default:
			in.Melds = append(in.Melds, engine.MeldInput{Kind: k, Tiles: []engine.Tile{t, t, t, t}})
		}
	}
	n := 13 + int(st) - 3*melds
	if len(data) < n {
		return engine.Position{}, false
	}
	for _, b := range data[:n] {
		in.Hand = append(in.Hand, engine.Tile(b%engine.NumKinds))
	}
	for _, b := range data[n:] {
		in.Visible = append(in.Visible, engine.Tile(b%engine.NumKinds))
	}
	p, err := engine.NewPosition(in, st)
	return p, err == nil
}

// FuzzPositionInvariants: on any valid position the judgments agree with
// each other and with the reference judge.
func FuzzPositionInvariants(f *testing.F) {
	for _, seed := range []struct {
		head byte
		hand string
	}{
		{0, "1112345678999m"},
		{0, "111m222m333m444s5s"},
		{0, "19m19s19pESWNCFP"},
		{1, "11223344556677m"},
		{1 | 1<<1, "1111m22s33s44p55pEE"},
		{1, "147m258s369pESWNC"},
		{0 | 4<<1, "1199m1199s1199pE"},
	} {
		ts, err := engine.ParseTiles(seed.hand)
		if err != nil {
			f.Fatal(err)
		}
		b := []byte{seed.head}
		for _, t := range ts {
			b = append(b, byte(t))
		}
		f.Add(b)
	}
	// one meld: pon of 5p (kind 1, tile 22), hand 5p123m456m789s
	f.Add([]byte{0 | 1<<4, 1, 22, 22, 0, 1, 2, 3, 4, 5, 15, 16, 17})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, ok := fuzzPosition(data)
		if !ok {
			return
		}
		r := newRefJudge()
		h, meld, melds, rules := parts(&p)
		s := engine.Shanten(&p)
		if want := r.shanten(h, meld, melds, rules); s != want {
			t.Fatalf("Shanten(%s) = %d, reference %d", p.Notation(), s, want)
		}
		bare := withoutVisible(&p)
		if p.Stage() == engine.Complete {
			fs := engine.Hu(&p)
			if want := refHu(h, melds, rules); fs != want {
				t.Fatalf("Hu(%s) = %v, reference %v", p.Notation(), fs.Names(), want.Names())
			}
			if fs.Wins() != (s == -1) {
				t.Fatalf("Hu(%s) = %v but Shanten = %d", p.Notation(), fs.Names(), s)
			}
			if g, w := formatDecompositions(engine.Decompositions(&p)), formatDecompositions(refDecompositions(h, 4-melds)); g != w {
				t.Fatalf("Decompositions(%s) = %q, reference %q", p.Notation(), g, w)
			}
			best := 99
			for _, x := range h.Kinds() {
				q, _ := p.Discard(x)
				best = min(best, engine.Shanten(&q))
			}
			if s != -1 && s != best {
				t.Fatalf("Shanten(%s) = %d, but the best discard leaves %d", p.Notation(), s, best)
			}
			return
		}
		ws := engine.Waits(&p)
		if want := refWaits(h, meld, melds, rules); !slices.Equal(ws, want) {
			t.Fatalf("Waits(%s) = %q, reference %q", p.Notation(), formatWaits(ws), formatWaits(want))
		}
		var winners []engine.Tile
		for tile := range engine.Tile(engine.NumKinds) {
			if q, ok := bare.Draw(tile); ok && engine.Hu(&q).Wins() {
				winners = append(winners, tile)
			}
		}
		if !slices.Equal(waitTiles(ws), winners) {
			t.Fatalf("Waits(%s) tiles %s, but the draws that win are %s", p.Notation(), formatTiles(waitTiles(ws)), formatTiles(winners))
		}
		if (len(ws) > 0) != (s == 0) {
			t.Fatalf("Waits(%s) = %q but Shanten = %d", p.Notation(), formatWaits(ws), s)
		}
		if g, w := engine.EffectiveTiles(&p), r.effective(h, meld, melds, rules); !slices.Equal(g, w) {
			t.Fatalf("EffectiveTiles(%s) = %s, reference %s", p.Notation(), formatTiles(g), formatTiles(w))
		}
	})
}
