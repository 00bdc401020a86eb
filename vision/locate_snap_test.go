package vision

import (
	"math"
	"testing"
)

// ruledEvidence is line evidence for a rows x cols lattice (two cells of
// margin, extendPx a cell) whose lines are drawn where true puts them:
// true maps lattice units to the rectification's lattice units.
func ruledEvidence(rows, cols int, truth homography) lineEvidence {
	const m = 2
	ev := lineEvidence{rows: rows, cols: cols, w: (cols + 2*m) * extendPx, h: (rows + 2*m) * extendPx}
	ev.vr = make([]bool, ev.w*ev.h)
	ev.hr = make([]bool, ev.w*ev.h)
	// Dense samples along every true line, each marked at its nearest pixel.
	for i := 0; i <= cols; i++ {
		for s := 0.0; s <= float64(rows); s += 0.01 {
			x, y := truth.apply(float64(i), s)
			px, py := int(math.Round((x+m)*extendPx)), int(math.Round((y+m)*extendPx))
			if px >= 0 && py >= 0 && px < ev.w && py < ev.h {
				ev.vr[py*ev.w+px] = true
			}
		}
	}
	for j := 0; j <= rows; j++ {
		for s := 0.0; s <= float64(cols); s += 0.01 {
			x, y := truth.apply(s, float64(j))
			px, py := int(math.Round((x+m)*extendPx)), int(math.Round((y+m)*extendPx))
			if px >= 0 && py >= 0 && px < ev.w && py < ev.h {
				ev.hr[py*ev.w+px] = true
			}
		}
	}
	return ev
}

func TestSnapLattice(t *testing.T) {
	identity := homography{1, 0, 0, 0, 1, 0, 0, 0, 1}
	cases := []struct {
		name  string
		truth homography
		want  bool
	}{
		// The lattice's rows run 2% short and its columns lean: the far
		// corner is off by a fifth of a cell, within reach of every line.
		{"drifting", homography{1.01, 0.01, 0.02, 0, 1.02, -0.03, 0, 0.0005, 1}, true},
		{"already on its lines", identity, false},
		// Lines a third of a cell off everywhere are not this lattice's.
		{"no lines near", homography{1, 0, 0.4, 0, 1, 0.4, 0, 0, 1}, false},
	}
	for _, c := range cases {
		const rows, cols = 10, 10
		ev := ruledEvidence(rows, cols, c.truth)
		f := latticeFit{rows: rows, cols: cols, toImage: identity}
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
				x, y := g.toImage.apply(float64(i), float64(j))
				tx, ty := c.truth.apply(float64(i), float64(j))
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
	w, h := (cols+2*m)*extendPx, (rows+2*m)*extendPx
	p := plane{w: w, h: h, pix: make([]uint8, w*h)}
	seed := uint32(11)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			seed = seed*1664525 + 1013904223
			v := 200 + int(seed>>30) - 2
			depth := 40
			if x >= (cols+m-2)*extendPx-2 {
				depth = 5
			}
			if (x%extendPx == 0 && x >= m*extendPx && x <= (cols+m)*extendPx) ||
				(y%extendPx == 0 && y >= m*extendPx && y <= (rows+m)*extendPx) {
				v -= depth
			}
			p.pix[y*w+x] = uint8(v)
		}
	}
	ev := lineEvidence{rows: rows, cols: cols, w: w, h: h, p: p, imgW: 1 << 20, imgH: 1 << 20,
		toImage: homography{1, 0, 0, 0, 1, 0, 0, 0, 1}}
	ev.raw = make([]int16, len(p.pix))
	for i, v := range p.pix {
		ev.raw[i] = 4 * int16(v)
	}
	ev.pv, ev.ph = alongSmoothed(p)
	ev.grain = grainOf(ev.pv)
	ev.t = thresholdFor(ev.grain, lineDepth(ev.pv, ev.ph, w, rows, cols))
	ev.mark(ev.pv, ev.ph)
	if _, ok := ev.nearSide(2); ok {
		t.Errorf("left side, lines as deep as anywhere: measured again")
	}
	local, ok := ev.nearSide(3)
	if !ok {
		t.Fatalf("right side, lines fading: not measured again (threshold %d)", ev.t)
	}
	if local.t >= ev.t {
		t.Errorf("right side threshold %d, not below the overall %d", local.t, ev.t)
	}
}
