package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/judged/judged/internal/httpapi"
)

// loadBodies are the requests the load workers send in turn.
var loadBodies = []struct{ path, body string }{
	{"/tenpai", `{"hand":"123m456s789p23pEE"}`},
	{"/hu", `{"hand":"123m456s789pEEESS","visible":"5m"}`},
	{"/discard", `{"hand":"123m456s789pEEESS","discard":"E"}`},
	{"/tenpai", `{"hand":"1112345678999m"}`},
}

// loadResult is how one load request ended, as the client saw it.
type loadResult struct {
	id       string
	status   int // 0: no response
	complete bool
	err      error
	ended    time.Time
}

// loadGen sends requests to judged from several goroutines, each in a
// loop over its own keep-alive connection, until stopped or until its
// first failure (after shutdown, new connections are refused).
type loadGen struct {
	stop    chan struct{}
	wg      sync.WaitGroup
	ok      atomic.Int64
	mu      sync.Mutex
	results []loadResult
	tr      *http.Transport
	once    sync.Once
}

// maxLoadRequests bounds each worker's loop.
const maxLoadRequests = 200_000

// startLoad starts workers goroutines sending to s.
func startLoad(s *server, workers int) *loadGen {
	g := &loadGen{stop: make(chan struct{}), tr: &http.Transport{MaxIdleConnsPerHost: workers}}
	client := &http.Client{Transport: g.tr, Timeout: waitLimit}
	for w := range workers {
		g.wg.Add(1)
		go func() {
			defer g.wg.Done()
			for n := range maxLoadRequests {
				select {
				case <-g.stop:
					return
				default:
				}
				r := loadBodies[(w+n)%len(loadBodies)]
				res := send(client, "http://"+s.api+r.path, r.body, fmt.Sprintf("load-%d-%d", w, n))
				g.mu.Lock()
				g.results = append(g.results, res)
				g.mu.Unlock()
				if res.err != nil {
					return
				}
				g.ok.Add(1)
			}
		}()
	}
	return g
}

// halt stops the workers and waits for them; calling it again does nothing.
func (g *loadGen) halt() {
	g.once.Do(func() {
		close(g.stop)
		g.wg.Wait()
		g.tr.CloseIdleConnections()
	})
}

// send posts body with request id id and reads the whole answer.
func send(c *http.Client, url, body, id string) loadResult {
	res := loadResult{id: id}
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		res.err = err
		return res
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", id)
	resp, err := c.Do(req)
	if err != nil {
		res.err = err
		res.ended = time.Now()
		return res
	}
	defer resp.Body.Close()
	res.status = resp.StatusCode
	data, err := io.ReadAll(resp.Body)
	switch {
	case err != nil:
		res.err = fmt.Errorf("read the answer: %w", err)
	case resp.Header.Get("X-Request-Id") != id:
		res.err = fmt.Errorf("answer for request id %q", resp.Header.Get("X-Request-Id"))
	case strconv.Itoa(len(data)) != resp.Header.Get("Content-Length"):
		res.err = fmt.Errorf("%d bytes for Content-Length %q", len(data), resp.Header.Get("Content-Length"))
	case !json.Valid(data):
		res.err = fmt.Errorf("answer %q is not JSON", data)
	default:
		res.complete = true
	}
	res.ended = time.Now()
	return res
}

// TestShutdownUnderLoad stops judged the way SIGTERM does while workers
// keep sending judgments and one request is held in flight: readiness
// turns 503 while run is still draining, every request the server took
// (each has an access-log line) gets a complete 200 at the client, the
// only failures are requests the server never took, and run returns nil
// within the shutdown timeout.
func TestShutdownUnderLoad(t *testing.T) {
	t.Parallel()
	const shutdownTimeout = 10 * time.Second
	s := start(t, "--shutdown-timeout="+shutdownTimeout.String())
	_, finish := holdRequest(t, s)
	load := startLoad(s, 8)
	defer load.halt()
	poll(t, "the load to get going", func() bool { return load.ok.Load() >= 300 })

	stopped := time.Now()
	s.cancel() // what main does on SIGTERM
	poll(t, "readiness to turn 503", func() bool {
		code, _ := s.get(t, "http://"+s.admin+"/readyz")
		return code == http.StatusServiceUnavailable
	})
	select {
	case err := <-s.done:
		t.Fatalf("run returned (%v) before the held request finished", err)
	default:
	}

	finishHeld(t, s, finish, shutdownTimeout-time.Since(stopped))
	load.halt()
	checkLoadResults(t, s, load.results, stopped)
}

// checkLoadResults matches what the clients saw with the server's access
// log.
func checkLoadResults(t *testing.T, s *server, results []loadResult, stopped time.Time) {
	t.Helper()
	served := map[string]float64{} // request id → logged status
	for _, e := range s.logs.entries(t) {
		if id, _ := e["request_id"].(string); e["msg"] == "request" && strings.HasPrefix(id, "load-") {
			served[id], _ = e["status"].(float64)
		}
	}
	completed, failed := 0, 0
	for _, r := range results {
		status, took := served[r.id]
		switch {
		case r.err == nil && r.status == http.StatusOK && r.complete:
			completed++
			if !took || status != http.StatusOK {
				t.Errorf("request %s: a complete 200 the server did not log as 200 (logged: %t, %v)", r.id, took, status)
			}
		case r.err == nil:
			t.Errorf("request %s: status %d (complete %t), want 200", r.id, r.status, r.complete)
		default:
			failed++
			if took {
				t.Errorf("request %s: the server took it (logged %v) but the client got %v", r.id, status, r.err)
			}
			if r.ended.Before(stopped) {
				t.Errorf("request %s failed before shutdown began: %v", r.id, r.err)
			}
		}
	}
	if len(served) != completed {
		t.Errorf("the server logged %d load requests, the clients completed %d", len(served), completed)
	}
	t.Logf("%d load requests completed, %d refused after shutdown began", completed, failed)
}

// TestHeaderTimeoutClosesSlowloris builds the API server as run does, with
// a short header timeout, and trickles a request's headers one byte at a
// time: the server must close the connection once the header timeout is
// up, while a whole request on the same server is answered.
func TestHeaderTimeoutClosesSlowloris(t *testing.T) {
	t.Parallel()
	if apiTimeouts.readHeader <= 0 || apiTimeouts.readHeader > 10*time.Second {
		t.Errorf("the API's header timeout is %s, want one in (0, 10s]", apiTimeouts.readHeader)
	}
	const headerTimeout = 300 * time.Millisecond
	srv, ln, err := listen("127.0.0.1:0", httpapi.NewAPI(httpapi.Config{}),
		timeouts{readHeader: headerTimeout, read: waitLimit, write: waitLimit, idle: waitLimit})
	if err != nil {
		t.Fatal(err)
	}
	if srv.ReadHeaderTimeout != headerTimeout {
		t.Fatalf("listen set ReadHeaderTimeout %s, want %s", srv.ReadHeaderTimeout, headerTimeout)
	}
	served := make(chan error, 1)
	go func() { served <- serve(srv, ln) }()
	defer func() {
		_ = srv.Close()
		if err := <-served; err != nil {
			t.Errorf("serve = %v", err)
		}
	}()
	addr := ln.Addr().String()

	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr, Timeout: waitLimit}).Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz = %d, want 200", resp.StatusCode)
	}

	conn, err := net.DialTimeout("tcp", addr, waitLimit)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.Close()
	began := time.Now()
	trickled := make(chan struct{})
	go func() {
		defer close(trickled)
		// At most 100 bytes, 50ms apart: far longer than the header
		// timeout, and bounded. It stops at the first write error, once
		// the server has closed the connection.
		header := "GET /healthz HTTP/1.1\r\nHost: judged\r\nX-Slow: " + strings.Repeat("z", 100)
		for i := range 100 {
			if _, err := io.WriteString(conn, header[i:i+1]); err != nil {
				return
			}
			time.Sleep(50 * time.Millisecond) // the trickle's pace
		}
	}()
	// The server may say 400 before it hangs up (Go 1.26 does); either
	// way the connection must end, and not by our read deadline.
	_ = conn.SetReadDeadline(time.Now().Add(waitLimit))
	got, err := io.ReadAll(conn)
	closedAfter := time.Since(began)
	if err != nil && !errors.Is(err, syscall.ECONNRESET) {
		t.Fatalf("read from the slow connection: %v (after %q); want the server to close it", err, got)
	}
	if len(got) > 0 && !strings.HasPrefix(string(got), "HTTP/1.1 400 ") {
		t.Errorf("the server answered %q to a request whose headers never ended, want nothing or a 400", got)
	}
	if closedAfter < headerTimeout {
		t.Errorf("connection closed after %s, before the %s header timeout", closedAfter, headerTimeout)
	}
	conn.Close()
	<-trickled
}
