package engine

import (
	"testing"
	"time"
)

func BenchmarkBuildTables(b *testing.B) {
	for b.Loop() {
		buildTable(9, true)
		buildTable(7, false)
	}
}

func TestBuildOnceTiming(t *testing.T) {
	start := time.Now()
	buildTable(9, true)
	buildTable(7, false)
	t.Logf("built in %v", time.Since(start))
}
