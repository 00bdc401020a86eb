package vision

import (
	"math"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/vision/internal/gridline"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// bigPhoto renders a photo of a big printed grid of light lines, decoded
// as ReadFile would; the caller closes the Mat.
func bigPhoto(t *testing.T, name string, seed uint64, style string, rows, cols, w, h int, fill, tilt float64) (*decodedImage, synth.Truth) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	cells := make([]string, rows)
	givens := make([]string, rows)
	for r := range cells {
		b := make([]byte, cols)
		for c := range b {
			b[c] = ".01"[rng.IntN(3)]
		}
		cells[r], givens[r] = string(b), string(b)
	}
	spec := synth.Spec{Name: name, Seed: seed, Kind: synth.KindPhoto, Style: style, Look: synth.LookLight,
		Source: "random", Rows: rows, Cols: cols, Cells: cells, Givens: givens,
		Width: w, Height: h, Fill: fill, Tilt: tilt, Orientation: 1}
	return appPhoto(t, spec)
}

// TestBigGridSize reads big grids whose cells are a few pixels in the
// located copy.
func TestBigGridSize(t *testing.T) {
	cases := []struct {
		name       string
		seed       uint64
		style      string
		rows, cols int
		w, h       int
		fill, tilt float64
	}{
		{"xo-40x30", 157, synth.StyleXO, 40, 30, 1536, 2048, 0.45, 16},
		{"disc-30x40", 5, synth.StyleDiscCircle, 30, 40, 2048, 1536, 0.5, 12},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, truth := bigPhoto(t, tc.name, tc.seed, tc.style, tc.rows, tc.cols, tc.w, tc.h, tc.fill, tc.tilt)
			defer d.mat.Close()
			r, err := readScaled(d.mat, d.scale, d.width, d.height, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Rows != truth.Rows || r.Cols != truth.Cols {
				t.Fatalf("read %dx%d, truth %dx%d", r.Rows, r.Cols, truth.Rows, truth.Cols)
			}
		})
	}
}

// closedCellLattice is the lattice the closed cells of every boundary map
// give gray, adjusted by its lines as locate does, before growBig.
func closedCellLattice(gray gocv.Mat) (locate.LatticeFit, bool) {
	var fits []locate.LatticeFit
	for _, v := range locate.EdgeVariants {
		fits = locate.PreferFiner(append(fits, locate.FindLattices(locate.CellBlobs(gray, v))...))
	}
	f, _, ok := locate.FirstGrid(gray, fits)
	if !ok {
		return locate.LatticeFit{}, false
	}
	return locate.AdjustBent(gray, f), true
}

// TestGrowBig grows the lattice of a big grid's closed cells, which the
// glyphs of its outer column keep from closing, to the whole grid.
func TestGrowBig(t *testing.T) {
	d, truth := bigPhoto(t, "grow", 157, synth.StyleXO, 40, 30, 1536, 2048, 0.45, 16)
	defer d.mat.Close()
	small, scale := locate.Downscale(d.mat, locate.LocateSide)
	defer small.Close()
	gray := raster.ToGray(small)
	defer gray.Close()
	f, ok := closedCellLattice(gray)
	if !ok {
		t.Fatal("no lattice")
	}
	if f.Rows == truth.Rows && f.Cols == truth.Cols {
		t.Fatalf("the closed cells give the whole %dx%d grid: nothing to grow", f.Rows, f.Cols)
	}
	g := locate.GrowBig(gray, f)
	if g.Rows != truth.Rows || g.Cols != truth.Cols {
		t.Fatalf("grew %dx%d to %dx%d, truth %dx%d", f.Rows, f.Cols, g.Rows, g.Cols, truth.Rows, truth.Cols)
	}
	cell := math.Sqrt(geom.QuadArea(truth.Corners)) / float64(truth.Cols)
	if gap := locate.MaxCornerGap(locate.ScaleQuad(g.Quad(), scale*d.scale), truth.Corners); gap > 0.5*cell {
		t.Errorf("corners %.1f px off, cell %.1f px", gap, cell)
	}
}

// TestManySmall tells big grids' loose lattices of small cells from the
// loose lattices of larger regions that split cells form.
func TestManySmall(t *testing.T) {
	cases := []struct {
		name     string
		cells    int
		size     float64
		residual float64
		want     bool
	}{
		{"bent 30x30 of 7 px cells", 398, 7.5, 0.099, true},
		{"40 columns of 10 px cells", 207, 10.5, 0.078, true},
		{"half cells beside digits", 148, 15.5, 0.09, false},
		{"too few cells", 60, 7, 0.08, false},
		{"too loose", 400, 5, 0.15, false},
	}
	for _, tc := range cases {
		f := locate.LatticeFit{Rows: 30, Cols: 30, Cells: tc.cells, CellSize: tc.size, Residual: tc.residual}
		if got := f.ManySmall(); got != tc.want {
			t.Errorf("%s: manySmall %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSnapLinesFindsThinLines puts a grid's crossings a few pixels off
// its one-pixel lines, as a map fitted to a bent page's cell centres
// does, and checks that the lines are not seen along them but are once
// snapLines has moved every line onto its ridge.
func TestSnapLinesFindsThinLines(t *testing.T) {
	const (
		cell  = 20.0
		n     = 8
		first = 30.0
	)
	cases := []struct {
		name string
		// off is how far the true lines lie right of and below the
		// crossings, at a point along the line (0 to 1).
		off func(along float64) float64
	}{
		{"two pixels", func(float64) float64 { return 2 }},
		{"three pixels back", func(float64) float64 { return -3 }},
		{"drifting along the line", func(a float64) float64 { return -3 + 6*a }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			size := int(2*first + n*cell)
			p := gridline.DarkPlane{W: size, H: size, D: make([]float32, size*size)}
			span := n * cell
			for y := 0; y < size; y++ {
				for x := 0; x < size; x++ {
					dark := false
					for k := 0; k <= n; k++ {
						// A column line, its offset drifting down the grid,
						// and a row line, drifting across it.
						lx := first + float64(k)*cell + tc.off((float64(y)-first)/span)
						ly := first + float64(k)*cell + tc.off((float64(x)-first)/span)
						if math.Abs(float64(x)-lx) < 0.5 || math.Abs(float64(y)-ly) < 0.5 {
							dark = true
						}
					}
					if dark {
						p.D[y*size+x] = 120
					}
				}
			}
			g := make(gridline.NodeGrid, n+1)
			for r := range g {
				g[r] = make([][2]float64, n+1)
				for c := range g[r] {
					g[r][c] = [2]float64{first + float64(c)*cell, first + float64(r)*cell}
				}
			}
			if before := locate.LinesLevel(p, g); before > gridline.Measuring.MinBigRidge {
				t.Fatalf("lines seen off them: level %.1f", before)
			}
			s := locate.SnapLines(p, locate.SnapLines(p, g).Transposed()).Transposed()
			after := locate.LinesLevel(p, s)
			if after < 60 {
				t.Errorf("snapped level %.1f, want the lines' darkness", after)
			}
			for r := range s {
				for c := range s[r] {
					wantX := first + float64(c)*cell + tc.off((s[r][c][1]-first)/span)
					if d := math.Abs(s[r][c][0] - wantX); d > 1.5 {
						t.Errorf("crossing r%dc%d at x %.1f, line at %.1f", r, c, s[r][c][0], wantX)
					}
				}
			}
		})
	}
}
