//go:build !unix

package main

import "time"

// cpuTime returns 0: this platform's CPU time is not read here.
func cpuTime() time.Duration { return 0 }
