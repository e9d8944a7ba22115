//go:build !race

package engine_test

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false

// raceDivisor divides the property hand counts under the race detector.
const raceDivisor = 1
