// Package visiontest holds the helpers the tests of several reader
// packages share (vision's own, clueread's and locate's), so that none is copied.
package visiontest

import (
	"fmt"
	"sort"
	"strings"

	"binocle/solver"
)

// EdgeSet is an order-free text form of a clue set.
func EdgeSet(edges []solver.Edge) string {
	keys := make([]string, len(edges))
	for i, e := range edges {
		keys[i] = EdgeKey(e) + e.Rel.String()
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// EdgeKey names the two cells of a clue, the upper-left one first.
func EdgeKey(e solver.Edge) string {
	if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
		e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
	}
	return fmt.Sprintf("%d,%d-%d,%d", e.R1, e.C1, e.R2, e.C2)
}
