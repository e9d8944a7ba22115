package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestProblemListsAtMostTwentyErrors: a body of 30 unknown tiles gets the
// first 20 listed and a detail that counts all 30, not a response many times
// the request's size.
func TestProblemListsAtMostTwentyErrors(t *testing.T) {
	t.Parallel()
	bad := make([]string, 30)
	var want []fieldProblem
	for i := range bad {
		bad[i] = "99"
		if i < maxListedErrors {
			want = append(want, fp("/hand/"+strconv.Itoa(i), "unknown tile id 99: tile ids are 0–33"))
		}
	}
	body := `{"hand": [` + strings.Join(bad, ",") + `]}`
	req := httptest.NewRequest(http.MethodPost, "/hu", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	NewAPI(Config{}).ServeHTTP(rec, req)
	checkProblem(t, rec, prob(probInvalidPosition,
		"the request describes a position that cannot be judged: 30 errors, see errors (the first 20 are listed)", want...))
}
