package raster

import (
	"encoding/binary"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// TestComponentsMatchOpenCV checks the Go measuring of components against
// OpenCV's connectedComponentsWithStats on masks of blobs, lines and noise.
func TestComponentsMatchOpenCV(t *testing.T) {
	tests := []struct {
		name string
		draw func(m *gocv.Mat, rng *rand.Rand)
	}{
		{"empty", func(m *gocv.Mat, rng *rand.Rand) {}},
		{"full", func(m *gocv.Mat, rng *rand.Rand) { m.SetTo(gocv.NewScalar(255, 0, 0, 0)) }},
		{"grid", func(m *gocv.Mat, rng *rand.Rand) {
			m.SetTo(gocv.NewScalar(255, 0, 0, 0))
			for i := 0; i < m.Cols(); i += 23 {
				gocv.Line(m, Pt(i, 0), Pt(i+5, m.Rows()), color.RGBA{}, 2)
			}
			for i := 0; i < m.Rows(); i += 19 {
				gocv.Line(m, Pt(0, i), Pt(m.Cols(), i+3), color.RGBA{}, 1)
			}
		}},
		{"noise", func(m *gocv.Mat, rng *rand.Rand) {
			for y := 0; y < m.Rows(); y++ {
				for x := 0; x < m.Cols(); x++ {
					if rng.Intn(3) == 0 {
						m.SetUCharAt(y, x, 255)
					}
				}
			}
		}},
		{"discs", func(m *gocv.Mat, rng *rand.Rand) {
			for i := 0; i < 40; i++ {
				gocv.Circle(m, Pt(rng.Intn(m.Cols()), rng.Intn(m.Rows())), 2+rng.Intn(20), color.RGBA{R: 255}, -1)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(1))
			m := gocv.NewMatWithSize(97, 131, gocv.MatTypeCV8U)
			defer m.Close()
			m.SetTo(gocv.NewScalar(0, 0, 0, 0))
			tt.draw(&m, rng)

			labels, stats, centroids := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
			defer labels.Close()
			defer stats.Close()
			defer centroids.Close()
			n := gocv.ConnectedComponentsWithStatsWithParams(m, &labels, &stats, &centroids, 4, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
			st := stats.ToBytes()
			cent, _ := centroids.DataPtrFloat64()
			stat := func(i, k int) int { return int(int32(binary.LittleEndian.Uint32(st[4*(5*i+k):]))) }

			got := Components(m)
			if len(got) != n-1 {
				t.Fatalf("%d components, OpenCV finds %d", len(got), n-1)
			}
			for i, c := range got {
				want := component{Left: stat(i+1, 0), Top: stat(i+1, 1), Width: stat(i+1, 2), Height: stat(i+1, 3), Area: stat(i+1, 4), X: cent[2*(i+1)], Y: cent[2*(i+1)+1]}
				if c.Left != want.Left || c.Top != want.Top || c.Width != want.Width || c.Height != want.Height || c.Area != want.Area ||
					math.Abs(c.X-want.X) > 1e-9 || math.Abs(c.Y-want.Y) > 1e-9 {
					t.Fatalf("component %d: %+v, OpenCV %+v", i+1, c, want)
				}
			}
		})
	}
}

// TestFloodFromEdges checks what the flood from a box's edge reaches: not
// an O's hole, and a frame's ink but not the glyph it frames.
func TestFloodFromEdges(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string // '#' open, '.' closed
		want []string // '+' reached
	}{
		{"a ring's hole is not reached", []string{
			"#####",
			"#...#",
			"#.#.#",
			"#...#",
			"#####",
		}, []string{
			"+++++",
			"+...+",
			"+...+",
			"+...+",
			"+++++",
		}},
		{"the frame's ink is, the glyph inside is not", []string{
			"##...",
			"#....",
			"..##.",
			"..##.",
			".....",
		}, []string{
			"++...",
			"+....",
			".....",
			".....",
			".....",
		}},
		{"nothing open", []string{"...", "..."}, []string{"...", "..."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, h := len(tc.rows[0]), len(tc.rows)
			reached := FloodFromEdges(w, h, func(x, y int) bool { return tc.rows[y][x] == '#' })
			for y := 0; y < h; y++ {
				got := make([]byte, w)
				for x := range got {
					got[x] = '.'
					if reached[y*w+x] {
						got[x] = '+'
					}
				}
				if string(got) != tc.want[y] {
					t.Errorf("row %d: got %s, want %s", y, got, tc.want[y])
				}
			}
		})
	}
}
