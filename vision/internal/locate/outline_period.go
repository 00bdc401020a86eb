package locate

import (
	"math"
	"sort"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// edgeProfiles measures, for every column (and every row) of a rectified
// grid, the fraction of its length that crosses a strong intensity step.
// Grid lines and tile gaps run the full length of the grid and score near
// 1; glyphs score only where they are, which is what lets the period
// search tell cell boundaries from cell contents.
func edgeProfiles(p raster.Plane) (cols, rows []float64) {
	t := edgeThreshold(p)
	cols = make([]float64, p.W)
	rows = make([]float64, p.H)
	colCount := make([]int, p.W)
	for y := 1; y < p.H-1; y++ {
		row := p.Pix[y*p.W : (y+1)*p.W]
		up := p.Pix[(y-1)*p.W : y*p.W]
		down := p.Pix[(y+1)*p.W : (y+2)*p.W]
		n := 0
		for x := 1; x < p.W-1; x++ {
			dx := int(row[x+1]) - int(row[x-1])
			if dx > t || dx < -t {
				colCount[x]++
			}
			dy := int(down[x]) - int(up[x])
			if dy > t || dy < -t {
				n++
			}
		}
		rows[y] = float64(n) / float64(p.W-2)
	}
	for x := range cols {
		cols[x] = float64(colCount[x]) / float64(p.H-2)
	}
	return cols, rows
}

// PeriodFit is the best cell count found along one axis.
type PeriodFit struct {
	N     int
	Score float64 // line evidence at the cell boundaries minus at the cell centres
}

// countCells finds how many equal cells best explain a boundary profile
// spanning the whole grid. Every candidate count from MinSize to MaxSize is
// scored by how strongly all of its interior boundaries (a low quantile,
// so that one missing line costs little but a boundary through cell
// contents costs a lot) stand above its cell centres. Sub-multiples of the
// true count (a sudoku's 3 for 9) also score well, so the largest count
// close to the best score wins.
func countCells(profile []float64) PeriodFit {
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
	fits := make([]PeriodFit, 0, solver.MaxSize)
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
		fits = append(fits, PeriodFit{N: n, Score: low - off[len(off)/2]})
	}
	best := PeriodFit{Score: math.Inf(-1)}
	for _, f := range fits {
		if f.Score > best.Score {
			best = f
		}
	}
	chosen := best
	for _, f := range fits {
		if f.N > chosen.N && f.Score >= locating.outline.multipleScore*best.Score {
			chosen = f
		}
	}
	// Thin lines between thick ones (a sudoku's cells inside its boxes)
	// score lower than the thick ones alone, but a count that puts a line
	// at every thick one and between them is the real grid.
	for _, f := range fits {
		if f.N > chosen.N && f.N%chosen.N == 0 && f.Score >= locating.outline.thinLinesScore*best.Score && f.Score > locating.outline.thinLinesMin {
			chosen = f
		}
	}
	return chosen
}
