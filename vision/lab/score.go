package lab

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
)

// Score compares a reading with the truth of a synthetic sample.
type Score struct {
	Found, SizeRight, StyleRight, EdgesRight, CornersClose bool
	Cells, CellsRight                                      int
	Misread, MisreadDoubtful                               int // wrong cells in grids of the right size
}

// Perfect is a grid of the right size with every cell and clue right.
func (s Score) Perfect() bool {
	return s.SizeRight && s.CellsRight == s.Cells && s.EdgesRight
}

// DoubtLimit is the confidence below which the CLI (gui/cli doubtfulBelow)
// points the user at a cell.
const DoubtLimit = 0.75

// ScoreReading scores r (or the error of the read) against truth.
func ScoreReading(truth synth.Truth, r *vision.Reading, err error) Score {
	s := Score{Cells: truth.Rows * truth.Cols}
	if err != nil || r == nil {
		return s
	}
	s.Found = true
	s.StyleRight = string(r.Style) == truth.Style
	s.CornersClose = MaxCornerError(truth.Corners, r.Corners) <= 0.25*CellSize(truth.Corners, truth.Rows, truth.Cols)
	if r.Rows != truth.Rows || r.Cols != truth.Cols {
		return s
	}
	s.SizeRight = true
	for i := 0; i < s.Cells; i++ {
		if r.Cells[i].Char() == truth.Cells[i/truth.Cols][i%truth.Cols] {
			s.CellsRight++
			continue
		}
		s.Misread++
		if r.Confidence[i] < DoubtLimit {
			s.MisreadDoubtful++
		}
	}
	s.EdgesRight = EdgeKey(truth.Edges) == EdgeKey(r.Edges)
	return s
}

// EdgeKey is an order-free text form of a clue set.
func EdgeKey(edges []solver.Edge) string {
	keys := make([]string, len(edges))
	for i, e := range edges {
		keys[i] = siteText(siteKey(e)) + e.Rel.String()
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// siteText writes a site's key as EdgeKey lists it: "r1,c1-r2,c2".
func siteText(k [4]int) string {
	return fmt.Sprintf("%d,%d-%d,%d", k[0], k[1], k[2], k[3])
}

// CluesRight counts the read clues that are in truth, at the same pair
// of cells with the same relation: the numerator of both the clues'
// precision (over len(read)) and their recall (over len(truth)).
func CluesRight(truth, read []solver.Edge) int {
	want := map[string]int{}
	for _, k := range strings.Fields(EdgeKey(truth)) {
		want[k]++
	}
	right := 0
	for _, k := range strings.Fields(EdgeKey(read)) {
		if want[k] > 0 {
			want[k]--
			right++
		}
	}
	return right
}

// MaxCornerError is the largest distance between matching corners.
func MaxCornerError(a, b [4][2]float64) float64 {
	worst := 0.0
	for i := range a {
		worst = math.Max(worst, math.Hypot(a[i][0]-b[i][0], a[i][1]-b[i][1]))
	}
	return worst
}

// CellSize is the shortest side of an average cell, in image pixels.
func CellSize(c [4][2]float64, rows, cols int) float64 {
	d := func(i, j int) float64 { return math.Hypot(c[i][0]-c[j][0], c[i][1]-c[j][1]) }
	return math.Min(math.Min(d(0, 1), d(3, 2))/float64(cols), math.Min(d(0, 3), d(1, 2))/float64(rows))
}

// Tally sums scores for one row of the report.
type Tally struct {
	Images, Found, SizeRight, StyleRight, Perfect, CornersClose int
	Cells, CellsRight, Misread, MisreadDoubtful                 int
}

// Add counts one image.
func (t *Tally) Add(s Score) {
	t.Images++
	t.Cells += s.Cells
	t.CellsRight += s.CellsRight
	t.Misread += s.Misread
	t.MisreadDoubtful += s.MisreadDoubtful
	for _, c := range []struct {
		ok bool
		n  *int
	}{{s.Found, &t.Found}, {s.SizeRight, &t.SizeRight}, {s.StyleRight, &t.StyleRight}, {s.Perfect(), &t.Perfect}, {s.CornersClose, &t.CornersClose}} {
		if c.ok {
			*c.n++
		}
	}
}

// Merge adds another tally's counts.
func (t *Tally) Merge(o *Tally) {
	t.Images += o.Images
	t.Found += o.Found
	t.SizeRight += o.SizeRight
	t.StyleRight += o.StyleRight
	t.Perfect += o.Perfect
	t.CornersClose += o.CornersClose
	t.Cells += o.Cells
	t.CellsRight += o.CellsRight
	t.Misread += o.Misread
	t.MisreadDoubtful += o.MisreadDoubtful
}

// Pct is n of `of` in percent, NaN for nothing measured (printed as NaN,
// not as a misleading 0).
func Pct(n, of int) float64 {
	if of == 0 {
		return math.NaN()
	}
	return 100 * float64(n) / float64(of)
}

func (t *Tally) row(label string) string {
	return fmt.Sprintf("| %s | %d | %.1f | %.2f | %.1f | %.1f | %.1f | %d / %d |", label, t.Images,
		Pct(t.SizeRight, t.Images), Pct(t.CellsRight, t.Cells), Pct(t.Perfect, t.Images),
		Pct(t.StyleRight, t.Images), Pct(t.CornersClose, t.Images), t.MisreadDoubtful, t.Misread)
}

func tallyHeader(label string) string {
	return "| " + label + " | images | grid found, size right % | cells right % | perfect grids % | style right % | corners within ¼ cell % | misread cells flagged doubtful (conf < 0.75) |\n|---|---|---|---|---|---|---|---|"
}

// Median is the middle value (the upper one of an even count).
func Median(xs []float64) float64 { return Percentile(xs, 0.5) }

// Percentile is the value at fraction p of the sorted values, p = 1 the largest.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}
