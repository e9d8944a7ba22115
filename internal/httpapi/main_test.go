package httpapi

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"
)

// TestMain fails the package if a test leaves a goroutine behind.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// call serves one request on h and returns the recorded answer. A body
// of "" sends none; contentType "" sends no Content-Type.
func call(t *testing.T, h http.Handler, method, path, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader = http.NoBody
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// post sends body as JSON.
func post(t *testing.T, h http.Handler, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	return call(t, h, http.MethodPost, path, "application/json", body)
}

// decodeJSON decodes s into a generic value, keeping [] and null apart.
func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("decode %q: %v", s, err)
	}
	return v
}

// checkJSON checks that got and want hold the same JSON value.
func checkJSON(t *testing.T, got, want string) {
	t.Helper()
	if diff := cmp.Diff(decodeJSON(t, want), decodeJSON(t, got)); diff != "" {
		t.Errorf("body mismatch (-want +got):\n%s\ngot: %s", diff, got)
	}
}

// checkAnswer checks the status, the Content-Type and the body of rec.
func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder, status int, contentType, body string) {
	t.Helper()
	if rec.Code != status {
		t.Errorf("status = %d, want %d; body: %s", rec.Code, status, rec.Body)
	}
	if got := rec.Header().Get("Content-Type"); got != contentType {
		t.Errorf("Content-Type = %q, want %q", got, contentType)
	}
	checkJSON(t, rec.Body.String(), body)
}
