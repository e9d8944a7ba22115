package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"
)

// A raw HTTP/1.1 client, as wrk has: each connection writes pre-formatted
// requests and a reader goroutine reads the answers in order. It costs far
// less CPU per request than net/http's client, which matters when the load
// generator shares two cores with the server.

// formatPost returns the bytes of a POST request to path with a JSON body.
func formatPost(host, path string, body []byte) []byte {
	head := "POST " + path + " HTTP/1.1\r\nHost: " + host +
		"\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n"
	return append([]byte(head), body...)
}

// sent is a request written on a connection, waiting for its answer.
type sent struct {
	i   int       // request index
	due time.Time // when it was scheduled
	at  time.Time // when it was written
}

// answer is how request i ended.
type answer struct {
	i            int
	out          outcome
	due, at, end time.Time
}

// rawConn is one keep-alive connection carrying requests in order
// (pipelined when an answer is late).
type rawConn struct {
	c        net.Conn
	w        *bufio.Writer
	inflight chan sent
	answers  chan<- answer
	timeout  time.Duration
	broken   bool // written only by the writer side
}

// dialRaw opens a connection to addr whose answers go to answers. depth
// bounds the requests written and not yet answered; an answer that takes
// longer than timeout fails, and so do all after it on the connection.
func dialRaw(addr string, depth int, timeout time.Duration, answers chan<- answer) (*rawConn, error) {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	rc := &rawConn{c: c, w: bufio.NewWriterSize(c, 16<<10), inflight: make(chan sent, depth), answers: answers, timeout: timeout}
	go rc.read()
	return rc, nil
}

// send writes request i (its bytes req, scheduled at due). It reports
// false when the request could not be written or depth requests are
// already waiting; the caller counts that as an error.
func (rc *rawConn) send(i int, req []byte, due time.Time) bool {
	if rc.broken {
		return false
	}
	s := sent{i: i, due: due, at: time.Now()}
	select {
	case rc.inflight <- s:
	default:
		return false
	}
	if _, err := rc.w.Write(req); err != nil {
		rc.broken = true
		return true // the reader reports it as an error
	}
	if err := rc.w.Flush(); err != nil {
		rc.broken = true
	}
	return true
}

// close stops writing; the reader finishes the answers already sent for,
// each failing once the connection is closed.
func (rc *rawConn) close() {
	close(rc.inflight)
}

// read reads answers in request order until inflight is closed and
// drained; after a read error every remaining request fails.
func (rc *rawConn) read() {
	br := bufio.NewReaderSize(rc.c, 32<<10)
	var failed bool
	for s := range rc.inflight {
		out := transErr
		if !failed {
			_ = rc.c.SetReadDeadline(time.Now().Add(rc.timeout))
			out = readAnswer(br)
			failed = out == transErr
			if failed {
				_ = rc.c.Close()
			}
		}
		rc.answers <- answer{i: s.i, out: out, due: s.due, at: s.at, end: time.Now()}
	}
	_ = rc.c.Close()
}

// readAnswer reads one whole response.
func readAnswer(br *bufio.Reader) outcome {
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return transErr
	}
	_, err = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	switch {
	case err != nil:
		return transErr
	case resp.StatusCode >= 300:
		return non2xx
	}
	return ok2xx
}
