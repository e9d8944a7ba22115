package engine_test

import (
	"slices"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// fuzzRulesPosition builds a position under variant rules from fuzz bytes:
// data[0] holds the stage and rule flags, data[1] the suit limit, the
// number of wildcard kinds and of declared melds, data[2:4] the wildcard
// kinds, then two bytes a meld, then the hand. Invalid rules or positions
// report false.
func fuzzRulesPosition(data []byte) (engine.Position, bool) {
	if len(data) < 4 {
		return engine.Position{}, false
	}
	flags, sizes := data[0], data[1]
	st := engine.Stage(flags & 1)
	r := engine.Rules{
		SevenPairs:          flags>>1&1 == 1,
		SevenPairsFourAlike: flags>>2&1 == 1,
		ThirteenOrphans:     flags>>3&1 == 1,
		HonorsAndKnitted:    flags>>4&1 == 1,
		KnittedStraight:     flags>>5&1 == 1,
		SuitsOnly:           flags>>6&1 == 1,
		Melds:               4 + flags>>7,
		MaxSuits:            sizes & 3,
	}
	for i := range int(sizes>>2&3) % 3 {
		r.Wildcards |= engine.NewWildSet(engine.Tile(data[2+i] % engine.NumKinds))
	}
	data = data[4:]
	in := engine.PositionInput{Rules: r}
	melds := int(sizes>>4) % (r.MeldCount() + 1)
	for range melds {
		if len(data) < 2 {
			return engine.Position{}, false
		}
		t := engine.Tile(data[1] % engine.NumKinds)
		tiles := []engine.Tile{t, t, t}
		k := engine.Pon
		if data[0]%2 == 1 && t.Suit() != engine.Honors && t%9 <= 6 {
			k, tiles = engine.Chi, []engine.Tile{t, t + 1, t + 2}
		}
		in.Melds = append(in.Melds, engine.MeldInput{Kind: k, Tiles: tiles})
		data = data[2:]
	}
	n := st.Tiles(r.MeldCount()) - 3*melds
	if len(data) < n {
		return engine.Position{}, false
	}
	for _, b := range data[:n] {
		in.Hand = append(in.Hand, engine.Tile(b%engine.NumKinds))
	}
	p, err := engine.NewPosition(in, st)
	return p, err == nil
}

// FuzzRulesInvariants checks that the variant judgments agree with each
// other on any rules and position: a complete hand wins exactly at shanten
// −1 and its readings use exactly its tiles; each discard's advice is the
// shanten and effective tiles of the hand left; a waiting hand's waits are
// exactly the draws that win, and its effective tiles exactly the draws
// that lower its shanten.
func FuzzRulesInvariants(f *testing.F) {
	seeds := []struct {
		flags, sizes byte
		wild         [2]byte
		hand         string
	}{
		{1 | 2 | 8, 1 << 2, [2]byte{33, 0}, "123m456s789pEEPPP"},
		{0 | 2 | 8, 1 << 2, [2]byte{33, 0}, "123m456s78pEEPPP"},
		{1 | 2 | 4 | 8 | 16 | 32, 0, [2]byte{}, "147m258s369pESWNC"},
		{0 | 2 | 4 | 8 | 16 | 32, 0, [2]byte{}, "147m258s369p12m55z"},
		{1 | 2 | 4 | 64, 2, [2]byte{}, "11112233445566m"},
		{0 | 2 | 4 | 64, 2, [2]byte{}, "123m456m789s1122s"},
		{1 | 128, 0, [2]byte{}, "111222333444555m66s"},
		{0 | 128, 0, [2]byte{}, "111222333444555m6s"},
		{1 | 2, 2 << 2, [2]byte{4, 33}, "5555mPPPP123s456p"},
	}
	for _, s := range seeds {
		ts, err := engine.ParseTiles(s.hand)
		if err != nil {
			f.Fatal(err)
		}
		b := []byte{s.flags, s.sizes, s.wild[0], s.wild[1]}
		for _, t := range ts {
			b = append(b, byte(t))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, ok := fuzzRulesPosition(data)
		if !ok {
			return
		}
		if p.Stage() == engine.Complete {
			checkRulesComplete(t, &p)
		} else {
			checkRulesWaiting(t, &p)
		}
	})
}

func checkRulesComplete(t *testing.T, p *engine.Position) {
	fs, s := engine.Hu(p), engine.Shanten(p)
	if fs.Wins() != (s == -1) {
		t.Fatalf("%s %+v: Hu = %v but Shanten = %d", p.Notation(), p.Rules(), fs.Names(), s)
	}
	ds := engine.Decompositions(p)
	if (len(ds) > 0) != fs.Has(engine.Standard) {
		t.Fatalf("%s %+v: %d readings, Hu = %v", p.Notation(), p.Rules(), len(ds), fs.Names())
	}
	real, jokers := p.Hand(), 0
	for _, w := range p.Rules().Wildcards.Tiles() {
		jokers += int(real[w])
		real[w] = 0
	}
	for _, d := range ds {
		var got engine.Counts
		wild := 0
		place := func(t engine.Tile, isWild bool) {
			if isWild {
				wild++
			} else {
				got[t]++
			}
		}
		place(d.Pair, d.PairWild&1 == 1)
		place(d.Pair, d.PairWild&2 == 2)
		for _, b := range d.Blocks {
			for i, bt := range b.Tiles() {
				place(bt, b.Wild>>i&1 == 1)
			}
		}
		if got != real || wild != jokers {
			t.Fatalf("%s %+v: reading %+v uses other tiles than the hand", p.Notation(), p.Rules(), d)
		}
	}
	for _, o := range engine.Advise(p) {
		q, ok := p.Discard(o.Discard)
		if !ok {
			t.Fatalf("%s: advice discards %s, not in hand", p.Notation(), o.Discard)
		}
		if s := engine.Shanten(&q); s != o.Shanten {
			t.Fatalf("%s %+v: advice after %s says shanten %d, Shanten says %d", p.Notation(), p.Rules(), o.Discard, o.Shanten, s)
		}
		if eff := engine.EffectiveTiles(&q); !slices.Equal(eff, o.Effective) {
			t.Fatalf("%s %+v: advice after %s says effective %v, EffectiveTiles says %v", p.Notation(), p.Rules(), o.Discard, o.Effective, eff)
		}
	}
}

func checkRulesWaiting(t *testing.T, p *engine.Position) {
	s := engine.Shanten(p)
	waits := engine.Waits(p)
	eff := engine.EffectiveTiles(p)
	byTile := map[engine.Tile]engine.Forms{}
	for _, w := range waits {
		byTile[w.Tile] = w.Forms
	}
	var wantEff []engine.Tile
	for k := range engine.Tile(engine.NumKinds) {
		q, ok := p.Draw(k)
		if !ok {
			if _, listed := byTile[k]; listed {
				t.Fatalf("%s %+v: waits list %s, which cannot be drawn", p.Notation(), p.Rules(), k)
			}
			continue
		}
		if fs := engine.Hu(&q); fs != byTile[k] && (s == 0 || fs.Wins()) {
			t.Fatalf("%s %+v (shanten %d): drawing %s wins %v, waits say %v", p.Notation(), p.Rules(), s, k, fs.Names(), byTile[k].Names())
		}
		if engine.Shanten(&q) < s {
			wantEff = append(wantEff, k)
		}
	}
	if !slices.Equal(eff, wantEff) {
		t.Fatalf("%s %+v: EffectiveTiles = %v, draws lowering shanten %d: %v", p.Notation(), p.Rules(), eff, s, wantEff)
	}
}
