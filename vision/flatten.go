package vision

import (
	"image"

	"gocv.io/x/gocv"
)

// flattenLight divides gray by an estimate of the paper's own brightness
// under it, so that a line a few grey levels under the paper keeps the
// same contrast in a shadow as in full light.
func flattenLight(gray gocv.Mat) gocv.Mat {
	w, h := gray.Cols(), gray.Rows()
	sw, sh := max(1, w/4), max(1, h/4)
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(gray, &small, image.Pt(sw, sh), 0, 0, gocv.InterpolationArea)
	kernel := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(9, 9))
	defer kernel.Close()
	gocv.MorphologyEx(small, &small, gocv.MorphClose, kernel)
	gocv.GaussianBlur(small, &small, image.Pt(5, 5), 0, 0, gocv.BorderReplicate)
	bg := gocv.NewMat()
	defer bg.Close()
	gocv.Resize(small, &bg, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
	g, b := planeOf(gray), planeOf(bg)
	pix := make([]uint8, len(g.pix))
	for i, v := range g.pix {
		pix[i] = uint8(min(255, 200*int(v)/max(1, int(b.pix[i]))))
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, pix)
	if err != nil {
		return gray.Clone()
	}
	defer m.Close()
	return m.Clone()
}

// flatLineMap marks faint straight lines in a light-flattened gray image
// with a threshold above its grain.
func flatLineMap(gray gocv.Mat, halfLength float64, k float64) (gocv.Mat, [3]float64) {
	r := lineResponseOver(gray, halfLength, 15)
	vals := make([]float64, 0, len(r.pix)/16)
	for i := 0; i < len(r.pix); i += 16 {
		vals = append(vals, float64(r.pix[i]))
	}
	med := percentile(vals, 0.2)
	t := max(faintLineContrast, k*med)
	st := [3]float64{med, percentile(vals, 0.5), t}
	for i, v := range r.pix {
		if float64(v) >= t {
			r.pix[i] = 255
		} else {
			r.pix[i] = 0
		}
	}
	m, err := gocv.NewMatFromBytes(r.h, r.w, gocv.MatTypeCV8U, r.pix)
	if err != nil {
		return gocv.NewMatWithSize(gray.Rows(), gray.Cols(), gocv.MatTypeCV8U), st
	}
	defer m.Close()
	return m.Clone(), st
}

var flatHalfLength, flatGrainFactor = 12.0, 2.0

var flatGrow = 3

var flatVariants = append(append([]edgeVariant(nil), edgeVariants...), flatLines)
