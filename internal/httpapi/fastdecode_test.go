package httpapi

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/judged/judged/bench/hands"
	"github.com/judged/judged/internal/engine"
)

// decodeTarget is what one judgment endpoint decodes a body as.
type decodeTarget struct {
	path    string
	stage   engine.Stage
	discard bool
}

// decodeTargets are the three judgment endpoints.
var decodeTargets = []decodeTarget{
	{"/hu", engine.Complete, false},
	{"/tenpai", engine.Waiting, false},
	{"/discard", engine.Complete, true},
}

// fastAgrees checks the fast decoder's invariant on body for target dt: if
// the fast decoder accepts it, the precise decoder accepts it too, with an
// equal request. It reports whether the fast decoder accepted.
func fastAgrees(t *testing.T, dt decodeTarget, body []byte) bool {
	t.Helper()
	fast, ok := fastRequest(body, dt.stage, dt.discard)
	if !ok {
		return false
	}
	rec := httptest.NewRecorder()
	precise, ok := preciseRequest(rec, body, dt.stage, dt.discard)
	if !ok {
		t.Fatalf("%s %q: the fast decoder accepted it, the precise one answered %d %s", dt.path, body, rec.Code, rec.Body)
	}
	if !reflect.DeepEqual(fast, precise) {
		t.Fatalf("%s %q: fast decoding %+v, precise decoding %+v", dt.path, body, fast, precise)
	}
	return true
}

// testBodyLiteral matches the JSON object bodies written in this package's
// tests as raw string literals.
var testBodyLiteral = regexp.MustCompile("`(\\{[^`]*)`")

// testBodies returns the request bodies of this package's tests: the raw
// string literals that start a JSON object, the FuzzHandlers corpus, and
// hand-written variants of the shapes the fast decoder reads.
func testBodies(t testing.TB) [][]byte {
	t.Helper()
	var out [][]byte
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatalf("list test files: %v", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("read %s: %v", name, err)
		}
		for _, m := range testBodyLiteral.FindAllSubmatch(src, -1) {
			out = append(out, m[1])
		}
	}
	for _, c := range fuzzCorpus(t, "FuzzHandlers") {
		out = append(out, c.body)
	}
	for _, s := range decoderVariants {
		out = append(out, []byte(s))
	}
	return out
}

// decoderVariants are bodies near the edges of what the fast decoder reads.
var decoderVariants = []string{
	` { "hand" : "11122345678999m" , "visible" : [ "5m" , 4 ] } `,
	"{\t\"hand\":\r\n[0,0,0,1,2,3,4,5,6,7,8,8,8,4]}\n",
	`{"hand":"11122345678999m","melds":null,"visible":null,"rules":null}`,
	`{"hand":"11122345678999m","melds":[]}`,
	`{"hand":"11122345678999m","visible":[]}`,
	`{"hand":"11122345678999m","visible":""}`,
	`{"hand":null}`,
	`{"hand":"1112345678999m"}`,
	`{"hand":"1199m1199s1199pEE","rules":"riichi"}`,
	`{"hand":"1199m1199s1199pEE","rules":"chinese"}`,
	`{"hand":"1199m1199s1199pEE","rules":"nonsense"}`,
	`{"hand":"1199m1199s1199pEE","rules":{}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"sevenPairs":false,"preset":"riichi"}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":null,"sevenPairs":true,"sevenPairsFourAlike":true,"thirteenOrphans":false}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"sevenPairs":null}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"sevenPairs":1}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"standard","preset":"riichi"}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"extra":true}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"riichi","sevenPairs":false,"extra":null}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"hand":"1199m1199s1199pEE"}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"type":"chi"}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"mcr","sevenPairsFourAlike":false,"honorsAndKnitted":false,"knittedStraight":false}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"taiwan","melds":4,"sevenPairs":true,"thirteenOrphans":true}}`,
	`{"hand":"11992233m445566s","rules":{"preset":"sichuan","honors":true,"maxSuits":3,"sevenPairsFourAlike":false,"thirteenOrphans":true}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"standard"}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong"}}`,
	`{"hand":"1199m1199s1199pEE","rules":"mcr"}`,
	`{"hand":"1199m1199s1199pEE","rules":"sichuan"}`,
	`{"hand":"1199m1199s1199pEE","rules":"taiwan"}`,
	`{"hand":"11992233m445566s","rules":"sichuan"}`,
	`{"hand":"11992233m445566s","rules":{"preset":"sichuan","honors":true,"maxSuits":3}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":2,"thirteenOrphans":false}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":2}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":0}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":4}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":12}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":2.0}}`,
	`{"hand":"11992233m445566s","rules":{"maxSuits":"2"}}`,
	`{"hand":"11992233m445566s","rules":{"honors":false,"thirteenOrphans":false}}`,
	`{"hand":"11992233m445566s","rules":{"honors":false}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"mcr","honorsAndKnitted":false,"knittedStraight":true}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"knittedStraight":1}}`,
	`{"hand":"123m456m789m123s456sEE","rules":{"melds":5,"sevenPairs":false,"thirteenOrphans":false}}`,
	`{"hand":"123m456m789m123s456sEE","rules":{"melds":5}}`,
	`{"hand":"123m456m789m123s456sEE","rules":{"preset":"taiwan","melds":4}}`,
	`{"hand":"123m456m789m123s456sEE","rules":{"preset":"taiwan","melds":6}}`,
	`{"hand":"123m456m789m123s456sEE","rules":"taiwan"}`,
	`{"hand":"123m456m789m123s45sEE","rules":"taiwan"}`,
	`{"hand":"EE","rules":"taiwan","melds":[{"type":"pon","tiles":"111m"},{"type":"pon","tiles":"222m"},{"type":"pon","tiles":"333m"},{"type":"pon","tiles":"444m"},{"type":"pon","tiles":"555m"}]}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong","wildcards":["P"]}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong","wildcards":"5mP"}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong","wildcards":[4,"0m"]}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong","wildcards":["5m","P","C"]}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong","wildcards":[]}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"preset":"guangdong","wildcards":""}}`,
	`{"hand":"1199m1199s1199pEE","rules":{"wildcards":["E"],"preset":"sichuan"}}`,
	`{"hand":"11992233m445566s","rules":{"wildcards":["E"],"preset":"sichuan"}}`,
	`{"hand":"11992233m445566s","rules":"sichuan","discard":"E"}`,
	`{"hand":"11992233m445566s","rules":"sichuan","discard":"1m","drawn":"C"}`,
	`{"hand":"11992233m445566s","rules":"sichuan","discard":"1m","drawn":"1m"}`,
	`{"hand":"11992233m445566s","rules":{"honors":false},"discard":"P"}`,
	`{"hand":"456s789pEEESS","melds":[{"type":"chi","tiles":"123m"}]}`,
	`{"hand":"456s789pEEESS","melds":[{"tiles":[0,1,2],"type":"chi"}]}`,
	`{"hand":"456s789pEEESS","melds":[{"type":"chi","tiles":null}]}`,
	`{"hand":"456s789pEEESS","melds":[{"type":null,"tiles":[0,1,2]}]}`,
	`{"hand":"456s789pEEESS","melds":[{"type":"chi"}]}`,
	`{"hand":"456s789pEEESS","melds":[null]}`,
	`{"hand":"456s789pEEESS","melds":[{"type":"pon","tiles":"123m"}]}`,
	`{"hand":"789pEEESS","melds":[{"type":"chi","tiles":"123m"},{"type":"pon","tiles":["5s","5s",13]}]}`,
	`{"hand":"11112222333344m","melds":[{"type":"ankan","tiles":[27,27,27,27]}]}`,
	`{"hand":"11122345678999m","discard":"2m"}`,
	`{"hand":"11122345678999m","discard":1,"drawn":"2m","riichi":true}`,
	`{"hand":"11122345678999m","discard":1,"drawn":"E","riichi":false}`,
	`{"hand":"11122345678999m","discard":1,"drawn":null,"riichi":null,"voidSuit":null}`,
	`{"hand":"11122345678999m","discard":null}`,
	`{"hand":"11122345678999m","discard":"2m","voidSuit":"s"}`,
	`{"hand":"11122345678999m","discard":"2m","voidSuit":"z"}`,
	`{"hand":"11122345678999m","discard":"2m","voidSuit":""}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,08]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,-0]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,8.0]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,8e0]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,34]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,100]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,"9m"]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,"0m"]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,"\u0039m"]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,true]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,8,]}`,
	`{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8 8]}`,
	`{"hand":"11122345678999m",}`,
	`{"hand":"11122345678999m"}x`,
	`{"hand":"11122345678999m"}{}`,
	`{"hand":"11122345678999m","hand":"11122345678999m"}`,
	`{"hand":"11122345678999m","discard":"2m"}`,
	`{"h\u0061nd":"11122345678999m"}`,
	`{"hand":"11122345678999m", "riichi":true}`,
	`{"hand":"1z1z1z2z2z2z3z3z3z4z4z4z5z5z"}`,
	`{"hand":"11122345678999m","visible":"5555m"}`,
	`{"hand":"11122345678999m","visible":["5m","5m","5m"]}`,
	`[]`,
	`"hand"`,
	`{}`,
	`{`,
	``,
}

// fuzzSeed is one entry of a fuzz corpus of (uint8, []byte) inputs.
type fuzzSeed struct {
	which uint8
	body  []byte
}

// fuzzCorpus reads the stored corpus of the named fuzz test.
func fuzzCorpus(t testing.TB, name string) []fuzzSeed {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("read the %s corpus: %v", name, err)
	}
	var out []fuzzSeed
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatalf("read corpus entry: %v", err)
		}
		seed, err := parseFuzzSeed(data)
		if err != nil {
			t.Fatalf("corpus entry %s: %v", e.Name(), err)
		}
		out = append(out, seed)
	}
	return out
}

// parseFuzzSeed parses a "go test fuzz v1" file of a uint8 (written as
// byte('…') or uint8(…)) and a []byte("…").
func parseFuzzSeed(data []byte) (fuzzSeed, error) {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 || lines[0] != "go test fuzz v1" {
		return fuzzSeed{}, fmt.Errorf("not a two-value corpus file: %q", data)
	}
	var seed fuzzSeed
	switch first := lines[1]; {
	case strings.HasPrefix(first, "byte(") && strings.HasSuffix(first, ")"):
		r, _, _, err := strconv.UnquoteChar(strings.TrimSuffix(strings.TrimPrefix(first, "byte('"), "')"), '\'')
		if err != nil {
			return fuzzSeed{}, fmt.Errorf("first value %q: %w", first, err)
		}
		seed.which = uint8(r)
	case strings.HasPrefix(first, "uint8(") && strings.HasSuffix(first, ")"):
		n, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(first, "uint8("), ")"), 0, 8)
		if err != nil {
			return fuzzSeed{}, fmt.Errorf("first value %q: %w", first, err)
		}
		seed.which = uint8(n)
	default:
		return fuzzSeed{}, fmt.Errorf("first value %q is not a uint8", first)
	}
	quoted, ok := strings.CutPrefix(lines[2], "[]byte(")
	if !ok || !strings.HasSuffix(quoted, ")") {
		return fuzzSeed{}, fmt.Errorf("second value %q is not a []byte", lines[2])
	}
	body, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
	if err != nil {
		return fuzzSeed{}, fmt.Errorf("second value %q: %w", lines[2], err)
	}
	seed.body = []byte(body)
	return seed, nil
}

// dealtBodies deals n seeded load-benchmark bodies for each endpoint.
func dealtBodies(t testing.TB, n int) map[hands.Endpoint][][]byte {
	t.Helper()
	d := hands.NewDealer(1)
	out := map[hands.Endpoint][][]byte{}
	for range n {
		for _, ep := range hands.Endpoints {
			body, err := d.Deal(ep)
			if err != nil {
				t.Fatalf("deal a %s body: %v", ep, err)
			}
			out[ep] = append(out[ep], body)
		}
	}
	return out
}

// TestFastDecodeAgrees checks the fast decoder against the precise one on
// every body of this package's tests, on each judgment endpoint.
func TestFastDecodeAgrees(t *testing.T) {
	bodies := testBodies(t)
	accepted := 0
	for _, body := range bodies {
		for _, dt := range decodeTargets {
			if fastAgrees(t, dt, body) {
				accepted++
			}
		}
	}
	// The fast decoder must not give up on everything: the test bodies
	// hold plenty of plain valid requests.
	if accepted < 40 {
		t.Errorf("the fast decoder accepted %d of %d (body, endpoint) pairs, want at least 40", accepted, 3*len(bodies))
	}
}

// TestFastDecodeLoadBodies checks that the fast decoder accepts every body
// the load benchmark sends, as the precise decoder does, with equal results.
func TestFastDecodeLoadBodies(t *testing.T) {
	targets := map[hands.Endpoint]decodeTarget{hands.Hu: decodeTargets[0], hands.Tenpai: decodeTargets[1], hands.Discard: decodeTargets[2]}
	for ep, bodies := range dealtBodies(t, 300) {
		for _, body := range bodies {
			if !fastAgrees(t, targets[ep], body) {
				rec := httptest.NewRecorder()
				_, ok := preciseRequest(rec, body, targets[ep].stage, targets[ep].discard)
				t.Errorf("%s %s: the fast decoder gave up; the precise one accepts it: %v (%d %s)", ep, body, ok, rec.Code, rec.Body)
			}
		}
	}
}

// TestFastDecodeGivesUp checks bodies the fast decoder must leave to the
// precise one, because they are bad or outside what it reads.
func TestFastDecodeGivesUp(t *testing.T) {
	tests := []struct {
		dt   decodeTarget
		body string
	}{
		{decodeTargets[0], `{"hand":"11122345678999m","discard":"2m"}`},                                // not a /hu member
		{decodeTargets[0], `{"hand":"11122345678999m","hand":"11122345678999m"}`},                      // repeated
		{decodeTargets[0], `{"h\u0061nd":"11122345678999m"}`},                                          // escape
		{decodeTargets[0], `{"hand":[0,0,0,1,1,2,3,4,5,6,7,8,8,-0]}`},                                  // sign
		{decodeTargets[0], `{"hand":null}`},                                                            // hand missing
		{decodeTargets[0], `{"hand":"1112345678999m"}`},                                                // 13 tiles
		{decodeTargets[1], `{"hand":"1112345678999m"}x`},                                               // trailing data
		{decodeTargets[2], `{"hand":"11122345678999m"}`},                                               // discard missing
		{decodeTargets[2], `{"hand":"11122345678999m","discard":"2m","drawn":"E"}`},                    // drawn not in hand
		{decodeTargets[2], `{"hand":"11122345678999m","discard":"2m","voidSuit":"z"}`},                 // unknown suit
		{decodeTargets[0], `{"hand":"456s789pEEESS","melds":[{"type":"chi"}]}`},                        // meld tiles missing
		{decodeTargets[0], `{"hand":"11992233m445566s","rules":{"kuitan":true}}`},                      // unknown rules member
		{decodeTargets[0], `{"hand":"11992233m445566s","rules":{"hand":"1m"}}`},                        // not a rules member
		{decodeTargets[0], `{"hand":"11992233m445566s","rules":{"maxSuits":0}}`},                       // out of range
		{decodeTargets[0], `{"hand":"11992233m445566s","rules":{"melds":6}}`},                          // out of range
		{decodeTargets[0], `{"hand":"11992233m445566s","rules":{"wildcards":"11m"}}`},                  // repeated wildcard
		{decodeTargets[0], `{"hand":"11992233m445566s","rules":{"honors":false}}`},                     // contradicts thirteen orphans
		{decodeTargets[0], `{"hand":"1199m1199s1199pEE","rules":"sichuan"}`},                           // honors in the hand
		{decodeTargets[2], `{"hand":"11992233m445566s","rules":"sichuan","discard":"E"}`},              // honor discarded
		{decodeTargets[2], `{"hand":"11992233m445566s","rules":"sichuan","discard":"1m","drawn":"C"}`}, // honor drawn
	}
	for _, tt := range tests {
		if _, ok := fastRequest([]byte(tt.body), tt.dt.stage, tt.dt.discard); ok {
			t.Errorf("%s %s: the fast decoder accepted it, want it to give up", tt.dt.path, tt.body)
		}
	}
}

// TestPresetTable checks that the fast decoder's preset table holds every
// preset exactly as engine.Preset gives it, its name included, so that
// both decoders key a preset's games apart from the others'.
func TestPresetTable(t *testing.T) {
	table := presetTable()
	if len(table) != len(engine.PresetNames()) {
		t.Errorf("the preset table holds %d presets, the engine has %d", len(table), len(engine.PresetNames()))
	}
	for _, name := range engine.PresetNames() {
		want, err := engine.Preset(name)
		if err != nil {
			t.Fatalf("engine.Preset(%q): %v", name, err)
		}
		if got, ok := table[name]; !ok || got != want || got.Preset != name {
			t.Errorf("preset table[%q] = %+v (%t), want %+v named %q", name, got, ok, want, name)
		}
	}
}

// FuzzFastDecode states the fast decoder's invariant for any bytes: when
// it accepts a body, the precise decoder accepts it with an equal result.
func FuzzFastDecode(f *testing.F) {
	for _, seed := range fuzzCorpus(f, "FuzzHandlers") {
		f.Add(seed.which, seed.body)
	}
	for i, body := range testBodies(f) {
		f.Add(uint8(i), body)
	}
	for _, bodies := range dealtBodies(f, 20) {
		for i, body := range bodies {
			f.Add(uint8(i), body)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		fastAgrees(t, decodeTargets[int(which)%len(decodeTargets)], bytes.Clone(body))
	})
}
