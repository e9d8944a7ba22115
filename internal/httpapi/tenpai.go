package httpapi

import (
	"net/http"

	"github.com/judged/judged/internal/engine"
)

// tenpaiResult is the cached part of a /tenpai answer: remaining counts
// depend on visible tiles and are computed per request.
type tenpaiResult struct {
	shanten   int
	waits     []engine.Wait
	effective []engine.Tile
}

// judgeTenpai judges a waiting position.
func judgeTenpai(p *engine.Position) tenpaiResult {
	return tenpaiResult{shanten: engine.Shanten(p), waits: engine.Waits(p), effective: engine.EffectiveTiles(p)}
}

// tenpaiResponse is the body of a /tenpai answer.
type tenpaiResponse struct {
	Tenpai         bool        `json:"tenpai"`
	Shanten        int         `json:"shanten"`
	Waits          []waitEntry `json:"waits"`
	TotalRemaining int         `json:"totalRemaining"`
	Effective      []tileEntry `json:"effective"`
	TotalEffective int         `json:"totalEffective"`
	Notation       string      `json:"notation"`
	// WildcardCount is the number of wildcard tiles among the concealed
	// tiles, given only under rules with wildcards.
	WildcardCount *int `json:"wildcardCount,omitempty"`
}

// handleTenpai serves POST /tenpai: is a 13-tile position ready, on which
// tiles, and which draws bring it closer.
func handleTenpai(j *judgment[tenpaiResult], maxBody int64) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, ok := readRequest(w, r, maxBody, engine.Waiting, false)
		if !ok {
			return
		}
		p := &req.pos
		noteHand(r, p)
		res, hit := j.judge(p)
		setXCache(w, hit)
		resp := newTenpaiResponse(p, res)
		writeResponse(w, http.StatusOK, resp.appendJSON)
	}
}

// newTenpaiResponse answers from the judgment of p.
func newTenpaiResponse(p *engine.Position, res tenpaiResult) tenpaiResponse {
	waits, totalRemaining := waitEntries(res.waits, p.Remaining)
	effective, totalEffective := tileEntries(res.effective, p.Remaining)
	return tenpaiResponse{
		Tenpai:         res.shanten == 0,
		Shanten:        res.shanten,
		Waits:          waits,
		TotalRemaining: totalRemaining,
		Effective:      effective,
		TotalEffective: totalEffective,
		Notation:       p.Notation(),
		WildcardCount:  wildcardCount(p),
	}
}
