package httpapi

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

// observedLogger returns a logger at level whose entries the test can read.
func observedLogger(level zapcore.Level) (*zap.Logger, *observer.ObservedLogs) {
	core, logs := observer.New(level)
	return zap.New(core), logs
}

func TestAccessLog(t *testing.T) {
	t.Parallel()
	const body = `{"hand":"123m456s789p23pEE"}`
	tests := []struct {
		name      string
		level     zapcore.Level
		method    string
		path      string
		requestID string
		wantID    string // "" means generated
		want      map[string]any
	}{
		{
			name: "info, client id", level: zapcore.InfoLevel, method: http.MethodPost, path: "/tenpai",
			requestID: "abc-123", wantID: "abc-123",
			want: map[string]any{"route": "/tenpai", "method": "POST", "status": int64(200)},
		},
		{
			name: "debug adds the hand", level: zapcore.DebugLevel, method: http.MethodPost, path: "/tenpai",
			requestID: "abc-124", wantID: "abc-124",
			want: map[string]any{"route": "/tenpai", "method": "POST", "status": int64(200), "hand": "123m456s23789pEE"},
		},
		{
			name: "unusable client id is replaced", level: zapcore.InfoLevel, method: http.MethodGet, path: "/healthz",
			requestID: "has space",
			want:      map[string]any{"route": "/healthz", "method": "GET", "status": int64(200)},
		},
		{
			name: "unmatched route", level: zapcore.DebugLevel, method: http.MethodGet, path: "/hands/123m",
			want: map[string]any{"route": "unmatched", "method": "GET", "status": int64(404)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log, logs := observedLogger(tt.level)
			h := NewAPI(Config{Logger: log})
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(body))
			if tt.requestID != "" {
				req.Header.Set("X-Request-Id", tt.requestID)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)

			id := rec.Header().Get("X-Request-Id")
			if tt.wantID != "" && id != tt.wantID {
				t.Errorf("X-Request-Id = %q, want %q", id, tt.wantID)
			}
			if tt.wantID == "" && (len(id) != 26 || id == tt.requestID) {
				t.Errorf("X-Request-Id = %q, want a generated 26-character id", id)
			}
			entries := logs.AllUntimed()
			if len(entries) != 1 {
				t.Fatalf("logged %d entries, want 1: %v", len(entries), entries)
			}
			e := entries[0]
			if e.Level != zapcore.InfoLevel || e.Message != "request" {
				t.Errorf("entry = %v %q, want info \"request\"", e.Level, e.Message)
			}
			got := e.ContextMap()
			if d, ok := got["duration"].(time.Duration); !ok || d <= 0 {
				t.Errorf("duration = %v, want a positive time.Duration", got["duration"])
			}
			want := map[string]any{"request_id": id, "bytes": int64(rec.Body.Len()), "duration": got["duration"]}
			for k, v := range tt.want {
				want[k] = v
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("access log fields mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// panicky serves GET /boom, which panics with v after writing status
// (0: nothing written), behind the API's middleware.
func panicky(log *zap.Logger, v any, status int) http.Handler {
	r := chi.NewRouter()
	r.Use(requestID, observe(log, NewMetrics(prometheus.NewRegistry(), "")), recoverPanics(log))
	r.Get("/boom", func(w http.ResponseWriter, _ *http.Request) {
		if status != 0 {
			w.WriteHeader(status)
		}
		panic(v)
	})
	return r
}

func TestPanicBecomes500(t *testing.T) {
	t.Parallel()
	log, logs := observedLogger(zapcore.InfoLevel)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/boom", nil)
	req.Header.Set("X-Request-Id", "req-1")
	panicky(log, errors.New("secret internals"), 0).ServeHTTP(rec, req)

	checkProblem(t, rec, prob(probInternal, "the server failed to answer; quote the X-Request-Id header when reporting it"))
	if strings.Contains(rec.Body.String(), "secret") {
		t.Errorf("500 body leaks the panic: %s", rec.Body)
	}
	panics := logs.FilterMessage("panic serving request").AllUntimed()
	if len(panics) != 1 {
		t.Fatalf("logged the panic %d times, want once", len(panics))
	}
	fields := panics[0].ContextMap()
	if panics[0].Level != zapcore.ErrorLevel || fields["request_id"] != "req-1" || fields["panic"] != "secret internals" {
		t.Errorf("panic log = %v %v, want error level with request_id req-1 and the panic", panics[0].Level, fields)
	}
	if stack, _ := fields["stack"].(string); !strings.Contains(stack, "panicky") {
		t.Errorf("panic log stack does not show the handler: %q", stack)
	}
	access := logs.FilterMessage("request").AllUntimed()
	if len(access) != 1 || access[0].ContextMap()["status"] != int64(500) || access[0].ContextMap()["route"] != "/boom" {
		t.Errorf("access log = %v, want one line with status 500 on /boom", access)
	}
}

func TestPanicAfterWriteKeepsResponse(t *testing.T) {
	t.Parallel()
	log, logs := observedLogger(zapcore.InfoLevel)
	rec := httptest.NewRecorder()
	panicky(log, "late", http.StatusAccepted).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/boom", nil))
	if rec.Code != http.StatusAccepted || rec.Body.Len() != 0 {
		t.Errorf("got %d %q, want the 202 already sent and nothing added", rec.Code, rec.Body)
	}
	if n := logs.FilterMessage("panic serving request").Len(); n != 1 {
		t.Errorf("logged the panic %d times, want once", n)
	}
}

func TestAbortHandlerPanicPassesThrough(t *testing.T) {
	t.Parallel()
	log, logs := observedLogger(zapcore.InfoLevel)
	defer func() {
		if v := recover(); v != http.ErrAbortHandler { //nolint:errorlint // identity is the contract
			t.Errorf("recovered %v, want http.ErrAbortHandler re-panicked", v)
		}
		if n := logs.FilterMessage("panic serving request").Len(); n != 0 {
			t.Errorf("logged an aborted request as a panic %d times", n)
		}
	}()
	panicky(log, http.ErrAbortHandler, 0).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/boom", nil))
}

// gatedBody is a request body whose first Read reports that the handler
// started reading, then waits for release.
type gatedBody struct {
	started chan struct{}
	release chan struct{}
	once    sync.Once
	r       io.Reader
}

func (b *gatedBody) Read(p []byte) (int, error) {
	b.once.Do(func() {
		close(b.started)
		<-b.release
	})
	return b.r.Read(p)
}

func TestMaxInFlight(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{MaxInFlight: 1})
	body := &gatedBody{started: make(chan struct{}), release: make(chan struct{}), r: strings.NewReader(`{"hand":"123m456s789p23pEE"}`)}
	first := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.ServeHTTP(first, httptest.NewRequest(http.MethodPost, "/tenpai", body))
	}()
	<-body.started // the first request holds the only slot

	rec := post(t, h, "/hu", `{"hand":`+win14+`}`)
	checkProblem(t, rec, prob(probOverloaded, "the limit of 1 judgments in flight is reached; retry shortly"))
	if got := rec.Header().Get("Retry-After"); got != "1" {
		t.Errorf("Retry-After = %q, want 1", got)
	}
	if rec := call(t, h, http.MethodGet, "/healthz", "", ""); rec.Code != http.StatusOK {
		t.Errorf("GET /healthz while saturated = %d, want 200", rec.Code)
	}

	close(body.release)
	<-done
	if first.Code != http.StatusOK {
		t.Errorf("first request = %d, want 200: %s", first.Code, first.Body)
	}
	if rec := post(t, h, "/hu", `{"hand":`+win14+`}`); rec.Code != http.StatusOK {
		t.Errorf("request after the slot freed = %d, want 200: %s", rec.Code, rec.Body)
	}
}

func TestUsableRequestID(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", maxRequestIDLen)
	tests := []struct {
		id   string
		want bool
	}{
		{"abc-123_X.y:z", true},
		{long, true},
		{long + "a", false},
		{"", false},
		{"has space", false},
		{"tab\there", false},
		{"naïve", false},
		{"new\nline", false},
	}
	for _, tt := range tests {
		if got := usableRequestID(tt.id); got != tt.want {
			t.Errorf("usableRequestID(%q) = %t, want %t", tt.id, got, tt.want)
		}
	}
}
