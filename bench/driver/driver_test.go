package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a test server that answers /hu with 503 and everything else
// with 200, and remembers the bodies it was sent.
type recorder struct {
	mu     sync.Mutex
	bodies map[string]int
	paths  map[string]int
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	rec.bodies[string(b)]++
	rec.paths[r.URL.Path]++
	rec.mu.Unlock()
	if r.URL.Path == "/hu" {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	_, _ = io.WriteString(w, `{"ok":true}`)
}

// startRecorder serves a recorder on 127.0.0.1.
func startRecorder(t *testing.T) (*recorder, string) {
	t.Helper()
	rec := &recorder{bodies: map[string]int{}, paths: map[string]int{}}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	return rec, srv.URL
}

// result runs the driver with args and returns its RESULT fields.
func result(t *testing.T, args ...string) map[string]string {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), args, &out); err != nil {
		t.Fatalf("driver %v: %v", args, err)
	}
	line := strings.TrimSpace(out.String())
	fields, ok := strings.CutPrefix(line, "RESULT ")
	if !ok {
		t.Fatalf("driver %v printed %q, want a RESULT line", args, line)
	}
	m := map[string]string{}
	for _, f := range strings.Fields(fields) {
		k, v, _ := strings.Cut(f, "=")
		m[k] = v
	}
	return m
}

// senders are the rate subcommand's two senders, as extra flags.
var senders = map[string][]string{"goroutines": nil, "lean": {"-lean"}, "lean on ticks": {"-lean", "-tick", "250us"}}

func TestRateCountsEveryScheduledRequest(t *testing.T) {
	for name, flags := range senders {
		t.Run(name, func(t *testing.T) { testRateCounts(t, flags) })
	}
}

func testRateCounts(t *testing.T, flags []string) {
	rec, url := startRecorder(t)
	dir := t.TempDir()
	for name, body := range map[string]string{"hu.jsonl": "{\"hand\":1}\n{\"hand\":2}\n", "tenpai.jsonl": "{\"hand\":3}\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	got := result(t, append([]string{"rate", "-url", url, "-endpoints", "hu,tenpai", "-bodies", dir, "-rate", "400", "-duration", "250ms", "-conns", "3"}, flags...)...)
	for k, want := range map[string]string{"requests": "100", "non2xx": "50", "errors": "0", "target_rps": "400.0"} {
		if got[k] != want {
			t.Errorf("%s = %q, want %q (result %v)", k, got[k], want, got)
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	want := map[string]int{`{"hand":1}`: 25, `{"hand":2}`: 25, `{"hand":3}`: 50}
	for body, n := range want {
		if rec.bodies[body] != n {
			t.Errorf("server got %s %d times, want %d (all: %v)", body, rec.bodies[body], n, rec.bodies)
		}
	}
}

func TestFloodSendsDistinctPositions(t *testing.T) {
	rec, url := startRecorder(t)
	got := result(t, "flood", "-url", url, "-hands", "90", "-duration", "10s", "-conns", "4")
	for k, want := range map[string]string{"requests": "90", "distinct": "90", "non2xx": "30", "errors": "0"} {
		if got[k] != want {
			t.Errorf("%s = %q, want %q (result %v)", k, got[k], want, got)
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.bodies) != 90 {
		t.Errorf("server got %d distinct bodies, want 90", len(rec.bodies))
	}
	for _, p := range []string{"/hu", "/tenpai", "/discard"} {
		if rec.paths[p] != 30 {
			t.Errorf("server got %d requests on %s, want 30 (all: %v)", rec.paths[p], p, rec.paths)
		}
	}
}

func TestRateFreshPositionsAndURL(t *testing.T) {
	for name, flags := range senders {
		_, url := startRecorder(t)
		got := result(t, append([]string{"rate", "-url", url, "-endpoints", "tenpai", "-fresh", "-rate", "200", "-duration", "100ms", "-conns", "2"}, flags...)...)
		if got["requests"] != "20" || got["errors"] != "0" || got["non2xx"] != "0" {
			t.Errorf("%s: fresh rate run = %v, want 20 requests, no errors", name, got)
		}
	}
	if _, err := hostOf("https://example.test"); err == nil {
		t.Error("hostOf accepted an https URL; the raw client speaks plain HTTP only")
	}
}

func TestPct(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		out := make([]time.Duration, len(ns))
		for i, n := range ns {
			out[i] = time.Duration(n) * time.Millisecond
		}
		return out
	}
	tests := []struct {
		in   []time.Duration
		p    float64
		want int64
	}{
		{nil, 99, 0},
		{ms(5), 50, 5000},
		{ms(4, 1, 3, 2), 50, 2000},
		{ms(4, 1, 3, 2), 100, 4000},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10000},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 10, 1000},
	}
	for _, tt := range tests {
		if got := pct(tt.in, tt.p); got != tt.want {
			t.Errorf("pct(%v, %v) = %dµs, want %dµs", tt.in, tt.p, got, tt.want)
		}
	}
}

func TestReadAnswer(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want outcome
	}{
		{"200 with a body", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}", ok2xx},
		{"204 without a length", "HTTP/1.1 204 No Content\r\n\r\n", transErr},
		{"503 with an empty body", "HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n", non2xx},
		{"422 problem", "HTTP/1.1 422 Unprocessable Entity\r\nContent-Length: 2\r\n\r\n{}", non2xx},
		{"bare LF line ends", "HTTP/1.1 200 OK\nContent-Length: 2\n\n{}", ok2xx},
		{"status without a reason", "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n", ok2xx},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n2;x=y\r\nef\r\n0\r\nTrailer: 1\r\n\r\n", ok2xx},
		{"chunk without its CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcdX\r\n0\r\n\r\n", transErr},
		{"body cut short", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", transErr},
		{"headers cut short", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n", transErr},
		{"not HTTP", "SSH-2.0-OpenSSH\r\n\r\n", transErr},
		{"bad status code", "HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n", transErr},
		{"bad length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", transErr},
		{"header without a colon", "HTTP/1.1 200 OK\r\nContent-Length 0\r\n\r\n", transErr},
		{"empty", "", transErr},
	}
	for _, tt := range tests {
		br := bufio.NewReader(strings.NewReader(tt.raw))
		if got := readAnswer(br); got != tt.want {
			t.Errorf("%s: readAnswer = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestReadAnswerInOrder(t *testing.T) {
	raw := "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcHTTP/1.1 503 Busy\r\nContent-Length: 1\r\n\r\nxHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
	br := bufio.NewReader(strings.NewReader(raw))
	var got []outcome
	for range 4 {
		got = append(got, readAnswer(br))
	}
	want := []outcome{ok2xx, non2xx, ok2xx, transErr}
	if !slices.Equal(got, want) {
		t.Errorf("pipelined answers = %v, want %v", got, want)
	}
}

func TestReadAnswerAllocatesNothing(t *testing.T) {
	raw := []byte("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: abc\r\nContent-Length: 11\r\n\r\n{\"ok\":true}")
	r := bytes.NewReader(raw)
	br := bufio.NewReaderSize(r, 4096)
	allocs := testing.AllocsPerRun(100, func() {
		r.Reset(raw)
		br.Reset(r)
		if got := readAnswer(br); got != ok2xx {
			t.Fatalf("readAnswer = %d, want %d", got, ok2xx)
		}
	})
	if allocs != 0 {
		t.Errorf("readAnswer allocates %v times a response, want 0", allocs)
	}
}

func TestRateWarmupIsSentButNotMeasured(t *testing.T) {
	for name, flags := range senders {
		t.Run(name, func(t *testing.T) { testRateWarmup(t, flags) })
	}
}

func testRateWarmup(t *testing.T, flags []string) {
	rec, url := startRecorder(t)
	got := result(t, append([]string{"rate", "-url", url, "-endpoints", "hu,tenpai", "-fresh", "-rate", "400", "-warmup", "100ms", "-duration", "250ms", "-conns", "3"}, flags...)...)
	// hu answers 503: every other request, warm-up included, is a non-2xx.
	for k, want := range map[string]string{"requests": "100", "warmup_requests": "40", "non2xx": "70", "errors": "0"} {
		if got[k] != want {
			t.Errorf("%s = %q, want %q (result %v)", k, got[k], want, got)
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if n := rec.paths["/hu"] + rec.paths["/tenpai"]; n != 140 {
		t.Errorf("server got %d requests, want 140 (warm-up and measured)", n)
	}
}

// stallFirst answers 200, but holds its first request for stall first; the
// requests behind it on the same connection wait for it.
type stallFirst struct {
	stall time.Duration
	once  sync.Once
}

func (s *stallFirst) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	s.once.Do(func() { <-time.After(s.stall) }) // a slow server, not synchronisation
	_, _ = io.WriteString(w, `{"ok":true}`)
}

// TestRateCountsLateRequestsFromTheirDueTime holds the first of 100
// requests (1 ms apart, one connection) for 60 ms. Every request due in
// that time is answered only after it, so its latency, counted from its
// due time, is at least 60 ms minus its due time; a driver that sent each
// request only after the previous answer and counted from that send
// (coordinated omission) would report far less.
func TestRateCountsLateRequestsFromTheirDueTime(t *testing.T) {
	const stall = 60 * time.Millisecond
	for name, flags := range senders {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(&stallFirst{stall: stall})
			t.Cleanup(srv.Close)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "tenpai.jsonl"), []byte("{\"hand\":1}\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			dump := filepath.Join(dir, "lat.txt")
			got := result(t, append([]string{"rate", "-url", srv.URL, "-bodies", dir, "-rate", "1000", "-duration", "100ms", "-conns", "1", "-dump", dump}, flags...)...)
			for k, want := range map[string]string{"requests": "100", "non2xx": "0", "errors": "0"} {
				if got[k] != want {
					t.Errorf("%s = %q, want %q (result %v)", k, got[k], want, got)
				}
			}
			rows := readDump(t, dump)
			if len(rows) != 100 {
				t.Fatalf("dump has %d rows, want 100", len(rows))
			}
			late := 0
			for i, row := range rows {
				due, lat := row[0], row[1]
				if due >= stall.Microseconds() {
					continue
				}
				late++
				if min := stall.Microseconds() - due - 1; lat < min {
					t.Errorf("request %d due at %d µs: latency %d µs, want ≥ %d µs (counted from its due time)", i, due, lat, min)
				}
			}
			if late != 60 {
				t.Errorf("%d requests due during the stall, want 60", late)
			}
			if p99, _ := strconv.Atoi(got["p99_us"]); int64(p99) < stall.Microseconds()-int64(time.Millisecond/time.Microsecond)-1 {
				t.Errorf("p99 = %d µs, want ≥ %d µs", p99, stall.Microseconds()-1001)
			}
		})
	}
}

// readDump reads a -dump file: its rows of integers after the start line.
func readDump(t *testing.T, path string) [][]int64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]int64
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		var row []int64
		for _, f := range strings.Fields(line) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				t.Fatalf("dump line %q: %v", line, err)
			}
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	return rows
}

func TestParseAnswer(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want outcome
	}{
		{"200 with a body", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}", ok2xx},
		{"503 with an empty body", "HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n", non2xx},
		{"422 problem", "HTTP/1.1 422 Unprocessable Entity\r\nContent-Length: 2\r\n\r\n{}", non2xx},
		{"bare LF line ends", "HTTP/1.1 200 OK\nContent-Length: 2\n\n{}", ok2xx},
		{"status without a reason", "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n", ok2xx},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n2;x=y\r\nef\r\nA\r\n0123456789\r\n0\r\nTrailer: 1\r\n\r\n", ok2xx},
	}
	for _, tt := range tests {
		raw := []byte(tt.raw)
		n, out, done := parseAnswer(append(raw, "HTTP/1.1 200 OK\r\n"...))
		if !done || n != len(raw) || out != tt.want {
			t.Errorf("%s: parseAnswer = (%d, %d, %v), want (%d, %d, true)", tt.name, n, out, done, len(raw), tt.want)
		}
		for k := range len(raw) {
			if n, out, done := parseAnswer(raw[:k]); done {
				t.Errorf("%s: parseAnswer of its first %d bytes = (%d, %d, done), want not done", tt.name, k, n, out)
			}
		}
	}
}

func TestParseAnswerRejects(t *testing.T) {
	tests := []struct{ name, raw string }{
		{"204 without a length", "HTTP/1.1 204 No Content\r\n\r\n"},
		{"chunk without its CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcdX\r\n0\r\n\r\n"},
		{"bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"},
		{"not HTTP", "SSH-2.0-OpenSSH\r\n\r\n"},
		{"bad status code", "HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n"},
		{"bad length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"},
		{"header without a colon", "HTTP/1.1 200 OK\r\nContent-Length 0\r\n\r\n"},
	}
	for _, tt := range tests {
		if n, out, done := parseAnswer([]byte(tt.raw)); !done || n != 0 || out != transErr {
			t.Errorf("%s: parseAnswer = (%d, %d, %v), want (0, %d, true)", tt.name, n, out, done, transErr)
		}
	}
}
