package httpapi

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/judged/judged/internal/cache"
	"github.com/judged/judged/internal/engine"
)

// judgment is one cached engine judgment: compute's answer for a position
// depends only on the position's engine.Key (never on visible tiles), so
// it is cached by key and whatever depends on visible tiles is computed per
// request from it. Cached values are shared: nobody may modify them.
type judgment[V any] struct {
	cache    *cache.Cache[engine.Key, V]
	compute  func(*engine.Position) V
	hits     prometheus.Counter
	misses   prometheus.Counter
	duration prometheus.Observer
}

// newJudgment returns judgment op with a cache of size entries (0
// disables it), counted in m.
func newJudgment[V any](op string, size int, m *Metrics, compute func(*engine.Position) V) *judgment[V] {
	j := &judgment[V]{
		cache:    cache.New[engine.Key, V](size, func(k engine.Key) uint64 { return k.Code() }, m.cacheEvictions.WithLabelValues(op).Inc),
		compute:  compute,
		hits:     m.cacheRequests.WithLabelValues(op, "hit"),
		misses:   m.cacheRequests.WithLabelValues(op, "miss"),
		duration: m.engine.WithLabelValues(op),
	}
	m.trackCache(op, j.cache.Len)
	return j
}

// judge returns the judgment of p and whether it came from the cache.
func (j *judgment[V]) judge(p *engine.Position) (V, bool) {
	k := p.Key()
	if v, ok := j.cache.Get(k); ok {
		j.hits.Inc()
		return v, true
	}
	j.misses.Inc()
	start := time.Now()
	v := j.compute(p)
	j.duration.Observe(time.Since(start).Seconds())
	j.cache.Add(k, v)
	return v, false
}

// X-Cache header values, shared by all answers (header values are never
// modified in place), so that setting them allocates nothing.
var (
	xCacheHit  = []string{"hit"}
	xCacheMiss = []string{"miss"}
)

// setXCache tells the client whether the answer came from the cache.
func setXCache(w http.ResponseWriter, hit bool) {
	if hit {
		w.Header()["X-Cache"] = xCacheHit
	} else {
		w.Header()["X-Cache"] = xCacheMiss
	}
}

// tileEntry is a tile with how many copies of it are still unseen.
type tileEntry struct {
	Tile      engine.Tile `json:"tile"`
	Name      string      `json:"name"`
	Remaining int         `json:"remaining"`
}

// waitEntry is a winning tile with its forms and wait shapes.
type waitEntry struct {
	tileEntry
	Forms  []string `json:"forms"`
	Shapes []string `json:"shapes"`
}

// tileEntries lists tiles with their unseen copies counted by remaining.
func tileEntries(tiles []engine.Tile, remaining func(engine.Tile) int) ([]tileEntry, int) {
	out := make([]tileEntry, len(tiles))
	return out, fillTileEntries(out, tiles, remaining)
}

// fillTileEntries fills out, as long as tiles, with tiles and their unseen
// copies counted by remaining, and returns the copies' total.
func fillTileEntries(out []tileEntry, tiles []engine.Tile, remaining func(engine.Tile) int) int {
	total := 0
	for i, t := range tiles {
		out[i] = tileEntry{Tile: t, Name: tileName(t), Remaining: remaining(t)}
		total += out[i].Remaining
	}
	return total
}

// waitEntries lists waits with their unseen copies counted by remaining.
func waitEntries(waits []engine.Wait, remaining func(engine.Tile) int) ([]waitEntry, int) {
	out := make([]waitEntry, len(waits))
	total := 0
	for i, w := range waits {
		out[i] = waitEntry{
			tileEntry: tileEntry{Tile: w.Tile, Name: tileName(w.Tile), Remaining: remaining(w.Tile)},
			Forms:     formNames()[w.Forms],
			Shapes:    shapeNames()[w.Shapes],
		}
		total += out[i].Remaining
	}
	return out, total
}
