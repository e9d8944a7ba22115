package hands_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/judged/judged/bench/hands"
	"github.com/judged/judged/internal/httpapi"
)

// dealN deals n bodies for ep from a dealer seeded with seed.
func dealN(t *testing.T, seed uint64, ep hands.Endpoint, n int) [][]byte {
	t.Helper()
	d := hands.NewDealer(seed)
	out := make([][]byte, n)
	for i := range out {
		b, err := d.Deal(ep)
		if err != nil {
			t.Fatalf("Deal(%s) #%d: %v", ep, i, err)
		}
		out[i] = b
	}
	return out
}

// TestDealtBodiesAreDistinctValidJudgments sends every dealt body to a real
// API with a cache: each must be answered 200 and miss the cache, which
// proves the positions are valid and their judgments distinct.
func TestDealtBodiesAreDistinctValidJudgments(t *testing.T) {
	const n = 250
	api := httpapi.NewAPI(httpapi.Config{CacheSize: 4 * n})
	for _, ep := range hands.Endpoints {
		t.Run(string(ep), func(t *testing.T) {
			for i, b := range dealN(t, 7, ep, n) {
				req := httptest.NewRequest(http.MethodPost, "/"+string(ep), bytes.NewReader(b))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				api.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					t.Fatalf("body #%d %s: status %d, want 200; answer: %s", i, b, rec.Code, rec.Body)
				}
				if got := rec.Header().Get("X-Cache"); got != "miss" {
					t.Fatalf("body #%d %s: X-Cache %q, want miss (a repeated judgment)", i, b, got)
				}
			}
		})
	}
}

// TestDealIsSeeded checks that a seed always deals the same bodies and
// another seed deals others.
func TestDealIsSeeded(t *testing.T) {
	a, again, other := dealN(t, 1, hands.Discard, 50), dealN(t, 1, hands.Discard, 50), dealN(t, 2, hands.Discard, 50)
	for i := range a {
		if !bytes.Equal(a[i], again[i]) {
			t.Fatalf("seed 1 body #%d: got %s then %s, want the same", i, a[i], again[i])
		}
	}
	same := 0
	for i := range a {
		if bytes.Equal(a[i], other[i]) {
			same++
		}
	}
	if same == len(a) {
		t.Errorf("seeds 1 and 2 dealt the same %d bodies, want different ones", same)
	}
}

// TestDealMixesInputForms checks that the bodies exercise melds, visible
// tiles, rules, each tile list form and the discard options.
func TestDealMixesInputForms(t *testing.T) {
	seen := map[string]int{}
	for _, b := range dealN(t, 3, hands.Discard, 500) {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("body %s: %v", b, err)
		}
		for name, raw := range m {
			seen[name]++
			if name == "hand" {
				seen["hand:"+string(raw[0])]++
			}
		}
	}
	for _, want := range []string{"hand", "hand:[", `hand:"`, "melds", "visible", "rules", "discard", "drawn", "riichi", "voidSuit"} {
		if seen[want] == 0 {
			t.Errorf("no body among 500 has %s; seen %v", want, seen)
		}
	}
	if seen["discard"] != 500 {
		t.Errorf("%d of 500 /discard bodies have a discard, want all", seen["discard"])
	}
}

func TestParseEndpoint(t *testing.T) {
	for _, ep := range hands.Endpoints {
		got, err := hands.ParseEndpoint(string(ep))
		if err != nil || got != ep {
			t.Errorf("ParseEndpoint(%q) = %q, %v; want %q, nil", ep, got, err, ep)
		}
	}
	if got, err := hands.ParseEndpoint("healthz"); err == nil {
		t.Errorf("ParseEndpoint(%q) = %q, nil; want an error", "healthz", got)
	}
}
