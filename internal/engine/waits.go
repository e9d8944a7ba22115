package engine

import "math/bits"

// allowed reports whether a 5th copy would be needed to draw t.
func (p *Position) canDraw(t Tile) bool {
	return p.hand[t]+p.meldTiles[t] < CopiesPerKind
}

// waits lists the winning tiles of a waiting position.
func waits(p *Position) []Wait {
	ts := tables()
	h := p.hand
	e := lookup(ts, &h)
	var codes [4]uint32
	for s := range codes {
		codes[s] = suitCode(&h, s)
	}
	special := p.numMelds == 0
	var hs handShape
	if special {
		hs = shapeOf(&h)
		special = hs.special(p.rules) == 1
	}
	var out []Wait
	for t := Tile(0); t < NumKinds; t++ {
		if !p.canDraw(t) {
			continue
		}
		s := int(t.Suit())
		e2 := e
		e2[s] = ts.flags(s, codes[s]+pow5[int(t)-9*s])
		var w Wait
		if standardWins(&e2) {
			w.Forms |= Forms(Standard)
			h[t]++
			w.Shapes |= waitShapes(&h, &e2, t)
			h[t]--
		}
		if special {
			w.Forms, w.Shapes = specialWin(p.rules, hs.plus(t, h[t]), w.Forms, w.Shapes)
		}
		if w.Forms != 0 {
			w.Tile = t
			out = append(out, w)
		}
	}
	return out
}

// specialWin adds the special forms a drawn tile completes.
func specialWin(r Rules, hs handShape, fs Forms, ss Shapes) (Forms, Shapes) {
	if r.SevenPairs && hs.sevenPairs(r.SevenPairsFourAlike) == 0 {
		fs |= Forms(SevenPairs)
		ss |= Shapes(SevenPairsWait)
	}
	if r.ThirteenOrphans && hs.thirteenOrphans() == 0 {
		fs |= Forms(ThirteenOrphans)
		ss |= Shapes(ThirteenOrphansWait)
	}
	return fs, ss
}

// waitingAnalysis computes a waiting hand's distance (shanten + 1) and its
// effective tiles.
type waitingAnalysis struct {
	ts     *tableSet
	caps   *caps
	blocks int
	rules  Rules
	melds  int
}

func newWaitingAnalysis(p *Position) waitingAnalysis {
	return waitingAnalysis{
		ts:     tables(),
		caps:   capsOf(&p.meldTiles, p.numMelds),
		blocks: MaxMelds - p.numMelds,
		rules:  p.rules,
		melds:  p.numMelds,
	}
}

// effective returns the distance of the waiting hand h and appends its
// effective tiles to out. drawable reports whether a tile may be drawn.
func (wa *waitingAnalysis) effective(h *Counts, drawable func(Tile) bool, out []Tile) (int, []Tile) {
	v := vecsOf(wa.ts, h, wa.caps)
	b := wa.blocks
	r01, r23 := conv(&v[0], &v[1]), conv(&v[2], &v[3])
	rest := [4]vec{conv(&v[1], &r23), conv(&v[0], &r23), conv(&r01, &v[3]), conv(&r01, &v[2])}
	cur := finish(&r01, &r23, b)
	var hs handShape
	if wa.melds == 0 {
		hs = shapeOf(h)
		cur = min(cur, hs.special(wa.rules))
	}
	for t := Tile(0); t < NumKinds; t++ {
		if !drawable(t) {
			continue
		}
		s := int(t.Suit())
		h[t]++
		d := finish(wa.ts.vec(h, s), &rest[s], b) // a lower bound when caps bind
		if d < cur && wa.caps != nil && wa.caps.capped(s) {
			nv := cappedSuit(h, wa.caps, s)
			d = finish(&nv, &rest[s], b)
		}
		h[t]--
		if wa.melds == 0 {
			after := hs.plus(t, h[t])
			d = min(d, after.special(wa.rules))
		}
		if d < cur {
			out = append(out, t)
		}
	}
	return cur, out
}

// effectiveTiles lists the effective tiles of a waiting position.
func effectiveTiles(p *Position) []Tile {
	wa := newWaitingAnalysis(p)
	h := p.hand
	_, out := wa.effective(&h, p.canDraw, nil)
	return out
}

// otherSuits[a][b] lists the two suits that are neither a nor b.
var otherSuits = [4][4][2]int{
	{{}, {2, 3}, {1, 3}, {1, 2}},
	{{2, 3}, {}, {0, 3}, {0, 2}},
	{{1, 3}, {0, 3}, {}, {0, 1}},
	{{1, 2}, {0, 2}, {0, 1}, {}},
}

// advise evaluates every distinct discard of a complete position.
//
// A discard x changes one suit and a draw t one suit, so everything else is
// computed once: the four suits' vectors, their pairwise and three-suit
// combinations, and each suit's vector after a draw (when the discard is
// elsewhere).
func advise(p *Position) []Option {
	wa := newWaitingAnalysis(p)
	ts, cp, blocks := wa.ts, wa.caps, wa.blocks
	h := p.hand
	var base suitVecs
	for s := range 4 {
		base[s] = suitVec(ts, &h, cp, s)
	}
	var pairs [4][4]vec
	for a := range 4 {
		for b := a + 1; b < 4; b++ {
			pairs[a][b] = conv(&base[a], &base[b])
			pairs[b][a] = pairs[a][b]
		}
	}
	var without [4]vec // the three suits other than s, combined
	for s := range 4 {
		o := otherSuits[s][(s+1)%4]
		without[s] = conv(&pairs[o[0]][o[1]], &base[(s+1)%4])
	}
	var drawable uint64 // kinds with a copy left to draw
	for t, k := range h {
		if k+p.meldTiles[t] < CopiesPerKind {
			drawable |= 1 << t
		}
	}
	var drawn [NumKinds]vec // capped suit's exact vector after drawing t, for discards in other suits
	var drawnOK [NumKinds]bool
	out, backing := newOptions(&h)
	for x := Tile(0); x < NumKinds; x++ {
		if h[x] == 0 {
			continue
		}
		sx := int(x.Suit())
		h[x]--
		vx := suitVec(ts, &h, cp, sx)
		var rest [4]vec
		rest[sx] = without[sx]
		for s := range 4 {
			if s != sx {
				o := otherSuits[s][sx]
				rest[s] = conv(&vx, &pairs[o[0]][o[1]])
			}
		}
		cur := finish(&vx, &without[sx], blocks)
		// A draw lowers a special form's distance by at most one, so the
		// special forms matter only when they are within one of the best.
		var hs handShape
		special := false
		if wa.melds == 0 {
			hs = shapeOf(&h)
			sd := hs.special(wa.rules)
			cur = min(cur, sd)
			special = sd <= cur
		}
		first := len(backing)
		for free := drawable | 1<<x; free != 0; free &= free - 1 {
			t := Tile(bits.TrailingZeros64(free))
			s := int(t.Suit())
			if special {
				if after := hs.plus(t, h[t]); after.special(wa.rules) < cur {
					backing = append(backing, t)
					continue
				}
			}
			h[t]++
			// The table ignores the copies declared melds use up, so its
			// distance is a lower bound; only when that bound would make t
			// effective does a capped suit need the exact program.
			d := finish(ts.vec(&h, s), &rest[s], blocks)
			if d < cur && cp != nil && cp.capped(s) {
				if s == sx {
					v := cappedSuit(&h, cp, s)
					d = finish(&v, &rest[s], blocks)
				} else {
					if !drawnOK[t] {
						drawn[t], drawnOK[t] = cappedSuit(&h, cp, s), true
					}
					d = finish(&drawn[t], &rest[s], blocks)
				}
			}
			h[t]--
			if d < cur {
				backing = append(backing, t)
			}
		}
		h[x]++
		eff := backing[first:len(backing):len(backing)]
		out = append(out, Option{Discard: x, Shanten: cur - 1, Effective: eff})
	}
	return out
}

// newOptions returns room for the options of every distinct kind of h, and
// one backing array for all their effective tiles.
func newOptions(h *Counts) ([]Option, []Tile) {
	distinct := 0
	for _, k := range h {
		if k > 0 {
			distinct++
		}
	}
	return make([]Option, 0, distinct), make([]Tile, 0, distinct*NumKinds)
}
