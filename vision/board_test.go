package vision

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
)

// appPhoto renders a synthetic photo of an app board and decodes it as
// ReadFile would; the caller closes the Mat.
func appPhoto(t *testing.T, spec synth.Spec) (*decodedImage, synth.Truth) {
	t.Helper()
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	d, err := decodeImage(sample.Data, readSide)
	if err != nil {
		t.Fatal(err)
	}
	return d, sample.Truth
}

// sparseTiles is a 10x10 tile board whose outer rows and columns are all
// blank, so its extent has to come from the blank tiles themselves.
var sparseTiles = []string{
	"..........",
	"..1...0...",
	"....0.....",
	".1....1...",
	"...0......",
	"......1.0.",
	"..1.......",
	".....0....",
	"...1...1..",
	"..........",
}

func TestAppBoardFindsBoard(t *testing.T) {
	tiles := sparseTiles
	tango := []string{
		"......",
		"......",
		"......",
		"0....1",
		"10..0.",
		"011001",
	}
	tangoGivens := []string{
		"......",
		"......",
		"......",
		"0.....",
		"......",
		"..1...",
	}
	cases := []struct {
		name         string
		style        string
		cells, given []string
		seed         uint64
	}{
		// Blank tiles all round: the coloured tiles alone span 8x8 cells.
		// (Light boards whose blank tiles blur into the page are not yet
		// found whole; these seeds draw boards whose tiles stand out.)
		{"tiles-blank-edges", synth.StyleTiles, tiles, tiles, 12},
		{"tiles-blank-edges-2", synth.StyleTiles, tiles, tiles, 14},
		// Glyphs only in the bottom half: the frame gives the top rows.
		{"tango-sparse", synth.StyleTango, tango, tangoGivens, 21},
		{"tango-sparse-2", synth.StyleTango, tango, tangoGivens, 22},
		{"tango-sparse-3", synth.StyleTango, tango, tangoGivens, 23},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkAppBoard(t, tc.name, tc.seed, tc.style, tc.cells, tc.given)
		})
	}
}

// A grey picture and a printed grid have no coloured cells to go by.
func TestAppBoardNeedsColour(t *testing.T) {
	grey := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 200, 200, 0), 600, 800, gocv.MatTypeCV8UC3)
	defer grey.Close()
	if _, _, ok := appBoard(grey); ok {
		t.Error("board found in a plain grey picture")
	}
	gray1 := gocv.NewMatWithSize(100, 100, gocv.MatTypeCV8U)
	defer gray1.Close()
	if _, _, ok := appBoard(gray1); ok {
		t.Error("board found in a one-channel picture")
	}
	cells := []string{"1..0..", "..0..1", ".1...0", "0...1.", "1..1..", "..0..0"}
	d, _ := appPhoto(t, synth.Spec{Name: "print", Seed: 3, Kind: synth.KindPhoto, Style: synth.StyleSquareCircle, Look: synth.LookPrint,
		Source: "board-test", Rows: 6, Cols: 6, Cells: cells, Givens: cells, Width: 1280, Height: 960, Fill: 0.6, Tilt: 8, Rotate: 3, Orientation: 1})
	defer d.mat.Close()
	if c, _, ok := appBoard(d.mat); ok {
		t.Errorf("board %dx%d found in a printed grid", c.rows.n, c.cols.n)
	}
}

func TestLatticeStep(t *testing.T) {
	cases := []struct {
		name         string
		pitch, angle float64 // pixels, degrees
		size         float64 // spot size
		cells        [][2]int
		ok           bool
	}{
		{"tiles", 30, 10, 26, [][2]int{{0, 0}, {1, 0}, {3, 0}, {0, 1}, {2, 1}, {1, 2}, {3, 2}, {0, 3}, {2, 3}}, true},
		{"glyphs far apart", 40, -20, 24, [][2]int{{0, 0}, {2, 0}, {0, 2}, {3, 1}, {1, 3}, {3, 3}}, true},
		{"one row", 30, 0, 26, [][2]int{{0, 0}, {1, 0}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			th := tc.angle * math.Pi / 180
			u := [2]float64{tc.pitch * math.Cos(th), tc.pitch * math.Sin(th)}
			v := [2]float64{-u[1], u[0]}
			var diffs [][2]float64
			for i, a := range tc.cells {
				for _, b := range tc.cells[i+1:] {
					dc, dr := float64(b[0]-a[0]), float64(b[1]-a[1])
					diffs = append(diffs, [2]float64{dc*u[0] + dr*v[0], dc*u[1] + dr*v[1]})
				}
			}
			got, ok := latticeStep(diffs, tc.size)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if p := math.Hypot(got[0], got[1]); math.Abs(p-tc.pitch) > 0.05*tc.pitch {
				t.Errorf("pitch %.1f, want %.1f", p, tc.pitch)
			}
			// The angle is known up to quarter turns.
			a := math.Atan2(got[1], got[0]) * 180 / math.Pi
			if d := math.Abs(math.Remainder(a-tc.angle, 90)); d > 2 {
				t.Errorf("angle %.1f, want %.1f", a, tc.angle)
			}
		})
	}
}

func TestInsideQuad(t *testing.T) {
	q := [4][2]float64{{10, 10}, {110, 20}, {100, 120}, {0, 100}}
	cases := []struct {
		x, y, slack float64
		want        bool
	}{
		{55, 60, 0, true},
		{5, 5, 0, false},
		{55, 12, 0, false},
		{55, 12, 5, true},
		{200, 60, 10, false},
	}
	for _, tc := range cases {
		if got := insideQuad(q, tc.x, tc.y, tc.slack); got != tc.want {
			t.Errorf("insideQuad(%v, %v, slack %v) = %v, want %v", tc.x, tc.y, tc.slack, got, tc.want)
		}
	}
}

// The board replaces a lattice that stopped short of it and keeps one that
// has it whole; with no lattice, the board rung finds it.
func TestAppBoardFallback(t *testing.T) {
	tango := []string{"......", "......", "......", "0....1", "10..0.", "011001"}
	givens := []string{"......", "......", "......", "0.....", "......", "..1..."}
	d, truth := appPhoto(t, synth.Spec{Name: "fallback", Seed: 21, Kind: synth.KindPhoto, Style: synth.StyleTango, Look: synth.LookApp,
		Source: "board-test", Rows: 6, Cols: 6, Cells: tango, Givens: givens,
		Width: 1600, Height: 1200, Fill: 0.55, Tilt: 12, Rotate: 8, Orientation: 1})
	defer d.mat.Close()
	_, scale, _ := appBoard(d.mat)
	whole := scaleQuad(truth.Corners, 1/(scale*d.scale))
	toImage, ok := homographyFromQuads(rectCorners(6, 6), whole)
	if !ok {
		t.Fatal("no homography")
	}
	lattice := func(rows, cols int) gridCandidate {
		f := latticeFit{rows: rows, cols: cols, toImage: toImage}
		q := f.quad()
		return gridCandidate{quad: q, area: quadArea(q), rows: periodFit{n: rows, score: 1}, cols: periodFit{n: cols, score: 1}}
	}
	cases := []struct {
		name       string
		prev       gridCandidate
		err        error
		replaced   bool
		rows, cols int
	}{
		{"short by two rows", lattice(4, 6), nil, true, 6, 6},
		{"short by a column", lattice(6, 5), nil, true, 6, 6},
		{"whole", lattice(6, 6), nil, false, 0, 0},
		{"nothing found", gridCandidate{}, ErrNoGrid, true, 6, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c gridCandidate
			var ok bool
			if tc.err != nil {
				cs := newCopies(d.mat)
				var s sighting
				s, ok = boardRung.run(cs)
				cs.close()
				c = s.c
			} else {
				c, _, ok = boardAround(d.mat, tc.prev, scale)
			}
			if ok != tc.replaced {
				t.Fatalf("replaced %v, want %v", ok, tc.replaced)
			}
			if ok && (c.rows.n != tc.rows || c.cols.n != tc.cols) {
				t.Errorf("read %dx%d, want %dx%d", c.rows.n, c.cols.n, tc.rows, tc.cols)
			}
		})
	}
}

// checkAppBoard renders a photographed app board of cells (givens shaded
// as given) and wants appBoard to find it at its size, its corners within
// half a cell of the truth.
func checkAppBoard(t *testing.T, name string, seed uint64, style string, cells, given []string) {
	t.Helper()
	spec := synth.Spec{Name: name, Seed: seed, Kind: synth.KindPhoto, Style: style, Look: synth.LookApp,
		Source: "board-test", Rows: len(cells), Cols: len(cells[0]), Cells: cells, Givens: given,
		Width: 1600, Height: 1200, Fill: 0.55, Tilt: 12, Rotate: 8, Orientation: 1}
	d, truth := appPhoto(t, spec)
	defer d.mat.Close()
	c, scale, ok := appBoard(d.mat)
	if !ok {
		t.Fatal("no board found")
	}
	if c.rows.n != truth.Rows || c.cols.n != truth.Cols {
		t.Fatalf("read %dx%d, truth %dx%d", c.rows.n, c.cols.n, truth.Rows, truth.Cols)
	}
	if c.method != MethodBoard || c.evidence.Spots == 0 || c.evidence.Residual < 0 {
		t.Errorf("method %q evidence %+v, want board with its coloured cells counted", c.method, c.evidence)
	}
	q := scaleQuad(c.quad, scale*d.scale)
	cell := math.Sqrt(quadArea(truth.Corners)) / float64(truth.Cols)
	if gap := maxCornerGap(q, truth.Corners); gap > 0.5*cell {
		t.Errorf("corners %v, truth %v: %.1f px off, cell %.1f px", q, truth.Corners, gap, cell)
	}
}
