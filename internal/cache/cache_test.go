package cache

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/judged/judged/internal/engine"
)

// identity hashes a uint64 key to itself.
func identity(k uint64) uint64 { return k }

// counter returns an onEvict callback and a function reading its count.
func counter() (func(), func() int64) {
	var n atomic.Int64
	return func() { n.Add(1) }, n.Load
}

// contents returns which of keys are cached, with their values, without
// caring about recency (Get does move them to the front).
func contents(c *Cache[uint64, string], keys ...uint64) map[uint64]string {
	got := map[uint64]string{}
	for _, k := range keys {
		if v, ok := c.Get(k); ok {
			got[k] = v
		}
	}
	return got
}

func TestGetAdd(t *testing.T) {
	type op struct {
		add    bool
		key    uint64
		val    string // stored by an add; expected by a get ("" means a miss)
		wantOK bool
	}
	tests := []struct {
		name string
		ops  []op
	}{
		{"empty cache misses", []op{
			{key: 1},
		}},
		{"add then hit", []op{
			{add: true, key: 1, val: "one"},
			{key: 1, val: "one", wantOK: true},
			{key: 2},
		}},
		{"add replaces", []op{
			{add: true, key: 1, val: "one"},
			{add: true, key: 1, val: "uno"},
			{key: 1, val: "uno", wantOK: true},
		}},
		{"zero key and zero value are cacheable", []op{
			{key: 0},
			{add: true, key: 0, val: ""},
			{key: 0, val: "", wantOK: true},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			onEvict, evictions := counter()
			c := New[uint64, string](4, identity, onEvict)
			for i, o := range tt.ops {
				if o.add {
					c.Add(o.key, o.val)
					continue
				}
				got, ok := c.Get(o.key)
				if got != o.val || ok != o.wantOK {
					t.Errorf("op %d: Get(%d) = %q, %t; want %q, %t", i, o.key, got, ok, o.val, o.wantOK)
				}
			}
			if got := evictions(); got != 0 {
				t.Errorf("evictions = %d, want 0", got)
			}
		})
	}
}

func TestEvictionOrder(t *testing.T) {
	onEvict, evictions := counter()
	c := New[uint64, string](3, identity, onEvict)
	c.Add(1, "a")
	c.Add(2, "b")
	c.Add(3, "c")
	if _, ok := c.Get(1); !ok { // 1 becomes the most recently used; 2 is now the oldest
		t.Fatal("Get(1) missed before any eviction")
	}
	c.Add(3, "C") // a replacement: refreshes 3, evicts nothing
	if got := evictions(); got != 0 {
		t.Fatalf("evictions after a replacement = %d, want 0", got)
	}
	c.Add(4, "d") // evicts 2
	if got := evictions(); got != 1 {
		t.Errorf("evictions after one overflow = %d, want 1", got)
	}
	if got := c.Len(); got != 3 {
		t.Errorf("Len() = %d, want 3", got)
	}
	want := map[uint64]string{1: "a", 3: "C", 4: "d"}
	if diff := cmp.Diff(want, contents(c, 1, 2, 3, 4)); diff != "" {
		t.Errorf("contents after evicting the LRU entry mismatch (-want +got):\n%s", diff)
	}
	// contents touched 1, 3, 4 in that order, so 1 is the oldest now.
	c.Add(5, "e")
	c.Add(6, "f")
	if got := evictions(); got != 3 {
		t.Errorf("evictions after three overflows = %d, want 3", got)
	}
	want = map[uint64]string{4: "d", 5: "e", 6: "f"}
	if diff := cmp.Diff(want, contents(c, 1, 2, 3, 4, 5, 6)); diff != "" {
		t.Errorf("contents after two more evictions mismatch (-want +got):\n%s", diff)
	}
}

func TestNilOnEvict(t *testing.T) {
	c := New[uint64, string](1, identity, nil)
	c.Add(1, "a")
	c.Add(2, "b") // evicts 1 with no callback to call
	if diff := cmp.Diff(map[uint64]string{2: "b"}, contents(c, 1, 2)); diff != "" {
		t.Errorf("contents mismatch (-want +got):\n%s", diff)
	}
}

func TestDisabled(t *testing.T) {
	tests := []struct {
		name string
		c    *Cache[uint64, string]
	}{
		{"size 0", New[uint64, string](0, identity, func() { t.Error("onEvict called on a disabled cache") })},
		{"negative size", New[uint64, string](-5, identity, nil)},
		{"nil cache", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range uint64(10) {
				tt.c.Add(i, "x")
			}
			if v, ok := tt.c.Get(3); v != "" || ok {
				t.Errorf("Get(3) = %q, %t; want \"\", false", v, ok)
			}
			if got := tt.c.Len(); got != 0 {
				t.Errorf("Len() = %d, want 0", got)
			}
		})
	}
}

// pairKey is a key whose test hash ignores b, so keys differing only in b collide.
type pairKey struct{ a, b int }

func TestForcedCollision(t *testing.T) {
	hash := func(k pairKey) uint64 { return uint64(k.a) }
	onEvict, evictions := counter()
	c := New[pairKey, string](8, hash, onEvict)
	first, second := pairKey{7, 1}, pairKey{7, 2}
	if hash(first) != hash(second) || first == second {
		t.Fatal("test keys must be distinct and share a hash")
	}

	c.Add(first, "first")
	if v, ok := c.Get(second); ok || v != "" {
		t.Fatalf("Get(second) with only first cached = %q, %t; want \"\", false (a hash match with another key is a miss)", v, ok)
	}
	if v, ok := c.Get(first); !ok || v != "first" {
		t.Fatalf("Get(first) = %q, %t; want \"first\", true", v, ok)
	}

	c.Add(second, "second")
	if v, ok := c.Get(second); !ok || v != "second" {
		t.Errorf("Get(second) after Add(second) = %q, %t; want \"second\", true", v, ok)
	}
	if v, ok := c.Get(first); ok || v != "" {
		t.Errorf("Get(first) after second took its slot = %q, %t; want \"\", false", v, ok)
	}
	if got := c.Len(); got != 1 {
		t.Errorf("Len() = %d, want 1 (the second key replaces the first)", got)
	}
	if got := evictions(); got != 0 {
		t.Errorf("evictions = %d, want 0 (a replacement is not an eviction)", got)
	}
}

func TestShardCount(t *testing.T) {
	tests := []struct {
		size, procs, want int
	}{
		{1, 8, 1}, {127, 8, 1}, {128, 8, 2}, {255, 8, 2}, {256, 8, 4}, {1000, 8, 8},
		{2048, 8, 32}, {10_000, 8, 32}, {1 << 20, 64, 32},
		{10_000, 1, 4}, {10_000, 2, 8}, {10_000, 3, 16}, {10_000, 0, 4}, {100, 2, 1},
	}
	for _, tt := range tests {
		if got := shardCount(tt.size, tt.procs); got != tt.want {
			t.Errorf("shardCount(%d, %d) = %d, want %d", tt.size, tt.procs, got, tt.want)
		}
	}
}

func TestShardedCapacity(t *testing.T) {
	tests := []struct {
		size, shards, wantCap int
	}{
		{size: 1000, shards: 8, wantCap: 1000}, // 125 per shard
		{size: 1001, shards: 8, wantCap: 1008}, // 126 per shard: rounded up
		{size: 3, shards: 4, wantCap: 4},       // 1 per shard
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%d", tt.size, tt.shards), func(t *testing.T) {
			onEvict, evictions := counter()
			c := newSharded[uint64, int](tt.size, tt.shards, identity, onEvict)
			const adds = 20_000
			for k := range uint64(adds) {
				c.Add(k, int(k))
			}
			// With 20 000 distinct keys spread by the mixing hash every shard is full.
			if got := c.Len(); got != tt.wantCap {
				t.Errorf("Len() after %d distinct adds = %d, want %d", adds, got, tt.wantCap)
			}
			if got := evictions(); got != adds-int64(tt.wantCap) {
				t.Errorf("evictions = %d, want %d", got, adds-int64(tt.wantCap))
			}
			hits := 0
			for k := range uint64(adds) {
				if v, ok := c.Get(k); ok {
					hits++
					if v != int(k) {
						t.Fatalf("Get(%d) = %d, want %d", k, v, k)
					}
				}
			}
			if hits != tt.wantCap {
				t.Errorf("hits = %d, want %d", hits, tt.wantCap)
			}
		})
	}
}

func TestConcurrent(t *testing.T) {
	const (
		workers   = 8
		perWorker = 2_000
		size      = 1_024
	)
	onEvict, evictions := counter()
	c := New[uint64, uint64](size, identity, onEvict)
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range uint64(workers) {
		wg.Go(func() {
			// Each worker adds its own keys once, reads them back, and
			// reads its neighbour's, so shards see mixed traffic.
			for i := range uint64(perWorker) {
				k := w*perWorker + i
				c.Add(k, k*3)
				for _, q := range []uint64{k, ((w+1)%workers)*perWorker + i} {
					if v, ok := c.Get(q); ok && v != q*3 {
						errs <- fmt.Errorf("Get(%d) = %d, want %d", q, v, q*3)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Every add inserted a new key, so each one is either cached or evicted.
	if got, want := int64(c.Len())+evictions(), int64(workers*perWorker); got != want {
		t.Errorf("Len()+evictions = %d, want %d adds", got, want)
	}
	if got := c.Len(); got > size+maxShards-1 {
		t.Errorf("Len() = %d, above the capacity bound %d", got, size+maxShards-1)
	}
}

// TestEngineKeyCollision shows that engine.Key.Code really wraps: two
// different 14-tile hands under the same rules share a code (found by
// lattice reduction over Σ d[i]·5^i ≡ 0 mod 2^64), and the cache tells
// them apart.
func TestEngineKeyCollision(t *testing.T) {
	key := func(hand string) engine.Key {
		t.Helper()
		tiles, err := engine.ParseTiles(hand)
		if err != nil {
			t.Fatalf("ParseTiles(%q): %v", hand, err)
		}
		p, err := engine.NewPosition(engine.PositionInput{Hand: tiles, Rules: engine.StandardRules()}, engine.Complete)
		if err != nil {
			t.Fatalf("NewPosition(%q): %v", hand, err)
		}
		return p.Key()
	}
	a, b := key("455m44s344456pNPP"), key("166m1789s8pSWFFPP")
	if a == b {
		t.Fatal("the two keys are equal")
	}
	if ca, cb := a.Code(), b.Code(); ca != cb {
		t.Fatalf("codes differ: %#x vs %#x; want a collision", ca, cb)
	}

	c := New[engine.Key, string](16, keyCode, nil)
	c.Add(a, "a")
	if v, ok := c.Get(b); ok {
		t.Errorf("Get(b) with a cached = %q, true; want a miss", v)
	}
	c.Add(b, "b")
	if v, ok := c.Get(b); !ok || v != "b" {
		t.Errorf("Get(b) = %q, %t; want \"b\", true", v, ok)
	}
	if v, ok := c.Get(a); ok {
		t.Errorf("Get(a) after b replaced it = %q, true; want a miss", v)
	}
}
