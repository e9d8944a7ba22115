// Package cache holds a fixed-size, sharded LRU cache keyed by a 64-bit
// hash of a comparable key. judged keeps one per judgment (hu, tenpai,
// discard advice), keyed by engine.Key and hashed by engine.Key.Code.
//
// The hash need not be injective: each entry stores the full key beside its
// value, and a lookup whose hash matches an entry of a different key is a
// miss. The LRU is split into a power-of-two number of shards, each under
// its own mutex, so concurrent lookups of different hands rarely contend;
// there is no global lock. Recency is tracked per shard, so eviction is LRU
// within a shard and only approximately LRU across the cache.
//
// The package knows nothing about mahjong, HTTP or metrics: the owner
// counts hits and misses itself and learns of evictions through a callback.
package cache

import (
	"math/bits"
	"runtime"
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

const (
	// maxShards bounds the shard count. Below it New picks about four
	// shards per P, enough that two Ps rarely want the same lock.
	maxShards  = 32
	shardsPerP = 4
	// minPerShard keeps small caches in few shards, so that a cache of a
	// few entries stays an exact LRU and rounding up wastes little.
	minPerShard = 64
)

// Cache is a fixed-size LRU from K to V, safe for concurrent use. A cache
// made with size ≤ 0, and the nil *Cache, is disabled: Get always misses,
// Add does nothing, Len is 0.
//
// Values are stored as given and handed back as stored: callers must not
// modify a value (or what its slices point to) after Add or after Get.
type Cache[K comparable, V any] struct {
	shards  []shard[K, V]
	shift   uint // 64 − log2(len(shards)): the top bits of the mixed hash pick the shard
	hash    func(K) uint64
	onEvict func()
}

// shard is one independently locked part of a Cache. The LRU is keyed by
// the hash alone; the entry keeps the full key to detect collisions.
type shard[K comparable, V any] struct {
	mu  sync.Mutex
	lru *simplelru.LRU[uint64, entry[K, V]]
	_   [48]byte // pad to a cache line so neighbouring shards' locks do not share one
}

// entry is a cached value with the key it was computed for.
type entry[K comparable, V any] struct {
	key K
	val V
}

// New returns a cache holding about size entries. hash maps a key to the
// uint64 the LRU is keyed by; different keys may share a hash. onEvict, if
// not nil, is called once for every entry evicted to make room (not for
// replacements), outside the shard lock.
//
// The capacity is split evenly over a power-of-two number of shards (about
// 4 per GOMAXPROCS, at most 32, each of at least 64 entries) and rounded
// up, so the cache holds at most size+31 entries; caches of fewer than 128
// entries use one shard and are an exact LRU. size ≤ 0 returns a disabled
// cache.
func New[K comparable, V any](size int, hash func(K) uint64, onEvict func()) *Cache[K, V] {
	return newSharded[K, V](size, shardCount(size, runtime.GOMAXPROCS(0)), hash, onEvict)
}

// shardCount returns the largest power of two that is at most maxShards, at
// most shardsPerP·procs rounded up to a power of two, and leaves each shard
// at least minPerShard of size entries; at least 1.
func shardCount(size, procs int) int {
	limit := min(maxShards, shardsPerP*max(procs, 1))
	n := 1
	for n < limit && n*2*minPerShard <= size {
		n *= 2
	}
	return n
}

// newSharded is New with an explicit shard count, a power of two ≥ 1.
func newSharded[K comparable, V any](size, shards int, hash func(K) uint64, onEvict func()) *Cache[K, V] {
	c := &Cache[K, V]{hash: hash, onEvict: onEvict}
	if size <= 0 {
		return c
	}
	if shards < 1 || shards&(shards-1) != 0 {
		panic("cache: shard count must be a power of two")
	}
	per := (size + shards - 1) / shards
	c.shards = make([]shard[K, V], shards)
	c.shift = uint(64 - bits.TrailingZeros(uint(shards)))
	for i := range c.shards {
		lru, err := simplelru.NewLRU[uint64, entry[K, V]](per, nil)
		if err != nil {
			panic("cache: " + err.Error()) // per ≥ 1 here, so NewLRU cannot fail
		}
		c.shards[i].lru = lru
	}
	return c
}

// shardFor picks the shard of hash h. The hash is multiplied by a 64-bit
// odd constant (Fibonacci hashing) first: a base-5 code's low bits spread
// poorly, its high bits carry the rules flags, and the product's top bits
// depend on all of them.
func (c *Cache[K, V]) shardFor(h uint64) *shard[K, V] {
	if c.shift == 64 {
		return &c.shards[0]
	}
	return &c.shards[(h*0x9E3779B97F4A7C15)>>c.shift]
}

// Get returns the value stored for k and true, marking it recently used;
// the zero V and false when k is not cached, including when another key
// with the same hash is.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	if c == nil || len(c.shards) == 0 {
		var zero V
		return zero, false
	}
	h := c.hash(k)
	s := c.shardFor(h)
	s.mu.Lock()
	e, ok := s.lru.Get(h)
	s.mu.Unlock()
	if !ok || e.key != k {
		var zero V
		return zero, false
	}
	return e.val, true
}

// Add stores v for k, replacing whatever was stored under k's hash (the
// value of k, or of another key that shares the hash), and marks it
// recently used. If that evicts the shard's least recently used entry,
// onEvict is called once.
func (c *Cache[K, V]) Add(k K, v V) {
	if c == nil || len(c.shards) == 0 {
		return
	}
	h := c.hash(k)
	s := c.shardFor(h)
	s.mu.Lock()
	evicted := s.lru.Add(h, entry[K, V]{key: k, val: v})
	s.mu.Unlock()
	if evicted && c.onEvict != nil {
		c.onEvict()
	}
}

// Len returns the number of cached entries.
func (c *Cache[K, V]) Len() int {
	if c == nil {
		return 0
	}
	n := 0
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		n += s.lru.Len()
		s.mu.Unlock()
	}
	return n
}
