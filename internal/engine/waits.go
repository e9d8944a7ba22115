package engine

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
	special := len(p.melds) == 0
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
		caps:   capsOf(&p.meldTiles, len(p.melds)),
		blocks: MaxMelds - len(p.melds),
		rules:  p.rules,
		melds:  len(p.melds),
	}
}

// effective returns the distance of the waiting hand h and appends its
// effective tiles to out. drawable reports whether a tile may be drawn.
func (wa *waitingAnalysis) effective(h *Counts, drawable func(Tile) bool, out []Tile) (int, []Tile) {
	v := vecsOf(wa.ts, h, wa.caps)
	b := wa.blocks
	r01, r23 := conv(&v[0], &v[1], b), conv(&v[2], &v[3], b)
	rest := [4]vec{conv(&v[1], &r23, b), conv(&v[0], &r23, b), conv(&r01, &v[3], b), conv(&r01, &v[2], b)}
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
		nv := suitVec(wa.ts, h, wa.caps, s)
		h[t]--
		d := finish(&nv, &rest[s], b)
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

// advise evaluates every distinct discard of a complete position.
func advise(p *Position) []Option {
	wa := newWaitingAnalysis(p)
	h := p.hand
	var out []Option
	for x := Tile(0); x < NumKinds; x++ {
		if h[x] == 0 {
			continue
		}
		h[x]--
		// After discarding x the hand holds one copy fewer, so x is drawable
		// again whenever the position allowed it before.
		drawable := func(t Tile) bool { return h[t]+p.meldTiles[t] < CopiesPerKind }
		d, eff := wa.effective(&h, drawable, nil)
		h[x]++
		out = append(out, Option{Discard: x, Shanten: d - 1, Effective: eff})
	}
	return out
}
