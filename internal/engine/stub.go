package engine

// Placeholders while the table-driven implementation lands.
func decompositions(hand *Counts, blocks int) []Decomposition { panic("unimplemented") }
func waits(p *Position) []Wait                                { panic("unimplemented") }
func effectiveTiles(p *Position) []Tile                       { panic("unimplemented") }
func advise(p *Position) []Option                             { panic("unimplemented") }
