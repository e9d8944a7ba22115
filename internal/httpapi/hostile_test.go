package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/judged/judged/internal/httpapi"
)

// Problem type URIs as clients see them.
const (
	typeMalformed = "https://judged.dev/problems/malformed-request"
	typeTooLarge  = "https://judged.dev/problems/body-too-large"
	typeInvalid   = "https://judged.dev/problems/invalid-position"
)

// Positions the hostile bodies are built around.
const (
	hostileWin  = `"123m456s789pEEESS"` // 14 tiles, a win
	hostileWait = `"123m456s789p23pEE"` // 13 tiles, ready
)

// nested returns depth opening brackets, inner, and the closing ones.
func nested(depth int, inner string) string {
	return strings.Repeat("[", depth) + inner + strings.Repeat("]", depth)
}

// repeatList returns a JSON array of n copies of elem.
func repeatList(elem string, n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat(elem+",", n), ",") + "]"
}

// hostileAnswer is what a hostile request must get: a status, and for a
// problem its type and the pointer of its first error ("" for none).
type hostileAnswer struct {
	status  int
	typ     string
	pointer string
}

var (
	ok200 = hostileAnswer{status: http.StatusOK}
	// bad400 is a malformed request whose first error is at ptr.
	bad400 = func(ptr string) hostileAnswer { return hostileAnswer{http.StatusBadRequest, typeMalformed, ptr} }
	// bad422 is an impossible position whose first error is at ptr.
	bad422 = func(ptr string) hostileAnswer { return hostileAnswer{http.StatusUnprocessableEntity, typeInvalid, ptr} }
	// tooLarge is a body over the limit.
	tooLarge = hostileAnswer{http.StatusRequestEntityTooLarge, typeTooLarge, ""}
	// notJSON is a body that is not exactly one JSON value: no errors list.
	notJSON = hostileAnswer{http.StatusBadRequest, typeMalformed, ""}
)

// TestHostileInputs sends bodies built to hurt a JSON API and checks each
// gets its documented answer: never a 5xx, never a hang, and a problem
// type that says what was wrong.
//
// Repeated member names are rejected (400, "member given twice" at the
// member's pointer) rather than resolved as encoding/json would (the last
// one wins), so a client never has its request read differently from how
// it meant it. Invalid UTF-8 inside strings is read as U+FFFD, as
// encoding/json does, and so is an unknown tile (422) or member (400).
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	api := httpapi.NewAPI(httpapi.Config{CacheSize: 16}) // the default 64 KiB body limit
	tests := []struct {
		name string
		path string
		body string
		want hostileAnswer
	}{
		// Structure.
		{"empty body", "/hu", "", notJSON},
		{"whitespace only", "/tenpai", " \r\n\t ", notJSON},
		{"trailing data", "/hu", `{"hand":` + hostileWin + `}{"hand":` + hostileWin + `}`, notJSON},
		{"trailing garbage", "/tenpai", `{"hand":` + hostileWait + `}x`, notJSON},
		{"byte order mark", "/hu", "\xef\xbb\xbf{\"hand\":" + hostileWin + "}", notJSON},
		{"NUL byte", "/hu", "{\"hand\":" + hostileWin + "}\x00", notJSON},
		{"JSON null", "/hu", `null`, bad400("")},
		{"JSON string", "/hu", `"123m456s789pEEESS"`, bad400("")},
		{"nested arrays past encoding/json's depth limit", "/hu", nested(20_000, ""), notJSON},
		{"deep nesting as the hand", "/hu", `{"hand":` + nested(5_000, "1") + `}`, bad400("/hand/0")},
		{"deep nesting as rules", "/hu", `{"hand":` + hostileWin + `,"rules":` + nested(5_000, "") + `}`, bad400("/rules")},
		{"deep objects as a meld", "/hu", `{"hand":` + hostileWin + `,"melds":[` + strings.Repeat(`{"a":`, 5_000) + `1` + strings.Repeat(`}`, 5_000) + `]}`, bad400("/melds/0/a")},

		// Size.
		{"1 MB body", "/hu", `{"hand":"` + strings.Repeat("1m", 512<<10) + `"}`, tooLarge},
		{"1 MB of whitespace", "/tenpai", strings.Repeat(" ", 1<<20), tooLarge},
		{"10,000 tile ids in the hand", "/hu", `{"hand":` + repeatList("1", 10_000) + `}`, bad422("/hand/4")},
		{"10,000 tile names as visible tiles", "/hu", `{"hand":` + hostileWin + `,"visible":` + repeatList(`"9p"`, 10_000) + `}`, bad422("/visible/3")},
		{"10,000 bad tiles", "/tenpai", `{"hand":` + repeatList(`"x"`, 10_000) + `}`, bad422("/hand/0")},
		{"2,000 melds", "/hu", `{"hand":` + hostileWin + `,"melds":` + repeatList(`{"type":"pon","tiles":"111m"}`, 2_000) + `}`, bad422("/melds")},
		{"a compact string of 20,000 tiles", "/hu", `{"hand":"` + strings.Repeat("1m", 20_000) + `"}`, bad422("/hand/4")},

		// Numbers.
		{"huge tile id", "/hu", `{"hand":[99999999999999999999999999999999]}`, bad422("/hand/0")},
		{"huge negative tile id", "/hu", `{"hand":[-99999999999999999999999999999999]}`, bad422("/hand/0")},
		{"negative tile id", "/tenpai", `{"hand":[-1]}`, bad422("/hand/0")},
		{"negative discard", "/discard", `{"hand":` + hostileWin + `,"discard":-1}`, bad422("/discard")},
		{"huge discard", "/discard", `{"hand":` + hostileWin + `,"discard":18446744073709551616}`, bad422("/discard")},
		{"huge id in a meld", "/hu", `{"hand":"456s789pEEESS","melds":[{"type":"chi","tiles":[1e999]}]}`, bad400("/melds/0/tiles/0")},
		{"float tile id", "/hu", `{"hand":[1.5]}`, bad400("/hand/0")},
		{"integral float tile id", "/hu", `{"hand":[1.0]}`, bad400("/hand/0")},
		{"exponent tile id", "/hu", `{"hand":[1e1]}`, bad400("/hand/0")},
		{"float drawn tile", "/discard", `{"hand":` + hostileWin + `,"discard":"E","drawn":27.0}`, bad400("/drawn")},
		{"number as riichi", "/discard", `{"hand":` + hostileWin + `,"discard":"E","riichi":1}`, bad400("/riichi")},

		// Nulls: a member given as null is a member not given.
		{"null hand", "/hu", `{"hand":null}`, bad422("/hand")},
		{"null optional members", "/hu", `{"hand":` + hostileWin + `,"melds":null,"visible":null,"rules":null}`, ok200},
		{"null discard", "/discard", `{"hand":` + hostileWin + `,"discard":null}`, bad422("/discard")},
		{"null tile", "/hu", `{"hand":[0,null]}`, bad400("/hand/1")},
		{"null meld", "/hu", `{"hand":` + hostileWin + `,"melds":[null]}`, bad400("/melds/0")},
		{"null rules member", "/hu", `{"hand":` + hostileWin + `,"rules":{"sevenPairs":null}}`, ok200},

		// Repeated member names.
		{"repeated hand", "/hu", `{"hand":"1m","hand":` + hostileWin + `}`, bad400("/hand")},
		{"repeated hand, the first one valid", "/hu", `{"hand":` + hostileWin + `,"hand":"1m"}`, bad400("/hand")},
		{"repeated member in rules", "/hu", `{"hand":` + hostileWin + `,"rules":{"sevenPairs":true,"sevenPairs":false}}`, bad400("/rules/sevenPairs")},
		{"repeated member in a meld", "/hu", `{"hand":"456s789pEEESS","melds":[{"type":"chi","type":"pon","tiles":"123m"}]}`, bad400("/melds/0/type")},
		{"repeated discard", "/discard", `{"hand":` + hostileWin + `,"discard":"E","discard":"1m"}`, bad400("/discard")},

		// Wrong JSON types, one field at a time.
		{"hand: boolean", "/hu", `{"hand":true}`, bad400("/hand")},
		{"hand: object", "/hu", `{"hand":{"0":1}}`, bad400("/hand")},
		{"melds: string", "/hu", `{"hand":` + hostileWin + `,"melds":"123m"}`, bad400("/melds")},
		{"meld type: array", "/hu", `{"hand":"456s789pEEESS","melds":[{"type":["chi"],"tiles":"123m"}]}`, bad400("/melds/0/type")},
		{"meld tiles: number", "/hu", `{"hand":"456s789pEEESS","melds":[{"type":"chi","tiles":123}]}`, bad400("/melds/0/tiles")},
		{"visible: object", "/tenpai", `{"hand":` + hostileWait + `,"visible":{}}`, bad400("/visible")},
		{"rules: array", "/tenpai", `{"hand":` + hostileWait + `,"rules":["standard"]}`, bad400("/rules")},
		{"rules preset: boolean", "/tenpai", `{"hand":` + hostileWait + `,"rules":{"preset":true}}`, bad400("/rules/preset")},
		{"rules sevenPairs: string", "/tenpai", `{"hand":` + hostileWait + `,"rules":{"sevenPairs":"false"}}`, bad400("/rules/sevenPairs")},
		{"discard: array", "/discard", `{"hand":` + hostileWin + `,"discard":["E"]}`, bad400("/discard")},
		{"drawn: object", "/discard", `{"hand":` + hostileWin + `,"discard":"E","drawn":{}}`, bad400("/drawn")},
		{"riichi: string", "/discard", `{"hand":` + hostileWin + `,"discard":"E","riichi":"true"}`, bad400("/riichi")},
		{"voidSuit: boolean", "/discard", `{"hand":` + hostileWin + `,"discard":"E","voidSuit":false}`, bad400("/voidSuit")},

		// Text.
		{"invalid UTF-8 in the hand", "/hu", "{\"hand\":\"\xff\xfe\"}", bad422("/hand")},
		{"invalid UTF-8 in a tile name", "/hu", "{\"hand\":[\"1\xc0\"]}", bad422("/hand/0")},
		{"invalid UTF-8 in a member name", "/hu", "{\"hand\":" + hostileWin + ",\"\xffhand\":1}", bad400("/\ufffdhand")},
		{"invalid UTF-8 as the preset", "/hu", "{\"hand\":" + hostileWin + ",\"rules\":\"\xed\xa0\x80\"}", bad422("/rules")},
		{"lone surrogate escape", "/hu", `{"hand":"\ud800"}`, bad422("/hand")},
		{"escaped NUL in a tile name", "/hu", `{"hand":["1m\u0000"]}`, bad422("/hand/0")},
		{"member name that needs pointer escaping", "/hu", `{"hand":` + hostileWin + `,"~a/b":1}`, bad400("/~0a~1b")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, tt.path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, req)
			checkHostileAnswer(t, rec, tt.want)
		})
	}
}

// TestHostileBodyWithoutLength sends 1 MB with no Content-Length (a
// streamed body): the limit still cuts it at 64 KiB.
func TestHostileBodyWithoutLength(t *testing.T) {
	t.Parallel()
	api := httpapi.NewAPI(httpapi.Config{})
	body := &countingReader{r: strings.NewReader(`{"hand":"` + strings.Repeat("1m", 512<<10) + `"}`)}
	req := httptest.NewRequest(http.MethodPost, "/hu", io.NopCloser(body))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	checkHostileAnswer(t, rec, tooLarge)
	if limit := int64(httpapi.DefaultMaxBodyBytes); body.n > 2*limit {
		t.Errorf("the handler read %d bytes of a body over the %d-byte limit, want it to stop near the limit", body.n, limit)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// checkHostileAnswer checks the status, Content-Type, problem type and
// first error pointer of an answer.
func checkHostileAnswer(t *testing.T, rec *httptest.ResponseRecorder, want hostileAnswer) {
	t.Helper()
	if rec.Code != want.status {
		t.Fatalf("status = %d, want %d; body: %.300s", rec.Code, want.status, rec.Body)
	}
	if want.status == http.StatusOK {
		return
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Errorf("Content-Type = %q, want application/problem+json", ct)
	}
	var p struct {
		Type   string `json:"type"`
		Status int    `json:"status"`
		Errors []struct {
			Pointer string `json:"pointer"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("problem body %.300q is not JSON: %v", rec.Body, err)
	}
	if p.Type != want.typ || p.Status != want.status {
		t.Errorf("problem type %q, status %d; want %q, %d", p.Type, p.Status, want.typ, want.status)
	}
	got := ""
	if len(p.Errors) > 0 {
		got = p.Errors[0].Pointer
	}
	if got != want.pointer {
		t.Errorf("first error pointer = %q (%d errors), want %q; body: %.300s", got, len(p.Errors), want.pointer, rec.Body)
	}
}
