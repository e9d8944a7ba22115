package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/judged/judged/bench/hands"
)

// rateConfig is the configuration of the rate subcommand.
type rateConfig struct {
	url         string
	endpoints   []hands.Endpoint
	bodies      string
	fresh       bool
	seed        uint64
	rate        float64
	duration    time.Duration
	warmup      time.Duration
	outstanding int
	conns       int
	timeout     time.Duration
	cpuProfile  string
	dump        string
	lean        bool
	tick        time.Duration
}

// parseRate parses the rate subcommand's flags.
func parseRate(args []string) (rateConfig, error) {
	var c rateConfig
	fs := flag.NewFlagSet("driver rate", flag.ContinueOnError)
	fs.StringVar(&c.url, "url", "", "base URL of judged's API, such as http://127.0.0.1:8080")
	eps := fs.String("endpoints", "tenpai", "comma-separated endpoints to send to in turn: hu, tenpai, discard")
	fs.StringVar(&c.bodies, "bodies", "", "directory holding <endpoint>.jsonl bodies (genhands -out)")
	fs.BoolVar(&c.fresh, "fresh", false, "send new distinct positions instead of the bodies files")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of -fresh positions")
	fs.Float64Var(&c.rate, "rate", 1000, "requests per second")
	fs.DurationVar(&c.duration, "duration", 10*time.Second, "how long to send and measure")
	fs.DurationVar(&c.warmup, "warmup", 0, "send on the same schedule for this long first, on the same connections, and leave those requests out of the latencies (their errors and non-2xx still count)")
	fs.IntVar(&c.outstanding, "max-outstanding", 20000, "requests sent and not yet answered, at most (split over the connections); a request due beyond it counts as an error")
	fs.IntVar(&c.conns, "conns", 64, "connections at most; a due request waits for one, and the wait counts in its latency")
	fs.DurationVar(&c.timeout, "timeout", 5*time.Second, "per-request timeout")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write the driver's own CPU profile to this file")
	fs.BoolVar(&c.lean, "lean", false, "send and read on one OS thread with epoll and a timerfd (lean_linux.go), for a far lower CPU cost per request; run it with GOMAXPROCS=1. Outside Linux the goroutine driver runs instead")
	fs.DurationVar(&c.tick, "tick", 0, "with -lean: wake every tick rather than at each due time and each answer, sending what is due and reading what arrived (both up to a tick late, and counted so); 0: wake exactly")
	fs.StringVar(&c.dump, "dump", "", "write the start time, then one line per request to this file: due time since the start, latency from due, latency from send, send lag (µs)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	for _, s := range strings.Split(*eps, ",") {
		ep, err := hands.ParseEndpoint(s)
		if err != nil {
			return c, err
		}
		c.endpoints = append(c.endpoints, ep)
	}
	switch {
	case c.url == "":
		return c, fmt.Errorf("-url is required")
	case c.rate <= 0 || c.duration <= 0 || c.outstanding <= 0 || c.conns <= 0:
		return c, fmt.Errorf("-rate, -duration, -max-outstanding and -conns must be > 0")
	case c.warmup < 0:
		return c, fmt.Errorf("-warmup must be ≥ 0")
	case !c.fresh && c.bodies == "":
		return c, fmt.Errorf("-bodies or -fresh is required")
	case c.rate*(c.warmup+c.duration).Seconds() > 10_000_000:
		return c, fmt.Errorf("-rate × -duration is over 10,000,000 requests")
	}
	return c, nil
}

// requestSource yields the request bytes of request i.
type requestSource func(i int) []byte

// readRequests loads DIR/<ep>.jsonl for each endpoint and rotates through
// them: request i goes to endpoint i mod len(eps).
func readRequests(dir, host string, eps []hands.Endpoint) (requestSource, error) {
	sets := make([][][]byte, len(eps))
	for k, ep := range eps {
		data, err := os.ReadFile(filepath.Join(dir, string(ep)+".jsonl"))
		if err != nil {
			return nil, fmt.Errorf("read bodies: %w", err)
		}
		for line := range bytes.Lines(data) {
			if line = bytes.TrimSpace(line); len(line) > 0 {
				sets[k] = append(sets[k], formatPost(host, "/"+string(ep), line))
			}
		}
		if len(sets[k]) == 0 {
			return nil, fmt.Errorf("no bodies for /%s in %s", ep, dir)
		}
	}
	return func(i int) []byte {
		set := sets[i%len(sets)]
		return set[(i/len(sets))%len(set)]
	}, nil
}

// freshRequests deals new distinct positions ahead of the sender, in a
// goroutine that stops when ctx is done. Request i goes to endpoint i mod
// len(eps); the source must be called with i = 0, 1, 2, … in order, and
// returns nil if dealing failed (the error is then on the channel).
func freshRequests(ctx context.Context, seed uint64, host string, eps []hands.Endpoint) (requestSource, <-chan error) {
	ch := make(chan []byte, 4096)
	errc := make(chan error, 1)
	go func() {
		defer close(ch)
		d := hands.NewDealer(seed)
		for i := 0; ; i++ {
			ep := eps[i%len(eps)]
			b, err := d.Deal(ep)
			if err != nil {
				errc <- err
				return
			}
			select {
			case ch <- formatPost(host, "/"+string(ep), b):
			case <-ctx.Done():
				return
			}
		}
	}()
	return func(int) []byte { return <-ch }, errc
}

// hostOf returns the host:port of a base URL such as http://127.0.0.1:8080.
func hostOf(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return "", fmt.Errorf("-url %q: want http://host:port", base)
	}
	return u.Host, nil
}

// runRate sends at a constant rate and prints latency percentiles measured
// from each request's due time. Request i goes on connection i mod -conns,
// behind the requests already waiting there, as wrk2 does.
func runRate(ctx context.Context, args []string, stdout io.Writer) error {
	c, err := parseRate(args)
	if err != nil {
		return err
	}
	host, err := hostOf(c.url)
	if err != nil {
		return err
	}
	if c.cpuProfile != "" {
		stop, err := startCPUProfile(c.cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var src requestSource
	var dealErr <-chan error
	if c.fresh {
		src, dealErr = freshRequests(ctx, c.seed, host, c.endpoints)
	} else if src, err = readRequests(c.bodies, host, c.endpoints); err != nil {
		return err
	}

	warm := int(c.rate * c.warmup.Seconds())
	total := warm + int(c.rate*c.duration.Seconds())
	rec := newRecording(total)
	sched := schedule{rate: c.rate, total: total}
	send := sendConns
	if c.lean {
		send = sendLean
	}
	start, err := send(c, host, sched, src, rec)
	if err != nil {
		if errors.Is(err, errDealing) {
			cancel()
			err = fmt.Errorf("%w: %w", err, <-dealErr)
		}
		return err
	}
	measuredStart := start.Add(sched.at(warm))
	elapsed := time.Since(measuredStart)
	if c.dump != "" {
		if err := dumpLatencies(c.dump, start, c.rate, rec.lat, rec.service, rec.lag); err != nil {
			return err
		}
	}
	counts := map[outcome]int{}
	for _, o := range rec.out {
		counts[o]++
	}
	lat, service, lag := rec.lat[warm:], rec.service[warm:], rec.lag[warm:]
	n := total - warm
	_, err = fmt.Fprintf(stdout, "RESULT requests=%d warmup_requests=%d seconds=%.3f rps=%.1f target_rps=%.1f p50_us=%d p99_us=%d p999_us=%d max_us=%d service_p99_us=%d send_lag_p50_us=%d send_lag_p99_us=%d non2xx=%d errors=%d cpu_us_per_req=%.1f\n",
		n, warm, elapsed.Seconds(), float64(n)/elapsed.Seconds(), c.rate,
		pct(lat, 50), pct(lat, 99), pct(lat, 99.9), pct(lat, 100), pct(service, 99), pct(lag, 50), pct(lag, 99),
		counts[non2xx], counts[transErr], float64(cpuTime().Microseconds())/float64(total))
	return err
}

// errDealing is returned by a sender when the request source ran dry
// because dealing fresh positions failed.
var errDealing = errors.New("dealing positions")

// schedule is the open-loop plan: request i is due at start + i/rate.
type schedule struct {
	rate  float64
	total int
}

// at returns when request i is due, counted from the start.
func (s schedule) at(i int) time.Duration {
	return time.Duration(float64(i) / s.rate * float64(time.Second))
}

// recording holds how each request ended. Each request is recorded once,
// so the slices need no lock as long as they are read after every
// recorder is done.
type recording struct {
	lat     []time.Duration // from due time to the end of the answer
	service []time.Duration // from the actual send
	lag     []time.Duration // from due time to the actual send
	out     []outcome
}

// newRecording makes room for n requests.
func newRecording(n int) *recording {
	return &recording{lat: make([]time.Duration, n), service: make([]time.Duration, n), lag: make([]time.Duration, n), out: make([]outcome, n)}
}

// record stores answer a.
func (r *recording) record(a answer) {
	r.out[a.i], r.lat[a.i], r.service[a.i], r.lag[a.i] = a.out, a.end.Sub(a.due), a.end.Sub(a.at), a.at.Sub(a.due)
}

// sendConns runs the schedule on -conns rawConns, a writer here and a
// reader goroutine per connection, and returns the schedule's start once
// every request is recorded.
func sendConns(c rateConfig, host string, sched schedule, src requestSource, rec *recording) (time.Time, error) {
	conns := make([]*rawConn, 0, c.conns)
	closed := false
	closeAll := func() {
		if closed {
			return
		}
		closed = true
		for _, rc := range conns {
			rc.close()
		}
		for _, rc := range conns {
			<-rc.done
		}
	}
	defer closeAll()
	for range c.conns {
		rc, err := dialRaw(host, max(c.outstanding/c.conns, 1), c.timeout, rec.record)
		if err != nil {
			return time.Time{}, err
		}
		conns = append(conns, rc)
	}

	pace, err := newPacer()
	if err != nil {
		return time.Time{}, err
	}
	defer pace.stop()
	start := time.Now().Add(20 * time.Millisecond)
	for i := range sched.total {
		due := start.Add(sched.at(i))
		if err := pace.until(due); err != nil { // pacing the schedule, not waiting for an event
			return time.Time{}, err
		}
		req := src(i)
		if req == nil {
			return time.Time{}, errDealing
		}
		if !conns[i%len(conns)].send(i, req, due) {
			rec.record(answer{i: i, out: transErr, due: due, at: due, end: due.Add(c.timeout)})
		}
	}
	closeAll()
	return start, nil
}

// pct returns the p-th percentile of ds in microseconds (nearest rank).
// It sorts ds.
func pct(ds []time.Duration, p float64) int64 {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	i := int(p/100*float64(len(ds))+0.5) - 1
	i = min(max(i, 0), len(ds)-1)
	return ds[i].Microseconds()
}

// startCPUProfile writes a CPU profile of the driver to path until the
// returned stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}, nil
}

// dumpLatencies writes a "# start <Unix ns>" line, then request i's due
// time (µs since the start) and its three durations (µs) to path, one
// request a line, for finding when in the run the slow ones were due.
func dumpLatencies(path string, start time.Time, rate float64, lat, service, lag []time.Duration) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# start %d\n", start.UnixNano())
	for i := range lat {
		fmt.Fprintf(&b, "%d %d %d %d\n", int64(float64(i)/rate*1e6), lat[i].Microseconds(), service[i].Microseconds(), lag[i].Microseconds())
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("dump latencies: %w", err)
	}
	return nil
}
