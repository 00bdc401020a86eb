package vision

import (
	"image"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// shadowedGridPage draws a page with a light ruled grid (lines a few grey
// levels under the paper) of rows x cols cells, a few glyphs, grain, and
// a hard shadow whose edge crosses the grid along the line a*x + b*y = c:
// in the shadow the lines stand only a couple of levels off the paper.
func shadowedGridPage(rows, cols int, a, b, c, lineDepth float64, seed int64) gocv.Mat {
	const w, h, cell, x0, y0 = 900, 700, 40, 200, 120
	rng := rand.New(rand.NewSource(seed))
	pix := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 215.0
			gx, gy := x-x0, y-y0
			inside := gx >= 0 && gy >= 0 && gx <= cols*cell && gy <= rows*cell
			if inside && (gx%cell <= 1 || gy%cell <= 1) {
				v -= lineDepth
			}
			// Solid discs in some cells, as glyphs.
			if inside && gx < cols*cell && gy < rows*cell {
				cx, cy := gx/cell, gy/cell
				if (cx*7+cy*3)%5 == 0 {
					dx, dy := gx%cell-cell/2, gy%cell-cell/2
					if dx*dx+dy*dy < 10*10 {
						v = 40
					}
				}
			}
			v += rng.NormFloat64() * 2.5
			// The shadow's edge is soft over a few pixels, as a real
			// one is.
			v *= 1 - 0.65*raster.Clamp((a*float64(x)+b*float64(y)-c)/6+0.5, 0, 1)
			pix[y*w+x] = uint8(raster.Clamp(v, 0, 255))
		}
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, pix)
	if err != nil {
		panic(err)
	}
	defer m.Close()
	out := gocv.NewMat()
	gocv.CvtColor(m, &out, gocv.ColorGrayToBGR)
	return out
}

// TestReadShadowedLightGrid reads light grids cut by a hard shadow edge:
// the shadow's edge is the strongest structure in every boundary map and
// the lines in the shadow are too faint for them, until the light is
// divided out.
func TestReadShadowedLightGrid(t *testing.T) {
	cases := []struct {
		name       string
		rows, cols int
		a, b, c    float64
	}{
		{"diagonal", 10, 12, 1, 0.6, 330},
		{"vertical", 9, 9, 1, 0, 260},
		{"horizontal", 12, 10, 0.1, 1, 190},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img := shadowedGridPage(tc.rows, tc.cols, tc.a, tc.b, tc.c, 7, 1)
			defer img.Close()
			r, err := Read(img)
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if r.Rows != tc.rows || r.Cols != tc.cols {
				t.Fatalf("read %dx%d, want %dx%d", r.Rows, r.Cols, tc.rows, tc.cols)
			}
		})
	}
}

// TestSnapToOutline widens a lattice to a frame drawn round it only when
// the frame's corners sit on the lattice's lines a cell or two out.
func TestSnapToOutline(t *testing.T) {
	// A 4x5 lattice of 30-pixel cells from (100, 100).
	f := locate.LatticeFit{Rows: 4, Cols: 5, ToImage: geom.Scaling(30, 30).Then(geom.Homography{1, 0, 100, 0, 1, 100, 0, 0, 1})}
	cases := []struct {
		name                   string
		c0, r0, c1, r1         float64 // the frame, in lattice cells
		wantRows, wantCols     int
		wantLeft, wantTopShift float64 // where lattice (0, 0) lands, in pixels
	}{
		{"column left", -1, 0, 5, 4, 4, 6, 70, 100},
		{"row above and below", 0, -1, 5, 5, 6, 5, 100, 70},
		{"on the lattice", 0, 0, 5, 4, 4, 5, 100, 100},
		{"half a cell out", -0.5, 0, 5, 4, 4, 5, 100, 100},
		{"three cells out", -3, 0, 5, 4, 4, 5, 100, 100},
		{"inside the lattice", 1, 0, 5, 4, 4, 5, 100, 100},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			gray := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(230, 0, 0, 0), 400, 400, gocv.MatTypeCV8U)
			defer gray.Close()
			px := func(c, r float64) image.Point {
				x, y := f.ToImage.Apply(c, r)
				return image.Pt(int(x), int(y))
			}
			gocv.Rectangle(&gray, image.Rectangle{Min: px(tc.c0, tc.r0), Max: px(tc.c1, tc.r1)}, color.RGBA{40, 40, 40, 255}, 2)
			g := locate.SnapToOutline(gray, f)
			x, y := g.ToImage.Apply(0, 0)
			if g.Rows != tc.wantRows || g.Cols != tc.wantCols || math.Abs(x-tc.wantLeft) > 0.5 || math.Abs(y-tc.wantTopShift) > 0.5 {
				t.Fatalf("got %dx%d from (%.1f, %.1f), want %dx%d from (%.0f, %.0f)", g.Rows, g.Cols, x, y, tc.wantRows, tc.wantCols, tc.wantLeft, tc.wantTopShift)
			}
		})
	}
}
