package locate

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// tileQuads finds grids made of separate tiles with no lines between them
// (0h h1): the tiles are blobs that differ from the background, nearly all
// of one size. The largest family of equal, compact blobs is the grid.
func tileQuads(bgr gocv.Mat, gray raster.Plane) [][4][2]float64 {
	if bgr.Channels() != 3 {
		return nil
	}
	bg := borderColour(raster.BGRPlaneView(bgr))
	src := raster.BGRPlaneView(bgr).Pix
	dst := make([]byte, gray.W*gray.H)
	for i := range dst {
		d := math.Abs(float64(src[3*i])-bg[0]) + math.Abs(float64(src[3*i+1])-bg[1]) + math.Abs(float64(src[3*i+2])-bg[2])
		if d > 45 {
			dst[i] = 255
		}
	}
	filled, err := gocv.NewMatFromBytes(gray.H, gray.W, gocv.MatTypeCV8U, dst)
	if err != nil {
		return nil
	}
	defer filled.Close()
	contours := gocv.FindContours(filled, gocv.RetrievalExternal, gocv.ChainApproxNone)
	defer contours.Close()

	type blob struct {
		pts  []image.Point
		area float64
	}
	var blobs []blob
	minSide := max(6, max(gray.W, gray.H)/150)
	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		r := gocv.BoundingRect(c)
		if r.Dx() < minSide || r.Dy() < minSide || r.Dx() > 3*r.Dy() || r.Dy() > 3*r.Dx() {
			continue
		}
		a := gocv.ContourArea(c)
		if a < locating.outline.tileFill*float64(r.Dx()*r.Dy()) {
			continue
		}
		blobs = append(blobs, blob{c.ToPoints(), a})
	}
	if len(blobs) < 4 {
		return nil
	}
	sort.Slice(blobs, func(i, j int) bool { return blobs[i].area < blobs[j].area })
	// The family is the window of areas within a factor tileFamily holding the
	// largest total area.
	bestTotal, bestLo, bestHi := 0.0, 0, 0
	hi, total := 0, 0.0
	for lo := range blobs {
		for hi < len(blobs) && blobs[hi].area <= locating.outline.tileFamily*blobs[lo].area {
			total += blobs[hi].area
			hi++
		}
		if hi-lo >= 4 && total > bestTotal {
			bestTotal, bestLo, bestHi = total, lo, hi
		}
		total -= blobs[lo].area
	}
	if bestTotal == 0 {
		return nil
	}
	var pts []image.Point
	for _, b := range blobs[bestLo:bestHi] {
		pts = append(pts, b.pts...)
	}
	q, ok := fitQuad(pts)
	if !ok {
		return nil
	}
	return [][4][2]float64{q}
}

// borderColour is the median colour of the image's outermost pixels, taken
// as the background a screenshot's tiles stand on.
func borderColour(p raster.BGRPlane) [3]float64 {
	var ch [3][]float64
	add := func(x, y int) {
		b, g, r := p.At(x, y)
		ch[0] = append(ch[0], float64(b))
		ch[1] = append(ch[1], float64(g))
		ch[2] = append(ch[2], float64(r))
	}
	for x := 0; x < p.W; x++ {
		add(x, 0)
		add(x, p.H-1)
	}
	for y := 0; y < p.H; y++ {
		add(0, y)
		add(p.W-1, y)
	}
	return [3]float64{raster.Percentile(ch[0], 0.5), raster.Percentile(ch[1], 0.5), raster.Percentile(ch[2], 0.5)}
}
