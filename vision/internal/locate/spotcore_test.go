package locate

import (
	"testing"

	"binocle/vision/internal/raster"
)

// paintPlane is a BGR plane of one colour with rectangles painted on it.
type paintRect struct {
	x0, y0, x1, y1 int
	b, g, r        uint8
}

func paintPlane(w, h int, bg [3]uint8, rects ...paintRect) raster.BGRPlane {
	p := raster.BGRPlane{W: w, H: h, Pix: make([]uint8, 3*w*h)}
	for i := 0; i < w*h; i++ {
		p.Pix[3*i], p.Pix[3*i+1], p.Pix[3*i+2] = bg[0], bg[1], bg[2]
	}
	for _, r := range rects {
		for y := r.y0; y < r.y1; y++ {
			for x := r.x0; x < r.x1; x++ {
				i := 3 * (y*w + x)
				p.Pix[i], p.Pix[i+1], p.Pix[i+2] = r.b, r.g, r.r
			}
		}
	}
	return p
}

// Two cyan tiles whose gap blur filled with paler cyan merge into one blob
// at the common threshold; a grainy tile in shadow keeps only scattered
// pixels there. Each blob's own core gives three tile-sized spots.
func TestChromaCoresSplitsAndKeeps(t *testing.T) {
	p := paintPlane(160, 80, [3]uint8{40, 40, 40},
		paintRect{20, 20, 40, 40, 200, 190, 60}, // tile
		paintRect{40, 20, 44, 40, 130, 120, 55}, // blurred gap, chroma 75
		paintRect{44, 20, 64, 40, 200, 190, 60}, // its neighbour
	)
	// A tile in shadow whose grain leaves all but scattered pixels under
	// the common threshold (chroma 48, and 70 at every other pixel of
	// every other row).
	for y := 20; y < 40; y++ {
		for x := 100; x < 120; x++ {
			i := 3 * (y*p.W + x)
			p.Pix[i], p.Pix[i+1], p.Pix[i+2] = 90, 85, 42
			if x%2 == 0 && y%2 == 0 {
				p.Pix[i+2] = 20
			}
		}
	}
	tileSized := func(spots []spot) int {
		n := 0
		for _, s := range spots {
			if s.w >= 14 && s.w <= 22 && s.h >= 14 && s.h <= 22 {
				n++
			}
		}
		return n
	}
	if n := tileSized(colourSpots(chromaMask(p), p.W, p.H)); n != 0 {
		t.Fatalf("the common threshold finds %d tile-sized spots; the test's tiles should merge or fade there", n)
	}
	if n := tileSized(colourSpots(chromaCores(p), p.W, p.H)); n != 3 {
		t.Errorf("cores give %d tile-sized spots, want 3", n)
	}
}

// boardEdgeExtent takes in the blank column a dark board shows beyond its
// spots when the page beyond is much lighter, and nothing where the board
// in shadow is hardly darker than the paper round it.
func TestBoardEdgeExtent(t *testing.T) {
	const cells = 12 // view size in cells; the spots span cells 4..7
	margin := boardPx / 6
	tests := []struct {
		name       string
		board      uint8
		page       uint8
		under      uint8  // what lies round the board, if not the page
		underCells [2]int // its first and last column and row, in view cells
		boardCells [2]int // the board's first and last column, in view cells
		wantC      [2]int
	}{
		{name: "dark board one more column each side", board: 30, page: 190, boardCells: [2]int{3, 8}, wantC: [2]int{3, 8}},
		{name: "dark board two more on the left", board: 30, page: 190, boardCells: [2]int{2, 7}, wantC: [2]int{2, 7}},
		{name: "board in shadow like its page", board: 90, page: 120, boardCells: [2]int{3, 8}, wantC: [2]int{4, 7}},
		// A pale board on white paper: the dark table beyond the
		// paper's edge is not the board's edge.
		{name: "pale board on paper on a table", board: 200, page: 80, under: 225, underCells: [2]int{1, 10}, boardCells: [2]int{3, 8}, wantC: [2]int{4, 7}},
		// A dark board in a mid-grey frame on white paper: the grey is
		// neither board nor page, so where the tiles end is not known.
		{name: "dark board in a grey frame", board: 30, page: 230, under: 100, underCells: [2]int{2, 9}, boardCells: [2]int{3, 8}, wantC: [2]int{4, 7}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x0, x1 := tc.boardCells[0]*boardPx-margin, (tc.boardCells[1]+1)*boardPx+margin
			rects := []paintRect{{x0, 4*boardPx - margin, x1, 8*boardPx + margin, tc.board, tc.board, tc.board}}
			if tc.under != 0 {
				lo, hi := tc.underCells[0]*boardPx, (tc.underCells[1]+1)*boardPx
				rects = append([]paintRect{{lo, lo, hi, hi, tc.under, tc.under, tc.under}}, rects...)
			}
			p := paintPlane(cells*boardPx, cells*boardPx, [3]uint8{tc.page, tc.page, tc.page}, rects...)
			v := boardView{cols: cells, rows: cells, p: p, inImage: make([]bool, cells*cells*boardPx*boardPx)}
			for i := range v.inImage {
				v.inImage[i] = true
			}
			minC, minR, maxC, maxR := boardEdgeExtent(v, 4, 4, 7, 7)
			if minC != tc.wantC[0] || maxC != tc.wantC[1] || minR != 4 || maxR != 7 {
				t.Errorf("extent %d..%d x %d..%d, want %d..%d x 4..7", minC, maxC, minR, maxR, tc.wantC[0], tc.wantC[1])
			}
		})
	}
}
