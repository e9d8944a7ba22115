package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/judged/judged/bench/hands"
)

// floodConfig is the configuration of the flood subcommand.
type floodConfig struct {
	url      string
	hands    int
	duration time.Duration
	conns    int
	seed     uint64
	timeout  time.Duration
}

// parseFlood parses the flood subcommand's flags.
func parseFlood(args []string) (floodConfig, error) {
	var c floodConfig
	fs := flag.NewFlagSet("driver flood", flag.ContinueOnError)
	fs.StringVar(&c.url, "url", "", "base URL of judged's API, such as http://127.0.0.1:8080")
	fs.IntVar(&c.hands, "hands", 1_000_000, "distinct positions to send, round robin over /hu, /tenpai and /discard")
	fs.DurationVar(&c.duration, "duration", 60*time.Second, "stop sending after this long even if -hands were not all sent")
	fs.IntVar(&c.conns, "conns", 32, "concurrent connections")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the positions")
	fs.DurationVar(&c.timeout, "timeout", 5*time.Second, "per-request timeout")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.url == "" || c.hands <= 0 || c.duration <= 0 || c.conns <= 0 {
		return c, fmt.Errorf("-url is required; -hands, -duration and -conns must be > 0")
	}
	return c, nil
}

// runFlood sends distinct positions as fast as judged answers them: each
// connection sends its next request once the last one is answered.
func runFlood(ctx context.Context, args []string, stdout io.Writer) error {
	c, err := parseFlood(args)
	if err != nil {
		return err
	}
	host, err := hostOf(c.url)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, c.duration)
	defer cancel()
	jobs := make(chan []byte, 4096)
	dealErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		d := hands.NewDealer(c.seed)
		for i := range c.hands {
			ep := hands.Endpoints[i%len(hands.Endpoints)]
			b, err := d.Deal(ep)
			if err != nil {
				dealErr <- err
				return
			}
			select {
			case jobs <- formatPost(host, "/"+string(ep), b):
			case <-ctx.Done():
				return
			}
		}
	}()

	var counts [3]atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range c.conns {
		answers := make(chan answer, 1)
		rc, err := dialRaw(host, 1, c.timeout, func(a answer) { answers <- a })
		if err != nil {
			cancel()
			wg.Wait()
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer rc.close()
			for req := range jobs {
				if ctx.Err() != nil {
					continue // time is up: drain without sending
				}
				now := time.Now()
				if !rc.send(0, req, now) {
					counts[transErr].Add(1)
					continue
				}
				counts[(<-answers).out].Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	select {
	case err := <-dealErr:
		return fmt.Errorf("dealing positions: %w", err)
	default:
	}
	sent := counts[ok2xx].Load() + counts[non2xx].Load() + counts[transErr].Load()
	_, err = fmt.Fprintf(stdout, "RESULT requests=%d distinct=%d seconds=%.3f rps=%.1f non2xx=%d errors=%d\n",
		sent, sent, elapsed.Seconds(), float64(sent)/elapsed.Seconds(), counts[non2xx].Load(), counts[transErr].Load())
	return err
}
