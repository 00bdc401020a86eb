package cellread

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// The cell classifier sees each cell as a small patch of three channels:
// grey, and two colour differences. Grey alone tells every glyph of the
// inked styles; the colour differences tell a warm tile or sun from a cool
// tile or moon. Only the net's first layer sees the two colour channels,
// so they cost about a fifth more multiplications than grey alone, where
// a colour patch of 32² with twice the channels costs ten times as much
// (issue 16).
const (
	// CellSide is the classifier's input, in pixels a side: a cell is
	// rectified at 20 to 40 pixels (cellPixels), and a 24-pixel copy
	// keeps a small O's hole and an I's narrowness.
	CellSide = 24
	// CellMargin more pixels each side are cut for training, so that the
	// trainer can shift the input by as much as the windows err.
	CellMargin = 2
	// CellChannels: grey, warm less cool, green less magenta.
	CellChannels = 3
	// cellMinSpread is the least spread, in grey levels, the grey channel
	// is divided by: a grid of paper and faint noise is not blown up.
	cellMinSpread = 32
	// cellGreyGain maps one spread of grey to this many levels of the
	// stored channel, so that twice the spread either way still fits.
	cellGreyGain = 64
	// The grey channel is centred on the grid's median grey (paper) and
	// its spread is the further of the quantiles cellDarkQuantile and
	// cellLightQuantile from it: a speck of noise sets neither.
	cellDarkQuantile, cellLightQuantile = 0.02, 0.98
)

// These constants are the encoding the net was trained on (the trainer
// cuts its patches with CellPatches), not thresholds to tune: changing
// one means training the net again. They size arrays, so they stay
// constants rather than fields of Params.

// CellPatch is one cell, cut for the classifier: cellChannels planes of
// side² levels each (side cellSide, or cellSide+2*cellMargin for
// training), 128 meaning paper's grey or no colour.
type CellPatch struct {
	Pix []uint8
}

// CellPatches cuts every cell, row by row, into a patch side pixels a
// side; side beyond cellSide adds a margin around the same cellSide²
// middle. The grid is shrunk to cellSide pixels a cell once, by area, so
// that a 40-pixel cell does not alias, and each cell is a window of it
// where the lines found put the cell: a 40×40 grid's 1,600 cells cost a
// resize, not 1,600 resamplings.
func CellPatches(ci Image, side int) []CellPatch {
	q := raster.BytePercentiles(ci.Gray.Pix, cellDarkQuantile, 0.5, cellLightQuantile)
	paper := q[1]
	spread := math.Max(cellMinSpread, math.Max(q[2]-q[1], q[1]-q[0]))
	scale := float64(CellSide) / float64(ci.Px)
	w, h := int(math.Round(float64(ci.Gray.W)*scale)), int(math.Round(float64(ci.Gray.H)*scale))
	grey := shrink(ci.Gray.Pix, ci.Gray.W, ci.Gray.H, gocv.MatTypeCV8U, w, h)
	bgr := shrink(ci.patchBGR.Pix, ci.patchBGR.W, ci.patchBGR.H, gocv.MatTypeCV8UC3, w, h)
	// On a dark theme the glyphs are lighter than the board, and the grey
	// channel is turned over so that the net sees dark-on-light ink
	// either way, not a second look of every glyph that its training
	// renders seldom show.
	gain := cellGreyGain / spread
	if ci.LightGlyphs {
		gain = -gain
	}
	// The grey channel as levels, by grey level: a table, not a division
	// per pixel.
	var greyLevel [256]uint8
	for v := range greyLevel {
		greyLevel[v] = toLevel(128 + gain*(float64(v)-paper))
	}
	m := (side - CellSide) / 2
	n := side * side
	out := make([]CellPatch, 0, ci.Rows*ci.Cols)
	for row := 0; row < ci.Rows; row++ {
		for col := 0; col < ci.Cols; col++ {
			x0, y0 := col*ci.Px, row*ci.Px
			if ci.ShiftX != nil {
				x0 += ci.ShiftX[row*ci.Cols+col]
				y0 += ci.ShiftY[row*ci.Cols+col]
			}
			gx, gy := int(math.Round(float64(x0)*scale))-m, int(math.Round(float64(y0)*scale))-m
			pix := make([]uint8, CellChannels*n)
			for i := 0; i < side; i++ {
				y := min(max(gy+i, 0), h-1)
				for j := 0; j < side; j++ {
					x := min(max(gx+j, 0), w-1)
					k := i*side + j
					pix[k] = greyLevel[grey[y*w+x]]
					b, g, r := int(bgr[3*(y*w+x)]), int(bgr[3*(y*w+x)+1]), int(bgr[3*(y*w+x)+2])
					pix[n+k] = uint8(128 + (r-b)/2)
					pix[2*n+k] = uint8(128 + (2*g-r-b)/4)
				}
			}
			out = append(out, CellPatch{Pix: pix})
		}
	}
	return out
}

func toLevel(v float64) uint8 {
	return uint8(math.Round(math.Min(255, math.Max(0, v))))
}

// shrink resizes a plane of the given type to w×h by area.
func shrink(pix []uint8, pw, ph int, typ gocv.MatType, w, h int) []uint8 {
	src, err := gocv.NewMatFromBytes(ph, pw, typ, pix)
	if err != nil {
		// The plane came from a Mat of this size and type.
		panic(err)
	}
	defer src.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	gocv.Resize(src, &dst, raster.Pt(w, h), 0, 0, gocv.InterpolationArea)
	return dst.ToBytes()
}
