package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
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
	report   func(answer)
	done     chan struct{} // closed when the reader has reported every request
	timeout  time.Duration
	broken   bool // written only by the writer side
}

// dialRaw opens a connection to addr whose reader goroutine calls report
// with each answer, in order. depth bounds the requests written and not yet
// answered; an answer that takes longer than timeout fails, and so do all
// after it on the connection.
func dialRaw(addr string, depth int, timeout time.Duration, report func(answer)) (*rawConn, error) {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	rc := &rawConn{c: c, w: bufio.NewWriterSize(c, 16<<10), inflight: make(chan sent, depth), report: report, done: make(chan struct{}), timeout: timeout}
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
// each failing once the connection is closed, then closes rc.done.
func (rc *rawConn) close() {
	close(rc.inflight)
}

// read reads answers in request order until inflight is closed and
// drained; after a read error every remaining request fails.
func (rc *rawConn) read() {
	defer close(rc.done)
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
		rc.report(answer{i: s.i, out: out, due: s.due, at: s.at, end: time.Now()})
	}
	_ = rc.c.Close()
}

// readAnswer reads one whole response: the status line, the headers and
// a body framed by Content-Length or chunked encoding, all without
// allocating (net/http's ReadResponse allocated about 1 KB a response,
// and the driver's own garbage collections stalled its reading and
// sending). Anything it cannot frame is a transport error.
func readAnswer(br *bufio.Reader) outcome {
	status, ok := readStatus(br)
	if !ok {
		return transErr
	}
	length, chunked, ok := readHeaders(br)
	switch {
	case !ok:
		return transErr
	case chunked:
		ok = skipChunks(br)
	case length >= 0:
		_, err := br.Discard(length)
		ok = err == nil
	default:
		ok = false // no framing: the body would run to the end of the connection
	}
	switch {
	case !ok:
		return transErr
	case status >= 300:
		return non2xx
	}
	return ok2xx
}

// readLine returns the next CRLF- or LF-terminated line without its end.
// The slice is valid until the next read from br.
func readLine(br *bufio.Reader) ([]byte, bool) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return nil, false
	}
	line = line[:len(line)-1]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, true
}

// readStatus reads "HTTP/1.x NNN reason" and returns NNN.
func readStatus(br *bufio.Reader) (int, bool) {
	line, ok := readLine(br)
	if !ok || len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, false
	}
	code, ok := atoi(line[9:12])
	return code, ok && code >= 100 && (len(line) == 12 || line[12] == ' ')
}

// readHeaders reads the header block up to its empty line and returns the
// Content-Length (-1 if absent) and whether the body is chunked.
func readHeaders(br *bufio.Reader) (length int, chunked, ok bool) {
	length = -1
	for {
		line, ok := readLine(br)
		if !ok {
			return 0, false, false
		}
		if len(line) == 0 {
			return length, chunked, true
		}
		name, value, found := bytes.Cut(line, []byte(":"))
		if !found {
			return 0, false, false
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, ok = atoi(value); !ok {
				return 0, false, false
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		}
	}
}

// skipChunks discards a chunked body and its trailers.
func skipChunks(br *bufio.Reader) bool {
	for {
		line, ok := readLine(br)
		if !ok {
			return false
		}
		size, _, _ := bytes.Cut(line, []byte(";"))
		n, err := strconv.ParseUint(string(bytes.TrimSpace(size)), 16, 31)
		if err != nil {
			return false
		}
		if n == 0 {
			for { // trailers, up to the empty line
				line, ok := readLine(br)
				if !ok || len(line) == 0 {
					return ok
				}
			}
		}
		if _, err := br.Discard(int(n)); err != nil {
			return false
		}
		if line, ok := readLine(br); !ok || len(line) != 0 {
			return false
		}
	}
}

// atoi parses a non-empty run of decimal digits of at most 9 digits.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
