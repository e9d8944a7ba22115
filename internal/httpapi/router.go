// Package httpapi serves judged's HTTP/JSON API around the engine: routing
// (chi), request decoding and validation, RFC 9457 problem answers, the
// judgment caches, request ids, access logs, panic recovery and Prometheus
// metrics, plus the admin handler (metrics, health, pprof).
//
// It holds no global state: everything comes in through Config, so several
// APIs can live in one process (as tests do).
package httpapi

import (
	"fmt"
	"net/http"
	"net/http/pprof"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"
)

// DefaultMaxBodyBytes is the request body limit when Config sets none.
const DefaultMaxBodyBytes = 64 << 10

// Config is what the API needs. The zero value works: no logging, metrics
// on a private registry, caches disabled, a 64 KiB body limit, no in-flight
// limit, always ready.
type Config struct {
	// Logger receives the access log and panics. nil logs nothing.
	Logger *zap.Logger
	// Metrics records requests, engine time and caches. nil keeps them on
	// a private registry nobody scrapes.
	Metrics *Metrics
	// CacheSize is the number of entries of each judgment's cache (hu,
	// tenpai, discard); 0 disables caching.
	CacheSize int
	// MaxBodyBytes bounds request bodies; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// MaxInFlight bounds the judgments served at once; beyond it requests
	// get a 503 overloaded problem. 0 means no limit.
	MaxInFlight int
	// Spec is the OpenAPI document served at GET /openapi.yaml.
	Spec []byte
	// Ready reports readiness for GET /readyz; nil means always ready.
	Ready func() bool
}

// NewAPI returns the API handler: POST /hu, /tenpai and /discard, and GET
// /rules, /healthz, /readyz and /openapi.yaml. Unknown paths and methods get 404
// and 405 problems. It is safe for concurrent use.
func NewAPI(cfg Config) http.Handler {
	log := cfg.Logger
	if log == nil {
		log = zap.NewNop()
	}
	m := cfg.Metrics
	if m == nil {
		m = NewMetrics(prometheus.NewRegistry(), "")
	}
	maxBody := cfg.MaxBodyBytes
	if maxBody <= 0 {
		maxBody = DefaultMaxBodyBytes
	}

	r := chi.NewRouter()
	r.Use(requestID, observe(log, m), recoverPanics(log))
	r.NotFound(notFound)
	r.MethodNotAllowed(methodNotAllowed(r))
	r.Get("/healthz", healthz)
	r.Get("/readyz", readyz(cfg.Ready))
	r.Get("/openapi.yaml", openAPI(cfg.Spec))
	r.Get("/rules", handleRules())
	r.Group(func(r chi.Router) {
		r.Use(limitInFlight(cfg.MaxInFlight))
		r.Post("/hu", handleHu(newJudgment("hu", cfg.CacheSize, m, judgeHu), maxBody))
		r.Post("/tenpai", handleTenpai(newJudgment("tenpai", cfg.CacheSize, m, judgeTenpai), maxBody))
		r.Post("/discard", handleDiscard(newJudgment("discard", cfg.CacheSize, m, judgeDiscard), maxBody))
	})
	return r
}

// NewAdmin returns the admin handler for a separate listener: GET /metrics
// from g, /healthz, /readyz (ready may be nil: always ready) and
// /debug/pprof/.
func NewAdmin(g prometheus.Gatherer, ready func() bool) http.Handler {
	r := chi.NewRouter()
	r.NotFound(notFound)
	r.MethodNotAllowed(methodNotAllowed(r))
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(g, promhttp.HandlerOpts{}))
	r.Get("/healthz", healthz)
	r.Get("/readyz", readyz(ready))
	r.Get("/debug/pprof/cmdline", pprof.Cmdline)
	r.Get("/debug/pprof/profile", pprof.Profile)
	r.Get("/debug/pprof/symbol", pprof.Symbol)
	r.Post("/debug/pprof/symbol", pprof.Symbol)
	r.Get("/debug/pprof/trace", pprof.Trace)
	r.Get("/debug/pprof/*", pprof.Index) // the index and the named profiles (heap, goroutine, …)
	return r
}

// healthz serves liveness: the process answers.
func healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz serves readiness: 503 once ready reports false (shutdown began).
func readyz(ready func() bool) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		if ready != nil && !ready() {
			writeProblem(w, probNotReady, "judged is shutting down and takes no new work")
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	}
}

// openAPI serves the embedded OpenAPI document.
func openAPI(spec []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		_, _ = w.Write(spec)
	}
}

// notFound answers a path no route has.
func notFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, probNotFound, fmt.Sprintf("no route for %s %s", r.Method, r.URL.Path))
}

// probeMethods are the methods tried when listing the ones a path allows.
var probeMethods = []string{
	http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
	http.MethodPatch, http.MethodDelete, http.MethodOptions,
}

// methodNotAllowed answers a method a path does not serve, listing in
// Allow the ones it does. chi also sends unknown methods (on any path)
// here; when the path serves nothing at all, the answer is 404.
func methodNotAllowed(routes chi.Routes) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allowed []string
		for _, m := range probeMethods {
			if routes.Match(chi.NewRouteContext(), m, r.URL.Path) {
				allowed = append(allowed, m)
			}
		}
		if len(allowed) == 0 {
			notFound(w, r)
			return
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeProblem(w, probMethodNotAllowed, fmt.Sprintf("%s %s is not served; allowed: %s", r.Method, r.URL.Path, strings.Join(allowed, ", ")))
	}
}
