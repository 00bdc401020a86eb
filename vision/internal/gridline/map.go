package gridline

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// lineSteps are the directions the line filter looks along, as whole
// pixel steps so that a running sum can follow each: no two are more than
// 27 degrees apart, so a line is never more than 14 degrees off one, which
// over the filter's length keeps it within a blurred line's width.
var lineSteps = [][2]int{{1, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 1}, {-1, 2}, {-1, 1}, {-2, 1}}

// lineHalfLength is half the line filter's length in pixels: longer than
// the dashes a faint line breaks into and than most letter strokes,
// shorter than a cell.
const lineHalfLength = 6

// lineResponse is, for every pixel of gray, the strongest mean darkness
// (in quarter grey levels under the neighbourhood's mean) along a short
// straight segment through it in any direction. Faint lines break into
// dashes and specks under the paper's grain pixel by pixel; averaged
// along their own direction they run on unbroken while the grain averages
// out.
func lineResponse(gray gocv.Mat) raster.Plane {
	src := gocv.NewMat()
	defer src.Close()
	gocv.GaussianBlur(gray, &src, raster.Pt(3, 3), 0, 0, gocv.BorderReplicate)
	mean := gocv.NewMat()
	defer mean.Close()
	gocv.Blur(src, &mean, raster.Pt(15, 15))
	dark := gocv.NewMat()
	defer dark.Close()
	gocv.Subtract(mean, src, &dark)
	d := raster.PlaneOf(dark)
	w, h := d.W, d.H
	out := raster.Plane{W: w, H: h, Pix: make([]uint8, w*h)}
	prefix := make([]int32, w*h)
	for _, s := range lineSteps {
		dx, dy := s[0], s[1]
		half := int(math.Round(lineHalfLength / math.Hypot(float64(dx), float64(dy))))
		n := int32(2*half + 1)
		// prefix[p] is the sum of d along the step's direction up to p.
		for y := 0; y < h; y++ {
			row, src := prefix[y*w:(y+1)*w], d.Pix[y*w:(y+1)*w]
			x0, x1 := 0, 0 // the run of x whose predecessor is inside
			if y >= dy {
				x0, x1 = max(0, dx), min(w, w+dx)
			}
			for x := 0; x < x0; x++ {
				row[x] = int32(src[x])
			}
			base := (y-dy)*w - dx
			for x := x0; x < x1; x++ {
				row[x] = int32(src[x]) + prefix[base+x]
			}
			for x := x1; x < w; x++ {
				row[x] = int32(src[x])
			}
		}
		x0, x1 := 0, w
		if dx > 0 {
			x0, x1 = (half+1)*dx, w-half*dx
		} else if dx < 0 {
			x0, x1 = -half*dx, w+(half+1)*dx
		}
		for y := half * dy; y < h-half*dy; y++ {
			hi := (y+half*dy)*w + half*dx
			lo, hasLo := (y-(half+1)*dy)*w-(half+1)*dx, y >= (half+1)*dy
			o := out.Pix[y*w : (y+1)*w]
			for x := x0; x < x1; x++ {
				sum := prefix[hi+x]
				if hasLo {
					sum -= prefix[lo+x]
				}
				if v := 4 * sum / n; v > int32(o[x]) {
					o[x] = uint8(min(v, 255))
				}
			}
		}
	}
	return out
}

// RidgeContrast is how many grey levels a faint line or gap must stand
// off its surroundings: above the noise of a blurred photo.
const RidgeContrast = 4

// faintLineContrast is the mean darkness, in quarter grey levels, that
// a segment of a faint line keeps over the filter's length: the grain of
// a dim photo averages to well under it.
const faintLineContrast = 8

// FaintLineMap marks the pixels on faint straight lines.
func FaintLineMap(gray gocv.Mat) gocv.Mat {
	r := lineResponse(gray)
	for i, v := range r.Pix {
		if v >= faintLineContrast {
			r.Pix[i] = 255
		} else {
			r.Pix[i] = 0
		}
	}
	m, err := gocv.NewMatFromBytes(r.H, r.W, gocv.MatTypeCV8U, r.Pix)
	if err != nil {
		return gocv.NewMatWithSize(gray.Rows(), gray.Cols(), gocv.MatTypeCV8U)
	}
	defer m.Close()
	// The Mat borrows r's Go memory; the clone owns its own.
	return m.Clone()
}
