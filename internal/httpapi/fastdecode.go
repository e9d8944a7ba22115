package httpapi

import (
	"sync"

	"github.com/judged/judged/internal/engine"
)

// The fast decoder reads the common, well-formed judgment request in one
// pass with few allocations. It knows exactly the request schema and is
// stricter than the precise decoder (decode.go): it gives up on anything
// it does not expect, such as string escapes, non-ASCII text, numbers that
// are not small plain integers, repeated or unknown members, or any
// invalid value. Giving up is always safe: the handler then runs the
// precise decoder on the same bytes, which answers exactly as it always
// has. The invariant, checked by TestFastDecodeAgrees and FuzzFastDecode:
// whenever the fast decoder accepts a body, the precise decoder accepts it
// too and yields an equal request.

// fastRequest decodes and validates body with the fast decoder; ok is
// false when it gave up, and then nothing about body is known.
func fastRequest(body []byte, s engine.Stage, discard bool) (req judgmentRequest, ok bool) {
	d := fastDecoder{b: body, discard: discard}
	if !d.request() || !d.given.has(mHand) || (discard && !d.given.has(mDiscard)) {
		return judgmentRequest{}, false
	}
	p, err := engine.NewPosition(d.in, s)
	if err != nil {
		return judgmentRequest{}, false
	}
	if d.in.Rules.SuitsOnly && discard && (d.query.Tile.IsHonor() || d.query.HasDrawn && d.query.Drawn.IsHonor()) {
		return judgmentRequest{}, false // an honor where the set has none
	}
	if d.query.HasDrawn {
		if hand := p.Hand(); hand[d.query.Drawn] == 0 {
			return judgmentRequest{}, false
		}
	}
	return judgmentRequest{pos: p, query: d.query}, true
}

// member identifies a request member, as a bit of a memberSet.
type member uint32

// The request members the fast decoder knows.
const (
	mHand member = 1 << iota
	mMelds
	mVisible
	mRules
	mDiscard
	mDrawn
	mRiichi
	mVoidSuit
	mType         // melds/N/type
	mTiles        // melds/N/tiles
	mPreset       // rules/preset
	mSevenPairs   // rules/sevenPairs
	mFourAlike    // rules/sevenPairsFourAlike
	mThirteen     // rules/thirteenOrphans
	mHonorsKnit   // rules/honorsAndKnitted
	mKnitStraight // rules/knittedStraight
	mHonors       // rules/honors
	mMaxSuits     // rules/maxSuits
	mWildcards    // rules/wildcards; rules/melds is mMelds
	mDiscardOnly  = mDiscard | mDrawn | mRiichi | mVoidSuit
)

// memberSet is a set of members seen in one object.
type memberSet uint32

// has reports whether m is in the set.
func (s memberSet) has(m member) bool { return s&memberSet(m) != 0 }

// memberNames maps member names to members.
var memberNames = map[string]member{
	"hand": mHand, "melds": mMelds, "visible": mVisible, "rules": mRules,
	"discard": mDiscard, "drawn": mDrawn, "riichi": mRiichi, "voidSuit": mVoidSuit,
	"type": mType, "tiles": mTiles,
	"preset": mPreset, "sevenPairs": mSevenPairs, "sevenPairsFourAlike": mFourAlike, "thirteenOrphans": mThirteen,
	"honorsAndKnitted": mHonorsKnit, "knittedStraight": mKnitStraight, "honors": mHonors, "maxSuits": mMaxSuits,
	"wildcards": mWildcards,
}

// Which members each object of the schema allows.
const (
	topMembers         = mHand | mMelds | mVisible | mRules
	meldMembers        = mType | mTiles
	rulesObjectMembers = mPreset | mSevenPairs | mFourAlike | mThirteen | mHonorsKnit | mKnitStraight |
		mHonors | mMaxSuits | mMelds | mWildcards
)

// tileNameTable maps the usual tile names to tiles, each checked with
// engine.ParseTile, so that an element such as "5m" costs no allocation.
// A name missing here is not an error: the fast decoder gives up on it.
var tileNameTable = sync.OnceValue(func() map[string]engine.Tile {
	names := []string{"0m", "0s", "0p", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}
	for t := range engine.Tile(engine.NumKinds) {
		names = append(names, t.String())
	}
	table := make(map[string]engine.Tile, len(names))
	for _, name := range names {
		if t, err := engine.ParseTile(name); err == nil {
			table[name] = t
		}
	}
	return table
})

// presetTable maps the preset names to their rules, each carrying its
// preset's name as engine.Preset gives it (the precise decoder's rules do
// too), so that looking up a name read from the body allocates nothing.
var presetTable = sync.OnceValue(func() map[string]engine.Rules {
	table := map[string]engine.Rules{}
	for _, name := range engine.PresetNames() {
		if r, err := engine.Preset(name); err == nil {
			table[name] = r
		}
	}
	return table
})

// fastDecoder is the state of one fast decoding. Its methods return false
// to give up.
type fastDecoder struct {
	b       []byte
	i       int
	discard bool      // the /discard members are allowed
	given   memberSet // top-level members given, not null
	in      engine.PositionInput
	query   engine.DiscardQuery
}

// request reads the whole body: one object, then only whitespace.
func (d *fastDecoder) request() bool {
	d.in.Rules = engine.StandardRules()
	allowed := topMembers
	if d.discard {
		allowed |= mDiscardOnly
		d.query.VoidSuit = engine.Honors
	}
	given, ok := d.object(allowed, d.topMember)
	d.given = given
	d.space()
	return ok && d.i == len(d.b)
}

// object reads an object whose member names are in allowed, each at most
// once, handing each non-null value to value. It returns the members
// given with a value other than null (null means "not given").
func (d *fastDecoder) object(allowed member, value func(member) bool) (given memberSet, ok bool) {
	var seen memberSet
	if !d.next('{') {
		return 0, false
	}
	if d.next('}') {
		return 0, true
	}
	for {
		name, ok := d.str()
		if !ok {
			return 0, false
		}
		m, known := memberNames[string(name)]
		if !known || m&allowed == 0 || seen.has(m) || !d.next(':') {
			return 0, false
		}
		seen |= memberSet(m)
		if !d.null() {
			if !value(m) {
				return 0, false
			}
			given |= memberSet(m)
		}
		if d.next('}') {
			return given, true
		}
		if !d.next(',') {
			return 0, false
		}
	}
}

// topMember reads the value of a top-level member.
func (d *fastDecoder) topMember(m member) bool {
	var ok bool
	switch m {
	case mHand:
		d.in.Hand, ok = d.tiles()
	case mMelds:
		d.in.Melds, ok = d.melds()
	case mVisible:
		d.in.Visible, ok = d.tiles()
	case mRules:
		d.in.Rules, ok = d.rules()
	case mDiscard:
		d.query.Tile, ok = d.tile()
	case mDrawn:
		d.query.Drawn, ok = d.tile()
		d.query.HasDrawn = true
	case mRiichi:
		d.query.Riichi, ok = d.boolean()
	case mVoidSuit:
		d.query.VoidSuit, ok = d.voidSuit()
	}
	return ok
}

// voidSuit reads the name of a suit.
func (d *fastDecoder) voidSuit() (engine.Suit, bool) {
	name, ok := d.str()
	if !ok {
		return 0, false
	}
	s, ok := voidSuits[string(name)]
	return s, ok
}

// melds reads an array of {"type", "tiles"} objects, both given.
func (d *fastDecoder) melds() ([]engine.MeldInput, bool) {
	if !d.next('[') {
		return nil, false
	}
	out := make([]engine.MeldInput, 0, engine.MaxMelds)
	if d.next(']') {
		return out, true
	}
	for {
		var mi engine.MeldInput
		given, ok := d.object(meldMembers, func(m member) bool {
			if m == mTiles {
				var ok bool
				mi.Tiles, ok = d.tiles()
				return ok
			}
			name, ok := d.str()
			if !ok {
				return false
			}
			kind, err := engine.ParseMeldKind(string(name))
			mi.Kind = kind
			return err == nil
		})
		if !ok || given != memberSet(meldMembers) {
			return nil, false
		}
		out = append(out, mi)
		if d.next(']') {
			return out, true
		}
		if !d.next(',') {
			return nil, false
		}
	}
}

// rules reads a preset name or an object naming a preset and overrides.
func (d *fastDecoder) rules() (engine.Rules, bool) {
	if d.peek() == '"' {
		name, ok := d.str()
		if !ok {
			return engine.Rules{}, false
		}
		r, ok := presetTable()[string(name)]
		return r, ok
	}
	var (
		presetName []byte
		o          rulesOverrides
	)
	given, ok := d.object(rulesObjectMembers, func(m member) bool { return d.rulesMember(m, &presetName, &o) })
	if !ok {
		return engine.Rules{}, false
	}
	r := engine.StandardRules() // without a preset: standard, under its name
	if given.has(mPreset) {
		if r, ok = presetTable()[string(presetName)]; !ok {
			return engine.Rules{}, false
		}
	}
	o.apply(&r, given)
	return r, true
}

// rulesOverrides holds the override fields of a rules object as read, to
// be applied over the preset, whatever the member order.
type rulesOverrides struct {
	flags     [5]bool // as in rulesFlags
	honors    bool
	maxSuits  uint8
	melds     uint8
	wildcards engine.WildSet
}

// rulesFlags are the override members that set a Rules flag, in the order
// of rulesOverrides.flags.
var rulesFlags = [5]member{mSevenPairs, mFourAlike, mThirteen, mHonorsKnit, mKnitStraight}

// rulesMember reads the value of one rules object member. It gives up on
// values out of range and on repeated wildcards, leaving their problems to
// the precise decoder.
func (d *fastDecoder) rulesMember(m member, presetName *[]byte, o *rulesOverrides) bool {
	var ok bool
	switch m {
	case mPreset:
		*presetName, ok = d.str()
	case mMaxSuits:
		o.maxSuits, ok = d.smallInt(1, 3)
	case mMelds:
		o.melds, ok = d.smallInt(4, 5)
	case mWildcards:
		o.wildcards, ok = d.wildcards()
	case mHonors:
		o.honors, ok = d.boolean()
	default:
		for i, f := range rulesFlags {
			if f == m {
				o.flags[i], ok = d.boolean()
			}
		}
	}
	return ok
}

// apply sets the given overrides on r.
func (o *rulesOverrides) apply(r *engine.Rules, given memberSet) {
	dst := [5]*bool{&r.SevenPairs, &r.SevenPairsFourAlike, &r.ThirteenOrphans, &r.HonorsAndKnitted, &r.KnittedStraight}
	for i, m := range rulesFlags {
		if given.has(m) {
			*dst[i] = o.flags[i]
		}
	}
	if given.has(mHonors) {
		r.SuitsOnly = !o.honors
	}
	if given.has(mMaxSuits) {
		r.MaxSuits = o.maxSuits
	}
	if given.has(mMelds) {
		r.Melds = o.melds
	}
	if given.has(mWildcards) {
		r.Wildcards = o.wildcards
	}
}

// wildcards reads the wildcard kinds, giving up on a repeated kind.
func (d *fastDecoder) wildcards() (engine.WildSet, bool) {
	tiles, ok := d.tiles()
	if !ok {
		return 0, false
	}
	var set engine.WildSet
	for _, t := range tiles {
		if set.Has(t) {
			return 0, false
		}
		set |= engine.NewWildSet(t)
	}
	return set, true
}

// smallInt reads a one-digit integer from lo to hi.
func (d *fastDecoder) smallInt(lo, hi uint8) (uint8, bool) {
	d.space()
	if d.i >= len(d.b) {
		return 0, false
	}
	c := d.b[d.i]
	if c < '0'+lo || c > '0'+hi {
		return 0, false
	}
	d.i++
	if d.i < len(d.b) && !delimiter(d.b[d.i]) {
		return 0, false
	}
	return c - '0', true
}

// tiles reads a tile list: an array of ids and names, or a compact string.
// The result is never nil when ok.
func (d *fastDecoder) tiles() ([]engine.Tile, bool) {
	if d.peek() == '"' {
		s, ok := d.str()
		if !ok {
			return nil, false
		}
		ts, err := engine.ParseTiles(string(s))
		return ts, err == nil && ts != nil
	}
	if !d.next('[') {
		return nil, false
	}
	out := make([]engine.Tile, 0, 14)
	if d.next(']') {
		return out, true
	}
	for {
		t, ok := d.tile()
		if !ok {
			return nil, false
		}
		out = append(out, t)
		if d.next(']') {
			return out, true
		}
		if !d.next(',') {
			return nil, false
		}
	}
}

// tile reads a tile id 0–33 without sign, fraction or exponent, or a
// usual tile name.
func (d *fastDecoder) tile() (engine.Tile, bool) {
	if d.peek() == '"' {
		name, ok := d.str()
		if !ok {
			return 0, false
		}
		t, ok := tileNameTable()[string(name)]
		return t, ok
	}
	id, digits := 0, 0
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' && digits < 3 {
		id = id*10 + int(d.b[d.i]-'0')
		d.i++
		digits++
	}
	switch {
	case digits == 0 || digits > 2 || id >= engine.NumKinds:
		return 0, false
	case digits == 2 && id < 10: // a leading zero is not JSON
		return 0, false
	case d.i < len(d.b) && (d.b[d.i] == '.' || d.b[d.i] == 'e' || d.b[d.i] == 'E'):
		return 0, false
	}
	return engine.Tile(id), true
}

// boolean reads true or false.
func (d *fastDecoder) boolean() (bool, bool) {
	d.space()
	switch {
	case d.literal("true"):
		return true, true
	case d.literal("false"):
		return false, true
	}
	return false, false
}

// null reads a null if one comes next, and reports whether it did.
func (d *fastDecoder) null() bool {
	d.space()
	return d.literal("null")
}

// literal consumes lit if it comes next, followed by a delimiter.
func (d *fastDecoder) literal(lit string) bool {
	end := d.i + len(lit)
	if end > len(d.b) || string(d.b[d.i:end]) != lit {
		return false
	}
	if end < len(d.b) && !delimiter(d.b[end]) {
		return false
	}
	d.i = end
	return true
}

// delimiter reports whether c may follow a JSON literal.
func delimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ']', '}':
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes and returns its
// bytes, which alias the body.
func (d *fastDecoder) str() ([]byte, bool) {
	if !d.next('"') {
		return nil, false
	}
	start := d.i
	for ; d.i < len(d.b); d.i++ {
		switch c := d.b[d.i]; {
		case c == '"':
			s := d.b[start:d.i]
			d.i++
			return s, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return nil, false
		}
	}
	return nil, false
}

// next consumes c, after whitespace, if it comes next.
func (d *fastDecoder) next(c byte) bool {
	if d.peek() != c {
		return false
	}
	d.i++
	return true
}

// peek skips whitespace and returns the next byte, or 0 at the end.
func (d *fastDecoder) peek() byte {
	d.space()
	if d.i == len(d.b) {
		return 0
	}
	return d.b[d.i]
}

// space skips JSON whitespace.
func (d *fastDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\r', '\n':
			d.i++
		default:
			return
		}
	}
}
