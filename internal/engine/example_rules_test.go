package engine_test

import (
	"fmt"

	"github.com/judged/judged/internal/engine"
)

// preset returns a named preset's rules (examples only: it panics on an
// unknown name).
func preset(name string) engine.Rules {
	r, err := engine.Preset(name)
	if err != nil {
		panic(err)
	}
	return r
}

func ExampleHu_wildcards() {
	// Guangdong rules with the white dragon (P) as wildcard: PP stands for
	// the 6p of 456p and the pair's second E.
	r := preset("guangdong")
	r.Wildcards = engine.NewWildSet(33)
	p := position("123m456s789p45pEPP", r, engine.Complete)
	fmt.Println(engine.Hu(&p).Names())

	// A wildcard may stand for a 5th copy: 1111m plus P reads 111m 11m.
	q := position("1111m123s456s789pP", r, engine.Complete)
	fmt.Println(engine.Hu(&q).Names())
	// Output:
	// [standard]
	// [standard]
}

func ExampleWaits_wildcards() {
	// Ready on 1p or 4p (two-sided), and on a drawn wildcard.
	r := preset("guangdong")
	r.Wildcards = engine.NewWildSet(33)
	p := position("123m456s789p23pEE", r, engine.Waiting)
	for _, w := range engine.Waits(&p) {
		fmt.Println(w.Tile, w.Forms.Names(), w.Shapes.Names())
	}
	// Output:
	// 1p [standard] [twoSided]
	// 4p [standard] [twoSided]
	// P [standard] [wildcard]
}

func ExamplePreset() {
	// Chinese Official: honors-and-knitted (全不靠) and the knitted straight (组合龙).
	mcr := preset("mcr")
	p := position("147m258s369pESWNC", mcr, engine.Complete)
	fmt.Println(engine.Hu(&p).Names())
	q := position("147m258s369p123m55p", mcr, engine.Complete)
	fmt.Println(engine.Hu(&q).Names())

	// Sichuan: at most two suits (缺一门), seven pairs with four alike (龙七对).
	sichuan := preset("sichuan")
	s := position("1111m22m33m44m55s66s", sichuan, engine.Complete)
	fmt.Println(engine.Hu(&s).Names())
	s = position("123m456s789p11122p", sichuan, engine.Complete)
	fmt.Println(engine.Hu(&s).Wins(), engine.Shanten(&s))

	// Taiwan: five melds and a pair, 17 tiles.
	t := position("111222333444555m66s", preset("taiwan"), engine.Complete)
	fmt.Println(engine.Hu(&t).Names(), len(engine.Decompositions(&t)))
	// Output:
	// [honorsAndKnitted knittedStraight]
	// [knittedStraight]
	// [sevenPairs]
	// false 2
	// [standard] 4
}
