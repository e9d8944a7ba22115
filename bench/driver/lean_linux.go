//go:build linux

package main

import (
	"errors"
	"fmt"
	"net"
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// The lean driver runs the whole schedule on one OS thread, as wrk2 does:
// non-blocking sockets and a timerfd on one epoll set, the requests'
// bytes formatted before the run, answers framed in place by parseAnswer.
// Request i goes on connection i mod -conns behind the requests still
// waiting there (pipelined), exactly as in the goroutine driver, and its
// latency counts from its due time. It costs a few syscalls per request
// and no goroutine hand-offs; run it with GOMAXPROCS=1 so that the Go
// runtime keeps no other thread busy.

// leanTimer is the epoll data of the timerfd; connections use their index.
const leanTimer = -1

// sweepEvery is how often the loop checks for answers over -timeout.
const sweepEvery = 10 * time.Millisecond

// leanConn is one non-blocking keep-alive connection.
type leanConn struct {
	fd       int
	out      []byte // request bytes not yet written
	waitOut  bool   // EPOLLOUT is armed: out is flushed when writable
	dirty    bool   // out got bytes in this round
	queue    []sent // written (or buffered) and not yet answered, oldest first
	head     int    // queue[head:] is waiting
	in       []byte // received and not yet framed
	progress time.Time
	broken   bool
}

// waiting returns how many requests wait for an answer.
func (lc *leanConn) waiting() int { return len(lc.queue) - lc.head }

// leanRun is the state of one run.
type leanRun struct {
	c       rateConfig
	epfd    int
	tfd     int
	conns   []*leanConn
	dirty   []int
	rec     *recording
	depth   int
	pending int // requests sent and not yet recorded
	end     time.Time
}

// sendLean runs the schedule on one locked OS thread and returns its start
// once every request is recorded.
func sendLean(c rateConfig, host string, sched schedule, src requestSource, rec *recording) (time.Time, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sa, err := sockaddr(host)
	if err != nil {
		return time.Time{}, err
	}
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return time.Time{}, fmt.Errorf("epoll_create1: %w", err)
	}
	defer syscall.Close(epfd)
	tfd, err := newTimerfd()
	if err != nil {
		return time.Time{}, err
	}
	defer syscall.Close(tfd)
	r := &leanRun{c: c, epfd: epfd, tfd: tfd, rec: rec, depth: max(c.outstanding/c.conns, 1)}
	defer r.closeAll()
	if c.tick > 0 {
		if err := startTicks(tfd, c.tick); err != nil {
			return time.Time{}, err
		}
	} else if err := r.watch(tfd, leanTimer, syscall.EPOLLIN, syscall.EPOLL_CTL_ADD); err != nil {
		return time.Time{}, err
	}
	for k := range c.conns {
		fd, err := dialLean(sa, c.timeout)
		if err != nil {
			return time.Time{}, fmt.Errorf("dial %s: %w", host, err)
		}
		r.conns = append(r.conns, &leanConn{fd: fd, in: make([]byte, 0, 64<<10)})
		if err := r.watch(fd, k, syscall.EPOLLIN, syscall.EPOLL_CTL_ADD); err != nil {
			return time.Time{}, err
		}
	}
	start := time.Now().Add(20 * time.Millisecond)
	if err := r.loop(start, sched, src); err != nil {
		return time.Time{}, err
	}
	return start, nil
}

// loop sends each request when it is due and reads answers in between,
// until every request is recorded.
func (r *leanRun) loop(start time.Time, sched schedule, src requestSource) error {
	events := make([]syscall.EpollEvent, len(r.conns)+1)
	next, armed := 0, -1
	lastSweep := time.Now()
	for {
		now := time.Now()
		for ; next < sched.total; next++ {
			due := start.Add(sched.at(next))
			if due.After(now) {
				break
			}
			req := src(next)
			if req == nil {
				return errDealing
			}
			r.queue(next, req, due, now)
		}
		r.flushDirty(now)
		if now.Sub(lastSweep) >= sweepEvery {
			r.sweep(now)
			lastSweep = now
		}
		if next == sched.total && r.pending == 0 {
			return nil
		}
		wait := int(sweepEvery / time.Millisecond)
		if r.c.tick > 0 {
			// Wake only on the ticks: send what is due and take what
			// arrived, both up to a tick late (and counted so).
			if err := awaitTick(r.tfd); err != nil {
				return err
			}
			wait = 0
		} else if next < sched.total {
			d := time.Until(start.Add(sched.at(next)))
			switch {
			case d <= 0:
				wait = 0
			case armed != next:
				if err := armTimerfd(r.tfd, d); err != nil {
					return err
				}
				armed = next
			}
		}
		n, err := syscall.EpollWait(r.epfd, events, wait)
		if err != nil && !errors.Is(err, syscall.EINTR) {
			return fmt.Errorf("epoll_wait: %w", err)
		}
		for _, ev := range events[:max(n, 0)] {
			if ev.Fd == leanTimer {
				drainTimerfd(r.tfd)
				armed = -1 // re-armed if the request is somehow not due yet
				continue
			}
			r.handle(int(ev.Fd), ev.Events)
		}
	}
}

// queue puts request i on its connection's output, or records it as an
// error when that connection is broken or already has depth waiting.
func (r *leanRun) queue(i int, req []byte, due, now time.Time) {
	lc := r.conns[i%len(r.conns)]
	if lc.broken || lc.waiting() >= r.depth {
		r.rec.record(answer{i: i, out: transErr, due: due, at: due, end: due.Add(r.c.timeout)})
		return
	}
	if lc.waiting() == 0 {
		lc.progress = now
	}
	lc.queue = append(lc.queue, sent{i: i, due: due, at: now})
	lc.out = append(lc.out, req...)
	r.pending++
	if !lc.dirty {
		lc.dirty = true
		r.dirty = append(r.dirty, i%len(r.conns))
	}
}

// flushDirty writes the output of every connection that got requests in
// this round and is not already waiting to be writable.
func (r *leanRun) flushDirty(now time.Time) {
	for _, k := range r.dirty {
		lc := r.conns[k]
		lc.dirty = false
		if !lc.waitOut && !lc.broken {
			r.flush(k, now)
		}
	}
	r.dirty = r.dirty[:0]
}

// flush writes what it can of connection k's output and arms EPOLLOUT for
// the rest.
func (r *leanRun) flush(k int, now time.Time) {
	lc := r.conns[k]
	for len(lc.out) > 0 {
		n, err := syscall.Write(lc.fd, lc.out)
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EAGAIN):
			if !lc.waitOut {
				lc.waitOut = true
				if r.watch(lc.fd, k, syscall.EPOLLIN|syscall.EPOLLOUT, syscall.EPOLL_CTL_MOD) != nil {
					r.fail(k, now)
				}
			}
			return
		case err != nil || n <= 0:
			r.fail(k, now)
			return
		}
		lc.out = lc.out[:copy(lc.out, lc.out[n:])]
	}
	if lc.waitOut {
		lc.waitOut = false
		if r.watch(lc.fd, k, syscall.EPOLLIN, syscall.EPOLL_CTL_MOD) != nil {
			r.fail(k, now)
		}
	}
}

// handle serves an epoll event on connection k.
func (r *leanRun) handle(k int, events uint32) {
	lc := r.conns[k]
	if lc.broken {
		return
	}
	now := time.Now()
	if events&syscall.EPOLLOUT != 0 {
		r.flush(k, now)
	}
	if events&(syscall.EPOLLIN|syscall.EPOLLHUP|syscall.EPOLLERR) != 0 && !lc.broken {
		r.read(k)
	}
}

// read takes what connection k received and records every whole answer
// in it; an unframeable answer, an answer nobody asked for, the peer
// closing or a read error break the connection.
func (r *leanRun) read(k int) {
	lc := r.conns[k]
	if len(lc.in) == cap(lc.in) {
		lc.in = append(lc.in, make([]byte, cap(lc.in))...)[:len(lc.in)]
	}
	n, err := syscall.Read(lc.fd, lc.in[len(lc.in):cap(lc.in)])
	end := time.Now()
	switch {
	case errors.Is(err, syscall.EAGAIN) || errors.Is(err, syscall.EINTR):
		return
	case err != nil || n <= 0:
		r.fail(k, end)
		return
	}
	lc.in = lc.in[:len(lc.in)+n]
	off := 0
	for off < len(lc.in) {
		size, out, done := parseAnswer(lc.in[off:])
		if !done {
			break
		}
		if out == transErr || lc.waiting() == 0 {
			r.fail(k, end)
			return
		}
		s := lc.queue[lc.head]
		lc.head++
		r.pending--
		r.rec.record(answer{i: s.i, out: out, due: s.due, at: s.at, end: end})
		lc.progress = end
		off += size
	}
	lc.in = lc.in[:copy(lc.in, lc.in[off:])]
	if lc.waiting() == 0 {
		lc.queue, lc.head = lc.queue[:0], 0
	} else if lc.head >= 1024 && lc.head*2 >= len(lc.queue) {
		lc.queue, lc.head = lc.queue[:copy(lc.queue, lc.queue[lc.head:])], 0
	}
}

// sweep breaks every connection whose oldest waiting request has had no
// answer for -timeout.
func (r *leanRun) sweep(now time.Time) {
	for k, lc := range r.conns {
		if !lc.broken && lc.waiting() > 0 && now.Sub(lc.progress) > r.c.timeout {
			r.fail(k, now)
		}
	}
}

// fail closes connection k and records everything waiting on it as an
// error; later requests due on it are errors too.
func (r *leanRun) fail(k int, now time.Time) {
	lc := r.conns[k]
	if lc.broken {
		return
	}
	lc.broken = true
	_ = syscall.Close(lc.fd)
	for _, s := range lc.queue[lc.head:] {
		r.rec.record(answer{i: s.i, out: transErr, due: s.due, at: s.at, end: now})
		r.pending--
	}
	lc.queue, lc.head, lc.out, lc.in = nil, 0, nil, nil
}

// closeAll closes every connection still open.
func (r *leanRun) closeAll() {
	for _, lc := range r.conns {
		if !lc.broken {
			lc.broken = true
			_ = syscall.Close(lc.fd)
		}
	}
}

// watch adds or changes fd in the epoll set with id as its data.
func (r *leanRun) watch(fd, id int, events uint32, op int) error {
	ev := syscall.EpollEvent{Events: events, Fd: int32(id)}
	if err := syscall.EpollCtl(r.epfd, op, fd, &ev); err != nil {
		return fmt.Errorf("epoll_ctl: %w", err)
	}
	return nil
}

// sockaddr resolves host:port to a socket address.
func sockaddr(host string) (syscall.Sockaddr, error) {
	a, err := net.ResolveTCPAddr("tcp", host)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", host, err)
	}
	if ip4 := a.IP.To4(); ip4 != nil {
		sa := &syscall.SockaddrInet4{Port: a.Port}
		copy(sa.Addr[:], ip4)
		return sa, nil
	}
	sa := &syscall.SockaddrInet6{Port: a.Port}
	copy(sa.Addr[:], a.IP.To16())
	return sa, nil
}

// dialLean connects a TCP socket to sa (the connect bounded by timeout),
// turns Nagle's algorithm off and makes it non-blocking.
func dialLean(sa syscall.Sockaddr, timeout time.Duration) (int, error) {
	family := syscall.AF_INET
	if _, ok := sa.(*syscall.SockaddrInet6); ok {
		family = syscall.AF_INET6
	}
	fd, err := syscall.Socket(family, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("socket: %w", err)
	}
	tv := syscall.NsecToTimeval(int64(timeout))
	err = syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_SNDTIMEO, &tv)
	if err == nil {
		err = syscall.Connect(fd, sa)
	}
	if err == nil {
		err = syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
	}
	if err == nil {
		err = syscall.SetNonblock(fd, true)
	}
	if err != nil {
		_ = syscall.Close(fd)
		return -1, err
	}
	return fd, nil
}

// newTimerfd makes a non-blocking CLOCK_MONOTONIC timerfd.
func newTimerfd() (int, error) {
	fd, _, errno := syscall.Syscall(syscall.SYS_TIMERFD_CREATE, clockMonotonic, tfdNonblock|tfdCloexec, 0)
	if errno != 0 {
		return -1, fmt.Errorf("timerfd_create: %w", errno)
	}
	return int(fd), nil
}

// armTimerfd makes fd expire once, d from now (d > 0).
func armTimerfd(fd int, d time.Duration) error {
	spec := itimerspec{value: syscall.NsecToTimespec(int64(d))}
	_, _, errno := syscall.RawSyscall6(syscall.SYS_TIMERFD_SETTIME, uintptr(fd), 0, uintptr(unsafe.Pointer(&spec)), 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("timerfd_settime: %w", errno)
	}
	return nil
}

// startTicks makes fd blocking and expire every tick from now on.
func startTicks(fd int, tick time.Duration) error {
	if err := syscall.SetNonblock(fd, false); err != nil {
		return fmt.Errorf("timerfd: %w", err)
	}
	ts := syscall.NsecToTimespec(int64(tick))
	spec := itimerspec{interval: ts, value: ts}
	_, _, errno := syscall.RawSyscall6(syscall.SYS_TIMERFD_SETTIME, uintptr(fd), 0, uintptr(unsafe.Pointer(&spec)), 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("timerfd_settime: %w", errno)
	}
	return nil
}

// awaitTick waits until fd (made blocking by startTicks) has expired at
// least once since the last call.
func awaitTick(fd int) error {
	var buf [8]byte
	for {
		_, err := syscall.Read(fd, buf[:])
		if !errors.Is(err, syscall.EINTR) {
			if err != nil {
				return fmt.Errorf("read timerfd: %w", err)
			}
			return nil
		}
	}
}

// drainTimerfd reads fd's expiry count so that it stops being readable.
func drainTimerfd(fd int) {
	var buf [8]byte
	_, _ = syscall.Read(fd, buf[:])
}
