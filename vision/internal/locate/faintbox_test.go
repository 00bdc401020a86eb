package locate

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// faintBoxPage draws a rows x cols grid as a pale hairline border
// alone, contrast grey levels under the paper, with dark glyphs at some
// cells' middles, a column of dark text beside it as a newspaper's next
// column is, a camera's grain and a little blur, which leaves the
// hairline about a third of its contrast (dev-photos wild-photo-003).
// The caller closes it.
func faintBoxPage(rows, cols, cs int, contrast uint8) gocv.Mat {
	const paper = 215
	w, h := 1000, 800
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(paper, paper, paper, 0), h, w, gocv.MatTypeCV8UC3)
	x0, y0 := 120, (h-rows*cs)/2
	line := paper - contrast
	gocv.Rectangle(&m, image.Rect(x0, y0, x0+cols*cs, y0+rows*cs), color.RGBA{line, line, line, 255}, 1)
	ink := color.RGBA{40, 40, 40, 255}
	given := scatteredGivens()
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if given(r, c) {
				gocv.Circle(&m, image.Pt(x0+c*cs+cs/2, y0+r*cs+cs/2), cs/4, ink, 4)
			}
		}
	}
	// Words of text in the next column.
	rng := rand.New(rand.NewSource(5))
	for y := y0 - 40; y < y0+rows*cs+40; y += 14 {
		for x := x0 + cols*cs + 30; x < w-20; {
			word := 10 + rng.Intn(40)
			gocv.Rectangle(&m, image.Rect(x, y, x+word, y+8), ink, -1)
			x += word + 6 + rng.Intn(6)
		}
	}
	pix, _ := m.DataPtrUint8()
	for i, v := range pix {
		pix[i] = uint8(max(0, min(255, int(v)+int(rng.NormFloat64()*2))))
	}
	gocv.GaussianBlur(m, &m, image.Pt(3, 3), 0, 0, gocv.BorderDefault)
	return m
}

// TestBoxedRungOnAFaintBorder finds a grid drawn as a pale hairline
// border: blurred to under thinLineContrast, the boxed rung does not see
// it and the faint boxed rung does; under the paper's grain neither does.
func TestBoxedRungOnAFaintBorder(t *testing.T) {
	for _, tc := range []struct {
		name         string
		contrast     uint8
		boxed, faint bool
	}{
		{"hairline 40 levels under the paper", 40, true, true},
		{"hairline 20 levels under the paper", 20, false, true},
		{"hairline 6 levels under the paper, under the grain", 6, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := faintBoxPage(10, 10, 50, tc.contrast)
			defer m.Close()
			cs := NewCopies(m)
			defer cs.Close()
			for _, rung := range []struct {
				l     locator
				found bool
			}{{boxedRung, tc.boxed}, {faintBoxedRung, tc.faint}} {
				s, ok := rung.l.Run(cs)
				if ok != rung.found || ok && (s.C.Rows.N != 10 || s.C.Cols.N != 10) {
					t.Errorf("%s rung: found %v (%dx%d), want %v (10x10)", rung.l.name, ok, s.C.Rows.N, s.C.Cols.N, rung.found)
				}
			}
		})
	}
}
