package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// blobCells is a rows x cols cellImage with a square blob of ink in every
// other cell, its middle (ox, oy) pixels off the cell's middle, and no
// lines found.
func blobCells(rows, cols, px, ox, oy int) cellread.Image {
	w, h := cols*px, rows*px
	ci := cellread.Image{Rows: rows, Cols: cols, Px: px, Gray: raster.Plane{W: w, H: h, Pix: make([]uint8, w*h)},
		Ink: make([]bool, w*h), Lines: make([]bool, w*h), ShiftX: make([]int, rows*cols), ShiftY: make([]int, rows*cols)}
	r := px / 5
	for row := 0; row < rows; row++ {
		for col := 0; col < cols; col++ {
			if (row+col)%2 == 1 {
				continue
			}
			cx, cy := col*px+px/2+ox, row*px+px/2+oy
			for y := cy - r; y <= cy+r; y++ {
				for x := cx - r; x <= cx+r; x++ {
					if x >= 0 && y >= 0 && x < w && y < h {
						ci.Ink[y*w+x] = true
					}
				}
			}
		}
	}
	return ci
}

// TestRecentre checks that the windows move by the glyphs' common offset,
// wrapping round a boundary, and stay put when the glyphs are centred or
// only a pixel off.
func TestRecentre(t *testing.T) {
	const px = 40
	for _, c := range []struct {
		ox, oy, wantX, wantY int
	}{
		{0, 0, 0, 0},
		{1, -1, 0, 0},
		{-12, 0, -12, 0},
		{0, 10, 0, 10},
		{9, -14, 9, -14},
		// Half a cell off is ink on the boundaries, not glyphs.
		{20, 0, 0, 0},
		// Ink where the boundaries cross (a dark tile board's gaps)
		// pulls nearly half a cell both ways; the pull on the axis
		// under recentreMax is theirs too.
		{20, 17, 0, 0},
	} {
		ci := blobCells(6, 6, px, c.ox, c.oy)
		ci.Recentre()
		for i := range ci.ShiftX {
			if raster.Abs(ci.ShiftX[i]-c.wantX) > 1 || raster.Abs(ci.ShiftY[i]-c.wantY) > 1 {
				t.Errorf("glyphs off by (%d, %d): cell %d shifted (%d, %d), want (%d, %d)", c.ox, c.oy, i, ci.ShiftX[i], ci.ShiftY[i], c.wantX, c.wantY)
				break
			}
		}
	}
	// Ink scattered evenly over the cells has no phase to follow.
	ci := blobCells(6, 6, px, 0, 0)
	for i := range ci.Ink {
		ci.Ink[i] = i%7 == 0
	}
	ci.Recentre()
	for i := range ci.ShiftX {
		if ci.ShiftX[i] != 0 || ci.ShiftY[i] != 0 {
			t.Fatalf("even noise moved cell %d by (%d, %d)", i, ci.ShiftX[i], ci.ShiftY[i])
		}
	}
}

// TestClassifyOffLatticeFaint reads light-lined boards rectified a third
// of a cell off, where the lines are too faint to place the windows and
// the glyphs must; in the outer column the window cannot move past the
// grid's edge, and the glyph is judged from where the cell's middle is.
func TestClassifyOffLatticeFaint(t *testing.T) {
	for _, style := range []string{synth.StyleDigits, synth.StyleXO} {
		for _, d := range []float64{0.3, -0.3} {
			ci, want := renderOffLatticeLineless(t, style, d)
			_, cells, _ := cellread.Classify(ci)
			for i, c := range cells {
				if w := want[i/ci.Cols][i%ci.Cols]; c.Char() != w {
					t.Errorf("%s shifted %.1f: r%dc%d read %c, want %c", style, d, i/ci.Cols, i%ci.Cols, c.Char(), w)
				}
			}
		}
	}
}

// renderOffLatticeLineless renders a light-lined board rectified d of a
// cell off, then takes the lines' evidence away, as a photo too faint to
// show them, and places the cell windows from the glyphs alone.
func renderOffLatticeLineless(t *testing.T, style string, d float64) (cellread.Image, []string) {
	t.Helper()
	ci, want := renderOffLatticeLook(t, style, synth.LookLight, d, 0)
	for i := range ci.ShiftX {
		ci.ShiftX[i], ci.ShiftY[i] = 0, 0
	}
	for i := range ci.Lines {
		ci.Lines[i] = false
	}
	ci.Recentre()
	return ci, want
}
