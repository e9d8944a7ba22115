package cache

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// These benchmarks compare answering each judgment from the cache with
// computing it, as internal/httpapi does on a miss, so the defaults can be
// sized from measurements. A hit costs p.Key() plus Get; computing costs
// the engine calls whose results the service caches.

// huJudgment is what the service computes and caches for /hu.
type huJudgment struct {
	forms   engine.Forms
	decomps []engine.Decomposition
	shanten int
}

// tenpaiJudgment is what the service computes and caches for /tenpai.
type tenpaiJudgment struct {
	shanten   int
	waits     []engine.Wait
	effective []engine.Tile
}

// discardJudgment is what the service computes and caches for /discard.
type discardJudgment struct {
	forms   engine.Forms
	options []engine.Option
	waits   [][]engine.Wait
}

func computeHu(p *engine.Position) huJudgment {
	return huJudgment{forms: engine.Hu(p), decomps: engine.Decompositions(p), shanten: engine.Shanten(p)}
}

func computeTenpai(p *engine.Position) tenpaiJudgment {
	return tenpaiJudgment{shanten: engine.Shanten(p), waits: engine.Waits(p), effective: engine.EffectiveTiles(p)}
}

func computeDiscard(p *engine.Position) discardJudgment {
	opts := engine.Advise(p)
	waits := make([][]engine.Wait, len(opts))
	for i, o := range opts {
		if o.Shanten != 0 {
			continue
		}
		if after, ok := p.Discard(o.Discard); ok {
			waits[i] = engine.Waits(&after)
		}
	}
	return discardJudgment{forms: engine.Hu(p), options: opts, waits: waits}
}

// handSource deals concealed hands of n tiles.
type handSource func(rng *rand.Rand, n int) []engine.Tile

// randomHand deals n tiles from a shuffled full set: mostly far from winning.
func randomHand(rng *rand.Rand, n int) []engine.Tile {
	wall := make([]engine.Tile, 0, engine.NumKinds*engine.CopiesPerKind)
	for t := range engine.Tile(engine.NumKinds) {
		for range engine.CopiesPerKind {
			wall = append(wall, t)
		}
	}
	rng.Shuffle(len(wall), func(a, b int) { wall[a], wall[b] = wall[b], wall[a] })
	return wall[:n]
}

// nearHand builds a winning hand (a pair and four random sequences or
// triplets) and keeps n of its tiles: 14 is a win, 13 is ready. These are
// the hands /hu and /tenpai mostly see in play.
func nearHand(rng *rand.Rand, n int) []engine.Tile {
	for {
		var c engine.Counts
		pair := engine.Tile(rng.IntN(engine.NumKinds))
		c[pair] += 2
		for range 4 {
			t := engine.Tile(rng.IntN(engine.NumKinds))
			if t < 27 && t%9 <= 6 && rng.IntN(3) > 0 {
				c[t]++
				c[t+1]++
				c[t+2]++
			} else {
				c[t] += 3
			}
		}
		if valid(&c) {
			tiles := c.Tiles()
			rng.Shuffle(len(tiles), func(a, b int) { tiles[a], tiles[b] = tiles[b], tiles[a] })
			return tiles[:n]
		}
	}
}

// valid reports whether no kind is used more than 4 times.
func valid(c *engine.Counts) bool {
	for _, k := range c {
		if k > engine.CopiesPerKind {
			return false
		}
	}
	return true
}

// positions returns count seeded positions of stage s dealt by deal.
func positions(b *testing.B, deal handSource, s engine.Stage, count int) []engine.Position {
	b.Helper()
	n := 14
	if s == engine.Waiting {
		n = 13
	}
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	out := make([]engine.Position, count)
	for i := range out {
		p, err := engine.NewPosition(engine.PositionInput{Hand: deal(rng, n), Rules: engine.StandardRules()}, s)
		if err != nil {
			b.Fatalf("NewPosition: %v", err)
		}
		out[i] = p
	}
	return out
}

// benchJudgment runs compute and hit sub-benchmarks of one judgment over
// random and near-winning hands.
func benchJudgment[V any](b *testing.B, s engine.Stage, compute func(*engine.Position) V) {
	const count = 1_000
	for _, hands := range []struct {
		name string
		deal handSource
	}{{"random", randomHand}, {"near", nearHand}} {
		ps := positions(b, hands.deal, s, count)
		b.Run(fmt.Sprintf("hands=%s/compute", hands.name), func(b *testing.B) {
			var sink V
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink = compute(&ps[i%count])
			}
			_ = sink
		})
		b.Run(fmt.Sprintf("hands=%s/hit", hands.name), func(b *testing.B) {
			c := New[engine.Key, V](2*count, keyCode, nil)
			for i := range ps {
				c.Add(ps[i].Key(), compute(&ps[i]))
			}
			var sink V
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				v, ok := c.Get(ps[i%count].Key())
				if !ok {
					b.Fatalf("position %d missed", i%count)
				}
				sink = v
			}
			_ = sink
		})
	}
}

func BenchmarkJudgmentHu(b *testing.B) { benchJudgment(b, engine.Complete, computeHu) }

func BenchmarkJudgmentTenpai(b *testing.B) { benchJudgment(b, engine.Waiting, computeTenpai) }

func BenchmarkJudgmentDiscard(b *testing.B) { benchJudgment(b, engine.Complete, computeDiscard) }
