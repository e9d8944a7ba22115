package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// A pacer sleeps until each request's due time on a Linux timerfd that the
// Go poller waits on, rather than with time.Sleep. Go's scheduler waits for
// its own timers in epoll_wait, whose timeout is whole milliseconds, so on
// an otherwise idle process a sub-millisecond time.Sleep ends up to a
// millisecond late, and that lateness would be charged to the server
// (latency counts from the due time). A timerfd expiry is a poller event
// the kernel delivers on its high-resolution timer, with no timer slack.
type pacer struct {
	f *os.File // nil: the timerfd could not be made; fall back to time.Sleep
}

// timerfd flags and the itimerspec of timerfd_settime (linux/timerfd.h).
const (
	tfdNonblock = syscall.O_NONBLOCK
	tfdCloexec  = syscall.O_CLOEXEC
	// clockMonotonic is CLOCK_MONOTONIC (linux/time.h).
	clockMonotonic = 1
)

type itimerspec struct {
	interval, value syscall.Timespec
}

// newPacer makes the timerfd. Call stop when done.
func newPacer() (pacer, error) {
	fd, _, errno := syscall.Syscall(syscall.SYS_TIMERFD_CREATE, clockMonotonic, tfdNonblock|tfdCloexec, 0)
	if errno != 0 {
		return pacer{}, fmt.Errorf("timerfd_create: %w", errno)
	}
	return pacer{f: os.NewFile(fd, "timerfd")}, nil
}

// until sleeps until t (at once if t has passed).
func (p pacer) until(t time.Time) error {
	d := time.Until(t)
	if d <= 0 {
		return nil
	}
	spec := itimerspec{value: syscall.NsecToTimespec(int64(d))}
	_, _, errno := syscall.Syscall6(syscall.SYS_TIMERFD_SETTIME, p.f.Fd(), 0, uintptr(unsafe.Pointer(&spec)), 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("timerfd_settime: %w", errno)
	}
	var buf [8]byte // the expiry count
	if _, err := p.f.Read(buf[:]); err != nil {
		return fmt.Errorf("read timerfd: %w", err)
	}
	return nil
}

// stop closes the timerfd.
func (p pacer) stop() { _ = p.f.Close() }
