package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"

	"github.com/judged/judged/api"
)

// TestMain fails the package if a test leaves a goroutine behind.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// waitLimit bounds every wait in these tests.
const waitLimit = 10 * time.Second

// logBuffer collects run's log output and wakes waiters on every write.
type logBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	wrote chan struct{}
}

func newLogBuffer() *logBuffer { return &logBuffer{wrote: make(chan struct{}, 1)} }

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	n, err := b.buf.Write(p)
	b.mu.Unlock()
	select {
	case b.wrote <- struct{}{}:
	default:
	}
	return n, err
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// entries decodes the JSON log lines written so far.
func (b *logBuffer) entries(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		out = append(out, e)
	}
	return out
}

// find returns the first entry with message msg, or nil.
func (b *logBuffer) find(t *testing.T, msg string) map[string]any {
	t.Helper()
	for _, e := range b.entries(t) {
		if e["msg"] == msg {
			return e
		}
	}
	return nil
}

// server is judged started through run on free loopback ports.
type server struct {
	api, admin string // host:port
	logs       *logBuffer
	cancel     context.CancelFunc
	done       chan error
	client     *http.Client
}

// start runs judged with args added to loopback listen addresses and
// waits for its "listening" log line.
func start(t *testing.T, args ...string) *server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{logs: newLogBuffer(), cancel: cancel, done: make(chan error, 1)}
	tr := &http.Transport{}
	s.client = &http.Client{Transport: tr, Timeout: waitLimit}
	args = append([]string{"--addr=127.0.0.1:0", "--admin-addr=127.0.0.1:0"}, args...)
	go func() { s.done <- run(ctx, args, func(string) string { return "" }, s.logs) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.done:
		case <-time.After(waitLimit):
			t.Error("run did not return after cancel")
		}
		tr.CloseIdleConnections()
	})

	deadline := time.After(waitLimit)
	for {
		if e := s.logs.find(t, "listening"); e != nil {
			s.api, _ = e["addr"].(string)
			s.admin, _ = e["admin_addr"].(string)
			return s
		}
		select {
		case <-s.logs.wrote:
		case err := <-s.done:
			t.Fatalf("run returned before listening: %v\nlogs:\n%s", err, s.logs)
		case <-deadline:
			t.Fatalf("no listening line within %s; logs:\n%s", waitLimit, s.logs)
		}
	}
}

// stop cancels run's context, as SIGTERM does, and returns run's error.
func (s *server) stop(t *testing.T) error {
	t.Helper()
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err // let the cleanup see it too
		return err
	case <-time.After(waitLimit):
		t.Fatal("run did not return after cancel")
		return nil
	}
}

// get fetches url and returns the status and body.
func (s *server) get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := s.client.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read %s: %v", url, err)
	}
	return resp.StatusCode, string(body)
}

// checkJSON checks that got and want hold the same JSON value.
func checkJSON(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("decode %q: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("decode %q: %v", want, err)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("body mismatch (-want +got):\n%s", diff)
	}
}

const (
	huBody = `{"hand":"123m456s789pEEESS"}`
	huWant = `{"hu":true,"forms":["standard"],"decompositions":[{"pair":28,"melds":[` +
		`{"type":"sequence","tiles":[0,1,2]},{"type":"sequence","tiles":[12,13,14]},` +
		`{"type":"sequence","tiles":[24,25,26]},{"type":"triplet","tiles":[27,27,27]}]}],` +
		`"shanten":-1,"notation":"123m456s789pEEESS"}`
)

func TestEndToEnd(t *testing.T) {
	t.Parallel()
	s := start(t)

	for i, wantCache := range []string{"miss", "hit"} {
		resp, err := s.client.Post("http://"+s.api+"/hu", "application/json", strings.NewReader(huBody))
		if err != nil {
			t.Fatalf("POST /hu: %v", err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("read /hu: %v", err)
		}
		if resp.StatusCode != http.StatusOK || resp.Header.Get("X-Cache") != wantCache || resp.Header.Get("X-Request-Id") == "" {
			t.Errorf("POST /hu #%d = %d, X-Cache %q, X-Request-Id %q; want 200, %s and an id",
				i, resp.StatusCode, resp.Header.Get("X-Cache"), resp.Header.Get("X-Request-Id"), wantCache)
		}
		checkJSON(t, string(body), huWant)
	}

	resp, err := s.client.Post("http://"+s.api+"/tenpai", "text/plain", strings.NewReader(huBody))
	if err != nil {
		t.Fatalf("POST /tenpai: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("POST /tenpai as text/plain = %d, want 415", resp.StatusCode)
	}

	if code, body := s.get(t, "http://"+s.api+"/openapi.yaml"); code != http.StatusOK || body != string(api.Spec()) {
		t.Errorf("GET /openapi.yaml = %d, body is the embedded spec: %t", code, body == string(api.Spec()))
	}
	if code, body := s.get(t, "http://"+s.api+"/readyz"); code != http.StatusOK || body != `{"status":"ready"}`+"\n" {
		t.Errorf("GET /readyz = %d %q", code, body)
	}
	if code, _ := s.get(t, "http://"+s.api+"/metrics"); code != http.StatusNotFound {
		t.Errorf("GET /metrics on the API listener = %d, want 404 (metrics live on the admin listener)", code)
	}
	code, metrics := s.get(t, "http://"+s.admin+"/metrics")
	for _, line := range []string{
		`judged_http_requests_total{code="200",method="POST",route="/hu"} 2`,
		`judged_http_requests_total{code="415",method="POST",route="/tenpai"} 1`,
		`judged_cache_requests_total{op="hu",result="hit"} 1`,
		`judged_build_info{goversion=`,
	} {
		if code != http.StatusOK || !strings.Contains(metrics, line) {
			t.Errorf("admin /metrics (%d) lacks %q", code, line)
		}
	}

	if err := s.stop(t); err != nil {
		t.Fatalf("run = %v, want nil after a graceful stop", err)
	}
	access := 0
	for _, e := range s.logs.entries(t) {
		if e["msg"] == "request" {
			access++
			if e["request_id"] == "" || e["route"] == "" || e["status"] == nil || e["bytes"] == nil || e["duration"] == nil {
				t.Errorf("access log line lacks fields: %v", e)
			}
		}
	}
	if access != 6 {
		t.Errorf("%d access log lines, want one per API request (6)", access)
	}
	if s.logs.find(t, "stopped") == nil {
		t.Errorf("no stopped line; logs:\n%s", s.logs)
	}
}

// holdRequest sends the headers and the first half of POST /hu over a new
// connection, so the handler is left in flight waiting for the rest.
// finishHeld completes a request begun by holdRequest, checks that it got
// the whole /hu answer, and waits up to limit for run to return nil.
func finishHeld(t *testing.T, s *server, finish func() *http.Response, limit time.Duration) {
	t.Helper()
	resp := finish()
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("held request = %d, %v; want 200", resp.StatusCode, err)
	}
	checkJSON(t, string(body), huWant)
	select {
	case err := <-s.done:
		s.done <- err
		if err != nil {
			t.Fatalf("run = %v, want nil", err)
		}
	case <-time.After(limit):
		t.Fatalf("run did not return within %s after the held request finished", limit)
	}
}

func holdRequest(t *testing.T, s *server) (net.Conn, func() *http.Response) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", s.api, waitLimit)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	half := len(huBody) / 2
	fmt.Fprintf(conn, "POST /hu HTTP/1.1\r\nHost: judged\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(huBody), huBody[:half])
	finish := func() *http.Response {
		if _, err := io.WriteString(conn, huBody[half:]); err != nil {
			t.Fatalf("send the rest of the body: %v", err)
		}
		_ = conn.SetReadDeadline(time.Now().Add(waitLimit))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("read the held response: %v", err)
		}
		return resp
	}
	// In flight once the API counts it.
	poll(t, "the held request to be in flight", func() bool {
		_, m := s.get(t, "http://"+s.admin+"/metrics")
		return strings.Contains(m, "judged_http_requests_in_flight 1\n")
	})
	return conn, finish
}

// poll checks cond until it holds, failing after waitLimit.
func poll(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s after %s", what, waitLimit)
		}
		time.Sleep(10 * time.Millisecond) // pacing between checks, not synchronisation
	}
}

func TestShutdownDrainsInFlightRequests(t *testing.T) {
	t.Parallel()
	s := start(t, "--shutdown-timeout=30s")
	_, finish := holdRequest(t, s)

	s.cancel() // SIGTERM
	poll(t, "readiness to turn 503", func() bool {
		code, _ := s.get(t, "http://"+s.admin+"/readyz")
		return code == http.StatusServiceUnavailable
	})
	poll(t, "the API listener to close", func() bool {
		c, err := net.DialTimeout("tcp", s.api, waitLimit)
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	select {
	case err := <-s.done:
		t.Fatalf("run returned (%v) with a request in flight", err)
	default:
	}

	finishHeld(t, s, finish, waitLimit)
	if s.logs.find(t, "shutting down") == nil || s.logs.find(t, "stopped") == nil {
		t.Errorf("logs lack the shutting down and stopped lines:\n%s", s.logs)
	}
}

func TestShutdownTimeout(t *testing.T) {
	t.Parallel()
	s := start(t, "--shutdown-timeout=200ms")
	conn, _ := holdRequest(t, s) // never finished
	err := s.stop(t)
	if err == nil || err.Error() != "shutdown within 200ms: context deadline exceeded" {
		t.Errorf("run = %v, want the shutdown deadline error", err)
	}
	conn.Close()
}
