package main

import "bytes"

// parseAnswer frames the first answer in b, which holds what a connection
// has received and not yet consumed, for the lean driver (it has no
// bufio.Reader to block on). It reads only the status line and the
// framing headers (Content-Length, or chunked encoding). done is false
// when b does not hold a whole answer yet; otherwise n is the answer's
// length in bytes and out its outcome, or out is transErr (n 0) when the
// bytes cannot be an answer.
func parseAnswer(b []byte) (n int, out outcome, done bool) {
	line, off, ok := nextLine(b, 0)
	if !ok {
		return 0, 0, false
	}
	status, ok := parseStatus(line)
	if !ok {
		return 0, transErr, true
	}
	length, chunked := -1, false
	for {
		line, off, ok = nextLine(b, off)
		if !ok {
			return 0, 0, false
		}
		if len(line) == 0 {
			break
		}
		name, value, found := bytes.Cut(line, []byte(":"))
		if !found {
			return 0, transErr, true
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, ok = atoi(value); !ok {
				return 0, transErr, true
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		}
	}
	switch {
	case chunked:
		off, out = chunksEnd(b, off)
	case length >= 0:
		off += length
		out = ok2xx
	default:
		return 0, transErr, true // no framing: the body would run to the end of the connection
	}
	switch {
	case out == transErr:
		return 0, transErr, true
	case off < 0 || off > len(b):
		return 0, 0, false
	case status >= 300:
		return off, non2xx, true
	}
	return off, ok2xx, true
}

// chunksEnd returns where the chunked body that starts at off ends (after
// its trailers), -1 if b does not hold all of it yet, or transErr if it is
// malformed.
func chunksEnd(b []byte, off int) (int, outcome) {
	for {
		line, next, ok := nextLine(b, off)
		if !ok {
			return -1, ok2xx
		}
		size, _, _ := bytes.Cut(line, []byte(";"))
		n, ok := hexSize(bytes.TrimSpace(size))
		if !ok {
			return 0, transErr
		}
		off = next
		if n == 0 {
			for { // trailers, up to the empty line
				line, next, ok := nextLine(b, off)
				if !ok {
					return -1, ok2xx
				}
				off = next
				if len(line) == 0 {
					return off, ok2xx
				}
			}
		}
		if off+n > len(b) {
			return -1, ok2xx
		}
		line, next, ok = nextLine(b, off+n)
		switch {
		case !ok:
			return -1, ok2xx
		case len(line) != 0:
			return 0, transErr
		}
		off = next
	}
}

// nextLine returns the CRLF- or LF-terminated line that starts at off
// without its end, and where the next line starts; ok is false when the
// line is not complete in b.
func nextLine(b []byte, off int) (line []byte, next int, ok bool) {
	i := bytes.IndexByte(b[off:], '\n')
	if i < 0 {
		return nil, 0, false
	}
	line = b[off : off+i]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, off + i + 1, true
}

// parseStatus parses "HTTP/1.x NNN reason" and returns NNN.
func parseStatus(line []byte) (int, bool) {
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, false
	}
	code, ok := atoi(line[9:12])
	return code, ok && code >= 100 && (len(line) == 12 || line[12] == ' ')
}

// hexSize parses a chunk size: 1 to 7 hex digits.
func hexSize(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 7 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		n = n<<4 | int(d)
	}
	return n, true
}
