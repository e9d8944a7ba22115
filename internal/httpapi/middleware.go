package httpapi

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/judged/judged/internal/engine"
)

// maxRequestIDLen bounds a client's X-Request-Id; longer or odd ones are
// replaced, so logs stay readable.
const maxRequestIDLen = 128

// requestInfo is what the middleware learns about a request as it is
// served. It lives in the request context; only the request's own
// goroutine touches it.
type requestInfo struct {
	id string
	// pos is the judged position, once it parsed (hasPos); its notation is
	// worked out only for a debug-level access log line.
	pos    engine.Position
	hasPos bool
}

// ctxKey keys requestInfo in a context.
type ctxKey struct{}

// info returns the request's requestInfo; a blank one outside the middleware.
func info(ctx context.Context) *requestInfo {
	if ri, ok := ctx.Value(ctxKey{}).(*requestInfo); ok {
		return ri
	}
	return &requestInfo{}
}

// noteHand records the position for the debug-level access log.
func noteHand(r *http.Request, p *engine.Position) {
	ri := info(r.Context())
	ri.pos, ri.hasPos = *p, true
}

// requestID gives every request an id, echoed in X-Request-Id.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !usableRequestID(id) {
			id = rand.Text()
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, &requestInfo{id: id})))
	})
}

// usableRequestID accepts ids of printable ASCII without spaces.
func usableRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] <= ' ' || id[i] > '~' {
			return false
		}
	}
	return true
}

// statusWriter remembers the status and size of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

// WriteHeader implements http.ResponseWriter.
func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

// Write implements http.ResponseWriter.
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe counts, times and logs every request: one access-log line at
// info level (with the hand only when debug is enabled) and the HTTP
// metrics labelled by chi route pattern, read after routing.
func observe(log *zap.Logger, m *Metrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			m.inFlight.Inc()
			defer m.inFlight.Dec()
			start := time.Now()
			sw := &statusWriter{ResponseWriter: w}
			next.ServeHTTP(sw, r)
			elapsed := time.Since(start)
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			route := "unmatched"
			if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
				route = rc.RoutePattern()
			}
			m.observe(route, methodLabel(r.Method), status, elapsed.Seconds())
			ce := log.Check(zapcore.InfoLevel, "request")
			if ce == nil {
				return // not logging at info level: build no fields
			}
			ri := info(r.Context())
			fields := []zap.Field{
				zap.String("request_id", ri.id),
				zap.String("route", route),
				zap.String("method", r.Method),
				zap.Int("status", status),
				zap.Duration("duration", elapsed),
				zap.Int("bytes", sw.bytes),
			}
			if ri.hasPos && log.Core().Enabled(zapcore.DebugLevel) {
				fields = append(fields, zap.String("hand", ri.pos.Notation()))
			}
			ce.Write(fields...)
		})
	}
}

// recoverPanics turns a handler panic into a 500 problem that says nothing
// of the cause, and logs the cause once, with the request id and stack.
func recoverPanics(log *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sw, ok := w.(*statusWriter)
			if !ok {
				sw = &statusWriter{ResponseWriter: w}
			}
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if v == http.ErrAbortHandler { //nolint:errorlint // net/http compares it the same way
					panic(v) // the handler asked net/http to drop the connection
				}
				log.Error("panic serving request",
					zap.String("request_id", info(r.Context()).id),
					zap.String("panic", fmt.Sprint(v)),
					zap.ByteString("stack", debug.Stack()))
				if sw.status == 0 {
					writeProblem(sw, probInternal, "the server failed to answer; quote the X-Request-Id header when reporting it")
				}
			}()
			next.ServeHTTP(sw, r)
		})
	}
}

// limitInFlight answers 503 with Retry-After when limit requests are already
// being served by the handlers it wraps, together; limit ≤ 0 means no limit.
func limitInFlight(limit int) func(http.Handler) http.Handler {
	slots := make(chan struct{}, max(limit, 0))
	return func(next http.Handler) http.Handler {
		if limit <= 0 {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case slots <- struct{}{}:
				defer func() { <-slots }()
				next.ServeHTTP(w, r)
			default:
				w.Header().Set("Retry-After", "1")
				writeProblem(w, probOverloaded, fmt.Sprintf("the limit of %d judgments in flight is reached; retry shortly", limit))
			}
		})
	}
}
