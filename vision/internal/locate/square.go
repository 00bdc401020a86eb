package locate

import (
	"cmp"
	"math"
	"slices"

	"binocle/geom"
)

// maxCellAspect is the most a located grid's cells may be taller than wide,
// or wider than tall, before other counts are tried (SquareAlternatives).
// Every puzzle's cells are square; photographed at a slant they look up
// to about 1.25 times as tall as wide (the real photos), while a count
// that took the glyphs' middles for lines, or missed every other line,
// gives cells twice as tall or as wide.
const maxCellAspect = 1.6

// CellAspect is c's cells' height over their width, from the means of its
// opposite sides: perspective lengthens one as it shortens the other.
func CellAspect(c Candidate) float64 {
	q := c.Quad
	side := func(a, b [2]float64) float64 { return math.Hypot(b[0]-a[0], b[1]-a[1]) }
	w := (side(q[0], q[1]) + side(q[3], q[2])) / 2
	h := (side(q[0], q[3]) + side(q[1], q[2])) / 2
	if w <= 0 || h <= 0 || c.Rows.N < 1 || c.Cols.N < 1 {
		return 1
	}
	return (h / float64(c.Rows.N)) / (w / float64(c.Cols.N))
}

// SquareAlternatives are the counts of cells over c's quad whose cells are
// square when c's are not (maxCellAspect): the rows recounted to fit the
// columns' cells, or the columns to fit the rows', by the aspect and by
// the whole multiple nearest it. It is nil when c's cells are square
// enough. Like the ladder's rungs, it offers no count under MinPuzzleSide.
func SquareAlternatives(c Candidate) []Candidate {
	a := CellAspect(c)
	if a <= maxCellAspect && a >= 1/maxCellAspect {
		return nil
	}
	// Either axis may hold the wrong count: the other's cells then say
	// how many it should hold. Perspective leaves the aspect a little
	// off, so the whole multiple it is nearest is tried too: a missed
	// line every other line halves a count exactly.
	rows, cols := c.Rows.N, c.Cols.N
	k := int(math.Round(max(a, 1/a)))
	counts := [][2]int{{int(math.Round(float64(rows) * a)), cols}, {rows, int(math.Round(float64(cols) / a))}}
	if a > 1 {
		counts = append(counts, [2]int{rows * k, cols})
		if cols%k == 0 {
			counts = append(counts, [2]int{rows, cols / k})
		}
	} else {
		counts = append(counts, [2]int{rows, cols * k})
		if rows%k == 0 {
			counts = append(counts, [2]int{rows / k, cols})
		}
	}
	slices.SortFunc(counts, func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
	counts = slices.Compact(counts)
	var out []Candidate
	for _, n := range counts {
		if n[0] < MinPuzzleSide || n[1] < MinPuzzleSide || n[0] > 64 || n[1] > 64 {
			continue
		}
		alt := c
		alt.Rows, alt.Cols = PeriodFit{N: n[0], Score: c.Rows.Score}, PeriodFit{N: n[1], Score: c.Cols.Score}
		// The measured centres were the old count's cells.
		alt.Centres = nil
		alt.Area = geom.QuadArea(alt.Quad)
		if a := CellAspect(alt); a > maxCellAspect || a < 1/maxCellAspect {
			continue
		}
		out = append(out, alt)
	}
	return out
}
