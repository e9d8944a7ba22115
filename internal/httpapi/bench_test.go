package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/judged/judged/internal/engine"
)

// BenchmarkHandlers serves each judgment end to end (decoding, validation,
// judgment, encoding, middleware) with a warm cache (every request hits)
// and with caching disabled (every request computes).
func BenchmarkHandlers(b *testing.B) {
	requests := []struct{ path, body string }{
		{"/hu", `{"hand":"11122345678999m","visible":["5m"]}`},
		{"/tenpai", `{"hand":"1112345678999m","visible":["5m"]}`},
		{"/discard", `{"hand":"11122345678999m","discard":"2m","visible":["5m"]}`},
	}
	for _, r := range requests {
		for _, c := range []struct {
			name string
			size int
		}{{"hit", 1024}, {"compute", 0}} {
			b.Run(strings.TrimPrefix(r.path, "/")+"/"+c.name, func(b *testing.B) {
				h := NewAPI(Config{CacheSize: c.size})
				want := "miss"
				if c.size > 0 {
					want = "hit"
					h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, r.path, strings.NewReader(r.body)))
				}
				b.ReportAllocs()
				for b.Loop() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, r.path, strings.NewReader(r.body)))
					if rec.Code != http.StatusOK || rec.Header().Get("X-Cache") != want {
						b.Fatalf("status %d, X-Cache %q: %s", rec.Code, rec.Header().Get("X-Cache"), rec.Body)
					}
				}
			})
		}
	}
}

// BenchmarkDecodeRules decodes a /hu body with no rules, a preset name and
// rules objects, with the fast decoder; the last object holds a repeated
// wildcard, which only the precise decoder reads.
func BenchmarkDecodeRules(b *testing.B) {
	bodies := []struct{ name, body string }{
		{"none", `{"hand":"11122345678999m"}`},
		{"preset", `{"hand":"11122345678999m","rules":"sichuan"}`},
		{"object", `{"hand":"11122345678999m","rules":{"preset":"mcr","sevenPairsFourAlike":false,"maxSuits":3}}`},
		{"wildcards", `{"hand":"11122345678999m","rules":{"preset":"guangdong","wildcards":["P","5m"]}}`},
		{"precise", `{"hand":"11122345678999m","rules":{"preset":"guangdong","wildcards":["5m","0m"]}}`},
	}
	for _, bb := range bodies {
		b.Run(bb.name, func(b *testing.B) {
			body := []byte(bb.body)
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := fastRequest(body, engine.Complete, false); !ok {
					rec := httptest.NewRecorder()
					if _, ok := preciseRequest(rec, body, engine.Complete, false); ok != (bb.name != "precise") {
						b.Fatalf("%s: precise decoding ok %t: %s", bb.body, ok, rec.Body)
					}
				}
			}
		})
	}
}
