package engine_test

import (
	"fmt"

	"github.com/judged/judged/internal/engine"
)

// position builds a position from compact notation (examples only: it
// panics on bad input).
func position(hand string, rules engine.Rules, s engine.Stage, melds ...engine.MeldInput) engine.Position {
	tiles, err := engine.ParseTiles(hand)
	if err != nil {
		panic(err)
	}
	p, err := engine.NewPosition(engine.PositionInput{Hand: tiles, Melds: melds, Rules: rules}, s)
	if err != nil {
		panic(err)
	}
	return p
}

func ExampleHu() {
	p := position("111222333m55p789s", engine.StandardRules(), engine.Complete)
	fmt.Println(engine.Hu(&p).Names())

	// Four alike count as two of the seven pairs only when the rules say so.
	q := position("1111m22s33s44p55pEE", engine.StandardRules(), engine.Complete)
	fmt.Println(engine.Hu(&q).Wins())
	q = position("1111m22s33s44p55pEE", engine.Rules{SevenPairs: true, SevenPairsFourAlike: true}, engine.Complete)
	fmt.Println(engine.Hu(&q).Names())
	// Output:
	// [standard]
	// false
	// [sevenPairs]
}

func ExampleShanten() {
	// 1111m reads as 111m plus a 1m waiting on a 5th 1m: one tile short of ready.
	p := position("1111m234567s789p", engine.StandardRules(), engine.Waiting)
	fmt.Println(engine.Shanten(&p))

	p = position("123m456s789p11pEW", engine.StandardRules(), engine.Waiting)
	fmt.Println(engine.Shanten(&p), engine.Format(engine.EffectiveTiles(&p)))
	// Output:
	// 1
	// 1 1pEW
}

func ExampleWaits() {
	p := position("1112345678999m", engine.StandardRules(), engine.Waiting)
	for _, w := range engine.Waits(&p) {
		fmt.Println(w.Tile, w.Forms.Names(), w.Shapes.Names(), p.Remaining(w.Tile))
	}
	// Output:
	// 1m [standard] [twoSided dualPon] 1
	// 2m [standard] [single] 3
	// 3m [standard] [twoSided edge] 3
	// 4m [standard] [twoSided] 3
	// 5m [standard] [single] 3
	// 6m [standard] [twoSided] 3
	// 7m [standard] [twoSided edge] 3
	// 8m [standard] [single] 3
	// 9m [standard] [twoSided dualPon] 1
}

func ExampleWaits_melds() {
	p := position("45m77p", engine.StandardRules(), engine.Waiting,
		engine.MeldInput{Kind: engine.Chi, Tiles: []engine.Tile{9, 10, 11}},
		engine.MeldInput{Kind: engine.Pon, Tiles: []engine.Tile{27, 27, 27}},
		engine.MeldInput{Kind: engine.Kan, Tiles: []engine.Tile{26, 26, 26, 26}})
	for _, w := range engine.Waits(&p) {
		fmt.Println(w.Tile, w.Shapes.Names())
	}
	// Output:
	// 3m [twoSided]
	// 6m [twoSided]
}

func ExampleDecompositions() {
	p := position("111222333m55p789s", engine.StandardRules(), engine.Complete)
	for _, d := range engine.Decompositions(&p) {
		fmt.Print("pair ", d.Pair, ":")
		for _, b := range d.Blocks {
			ts := b.Tiles()
			fmt.Print(" ", b.Kind, " ", engine.Format(ts[:]))
		}
		fmt.Println()
	}
	// Output:
	// pair 5p: sequence 123m sequence 123m sequence 123m sequence 789s
	// pair 5p: triplet 111m triplet 222m triplet 333m sequence 789s
}

func ExampleAdvise() {
	// Discarding W leaves 35p waiting on 4p. Discarding 5p or 3p keeps one
	// pinzu tile: 1 away from ready, with more tiles that help after 5p goes.
	p := position("123m456s789pEE35pW", engine.StandardRules(), engine.Complete)
	ranked := engine.RankOptions(&p, engine.Advise(&p))
	for _, o := range ranked[:3] {
		fmt.Println("discard", o.Discard, "shanten", o.Shanten, "effective", engine.Format(o.Effective), "remaining", p.TotalRemaining(o.Effective))
	}
	// Output:
	// discard W shanten 0 effective 4p remaining 4
	// discard 5p shanten 1 effective 12345pEW remaining 23
	// discard 3p shanten 1 effective 34567pEW remaining 22
}
