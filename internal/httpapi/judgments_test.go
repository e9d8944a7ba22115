package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Expected answers below are worked out by hand from the rules of the
// game, not copied from the engine's output.

func TestHu(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{CacheSize: 64})
	seq := func(a int) string { return fmt.Sprintf(`{"type":"sequence","tiles":[%d,%d,%d]}`, a, a+1, a+2) }
	trip := func(a int) string { return fmt.Sprintf(`{"type":"triplet","tiles":[%d,%d,%d]}`, a, a, a) }
	tests := []struct {
		name string
		body string
		want string
	}{
		{
			name: "one reading",
			body: `{"hand": "123m456s789pEEESS"}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[{"pair":28,"melds":[` +
				seq(0) + `,` + seq(12) + `,` + seq(24) + `,` + trip(27) + `]}],"shanten":-1,"notation":"123m456s789pEEESS"}`,
		},
		{
			// 111222333m reads as three sequences or three triplets; the
			// sequences sort first.
			name: "two readings, mixed ids and names",
			body: `{"hand": ["1m",0,"1m","2m",1,"2m","3m",2,"3m","4p","5p","6p","7s",15]}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[` +
				`{"pair":15,"melds":[` + seq(0) + `,` + seq(0) + `,` + seq(0) + `,` + seq(21) + `]},` +
				`{"pair":15,"melds":[` + trip(0) + `,` + trip(1) + `,` + trip(2) + `,` + seq(21) + `]}` +
				`],"shanten":-1,"notation":"111222333m77s456p"}`,
		},
		{
			name: "standard and seven pairs",
			body: `{"hand": "112233m445566sEE"}`,
			want: `{"hu":true,"forms":["standard","sevenPairs"],"decompositions":[{"pair":27,"melds":[` +
				seq(0) + `,` + seq(0) + `,` + seq(12) + `,` + seq(12) + `]}],"shanten":-1,"notation":"112233m445566sEE"}`,
		},
		{
			name: "thirteen orphans",
			body: `{"hand": "19m19s19pESWNCFPP"}`,
			want: `{"hu":true,"forms":["thirteenOrphans"],"decompositions":[],"shanten":-1,"notation":"19m19s19pESWNCFPP"}`,
		},
		{
			name: "seven pairs under the riichi preset",
			body: `{"hand": "1122m3344s5566pEE", "rules": "riichi"}`,
			want: `{"hu":true,"forms":["sevenPairs"],"decompositions":[],"shanten":-1,"notation":"1122m3344s5566pEE"}`,
		},
		{
			// Without seven pairs: pair EE and four partial sequences, 8−4−1 = 3.
			name: "seven pairs switched off",
			body: `{"hand": "1122m3344s5566pEE", "rules": {"preset": "standard", "sevenPairs": false}}`,
			want: `{"hu":false,"forms":[],"decompositions":[],"shanten":3,"notation":"1122m3344s5566pEE"}`,
		},
		{
			name: "declared pon",
			body: `{"hand": "123m456s789pEE", "melds": [{"type": "pon", "tiles": "SSS"}]}`,
			want: `{"hu":true,"forms":["standard"],"decompositions":[{"pair":27,"melds":[` +
				seq(0) + `,` + seq(12) + `,` + seq(24) + `]}],"shanten":-1,"notation":"123m456s789pEE"}`,
		},
		{
			// Three sequences and five lone honors: 8−2·3 = 2.
			name: "no win",
			body: `{"hand": "123m456s789pESWNC", "visible": ["E", 27]}`,
			want: `{"hu":false,"forms":[],"decompositions":[],"shanten":2,"notation":"123m456s789pESWNC"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkAnswer(t, post(t, h, "/hu", tt.body), http.StatusOK, "application/json", tt.want)
		})
	}
}

func TestTenpai(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{CacheSize: 64})
	wait := func(tile int, name string, remaining int, shapes ...string) string {
		return fmt.Sprintf(`{"tile":%d,"name":%q,"remaining":%d,"forms":["standard"],"shapes":["%s"]}`,
			tile, name, remaining, strings.Join(shapes, `","`))
	}
	eff := func(tile int, name string, remaining int) string {
		return fmt.Sprintf(`{"tile":%d,"name":%q,"remaining":%d}`, tile, name, remaining)
	}
	tests := []struct {
		name string
		body string
		want string
	}{
		{
			name: "two-sided",
			body: `{"hand": "123m456s789p23pEE"}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` + wait(18, "1p", 4, "twoSided") + `,` + wait(21, "4p", 4, "twoSided") +
				`],"totalRemaining":8,"effective":[` + eff(18, "1p", 4) + `,` + eff(21, "4p", 4) +
				`],"totalEffective":8,"notation":"123m456s23789pEE"}`,
		},
		{
			name: "visible tiles lower the remaining counts",
			body: `{"hand": "123m456s789p23pEE", "visible": ["1p", 18, "4p"]}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` + wait(18, "1p", 2, "twoSided") + `,` + wait(21, "4p", 3, "twoSided") +
				`],"totalRemaining":5,"effective":[` + eff(18, "1p", 2) + `,` + eff(21, "4p", 3) +
				`],"totalEffective":5,"notation":"123m456s23789pEE"}`,
		},
		{
			// Nine gates waits on every man tile. 2m, 5m and 8m only
			// complete the pair; 1m and 9m complete 23m/78m or a second
			// triplet beside the 99m/11m pair; 3m and 7m complete an edge
			// (12m, 89m) or a two-sided wait; 4m and 6m two two-sided ones.
			name: "nine gates",
			body: `{"hand": "1112345678999m"}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` +
				wait(0, "1m", 1, "twoSided", "dualPon") + `,` + wait(1, "2m", 3, "single") + `,` +
				wait(2, "3m", 3, "twoSided", "edge") + `,` + wait(3, "4m", 3, "twoSided") + `,` +
				wait(4, "5m", 3, "single") + `,` + wait(5, "6m", 3, "twoSided") + `,` +
				wait(6, "7m", 3, "twoSided", "edge") + `,` + wait(7, "8m", 3, "single") + `,` +
				wait(8, "9m", 1, "twoSided", "dualPon") +
				`],"totalRemaining":23,"effective":[` +
				eff(0, "1m", 1) + `,` + eff(1, "2m", 3) + `,` + eff(2, "3m", 3) + `,` + eff(3, "4m", 3) + `,` + eff(4, "5m", 3) + `,` +
				eff(5, "6m", 3) + `,` + eff(6, "7m", 3) + `,` + eff(7, "8m", 3) + `,` + eff(8, "9m", 1) +
				`],"totalEffective":23,"notation":"1112345678999m"}`,
		},
		{
			// Three sequences and four lone honors: 8−2·3 = 2; only pairing
			// an honor helps.
			name: "two away",
			body: `{"hand": "123m456s789pESWC"}`,
			want: `{"tenpai":false,"shanten":2,"waits":[],"totalRemaining":0,"effective":[` +
				eff(27, "E", 3) + `,` + eff(28, "S", 3) + `,` + eff(29, "W", 3) + `,` + eff(31, "C", 3) +
				`],"totalEffective":12,"notation":"123m456s789pESWC"}`,
		},
		{
			name: "declared chi in any order",
			body: `{"hand": "456s789p23pEE", "melds": [{"type": "chi", "tiles": ["3m", "1m", 1]}]}`,
			want: `{"tenpai":true,"shanten":0,"waits":[` + wait(18, "1p", 4, "twoSided") + `,` + wait(21, "4p", 4, "twoSided") +
				`],"totalRemaining":8,"effective":[` + eff(18, "1p", 4) + `,` + eff(21, "4p", 4) +
				`],"totalEffective":8,"notation":"456s23789pEE"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkAnswer(t, post(t, h, "/tenpai", tt.body), http.StatusOK, "application/json", tt.want)
		})
	}
}

func TestDiscard(t *testing.T) {
	t.Parallel()
	h := NewAPI(Config{CacheSize: 64})
	// 111m 444m 222s 333p EE wins. Each triplet tile discarded leaves a
	// dual-pon wait on itself and E; discarding E leaves a single wait on E.
	// Remaining copies count the 14 tiles: 1 of each triplet tile, 2 of E
	// (minus visible ones).
	const hand = `"111m222s333p444mEE"`
	entry := func(tile int, name string, remaining int) string {
		return fmt.Sprintf(`{"tile":%d,"name":%q,"remaining":%d}`, tile, name, remaining)
	}
	opt := func(tile int, name string, valid bool, e int) string {
		return fmt.Sprintf(`{"discard":%d,"name":%q,"valid":%t,"shanten":0,"effective":[%s,%s],"totalEffective":%d}`,
			tile, name, valid, entry(tile, name, 1), entry(27, "E", e), 1+e)
	}
	optE := func(valid bool, e int) string {
		return fmt.Sprintf(`{"discard":27,"name":"E","valid":%t,"shanten":0,"effective":[%s],"totalEffective":%d}`, valid, entry(27, "E", e), e)
	}
	all := func(v1m, v4m, v2s, v3p, vE bool) string { // in ranked order
		return opt(0, "1m", v1m, 2) + `,` + opt(3, "4m", v4m, 2) + `,` + opt(10, "2s", v2s, 2) + `,` + opt(20, "3p", v3p, 2) + `,` + optE(vE, 2)
	}
	tests := []struct {
		name string
		body string
		want string
	}{
		{
			name: "valid, single wait left",
			body: `{"hand": ` + hand + `, "discard": "E"}`,
			want: `{"valid":true,"reason":null,"hu":true,"after":{"shanten":0,"tenpai":true,` +
				`"waits":[{"tile":27,"name":"E","remaining":2,"forms":["standard"],"shapes":["single"]}],"totalRemaining":2,` +
				`"effective":[` + entry(27, "E", 2) + `],"totalEffective":2},` +
				`"options":[` + all(true, true, true, true, true) + `]}`,
		},
		{
			name: "valid by id, with a visible E",
			body: `{"hand": ` + hand + `, "discard": 0, "visible": "E"}`,
			want: `{"valid":true,"reason":null,"hu":true,"after":{"shanten":0,"tenpai":true,` +
				`"waits":[{"tile":0,"name":"1m","remaining":1,"forms":["standard"],"shapes":["dualPon"]},` +
				`{"tile":27,"name":"E","remaining":1,"forms":["standard"],"shapes":["dualPon"]}],"totalRemaining":2,` +
				`"effective":[` + entry(0, "1m", 1) + `,` + entry(27, "E", 1) + `],"totalEffective":2},` +
				`"options":[` + opt(0, "1m", true, 1) + `,` + opt(3, "4m", true, 1) + `,` + opt(10, "2s", true, 1) + `,` +
				opt(20, "3p", true, 1) + `,` + optE(true, 1) + `]}`,
		},
		{
			name: "not in hand",
			body: `{"hand": ` + hand + `, "discard": "5m"}`,
			want: `{"valid":false,"reason":"not_in_hand","hu":true,"options":[` + all(true, true, true, true, true) + `]}`,
		},
		{
			// Only the drawn E may go; it moves ahead of the better discards.
			name: "riichi locked",
			body: `{"hand": ` + hand + `, "discard": "1m", "drawn": "E", "riichi": true}`,
			want: `{"valid":false,"reason":"riichi_locked","hu":true,"options":[` + optE(true, 2) + `,` +
				opt(0, "1m", false, 2) + `,` + opt(3, "4m", false, 2) + `,` + opt(10, "2s", false, 2) + `,` + opt(20, "3p", false, 2) + `]}`,
		},
		{
			name: "void suit first",
			body: `{"hand": ` + hand + `, "discard": "2s", "voidSuit": "m"}`,
			want: `{"valid":false,"reason":"void_suit_first","hu":true,"options":[` + all(true, true, false, false, false) + `]}`,
		},
		{
			name: "void suit discarded",
			body: `{"hand": ` + hand + `, "discard": "3p", "voidSuit": "p", "riichi": false}`,
			want: `{"valid":true,"reason":null,"hu":true,"after":{"shanten":0,"tenpai":true,` +
				`"waits":[{"tile":20,"name":"3p","remaining":1,"forms":["standard"],"shapes":["dualPon"]},` +
				`{"tile":27,"name":"E","remaining":2,"forms":["standard"],"shapes":["dualPon"]}],"totalRemaining":3,` +
				`"effective":[` + entry(20, "3p", 1) + `,` + entry(27, "E", 2) + `],"totalEffective":3},` +
				`"options":[` + opt(20, "3p", true, 2) + `,` + opt(0, "1m", false, 2) + `,` + opt(3, "4m", false, 2) + `,` +
				opt(10, "2s", false, 2) + `,` + optE(false, 2) + `]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkAnswer(t, post(t, h, "/discard", tt.body), http.StatusOK, "application/json", tt.want)
		})
	}
}
