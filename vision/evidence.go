package vision

import (
	"math"
	"sync"

	"gocv.io/x/gocv"

	"binocle/vision/internal/cellread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// minGridEvidence is the least a grid must stand out, in cell-to-cell
// brightness or in its lines' contrast, measured in units of the picture's
// pixel noise (at least one grey level). Lattices that the locator lines up
// in pure noise reach 0.3; the faintest real grid in the shared screenshots
// and sudoku photos 3.5, so the bar sits well clear of both.
const minGridEvidence = 1.5

// source is the picture a read looks in: a copy of the original, scaled
// down by scale, and the original's size. Its pixel noise, the unit
// gridShown measures a grid in, is measured once: every grid a read tries
// (each rung's, each count of lines near it) is checked against it, and
// measuring it again on each, a grey copy of a 12 MP photo every time,
// cost most of a second where the rules send a read down the ladder.
type source struct {
	mat           gocv.Mat
	scale         float64
	width, height int

	noiseOnce sync.Once // size_rules reads grids side by side
	noise     float64
}

func newSource(mat gocv.Mat, scale float64, width, height int) *source {
	return &source{mat: mat, scale: scale, width: width, height: height}
}

// pixelNoise is the copy's pixel noise in grey levels, at least one.
func (s *source) pixelNoise() float64 {
	s.noiseOnce.Do(func() {
		gray := raster.ToGray(s.mat)
		defer gray.Close()
		s.noise = math.Max(pixelNoise(raster.PlaneView(gray)), 1)
	})
	return s.noise
}

// gridShown is the reader's last check on a grid located in src's copy,
// at quad (the copy's pixels) and rectified into ci: that it is a flat grid wholly in
// the picture, and that it stands out from the picture's noise. Without it,
// random noise reads as a grid of a few dozen rows with corners outside
// the picture.
func gridShown(src *source, quad [4][2]float64, ci cellread.Image) bool {
	if !plausibleQuad(quad, src.mat.Cols(), src.mat.Rows(), ci.Rows, ci.Cols) {
		return false
	}
	noise := src.pixelNoise()
	cells, lines := gridEvidence(ci.Gray, ci.Rows, ci.Cols, ci.Px)
	return math.Max(cells, lines) >= minGridEvidence*noise
}

// gridEvidence measures, in grey levels, how far the rectified grid (gray,
// rows x cols cells of px pixels) stands out:
//   - cells: the standard deviation of the cells' mean brightness (glyphs,
//     coloured cells make it large; noise averages out inside each cell);
//   - lines: how much the bands where the lattice puts its lines differ, on
//     average, from the cell interiors beside them (ink lines, or an app
//     board's gaps).
//
// A lattice that noise or texture lined up by chance has neither.
func gridEvidence(gray raster.Plane, rows, cols, px int) (cells, lines float64) {
	lo, hi := px/5, px-px/5 // the cell's interior, clear of its lines
	band := max(1, px/8)    // a line's half-width allowed for a lattice a little off
	if hi-lo < 2 || gray.W < cols*px || gray.H < rows*px {
		return 0, 0
	}
	n := float64((hi - lo) * (hi - lo))
	means := make([]float64, 0, rows*cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			var s float64
			for y := r*px + lo; y < r*px+hi; y++ {
				row := gray.Pix[y*gray.W:]
				for x := c*px + lo; x < c*px+hi; x++ {
					s += float64(row[x])
				}
			}
			means = append(means, s/n)
		}
	}
	var mean, spread float64
	for _, m := range means {
		mean += m
	}
	mean /= float64(len(means))
	for _, m := range means {
		spread += (m - mean) * (m - mean)
	}
	spread = math.Sqrt(spread / float64(len(means)))
	cells = spread

	// Interior lines only: the outer border may lie on the picture's edge.
	var diff, count float64
	addLine := func(at int, vertical bool) {
		length := rows * px
		if !vertical {
			length = cols * px
		}
		for t := 0; t < length; t++ {
			if cell := t % px; cell < lo || cell >= hi {
				continue // the crossing of two lines, or the other line's band
			}
			var onLine, beside float64
			for d := -band; d <= band; d++ {
				onLine += float64(pixelAt(gray, at+d, t, vertical))
			}
			for _, d := range []int{px / 2, -px / 2} {
				beside += float64(pixelAt(gray, at+d, t, vertical))
			}
			diff += onLine/float64(2*band+1) - beside/2
			count++
		}
	}
	for c := 1; c < cols; c++ {
		addLine(c*px, true)
	}
	for r := 1; r < rows; r++ {
		addLine(r*px, false)
	}
	if count > 0 {
		lines = math.Abs(diff / count)
	}
	return cells, lines
}

// pixelAt is the pixel at distance across a line and t along it.
func pixelAt(gray raster.Plane, across, t int, vertical bool) uint8 {
	if vertical {
		return gray.At(across, t)
	}
	return gray.At(t, across)
}

// pixelNoise estimates the standard deviation of the picture's pixel noise
// in grey levels, from the median response to a kernel that cancels every
// linear shade (Immerkær's), so that edges and gradients barely count.
func pixelNoise(gray raster.Plane) float64 {
	// The kernel's response is a whole number below noiseKernelMax, so a
	// histogram finds its median exactly without sorting: sorting a float
	// per sampled pixel doubled the time to read a screenshot.
	var hist [noiseKernelMax + 1]int
	n := 0
	for y := 1; y+1 < gray.H; y += 2 {
		above, row, below := gray.Pix[(y-1)*gray.W:], gray.Pix[y*gray.W:], gray.Pix[(y+1)*gray.W:]
		for x := 1; x+1 < gray.W; x += 2 {
			l := int(above[x-1]) + int(above[x+1]) + int(below[x-1]) + int(below[x+1]) -
				2*(int(above[x])+int(below[x])+int(row[x-1])+int(row[x+1])) + 4*int(row[x])
			if l < 0 {
				l = -l
			}
			hist[l]++
			n++
		}
	}
	if n == 0 {
		return 0
	}
	// The median is the (n/2)-th smallest response, counting from 0.
	median, seen := 0, 0
	for v, c := range hist {
		if seen+c > n/2 {
			median = v
			break
		}
		seen += c
	}
	// madToSigma (cellread/resemble.go) turns a median absolute value into
	// a standard deviation; the kernel's weights square-sum to 36.
	return cellread.MadToSigma * float64(median) / 6
}

// noiseKernelMax bounds the noise kernel's response: its positive weights
// sum to 8 and its negative ones to -8, on grey levels up to 255.
const noiseKernelMax = 8 * 255

// cornerOvershoot is how far, in cells, a grid corner may lie outside the
// picture: the fit of a border line drawn right at the picture's edge.
// Farther out, whole rows or columns would be off the picture, unread.
const cornerOvershoot = 0.5

// plausibleQuad reports whether q, a grid of rows x cols in a w x h
// picture, could be the picture of a flat grid: a convex quadrilateral (the
// image of a rectangle in front of the camera is always convex) with every
// cell in the picture.
func plausibleQuad(q [4][2]float64, w, h, rows, cols int) bool {
	if !locate.IsConvexOrdered(q) {
		return false
	}
	side := func(a, b int) float64 { return math.Hypot(q[b][0]-q[a][0], q[b][1]-q[a][1]) }
	cell := math.Min((side(0, 1)+side(3, 2))/2/float64(cols), (side(0, 3)+side(1, 2))/2/float64(rows))
	tol := cornerOvershoot * cell
	for _, p := range q {
		if p[0] < -tol || p[1] < -tol || p[0] > float64(w)+tol || p[1] > float64(h)+tol {
			return false
		}
	}
	return true
}
