package vision

import (
	"math"
	"math/rand/v2"
	"testing"

	"binocle/internal/synth"
	"binocle/vision/internal/gridline"
)

// readBent renders a photo of a big grid of light lines on a bent,
// tilted page and reads it as ReadFile would.
func readBent(t *testing.T, c bentCase) (*Reading, synth.Truth, error) {
	t.Helper()
	rng := rand.New(rand.NewPCG(c.seed, 11))
	cells := make([]string, c.rows)
	for r := range cells {
		b := make([]byte, c.cols)
		for i := range b {
			// Sparse glyphs, as a puzzle's givens are: most of a line's
			// crossings have paper, not ink, beside them.
			b[i] = ".......01"[rng.IntN(9)]
		}
		cells[r] = string(b)
	}
	look := c.look
	if look == "" {
		look = synth.LookLight
	}
	spec := synth.Spec{Name: c.name, Seed: c.seed, Kind: synth.KindPhoto, Style: c.style, Look: look,
		Source: "random", Rows: c.rows, Cols: c.cols, Cells: cells, Givens: cells,
		Width: c.w, Height: c.h, Fill: c.fill, Tilt: c.tilt, Rotate: c.rotate, Bend: c.bend, Orientation: 1}
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReadBytes(sample.Data)
	return r, sample.Truth, err
}

type bentCase struct {
	name                     string
	seed                     uint64
	style                    string
	rows, cols, w, h         int
	fill, tilt, rotate, bend float64
	look                     synth.Look // LookLight when empty
}

// cellByte is the cell at row i, column j of r as the truth writes it.
func cellByte(r *Reading, i, j int) byte {
	switch r.Cells[i*r.Cols+j] {
	case 0:
		return '0'
	case 1:
		return '1'
	case 2:
		return '2'
	}
	return '.'
}

// wrongCells counts the cells of r that differ from truth.
func wrongCells(r *Reading, truth synth.Truth) int {
	n := 0
	for i := 0; i < r.Rows; i++ {
		for j := 0; j < r.Cols; j++ {
			if cellByte(r, i, j) != truth.Cells[i][j] {
				n++
			}
		}
	}
	return n
}

// TestGrowBentPage reads big grids on bent pages whose closed cells give
// only part of the grid, so that most rows are grown from the lines: each
// grown row must land on its lines, not drift off them with the glyphs.
func TestGrowBentPage(t *testing.T) {
	cases := []bentCase{
		{"disc-30x40", 6, synth.StyleDiscCircle, 30, 40, 1280, 960, 0.65, 15, 8, 0.3, ""},
		// A shadow across the page: the closed cells stop at its edge.
		{"partial-30x30", 6, synth.StyleDiscCircle, 30, 30, 1600, 1200, 0.6, 10, 19, 0.35, synth.LookPartial},
		{"square-40x30", 1, synth.StyleSquareCircle, 40, 30, 2592, 1944, 0.3, 19, 15, 0.28, ""},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if i == len(cases)-1 && testing.Short() {
				t.Skip("a 5 MP photo read at full size")
			}
			r, truth, err := readBent(t, c)
			if err != nil {
				t.Fatal(err)
			}
			if r.Rows != truth.Rows || r.Cols != truth.Cols {
				t.Fatalf("read %dx%d, truth %dx%d", r.Rows, r.Cols, truth.Rows, truth.Cols)
			}
			if n := wrongCells(r, truth); n*200 > r.Rows*r.Cols {
				t.Errorf("%d of %d cells wrong", n, r.Rows*r.Cols)
			}
		})
	}
}

// TestBestCurve finds a smooth run of line evidence through profiles
// in which glyphs beside the line outweigh it at some positions.
func TestBestCurve(t *testing.T) {
	cases := []struct {
		name   string
		want   func(x float64) float64 // the line's offset, in samples
		glyphs map[int]int             // position -> offset of a glyph's stronger peak
	}{
		{"straight", func(float64) float64 { return 0 }, nil},
		{"shifted", func(float64) float64 { return 2 }, map[int]int{3: -4, 4: -4, 9: 5}},
		{"tilted", func(x float64) float64 { return -1.5 + 0.125*x }, map[int]int{0: 4, 1: 4, 2: 4, 12: -5, 20: -5}},
		{"bowed", func(x float64) float64 { return 1 - (x-12)*(x-12)/144 }, map[int]int{5: -5, 6: -5, 7: -5, 18: 5}},
	}
	const n = 25
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prof := make([][]float64, n)
			pos := make([]float64, n)
			for i := range prof {
				pos[i] = float64(i)
				prof[i] = make([]float64, 2*gridline.SideReach+1)
				line := tc.want(pos[i])
				for k := range prof[i] {
					d := float64(k-gridline.SideReach) - line
					prof[i][k] = 10 / (1 + d*d)
				}
				if g, ok := tc.glyphs[i]; ok {
					prof[i][g+gridline.SideReach] += 40
				}
			}
			curve := gridline.BestCurve(prof, pos, n)
			for i := range pos {
				if got, want := curve(pos[i]), tc.want(pos[i]); math.Abs(got-want) > 0.6 {
					t.Fatalf("at %d: offset %.2f, want %.2f", i, got, want)
				}
			}
		})
	}
}

// faintStripPlane draws a grid's faint lines (darkness 3, a quarter of
// level 12) on a blank plane and, in the strip above the grid's first
// row, a stroke a little darker but still faint beside every vertical
// line, as the grain leaves where the lines fade.
func faintStripPlane(distractor float64) gridline.DarkPlane {
	p := gridline.DarkPlane{W: 200, H: 200, D: make([]float32, 200*200)}
	for y := 80; y <= 130; y++ {
		for c := 0; c <= 8; c++ {
			p.D[y*p.W+40+10*c] = 3
		}
	}
	for r := 0; r <= 5; r++ {
		for x := 40; x <= 120; x++ {
			p.D[(80+10*r)*p.W+x] = 3
		}
	}
	// The stroke leans off each line from the grid's first row, as the
	// line would if the strip were sheared by distractor pixels.
	for y := 90; y < 100; y++ {
		for c := 0; c <= 8; c++ {
			x := int(math.Round(40 + 10*float64(c) + distractor*float64(100-y)/10))
			p.D[y*p.W+x] = 3.4
		}
	}
	return p
}

// TestGrowStripFaintKeepsPrediction grows a strip where the lines hardly
// stand out: its crossings stay where the strips before put them, not on
// the darker stroke beside each line, which would carry on as a sideways
// drift into every later strip.
func TestGrowStripFaintKeepsPrediction(t *testing.T) {
	for _, off := range []float64{2, -2, 1.2} {
		p := faintStripPlane(off)
		g := make(gridline.NodeGrid, 4)
		for r := range g {
			g[r] = make([][2]float64, 9)
			for c := range g[r] {
				g[r][c] = [2]float64{40 + 10*float64(c), 100 + 10*float64(r)}
			}
		}
		out, _, ok := gridline.GrowStrip(p, g, 12)
		if !ok {
			t.Fatalf("offset %v: strip not grown", off)
		}
		for c, q := range out[0] {
			want := [2]float64{40 + 10*float64(c), 90}
			if math.Hypot(q[0]-want[0], q[1]-want[1]) > 0.5 {
				t.Fatalf("offset %v: crossing %d at %.2f, want %.2f", off, c, q, want)
			}
		}
	}
}
