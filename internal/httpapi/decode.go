package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/judged/judged/internal/engine"
)

// members holds the raw members of a JSON object by name. A member given
// as null is left out, so null means "not given" everywhere.
type members map[string]json.RawMessage

// fieldErrors collects what is wrong with a request, split by class: a
// malformed member (wrong JSON type, repeated name, unknown name outside
// the rules object) is a 400; a well-formed but impossible value, and an
// unknown member of the rules object, is a 422. Pointers are JSON
// Pointers into the request body.
type fieldErrors struct {
	malformed []fieldProblem
	invalid   []fieldProblem
}

// badType records a member of the wrong JSON type (400).
func (e *fieldErrors) badType(ptr string, format string, args ...any) {
	e.malformed = append(e.malformed, fieldProblem{Pointer: ptr, Detail: fmt.Sprintf(format, args...)})
}

// impossible records a well-formed value that cannot be (422).
func (e *fieldErrors) impossible(ptr string, format string, args ...any) {
	e.invalid = append(e.invalid, fieldProblem{Pointer: ptr, Detail: fmt.Sprintf(format, args...)})
}

// count returns how many errors were recorded.
func (e *fieldErrors) count() int { return len(e.malformed) + len(e.invalid) }

// inRules reports whether any error recorded points into the rules.
func (e *fieldErrors) inRules() bool {
	for _, list := range [][]fieldProblem{e.malformed, e.invalid} {
		for _, f := range list {
			if f.Pointer == "/rules" || strings.HasPrefix(f.Pointer, "/rules/") {
				return true
			}
		}
	}
	return false
}

// write answers with a problem listing the errors, malformed ones first
// (400) and impossible ones otherwise (422). It reports whether it wrote.
func (e *fieldErrors) write(w http.ResponseWriter) bool {
	switch {
	case len(e.malformed) > 0:
		writeProblem(w, probMalformed, summary(e.malformed, "the request body has members of the wrong JSON type or unknown members"), e.malformed...)
	case len(e.invalid) > 0:
		writeProblem(w, probInvalidPosition, summary(e.invalid, "the request describes a position that cannot be judged"), e.invalid...)
	default:
		return false
	}
	return true
}

// summary is a problem detail: the lone error's own words, or a general
// sentence pointing at the list.
func summary(errs []fieldProblem, many string) string {
	if len(errs) == 1 {
		where := errs[0].Pointer
		if where == "" {
			where = "the request body"
		}
		return where + ": " + errs[0].Detail
	}
	return fmt.Sprintf("%s: %d errors, see errors", many, len(errs))
}

// maxPooledBody bounds the request body buffers kept for reuse.
const maxPooledBody = 64 << 10

// bodyBuffers holds request body buffers for reuse across requests.
var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// readBody reads the request body of a JSON request into a pooled buffer,
// which the caller hands back with releaseBody once nothing refers to the
// bytes any more. On any failure it writes the problem (415, 413 or 400)
// and returns false.
func readBody(w http.ResponseWriter, r *http.Request, maxBytes int64) (*bytes.Buffer, bool) {
	if !jsonContentType(r.Header.Get("Content-Type")) {
		writeProblem(w, probMediaType, fmt.Sprintf(
			"Content-Type %q is not JSON: send -H 'Content-Type: application/json' (curl -d sends a form) or use curl --json",
			r.Header.Get("Content-Type")))
		return nil, false
	}
	buf := bodyBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	// ReadFrom, like io.ReadAll, reads until EOF and returns any other error.
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBytes)); err != nil {
		releaseBody(buf)
		if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
			writeProblem(w, probTooLarge, fmt.Sprintf("the request body is over the limit of %d bytes", tooLarge.Limit))
			return nil, false
		}
		writeProblem(w, probMalformed, "could not read the request body: "+err.Error())
		return nil, false
	}
	return buf, true
}

// releaseBody hands a body buffer back for reuse.
func releaseBody(buf *bytes.Buffer) {
	if buf.Cap() <= maxPooledBody {
		bodyBuffers.Put(buf)
	}
}

// bodyMembers splits body into the members of the one JSON object it must
// be, whose member names are in known. On any failure it writes the
// problem (400) and returns false.
func bodyMembers(w http.ResponseWriter, body []byte, known ...string) (members, bool) {
	if detail := jsonValueError(body); detail != "" {
		writeProblem(w, probMalformed, detail)
		return nil, false
	}
	var errs fieldErrors
	m, _ := objectMembers(body, "", &errs, (*fieldErrors).badType, known...)
	if errs.write(w) {
		return nil, false
	}
	return m, true
}

// judgmentRequest is a decoded, validated judgment request.
type judgmentRequest struct {
	pos   engine.Position
	query engine.DiscardQuery // only for /discard
}

// readRequest reads, decodes and validates a judgment request for stage
// s, with the /discard members when discard is set: with the fast decoder
// when it can, else with the precise one. On any failure it writes the
// problem (415, 413, 400 or 422) and returns false.
func readRequest(w http.ResponseWriter, r *http.Request, maxBytes int64, s engine.Stage, discard bool) (judgmentRequest, bool) {
	buf, ok := readBody(w, r, maxBytes)
	if !ok {
		return judgmentRequest{}, false
	}
	defer releaseBody(buf) // the request holds no reference into the body
	if req, ok := fastRequest(buf.Bytes(), s, discard); ok {
		return req, true
	}
	return preciseRequest(w, buf.Bytes(), s, discard)
}

// preciseRequest decodes and validates a judgment request body, naming
// every problem it finds: on any, it writes the problem (400 or 422) and
// returns false.
func preciseRequest(w http.ResponseWriter, body []byte, s engine.Stage, discard bool) (judgmentRequest, bool) {
	known := positionMembers
	if discard {
		known = discardMembers
	}
	m, ok := bodyMembers(w, body, known...)
	if !ok {
		return judgmentRequest{}, false
	}
	var errs fieldErrors
	pp := position(m, s, &errs)
	req := judgmentRequest{pos: pp.pos}
	if discard {
		req.query = discardQuery(m, &pp, &errs)
	}
	if errs.write(w) {
		return judgmentRequest{}, false
	}
	return req, true
}

// jsonContentType reports whether a Content-Type header allows reading the
// body as JSON: none at all, application/json or application/*+json, with
// any parameters (such as charset).
func jsonContentType(header string) bool {
	if header == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(header)
	if err != nil {
		return false
	}
	sub, ok := strings.CutPrefix(mt, "application/")
	return ok && (sub == "json" || strings.HasSuffix(sub, "+json"))
}

// jsonValueError returns why body is not exactly one JSON value, or "".
func jsonValueError(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		var syn *json.SyntaxError
		switch {
		case errors.Is(err, io.EOF):
			return "the request body is empty: send a JSON object"
		case errors.As(err, &syn):
			return fmt.Sprintf("malformed JSON after %d bytes: %v", syn.Offset, err)
		default:
			return "malformed JSON: " + err.Error()
		}
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Sprintf("unexpected data after the JSON value, from byte %d on", end)
	}
	return ""
}

// unknownMember records a member name that an object does not know:
// (*fieldErrors).badType for a 400, (*fieldErrors).impossible for a 422.
type unknownMember func(errs *fieldErrors, ptr, format string, args ...any)

// objectMembers splits data, one valid JSON value, into the members of the
// object it must be. A value that is not an object and a repeated name are
// recorded as malformed, a member name not in known with unknown; ok is
// false when the value is not an object.
func objectMembers(data []byte, ptr string, errs *fieldErrors, unknown unknownMember, known ...string) (m members, ok bool) {
	if jsonKind(data) != "object" {
		errs.badType(ptr, "must be an object, got %s", jsonKind(data))
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	_, _ = dec.Token() // '{': data is valid JSON, checked before
	m = members{}
	seen := map[string]bool{}
	for dec.More() {
		tok, _ := dec.Token()
		name, _ := tok.(string)
		var raw json.RawMessage
		_ = dec.Decode(&raw)
		p := ptr + "/" + escapePointer(name)
		switch {
		case seen[name]:
			errs.badType(p, "member given twice")
		case !slices.Contains(known, name):
			unknown(errs, p, "unknown member (known: %s)", strings.Join(known, ", "))
		case jsonKind(raw) != "null":
			m[name] = raw
		}
		seen[name] = true
	}
	return m, true
}

// escapePointer escapes a member name as a JSON Pointer reference token.
func escapePointer(name string) string {
	if !strings.ContainsAny(name, "~/") {
		return name
	}
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}

// jsonKind names the JSON type of a valid JSON value.
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	default:
		return "number"
	}
}

// tileList parses a tile list: a JSON array of ids and names, mixed, or one
// compact string. Every bad element is recorded, at its own pointer for an
// array; ok is false if any was.
func tileList(raw json.RawMessage, ptr string, errs *fieldErrors) (tiles []engine.Tile, ok bool) {
	before := errs.count()
	switch jsonKind(raw) {
	case "array":
		var elems []json.RawMessage
		_ = json.Unmarshal(raw, &elems) // valid JSON, checked before
		tiles = make([]engine.Tile, 0, len(elems))
		for i, e := range elems {
			t, _ := tile(e, ptr+"/"+strconv.Itoa(i), errs)
			tiles = append(tiles, t)
		}
	case "string":
		var s string
		_ = json.Unmarshal(raw, &s)
		ts, err := engine.ParseTiles(s)
		if err != nil {
			errs.impossible(ptr, "%s", tileErrorDetail(err, true))
		}
		tiles = ts
	default:
		errs.badType(ptr, `must be an array of tile ids and names, or a compact string like "123m456s", got %s`, jsonKind(raw))
	}
	return tiles, errs.count() == before
}

// tile parses one tile: an integer id 0–33 or a name such as "5m" or "E".
func tile(raw json.RawMessage, ptr string, errs *fieldErrors) (engine.Tile, bool) {
	switch jsonKind(raw) {
	case "string":
		var s string
		_ = json.Unmarshal(raw, &s)
		t, err := engine.ParseTile(s)
		if err != nil {
			errs.impossible(ptr, "%s", tileErrorDetail(err, false))
			return 0, false
		}
		return t, true
	case "number":
		id, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			errs.badType(ptr, "a tile id must be an integer 0–33, got %s", raw)
			return 0, false
		}
		if err != nil || id < 0 || id >= engine.NumKinds {
			errs.impossible(ptr, "unknown tile id %s: tile ids are 0–33", raw)
			return 0, false
		}
		return engine.Tile(id), true
	default:
		errs.badType(ptr, `a tile is an id 0–33 or a name like "5m", got %s`, jsonKind(raw))
		return 0, false
	}
}

// tileErrorDetail words a parser error; inString adds the byte offset of
// the offending text inside a compact string.
func tileErrorDetail(err error, inString bool) string {
	var te *engine.TileError
	if !errors.As(err, &te) {
		return err.Error()
	}
	if inString {
		return fmt.Sprintf("unknown tile %q at offset %d: %s", te.Text, te.Index, te.Reason)
	}
	return fmt.Sprintf("unknown tile %q: %s", te.Text, te.Reason)
}

// boolean parses a JSON boolean.
func boolean(raw json.RawMessage, ptr string, errs *fieldErrors) bool {
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		errs.badType(ptr, "must be a boolean, got %s", jsonKind(raw))
	}
	return b
}

// str parses a JSON string.
func str(raw json.RawMessage, ptr string, errs *fieldErrors) (string, bool) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		errs.badType(ptr, "must be a string, got %s", jsonKind(raw))
		return "", false
	}
	return s, true
}

// positionMembers are the request members every judgment accepts.
var positionMembers = []string{"hand", "melds", "visible", "rules"}

// parsedPosition is the outcome of parsing the common members.
type parsedPosition struct {
	pos engine.Position
	ok  bool // pos is valid: no problem was found
	// rules are the request's rules; rulesOK says whether they parsed and
	// passed validation, so that the other members (the discard's tiles)
	// can be checked against them.
	rules   engine.Rules
	rulesOK bool
}

// position parses the common members into a validated position of stage s.
// Problems go to errs. Engine validation (counts, copies, melds, rules)
// runs only when every tile, meld type and rules field parsed, so it never
// reports a consequence of an earlier error; when only the rules parsed,
// they are still checked on their own.
func position(m members, s engine.Stage, errs *fieldErrors) parsedPosition {
	before := errs.count()
	var in engine.PositionInput
	parsed := true
	if raw, ok := m["hand"]; ok {
		in.Hand, ok = tileList(raw, "/hand", errs)
		parsed = parsed && ok
	} else {
		errs.impossible("/hand", "required: the concealed tiles")
		parsed = false
	}
	if raw, ok := m["melds"]; ok {
		in.Melds, ok = melds(raw, errs)
		parsed = parsed && ok
	}
	if raw, ok := m["visible"]; ok {
		in.Visible, ok = tileList(raw, "/visible", errs)
		parsed = parsed && ok
	}
	rr := requestRules{rules: engine.StandardRules()}
	rulesOK := true
	if raw, ok := m["rules"]; ok {
		rr, rulesOK = parseRules(raw, errs)
	}
	in.Rules = rr.rules
	out := parsedPosition{rules: rr.rules, rulesOK: rulesOK}
	switch {
	case parsed && rulesOK:
		p, err := engine.NewPosition(in, s)
		engineErrors(err, &rr, errs)
		out.pos = p
	case rulesOK:
		engineErrors(rr.rules.Validate(), &rr, errs)
	}
	out.rulesOK = rulesOK && !errs.inRules()
	out.ok = errs.count() == before
	return out
}

// engineErrors records the field errors of an engine validation error,
// pointing into the request.
func engineErrors(err error, rr *requestRules, errs *fieldErrors) {
	var perr *engine.PositionError
	switch {
	case errors.As(err, &perr):
		for _, f := range perr.Fields {
			errs.impossible(rr.pointer(f.Pointer), "%s", f.Detail)
		}
	case err != nil:
		errs.impossible("", "%v", err)
	}
}

// melds parses the declared melds: an array of {"type", "tiles"} objects.
func melds(raw json.RawMessage, errs *fieldErrors) ([]engine.MeldInput, bool) {
	if jsonKind(raw) != "array" {
		errs.badType("/melds", `must be an array of {"type", "tiles"} objects, got %s`, jsonKind(raw))
		return nil, false
	}
	before := errs.count()
	var elems []json.RawMessage
	_ = json.Unmarshal(raw, &elems)
	out := make([]engine.MeldInput, 0, len(elems))
	for i, e := range elems {
		ptr := "/melds/" + strconv.Itoa(i)
		m, ok := objectMembers(e, ptr, errs, (*fieldErrors).badType, "type", "tiles")
		if !ok {
			continue
		}
		var mi engine.MeldInput
		if raw, ok := m["type"]; !ok {
			errs.impossible(ptr+"/type", "required: chi, pon, kan or ankan")
		} else if name, ok := str(raw, ptr+"/type", errs); ok {
			kind, err := engine.ParseMeldKind(name)
			if err != nil {
				errs.impossible(ptr+"/type", "%v", err)
			}
			mi.Kind = kind
		}
		if raw, ok := m["tiles"]; !ok {
			errs.impossible(ptr+"/tiles", "required: the meld's tiles")
		} else {
			mi.Tiles, _ = tileList(raw, ptr+"/tiles", errs)
		}
		out = append(out, mi)
	}
	return out, errs.count() == before
}
