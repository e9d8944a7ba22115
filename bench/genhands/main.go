// Command genhands writes seeded request bodies for judged's load
// benchmark: DIR/hu.jsonl, DIR/tenpai.jsonl and DIR/discard.jsonl, one
// JSON body per line, each file holding -n distinct positions (see
// package hands). bench/wrk/judged.lua sends them in rotation.
//
//	genhands -n 2000 -seed 1 -out /tmp/bodies
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/judged/judged/bench/hands"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "genhands:", err)
		os.Exit(1)
	}
}

// run parses args and writes the body files.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("genhands", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 2000, "distinct positions per endpoint")
	seed := fs.Uint64("seed", 1, "seed of the wall shuffles")
	out := fs.String("out", ".", "directory to write hu.jsonl, tenpai.jsonl and discard.jsonl in")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 {
		return fmt.Errorf("-n %d: want at least 1", *n)
	}
	for i, ep := range hands.Endpoints {
		path := filepath.Join(*out, string(ep)+".jsonl")
		if err := write(path, hands.NewDealer(*seed+uint64(i)), ep, *n); err != nil {
			return err
		}
	}
	return nil
}

// write writes n bodies for ep dealt by d to path.
func write(path string, d *hands.Dealer, ep hands.Endpoint, n int) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create bodies file: %w", err)
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	w := bufio.NewWriter(f)
	for range n {
		b, err := d.Deal(ep)
		if err != nil {
			return err
		}
		_, _ = w.Write(b)
		_ = w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
