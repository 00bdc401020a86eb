package locate

import (
	"image"
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// flattenLight divides gray by an estimate of the paper's own brightness
// under it, so that a line a few grey levels under the paper keeps the
// same contrast in a shadow as in full light.
func flattenLight(gray gocv.Mat) gocv.Mat {
	w, h := gray.Cols(), gray.Rows()
	// The paper's light is estimated in a quarter-size copy: it varies
	// over many cells, and the close that lifts glyphs and lines out of
	// it costs a sixteenth there.
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
	g, b := raster.PlaneView(gray), raster.PlaneView(bg)
	pix := make([]uint8, len(g.Pix))
	for i, v := range g.Pix {
		pix[i] = uint8(min(255, 200*int(v)/max(1, int(b.Pix[i]))))
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, pix)
	if err != nil {
		return gray.Clone()
	}
	defer m.Close()
	return m.Clone()
}

// SnapToOutline widens a lattice to a closed outline around it whose
// corners fall on the lattice's own lines a whole cell or two out: where
// a light grid's cells along one side never closed, its border still
// ends the lattice there.
func SnapToOutline(gray gocv.Mat, f LatticeFit) LatticeFit {
	inv := f.ToImage.Inverse()
	for _, q := range inkQuads(gray) {
		var lo, hi [2]float64 // lattice extent the outline's corners give
		ok := true
		for k, c := range q {
			u, v := inv.Apply(c[0], c[1])
			lat := [2]float64{u, v}
			for a := 0; a < 2; a++ {
				r := math.Round(lat[a])
				if math.Abs(lat[a]-r) > maxSnapOff {
					ok = false
				}
				lat[a] = r
			}
			// TL, TR, BR, BL: corner k's column is the low one for TL and BL.
			if k == 0 || k == 3 {
				lo[0] = lat[0]
			} else if k == 1 {
				hi[0] = lat[0]
			}
			if k == 0 || k == 1 {
				lo[1] = lat[1]
			} else if k == 2 {
				hi[1] = lat[1]
			}
			if k == 2 && lat[0] != hi[0] || k == 3 && lat[1] != hi[1] || k == 3 && lat[0] != lo[0] || k == 1 && lat[1] != lo[1] {
				ok = false
			}
		}
		if !ok {
			continue
		}
		c0, r0, c1, r1 := int(lo[0]), int(lo[1]), int(hi[0]), int(hi[1])
		if c0 > 0 || r0 > 0 || c1 < f.Cols || r1 < f.Rows || -c0 > maxSnapCells || -r0 > maxSnapCells || c1-f.Cols > maxSnapCells || r1-f.Rows > maxSnapCells {
			continue
		}
		if c0 == 0 && r0 == 0 && c1 == f.Cols && r1 == f.Rows || c1-c0 > 64 || r1-r0 > 64 {
			continue
		}
		if raster.Trace != nil {
			raster.Trace("snap %dx%d to outline: cols %d..%d rows %d..%d", f.Rows, f.Cols, c0, c1, r0, r1)
		}
		f.ToImage = geom.Homography{1, 0, float64(c0), 0, 1, float64(r0), 0, 0, 1}.Then(f.ToImage)
		f.Rows, f.Cols = r1-r0, c1-c0
		return f
	}
	return f
}

// maxSnapOff is how far, in cells, an outline's corner may sit off the
// lattice's lines and maxSnapCells how many cells it may add on a side.
const (
	maxSnapOff   = 0.35
	maxSnapCells = 2
)
