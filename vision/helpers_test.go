package vision

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
	"binocle/solver"
)

// renderSpec renders a synthetic picture and loads it as LoadBytes does;
// the caller closes the Mat.
func renderSpec(t testing.TB, s synth.Spec) gocv.Mat {
	t.Helper()
	sample, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readSpec renders a synthetic picture and reads it.
func readSpec(t testing.TB, s synth.Spec) (*Reading, error) {
	t.Helper()
	m := renderSpec(t, s)
	defer m.Close()
	return Read(m)
}

// edgeSet is an order-free text form of a clue set.
func edgeSet(edges []solver.Edge) string {
	keys := make([]string, len(edges))
	for i, e := range edges {
		keys[i] = edgeKey(e) + e.Rel.String()
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// edgeKey names the two cells of a clue, the upper-left one first.
func edgeKey(e solver.Edge) string {
	if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
		e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
	}
	return fmt.Sprintf("%d,%d-%d,%d", e.R1, e.C1, e.R2, e.C2)
}
