//go:build race

package engine_test

// raceEnabled: the race detector slows the engine and the reference about
// tenfold, so the properties check fewer hands under it.
const raceEnabled = true

// raceDivisor divides the property hand counts under the race detector.
const raceDivisor = 20
