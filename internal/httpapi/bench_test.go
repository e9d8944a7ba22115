package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
