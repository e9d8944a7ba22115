//go:build !linux

package main

import "time"

// A pacer sleeps until each request's due time. Outside Linux it is
// time.Sleep, whose wake-ups can be up to a millisecond late when the
// process is idle; the lateness counts in the measured latency.
type pacer struct{}

// newPacer returns a pacer; it cannot fail here.
func newPacer() (pacer, error) { return pacer{}, nil }

// until sleeps until t (at once if t has passed).
func (pacer) until(t time.Time) error {
	if d := time.Until(t); d > 0 {
		time.Sleep(d)
	}
	return nil
}

// stop does nothing here.
func (pacer) stop() {}
