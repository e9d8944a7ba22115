// Package engine judges mahjong hands: whether a position wins (hu) and in
// which forms, its standard decompositions, its waits with their shapes, its
// shanten (向听数) and effective tiles, and discard advice.
//
// Rules select the game: the standard tables judge plain rules (standard
// form, seven pairs, thirteen orphans, 14-tile hands); the variant
// judgments add wildcards (癞子), the knitted forms of Chinese Official
// rules, suits-only sets with a suit limit (缺一门) and 16-tile hands with
// five melds. Both are table-driven: per-suit tables give, for a suit's
// tiles, the distance to m melds and p pairs, and how many jokers complete
// them exactly; judgments combine the four suits' entries.
//
// The package is pure: it never touches the network, logs, metrics or mutable
// package state. Its lookup tables are built once, read-only afterwards, and
// every exported function is safe for concurrent use.
//
// Tile ids, names and notation follow shared/TILES.md: ids 0–8 are 1m–9m,
// 9–17 are 1s–9s, 18–26 are 1p–9p, 27–30 the winds E S W N and 31–33 the
// dragons C F P.
package engine
