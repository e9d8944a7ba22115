package cache

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// keyCode is the hash judged uses.
func keyCode(k engine.Key) uint64 { return k.Code() }

// randomKeys returns n keys of random 14-tile concealed hands under the
// standard rules, drawn from a full set with a fixed seed.
func randomKeys(n int, seed uint64) []engine.Key {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	wall := make([]engine.Tile, 0, engine.NumKinds*engine.CopiesPerKind)
	for t := range engine.Tile(engine.NumKinds) {
		for range engine.CopiesPerKind {
			wall = append(wall, t)
		}
	}
	keys := make([]engine.Key, n)
	for i := range keys {
		rng.Shuffle(len(wall), func(a, b int) { wall[a], wall[b] = wall[b], wall[a] })
		keys[i] = engine.Key{Hand: engine.CountsOf(wall[:14]), Stage: engine.Complete, Rules: engine.StandardRules()}
	}
	return keys
}

var (
	sinkInt  int
	sinkBool bool
)

// filled returns a cache of twice len(keys) entries (so uneven shards do
// not overflow) holding every key, and fails b if one does not hit. It then
// shuffles keys, so that reading them in turn does not walk memory in the
// order the entries were allocated.
func filled(b *testing.B, keys []engine.Key, shards int) *Cache[engine.Key, int] {
	b.Helper()
	defer rand.New(rand.NewPCG(9, 9)).Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	c := newSharded[engine.Key, int](2*len(keys), shards, keyCode, nil)
	for i, k := range keys {
		c.Add(k, i)
	}
	for _, k := range keys {
		if _, ok := c.Get(k); !ok {
			b.Fatalf("key %v missed after filling a cache of %d entries", k.Hand, 2*len(keys))
		}
	}
	return c
}

func BenchmarkGetHit(b *testing.B) {
	keys := randomKeys(10_000, 1)
	c := filled(b, keys, shardCount(2*len(keys), runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sinkInt, sinkBool = c.Get(keys[i%len(keys)])
	}
}

func BenchmarkGetMiss(b *testing.B) {
	keys := randomKeys(10_000, 1)
	c := New[engine.Key, int](len(keys), keyCode, nil)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sinkInt, sinkBool = c.Get(keys[i%len(keys)])
	}
}

// BenchmarkAdd adds 100 000 distinct keys in turn to a 10 000-entry cache,
// so nearly every Add inserts and evicts.
func BenchmarkAdd(b *testing.B) {
	keys := randomKeys(100_000, 2)
	var evictions atomic.Int64
	c := New[engine.Key, int](10_000, keyCode, func() { evictions.Add(1) })
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Add(keys[i%len(keys)], i)
	}
}

// BenchmarkGetParallel reads cached keys from every P at once, through one
// shard (one mutex, as an unsharded LRU) and through as many as New picks.
func BenchmarkGetParallel(b *testing.B) {
	keys := randomKeys(10_000, 3)
	for _, shards := range []int{1, shardCount(2*len(keys), runtime.GOMAXPROCS(0))} {
		b.Run(fmt.Sprintf("shards=%d", shards), func(b *testing.B) {
			c := filled(b, keys, shards)
			var next atomic.Uint64
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				i := int(next.Add(7919)) // each goroutine starts elsewhere in keys
				for pb.Next() {
					c.Get(keys[i%len(keys)])
					i++
				}
			})
		})
	}
}
