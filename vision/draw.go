package vision

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// solvedColour marks what the solver supplied, so that it cannot be
// mistaken for the puzzle's own givens (BGR order is handled by gocv's
// RGBA argument).
var solvedColour = color.RGBA{R: 0, G: 170, B: 90, A: 255}

// overlayOpacity lets the paper show through the drawn answer a little.
const overlayOpacity = 0.85

// DrawOverlay draws the cells the solver filled into a copy of img, in
// perspective, leaving the givens as photographed. The caller closes it.
func DrawOverlay(img gocv.Mat, r *Reading, solution []solver.Cell) (gocv.Mat, error) {
	if r == nil || len(solution) != r.Rows*r.Cols || len(r.Cells) != len(solution) {
		return gocv.NewMat(), errors.New("overlay: the solution does not match the reading's grid size")
	}
	if img.Empty() {
		return gocv.NewMat(), errors.New("overlay: empty image")
	}
	base := raster.ToBGR(img)
	defer base.Close()
	drawn := base.Clone()
	defer drawn.Close()
	stroke := max(1, int(math.Round(0.09*r.cellSizeInImage())))
	for i, v := range solution {
		if r.Cells[i] != solver.Empty || v == solver.Empty {
			continue
		}
		drawSymbol(&drawn, r, i/r.Cols, i%r.Cols, v, stroke)
	}
	out := gocv.NewMat()
	gocv.AddWeighted(drawn, overlayOpacity, base, 1-overlayOpacity, 0, &out)
	return out, nil
}

// cellPolygon maps points given in cell units (0..1 across the cell) of
// cell (row, col) into image pixels.
func (r *Reading) cellPolygon(row, col int, pts [][2]float64) []image.Point {
	out := make([]image.Point, len(pts))
	for i, p := range pts {
		x, y := r.gridPoint(float64(col)+p[0], float64(row)+p[1])
		out[i] = image.Pt(int(math.Round(x)), int(math.Round(y)))
	}
	return out
}

func circlePoints(cx, cy, radius, from, to float64, steps int) [][2]float64 {
	pts := make([][2]float64, 0, steps+1)
	for k := 0; k <= steps; k++ {
		a := from + (to-from)*float64(k)/float64(steps)
		pts = append(pts, [2]float64{cx + radius*math.Cos(a), cy + radius*math.Sin(a)})
	}
	return pts
}

func fillPolygon(img *gocv.Mat, pts []image.Point) {
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPoly(img, pv, solvedColour)
}

func strokePolygon(img *gocv.Mat, pts []image.Point, closed bool, thickness int) {
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.Polylines(img, pv, closed, solvedColour, thickness)
}

// drawSymbol draws v in the reading's own style, so that the answer reads
// like the puzzle.
func drawSymbol(img *gocv.Mat, r *Reading, row, col int, v solver.Cell, stroke int) {
	poly := func(pts [][2]float64) []image.Point { return r.cellPolygon(row, col, pts) }
	ring := poly(circlePoints(0.5, 0.5, 0.3, 0, 2*math.Pi, 48))
	switch {
	case v == solver.Two:
		strokePolygon(img, poly([][2]float64{{0.5, 0.2}, {0.5, 0.8}}), false, stroke)
	case r.Style == cellread.StyleTango && v == solver.Zero:
		fillPolygon(img, ring)
	case r.Style == cellread.StyleTango:
		outer := circlePoints(0.5, 0.5, 0.32, math.Pi/4, 7*math.Pi/4, 32)
		inner := circlePoints(0.66, 0.5, 0.25, 5*math.Pi/4+0.35, 3*math.Pi/4-0.35, 32)
		fillPolygon(img, poly(append(outer, inner...)))
	case v == solver.Zero:
		strokePolygon(img, ring, true, stroke)
	case r.Style == cellread.StyleXO || r.Style == cellread.StyleXOI:
		strokePolygon(img, poly([][2]float64{{0.22, 0.22}, {0.78, 0.78}}), false, stroke)
		strokePolygon(img, poly([][2]float64{{0.78, 0.22}, {0.22, 0.78}}), false, stroke)
	case r.Style == cellread.StyleDigits:
		strokePolygon(img, poly([][2]float64{{0.38, 0.3}, {0.52, 0.2}, {0.52, 0.8}}), false, stroke)
	case r.Style == cellread.StyleDiscCircle:
		fillPolygon(img, ring)
	default:
		fillPolygon(img, poly([][2]float64{{0.22, 0.22}, {0.78, 0.22}, {0.78, 0.78}, {0.22, 0.78}}))
	}
}

// DrawDebug draws what the reader found onto a copy of img: the grid's
// outline, its cell lines, each cell's label coloured from red (doubtful)
// to green (sure), and the clues. The caller closes it.
func DrawDebug(img gocv.Mat, r *Reading) gocv.Mat {
	out := raster.ToBGR(img)
	if r == nil || r.Rows <= 0 || r.Cols <= 0 || out.Empty() {
		return out
	}
	p := func(x, y float64) image.Point {
		u, v := r.gridPoint(x, y)
		return image.Pt(int(math.Round(u)), int(math.Round(v)))
	}
	cell := r.cellSizeInImage()
	thin := max(1, int(cell/30))
	lineColour := color.RGBA{R: 255, G: 200, A: 255}
	// A cell at a time, so that the lines follow a bent page.
	for c := 0; c <= r.Cols; c++ {
		for row := 0; row < r.Rows; row++ {
			gocv.Line(&out, p(float64(c), float64(row)), p(float64(c), float64(row+1)), lineColour, thin)
		}
	}
	for row := 0; row <= r.Rows; row++ {
		for c := 0; c < r.Cols; c++ {
			gocv.Line(&out, p(float64(c), float64(row)), p(float64(c+1), float64(row)), lineColour, thin)
		}
	}
	quad := make([]image.Point, 4)
	for i, c := range r.Corners {
		quad[i] = image.Pt(int(math.Round(c[0])), int(math.Round(c[1])))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{quad})
	gocv.Polylines(&out, pv, true, color.RGBA{R: 255, B: 255, A: 255}, 2*thin)
	pv.Close()

	font := gocv.FontHersheySimplex
	scale := 0.45 * cell / float64(gocv.GetTextSize("0", font, 1, 1).Y)
	weight := max(1, int(cell/20))
	for i, v := range r.Cells {
		text := string(v.Char())
		t := raster.Clamp((r.Confidence[i]-0.5)*2, 0, 1)
		colour := color.RGBA{R: uint8(230 * (1 - t)), G: uint8(190 * t), A: 255}
		size := gocv.GetTextSize(text, font, scale, weight)
		centre := p(float64(i%r.Cols)+0.5, float64(i/r.Cols)+0.5)
		gocv.PutText(&out, text, image.Pt(centre.X-size.X/2, centre.Y+size.Y/2), font, scale, colour, weight)
	}
	for _, e := range r.Edges {
		centre := p((float64(e.C1+e.C2)+1)/2, (float64(e.R1+e.R2)+1)/2)
		text := e.Rel.String()
		size := gocv.GetTextSize(text, font, scale*0.8, weight)
		gocv.PutText(&out, text, image.Pt(centre.X-size.X/2, centre.Y+size.Y/2), font, scale*0.8, color.RGBA{B: 255, R: 40, A: 255}, weight)
	}
	return out
}

// WritePNG encodes img as PNG and writes it to path.
func WritePNG(path string, img gocv.Mat) error {
	if img.Empty() {
		return fmt.Errorf("%s: nothing to write, the image is empty", path)
	}
	buf, err := gocv.IMEncode(gocv.PNGFileExt, img)
	if err != nil {
		return fmt.Errorf("%s: encoding PNG: %w", path, err)
	}
	defer buf.Close()
	return os.WriteFile(path, buf.GetBytes(), 0o644)
}

// ToImage converts a Mat from this package into a Go image for the GUI.
func ToImage(img gocv.Mat) (image.Image, error) {
	if img.Empty() {
		return nil, errors.New("empty image")
	}
	return img.ToImage()
}
