package httpapi

import (
	"net/http"
	"slices"

	"github.com/judged/judged/internal/engine"
)

// discardResult is the cached part of a /discard answer, the same for
// every discard from one position: whether it wins, every discard's
// shanten and effective tiles, and the waits left by each discard that
// leaves the hand ready (nil otherwise), parallel to options.
type discardResult struct {
	forms   engine.Forms
	options []engine.Option
	waits   [][]engine.Wait
}

// judgeDiscard judges every discard from a complete position.
func judgeDiscard(p *engine.Position) discardResult {
	opts := engine.Advise(p)
	waits := make([][]engine.Wait, len(opts))
	for i, o := range opts {
		if o.Shanten != 0 {
			continue
		}
		if after, ok := p.Discard(o.Discard); ok {
			waits[i] = engine.Waits(&after)
		}
	}
	return discardResult{forms: engine.Hu(p), options: opts, waits: waits}
}

// discardMembers are the members a /discard request accepts.
var discardMembers = append(slices.Clone(positionMembers), "discard", "drawn", "riichi", "voidSuit")

// voidSuits maps the voidSuit member's values to suits.
var voidSuits = map[string]engine.Suit{"m": engine.Man, "s": engine.Sou, "p": engine.Pin}

// discardResponse is the body of a /discard answer.
type discardResponse struct {
	Valid   bool          `json:"valid"`
	Reason  *string       `json:"reason"`
	Hu      bool          `json:"hu"`
	After   *afterDiscard `json:"after,omitempty"`
	Options []option      `json:"options"`
}

// afterDiscard describes the 13 tiles left by the requested discard.
type afterDiscard struct {
	Shanten        int         `json:"shanten"`
	Tenpai         bool        `json:"tenpai"`
	Waits          []waitEntry `json:"waits"`
	TotalRemaining int         `json:"totalRemaining"`
	Effective      []tileEntry `json:"effective"`
	TotalEffective int         `json:"totalEffective"`
}

// option is one possible discard and what it leaves.
type option struct {
	Discard        engine.Tile `json:"discard"`
	Name           string      `json:"name"`
	Valid          bool        `json:"valid"`
	Shanten        int         `json:"shanten"`
	Effective      []tileEntry `json:"effective"`
	TotalEffective int         `json:"totalEffective"`
}

// handleDiscard serves POST /discard: may this tile go from a 14-tile
// position, what does it leave, and how do all discards rank.
//
// Remaining copies are counted on the 14-tile position, so the discarded
// tile counts as seen and after.totalEffective equals the matching
// option's totalEffective.
func handleDiscard(j *judgment[discardResult], maxBody int64) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, ok := readRequest(w, r, maxBody, engine.Complete, true)
		if !ok {
			return
		}
		noteHand(r, &req.pos)
		res, hit := j.judge(&req.pos)
		setXCache(w, hit)
		resp := newDiscardResponse(&req.pos, req.query, res)
		writeResponse(w, http.StatusOK, resp.appendJSON)
	}
}

// discardQuery parses the discard members. Their tiles are checked
// against the rules when those parsed (no honors in a suits-only set), and
// the drawn tile against the hand only when the position is valid.
func discardQuery(m members, pp *parsedPosition, errs *fieldErrors) engine.DiscardQuery {
	q := engine.DiscardQuery{VoidSuit: engine.Honors}
	if raw, ok := m["discard"]; ok {
		t, ok := tile(raw, "/discard", errs)
		if ok && pp.rulesOK {
			checkSuitsOnly(t, "/discard", pp.rules, errs)
		}
		q.Tile = t
	} else {
		errs.impossible("/discard", "required: the tile to discard")
	}
	if raw, ok := m["drawn"]; ok {
		t, ok := tile(raw, "/drawn", errs)
		if ok && pp.rulesOK {
			ok = checkSuitsOnly(t, "/drawn", pp.rules, errs)
		}
		if ok && pp.ok {
			if hand := pp.pos.Hand(); hand[t] == 0 {
				errs.impossible("/drawn", "the drawn tile %s is not in the hand", t)
			}
		}
		q.Drawn, q.HasDrawn = t, true
	}
	if raw, ok := m["riichi"]; ok {
		q.Riichi = boolean(raw, "/riichi", errs)
	}
	if raw, ok := m["voidSuit"]; ok {
		if s, ok := str(raw, "/voidSuit", errs); ok {
			suit, known := voidSuits[s]
			if !known {
				errs.impossible("/voidSuit", `unknown suit %q: the void suit is "m", "s" or "p"`, s)
			}
			q.VoidSuit = suit
		}
	}
	return q
}

// checkSuitsOnly records an honor named at ptr under suits-only rules, in
// the engine's words for an honor in the hand, and reports whether t may
// be played.
func checkSuitsOnly(t engine.Tile, ptr string, r engine.Rules, errs *fieldErrors) bool {
	if r.SuitsOnly && t.IsHonor() {
		errs.impossible(ptr, "%s is an honor, and the rules play a suits-only set (honors false)", t)
		return false
	}
	return true
}

// newDiscardResponse answers q from the judgment of p.
func newDiscardResponse(p *engine.Position, q engine.DiscardQuery, res discardResult) discardResponse {
	resp := discardResponse{Hu: res.forms.Wins(), Options: options(p, q, res.options)}
	if reason := engine.CheckDiscard(p, q); reason != engine.NoReason {
		name := reason.String()
		resp.Reason = &name
		return resp
	}
	resp.Valid = true
	for i, o := range res.options {
		if o.Discard != q.Tile {
			continue
		}
		waits, totalRemaining := waitEntries(res.waits[i], p.Remaining)
		effective, totalEffective := tileEntries(o.Effective, p.Remaining)
		resp.After = &afterDiscard{
			Shanten:        o.Shanten,
			Tenpai:         o.Shanten == 0,
			Waits:          waits,
			TotalRemaining: totalRemaining,
			Effective:      effective,
			TotalEffective: totalEffective,
		}
	}
	return resp
}

// options ranks every discard best first (engine.RankOptions), then moves
// the discards q's constraints allow ahead of those they forbid, keeping
// the ranking within each group.
func options(p *engine.Position, q engine.DiscardQuery, opts []engine.Option) []option {
	ranked := engine.RankOptions(p, opts)
	out := make([]option, len(ranked))
	n := 0
	for _, o := range ranked {
		n += len(o.Effective)
	}
	entries := make([]tileEntry, n) // one backing array for every option's list
	for i, o := range ranked {
		q.Tile = o.Discard
		effective := entries[:len(o.Effective):len(o.Effective)]
		entries = entries[len(o.Effective):]
		total := fillTileEntries(effective, o.Effective, p.Remaining)
		out[i] = option{
			Discard:        o.Discard,
			Name:           tileName(o.Discard),
			Valid:          engine.CheckDiscard(p, q) == engine.NoReason,
			Shanten:        o.Shanten,
			Effective:      effective,
			TotalEffective: total,
		}
	}
	slices.SortStableFunc(out, func(a, b option) int {
		switch {
		case a.Valid == b.Valid:
			return 0
		case a.Valid:
			return -1
		default:
			return 1
		}
	})
	return out
}
