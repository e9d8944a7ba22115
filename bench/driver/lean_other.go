//go:build !linux

package main

import "time"

// sendLean is the goroutine driver outside Linux: the lean one needs epoll
// and a timerfd.
func sendLean(c rateConfig, host string, sched schedule, src requestSource, rec *recording) (time.Time, error) {
	return sendConns(c, host, sched, src, rec)
}
