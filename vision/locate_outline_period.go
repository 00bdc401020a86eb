package vision

import (
	"math"
	"sort"

	"binocle/solver"
)

// edgeProfiles measures, for every column (and every row) of a rectified
// grid, the fraction of its length that crosses a strong intensity step.
// Grid lines and tile gaps run the full length of the grid and score near
// 1; glyphs score only where they are, which is what lets the period
// search tell cell boundaries from cell contents.
func edgeProfiles(p plane) (cols, rows []float64) {
	t := edgeThreshold(p)
	cols = make([]float64, p.w)
	rows = make([]float64, p.h)
	colCount := make([]int, p.w)
	for y := 1; y < p.h-1; y++ {
		row := p.pix[y*p.w : (y+1)*p.w]
		up := p.pix[(y-1)*p.w : y*p.w]
		down := p.pix[(y+1)*p.w : (y+2)*p.w]
		n := 0
		for x := 1; x < p.w-1; x++ {
			dx := int(row[x+1]) - int(row[x-1])
			if dx > t || dx < -t {
				colCount[x]++
			}
			dy := int(down[x]) - int(up[x])
			if dy > t || dy < -t {
				n++
			}
		}
		rows[y] = float64(n) / float64(p.w-2)
	}
	for x := range cols {
		cols[x] = float64(colCount[x]) / float64(p.h-2)
	}
	return cols, rows
}

// periodFit is the best cell count found along one axis.
type periodFit struct {
	n     int
	score float64 // line evidence at the cell boundaries minus at the cell centres
}

// countCells finds how many equal cells best explain a boundary profile
// spanning the whole grid. Every candidate count from MinSize to MaxSize is
// scored by how strongly all of its interior boundaries (a low quantile,
// so that one missing line costs little but a boundary through cell
// contents costs a lot) stand above its cell centres. Sub-multiples of the
// true count (a sudoku's 3 for 9) also score well, so the largest count
// close to the best score wins.
func countCells(profile []float64) periodFit {
	size := float64(len(profile))
	window := func(centre float64, tol int) float64 {
		c := int(math.Round(centre))
		best := 0.0
		for x := c - tol; x <= c+tol; x++ {
			if x >= 0 && x < len(profile) && profile[x] > best {
				best = profile[x]
			}
		}
		return best
	}
	fits := make([]periodFit, 0, solver.MaxSize)
	for n := solver.MinSize; n <= solver.MaxSize; n++ {
		pitch := size / float64(n)
		if pitch < 5 {
			break
		}
		tol := max(1, int(math.Round(locating.outline.periodTolerance*pitch)))
		on := make([]float64, 0, n-1)
		for k := 1; k < n; k++ {
			on = append(on, window(float64(k)*pitch, tol))
		}
		off := make([]float64, 0, n)
		for k := 0; k < n; k++ {
			off = append(off, window((float64(k)+0.5)*pitch, tol))
		}
		sort.Float64s(on)
		sort.Float64s(off)
		low := on[(len(on)-1)/4]
		fits = append(fits, periodFit{n: n, score: low - off[len(off)/2]})
	}
	best := periodFit{score: math.Inf(-1)}
	for _, f := range fits {
		if f.score > best.score {
			best = f
		}
	}
	chosen := best
	for _, f := range fits {
		if f.n > chosen.n && f.score >= locating.outline.multipleScore*best.score {
			chosen = f
		}
	}
	// Thin lines between thick ones (a sudoku's cells inside its boxes)
	// score lower than the thick ones alone, but a count that puts a line
	// at every thick one and between them is the real grid.
	for _, f := range fits {
		if f.n > chosen.n && f.n%chosen.n == 0 && f.score >= locating.outline.thinLinesScore*best.score && f.score > locating.outline.thinLinesMin {
			chosen = f
		}
	}
	return chosen
}
