package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkProblem checks that rec is the problem want, as
// application/problem+json.
func checkProblem(t *testing.T, rec *httptest.ResponseRecorder, want problem) {
	t.Helper()
	if rec.Code != want.Status {
		t.Errorf("status = %d, want %d", rec.Code, want.Status)
	}
	if got := rec.Header().Get("Content-Type"); got != "application/problem+json" {
		t.Errorf("Content-Type = %q, want application/problem+json", got)
	}
	var got problem
	dec := json.NewDecoder(bytes.NewReader(rec.Body.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("decode problem %s: %v", rec.Body, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problem mismatch (-want +got):\n%s", diff)
	}
}

// prob builds an expected problem of type pt.
func prob(pt problemType, detail string, errs ...fieldProblem) problem {
	return problem{Type: problemBase + pt.slug, Title: pt.title, Status: pt.status, Detail: detail, Errors: errs}
}

// fp is a field problem.
func fp(ptr, detail string) fieldProblem { return fieldProblem{Pointer: ptr, Detail: detail} }

const (
	win14  = `"123m456s789pEEESS"`
	hand14 = `"111m222s333p444mEE"`
)

func TestRequestErrors(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{MaxBodyBytes: 256})
	malformed := func(errs ...fieldProblem) problem {
		if len(errs) == 1 {
			return prob(probMalformed, errs[0].Pointer+": "+errs[0].Detail, errs...)
		}
		return prob(probMalformed, "the request body has members of the wrong JSON type or unknown members: "+
			strconv.Itoa(len(errs))+" errors, see errors", errs...)
	}
	invalid := func(errs ...fieldProblem) problem {
		if len(errs) == 1 {
			return prob(probInvalidPosition, errs[0].Pointer+": "+errs[0].Detail, errs...)
		}
		return prob(probInvalidPosition, "the request describes a position that cannot be judged: "+strconv.Itoa(len(errs))+" errors, see errors", errs...)
	}
	tests := []struct {
		name        string
		path        string
		contentType string
		body        string
		want        problem
	}{
		// 400: not one JSON object, or members of the wrong type.
		{"empty body", "/hu", "application/json", "", prob(probMalformed, "the request body is empty: send a JSON object")},
		{"blank body", "/hu", "application/json", " \n", prob(probMalformed, "the request body is empty: send a JSON object")},
		{"truncated", "/hu", "application/json", `{"hand":`, prob(probMalformed, "malformed JSON: unexpected EOF")},
		{"syntax error", "/hu", "application/json", `{"hand" "1m"}`, prob(probMalformed, `malformed JSON after 9 bytes: invalid character '"' after object key`)},
		{"trailing data", "/hu", "application/json", `{"hand":"1m"} {}`, prob(probMalformed, "unexpected data after the JSON value, from byte 13 on")},
		{"not an object", "/hu", "application/json", `["1m"]`, prob(probMalformed, "the request body: must be an object, got array", fp("", "must be an object, got array"))},
		{"unknown member", "/hu", "application/json", `{"hand":` + win14 + `,"foo":1}`, malformed(fp("/foo", "unknown member (known: hand, melds, visible, rules)"))},
		{"unknown member wins over bad tiles", "/tenpai", "application/json", `{"hand":["xx"],"a/b":1}`, malformed(fp("/a~1b", "unknown member (known: hand, melds, visible, rules)"))},
		{"repeated member", "/hu", "application/json", `{"hand":` + win14 + `,"hand":` + win14 + `}`, malformed(fp("/hand", "member given twice"))},
		{"hand of the wrong type", "/hu", "application/json", `{"hand":5}`, malformed(fp("/hand", `must be an array of tile ids and names, or a compact string like "123m456s", got number`))},
		{"tiles of the wrong type", "/hu", "application/json", `{"hand":[1,true,null,1.5,{}]}`, malformed(
			fp("/hand/1", `a tile is an id 0–33 or a name like "5m", got boolean`),
			fp("/hand/2", `a tile is an id 0–33 or a name like "5m", got null`),
			fp("/hand/3", "a tile id must be an integer 0–33, got 1.5"),
			fp("/hand/4", `a tile is an id 0–33 or a name like "5m", got object`))},
		{"rules of the wrong type", "/hu", "application/json", `{"hand":` + win14 + `,"rules":5}`, malformed(fp("/rules", "must be a preset name (guangdong, mcr, riichi, sichuan, standard, taiwan) or an object, got number"))},
		// An unknown rules member is a 422 (TestRulesErrors); a wrong type
		// beside it makes the answer a 400 listing only the malformed.
		{"rules members", "/hu", "application/json", `{"hand":` + win14 + `,"rules":{"sevenPairs":"yes","bogus":1,"melds":[]}}`, malformed(
			fp("/rules/sevenPairs", "must be a boolean, got string"),
			fp("/rules/melds", "must be an integer, got array"))},
		{"rules member given twice", "/hu", "application/json", `{"hand":` + win14 + `,"rules":{"melds":4,"melds":4}}`, malformed(fp("/rules/melds", "member given twice"))},
		{"melds of the wrong type", "/hu", "application/json", `{"hand":` + win14 + `,"melds":{}}`, malformed(fp("/melds", `must be an array of {"type", "tiles"} objects, got object`))},
		{"meld members", "/hu", "application/json", `{"hand":` + win14 + `,"melds":[5,{"type":1,"tiles":"555m","x":2}]}`, malformed(
			fp("/melds/0", "must be an object, got number"),
			fp("/melds/1/x", "unknown member (known: type, tiles)"),
			fp("/melds/1/type", "must be a string, got number"))},
		{"discard members of the wrong type", "/discard", "application/json", `{"hand":` + hand14 + `,"discard":"E","riichi":"yes","voidSuit":1,"drawn":[]}`, malformed(
			fp("/drawn", `a tile is an id 0–33 or a name like "5m", got array`),
			fp("/riichi", "must be a boolean, got string"),
			fp("/voidSuit", "must be a string, got number"))},

		// 413, 415.
		{"too large", "/hu", "application/json", `{"hand":"` + strings.Repeat("1m", 200) + `"}`, prob(probTooLarge, "the request body is over the limit of 256 bytes")},
		{"form content type", "/hu", "application/x-www-form-urlencoded", `{"hand":` + win14 + `}`, prob(probMediaType,
			`Content-Type "application/x-www-form-urlencoded" is not JSON: send -H 'Content-Type: application/json' (curl -d sends a form) or use curl --json`)},
		{"text content type", "/tenpai", "text/plain; charset=utf-8", `{}`, prob(probMediaType,
			`Content-Type "text/plain; charset=utf-8" is not JSON: send -H 'Content-Type: application/json' (curl -d sends a form) or use curl --json`)},
		{"unparsable content type", "/discard", "application/", `{}`, prob(probMediaType,
			`Content-Type "application/" is not JSON: send -H 'Content-Type: application/json' (curl -d sends a form) or use curl --json`)},

		// 422: well-formed, impossible.
		{"missing hand", "/hu", "application/json", `{"hand":null}`, invalid(fp("/hand", "required: the concealed tiles"))},
		{"unknown tiles", "/hu", "application/json", `{"hand":["1m","xx",40,"9m","0z","8z",-1,"2m","3m"]}`, invalid(
			fp("/hand/1", `unknown tile "xx": not a tile name (want 1m–9m, 1s–9s, 1p–9p, a red five 0m 0s 0p, 1z–7z or E S W N C F P)`),
			fp("/hand/2", "unknown tile id 40: tile ids are 0–33"),
			fp("/hand/4", `unknown tile "0z": honors are 1z–7z`),
			fp("/hand/5", `unknown tile "8z": honors are 1z–7z`),
			fp("/hand/6", "unknown tile id -1: tile ids are 0–33"))},
		{"huge tile id", "/hu", "application/json", `{"hand":[99999999999999999999]}`, invalid(fp("/hand/0", "unknown tile id 99999999999999999999: tile ids are 0–33"))},
		{"bad compact string", "/hu", "application/json", `{"hand":"123m45x"}`, invalid(fp("/hand", `unknown tile "45x" at offset 4: digits with no suit letter`))},
		{"errors across members", "/tenpai", "application/json", `{"hand":["1m","xx"],"visible":[50],"rules":"chinese"}`, invalid(
			fp("/hand/1", `unknown tile "xx": not a tile name (want 1m–9m, 1s–9s, 1p–9p, a red five 0m 0s 0p, 1z–7z or E S W N C F P)`),
			fp("/visible/0", "unknown tile id 50: tile ids are 0–33"),
			fp("/rules", `unknown rules preset "chinese" (known: guangdong, mcr, riichi, sichuan, standard, taiwan)`))},
		{"wrong count for hu", "/hu", "application/json", `{"hand":"123m"}`, invalid(fp("/hand",
			"expected 14 concealed tiles for a complete hand with 0 declared meld(s) (14 tiles, counting 3 per meld), got 3"))},
		{"wrong count for tenpai", "/tenpai", "application/json", `{"hand":` + win14 + `}`, invalid(fp("/hand",
			"expected 13 concealed tiles for a waiting hand with 0 declared meld(s) (13 tiles, counting 3 per meld), got 14"))},
		{"fifth copy in hand", "/hu", "application/json", `{"hand":"11111m234567899m"}`, invalid(fp("/hand/4",
			"a 5th 1m: a set holds only 4 copies of each tile across hand, melds and visible tiles"))},
		{"fifth copy in visible", "/hu", "application/json", `{"hand":` + win14 + `,"visible":["E",27]}`, invalid(fp("/visible/1",
			"a 5th E: a set holds only 4 copies of each tile across hand, melds and visible tiles"))},
		{"invalid meld", "/hu", "application/json", `{"hand":"456s789pEEESS","melds":[{"type":"chi","tiles":"135m"}]}`, invalid(fp("/melds/0",
			"chi needs 3 consecutive tiles of one suit, got 135m"))},
		{"unknown meld type", "/hu", "application/json", `{"hand":"456s789pEEESS","melds":[{"type":"chow","tiles":"123m"}]}`, invalid(fp("/melds/0/type",
			`unknown meld type "chow" (want chi, pon, kan or ankan)`))},
		{"meld members missing", "/hu", "application/json", `{"hand":"456s789pEEESS","melds":[{}]}`, invalid(
			fp("/melds/0/type", "required: chi, pon, kan or ankan"),
			fp("/melds/0/tiles", "required: the meld's tiles"))},
		{"meld tile", "/hu", "application/json", `{"hand":"456s789pEEESS","melds":[{"type":"pon","tiles":["5m","5m","5q"]}]}`, invalid(fp("/melds/0/tiles/2",
			`unknown tile "5q": unknown suit letter (want m, s, p or z)`))},
		{"unknown preset", "/hu", "application/json", `{"hand":` + win14 + `,"rules":"chinese"}`, invalid(fp("/rules",
			`unknown rules preset "chinese" (known: guangdong, mcr, riichi, sichuan, standard, taiwan)`))},
		{"unknown preset in object", "/hu", "application/json", `{"hand":` + win14 + `,"rules":{"preset":"chinese","thirteenOrphans":false}}`, invalid(fp("/rules/preset",
			`unknown rules preset "chinese" (known: guangdong, mcr, riichi, sichuan, standard, taiwan)`))},
		{"discard missing", "/discard", "application/json", `{"hand":` + hand14 + `}`, invalid(fp("/discard", "required: the tile to discard"))},
		{"discard unknown", "/discard", "application/json", `{"hand":` + hand14 + `,"discard":"9x"}`, invalid(fp("/discard",
			`unknown tile "9x": unknown suit letter (want m, s, p or z)`))},
		{"drawn not in hand", "/discard", "application/json", `{"hand":` + hand14 + `,"discard":"E","drawn":"5m"}`, invalid(fp("/drawn",
			"the drawn tile 5m is not in the hand"))},
		{"unknown void suit", "/discard", "application/json", `{"hand":` + hand14 + `,"discard":"E","voidSuit":"z"}`, invalid(fp("/voidSuit",
			`unknown suit "z": the void suit is "m", "s" or "p"`))},
		{"discard and position errors", "/discard", "application/json", `{"hand":"111m","discard":40,"voidSuit":"honors"}`, invalid(
			fp("/hand", "expected 14 concealed tiles for a complete hand with 0 declared meld(s) (14 tiles, counting 3 per meld), got 3"),
			fp("/discard", "unknown tile id 40: tile ids are 0–33"),
			fp("/voidSuit", `unknown suit "honors": the void suit is "m", "s" or "p"`))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := call(t, h, http.MethodPost, tt.path, tt.contentType, tt.body)
			checkProblem(t, rec, tt.want)
			if got := rec.Header().Get("X-Cache"); got != "" {
				t.Errorf("X-Cache = %q on an error, want none", got)
			}
		})
	}
}

func TestContentTypesReadAsJSON(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{})
	for _, ct := range []string{"", "application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.judged+json"} {
		t.Run(ct, func(t *testing.T) {
			rec := call(t, h, http.MethodPost, "/tenpai", ct, `{"hand":"123m456s789p23pEE"}`)
			if rec.Code != http.StatusOK {
				t.Errorf("status = %d, want 200; body: %s", rec.Code, rec.Body)
			}
		})
	}
}

func TestRoutingErrors(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{})
	tests := []struct {
		method, path string
		allow        string
		want         problem
	}{
		{http.MethodGet, "/nope", "", prob(probNotFound, "no route for GET /nope")},
		{http.MethodPost, "/hu/", "", prob(probNotFound, "no route for POST /hu/")},
		{http.MethodGet, "/hu", "POST", prob(probMethodNotAllowed, "GET /hu is not served; allowed: POST")},
		{http.MethodPut, "/discard", "POST", prob(probMethodNotAllowed, "PUT /discard is not served; allowed: POST")},
		{http.MethodPost, "/healthz", "GET", prob(probMethodNotAllowed, "POST /healthz is not served; allowed: GET")},
		{"BREW", "/tenpai", "POST", prob(probMethodNotAllowed, "BREW /tenpai is not served; allowed: POST")},
		{"BREW", "/coffee", "", prob(probNotFound, "no route for BREW /coffee")},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			rec := call(t, h, tt.method, tt.path, "", "")
			checkProblem(t, rec, tt.want)
			if got := rec.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow = %q, want %q", got, tt.allow)
			}
		})
	}
}
