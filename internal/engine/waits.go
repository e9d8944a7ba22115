package engine

// specialStats summarises a concealed hand for the seven pairs and
// thirteen orphans distances, so that the effect of drawing one tile is
// known in constant time.
type specialStats struct {
	rules                  Rules
	pairs, kinds, odd      int // seven pairs: pairs (two per four alike when allowed), kinds, odd counts
	orphanKinds, orphanDup int // thirteen orphans: orphan kinds held, 1 if one is doubled
}

func newSpecialStats(hand *Counts, r Rules) specialStats {
	st := specialStats{rules: r}
	for _, k := range hand {
		if k == 0 {
			continue
		}
		st.kinds++
		st.odd += int(k % 2)
		if r.SevenPairsFourAlike {
			st.pairs += int(k / 2)
		} else if k >= 2 {
			st.pairs++
		}
	}
	for _, t := range orphans {
		if hand[t] > 0 {
			st.orphanKinds++
			if hand[t] > 1 {
				st.orphanDup = 1
			}
		}
	}
	return st
}

// distance returns the least special-form distance allowed by the rules.
func (st *specialStats) distance() int {
	d := inf
	if st.rules.SevenPairs {
		d = min(d, sevenPairsFrom(st.pairs, st.kinds, st.odd, st.rules.SevenPairsFourAlike))
	}
	if st.rules.ThirteenOrphans {
		d = min(d, 14-st.orphanKinds-st.orphanDup)
	}
	return d
}

// plus returns the stats after drawing a tile of kind t held k times.
func (st specialStats) plus(t Tile, k uint8) specialStats {
	if k == 0 {
		st.kinds++
	}
	if k%2 == 1 {
		st.odd--
		if st.rules.SevenPairsFourAlike || k == 1 {
			st.pairs++
		}
	} else {
		st.odd++
	}
	if t.IsTerminalOrHonor() {
		if k == 0 {
			st.orphanKinds++
		} else {
			st.orphanDup = 1
		}
	}
	return st
}

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
	var st specialStats
	if special {
		st = newSpecialStats(&h, p.rules)
		special = st.distance() == 1
	}
	var out []Wait
	for t := Tile(0); t < NumKinds; t++ {
		if !p.canDraw(t) {
			continue
		}
		s := int(t.Suit())
		e2 := e
		if s == 3 {
			e2[3] = ts.honor[codes[3]+pow5[t-27]]
		} else {
			e2[s] = ts.suit[codes[s]+pow5[t%9]]
		}
		var w Wait
		if standardWins(&e2) {
			w.Forms |= Forms(Standard)
			h[t]++
			w.Shapes |= waitShapes(&h, &e2, t)
			h[t]--
		}
		if special {
			w.Forms, w.Shapes = specialWin(p.rules, st.plus(t, h[t]), w.Forms, w.Shapes)
		}
		if w.Forms != 0 {
			w.Tile = t
			out = append(out, w)
		}
	}
	return out
}

// specialWin adds the special forms a drawn tile completes.
func specialWin(r Rules, st specialStats, fs Forms, ss Shapes) (Forms, Shapes) {
	if r.SevenPairs && sevenPairsFrom(st.pairs, st.kinds, st.odd, r.SevenPairsFourAlike) == 0 {
		fs |= Forms(SevenPairs)
		ss |= Shapes(SevenPairsWait)
	}
	if r.ThirteenOrphans && st.orphanKinds+st.orphanDup == 14 {
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
	var st specialStats
	if wa.melds == 0 {
		st = newSpecialStats(h, wa.rules)
		cur = min(cur, st.distance())
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
			after := st.plus(t, h[t])
			d = min(d, after.distance())
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
