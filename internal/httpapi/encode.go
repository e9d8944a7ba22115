package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/judged/judged/internal/engine"
)

// The judgment responses encode themselves by appending to a pooled
// buffer, which spares encoding/json's reflection and allocations on the
// hot path. Each appendJSON writes exactly the bytes json.Marshal writes
// for the same value (TestAppendJSONMatchesEncodingJSON checks it on
// real answers), so the API's output does not change.

// jsonAppender is a response that appends its JSON encoding to b, byte for
// byte what json.Marshal would produce.
type jsonAppender interface {
	appendJSON(b []byte) []byte
}

// maxPooledBuffer bounds the buffers kept for reuse, so that one huge
// answer does not pin its memory.
const maxPooledBuffer = 64 << 10

// responseBuffers holds encoding buffers for reuse across requests.
var responseBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 4<<10)
	return &b
}}

// writeResponse answers with the JSON encode appends, followed by a
// newline as json.Encoder writes it. Nothing is written before the
// encoding is done. encode is a method value such as resp.appendJSON, not
// an interface, so that the response can stay on the stack.
func writeResponse(w http.ResponseWriter, status int, encode func([]byte) []byte) {
	bp := responseBuffers.Get().(*[]byte)
	buf := append(encode((*bp)[:0]), '\n')
	h := w.Header()
	h["Content-Type"] = jsonContentTypeValue
	h.Set("Content-Length", strconv.Itoa(len(buf)))
	w.WriteHeader(status)
	_, _ = w.Write(buf) // the client may be gone; nothing to do about it
	if cap(buf) <= maxPooledBuffer {
		*bp = buf
		responseBuffers.Put(bp)
	}
}

// jsonContentTypeValue is the Content-Type header value of a JSON answer,
// shared by all answers (header values are never modified in place), so
// that setting it allocates nothing.
var jsonContentTypeValue = []string{"application/json"}

// appendString appends s as a JSON string. Text that needs no escaping
// (all of judged's names) is copied; anything else goes through
// encoding/json, so the escaping is always its own.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			quoted, err := json.Marshal(s)
			if err != nil {
				panic(fmt.Errorf("encode string: %w", err)) // json.Marshal never fails on a string
			}
			return append(b, quoted...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendStrings appends a JSON array of strings; nil is null.
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendList appends a JSON array of values that encode themselves; nil
// is null.
func appendList[T any](b []byte, list []T, appendOne func([]byte, *T) []byte) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendOne(b, &list[i])
	}
	return append(b, ']')
}

// appendInt appends a JSON number.
func appendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// appendTileEntry appends a tileEntry object.
func appendTileEntry(b []byte, e *tileEntry) []byte {
	b = appendTileEntryMembers(append(b, '{'), e)
	return append(b, '}')
}

// appendTileEntryMembers appends a tileEntry's members, without braces,
// as they are also the first members of a waitEntry.
func appendTileEntryMembers(b []byte, e *tileEntry) []byte {
	b = appendInt(append(b, `"tile":`...), int(e.Tile))
	b = appendString(append(b, `,"name":`...), e.Name)
	return appendInt(append(b, `,"remaining":`...), e.Remaining)
}

// appendWaitEntry appends a waitEntry object.
func appendWaitEntry(b []byte, e *waitEntry) []byte {
	b = appendTileEntryMembers(append(b, '{'), &e.tileEntry)
	b = appendStrings(append(b, `,"forms":`...), e.Forms)
	b = appendStrings(append(b, `,"shapes":`...), e.Shapes)
	return append(b, '}')
}

// appendJSON implements jsonAppender.
func (r *huResponse) appendJSON(b []byte) []byte {
	b = strconv.AppendBool(append(b, `{"hu":`...), r.Hu)
	b = appendStrings(append(b, `,"forms":`...), r.Forms)
	b = appendList(append(b, `,"decompositions":`...), r.Decompositions, appendDecomposition)
	b = appendInt(append(b, `,"shanten":`...), r.Shanten)
	b = appendString(append(b, `,"notation":`...), r.Notation)
	b = appendWildcardCount(b, r.WildcardCount)
	return append(b, '}')
}

// appendWildcardCount appends the wildcardCount member, if given.
func appendWildcardCount(b []byte, n *int) []byte {
	if n == nil {
		return b
	}
	return appendInt(append(b, `,"wildcardCount":`...), *n)
}

// appendDecomposition appends a decomposition object.
func appendDecomposition(b []byte, d *decomposition) []byte {
	b = appendInt(append(b, `{"pair":`...), int(d.Pair))
	if len(d.PairWildcards) > 0 {
		b = appendInts(append(b, `,"pairWildcards":`...), d.PairWildcards)
	}
	b = appendList(append(b, `,"melds":`...), d.Melds, appendBlock)
	return append(b, '}')
}

// appendInts appends a JSON array of numbers; nil is null.
func appendInts(b []byte, ns []int) []byte {
	if ns == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, n)
	}
	return append(b, ']')
}

// appendBlock appends a block object.
func appendBlock(b []byte, k *block) []byte {
	b = appendString(append(b, `{"type":`...), k.Type)
	b = append(b, `,"tiles":[`...)
	for i, n := range k.Tiles {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, n)
	}
	b = append(b, ']')
	if len(k.Wildcards) > 0 {
		b = appendInts(append(b, `,"wildcards":`...), k.Wildcards)
	}
	return append(b, '}')
}

// appendJSON implements jsonAppender.
func (r *tenpaiResponse) appendJSON(b []byte) []byte {
	b = strconv.AppendBool(append(b, `{"tenpai":`...), r.Tenpai)
	b = appendInt(append(b, `,"shanten":`...), r.Shanten)
	b = appendList(append(b, `,"waits":`...), r.Waits, appendWaitEntry)
	b = appendInt(append(b, `,"totalRemaining":`...), r.TotalRemaining)
	b = appendList(append(b, `,"effective":`...), r.Effective, appendTileEntry)
	b = appendInt(append(b, `,"totalEffective":`...), r.TotalEffective)
	b = appendString(append(b, `,"notation":`...), r.Notation)
	b = appendWildcardCount(b, r.WildcardCount)
	return append(b, '}')
}

// appendJSON implements jsonAppender.
func (r *discardResponse) appendJSON(b []byte) []byte {
	b = strconv.AppendBool(append(b, `{"valid":`...), r.Valid)
	b = append(b, `,"reason":`...)
	if r.Reason == nil {
		b = append(b, "null"...)
	} else {
		b = appendString(b, *r.Reason)
	}
	b = strconv.AppendBool(append(b, `,"hu":`...), r.Hu)
	if r.After != nil {
		b = r.After.appendJSON(append(b, `,"after":`...))
	}
	b = appendList(append(b, `,"options":`...), r.Options, appendOption)
	return append(b, '}')
}

// appendJSON appends the afterDiscard object.
func (a *afterDiscard) appendJSON(b []byte) []byte {
	b = appendInt(append(b, `{"shanten":`...), a.Shanten)
	b = strconv.AppendBool(append(b, `,"tenpai":`...), a.Tenpai)
	b = appendList(append(b, `,"waits":`...), a.Waits, appendWaitEntry)
	b = appendInt(append(b, `,"totalRemaining":`...), a.TotalRemaining)
	b = appendList(append(b, `,"effective":`...), a.Effective, appendTileEntry)
	b = appendInt(append(b, `,"totalEffective":`...), a.TotalEffective)
	return append(b, '}')
}

// appendOption appends an option object.
func appendOption(b []byte, o *option) []byte {
	b = appendInt(append(b, `{"discard":`...), int(o.Discard))
	b = appendString(append(b, `,"name":`...), o.Name)
	b = strconv.AppendBool(append(b, `,"valid":`...), o.Valid)
	b = appendInt(append(b, `,"shanten":`...), o.Shanten)
	b = appendList(append(b, `,"effective":`...), o.Effective, appendTileEntry)
	b = appendInt(append(b, `,"totalEffective":`...), o.TotalEffective)
	return append(b, '}')
}

// tileNames holds every tile's name, so that naming a tile in an answer
// allocates nothing.
var tileNames = func() (names [engine.NumKinds]string) {
	for t := range engine.Tile(engine.NumKinds) {
		names[t] = t.String()
	}
	return names
}()

// tileName returns t's name, as t.String does.
func tileName(t engine.Tile) string {
	if int(t) < len(tileNames) {
		return tileNames[t]
	}
	return t.String()
}

// numShapes is the number of wait shapes: shape sets are below
// 1<<numShapes.
const numShapes = 10

// formNames and shapeNames hold the names of every set of forms and of
// shapes, shared by all answers: nobody may modify them.
var (
	formNames = sync.OnceValue(func() [][]string {
		return namesTable(1<<8, func(i int) []string { return engine.Forms(i).Names() })
	})
	shapeNames = sync.OnceValue(func() [][]string {
		return namesTable(1<<numShapes, func(i int) []string { return engine.Shapes(i).Names() })
	})
)

// namesTable lists names(i) for every i below n.
func namesTable(n int, names func(int) []string) [][]string {
	table := make([][]string, n)
	for i := range table {
		table[i] = names(i)
	}
	return table
}
