package httpapi

import (
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

// latencyBuckets resolve judged's real latencies: 10µs, 20µs … ~655ms.
var latencyBuckets = prometheus.ExponentialBuckets(10e-6, 2, 17)

// Metrics holds judged's Prometheus metrics. Build it once per registry
// with NewMetrics and hand it to NewAPI; it is safe for concurrent use.
type Metrics struct {
	requests       *prometheus.CounterVec
	duration       *prometheus.HistogramVec
	inFlight       prometheus.Gauge
	engine         *prometheus.HistogramVec
	cacheRequests  *prometheus.CounterVec
	cacheEvictions *prometheus.CounterVec
	cacheEntries   *cacheEntries

	// series caches the request metrics' children by label values, so
	// that serving a request does not hash its labels again. Its size is
	// bounded by the routes, the method labels and the status codes.
	seriesMu sync.RWMutex
	series   map[requestKey]requestSeries
}

// requestKey is the label values of one request's metrics.
type requestKey struct {
	route, method string
	status        int
}

// requestSeries is the metrics children one kind of request updates.
type requestSeries struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

// NewMetrics registers judged's metrics with reg: HTTP requests, latency
// and requests in flight by chi route pattern, engine call latency, cache
// requests, evictions and entries by judgment, judged_build_info for
// version, and the Go and process collectors. It panics if reg already
// holds any of them, as registering twice is a wiring bug.
func NewMetrics(reg prometheus.Registerer, version string) *Metrics {
	f := promauto.With(reg)
	m := &Metrics{
		requests: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "judged", Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests served by the API listener, by chi route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		duration: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "judged", Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to serve an API request, by chi route pattern and method.",
			Buckets: latencyBuckets,
		}, []string{"route", "method"}),
		inFlight: f.NewGauge(prometheus.GaugeOpts{
			Namespace: "judged", Subsystem: "http", Name: "requests_in_flight",
			Help: "API requests being served now.",
		}),
		engine: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "judged", Subsystem: "engine", Name: "duration_seconds",
			Help:    "Time the engine spends computing a judgment on a cache miss, by judgment (hu, tenpai, discard).",
			Buckets: latencyBuckets,
		}, []string{"op"}),
		cacheRequests: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "judged", Subsystem: "cache", Name: "requests_total",
			Help: "Cache lookups by judgment (hu, tenpai, discard) and result (hit, miss).",
		}, []string{"op", "result"}),
		cacheEvictions: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "judged", Subsystem: "cache", Name: "evictions_total",
			Help: "Cache entries evicted to make room, by judgment.",
		}, []string{"op"}),
		series: map[requestKey]requestSeries{},
		cacheEntries: &cacheEntries{
			desc: prometheus.NewDesc("judged_cache_entries", "Entries held by the cache, by judgment.", []string{"op"}, nil),
			lens: map[string]func() int{},
		},
	}
	build := f.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "judged", Name: "build_info",
		Help: "Always 1; labelled with the judged version and the Go version that built it.",
	}, []string{"version", "goversion"})
	build.WithLabelValues(version, runtime.Version()).Set(1)
	reg.MustRegister(m.cacheEntries,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// trackCache makes judged_cache_entries{op} report size().
func (m *Metrics) trackCache(op string, size func() int) {
	m.cacheEntries.mu.Lock()
	defer m.cacheEntries.mu.Unlock()
	m.cacheEntries.lens[op] = size
}

// observe records one served request.
func (m *Metrics) observe(route, method string, status int, seconds float64) {
	s := m.requestSeries(requestKey{route: route, method: method, status: status})
	s.requests.Inc()
	s.duration.Observe(seconds)
}

// requestSeries returns the metrics children for k, looked up once.
func (m *Metrics) requestSeries(k requestKey) requestSeries {
	m.seriesMu.RLock()
	s, ok := m.series[k]
	m.seriesMu.RUnlock()
	if ok {
		return s
	}
	s = requestSeries{
		requests: m.requests.WithLabelValues(k.route, k.method, strconv.Itoa(k.status)),
		duration: m.duration.WithLabelValues(k.route, k.method),
	}
	m.seriesMu.Lock()
	m.series[k] = s
	m.seriesMu.Unlock()
	return s
}

// cacheEntries reports each cache's current size when scraped, so the
// count never goes stale and serving never pays for it.
type cacheEntries struct {
	desc *prometheus.Desc
	mu   sync.Mutex
	lens map[string]func() int
}

// Describe implements prometheus.Collector.
func (c *cacheEntries) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect implements prometheus.Collector.
func (c *cacheEntries) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ops := make([]string, 0, len(c.lens))
	for op := range c.lens {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	for _, op := range ops {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(c.lens[op]()), op)
	}
}

// methodLabel bounds the method label to the standard methods; anything
// else is "other", so clients cannot grow the label set.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return method
	}
	return "other"
}
