package engine_test

import (
	"testing"

	"github.com/judged/judged/internal/engine"
)

// BenchmarkReference times the brute-force reference judge on the same
// hand sets as BenchmarkHu, BenchmarkShanten, BenchmarkWaits and
// BenchmarkDiscardAdvice, so one run gives the engine's speed-up:
//
//	go test -run '^$' -bench 'Hu|Shanten|Waits|DiscardAdvice|Reference' ./internal/engine
func BenchmarkReference(b *testing.B) {
	ref := newRefJudge()
	for _, kind := range benchKinds {
		b.Run("Hu/"+kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Complete)
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkForms = refHu(p.Hand(), p.NumMelds(), p.Rules())
			}
		})
		b.Run("Shanten/"+kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Complete)
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkInt = ref.shanten(p.Hand(), p.MeldTiles(), p.NumMelds(), p.Rules())
			}
		})
		b.Run("Waits/"+kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Waiting)
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkWaits = refWaits(p.Hand(), p.MeldTiles(), p.NumMelds(), p.Rules())
			}
		})
		b.Run("DiscardAdvice/"+kind, func(b *testing.B) {
			hands := benchSet(b, kind, engine.Complete)
			for i := 0; b.Loop(); i++ {
				p := &hands[i%len(hands)]
				sinkOptions = refRank(p.Remaining, ref.advise(p.Hand(), p.MeldTiles(), p.NumMelds(), p.Rules()))
			}
		})
	}
}
