package locate

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// mergedTilesBoard draws a rows x cols board, every tile coloured one of
// two hues by the rows of a solved binary puzzle (so that runs of two of
// one colour are common), with gaps of an eighth of a cell between the
// tiles, and blurs it as an unsteady photo does: the gaps between
// neighbours of one colour fill, and most tiles merge into pairs. The
// caller closes it.
func mergedTilesBoard(rows, cols, cs int, blur int) gocv.Mat {
	solved := []string{
		"1001101001", "0110010110", "1001011001", "0110100110", "1100101010",
		"0011010101", "1010101100", "0101010011", "1010110010", "0101001101",
	}
	w, h := 900, 900
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(235, 235, 235, 0), h, w, gocv.MatTypeCV8UC3)
	x0, y0 := (w-cols*cs)/2, (h-rows*cs)/2
	gap := cs / 8
	orange, cyan := color.RGBA{230, 100, 40, 255}, color.RGBA{60, 190, 220, 255}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			tile := cyan
			if solved[r%len(solved)][c%len(solved[0])] == '1' {
				tile = orange
			}
			x, y := x0+c*cs, y0+r*cs
			gocv.Rectangle(&m, image.Rect(x+gap/2, y+gap/2, x+cs-gap/2, y+cs-gap/2), tile, -1)
		}
	}
	if blur > 0 {
		gocv.GaussianBlur(m, &m, image.Pt(blur, blur), 0, 0, gocv.BorderDefault)
	}
	return m
}

// TestAppBoardOfMergedTiles finds a full tile board whose neighbours of
// one colour merged under blur (hunt-photos wild-photo-111). The merged
// pairs cover more area than the single tiles left, so the lattice
// walked through them is two cells apart and bounds no board; the
// single tiles' family gives the lattice, and the tiles in merged
// blobs, coloured though no spot, show the board is all tiles.
func TestAppBoardOfMergedTiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		blur int
	}{
		{"sharp gaps", 0},
		{"gaps a little blurred", 15},
		// The two below were found by no mask before.
		{"gaps blurred shut between like tiles", 31},
		{"gaps blurred shut, tiles' edges soft", 41},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mergedTilesBoard(10, 10, 60, tc.blur)
			defer m.Close()
			c, _, ok := AppBoard(m)
			if !ok || c.Rows.N != 10 || c.Cols.N != 10 {
				t.Errorf("found %v, %dx%d; want a 10x10 board", ok, c.Rows.N, c.Cols.N)
			}
		})
	}
}
