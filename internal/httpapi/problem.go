package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
)

// problemBase is the prefix of every problem type URI. The URIs identify
// the problem types; api/openapi.yaml documents each of them.
const problemBase = "https://judged.dev/problems/"

// problemType is one kind of error answer (RFC 9457): a stable type URI
// suffix, a title that does not change between occurrences, and its status.
type problemType struct {
	slug   string
	title  string
	status int
}

// The problem types judged answers with. This table is the one place they
// are defined; api/openapi.yaml describes the same list.
var (
	// probMalformed: the body is not valid JSON, is empty, has trailing
	// data, a repeated member, an unknown member (outside the rules
	// object), or a member of the wrong JSON type.
	probMalformed = problemType{"malformed-request", "Malformed request", http.StatusBadRequest}
	// probNotFound: no route has this path.
	probNotFound = problemType{"not-found", "Not found", http.StatusNotFound}
	// probMethodNotAllowed: the path exists, the method does not (see Allow).
	probMethodNotAllowed = problemType{"method-not-allowed", "Method not allowed", http.StatusMethodNotAllowed}
	// probTooLarge: the body is over the configured limit.
	probTooLarge = problemType{"body-too-large", "Request body too large", http.StatusRequestEntityTooLarge}
	// probMediaType: the Content-Type is not JSON.
	probMediaType = problemType{"unsupported-media-type", "Unsupported media type", http.StatusUnsupportedMediaType}
	// probInvalidPosition: well-formed JSON describing an impossible
	// position: unknown tiles, wrong tile count, a 5th copy, an invalid or
	// unknown meld, an unknown rules preset or rules member, rules out of
	// range or contradicting each other, an honor in a suits-only game, or
	// bad discard fields.
	probInvalidPosition = problemType{"invalid-position", "Invalid position", http.StatusUnprocessableEntity}
	// probInternal: a bug; the detail never says more.
	probInternal = problemType{"internal-error", "Internal server error", http.StatusInternalServerError}
	// probNotReady: the service is shutting down (GET /readyz).
	probNotReady = problemType{"not-ready", "Not ready", http.StatusServiceUnavailable}
	// probOverloaded: too many requests are in flight; retry later.
	probOverloaded = problemType{"overloaded", "Overloaded", http.StatusServiceUnavailable}
)

// problem is an RFC 9457 problem details object.
type problem struct {
	Type   string         `json:"type"`
	Title  string         `json:"title"`
	Status int            `json:"status"`
	Detail string         `json:"detail"`
	Errors []fieldProblem `json:"errors,omitempty"`
}

// fieldProblem names one offending element of a request by JSON Pointer
// (RFC 6901) into the request body.
type fieldProblem struct {
	Pointer string `json:"pointer"`
	Detail  string `json:"detail"`
}

// maxListedErrors bounds the errors listed in one problem, so that a small
// body full of bad tiles cannot ask for a response many times its size.
const maxListedErrors = 20

// writeProblem answers with a problem of type pt, listing at most
// maxListedErrors of errs (the detail says when more were found).
func writeProblem(w http.ResponseWriter, pt problemType, detail string, errs ...fieldProblem) {
	if len(errs) > maxListedErrors {
		detail += fmt.Sprintf(" (the first %d are listed)", maxListedErrors)
		errs = errs[:maxListedErrors]
	}
	writeBody(w, pt.status, "application/problem+json", problem{
		Type:   problemBase + pt.slug,
		Title:  pt.title,
		Status: pt.status,
		Detail: detail,
		Errors: errs,
	})
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	writeBody(w, status, "application/json", v)
}

// writeBody encodes v before writing anything, so a failed encoding never
// leaves a half-written success behind. Our response types always encode,
// so a failure is a bug: it panics, and the recovery middleware answers 500
// and logs it once.
func writeBody(w http.ResponseWriter, status int, contentType string, v any) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		panic(fmt.Errorf("encode %T response: %w", v, err))
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes()) // the client may be gone; nothing to do about it
}
