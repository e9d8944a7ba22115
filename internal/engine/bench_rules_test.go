package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// Wildcard kinds of the benchmarks: white dragon (P) alone for up to four
// wildcards in a hand, P and 5m for eight.
var (
	wildOne = engine.NewWildSet(33)
	wildTwo = engine.NewWildSet(33, 4)
)

// wildcardRules returns guangdong rules with wildcards for a hand holding
// jokers copies of them.
func wildcardRules(jokers int) engine.Rules {
	r, _ := engine.Preset("guangdong")
	r.Wildcards = wildOne
	if jokers > 4 {
		r.Wildcards = wildTwo
	}
	return r
}

// wildcardSet deals benchSetSize complete 14-tile positions holding exactly
// jokers wildcards: "random" deals the other tiles from a shuffled wall,
// "winning" replaces jokers tiles of a constructed win by wildcards.
func wildcardSet(b *testing.B, kind string, jokers int) []engine.Position {
	b.Helper()
	r := wildcardRules(jokers)
	wilds := r.Wildcards.Tiles()
	rng := rand.New(rand.NewPCG(uint64(len(kind)), uint64(jokers)+7))
	out := make([]engine.Position, 0, benchSetSize)
	for len(out) < benchSetSize {
		var hand []engine.Tile
		if kind == "random" {
			var wall []engine.Tile
			for t := range engine.Tile(engine.NumKinds) {
				if !r.Wildcards.Has(t) {
					wall = append(wall, t, t, t, t)
				}
			}
			rng.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
			hand = wall[:14-jokers]
		} else {
			hand = constructedWin(rng)
			rng.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
			hand = hand[:14-jokers]
		}
		for i := range jokers {
			hand = append(hand, wilds[i/4])
		}
		p, err := engine.NewPosition(engine.PositionInput{Hand: hand, Rules: r}, engine.Complete)
		if err == nil { // the win may have used a wildcard kind: deal again
			out = append(out, p)
		}
	}
	warm := out[0]
	sinkForms = engine.Hu(&warm) // build the tables outside the timed loop
	return out
}

func BenchmarkHuWildcards(b *testing.B) {
	for _, kind := range []string{"random", "winning"} {
		for _, jokers := range []int{0, 1, 4, 8} {
			b.Run(fmt.Sprintf("%s/%d", kind, jokers), func(b *testing.B) {
				hands := wildcardSet(b, kind, jokers)
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					sinkForms = engine.Hu(&hands[i%len(hands)])
				}
			})
		}
	}
}

func BenchmarkShantenWildcards(b *testing.B) {
	for _, jokers := range []int{1, 4} {
		b.Run(fmt.Sprintf("random/%d", jokers), func(b *testing.B) {
			hands := wildcardSet(b, "random", jokers)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkInt = engine.Shanten(&hands[i%len(hands)])
			}
		})
	}
}

// presetSet deals benchSetSize random positions of stage s under a preset,
// from its own tile set (no honors for sichuan) and hand size.
func presetSet(b *testing.B, preset string, s engine.Stage) []engine.Position {
	b.Helper()
	r, err := engine.Preset(preset)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(len(preset)), uint64(s)+11))
	var wall []engine.Tile
	for t := range engine.Tile(engine.NumKinds) {
		if !r.SuitsOnly || t.Suit() != engine.Honors {
			wall = append(wall, t, t, t, t)
		}
	}
	size := s.Tiles(r.MeldCount())
	out := make([]engine.Position, 0, benchSetSize)
	for len(out) < benchSetSize {
		rng.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
		p, err := engine.NewPosition(engine.PositionInput{Hand: wall[:size], Rules: r}, s)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	warm := out[0]
	sinkInt = engine.Shanten(&warm)
	return out
}

var benchPresets = []string{"mcr", "sichuan", "taiwan"}

func BenchmarkPresetHu(b *testing.B) {
	for _, preset := range benchPresets {
		b.Run(preset, func(b *testing.B) {
			hands := presetSet(b, preset, engine.Complete)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkForms = engine.Hu(&hands[i%len(hands)])
			}
		})
	}
}

func BenchmarkPresetShanten(b *testing.B) {
	for _, preset := range benchPresets {
		b.Run(preset, func(b *testing.B) {
			hands := presetSet(b, preset, engine.Complete)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkInt = engine.Shanten(&hands[i%len(hands)])
			}
		})
	}
}

func BenchmarkPresetWaits(b *testing.B) {
	for _, preset := range benchPresets {
		b.Run(preset, func(b *testing.B) {
			hands := presetSet(b, preset, engine.Waiting)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkWaits = engine.Waits(&hands[i%len(hands)])
			}
		})
	}
}

func BenchmarkPresetDiscardAdvice(b *testing.B) {
	for _, preset := range benchPresets {
		b.Run(preset, func(b *testing.B) {
			hands := presetSet(b, preset, engine.Complete)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkOptions = engine.RankOptions(p, engine.Advise(p))
			}
		})
	}
}

func BenchmarkDiscardAdviceWildcards(b *testing.B) {
	for _, jokers := range []int{1, 4} {
		b.Run(fmt.Sprintf("random/%d", jokers), func(b *testing.B) {
			hands := wildcardSet(b, "random", jokers)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkOptions = engine.RankOptions(p, engine.Advise(p))
			}
		})
	}
}

func BenchmarkDecompositionsWildcards(b *testing.B) {
	for _, jokers := range []int{1, 4, 8} {
		b.Run(fmt.Sprintf("winning/%d", jokers), func(b *testing.B) {
			hands := wildcardSet(b, "winning", jokers)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkDecompositions = engine.Decompositions(&hands[i%len(hands)])
			}
		})
	}
}

var sinkDecompositions []engine.Decomposition
