package engine

import "testing"

// BenchmarkBuildTables measures the one-time start-up cost of the tables.
func BenchmarkBuildTables(b *testing.B) {
	for b.Loop() {
		buildTable(9, true)
		buildTable(7, false)
	}
}
