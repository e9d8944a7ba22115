package httpapi

import (
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

func TestHealthAndSpec(t *testing.T) {
	t.Parallel()
	var ready atomic.Bool
	ready.Store(true)
	spec := []byte("openapi: 3.0.3\ninfo: {title: judged}\n")
	h := NewAPI(Config{Spec: spec, Ready: ready.Load})

	checkAnswer(t, call(t, h, http.MethodGet, "/healthz", "", ""), http.StatusOK, "application/json", `{"status":"ok"}`)
	checkAnswer(t, call(t, h, http.MethodGet, "/readyz", "", ""), http.StatusOK, "application/json", `{"status":"ready"}`)

	rec := call(t, h, http.MethodGet, "/openapi.yaml", "", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/yaml" || rec.Body.String() != string(spec) {
		t.Errorf("GET /openapi.yaml = %d %q %q, want 200 application/yaml and the spec", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}

	ready.Store(false)
	checkProblem(t, call(t, h, http.MethodGet, "/readyz", "", ""), prob(probNotReady, "judged is shutting down and takes no new work"))
	checkAnswer(t, call(t, h, http.MethodGet, "/healthz", "", ""), http.StatusOK, "application/json", `{"status":"ok"}`)
}

func TestAdmin(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	api := NewAPI(Config{Metrics: NewMetrics(reg, "v9")})
	var ready atomic.Bool
	ready.Store(true)
	admin := NewAdmin(reg, ready.Load)
	post(t, api, "/hu", `{"hand":`+win14+`}`)

	rec := call(t, admin, http.MethodGet, "/metrics", "", "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics = %d", rec.Code)
	}
	for _, line := range []string{
		fmt.Sprintf(`judged_build_info{goversion=%q,version="v9"} 1`, runtime.Version()),
		`judged_http_requests_total{code="200",method="POST",route="/hu"} 1`,
		`judged_cache_requests_total{op="hu",result="miss"} 1`,
	} {
		if !strings.Contains(rec.Body.String(), line+"\n") {
			t.Errorf("GET /metrics lacks %q", line)
		}
	}

	checkAnswer(t, call(t, admin, http.MethodGet, "/healthz", "", ""), http.StatusOK, "application/json", `{"status":"ok"}`)
	checkAnswer(t, call(t, admin, http.MethodGet, "/readyz", "", ""), http.StatusOK, "application/json", `{"status":"ready"}`)
	ready.Store(false)
	checkProblem(t, call(t, admin, http.MethodGet, "/readyz", "", ""), prob(probNotReady, "judged is shutting down and takes no new work"))

	for path, want := range map[string]string{
		"/debug/pprof/":                  "goroutine",
		"/debug/pprof/goroutine?debug=1": "goroutine profile: total",
		"/debug/pprof/cmdline":           "",
	} {
		rec := call(t, admin, http.MethodGet, path, "", "")
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("GET %s = %d, body lacks %q", path, rec.Code, want)
		}
	}
	checkProblem(t, call(t, admin, http.MethodGet, "/hu", "", ""), prob(probNotFound, "no route for GET /hu"))
	rec = call(t, admin, http.MethodPost, "/metrics", "", "")
	checkProblem(t, rec, prob(probMethodNotAllowed, "POST /metrics is not served; allowed: GET"))
	if got := rec.Header().Get("Allow"); got != "GET" {
		t.Errorf("Allow = %q, want GET", got)
	}
}
