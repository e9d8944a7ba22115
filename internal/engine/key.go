package engine

// Key identifies everything a judgment depends on except the visible tiles:
// concealed tiles, declared melds' tiles, the number of melds, the stage
// and the rules. It is comparable, so a cache can store it beside an entry
// and detect a collision of Code values exactly.
type Key struct {
	Hand      Counts
	MeldTiles Counts
	Melds     uint8
	Stage     Stage
	Rules     Rules
}

// Key returns p's key.
func (p *Position) Key() Key {
	return Key{Hand: p.hand, MeldTiles: p.meldTiles, Melds: uint8(p.numMelds), Stage: p.stage, Rules: p.rules}
}

// Base5 returns Σ c[i]·5^i over the 34 kinds, wrapping modulo 2^64: since
// 5^34 > 2^64, different counts can share a code.
func (c Counts) Base5() uint64 {
	var code uint64
	for i := NumKinds - 1; i >= 0; i-- {
		code = code*5 + uint64(c[i])
	}
	return code
}

// Code returns the key's base-5 code of the concealed tiles with the meld
// tiles, meld count, stage and rules folded in. Different keys may share a
// code; compare the keys themselves to tell them apart.
func (k *Key) Code() uint64 {
	code := k.Hand.Base5()
	if k.Melds > 0 {
		code ^= k.MeldTiles.Base5()*0x9E3779B97F4A7C15 + uint64(k.Melds)
	}
	var flags uint64
	if k.Rules.SevenPairs {
		flags |= 1
	}
	if k.Rules.SevenPairsFourAlike {
		flags |= 2
	}
	if k.Rules.ThirteenOrphans {
		flags |= 4
	}
	flags |= uint64(k.Stage) << 3
	code ^= flags << 59
	if v := k.Rules.variantBits(); v != 0 {
		code ^= v * 0xBF58476D1CE4E5B9
	}
	if k.Rules.Preset != DefaultPreset {
		code ^= presetHash(k.Rules.Preset)
	}
	return code
}

// variantBits packs the rules fields beyond the standard forms into one
// word, zero for plain rules without them.
func (r Rules) variantBits() uint64 {
	var b uint64
	if r.HonorsAndKnitted {
		b |= 1
	}
	if r.KnittedStraight {
		b |= 2
	}
	if r.SuitsOnly {
		b |= 4
	}
	b |= uint64(r.MaxSuits&3) << 3
	if r.Melds == 5 {
		b |= 1 << 5
	}
	return b | uint64(r.Wildcards)<<6
}

// presetHash returns the FNV-1a hash of a preset name.
func presetHash(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := range len(name) {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}
