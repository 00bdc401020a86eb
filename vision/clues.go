package vision

import (
	"math"
	"sort"

	"binocle/solver"
)

// findClues looks at the middle of every line segment shared by two cells.
// Most segments carry no clue, so the per-pixel median of all segments of
// one orientation is what a bare line looks like there; a clue is ink that
// the median lacks.
func findClues(ci cellImage) []solver.Edge {
	var edges []solver.Edge
	// Vertical segments join (r, c) and (r, c+1); horizontal ones (r, c) and (r+1, c).
	for _, vertical := range []bool{true, false} {
		var sites [][2]int
		if vertical {
			for r := 0; r < ci.rows; r++ {
				for c := 0; c+1 < ci.cols; c++ {
					sites = append(sites, [2]int{r, c})
				}
			}
		} else {
			for r := 0; r+1 < ci.rows; r++ {
				for c := 0; c < ci.cols; c++ {
					sites = append(sites, [2]int{r, c})
				}
			}
		}
		if len(sites) < 3 {
			continue
		}
		edges = append(edges, cluesAt(ci, sites, vertical)...)
	}
	return edges
}

// The window around a segment's midpoint, in cell widths: clues are drawn
// about a third of a cell wide, centred on the line; glyphs keep further
// than clueAcross from the line.
const (
	clueAcross = 0.17 // half-size across the line
	clueAlong  = 0.3  // half-size along the line
)

func cluesAt(ci cellImage, sites [][2]int, vertical bool) []solver.Edge {
	across := max(2, int(math.Round(clueAcross*float64(ci.px))))
	along := max(3, int(math.Round(clueAlong*float64(ci.px))))
	// Windows are stored with x across the line and y along it, so that
	// both orientations are measured alike.
	w, h := 2*across+1, 2*along+1
	windows := make([][]uint8, len(sites))
	for k, s := range sites {
		cx, cy := (s[1]+1)*ci.px, s[0]*ci.px+ci.px/2
		if !vertical {
			cx, cy = s[1]*ci.px+ci.px/2, (s[0]+1)*ci.px
		}
		win := make([]uint8, w*h)
		for v := -along; v <= along; v++ {
			for u := -across; u <= across; u++ {
				x, y := cx+u, cy+v
				if !vertical {
					x, y = cx+v, cy+u
				}
				x = min(max(x, 0), ci.gray.w-1)
				y = min(max(y, 0), ci.gray.h-1)
				win[(v+along)*w+u+across] = ci.gray.at(x, y)
			}
		}
		windows[k] = win
	}
	// The bare line, darkened by one pixel's slack either way across it,
	// so that a line drawn a pixel off is not mistaken for a clue.
	median := make([]float64, w*h)
	column := make([]float64, len(windows))
	for i := range median {
		for k, win := range windows {
			column[k] = float64(win[i])
		}
		sort.Float64s(column)
		median[i] = column[len(column)/2]
	}
	bare := make([]float64, w*h)
	for i := range bare {
		u := i % w
		bare[i] = median[i]
		for d := -1; d <= 1; d += 2 {
			if u+d >= 0 && u+d < w {
				bare[i] = math.Min(bare[i], median[i+d])
			}
		}
	}
	paper := percentile(median, 0.9)
	inkLevel := bytePercentiles(ci.gray.pix, 0.02)[0]
	threshold := clamp(clueShareOfContrast*(paper-inkLevel), 25, 110)

	// Where the bare line itself is dark, a clue's stroke adds nothing to
	// see: a clue patched over the line shows there as a gap in its bars,
	// which is filled in when the pixels either side of the band are ink.
	band := make([]bool, w)
	for u := range band {
		dark := 0.0
		for v := 0; v < h; v++ {
			dark += paper - bare[v*w+u]
		}
		band[u] = dark/float64(h) > 0.5*threshold
	}
	var edges []solver.Edge
	for k, win := range windows {
		extra := make([]bool, w*h)
		for i, v := range win {
			extra[i] = bare[i]-float64(v) > threshold
		}
		bridgeBand(extra, band, w, h)
		if clueTrace != nil {
			clueTrace(sites[k], vertical, extra, w, h)
		}
		rel, ok := clueShape(extra, w, h)
		if !ok {
			continue
		}
		s := sites[k]
		e := solver.Edge{R1: s[0], C1: s[1], R2: s[0], C2: s[1] + 1, Rel: rel}
		if !vertical {
			e.R2, e.C2 = s[0]+1, s[1]
		}
		edges = append(edges, e)
	}
	return edges
}

// clueShareOfContrast is how much of the way from paper to the darkest
// ink a clue's stroke must darken the bare line's look. Lower shares find
// more faint clues in photos but misread more of them ('x' as '='), which
// costs more whole grids than it saves.
const clueShareOfContrast = 0.4

// bridgeBand marks the band pixels of every row whose nearest pixels on
// both sides of the band are ink.
func bridgeBand(extra, band []bool, w, h int) {
	lo, hi := -1, -1
	for u, b := range band {
		if b {
			if lo < 0 {
				lo = u
			}
			hi = u
		}
	}
	if lo <= 0 || hi >= w-1 {
		return
	}
	for v := 0; v < h; v++ {
		if extra[v*w+lo-1] && extra[v*w+hi+1] {
			for u := lo; u <= hi; u++ {
				extra[v*w+u] = true
			}
		}
	}
}

// clueTrace, when set (by tests), sees every clue window's extra ink.
var clueTrace func(site [2]int, vertical bool, extra []bool, w, h int)

// clueShape decides whether the extra ink in a window (x across the line,
// y along it) is a clue and which. A clue sits on the line, so it reaches
// both sides of it and stays clear of the window's ends along the line,
// where a neighbouring glyph would show. '=' and its turned form are solid
// bars, so the rows (or columns) it occupies are filled from end to end;
// the strokes of an 'x' cross each row and column only twice.
func clueShape(extra []bool, w, h int) (solver.Relation, bool) {
	total, left, right := 0, 0, 0
	rowSpan := make([][2]int, h)
	colSpan := make([][2]int, w)
	rowCount := make([]int, h)
	colCount := make([]int, w)
	for i := range rowSpan {
		rowSpan[i] = [2]int{w, -1}
	}
	for i := range colSpan {
		colSpan[i] = [2]int{h, -1}
	}
	endZone := max(1, h/8)
	for i, on := range extra {
		if !on {
			continue
		}
		x, y := i%w, i/w
		if y < endZone || y >= h-endZone {
			return 0, false
		}
		total++
		if x < w/2 {
			left++
		} else if x > w/2 {
			right++
		}
		rowCount[y]++
		colCount[x]++
		rowSpan[y] = [2]int{min(rowSpan[y][0], x), max(rowSpan[y][1], x)}
		colSpan[x] = [2]int{min(colSpan[x][0], y), max(colSpan[x][1], y)}
	}
	if float64(total) < 0.05*float64(w*h) || left < total/5 || right < total/5 {
		return 0, false
	}
	// A clue sits on the line or hugs it ('=' drawn along it); two glyphs
	// that come close to the line from both sides leave a band along the
	// line bare.
	band, near := int(math.Round(0.65*float64(w/2))), 0
	for x := w/2 - band; x <= w/2+band; x++ {
		near += colCount[x]
	}
	if near == 0 {
		return 0, false
	}
	fill := func(counts []int, spans [][2]int) float64 {
		num, den := 0, 0
		for i, n := range counts {
			if n > 0 {
				num += n
				den += spans[i][1] - spans[i][0] + 1
			}
		}
		return float64(num) / float64(den)
	}
	if math.Max(fill(rowCount, rowSpan), fill(colCount, colSpan)) > 0.8 {
		return solver.Equal, true
	}
	return solver.Differ, true
}
