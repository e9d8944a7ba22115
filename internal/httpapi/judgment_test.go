package httpapi

import (
	"net/http"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/judged/judged/internal/cache"
	"github.com/judged/judged/internal/engine"
)

func TestXCache(t *testing.T) {
	t.Parallel()
	const (
		ready   = `{"hand":"123m456s789p23pEE"}`
		seen    = `{"hand":"123m456s789p23pEE","visible":["1p"]}`
		noPairs = `{"hand":"1122m3344s5566pEE","rules":{"sevenPairs":false}}`
		pairs   = `{"hand":"1122m3344s5566pEE"}`
	)
	tests := []struct {
		name      string
		cacheSize int
		requests  []struct{ path, body, xcache string }
	}{
		{
			// Visible tiles are not part of the key: the second request
			// hits and still gets its own remaining counts (checked below).
			name: "hit across visible tiles", cacheSize: 16,
			requests: []struct{ path, body, xcache string }{
				{"/tenpai", ready, "miss"}, {"/tenpai", ready, "hit"}, {"/tenpai", seen, "hit"},
			},
		},
		{
			name: "rules are part of the key", cacheSize: 16,
			requests: []struct{ path, body, xcache string }{
				{"/hu", noPairs, "miss"}, {"/hu", pairs, "miss"}, {"/hu", noPairs, "hit"}, {"/hu", pairs, "hit"},
			},
		},
		{
			name: "one cache per judgment", cacheSize: 16,
			requests: []struct{ path, body, xcache string }{
				{"/hu", pairs, "miss"}, {"/discard", `{"hand":"1122m3344s5566pEE","discard":"E"}`, "miss"}, {"/hu", pairs, "hit"},
			},
		},
		{
			name: "size 0 disables caching", cacheSize: 0,
			requests: []struct{ path, body, xcache string }{
				{"/tenpai", ready, "miss"}, {"/tenpai", ready, "miss"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := NewAPI(Config{CacheSize: tt.cacheSize})
			for i, r := range tt.requests {
				rec := post(t, h, r.path, r.body)
				if rec.Code != http.StatusOK {
					t.Fatalf("request %d: status %d: %s", i, rec.Code, rec.Body)
				}
				if got := rec.Header().Get("X-Cache"); got != r.xcache {
					t.Errorf("request %d (%s %s): X-Cache = %q, want %q", i, r.path, r.body, got, r.xcache)
				}
			}
		})
	}
}

func TestCachedAnswerCountsVisibleTilesPerRequest(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{CacheSize: 16})
	post(t, h, "/tenpai", `{"hand":"123m456s789p23pEE"}`)
	rec := post(t, h, "/tenpai", `{"hand":"123m456s789p23pEE","visible":"11p4p"}`)
	if got := rec.Header().Get("X-Cache"); got != "hit" {
		t.Fatalf("X-Cache = %q, want hit", got)
	}
	checkAnswer(t, rec, http.StatusOK, "application/json", `{"tenpai":true,"shanten":0,"waits":[`+
		`{"tile":18,"name":"1p","remaining":2,"forms":["standard"],"shapes":["twoSided"]},`+
		`{"tile":21,"name":"4p","remaining":3,"forms":["standard"],"shapes":["twoSided"]}],"totalRemaining":5,`+
		`"effective":[{"tile":18,"name":"1p","remaining":2},{"tile":21,"name":"4p","remaining":3}],"totalEffective":5,`+
		`"notation":"123m456s23789pEE"}`)
}

// mustPosition builds a position or fails the test.
func mustPosition(t *testing.T, hand string, melds []engine.MeldInput, r engine.Rules, s engine.Stage) engine.Position {
	t.Helper()
	tiles, err := engine.ParseTiles(hand)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", hand, err)
	}
	p, err := engine.NewPosition(engine.PositionInput{Hand: tiles, Melds: melds, Rules: r}, s)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", hand, err)
	}
	return p
}

// TestJudgmentCollision forces every key onto one hash: positions that
// differ only in what the base-5 code of the hand leaves out (declared
// melds, rules) or in the hand itself must never get each other's answer.
func TestJudgmentCollision(t *testing.T) {
	t.Parallel()
	std := engine.StandardRules()
	noPairs := std
	noPairs.SevenPairs = false
	pon, err := engine.ParseTiles("SSS")
	if err != nil {
		t.Fatal(err)
	}
	positions := []engine.Position{
		mustPosition(t, "1122m3344s5566pEE", nil, std, engine.Complete),
		mustPosition(t, "1122m3344s5566pEE", nil, noPairs, engine.Complete),
		mustPosition(t, "123m456s789pEEESS", nil, std, engine.Complete),
		mustPosition(t, "123m456s789pEE", []engine.MeldInput{{Kind: engine.Pon, Tiles: pon}}, std, engine.Complete),
	}
	m := NewMetrics(prometheus.NewRegistry(), "")
	j := &judgment[huResult]{
		cache:    cache.New[engine.Key, huResult](16, func(engine.Key) uint64 { return 42 }, nil),
		compute:  judgeHu,
		hits:     m.cacheRequests.WithLabelValues("hu", "hit"),
		misses:   m.cacheRequests.WithLabelValues("hu", "miss"),
		duration: m.engine.WithLabelValues("hu"),
	}
	for round := range 2 {
		for i := range positions {
			got, hit := j.judge(&positions[i])
			if hit {
				t.Errorf("round %d, position %d: a hit although every other position shares its hash and replaced it", round, i)
			}
			want := judgeHu(&positions[i])
			if got.forms != want.forms || got.shanten != want.shanten || len(got.decomps) != len(want.decomps) {
				t.Errorf("round %d, position %d: got %+v, want %+v", round, i, got, want)
			}
		}
	}
	got, hit := j.judge(&positions[3])
	if !hit || got.forms != engine.Forms(engine.Standard) {
		t.Errorf("repeat of the last position: hit %t, forms %v; want a hit with the standard form", hit, got.forms)
	}
}
