package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/google/go-cmp/cmp"

	"github.com/judged/judged/api"
	"github.com/judged/judged/internal/httpapi"
)

// The contract tests hold api/openapi.yaml and the handler to each other:
// the document must be valid OpenAPI, every request the spec calls valid
// must be answered as the spec says, requests the server rejects must be
// rejected by the spec too where a schema can say so, every response must
// validate against the spec, and every example in the spec must be the
// exact answer the handler gives.

// serverURL is the spec's server; requests are addressed to it so the
// router matches them.
const serverURL = "http://localhost:8080"

// contract is the loaded spec with a router over its operations.
type contract struct {
	doc    *openapi3.T
	router routers.Router
}

// loadContract loads and validates api.Spec() (examples included).
func loadContract(t *testing.T) *contract {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.Spec())
	if err != nil {
		t.Fatalf("load api/openapi.yaml: %v", err)
	}
	if err := doc.Validate(loader.Context, openapi3.EnableExamplesValidation()); err != nil {
		t.Fatalf("api/openapi.yaml is not valid OpenAPI: %v", err)
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("route api/openapi.yaml: %v", err)
	}
	return &contract{doc: doc, router: router}
}

// exchange is one request to the handler, as sent, with the answer.
type exchange struct {
	method, path, contentType string
	body                      []byte
	rec                       *httptest.ResponseRecorder
}

// request builds the exchange's request afresh (bodies are read once).
func (x *exchange) request() *http.Request {
	req := httptest.NewRequest(x.method, serverURL+x.path, bytes.NewReader(x.body))
	if x.contentType != "" {
		req.Header.Set("Content-Type", x.contentType)
	}
	return req
}

// serve sends x to h and records the answer.
func (x *exchange) serve(h http.Handler) *exchange {
	x.rec = httptest.NewRecorder()
	h.ServeHTTP(x.rec, x.request())
	return x
}

// requestInput returns the validation input of x's request, or the
// router's error when the spec has no operation for it.
func (c *contract) requestInput(x *exchange) (*openapi3filter.RequestValidationInput, error) {
	req := x.request()
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		return nil, err
	}
	return &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{MultiError: true},
	}, nil
}

// validateRequest returns why the spec rejects x's request, or nil.
func (c *contract) validateRequest(x *exchange) error {
	in, err := c.requestInput(x)
	if err != nil {
		return err
	}
	return openapi3filter.ValidateRequest(context.Background(), in)
}

// checkResponse validates x's answer against the operation's responses,
// failing on any status the operation does not document. An answer to a
// request the spec has no operation for (404, 405) is checked against the
// components response named fallback.
func (c *contract) checkResponse(t *testing.T, x *exchange, fallback string) {
	t.Helper()
	in, err := c.requestInput(x)
	if err != nil {
		c.checkComponentResponse(t, x, fallback)
		return
	}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 x.rec.Code,
		Header:                 x.rec.Header(),
		Body:                   io.NopCloser(bytes.NewReader(x.rec.Body.Bytes())),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	})
	if err != nil {
		t.Errorf("%s %s answered %d %s, which the spec does not allow: %v", x.method, x.path, x.rec.Code, x.rec.Body, err)
	}
}

// checkComponentResponse validates x's answer against the components
// response name: its required headers and its content's schema.
func (c *contract) checkComponentResponse(t *testing.T, x *exchange, name string) {
	t.Helper()
	ref := c.doc.Components.Responses[name]
	if name == "" || ref == nil || ref.Value == nil {
		t.Fatalf("%s %s has no operation in the spec and no components response %q to check against", x.method, x.path, name)
	}
	for hname, h := range ref.Value.Headers {
		v := x.rec.Header().Get(hname)
		if v == "" {
			if h.Value.Required {
				t.Errorf("%s %s: header %s missing (response %s requires it)", x.method, x.path, hname, name)
			}
			continue
		}
		if err := h.Value.Schema.Value.VisitJSON(v); err != nil {
			t.Errorf("%s %s: header %s: %q: %v", x.method, x.path, hname, v, err)
		}
	}
	ct := x.rec.Header().Get("Content-Type")
	media := ref.Value.Content.Get(ct)
	if media == nil {
		t.Fatalf("%s %s: Content-Type %q is not one of response %s's", x.method, x.path, ct, name)
	}
	var body any
	if err := json.Unmarshal(x.rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("%s %s: body %q: %v", x.method, x.path, x.rec.Body, err)
	}
	if err := media.Schema.Value.VisitJSON(body); err != nil {
		t.Errorf("%s %s: body does not match response %s: %v", x.method, x.path, name, err)
	}
}

// checkExample fails unless x's body is exactly the value of the
// components example name.
func (c *contract) checkExample(t *testing.T, x *exchange, name string) {
	t.Helper()
	ex := c.doc.Components.Examples[name]
	if ex == nil || ex.Value == nil {
		t.Fatalf("no components example %q", name)
	}
	var got any
	if err := json.Unmarshal(x.rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("%s %s: body %q: %v", x.method, x.path, x.rec.Body, err)
	}
	if diff := cmp.Diff(jsonValue(t, ex.Value.Value), got); diff != "" {
		t.Errorf("%s %s: body differs from example %s (-example +got):\n%s", x.method, x.path, name, diff)
	}
}

// jsonValue normalizes a value decoded from YAML to what encoding/json
// decodes: float64 numbers, map[string]any objects.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode example: %v", err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("decode example: %v", err)
	}
	return out
}

// newContractAPI returns the handler under contract, as cmd/judged builds
// it apart from logging and metrics.
func newContractAPI(cfg httpapi.Config) http.Handler {
	cfg.Spec = api.Spec()
	if cfg.CacheSize == 0 {
		cfg.CacheSize = 64
	}
	return httpapi.NewAPI(cfg)
}

// exampleRef returns the components example name an operation's example
// refers to.
func exampleRef(t *testing.T, ref *openapi3.ExampleRef) string {
	t.Helper()
	name, ok := strings.CutPrefix(ref.Ref, "#/components/examples/")
	if !ok {
		t.Fatalf("example %q is not a reference to a components example", ref.Ref)
	}
	return name
}

// TestContractExamples sends every request example of every operation
// and checks that the answer validates and is exactly the response
// example of the same key, first as a miss and then as a cache hit.
func TestContractExamples(t *testing.T) {
	c := loadContract(t)
	sent := 0
	for path, item := range c.doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil {
				continue
			}
			media := op.RequestBody.Value.Content.Get("application/json")
			okExamples := op.Responses.Status(http.StatusOK).Value.Content.Get("application/json").Examples
			if len(media.Examples) == 0 || len(media.Examples) != len(okExamples) {
				t.Errorf("%s %s: %d request examples, %d 200 examples; want the same keys, at least one", method, path, len(media.Examples), len(okExamples))
			}
			for key, reqEx := range media.Examples {
				t.Run(op.OperationID+"/"+key, func(t *testing.T) {
					respEx, ok := okExamples[key]
					if !ok {
						t.Fatalf("request example %q has no 200 example of the same key", key)
					}
					body, err := json.Marshal(reqEx.Value.Value)
					if err != nil {
						t.Fatalf("encode request example: %v", err)
					}
					h := newContractAPI(httpapi.Config{}) // a cold cache: examples may share a hand
					for _, wantCache := range []string{"miss", "hit"} {
						x := &exchange{method: method, path: path, contentType: "application/json", body: body}
						if err := c.validateRequest(x); err != nil {
							t.Fatalf("the spec rejects its own example %s: %v", key, err)
						}
						x.serve(h)
						if x.rec.Code != http.StatusOK {
							t.Fatalf("%s %s %s: status %d, want 200: %s", method, path, body, x.rec.Code, x.rec.Body)
						}
						if got := x.rec.Header().Get("X-Cache"); got != wantCache {
							t.Errorf("X-Cache = %q, want %q", got, wantCache)
						}
						c.checkResponse(t, x, "")
						c.checkExample(t, x, exampleRef(t, respEx))
					}
				})
				sent++
			}
		}
	}
	if sent == 0 {
		t.Fatal("the spec has no request examples")
	}
}

// TestContractGetExamples sends every GET operation that documents a
// JSON example and checks that the answer validates and is exactly each
// of its 200 examples.
func TestContractGetExamples(t *testing.T) {
	c := loadContract(t)
	checked := 0
	for path, item := range c.doc.Paths.Map() {
		if item.Get == nil {
			continue
		}
		media := item.Get.Responses.Status(http.StatusOK).Value.Content.Get("application/json")
		if media == nil {
			continue
		}
		for _, ref := range media.Examples {
			x := (&exchange{method: "GET", path: path}).serve(newContractAPI(httpapi.Config{}))
			checkStatus(t, x, http.StatusOK)
			c.checkResponse(t, x, "")
			c.checkExample(t, x, exampleRef(t, ref))
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no GET operation documents an example")
	}
}

// errorCase is a request the handler must refuse with a problem.
type errorCase struct {
	name                      string
	method, path, contentType string
	body                      string
	status                    int
	// specRejects says whether the spec's schemas reject the request too;
	// false for what only the server can see (tile counts, copies, body
	// size, meld shapes).
	specRejects bool
	// example names the components example the answer must equal, if any.
	example string
	// fallback names the components response for requests the spec has no
	// operation for.
	fallback string
}

// errorCases covers every error class the API answers.
var errorCases = []errorCase{
	{name: "malformed JSON", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": [1, 2,}`,
		status: 400, specRejects: true, example: "MalformedJSONProblem"},
	{name: "empty body", method: "POST", path: "/hu", contentType: "application/json", body: ``,
		status: 400, specRejects: true, example: "EmptyBodyProblem"},
	{name: "trailing data", method: "POST", path: "/tenpai", contentType: "application/json", body: `{"hand": "1112345678999m"} {}`,
		status: 400, example: "TrailingDataProblem"}, // kin-openapi's decoder ignores trailing data
	{name: "unknown member", method: "POST", path: "/tenpai", contentType: "application/json", body: `{"hand": "1112345678999m", "seat": "east"}`,
		status: 400, specRejects: true, example: "UnknownMemberProblem"},
	{name: "wrong types", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": true, "melds": {}}`,
		status: 400, specRejects: true, example: "WrongTypeProblem"},
	{name: "unknown rules member", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": {"preset": "riichi", "kuitan": true}}`,
		status: 422, specRejects: true, example: "UnknownRulesMemberProblem"},
	{name: "fractional tile id", method: "POST", path: "/discard", contentType: "application/json", body: `{"hand": "11112345678999m", "discard": 1.5}`,
		status: 400, specRejects: true},
	{name: "unknown path", method: "GET", path: "/judge",
		status: 404, specRejects: true, example: "NotFoundProblem", fallback: "NotFound"},
	{name: "wrong method", method: "GET", path: "/hu",
		status: 405, specRejects: true, example: "MethodNotAllowedProblem", fallback: "MethodNotAllowed"},
	{name: "wrong method on healthz", method: "POST", path: "/healthz", contentType: "application/json", body: `{}`,
		status: 405, specRejects: true, fallback: "MethodNotAllowed"},
	{name: "body too large", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "` + strings.Repeat(" ", 70_000) + `"}`,
		status: 413, example: "BodyTooLargeProblem"},
	{name: "form body", method: "POST", path: "/hu", contentType: "application/x-www-form-urlencoded", body: `hand=11112345678999m`,
		status: 415, specRejects: true, example: "UnsupportedMediaTypeProblem"},
	{name: "unknown tiles", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": [0, 1, 2, 34, "8z", "0p", "5s", "5s", "5s", "E", "E", "E", "N", "N"]}`,
		status: 422, specRejects: true, example: "UnknownTilesProblem"},
	{name: "unknown tile in compact string", method: "POST", path: "/tenpai", contentType: "application/json", body: `{"hand": "111234567899X9m"}`,
		status: 422, specRejects: true},
	{name: "wrong tile count", method: "POST", path: "/tenpai", contentType: "application/json", body: `{"hand": "1112345678999m5p"}`,
		status: 422, example: "TileCountProblem"},
	{name: "fifth copy", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "visible": ["1m"]}`,
		status: 422, example: "FifthCopyProblem"},
	{name: "invalid meld", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "12345678999m", "melds": [{"type": "chi", "tiles": "135s"}]}`,
		status: 422, example: "InvalidMeldProblem"},
	{name: "unknown meld type", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "12345678999m", "melds": [{"type": "chow", "tiles": "123s"}]}`,
		status: 422, specRejects: true},
	{name: "five melds in a 14-tile game", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "1m", "melds": [{"type": "pon", "tiles": "EEE"}, {"type": "pon", "tiles": "SSS"}, {"type": "pon", "tiles": "WWW"}, {"type": "pon", "tiles": "NNN"}, {"type": "pon", "tiles": "CCC"}]}`,
		status: 422},
	{name: "too many melds", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "1m", "rules": "taiwan", "melds": [{"type": "pon", "tiles": "EEE"}, {"type": "pon", "tiles": "SSS"}, {"type": "pon", "tiles": "WWW"}, {"type": "pon", "tiles": "NNN"}, {"type": "pon", "tiles": "CCC"}, {"type": "pon", "tiles": "FFF"}]}`,
		status: 422, specRejects: true},
	{name: "14 tiles in a 16-tile game", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": "taiwan"}`,
		status: 422},
	{name: "contradictory rules", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "123m456m789m123s456sEE", "rules": {"preset": "taiwan", "sevenPairs": true}}`,
		status: 422, example: "ContradictoryRulesProblem"},
	{name: "honor in a suits-only game", method: "POST", path: "/discard", contentType: "application/json", body: `{"hand": "111122m44556677s", "rules": "sichuan", "discard": "E"}`,
		status: 422, example: "SuitsOnlyHonorProblem"},
	{name: "repeated wildcard", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": {"wildcards": ["5m", "0m"]}}`,
		status: 422, example: "RepeatedWildcardProblem"},
	{name: "three wildcard kinds", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": {"wildcards": ["5m", "C", "P"]}}`,
		status: 422, specRejects: true},
	{name: "maxSuits out of range", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": {"maxSuits": 0}}`,
		status: 422, specRejects: true},
	{name: "melds out of range", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": {"melds": 6}}`,
		status: 422, specRejects: true},
	{name: "maxSuits of the wrong type", method: "POST", path: "/hu", contentType: "application/json", body: `{"hand": "11112345678999m", "rules": {"maxSuits": "2"}}`,
		status: 400, specRejects: true},
	{name: "unknown preset", method: "POST", path: "/tenpai", contentType: "application/json", body: `{"hand": "1112345678999m", "rules": "chinese"}`,
		status: 422, specRejects: true, example: "UnknownPresetProblem"},
	{name: "missing hand", method: "POST", path: "/tenpai", contentType: "application/json", body: `{"visible": "1m"}`,
		status: 422, specRejects: true},
	{name: "missing discard", method: "POST", path: "/discard", contentType: "application/json", body: `{"hand": "11112345678999m"}`,
		status: 422, specRejects: true},
	{name: "unknown void suit", method: "POST", path: "/discard", contentType: "application/json", body: `{"hand": "11112345678999m", "discard": "1m", "voidSuit": "z"}`,
		status: 422, specRejects: true},
	{name: "drawn tile not in hand", method: "POST", path: "/discard", contentType: "application/json", body: `{"hand": "11112345678999m", "discard": "1m", "drawn": "5p"}`,
		status: 422},
}

// TestContractErrors sends every error class and checks the status, that
// the spec rejects the request where its schemas can tell, that the
// problem validates against the spec, and that documented examples are
// exact.
func TestContractErrors(t *testing.T) {
	c := loadContract(t)
	h := newContractAPI(httpapi.Config{})
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			x := &exchange{method: tc.method, path: tc.path, contentType: tc.contentType, body: []byte(tc.body)}
			err := c.validateRequest(x)
			if tc.specRejects && err == nil {
				t.Errorf("the spec accepts %s %s %.200s, which the server refuses with %d", tc.method, tc.path, tc.body, tc.status)
			}
			if !tc.specRejects && err != nil {
				t.Errorf("the spec rejects %s %s %.200s; want it accepted (only the server can tell): %v", tc.method, tc.path, tc.body, err)
			}
			x.serve(h)
			if x.rec.Code != tc.status {
				t.Fatalf("status = %d, want %d: %s", x.rec.Code, tc.status, x.rec.Body)
			}
			c.checkResponse(t, x, tc.fallback)
			if tc.example != "" {
				c.checkExample(t, x, tc.example)
			}
		})
	}
}

// TestContractExamplesCovered fails on a components example that no
// test compares with a real answer, so none can go stale unnoticed.
func TestContractExamplesCovered(t *testing.T) {
	c := loadContract(t)
	covered := map[string]bool{}
	for _, item := range c.doc.Paths.Map() {
		if item.Get != nil {
			if media := item.Get.Responses.Status(http.StatusOK).Value.Content.Get("application/json"); media != nil {
				for _, ref := range media.Examples {
					covered[exampleRef(t, ref)] = true // TestContractGetExamples
				}
			}
		}
		for _, op := range item.Operations() {
			if op.RequestBody == nil {
				continue
			}
			for _, ref := range op.RequestBody.Value.Content.Get("application/json").Examples {
				covered[exampleRef(t, ref)] = true
			}
			for _, ref := range op.Responses.Status(http.StatusOK).Value.Content.Get("application/json").Examples {
				covered[exampleRef(t, ref)] = true
			}
		}
	}
	for _, tc := range errorCases {
		covered[tc.example] = true
	}
	for name := range c.doc.Components.Examples {
		if !covered[name] {
			t.Errorf("components example %s is not compared with a real answer by any test", name)
		}
	}
}

// TestContractOperations checks the GET operations and the problems that
// need a configured handler: not ready and overloaded.
func TestContractOperations(t *testing.T) {
	c := loadContract(t)
	t.Run("healthz", func(t *testing.T) {
		x := (&exchange{method: "GET", path: "/healthz"}).serve(newContractAPI(httpapi.Config{}))
		checkStatus(t, x, http.StatusOK)
		c.checkResponse(t, x, "")
	})
	t.Run("readyz", func(t *testing.T) {
		x := (&exchange{method: "GET", path: "/readyz"}).serve(newContractAPI(httpapi.Config{}))
		checkStatus(t, x, http.StatusOK)
		c.checkResponse(t, x, "")
	})
	t.Run("readyz while shutting down", func(t *testing.T) {
		h := newContractAPI(httpapi.Config{Ready: func() bool { return false }})
		x := (&exchange{method: "GET", path: "/readyz"}).serve(h)
		checkStatus(t, x, http.StatusServiceUnavailable)
		c.checkResponse(t, x, "")
		if got, want := problemType(t, x), "https://judged.dev/problems/not-ready"; got != want {
			t.Errorf("problem type = %q, want %q", got, want)
		}
	})
	t.Run("rules", func(t *testing.T) {
		x := (&exchange{method: "GET", path: "/rules"}).serve(newContractAPI(httpapi.Config{}))
		checkStatus(t, x, http.StatusOK)
		c.checkResponse(t, x, "")
	})
	t.Run("openapi.yaml", func(t *testing.T) {
		x := (&exchange{method: "GET", path: "/openapi.yaml"}).serve(newContractAPI(httpapi.Config{}))
		checkStatus(t, x, http.StatusOK)
		c.checkResponse(t, x, "")
		if !bytes.Equal(x.rec.Body.Bytes(), api.Spec()) {
			t.Errorf("GET /openapi.yaml does not serve api.Spec() (%d bytes, want %d)", x.rec.Body.Len(), len(api.Spec()))
		}
	})
	t.Run("overloaded", func(t *testing.T) { testOverloaded(t, c) })
}

// testOverloaded holds the only in-flight slot with a request whose body
// has not arrived, and checks the 503 another judgment gets meanwhile.
func testOverloaded(t *testing.T, c *contract) {
	h := newContractAPI(httpapi.Config{MaxInFlight: 1})
	pr, pw := io.Pipe()
	first := httptest.NewRequest("POST", serverURL+"/tenpai", pr)
	first.Header.Set("Content-Type", "application/json")
	firstRec := httptest.NewRecorder()
	var wg sync.WaitGroup
	wg.Go(func() { h.ServeHTTP(firstRec, first) })
	// A pipe write returns once the handler reads it: the slot is taken.
	if _, err := io.WriteString(pw, `{"hand": `); err != nil {
		t.Fatalf("write first body: %v", err)
	}
	x := (&exchange{method: "POST", path: "/hu", contentType: "application/json", body: []byte(`{"hand": "11112345678999m"}`)}).serve(h)
	if _, err := io.WriteString(pw, `"1112345678999m"}`); err != nil {
		t.Errorf("write first body: %v", err)
	}
	_ = pw.Close()
	wg.Wait()

	checkStatus(t, x, http.StatusServiceUnavailable)
	c.checkResponse(t, x, "")
	if got, want := problemType(t, x), "https://judged.dev/problems/overloaded"; got != want {
		t.Errorf("problem type = %q, want %q", got, want)
	}
	if firstRec.Code != http.StatusOK {
		t.Errorf("the request holding the slot got %d, want 200: %s", firstRec.Code, firstRec.Body)
	}
}

// TestContractDescribesProblemTypes checks that the Problem schema lists
// exactly the problem types the handler answers with, by status.
func TestContractDescribesProblemTypes(t *testing.T) {
	c := loadContract(t)
	props := c.doc.Components.Schemas["Problem"].Value.Properties
	var types []string
	for _, v := range props["type"].Value.Enum {
		types = append(types, v.(string))
	}
	var statuses []int
	for _, v := range props["status"].Value.Enum {
		statuses = append(statuses, int(v.(float64)))
	}
	want := []string{
		"https://judged.dev/problems/malformed-request",
		"https://judged.dev/problems/not-found",
		"https://judged.dev/problems/method-not-allowed",
		"https://judged.dev/problems/body-too-large",
		"https://judged.dev/problems/unsupported-media-type",
		"https://judged.dev/problems/invalid-position",
		"https://judged.dev/problems/internal-error",
		"https://judged.dev/problems/not-ready",
		"https://judged.dev/problems/overloaded",
	}
	if diff := cmp.Diff(want, types); diff != "" {
		t.Errorf("Problem.type enum mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{400, 404, 405, 413, 415, 422, 500, 503}, statuses); diff != "" {
		t.Errorf("Problem.status enum mismatch (-want +got):\n%s", diff)
	}
	// Every problem type the handler can be made to answer here is in
	// the list; internal-error needs a panic and is checked by the
	// handler's own tests.
	seen := map[string]bool{}
	h := newContractAPI(httpapi.Config{})
	for _, tc := range errorCases {
		x := (&exchange{method: tc.method, path: tc.path, contentType: tc.contentType, body: []byte(tc.body)}).serve(h)
		typ := problemType(t, x)
		if !slices.Contains(types, typ) {
			t.Errorf("%s: problem type %q is not in the spec", tc.name, typ)
		}
		seen[typ] = true
	}
	for _, typ := range want[:6] {
		if !seen[typ] {
			t.Errorf("no error case answers %s", typ)
		}
	}
}

// checkStatus fails t unless x was answered with status.
func checkStatus(t *testing.T, x *exchange, status int) {
	t.Helper()
	if x.rec.Code != status {
		t.Fatalf("%s %s: status %d, want %d: %s", x.method, x.path, x.rec.Code, status, x.rec.Body)
	}
}

// problemType returns the type of the problem x was answered with.
func problemType(t *testing.T, x *exchange) string {
	t.Helper()
	var p struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(x.rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("%s %s: body %q is not a problem: %v", x.method, x.path, x.rec.Body, err)
	}
	return p.Type
}
