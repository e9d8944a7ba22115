package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"

	"github.com/judged/judged/bench/hands"
	"github.com/judged/judged/internal/engine"
)

// encodingJSON is what writeBody sends for v: json.Encoder's output.
func encodingJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatalf("encode %T: %v", v, err)
	}
	return buf.Bytes()
}

// checkAppendJSON checks that v appends exactly json.Encoder's bytes.
func checkAppendJSON(t *testing.T, what string, v jsonAppender) {
	t.Helper()
	got := append(v.appendJSON(nil), '\n')
	if want := encodingJSON(t, v); !bytes.Equal(got, want) {
		t.Fatalf("%s: appendJSON wrote\n%s\nencoding/json writes\n%s", what, got, want)
	}
}

// TestAppendJSONMatchesEncodingJSON encodes the answers to the load
// benchmark's positions (every discard of each /discard position, with
// and without riichi, so that valid and refused discards both appear) and
// compares them with encoding/json's bytes.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	n := 0
	for ep, bodies := range dealtBodies(t, 200) {
		for _, body := range bodies {
			rec := httptest.NewRecorder()
			switch ep {
			case hands.Hu:
				req, ok := preciseRequest(rec, body, engine.Complete, false)
				if !ok {
					t.Fatalf("/hu %s: %d %s", body, rec.Code, rec.Body)
				}
				resp := newHuResponse(&req.pos, judgeHu(&req.pos))
				checkAppendJSON(t, "/hu "+string(body), &resp)
				n++
			case hands.Tenpai:
				req, ok := preciseRequest(rec, body, engine.Waiting, false)
				if !ok {
					t.Fatalf("/tenpai %s: %d %s", body, rec.Code, rec.Body)
				}
				resp := newTenpaiResponse(&req.pos, judgeTenpai(&req.pos))
				checkAppendJSON(t, "/tenpai "+string(body), &resp)
				n++
			case hands.Discard:
				req, ok := preciseRequest(rec, body, engine.Complete, true)
				if !ok {
					t.Fatalf("/discard %s: %d %s", body, rec.Code, rec.Body)
				}
				res := judgeDiscard(&req.pos)
				hand := req.pos.Hand()
				for _, tile := range hand.Kinds() {
					for _, riichi := range []bool{false, true} {
						q := req.query
						q.Tile, q.Riichi = tile, riichi
						resp := newDiscardResponse(&req.pos, q, res)
						checkAppendJSON(t, "/discard "+string(body)+" discarding "+tileName(tile), &resp)
						n++
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("compared %d answers, want at least 1000", n)
	}
}

// TestAppendJSONEdges compares encodings of zero values (nil lists are
// null), empty lists and strings that need escaping.
func TestAppendJSONEdges(t *testing.T) {
	odd := "<a href=\"x\">&\\\x00\x1f\u2028\u2029é\xff"
	reason := odd
	tests := []struct {
		name string
		v    jsonAppender
	}{
		{"zero hu", &huResponse{}},
		{"zero tenpai", &tenpaiResponse{}},
		{"zero discard", &discardResponse{}},
		{"empty lists", &tenpaiResponse{Waits: []waitEntry{}, Effective: []tileEntry{}}},
		{"odd hu", &huResponse{Hu: true, Forms: []string{odd, ""}, Decompositions: []decomposition{{Pair: 33, Melds: []block{{Type: odd, Tiles: [3]int{-1, 0, 1 << 40}}}}, {}}, Shanten: -1, Notation: odd}},
		{"wildcard hu", &huResponse{Decompositions: []decomposition{
			{Pair: 4, PairWildcards: []int{0, 1}, Melds: []block{{Type: "sequence", Tiles: [3]int{0, 1, 2}, Wildcards: []int{1}}, {Wildcards: []int{}}}},
			{PairWildcards: []int{}},
		}, WildcardCount: new(3)}},
		{"wildcard tenpai", &tenpaiResponse{WildcardCount: new(0)}},
		{"odd tenpai", &tenpaiResponse{Waits: []waitEntry{{tileEntry: tileEntry{Name: odd, Remaining: -3}, Forms: []string{}}}, Effective: []tileEntry{{Tile: 255, Name: odd}}}},
		{"odd discard", &discardResponse{Valid: true, Reason: &reason, After: &afterDiscard{Waits: []waitEntry{{}}}, Options: []option{{Name: odd, Effective: []tileEntry{{}}}, {}}}},
	}
	for _, tt := range tests {
		checkAppendJSON(t, tt.name, tt.v)
	}
}

// TestWriteResponse checks the headers and body writeResponse sends, twice,
// so that the second answer comes from a reused buffer.
func TestWriteResponse(t *testing.T) {
	for i, resp := range []huResponse{{Forms: []string{"standard"}, Notation: "11122345678999m"}, {Notation: "1m"}} {
		rec := httptest.NewRecorder()
		writeResponse(rec, http.StatusOK, resp.appendJSON)
		want := encodingJSON(t, &resp)
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("answer %d: got %d %q, want 200 %q", i, rec.Code, rec.Body, want)
		}
		if got := rec.Header().Get("Content-Type"); got != "application/json" {
			t.Errorf("answer %d: Content-Type %q, want application/json", i, got)
		}
		if got, want := rec.Header().Get("Content-Length"), len(want); got != strconv.Itoa(want) {
			t.Errorf("answer %d: Content-Length %q, want %d", i, got, want)
		}
	}
}

// TestNamesTables checks that the shared name tables cover every form and
// shape the engine reports, the variant ones included.
func TestNamesTables(t *testing.T) {
	shapes := []struct {
		s    engine.Shape
		name string
	}{
		{engine.TwoSided, "twoSided"}, {engine.Closed, "closed"}, {engine.Edge, "edge"}, {engine.Single, "single"},
		{engine.DualPon, "dualPon"}, {engine.SevenPairsWait, "sevenPairs"}, {engine.ThirteenOrphansWait, "thirteenOrphans"},
		{engine.HonorsAndKnittedWait, "honorsAndKnitted"}, {engine.KnittedStraightWait, "knittedStraight"}, {engine.WildcardWait, "wildcard"},
	}
	var all engine.Shapes
	var allNames []string
	for _, sh := range shapes {
		all |= engine.Shapes(sh.s)
		allNames = append(allNames, sh.name)
		if got := shapeNames()[engine.Shapes(sh.s)]; !slices.Equal(got, []string{sh.name}) {
			t.Errorf("shapeNames()[%d] = %q, want [%q]", sh.s, got, sh.name)
		}
	}
	if int(all) != len(shapeNames())-1 {
		t.Errorf("the shapes' union is %#x, the table has %d entries: want exactly the sets of the %d shapes", all, len(shapeNames()), len(shapes))
	}
	if got := shapeNames()[all]; !slices.Equal(got, allNames) {
		t.Errorf("shapeNames()[%#x] = %q, want %q", all, got, allNames)
	}
	forms := engine.Forms(engine.HonorsAndKnitted | engine.GreaterHonorsAndKnitted | engine.KnittedStraight)
	if got, want := formNames()[forms], []string{"honorsAndKnitted", "greaterHonorsAndKnitted", "knittedStraight"}; !slices.Equal(got, want) {
		t.Errorf("formNames()[%#x] = %q, want %q", forms, got, want)
	}
}
