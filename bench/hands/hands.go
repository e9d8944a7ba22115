// Package hands deals seeded, valid and distinct request bodies for
// judged's load benchmark: positions for POST /hu, /tenpai and /discard
// drawn from a shuffled 136-tile wall, with some declared melds, visible
// tiles, rules and discard constraints mixed in, and tile lists written in
// every input form judged accepts (ids, names, compact strings).
//
// It is a benchmark fixture: it never touches the network.
package hands

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"

	"github.com/judged/judged/internal/engine"
)

// Endpoint is a judgment endpoint a body is dealt for.
type Endpoint string

// The judgment endpoints.
const (
	Hu      Endpoint = "hu"
	Tenpai  Endpoint = "tenpai"
	Discard Endpoint = "discard"
)

// Endpoints lists the judgment endpoints in a fixed order.
var Endpoints = []Endpoint{Hu, Tenpai, Discard}

// ParseEndpoint parses "hu", "tenpai" or "discard".
func ParseEndpoint(s string) (Endpoint, error) {
	for _, ep := range Endpoints {
		if string(ep) == s {
			return ep, nil
		}
	}
	return "", fmt.Errorf("unknown endpoint %q (want hu, tenpai or discard)", s)
}

// tiles returns how many tiles a position for ep holds, counting 3 per meld.
func (ep Endpoint) tiles() int {
	if ep == Tenpai {
		return 13
	}
	return 14
}

// maxTries bounds the deals tried for one distinct position.
const maxTries = 1000

// ErrExhausted is returned when no new distinct position turned up in
// maxTries deals, which only a tiny position space would cause.
var ErrExhausted = errors.New("no new distinct position")

// Dealer deals distinct positions from a seeded wall: the same seed deals
// the same bodies in the same order. It is not safe for concurrent use.
type Dealer struct {
	rng  *rand.Rand
	seen map[uint64]struct{}
}

// NewDealer returns a dealer seeded with seed.
func NewDealer(seed uint64) *Dealer {
	return &Dealer{rng: rand.New(rand.NewPCG(seed, 0x6a756467)), seen: map[uint64]struct{}{}}
}

// Dealt returns how many distinct positions d has dealt.
func (d *Dealer) Dealt() int { return len(d.seen) }

// Deal returns the JSON body of a valid position for ep whose judgment
// (endpoint, concealed tiles, melds, rules) differs from every position d
// dealt before, so a judged cache misses on it the first time. Visible
// tiles and discard fields vary too but do not count for distinctness.
func (d *Dealer) Deal(ep Endpoint) ([]byte, error) {
	for range maxTries {
		p := d.position(ep)
		k := p.key(ep)
		if _, dup := d.seen[k]; dup {
			continue
		}
		d.seen[k] = struct{}{}
		return json.Marshal(d.body(ep, p))
	}
	return nil, fmt.Errorf("deal for /%s after %d tries: %w", ep, maxTries, ErrExhausted)
}

// meld is a declared meld.
type meld struct {
	kind  engine.MeldKind
	tiles []engine.Tile
}

// position is a dealt position before it is written as JSON.
type position struct {
	hand    []engine.Tile // in dealing order
	melds   []meld
	visible []engine.Tile
	rules   int // index into rulesForms
}

// key hashes what a judgment depends on.
func (p *position) key(ep Endpoint) uint64 {
	h := fnv.New64a()
	c := engine.CountsOf(p.hand)
	_, _ = h.Write([]byte(ep))
	_, _ = h.Write(c[:])
	ms := make([]string, len(p.melds))
	for i, m := range p.melds {
		ms[i] = m.kind.String() + engine.Format(m.tiles)
	}
	slices.Sort(ms)
	for _, m := range ms {
		_, _ = h.Write([]byte(m))
	}
	_, _ = h.Write([]byte{byte(rulesKey[p.rules])})
	return h.Sum64()
}

// wall is the tiles not dealt yet, in shuffled order.
type wall []engine.Tile

// newWall returns a shuffled 136-tile wall.
func (d *Dealer) newWall() wall {
	w := make(wall, 0, engine.NumKinds*engine.CopiesPerKind)
	for t := range engine.Tile(engine.NumKinds) {
		w = append(w, t, t, t, t)
	}
	d.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return w
}

// draw takes the next n tiles off the wall.
func (w *wall) draw(n int) []engine.Tile {
	n = min(n, len(*w))
	out := slices.Clone((*w)[len(*w)-n:])
	*w = (*w)[:len(*w)-n]
	return out
}

// take removes the given tiles from the wall; if any is missing it takes
// none and returns false.
func (w *wall) take(ts ...engine.Tile) bool {
	var need engine.Counts
	for _, t := range ts {
		need[t]++
	}
	have := engine.CountsOf(*w)
	for t, n := range need {
		if have[t] < n {
			return false
		}
	}
	for _, t := range ts {
		i := slices.Index(*w, t)
		*w = slices.Delete(*w, i, i+1)
	}
	return true
}

// position deals one position for ep: 0–2 melds, a random or built
// (near-winning) hand, and 0–12 visible tiles.
func (d *Dealer) position(ep Endpoint) position {
	w := d.newWall()
	var p position
	for range d.meldCount() {
		if m, ok := d.meld(&w); ok {
			p.melds = append(p.melds, m)
		}
	}
	size := ep.tiles() - 3*len(p.melds)
	if d.rng.IntN(5) < 2 {
		p.hand = d.builtHand(&w, ep, size)
	}
	if p.hand == nil {
		p.hand = w.draw(size)
	}
	p.visible = w.draw(d.rng.IntN(13))
	switch r := d.rng.IntN(20); {
	case r == 0:
		p.rules = 1
	case r == 1:
		p.rules = 2
	}
	return p
}

// meldCount picks 0 melds 70% of the time, 1 for 20% and 2 for 10%.
func (d *Dealer) meldCount() int {
	switch r := d.rng.IntN(10); {
	case r < 7:
		return 0
	case r < 9:
		return 1
	default:
		return 2
	}
}

// meld declares a chi, pon, kan or ankan from what the wall still holds.
func (d *Dealer) meld(w *wall) (meld, bool) {
	for range 50 {
		var m meld
		switch r := d.rng.IntN(20); {
		case r < 8:
			t := d.sequenceStart()
			m = meld{engine.Chi, []engine.Tile{t, t + 1, t + 2}}
		case r < 17:
			t := engine.Tile(d.rng.IntN(engine.NumKinds))
			m = meld{engine.Pon, []engine.Tile{t, t, t}}
		default:
			kind := engine.Kan
			if r == 19 {
				kind = engine.Ankan
			}
			t := engine.Tile(d.rng.IntN(engine.NumKinds))
			m = meld{kind, []engine.Tile{t, t, t, t}}
		}
		if w.take(m.tiles...) {
			return m, true
		}
	}
	return meld{}, false
}

// sequenceStart picks a tile that can start a sequence.
func (d *Dealer) sequenceStart() engine.Tile {
	return engine.Tile(d.rng.IntN(3)*9 + d.rng.IntN(7))
}

// builtHand builds a hand of size tiles that is close to winning: blocks
// and a pair; for /tenpai one tile is dropped, and half of the complete
// hands swap a tile for a random draw. It returns nil when the wall cannot
// supply the blocks.
func (d *Dealer) builtHand(w *wall, ep Endpoint, size int) []engine.Tile {
	complete := size
	if ep == Tenpai {
		complete++
	}
	var hand []engine.Tile
	for range (complete - 2) / 3 {
		var block []engine.Tile
		if d.rng.IntN(2) == 0 {
			t := d.sequenceStart()
			block = []engine.Tile{t, t + 1, t + 2}
		} else {
			t := engine.Tile(d.rng.IntN(engine.NumKinds))
			block = []engine.Tile{t, t, t}
		}
		if !w.take(block...) {
			*w = append(*w, hand...)
			return nil
		}
		hand = append(hand, block...)
	}
	t := engine.Tile(d.rng.IntN(engine.NumKinds))
	if !w.take(t, t) {
		*w = append(*w, hand...)
		return nil
	}
	hand = append(hand, t, t)
	d.rng.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
	switch {
	case ep == Tenpai:
		*w = append(*w, hand[len(hand)-1]) // the dropped tile goes back, unseen
		hand = hand[:len(hand)-1]
	case d.rng.IntN(2) == 0 && len(*w) > 0:
		*w = append(*w, hand[len(hand)-1])
		d.rng.Shuffle(len(*w), func(i, j int) { (*w)[i], (*w)[j] = (*w)[j], (*w)[i] })
		hand = append(hand[:len(hand)-1], w.draw(1)...)
	}
	return hand
}

// meldJSON is a declared meld in a request body.
type meldJSON struct {
	Type  string `json:"type"`
	Tiles []int  `json:"tiles"`
}

// body is a request body; nil members are left out.
type body struct {
	Hand     any        `json:"hand"`
	Melds    []meldJSON `json:"melds,omitempty"`
	Visible  any        `json:"visible,omitempty"`
	Rules    any        `json:"rules,omitempty"`
	Discard  any        `json:"discard,omitempty"`
	Drawn    any        `json:"drawn,omitempty"`
	Riichi   bool       `json:"riichi,omitempty"`
	VoidSuit string     `json:"voidSuit,omitempty"`
}

// rulesForms are the rules a body may carry: none (the default), a preset
// name, or an object overriding the default preset.
var rulesForms = []any{nil, "riichi", map[string]any{"sevenPairs": false}}

// rulesKey says which rulesForms judge alike: the "riichi" preset has the
// default rules, so only the object changes a judgment.
var rulesKey = []byte{0, 0, 1}

// body writes p as a request body for ep, picking the tile list forms at
// random; /discard bodies discard a tile from the hand and sometimes carry
// drawn, riichi and voidSuit.
func (d *Dealer) body(ep Endpoint, p position) body {
	b := body{Hand: d.tileList(p.hand), Rules: rulesForms[p.rules]}
	for _, m := range p.melds {
		b.Melds = append(b.Melds, meldJSON{Type: m.kind.String(), Tiles: ids(m.tiles)})
	}
	if len(p.visible) > 0 {
		b.Visible = d.tileList(p.visible)
	}
	if ep != Discard {
		return b
	}
	b.Discard = d.tile(p.hand[d.rng.IntN(len(p.hand))])
	if d.rng.IntN(5) == 0 {
		b.Drawn = d.tile(p.hand[d.rng.IntN(len(p.hand))])
		b.Riichi = d.rng.IntN(2) == 0
	}
	if d.rng.IntN(10) == 0 {
		b.VoidSuit = []string{"m", "s", "p"}[d.rng.IntN(3)]
	}
	return b
}

// tileList writes tiles as an id array, a name array or a compact string.
func (d *Dealer) tileList(tiles []engine.Tile) any {
	switch d.rng.IntN(3) {
	case 0:
		return ids(tiles)
	case 1:
		names := make([]string, len(tiles))
		for i, t := range tiles {
			names[i] = t.String()
		}
		return names
	default:
		return engine.Format(tiles)
	}
}

// tile writes one tile as an id or a name.
func (d *Dealer) tile(t engine.Tile) any {
	if d.rng.IntN(2) == 0 {
		return int(t)
	}
	return t.String()
}

// ids converts tiles to plain integers for JSON.
func ids(tiles []engine.Tile) []int {
	out := make([]int, len(tiles))
	for i, t := range tiles {
		out[i] = int(t)
	}
	return out
}
