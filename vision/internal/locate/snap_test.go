package locate

import (
	"math"
	"testing"

	"binocle/geom"
	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// ruledEvidence is line evidence for a rows x cols lattice (two cells of
// margin, extendPx a cell) whose lines are drawn where true puts them:
// true maps lattice units to the rectification's lattice units.
func ruledEvidence(rows, cols int, truth geom.Homography) gridline.Evidence {
	const m = 2
	ev := gridline.Evidence{Rows: rows, Cols: cols, W: (cols + 2*m) * gridline.ExtendPx, H: (rows + 2*m) * gridline.ExtendPx}
	ev.Vr = make([]bool, ev.W*ev.H)
	ev.Hr = make([]bool, ev.W*ev.H)
	// Dense samples along every true line, each marked at its nearest pixel.
	for i := 0; i <= cols; i++ {
		for s := 0.0; s <= float64(rows); s += 0.01 {
			x, y := truth.Apply(float64(i), s)
			px, py := int(math.Round((x+m)*gridline.ExtendPx)), int(math.Round((y+m)*gridline.ExtendPx))
			if px >= 0 && py >= 0 && px < ev.W && py < ev.H {
				ev.Vr[py*ev.W+px] = true
			}
		}
	}
	for j := 0; j <= rows; j++ {
		for s := 0.0; s <= float64(cols); s += 0.01 {
			x, y := truth.Apply(s, float64(j))
			px, py := int(math.Round((x+m)*gridline.ExtendPx)), int(math.Round((y+m)*gridline.ExtendPx))
			if px >= 0 && py >= 0 && px < ev.W && py < ev.H {
				ev.Hr[py*ev.W+px] = true
			}
		}
	}
	return ev
}

func TestSnapLattice(t *testing.T) {
	identity := geom.Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}
	cases := []struct {
		name  string
		truth geom.Homography
		want  bool
	}{
		// The lattice's rows run 2% short and its columns lean: the far
		// corner is off by a fifth of a cell, within reach of every line.
		{"drifting", geom.Homography{1.01, 0.01, 0.02, 0, 1.02, -0.03, 0, 0.0005, 1}, true},
		{"already on its lines", identity, false},
		// Lines a third of a cell off everywhere are not this lattice's.
		{"no lines near", geom.Homography{1, 0, 0.4, 0, 1, 0.4, 0, 0, 1}, false},
	}
	for _, c := range cases {
		const rows, cols = 10, 10
		ev := ruledEvidence(rows, cols, c.truth)
		f := LatticeFit{Rows: rows, Cols: cols, ToImage: identity}
		g, ok := snapLattice(ev, f)
		if ok != c.want {
			t.Errorf("%s: snapped %v, want %v", c.name, ok, c.want)
			continue
		}
		if !ok {
			continue
		}
		worst := 0.0
		for i := 0; i <= cols; i++ {
			for j := 0; j <= rows; j++ {
				x, y := g.ToImage.Apply(float64(i), float64(j))
				tx, ty := c.truth.Apply(float64(i), float64(j))
				worst = math.Max(worst, math.Hypot(x-tx, y-ty))
			}
		}
		if worst > 0.08 {
			t.Errorf("%s: snapped lattice off its lines by %.3f cells", c.name, worst)
		}
	}
}

// TestNearSide draws a lattice's lines forty grey levels deep but for its
// last two columns, where they are five, as on a sheet lit from one side:
// only the right side's evidence is measured again, at a lower threshold.
func TestNearSide(t *testing.T) {
	const m, rows, cols = 2, 8, 8
	w, h := (cols+2*m)*gridline.ExtendPx, (rows+2*m)*gridline.ExtendPx
	p := raster.Plane{W: w, H: h, Pix: make([]uint8, w*h)}
	seed := uint32(11)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			seed = seed*1664525 + 1013904223
			v := 200 + int(seed>>30) - 2
			depth := 40
			if x >= (cols+m-2)*gridline.ExtendPx-2 {
				depth = 5
			}
			if (x%gridline.ExtendPx == 0 && x >= m*gridline.ExtendPx && x <= (cols+m)*gridline.ExtendPx) ||
				(y%gridline.ExtendPx == 0 && y >= m*gridline.ExtendPx && y <= (rows+m)*gridline.ExtendPx) {
				v -= depth
			}
			p.Pix[y*w+x] = uint8(v)
		}
	}
	ev := gridline.Evidence{Rows: rows, Cols: cols, W: w, H: h, P: p, ImgW: 1 << 20, ImgH: 1 << 20,
		ToImage: geom.Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}}
	ev.Raw = make([]int16, len(p.Pix))
	for i, v := range p.Pix {
		ev.Raw[i] = 4 * int16(v)
	}
	ev.Pv, ev.Ph = gridline.AlongSmoothed(p)
	ev.Grain = gridline.GrainOf(ev.Pv)
	ev.T = gridline.ThresholdFor(ev.Grain, gridline.LineDepth(ev.Pv, ev.Ph, w, rows, cols))
	ev.Mark(ev.Pv, ev.Ph)
	if _, ok := ev.NearSide(2); ok {
		t.Errorf("left side, lines as deep as anywhere: measured again")
	}
	local, ok := ev.NearSide(3)
	if !ok {
		t.Fatalf("right side, lines fading: not measured again (threshold %d)", ev.T)
	}
	if local.T >= ev.T {
		t.Errorf("right side threshold %d, not below the overall %d", local.T, ev.T)
	}
}
