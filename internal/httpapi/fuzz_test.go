package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/judged/judged/internal/httpapi"
)

// fuzzPaths are the judgment endpoints a fuzzed body is sent to, picked by
// the fuzzer's first argument.
var fuzzPaths = []string{"/hu", "/tenpai", "/discard"}

// fuzzBodyLimit is small so that the fuzzer reaches the 413 path too.
const fuzzBodyLimit = 2048

// problemStatus maps each problem type a judgment may answer with to its
// status. A problem of any other type (internal-error above all) or with
// any other status breaks the API's promise about bad input.
var problemStatus = map[string]int{
	"https://judged.dev/problems/malformed-request": http.StatusBadRequest,
	"https://judged.dev/problems/body-too-large":    http.StatusRequestEntityTooLarge,
	"https://judged.dev/problems/invalid-position":  http.StatusUnprocessableEntity,
}

// FuzzHandlers sends any bytes as the body of each judgment through the
// real API handler (decoding, validation, cache, engine, encoding,
// middleware). The answer must be a 200 JSON object or a 400, 413 or 422
// problem whose type matches its status, never a 5xx or a panic.
func FuzzHandlers(f *testing.F) {
	seeds := []string{
		`{"hand":"123m456s789pEEESS"}`,
		`{"hand":"123m456s789p23pEE"}`,
		`{"hand":["1m",1,"3m",9,"5s","6s",18,19,"9p","E","E","1z",31,"C"],"discard":"C","drawn":31,"riichi":true}`,
		`{"hand":"456s789pEEESS","melds":[{"type":"chi","tiles":"123m"}],"visible":"5555p"}`,
		`{"hand":"1199m1199s1199pEE","rules":{"preset":"riichi","sevenPairs":false}}`,
		`{"hand":"19m19s19pESWNCFPP","discard":"P","voidSuit":"m"}`,
		`{"hand":"11112222333344m","melds":[{"type":"ankan","tiles":[27,27,27,27]}],"rules":"standard"}`,
		`{"hand":"147m25s36pESWNCFP","rules":"mcr"}`,
		`{"hand":"147m258s369pEE","melds":[{"type":"chi","tiles":"123s"}],"rules":{"preset":"mcr","sevenPairsFourAlike":false}}`,
		`{"hand":"111122m44556677s","rules":"sichuan","discard":"1m","voidSuit":"p"}`,
		`{"hand":"123m456s789p11s555s","rules":{"maxSuits":2,"honors":false,"thirteenOrphans":false}}`,
		`{"hand":"123m456s78pEESSPP","rules":{"preset":"guangdong","wildcards":["P","5m"]},"discard":"P"}`,
		`{"hand":"PPPPCCCC1m2m3mEE","rules":{"wildcards":"PC"}}`,
		`{"hand":"123m456s789pEEESS","rules":{"preset":"mcr","kuitan":true,"melds":4}}`,
		`{"hand":"123m456m789m123s45sEE","rules":"taiwan","visible":"3s"}`,
		`{"hand":"E","melds":[{"type":"pon","tiles":"111m"},{"type":"pon","tiles":"222m"},{"type":"chi","tiles":"345s"},{"type":"kan","tiles":"4444p"},{"type":"ankan","tiles":"5555p"}],"rules":{"melds":5,"sevenPairs":false,"thirteenOrphans":false,"wildcards":["E"]}}`,
		`{"hand":[[[[[]]]]]}`,
		`{"hand":"123m","hand":"456m"}`,
		`{"hand":[1e400,-0,1.0,99999999999999999999]}`,
		`{"hand":"\u0000\ud800"}`,
		"{\"hand\":\"\xff\xfe\"}",
		`{} {}`,
		``,
		`null`,
	}
	for i, s := range seeds {
		for k := range fuzzPaths {
			f.Add(uint8(i+k), []byte(s))
		}
	}
	api := httpapi.NewAPI(httpapi.Config{CacheSize: 64, MaxBodyBytes: fuzzBodyLimit})
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := fuzzPaths[int(which)%len(fuzzPaths)]
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, req)
		checkJudgmentAnswer(t, path, body, rec)
	})
}

// checkJudgmentAnswer checks the fuzzing invariant on one answer.
func checkJudgmentAnswer(t *testing.T, path string, body []byte, rec *httptest.ResponseRecorder) {
	t.Helper()
	ct := rec.Header().Get("Content-Type")
	if rec.Code == http.StatusOK {
		if ct != "application/json" {
			t.Fatalf("POST %s %q: 200 with Content-Type %q, want application/json", path, body, ct)
		}
		var v map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("POST %s %q: 200 body %q is not a JSON object: %v", path, body, rec.Body, err)
		}
		return
	}
	want, known := 0, false
	var p struct {
		Type   string `json:"type"`
		Title  string `json:"title"`
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}
	err := json.Unmarshal(rec.Body.Bytes(), &p)
	if err == nil {
		want, known = problemStatus[p.Type]
	}
	switch {
	case ct != "application/problem+json":
		t.Fatalf("POST %s %q: status %d with Content-Type %q, want application/problem+json; body %q", path, body, rec.Code, ct, rec.Body)
	case err != nil:
		t.Fatalf("POST %s %q: status %d, problem body %q is not JSON: %v", path, body, rec.Code, rec.Body, err)
	case !known:
		t.Fatalf("POST %s %q: status %d, problem type %q, want one of %v", path, body, rec.Code, p.Type, problemStatus)
	case rec.Code != want || p.Status != want:
		t.Fatalf("POST %s %q: status %d, problem status %d, type %q; want %d for that type", path, body, rec.Code, p.Status, p.Type, want)
	case p.Title == "" || p.Detail == "":
		t.Fatalf("POST %s %q: problem %+v lacks a title or detail", path, body, p)
	case strings.Contains(p.Detail, "goroutine ") || strings.Contains(p.Detail, ".go:"):
		t.Fatalf("POST %s %q: problem detail leaks internals: %q", path, body, p.Detail)
	}
	if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(rec.Body.Len()) {
		t.Fatalf("POST %s %q: Content-Length %q for a %d-byte body", path, body, got, rec.Body.Len())
	}
}
