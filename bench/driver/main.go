// Command driver is the Go half of judged's load benchmark (bench/load.sh),
// for what wrk cannot do:
//
//	driver port
//	    print a free TCP port on 127.0.0.1
//	driver rate -url URL -endpoints tenpai -bodies DIR -rate 5000 -duration 10s
//	    open-loop constant rate: request i is due at start + i/rate whatever
//	    happened to the others, and its latency is measured from that due
//	    time, so a stalled server cannot hide its stall by slowing the
//	    sender (no coordinated omission). Request i goes on connection
//	    i mod -conns behind any still waiting there (as wrk2 does). Bodies
//	    rotate through DIR/<endpoint>.jsonl, or with -fresh are new
//	    distinct positions. The sender sleeps to each due time on a
//	    timerfd (pace_linux.go), not time.Sleep, whose wake-ups run up to
//	    a millisecond late. -warmup sends on the same schedule first and
//	    leaves those requests out of the latencies; -dump writes every
//	    request's latencies, -cpuprofile the driver's own profile.
//	driver flood -url URL -hands 1000000 -duration 60s -conns 32
//	    closed loop: send distinct positions (round robin over /hu, /tenpai
//	    and /discard) until -hands were answered or -duration is over.
//
// Both speak HTTP/1.1 over raw keep-alive connections (conn.go) to keep
// the generator's CPU cost low on a machine it shares with the server.
// rate and flood print one line: RESULT key=value ... ; they exit non-zero
// only when they cannot run, never because of the answers they count.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "driver:", err)
		os.Exit(1)
	}
}

// run dispatches the subcommand in args.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: driver port | rate [flags] | flood [flags]")
	}
	switch args[0] {
	case "port":
		return freePort(stdout)
	case "rate":
		return runRate(ctx, args[1:], stdout)
	case "flood":
		return runFlood(ctx, args[1:], stdout)
	}
	return fmt.Errorf("unknown subcommand %q (want port, rate or flood)", args[0])
}

// freePort prints a TCP port on 127.0.0.1 that was free a moment ago.
func freePort(stdout io.Writer) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("find a free port: %w", err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	if err := ln.Close(); err != nil {
		return fmt.Errorf("release port %d: %w", port, err)
	}
	_, err = fmt.Fprintln(stdout, port)
	return err
}

// outcome is how one request ended.
type outcome uint8

const (
	ok2xx    outcome = iota // a 2xx answer, read to the end
	non2xx                  // an answer with status >= 300
	transErr                // no complete answer: connect, write, read or timeout
)
