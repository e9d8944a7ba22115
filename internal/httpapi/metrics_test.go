package httpapi

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// histogramCount returns the sample count of histogram name with labels.
func histogramCount(t *testing.T, g prometheus.Gatherer, name string, labels map[string]string) uint64 {
	t.Helper()
	families, err := g.Gather()
	if err != nil {
		t.Fatalf("gather: %v", err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	metrics:
		for _, m := range f.GetMetric() {
			for _, lp := range m.GetLabel() {
				if labels[lp.GetName()] != lp.GetValue() {
					continue metrics
				}
			}
			return m.GetHistogram().GetSampleCount()
		}
	}
	return 0
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg, "v1.2.3")
	h := NewAPI(Config{Metrics: m, CacheSize: 1})

	hu := `{"hand":` + win14 + `}`
	post(t, h, "/hu", hu)                                 // miss
	post(t, h, "/hu", hu)                                 // hit
	post(t, h, "/hu", `{"hand":"112233m445566sEE"}`)      // miss, evicts the first hand
	post(t, h, "/hu", `{"hand":"1m"}`)                    // 422, no cache lookup
	post(t, h, "/tenpai", `{"hand":"123m456s789p23pEE"}`) // miss
	call(t, h, http.MethodGet, "/hands/7", "", "")        // 404
	call(t, h, "BREW", "/hu", "", "")                     // 405, odd method
	call(t, h, http.MethodGet, "/healthz", "", "")
	call(t, h, http.MethodGet, "/rules", "", "")

	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatalf("lint: %v", err)
	}
	for _, p := range problems {
		t.Errorf("metric %s: %s", p.Metric, p.Text)
	}

	want := fmt.Sprintf(`
# HELP judged_build_info Always 1; labelled with the judged version and the Go version that built it.
# TYPE judged_build_info gauge
judged_build_info{goversion=%q,version="v1.2.3"} 1
# HELP judged_cache_entries Entries held by the cache, by judgment.
# TYPE judged_cache_entries gauge
judged_cache_entries{op="discard"} 0
judged_cache_entries{op="hu"} 1
judged_cache_entries{op="tenpai"} 1
# HELP judged_cache_evictions_total Cache entries evicted to make room, by judgment.
# TYPE judged_cache_evictions_total counter
judged_cache_evictions_total{op="discard"} 0
judged_cache_evictions_total{op="hu"} 1
judged_cache_evictions_total{op="tenpai"} 0
# HELP judged_cache_requests_total Cache lookups by judgment (hu, tenpai, discard) and result (hit, miss).
# TYPE judged_cache_requests_total counter
judged_cache_requests_total{op="discard",result="hit"} 0
judged_cache_requests_total{op="discard",result="miss"} 0
judged_cache_requests_total{op="hu",result="hit"} 1
judged_cache_requests_total{op="hu",result="miss"} 2
judged_cache_requests_total{op="tenpai",result="hit"} 0
judged_cache_requests_total{op="tenpai",result="miss"} 1
# HELP judged_http_requests_in_flight API requests being served now.
# TYPE judged_http_requests_in_flight gauge
judged_http_requests_in_flight 0
# HELP judged_http_requests_total HTTP requests served by the API listener, by chi route pattern, method and status code.
# TYPE judged_http_requests_total counter
judged_http_requests_total{code="200",method="GET",route="/healthz"} 1
judged_http_requests_total{code="200",method="GET",route="/rules"} 1
judged_http_requests_total{code="200",method="POST",route="/hu"} 3
judged_http_requests_total{code="200",method="POST",route="/tenpai"} 1
judged_http_requests_total{code="404",method="GET",route="unmatched"} 1
judged_http_requests_total{code="405",method="other",route="unmatched"} 1
judged_http_requests_total{code="422",method="POST",route="/hu"} 1
`, runtime.Version())
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want),
		"judged_build_info", "judged_cache_entries", "judged_cache_evictions_total", "judged_cache_requests_total",
		"judged_http_requests_in_flight", "judged_http_requests_total"); err != nil {
		t.Error(err)
	}

	for _, c := range []struct {
		name   string
		labels map[string]string
		want   uint64
	}{
		{"judged_http_request_duration_seconds", map[string]string{"route": "/hu", "method": "POST"}, 4},
		{"judged_http_request_duration_seconds", map[string]string{"route": "unmatched", "method": "other"}, 1},
		{"judged_engine_duration_seconds", map[string]string{"op": "hu"}, 2}, // misses only
		{"judged_engine_duration_seconds", map[string]string{"op": "tenpai"}, 1},
	} {
		if got := histogramCount(t, reg, c.name, c.labels); got != c.want {
			t.Errorf("%s%v count = %d, want %d", c.name, c.labels, got, c.want)
		}
	}
	for _, name := range []string{"go_goroutines", "process_cpu_seconds_total"} {
		if n, err := testutil.GatherAndCount(reg, name); err != nil || n != 1 {
			t.Errorf("%s: %d series, %v; want the Go and process collectors registered", name, n, err)
		}
	}
}

func TestMethodLabel(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"GET": "GET", "POST": "POST", "HEAD": "HEAD", "OPTIONS": "OPTIONS", "get": "other", "BREW": "other", "": "other",
	} {
		if got := methodLabel(in); got != want {
			t.Errorf("methodLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
