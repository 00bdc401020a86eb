package vision

import (
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
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

// scatteredCells is a rows x cols board with one cell in four filled,
// spread evenly, two thirds of them 1s: a filled glyph stays where glare
// washes out a ring's thin stroke.
func scatteredCells(rows, cols int) []string {
	board := make([]string, rows)
	for r := range board {
		line := make([]byte, cols)
		for c := range line {
			switch {
			case (r*7+c*3)%4 != 0:
				line[c] = '.'
			case (r+c)%3 == 0:
				line[c] = '0'
			default:
				line[c] = '1'
			}
		}
		board[r] = string(line)
	}
	return board
}

// TestGlyphsGrowWashedStrips checks that the strips whose lines glare has
// washed out are grown back for the glyphs they hold, and that nothing is
// grown beyond the grid into the page's text. A big grid of small cells
// too (dev-photos wild-photo-115, 25x25 read 22x25): its lines elsewhere
// are clear, and no line is left to follow into the washed strips.
func TestGlyphsGrowWashedStrips(t *testing.T) {
	for _, tc := range []struct {
		name       string
		style      string
		seed       uint64
		rows, cols int
		cells      []string
		// hazy halves the photo's contrast: its lines then pass only a
		// loose measure. Where they pass the strict one, they are clear
		// up to the washed strips and end there, as a light grid's lines
		// fade at its outer columns (dev-photos wild-photo-001).
		hazy bool
	}{
		{"discs", synth.StyleDiscCircle, 5, 10, 10, glareCells, true},
		{"squares", synth.StyleSquareCircle, 6, 10, 10, glareCells, true},
		{"clear lines", synth.StyleDiscCircle, 5, 10, 10, glareCells, false},
		{"big grid", synth.StyleSquareCircle, 7, 24, 24, scatteredCells(24, 24), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const washed = 2
			rows, cols := tc.rows, tc.cols
			sample, err := synth.Render(synth.Spec{Name: tc.name, Seed: tc.seed, Kind: synth.KindPhoto, Style: tc.style, Look: synth.LookLight,
				Source: "glyphstrip-test", Rows: rows, Cols: cols, Cells: tc.cells, Givens: tc.cells,
				Width: 1600, Height: 1200, Fill: 0.5, Tilt: 6, Rotate: 2, Orientation: 1})
			if err != nil {
				t.Fatal(err)
			}
			d, err := decodeImage(sample.Data, readSide)
			if err != nil {
				t.Fatal(err)
			}
			defer d.mat.Close()
			small, s := locate.Downscale(d.mat, locate.LocateSide)
			defer small.Close()
			gray := raster.ToGray(small)
			defer gray.Close()
			// Corners in the located copy's pixels.
			var quad [4][2]float64
			for i, c := range sample.Truth.Corners {
				quad[i] = [2]float64{c[0] / d.scale / s, c[1] / d.scale / s}
			}
			full, ok := geom.FromQuads(locate.RectCorners(float64(cols), float64(rows)), quad)
			if !ok {
				t.Fatal("no homography")
			}
			// A hazy photo, with glare over the right-hand columns and the
			// page beyond them that washes out every thin stroke there
			// (a closing wider than the lines), lines and text alike; the
			// filled glyphs stay.
			kernel := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(7, 7))
			defer kernel.Close()
			closed := gocv.NewMat()
			defer closed.Close()
			gocv.MorphologyEx(gray, &closed, gocv.MorphClose, kernel)
			inv := full.Inverse()
			p, q := raster.PlaneOf(gray), raster.PlaneOf(closed)
			for y := 0; y < p.H; y++ {
				for x := 0; x < p.W; x++ {
					i := y*p.W + x
					if u, _ := inv.Apply(float64(x), float64(y)); u >= float64(cols-washed)-0.15 {
						p.Pix[i] = q.Pix[i]
					}
					if tc.hazy {
						p.Pix[i] = 255 - (255-p.Pix[i])/2
					}
				}
			}
			washedGray, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8U, p.Pix)
			if err != nil {
				t.Fatal(err)
			}
			defer washedGray.Close()
			short := locate.LatticeFit{Rows: rows, Cols: cols - washed, ToImage: full, CellSize: 1}
			if got := locate.GrowLatticeByLines(washedGray, short); got.Cols == cols {
				t.Fatalf("the lines alone, adjusted and followed, grow the washed columns back: the test shows nothing")
			}
			got := locate.GrowLattice(washedGray, short)
			if got.Rows != rows || got.Cols != cols {
				t.Errorf("adjusted to %dx%d, want %dx%d", got.Rows, got.Cols, rows, cols)
			}
			for side := 0; side < 4; side++ {
				if n := locate.GlyphsRunOn(washedGray, locate.LatticeFit{Rows: rows, Cols: cols, ToImage: full, CellSize: 1}, side); n > 0 {
					t.Errorf("side %d: %d strips grown beyond the grid", side, n)
				}
			}
		})
	}
}

// TestGlyphsStopAtPrintedEdge draws a faint 8x8 grid with bold glyphs in
// its cells and, below its printed bottom edge, a row of glyph-like print
// spaced like a puzzle strip's glyphs, then a line of text. The grid's
// lines run all the way down to that edge and stop there while the text's
// thin strokes show, so the print below is not a washed-out row of the
// grid; where the lines do fade out beyond the edge instead, as under
// glare, the glyphs there still grow the grid.
func TestGlyphsStopAtPrintedEdge(t *testing.T) {
	const rows, cols, cell, x0, y0 = 8, 8, 30, 60, 60
	glyphs := []string{
		"1..0...1",
		"..0...0.",
		".1..1...",
		"0...0.1.",
		"..1....1",
		".0..1...",
		"1....0..",
		"..1..1.0",
	}
	// The print below the edge sits where a ninth row's glyphs would.
	below := "1...0..1"
	for _, tc := range []struct {
		name string
		fade bool // the grid's lines run on, ever fainter, below the edge
		want int
	}{
		{"printed edge", false, rows},
		{"lines fading out", true, rows + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(235, 0, 0, 0), 420, 360, gocv.MatTypeCV8U)
			defer img.Close()
			// Lines a few grey levels deep, as a light print photographs.
			line := color.RGBA{R: 228, G: 228, B: 228, A: 255}
			ink := color.RGBA{R: 40, G: 40, B: 40, A: 255}
			for i := 0; i <= cols; i++ {
				gocv.Line(&img, raster.Pt(x0+i*cell, y0), raster.Pt(x0+i*cell, y0+rows*cell), line, 1)
			}
			for j := 0; j <= rows; j++ {
				gocv.Line(&img, raster.Pt(x0, y0+j*cell), raster.Pt(x0+cols*cell, y0+j*cell), line, 1)
			}
			if tc.fade {
				// Below the edge the column lines go on for a stretch
				// before the glare swallows them.
				for i := 1; i < cols; i++ {
					gocv.Line(&img, raster.Pt(x0+i*cell, y0+rows*cell), raster.Pt(x0+i*cell, y0+rows*cell+cell*2/5), line, 1)
				}
			}
			put := func(r, c int, g byte) {
				cx, cy := x0+c*cell+cell/2, y0+r*cell+cell/2
				switch g {
				case '1':
					gocv.Circle(&img, raster.Pt(cx, cy), cell/3, ink, -1)
				case '0':
					gocv.Circle(&img, raster.Pt(cx, cy), cell/3, ink, 2)
				}
			}
			for r, s := range glyphs {
				for c := range s {
					put(r, c, s[c])
				}
			}
			for c := range below {
				put(rows, c, below[c])
			}
			// and a line of text under it, whose thin strokes run on
			// across the cells' borders.
			gocv.PutText(&img, "column weather when Amsterdam", raster.Pt(x0-10, y0+(rows+1)*cell+cell*2/3),
				gocv.FontHersheySimplex, 0.55, ink, 1)
			// The paper's grain.
			p := raster.PlaneOf(img)
			seed := uint32(7)
			for i, v := range p.Pix {
				seed = seed*1664525 + 1013904223
				p.Pix[i] = uint8(int(v) + int(seed>>30) - 2)
			}
			grained, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8U, p.Pix)
			if err != nil {
				t.Fatal(err)
			}
			defer grained.Close()
			f := locate.LatticeFit{Rows: rows, Cols: cols, CellSize: cell,
				ToImage: geom.Homography{cell, 0, x0, 0, cell, y0, 0, 0, 1}}
			got := locate.AdjustLattice(grained, f)
			if got.Rows != tc.want || got.Cols != cols {
				t.Errorf("adjusted to %dx%d, want %dx%d", got.Rows, got.Cols, tc.want, cols)
			}
		})
	}
}
