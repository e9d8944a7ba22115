package httpapi

import (
	"net/http"

	"github.com/judged/judged/internal/engine"
)

// huResult is the cached part of a /hu answer: nothing in it depends on
// visible tiles.
type huResult struct {
	forms   engine.Forms
	decomps []engine.Decomposition
	shanten int
}

// judgeHu judges a complete position.
func judgeHu(p *engine.Position) huResult {
	return huResult{forms: engine.Hu(p), decomps: engine.Decompositions(p), shanten: engine.Shanten(p)}
}

// huResponse is the body of a /hu answer.
type huResponse struct {
	Hu             bool            `json:"hu"`
	Forms          []string        `json:"forms"`
	Decompositions []decomposition `json:"decompositions"`
	Shanten        int             `json:"shanten"`
	Notation       string          `json:"notation"`
	// WildcardCount is the number of wildcard tiles among the concealed
	// tiles, given only under rules with wildcards.
	WildcardCount *int `json:"wildcardCount,omitempty"`
}

// decomposition is one standard-form reading of the concealed tiles.
type decomposition struct {
	Pair engine.Tile `json:"pair"`
	// PairWildcards lists which of the pair's two tiles (0, 1) are
	// wildcards standing for Pair; omitted when none is.
	PairWildcards []int   `json:"pairWildcards,omitempty"`
	Melds         []block `json:"melds"`
}

// block is one meld of a decomposition.
type block struct {
	Type  string `json:"type"`
	Tiles [3]int `json:"tiles"`
	// Wildcards lists which of Tiles (0, 1, 2) are wildcards standing for
	// that tile; omitted when none is.
	Wildcards []int `json:"wildcards,omitempty"`
}

// handleHu serves POST /hu: does a 14-tile position win, in which forms,
// read how, and how far from winning is it.
func handleHu(j *judgment[huResult], maxBody int64) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, ok := readRequest(w, r, maxBody, engine.Complete, false)
		if !ok {
			return
		}
		p := &req.pos
		noteHand(r, p)
		res, hit := j.judge(p)
		setXCache(w, hit)
		resp := newHuResponse(p, res)
		writeResponse(w, http.StatusOK, resp.appendJSON)
	}
}

// newHuResponse answers from the judgment of p.
func newHuResponse(p *engine.Position, res huResult) huResponse {
	return huResponse{
		Hu:             res.forms.Wins(),
		Forms:          formNames()[res.forms],
		Decompositions: decompositions(res.decomps),
		Shanten:        res.shanten,
		Notation:       p.Notation(),
		WildcardCount:  wildcardCount(p),
	}
}

// wildcardCount returns the number of wildcard tiles among p's concealed
// tiles, or nil when p's rules have no wildcards.
func wildcardCount(p *engine.Position) *int {
	r := p.Rules()
	if r.Wildcards == 0 {
		return nil
	}
	hand := p.Hand()
	n := 0
	for _, t := range r.Wildcards.Tiles() {
		n += int(hand[t])
	}
	return &n
}

// wildPositions lists the set bits of the low n bits of mask: the places
// of a block's or pair's wildcards. It is nil when there are none.
func wildPositions(mask uint8, n int) []int {
	var out []int
	for i := range n {
		if mask>>i&1 == 1 {
			out = append(out, i)
		}
	}
	return out
}

// decompositions converts engine decompositions to their JSON shape.
func decompositions(ds []engine.Decomposition) []decomposition {
	out := make([]decomposition, len(ds))
	for i, d := range ds {
		blocks := make([]block, len(d.Blocks))
		for k, b := range d.Blocks {
			ts := b.Tiles()
			blocks[k] = block{Type: b.Kind.String(), Tiles: [3]int{int(ts[0]), int(ts[1]), int(ts[2])}, Wildcards: wildPositions(b.Wild, 3)}
		}
		out[i] = decomposition{Pair: d.Pair, PairWildcards: wildPositions(d.PairWild, 2), Melds: blocks}
	}
	return out
}
