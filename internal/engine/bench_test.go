package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// Benchmark hand sets: fixed seeds, so every run judges the same hands.
const benchSetSize = 10_000

// benchSet deals n positions of a kind: "random" (dealt from a shuffled
// 136-tile wall), "winning" (constructed: four blocks and a pair) or
// "ready" (a winning hand minus one tile) or "melded" (a ready hand with two
// of its blocks declared as chi or pon). Complete positions of the ready and
// melded kinds draw one more random tile.
func benchSet(b *testing.B, kind string, stage engine.Stage) []engine.Position {
	b.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(kind)), uint64(stage)+1))
	out := make([]engine.Position, 0, benchSetSize)
	warm := engine.Position{}
	sinkInt = engine.Shanten(&warm) // build the tables outside the timed loop
	for len(out) < benchSetSize {
		var hand []engine.Tile
		var melds []engine.MeldInput
		switch kind {
		case "melded":
			// A constructed win whose first two blocks are declared.
			hand = constructedWin(rng)
			for _, b := range [][]engine.Tile{hand[0:3], hand[3:6]} {
				k := engine.Chi
				if b[0] == b[1] {
					k = engine.Pon
				}
				melds = append(melds, engine.MeldInput{Kind: k, Tiles: slices.Clone(b)})
			}
			hand = hand[6:]
			i := rng.IntN(len(hand))
			hand = append(hand[:i], hand[i+1:]...)
			if stage == engine.Complete {
				hand = append(hand, engine.Tile(rng.IntN(engine.NumKinds)))
			}
		case "random":
			wall := make([]engine.Tile, 0, 136)
			for t := range engine.Tile(engine.NumKinds) {
				wall = append(wall, t, t, t, t)
			}
			rng.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
			hand = wall[:13+int(stage)]
		default:
			hand = constructedWin(rng)
			if kind == "ready" {
				i := rng.IntN(len(hand))
				hand = append(hand[:i], hand[i+1:]...)
				if stage == engine.Complete {
					hand = append(hand, engine.Tile(rng.IntN(engine.NumKinds)))
				}
			} else if stage == engine.Waiting {
				hand = hand[:13]
			}
		}
		p, err := engine.NewPosition(engine.PositionInput{Hand: hand, Melds: melds, Rules: engine.StandardRules()}, stage)
		if err == nil { // a drawn tile may be a 5th copy: deal again
			out = append(out, p)
		}
	}
	return out
}

// constructedWin builds a 14-tile winning hand from random blocks and a pair.
func constructedWin(rng *rand.Rand) []engine.Tile {
	for {
		var c engine.Counts
		var hand []engine.Tile
		add := func(ts ...engine.Tile) {
			for _, t := range ts {
				c[t]++
				hand = append(hand, t)
			}
		}
		for range 4 {
			if rng.IntN(2) == 0 {
				s, n := rng.IntN(3), rng.IntN(7)
				t := engine.Tile(s*9 + n)
				add(t, t+1, t+2)
			} else {
				t := engine.Tile(rng.IntN(engine.NumKinds))
				add(t, t, t)
			}
		}
		t := engine.Tile(rng.IntN(engine.NumKinds))
		add(t, t)
		ok := true
		for _, k := range c {
			ok = ok && k <= engine.CopiesPerKind
		}
		if ok {
			return hand
		}
	}
}

var (
	sinkForms   engine.Forms
	sinkInt     int
	sinkWaits   []engine.Wait
	sinkOptions []engine.Option
)

var benchKinds = []string{"random", "winning", "ready", "melded"}

func BenchmarkHu(b *testing.B) {
	for _, kind := range benchKinds {
		b.Run(kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Complete)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkForms = engine.Hu(&hands[i%len(hands)])
			}
		})
	}
}

func BenchmarkShanten(b *testing.B) {
	for _, kind := range benchKinds {
		b.Run(kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Complete)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkInt = engine.Shanten(&hands[i%len(hands)])
			}
		})
	}
}

func BenchmarkWaits(b *testing.B) {
	for _, kind := range benchKinds {
		b.Run(kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Waiting)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkWaits = engine.Waits(&hands[i%len(hands)])
			}
		})
	}
}

func BenchmarkDiscardAdvice(b *testing.B) {
	for _, kind := range benchKinds {
		b.Run(kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Complete)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkOptions = engine.RankOptions(p, engine.Advise(p))
			}
		})
	}
}
