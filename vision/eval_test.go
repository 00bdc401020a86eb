package vision_test

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"binocle/solver"
	"binocle/vision"
	"binocle/vision/internal/synth"
)

// sharedDir finds ../shared/sub beside the repository, or skips the test
// when the shared data is not there.
func sharedDir(t testing.TB, sub string) string {
	dir, err := synth.SharedDir(sub)
	if err != nil {
		t.Skipf("shared test data absent: %v", err)
	}
	return dir
}

func synthLibrary(t testing.TB) *synth.Library {
	lib, err := synth.LoadLibrary(sharedDir(t, "datasets"))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// renderSuite renders specs on a second goroutine while the caller reads,
// so that two cores are busy; samples arrive in spec order.
func renderSuite(t testing.TB, specs []synth.Spec) <-chan synth.Sample {
	out := make(chan synth.Sample, 2)
	go func() {
		defer close(out)
		for _, s := range specs {
			sample, err := synth.Render(s)
			if err != nil {
				t.Errorf("render %s: %v", s.Name, err)
				return
			}
			out <- sample
		}
	}()
	return out
}

// score compares a reading with the truth of a synthetic sample.
type score struct {
	found, sizeRight, styleRight, edgesRight, cornersClose bool
	cells, cellsRight                                      int
	misread, misreadDoubtful                               int // wrong cells in grids of the right size
}

func (s score) perfect() bool {
	return s.sizeRight && s.cellsRight == s.cells && s.edgesRight
}

// doubtLimit is the confidence below which the CLI (gui/cli doubtfulBelow)
// points the user at a cell.
const doubtLimit = 0.75

func scoreReading(truth synth.Truth, r *vision.Reading, err error) score {
	s := score{cells: truth.Rows * truth.Cols}
	if err != nil || r == nil {
		return s
	}
	s.found = true
	s.styleRight = string(r.Style) == truth.Style
	s.cornersClose = maxCornerError(truth.Corners, r.Corners) <= 0.25*cellSize(truth.Corners, truth.Rows, truth.Cols)
	if r.Rows != truth.Rows || r.Cols != truth.Cols {
		return s
	}
	s.sizeRight = true
	for i := 0; i < s.cells; i++ {
		if r.Cells[i].Char() == truth.Cells[i/truth.Cols][i%truth.Cols] {
			s.cellsRight++
			continue
		}
		s.misread++
		if r.Confidence[i] < doubtLimit {
			s.misreadDoubtful++
		}
	}
	s.edgesRight = edgeKey(truth.Edges) == edgeKey(r.Edges)
	return s
}

// edgeKey is an order-free text form of a clue set.
func edgeKey(edges []solver.Edge) string {
	keys := make([]string, len(edges))
	for i, e := range edges {
		if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
			e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
		}
		keys[i] = fmt.Sprintf("%d,%d-%d,%d%s", e.R1, e.C1, e.R2, e.C2, e.Rel)
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

func maxCornerError(a, b [4][2]float64) float64 {
	worst := 0.0
	for i := range a {
		worst = math.Max(worst, math.Hypot(a[i][0]-b[i][0], a[i][1]-b[i][1]))
	}
	return worst
}

// cellSize is the shortest side of an average cell, in image pixels.
func cellSize(c [4][2]float64, rows, cols int) float64 {
	d := func(i, j int) float64 { return math.Hypot(c[i][0]-c[j][0], c[i][1]-c[j][1]) }
	return math.Min(math.Min(d(0, 1), d(3, 2))/float64(cols), math.Min(d(0, 3), d(1, 2))/float64(rows))
}

// tally sums scores for one row of the report.
type tally struct {
	images, found, sizeRight, styleRight, perfect, cornersClose int
	cells, cellsRight, misread, misreadDoubtful                 int
}

func (t *tally) add(s score) {
	t.images++
	t.cells += s.cells
	t.cellsRight += s.cellsRight
	t.misread += s.misread
	t.misreadDoubtful += s.misreadDoubtful
	for _, c := range []struct {
		ok bool
		n  *int
	}{{s.found, &t.found}, {s.sizeRight, &t.sizeRight}, {s.styleRight, &t.styleRight}, {s.perfect(), &t.perfect}, {s.cornersClose, &t.cornersClose}} {
		if c.ok {
			*c.n++
		}
	}
}

func pct(n, of int) float64 {
	if of == 0 {
		return math.NaN()
	}
	return 100 * float64(n) / float64(of)
}

func (t *tally) row(label string) string {
	return fmt.Sprintf("| %s | %d | %.1f | %.2f | %.1f | %.1f | %.1f | %d / %d |", label, t.images,
		pct(t.sizeRight, t.images), pct(t.cellsRight, t.cells), pct(t.perfect, t.images),
		pct(t.styleRight, t.images), pct(t.cornersClose, t.images), t.misreadDoubtful, t.misread)
}

func tallyHeader(label string) string {
	return "| " + label + " | images | grid found, size right % | cells right % | perfect grids % | style right % | corners within ¼ cell % | misread cells flagged doubtful (conf < 0.75) |\n|---|---|---|---|---|---|---|---|"
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}
