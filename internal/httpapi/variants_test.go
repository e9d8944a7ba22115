package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Expected answers below are worked out by hand from each preset's rules,
// as in judgments_test.go.

// seqW and tripW write a decomposition block, with the places of its
// wildcards if any.
func seqW(a int, wild ...int) string  { return blockJSON("sequence", [3]int{a, a + 1, a + 2}, wild) }
func tripW(a int, wild ...int) string { return blockJSON("triplet", [3]int{a, a, a}, wild) }

func blockJSON(kind string, tiles [3]int, wild []int) string {
	s := fmt.Sprintf(`{"type":%q,"tiles":[%d,%d,%d]`, kind, tiles[0], tiles[1], tiles[2])
	if len(wild) > 0 {
		w, _ := json.Marshal(wild)
		s += `,"wildcards":` + string(w)
	}
	return s + "}"
}

func TestVariantHu(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{CacheSize: 64})
	const guangdongP = `{"preset":"guangdong","wildcards":["P"]}`
	tests := []struct {
		name string
		body string
		want string
	}{
		{
			// 1m 4m 7m, 2s 5s, 3p 6p: one knitted set, and all seven honors.
			name: "mcr greater honors-and-knitted",
			body: `{"hand":"147m25s36pESWNCFP","rules":"mcr"}`,
			want: `{"hu":true,"forms":["honorsAndKnitted","greaterHonorsAndKnitted"],"decompositions":[],"shanten":-1,"notation":"147m25s36pESWNCFP"}`,
		},
		{
			// The nine knitted tiles and five honors: honors-and-knitted
			// holding a knitted straight.
			name: "mcr honors-and-knitted with the full knitted straight",
			body: `{"hand":"147m258s369pESWNC","rules":"mcr"}`,
			want: `{"hu":true,"forms":["honorsAndKnitted","knittedStraight"],"decompositions":[],"shanten":-1,"notation":"147m258s369pESWNC"}`,
		},
		{
			name: "mcr knitted straight beside a declared chi",
			body: `{"hand":"147m258s369pEE","melds":[{"type":"chi","tiles":"123s"}],"rules":"mcr"}`,
			want: `{"hu":true,"forms":["knittedStraight"],"decompositions":[],"shanten":-1,"notation":"147m258s369pEE"}`,
		},
		{
			name: "sichuan seven pairs with four alike",
			body: `{"hand":"111122m44556677s","rules":"sichuan"}`,
			want: `{"hu":true,"forms":["sevenPairs"],"decompositions":[],"shanten":-1,"notation":"111122m44556677s"}`,
		},
		{
			// Standard counts 1111m as one pair only. Trading a 2m for a
			// 3m wins (111m 123m 44s 567s 567s): ready, shanten 0.
			name: "the same hand under standard",
			body: `{"hand":"111122m44556677s","rules":"standard"}`,
			want: `{"hu":false,"forms":[],"decompositions":[],"shanten":0,"notation":"111122m44556677s"}`,
		},
		{
			// The pon of dots makes a third suit: the 11s must be traded
			// for a pair of characters (two tiles), shanten 1.
			name: "sichuan counts the suits of declared melds",
			body: `{"hand":"123m456m789m11s","melds":[{"type":"pon","tiles":"555p"}],"rules":"sichuan"}`,
			want: `{"hu":false,"forms":[],"decompositions":[],"shanten":1,"notation":"123456789m11s"}`,
		},
		{
			name: "sichuan in two suits",
			body: `{"hand":"123m456m789m11s","melds":[{"type":"pon","tiles":"555s"}],"rules":"sichuan"}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[{"pair":9,"melds":[` + seqW(0) + `,` + seqW(3) + `,` + seqW(6) +
				`]}],"shanten":-1,"notation":"123456789m11s"}`,
		},
		{
			// Two white dragons: one completes 78p (as 6p or 9p), the other
			// a triplet of whichever of E and S is not the pair.
			name: "guangdong wildcards",
			body: `{"hand":"123m456s78pEESSPP","rules":` + guangdongP + `}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[` +
				`{"pair":27,"melds":[` + seqW(0) + `,` + seqW(12) + `,` + seqW(23, 0) + `,` + tripW(28, 2) + `]},` +
				`{"pair":27,"melds":[` + seqW(0) + `,` + seqW(12) + `,` + seqW(24, 2) + `,` + tripW(28, 2) + `]},` +
				`{"pair":28,"melds":[` + seqW(0) + `,` + seqW(12) + `,` + seqW(23, 0) + `,` + tripW(27, 2) + `]},` +
				`{"pair":28,"melds":[` + seqW(0) + `,` + seqW(12) + `,` + seqW(24, 2) + `,` + tripW(27, 2) + `]}` +
				`],"shanten":-1,"notation":"123m456s78pEESSPP","wildcardCount":2}`,
		},
		{
			// Without wildcards the same hand is two tiles short.
			name: "guangdong without wildcards",
			body: `{"hand":"123m456s78pEESSPP","rules":"guangdong"}`,
			want: `{"hu":false,"forms":[],"decompositions":[],"shanten":1,"notation":"123m456s78pEESSPP"}`,
		},
		{
			name: "thirteen orphans completed by a wildcard",
			body: `{"hand":"19m19s19pESWNCFP5m","rules":{"preset":"guangdong","wildcards":["5m"]}}`,
			want: `{"hu":true,"forms":["thirteenOrphans"],"decompositions":[],"shanten":-1,"notation":"159m19s19pESWNCFP","wildcardCount":1}`,
		},
		{
			name: "taiwan 17 tiles",
			body: `{"hand":"123m456m789m123s456sEE","rules":"taiwan"}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[{"pair":27,"melds":[` +
				seqW(0) + `,` + seqW(3) + `,` + seqW(6) + `,` + seqW(9) + `,` + seqW(12) + `]}],"shanten":-1,"notation":"123456789m123456sEE"}`,
		},
		{
			name: "taiwan 14 concealed tiles beside a chi",
			body: `{"hand":"456m789m123s456sEE","melds":[{"type":"chi","tiles":"123m"}],"rules":"taiwan"}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[{"pair":27,"melds":[` +
				seqW(3) + `,` + seqW(6) + `,` + seqW(9) + `,` + seqW(12) + `]}],"shanten":-1,"notation":"456789m123456sEE"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkAnswer(t, post(t, h, "/hu", tt.body), http.StatusOK, "application/json", tt.want)
		})
	}
}

func TestVariantTenpai(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{CacheSize: 64})
	wait := func(tile int, name string, remaining int, forms, shapes string) string {
		return fmt.Sprintf(`{"tile":%d,"name":%q,"remaining":%d,"forms":[%s],"shapes":[%s]}`, tile, name, remaining, forms, shapes)
	}
	eff := func(tile int, name string, remaining int) string {
		return fmt.Sprintf(`{"tile":%d,"name":%q,"remaining":%d}`, tile, name, remaining)
	}
	const knitted = `"honorsAndKnitted","knittedStraight"`
	tests := []struct {
		name string
		body string
		want string
	}{
		{
			// Nine knitted tiles and four winds: any dragon makes
			// honors-and-knitted around a knitted straight.
			name: "mcr honors-and-knitted",
			body: `{"hand":"147m258s369pESWN","rules":"mcr"}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` + wait(31, "C", 4, knitted, knitted) + `,` + wait(32, "F", 4, knitted, knitted) + `,` +
				wait(33, "P", 4, knitted, knitted) + `],"totalRemaining":12,"effective":[` + eff(31, "C", 4) + `,` + eff(32, "F", 4) + `,` + eff(33, "P", 4) +
				`],"totalEffective":12,"notation":"147m258s369pESWN"}`,
		},
		{
			name: "sichuan seventh pair",
			body: `{"hand":"111122m4455667s","rules":"sichuan"}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` + wait(15, "7s", 3, `"sevenPairs"`, `"sevenPairs"`) +
				`],"totalRemaining":3,"effective":[` + eff(15, "7s", 3) + `],"totalEffective":3,"notation":"111122m4455667s"}`,
		},
		{
			// 123m 456s 789p EE, then 1s and a white dragon (wildcard):
			// 1s pairs or triples, 2s and 3s make 123s, E triples beside a
			// 1s pair, and a drawn wildcard wins as any of them.
			name: "guangdong wildcard wait",
			body: `{"hand":"123m456s789p1sEEP","rules":{"preset":"guangdong","wildcards":["P"]}}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` +
				wait(9, "1s", 3, `"standard"`, `"single","dualPon"`) + `,` + wait(10, "2s", 4, `"standard"`, `"closed"`) + `,` +
				wait(11, "3s", 4, `"standard"`, `"edge"`) + `,` + wait(27, "E", 2, `"standard"`, `"dualPon"`) + `,` +
				wait(33, "P", 3, `"standard"`, `"wildcard"`) + `],"totalRemaining":16,"effective":[` +
				eff(9, "1s", 3) + `,` + eff(10, "2s", 4) + `,` + eff(11, "3s", 4) + `,` + eff(27, "E", 2) + `,` + eff(33, "P", 3) +
				`],"totalEffective":16,"notation":"123m1456s789pEEP","wildcardCount":1}`,
		},
		{
			name: "taiwan 16 tiles",
			body: `{"hand":"123m456m789m123s45sEE","rules":"taiwan"}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` + wait(11, "3s", 3, `"standard"`, `"twoSided","edge"`) + `,` +
				wait(14, "6s", 4, `"standard"`, `"twoSided"`) + `],"totalRemaining":7,"effective":[` + eff(11, "3s", 3) + `,` + eff(14, "6s", 4) +
				`],"totalEffective":7,"notation":"123456789m12345sEE"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkAnswer(t, post(t, h, "/tenpai", tt.body), http.StatusOK, "application/json", tt.want)
		})
	}
}

// TestVariantDiscardRanksWildcardsLast checks the ranking of discards
// under wildcard rules. 123m 456s 789p 1s EE and two white dragons
// (wildcards) win already. Dropping the 1s leaves EE and two wildcards:
// any draw wins (34 kinds). Dropping 1m, 4s or 9p leaves a two-sided or
// edge wait beside the 1s-and-wildcard pair (22 copies), the middle and
// other tiles fewer; dropping E leaves 15, as does dropping a wildcard,
// which ranks last all the same.
func TestVariantDiscardRanksWildcardsLast(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{})
	rec := post(t, h, "/discard", `{"hand":"123m456s789p1sEEPP","rules":{"preset":"guangdong","wildcards":["P"]},"discard":"P"}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var got struct {
		Hu    bool
		After struct {
			Shanten        int
			TotalEffective int
		}
		Options []struct {
			Name           string
			Shanten        int
			TotalEffective int
			Effective      []struct{ Name string }
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("decode %s: %v", rec.Body, err)
	}
	var order []string
	var totals []int
	for _, o := range got.Options {
		order = append(order, o.Name)
		totals = append(totals, o.TotalEffective)
		if o.Shanten != 0 {
			t.Errorf("discarding %s: shanten %d, want 0", o.Name, o.Shanten)
		}
	}
	if diff := cmp.Diff([]string{"1s", "1m", "4s", "9p", "2m", "3m", "5s", "6s", "7p", "8p", "E", "P"}, order); diff != "" {
		t.Errorf("discard order mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{122, 22, 22, 22, 18, 18, 18, 18, 18, 18, 15, 15}, totals); diff != "" {
		t.Errorf("total effective mismatch (-want +got):\n%s", diff)
	}
	if n := len(got.Options[0].Effective); n != 34 {
		t.Errorf("discarding 1s: %d effective kinds, want all 34", n)
	}
	if !got.Hu || got.After.Shanten != 0 || got.After.TotalEffective != 15 {
		t.Errorf("hu %t, after {shanten %d, totalEffective %d}; want true, {0, 15}", got.Hu, got.After.Shanten, got.After.TotalEffective)
	}
}

// TestPresetsAnswerApart sends one hand under presets whose answers
// differ, to one cache, in both orders: each gets its own answer.
func TestPresetsAnswerApart(t *testing.T) {
	t.Parallel()
	answers := map[string]string{
		`"standard"`: `{"hu":false,"forms":[],"decompositions":[],"shanten":0,"notation":"111122m44556677s"}`,
		`"sichuan"`:  `{"hu":true,"forms":["sevenPairs"],"decompositions":[],"shanten":-1,"notation":"111122m44556677s"}`,
		`"mcr"`:      `{"hu":true,"forms":["sevenPairs"],"decompositions":[],"shanten":-1,"notation":"111122m44556677s"}`,
		// A wildcard kind the hand does not hold: standard's answer, with
		// the wildcards counted.
		`{"preset":"guangdong","wildcards":["E"]}`: `{"hu":false,"forms":[],"decompositions":[],"shanten":0,"notation":"111122m44556677s","wildcardCount":0}`,
	}
	presets := make([]string, 0, len(answers))
	for p := range answers {
		presets = append(presets, p)
	}
	slices.Sort(presets)
	reversed := slices.Clone(presets)
	slices.Reverse(reversed)
	for _, order := range [][]string{presets, reversed} {
		h := NewAPI(Config{CacheSize: 64})
		for _, p := range order {
			body := `{"hand":"111122m44556677s","rules":` + p + `}`
			rec := post(t, h, "/hu", body)
			if got := rec.Header().Get("X-Cache"); got != "miss" {
				t.Errorf("%s: X-Cache = %q, want miss", body, got)
			}
			checkAnswer(t, rec, http.StatusOK, "application/json", answers[p])
		}
	}
}
