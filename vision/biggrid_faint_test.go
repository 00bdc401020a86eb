package vision

import (
	"math"
	"testing"
)

// faintStripPlane draws a grid's faint lines (darkness 3, a quarter of
// level 12) on a blank plane and, in the strip above the grid's first
// row, a stroke a little darker but still faint beside every vertical
// line, as the grain leaves where the lines fade.
func faintStripPlane(distractor float64) darkPlane {
	p := darkPlane{w: 200, h: 200, d: make([]float32, 200*200)}
	for y := 80; y <= 130; y++ {
		for c := 0; c <= 8; c++ {
			p.d[y*p.w+40+10*c] = 3
		}
	}
	for r := 0; r <= 5; r++ {
		for x := 40; x <= 120; x++ {
			p.d[(80+10*r)*p.w+x] = 3
		}
	}
	// The stroke leans off each line from the grid's first row, as the
	// line would if the strip were sheared by distractor pixels.
	for y := 90; y < 100; y++ {
		for c := 0; c <= 8; c++ {
			x := int(math.Round(40 + 10*float64(c) + distractor*float64(100-y)/10))
			p.d[y*p.w+x] = 3.4
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
		g := make(nodeGrid, 4)
		for r := range g {
			g[r] = make([][2]float64, 9)
			for c := range g[r] {
				g[r][c] = [2]float64{40 + 10*float64(c), 100 + 10*float64(r)}
			}
		}
		out, _, ok := growStrip(p, g, 12)
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
