package vision

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
)

// glareCells is a 10x10 puzzle whose two right-hand columns hold a few
// filled glyphs (1) among blank cells.
var glareCells = []string{
	"1...0...1.",
	"..0....0.1",
	".1..1...1.",
	"....0.1...",
	"0.1......1",
	"...1..0.1.",
	".0....1...",
	"1..0.....1",
	"..1..1..1.",
	".0..0.....",
}

// TestGlyphsGrowWashedStrips checks that the strips whose lines glare has
// washed out are grown back for the glyphs they hold, and that nothing is
// grown beyond the grid into the page's text.
func TestGlyphsGrowWashedStrips(t *testing.T) {
	for _, tc := range []struct {
		name  string
		style string
		seed  uint64
	}{
		{"discs", synth.StyleDiscCircle, 5},
		{"squares", synth.StyleSquareCircle, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const rows, cols, washed = 10, 10, 2
			sample, err := synth.Render(synth.Spec{Name: tc.name, Seed: tc.seed, Kind: synth.KindPhoto, Style: tc.style, Look: synth.LookLight,
				Source: "glyphstrip-test", Rows: rows, Cols: cols, Cells: glareCells, Givens: glareCells,
				Width: 1600, Height: 1200, Fill: 0.5, Tilt: 6, Rotate: 2, Orientation: 1})
			if err != nil {
				t.Fatal(err)
			}
			d, err := decodeImage(sample.Data, readSide)
			if err != nil {
				t.Fatal(err)
			}
			defer d.mat.Close()
			small, s := downscale(d.mat, locateSide)
			defer small.Close()
			gray := toGray(small)
			defer gray.Close()
			// Corners in the located copy's pixels.
			var quad [4][2]float64
			for i, c := range sample.Truth.Corners {
				quad[i] = [2]float64{c[0] / d.scale / s, c[1] / d.scale / s}
			}
			full, ok := homographyFromQuads(rectCorners(cols, rows), quad)
			if !ok {
				t.Fatal("no homography")
			}
			// A hazy photo, with glare over the right-hand columns and the
			// page beyond them that washes out every thin stroke there
			// (a closing wider than the lines), lines and text alike; the
			// filled glyphs stay.
			kernel := gocv.GetStructuringElement(gocv.MorphRect, pt(7, 7))
			defer kernel.Close()
			closed := gocv.NewMat()
			defer closed.Close()
			gocv.MorphologyEx(gray, &closed, gocv.MorphClose, kernel)
			inv := full.inverse()
			p, q := planeOf(gray), planeOf(closed)
			for y := 0; y < p.h; y++ {
				for x := 0; x < p.w; x++ {
					i := y*p.w + x
					if u, _ := inv.apply(float64(x), float64(y)); u >= cols-washed-0.15 {
						p.pix[i] = q.pix[i]
					}
					p.pix[i] = 255 - (255-p.pix[i])/2
				}
			}
			washedGray, err := gocv.NewMatFromBytes(p.h, p.w, gocv.MatTypeCV8U, p.pix)
			if err != nil {
				t.Fatal(err)
			}
			defer washedGray.Close()
			short := latticeFit{rows: rows, cols: cols - washed, toImage: full, cellSize: 1}
			if got := adjustLatticeBy(washedGray, short, false); got.cols == cols {
				t.Fatalf("the lines alone grow the washed columns back: the test shows nothing")
			}
			got := adjustLattice(washedGray, short)
			if got.rows != rows || got.cols != cols {
				t.Errorf("adjusted to %dx%d, want %dx%d", got.rows, got.cols, rows, cols)
			}
			for side := 0; side < 4; side++ {
				if n := glyphsRunOn(washedGray, latticeFit{rows: rows, cols: cols, toImage: full, cellSize: 1}, side); n > 0 {
					t.Errorf("side %d: %d strips grown beyond the grid", side, n)
				}
			}
		})
	}
}
