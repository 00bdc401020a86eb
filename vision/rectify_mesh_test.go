package vision

import (
	"math"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// bowedCentres places the centres of a rows x cols grid through h after a
// bow of amp cells across the rows (a page bent along x), with Gaussian
// jitter, keeping every keep-th centre.
func bowedCentres(h geom.Homography, rows, cols int, amp, jitter float64, keep int, rng *rand.Rand) [][2]float64 {
	var pts [][2]float64
	k := 0
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			k++
			if k%keep != 0 {
				continue
			}
			u, v := float64(c)+0.5, float64(r)+0.5
			s := 2*u/float64(cols) - 1
			v += amp * s * s
			u += jitter * rng.NormFloat64()
			v += jitter * rng.NormFloat64()
			x, y := h.Apply(u, v)
			pts = append(pts, [2]float64{x, y})
		}
	}
	return pts
}

func TestFitBentMap(t *testing.T) {
	quad := [4][2]float64{{100, 80}, {520, 95}, {540, 500}, {90, 470}}
	cases := []struct {
		name       string
		rows, cols int
		amp        float64
		jitter     float64
		keep       int
		wantBent   bool
	}{
		{"flat", 10, 10, 0, 0.02, 1, false},
		{"bowed", 10, 10, 0.3, 0.02, 1, true},
		{"bowed the other way, wide", 8, 14, -0.25, 0.02, 1, true},
		{"bowed, half the cells closed", 12, 12, 0.3, 0.02, 2, true},
		{"too few centres", 4, 4, 0.3, 0.02, 1, false},
		{"noise only", 10, 10, 0, 0.06, 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			h, ok := geom.FromQuads(locate.RectCorners(float64(tc.cols), float64(tc.rows)), quad)
			if !ok {
				t.Fatal("no homography")
			}
			pts := bowedCentres(h, tc.rows, tc.cols, tc.amp, tc.jitter, tc.keep, rng)
			// The locator's projective fit is a compromise through the
			// bowed centres; fit one the same way.
			var src [][2]float64
			for r := 0; r < tc.rows; r++ {
				for c := 0; c < tc.cols; c++ {
					if (r*tc.cols+c+1)%tc.keep == 0 {
						src = append(src, [2]float64{float64(c) + 0.5, float64(r) + 0.5})
					}
				}
			}
			fit, ok := locate.FitHomography(src, pts)
			if !ok {
				t.Fatal("no projective fit")
			}
			m, bent := rectify.FitBentMap(fit, tc.rows, tc.cols, pts)
			if bent != tc.wantBent {
				t.Fatalf("bent = %v, want %v", bent, tc.wantBent)
			}
			if !bent {
				return
			}
			// Every cell centre, measured or not, must land where the
			// bowed page put it, to a few hundredths of a cell.
			cell := math.Sqrt(geom.QuadArea(quad) / float64(tc.rows*tc.cols))
			worstBent, worstFlat := 0.0, 0.0
			for r := 0; r < tc.rows; r++ {
				for c := 0; c < tc.cols; c++ {
					u, v := float64(c)+0.5, float64(r)+0.5
					s := 2*u/float64(tc.cols) - 1
					wx, wy := h.Apply(u, v+tc.amp*s*s)
					x, y := m.Apply(u, v)
					worstBent = math.Max(worstBent, math.Hypot(x-wx, y-wy)/cell)
					x, y = fit.Apply(u, v)
					worstFlat = math.Max(worstFlat, math.Hypot(x-wx, y-wy)/cell)
				}
			}
			if worstBent > 0.08 || worstBent > worstFlat/2 {
				t.Errorf("bent map strays %.3f cells (projective fit %.3f)", worstBent, worstFlat)
			}
		})
	}
}

// A bent map without correction must rectify exactly as the homography.
func TestWarpBentStraight(t *testing.T) {
	img := gocv.NewMatWithSize(300, 400, gocv.MatTypeCV8UC3)
	defer img.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	for y := 0; y < 300; y += 10 {
		for x := 0; x < 400; x += 10 {
			v := uint8(rng.IntN(256))
			for dy := 0; dy < 10; dy++ {
				for dx := 0; dx < 10; dx++ {
					img.SetUCharAt(y+dy, 3*(x+dx), v)
					img.SetUCharAt(y+dy, 3*(x+dx)+1, 255-v)
				}
			}
		}
	}
	const rows, cols, px = 5, 6, 20
	toImage, ok := geom.FromQuads(locate.RectCorners(cols*px, rows*px), [4][2]float64{{40, 30}, {350, 50}, {360, 270}, {30, 250}})
	if !ok {
		t.Fatal("no homography")
	}
	n := rectify.BendTermCount(2)
	m := rectify.BentMap{H: geom.Scaling(px, px).Then(toImage), Rows: rows, Cols: cols, Deg: 2, Du: make([]float64, n), Dv: make([]float64, n)}
	a := raster.Warp(img, toImage, cols*px, rows*px)
	defer a.Close()
	b, ok := rectify.WarpBent(img, m, px)
	if !ok {
		t.Fatal("warpBent failed")
	}
	defer b.Close()
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() || a.Type() != b.Type() {
		t.Fatalf("shape %dx%d %v vs %dx%d %v", a.Cols(), a.Rows(), a.Type(), b.Cols(), b.Rows(), b.Type())
	}
	diff := gocv.NewMat()
	defer diff.Close()
	gocv.AbsDiff(a, b, &diff)
	mean := diff.Mean()
	if mean.Val1 > 1.5 || mean.Val2 > 1.5 {
		t.Errorf("mean difference %.2f %.2f", mean.Val1, mean.Val2)
	}
}

// A reading of a bent page places drawings through its bent map, and
// falls back on the homography when the map does not fit the reading.
func TestReadingGridPointFollowsBend(t *testing.T) {
	const rows, cols = 4, 5
	h := geom.Scaling(10, 10) // grid cells -> pixels
	n := rectify.BendTermCount(2)
	m := rectify.BentMap{H: h, Rows: rows, Cols: cols, Deg: 2, Du: make([]float64, n), Dv: make([]float64, n)}
	m.Dv[0] = 0.25 // the whole page a quarter cell lower
	r := &Reading{Rows: rows, Cols: cols, Homography: geom.Scaling(10.0/CellPx, 10.0/CellPx)}
	cases := []struct {
		name   string
		bend   *rectify.BentMap
		rows   int
		wantCY float64
	}{
		{"flat", nil, rows, 15},
		{"bent", &m, rows, 17.5},
		{"map of another size", &m, rows + 1, 15},
	}
	for _, tc := range cases {
		r.bend, r.Rows = tc.bend, tc.rows
		x, y := r.cellCentre(1, 2)
		if math.Abs(x-25) > 1e-9 || math.Abs(y-tc.wantCY) > 1e-9 {
			t.Errorf("%s: centre of r1c2 at (%.2f, %.2f), want (25, %.2f)", tc.name, x, y, tc.wantCY)
		}
	}
}
