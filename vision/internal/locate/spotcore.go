package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// coreShare is the part of its own peak colour a pixel must keep to stay
// in a spot's core. Blur spreads a tile's colour into the dark gap beside
// it, so two neighbouring tiles of one colour join into one blob at any
// fixed threshold low enough for tiles in shadow; the gap still dips
// well below either tile's peak.
const coreShare = 0.7

// faintSpotChroma is the chroma a blob of faintly coloured pixels starts
// from when each blob is judged by its own peak: a cyan tile in shadow
// keeps only a ragged part of itself above minSpotChroma.
const faintSpotChroma = 30

// chromaCores marks, within each blob of faintly coloured pixels whose
// peak is strongly coloured, the pixels whose chroma is at least coreShare
// of the blob's own peak. Each blob is thus judged by its own colour: a
// dim tile in shadow keeps its core as a bright one does, and blobs that
// blur merged split at the dip between them. The peak is taken over a 3x3
// mean so a single noisy pixel does not set it.
func chromaCores(p raster.BGRPlane) []byte {
	w, h := p.W, p.H
	chroma := make([]int32, w*h)
	mask := make([]byte, w*h)
	for i := range chroma {
		b, g, r := int32(p.Pix[3*i]), int32(p.Pix[3*i+1]), int32(p.Pix[3*i+2])
		hi, lo := max(b, g, r), min(b, g, r)
		chroma[i] = hi - lo
		if hi-lo >= faintSpotChroma && 2*(hi-lo) >= hi {
			mask[i] = 255
		}
	}
	smooth := make([]int32, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			s := int32(0)
			for dy := -1; dy <= 1; dy++ {
				row := chroma[(y+dy)*w+x-1 : (y+dy)*w+x+2]
				s += row[0] + row[1] + row[2]
			}
			smooth[y*w+x] = s
		}
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return nil
	}
	defer m.Close()
	var out []byte
	raster.WithLabels(m, 8, func(lab []int32, n int) {
		peak := make([]int32, n)
		for i, l := range lab {
			if l > 0 && smooth[i] > peak[l] {
				peak[l] = smooth[i]
			}
		}
		out = make([]byte, w*h)
		for i, l := range lab {
			// smooth holds nine times the mean.
			if l > 0 && peak[l] >= 9*minSpotChroma && float64(9*chroma[i]) >= coreShare*float64(peak[l]) {
				out[i] = 255
			}
		}
	})
	return out
}

// boardEdgeExtent grows a tile range to the edge of the dark board it
// lies on, for boards whose blank tiles cannot be seen: on each side it follows
// the board's shade outward, line by line of the view, to where the
// page's shade begins, and takes in the whole cells that fit before it.
// Tile boards leave a margin about as wide as their gaps, a small part of
// a cell, so a cell that fits but for a little is a tile and its edge
// runs through the margin.
func boardEdgeExtent(v boardView, minC, minR, maxC, maxR int) (int, int, int, int) {
	e := boardEdge{v: v, minC: minC, minR: minR, maxC: maxC, maxR: maxR,
		outer: [4]int{(minR - v.r0) * boardPx, (maxR + 1 - v.r0) * boardPx, (minC - v.c0) * boardPx, (maxC + 1 - v.c0) * boardPx},
		out:   [4]int{-1, 1, -1, 1}}
	var grow [4]int
	for side := 0; side < 4; side++ {
		grow[side] = e.cellsBeyond(side)
	}
	return minC - grow[2], minR - grow[0], maxC + grow[3], maxR + grow[1]
}

// boardEdge follows a board's shade out from the range of its cells
// [minC, maxC] x [minR, maxR] in a board view.
type boardEdge struct {
	v                      boardView
	minC, minR, maxC, maxR int
	// outer is the outer line of the range on each side, in view pixels,
	// and out the way out.
	outer, out [4]int
}

// line is the median shade along the view line t pixels out from the
// range's outer line on side (a view pixel row or column), across the
// range's own span.
func (e boardEdge) line(side, t int) (float64, bool) {
	v := e.v
	w := v.cols * boardPx
	px := e.outer[side] + e.out[side]*t
	var vals []float64
	lo, hi := (e.minC-v.c0)*boardPx, (e.maxC+1-v.c0)*boardPx
	if side >= 2 {
		lo, hi = (e.minR-v.r0)*boardPx, (e.maxR+1-v.r0)*boardPx
	}
	for s := lo; s < hi; s++ {
		x, y := s, px
		if side >= 2 {
			x, y = px, s
		}
		if x < 0 || y < 0 || x >= w || y >= v.rows*boardPx || !v.inImage[y*w+x] {
			return 0, false
		}
		vals = append(vals, v.shadeAt(x, y))
	}
	return raster.Percentile(vals, 0.5), len(vals) > 0
}

// beyond tells whether the page goes on from view line t outward for
// half a cell: the board's edge, not a line of text.
func (e boardEdge) beyond(side, t int, near, far float64) bool {
	for k := t; k <= t+boardPx/2; k++ {
		val, ok := e.line(side, k)
		if !ok || math.Abs(val-near) <= 0.5*math.Abs(far-near) {
			return false
		}
	}
	return true
}

// cellsBeyond is how many whole cells fit between the range and the
// board's edge on side: none where the edge cannot be told.
func (e boardEdge) cellsBeyond(side int) int {
	// Light falls unevenly across a board: its shade is taken just
	// inside the range on this side.
	near, ok1 := e.line(side, -boardPx/4)
	// The page over a whole cell's width: a line of text crossed by one
	// view line is darker than its page.
	var farLines []float64
	ok2 := true
	for t := (boardEdgeReach - 1) * boardPx; t <= boardEdgeReach*boardPx && ok2; t++ {
		var val float64
		val, ok2 = e.line(side, t)
		farLines = append(farLines, val)
	}
	far := raster.Percentile(farLines, 0.5)
	// Only a board much darker than the page beyond shows its edge: a
	// board in shadow beside paper in the same shadow does not, and a
	// pale board on white paper shows only the paper's edge against the
	// table further out.
	if !ok1 || !ok2 || far-near < 25 || far < 2*near {
		return 0
	}
	// The page just round the board may differ from it either way from
	// the page further out (white paper, then text). Up to its edge the
	// board keeps its shade; a shade between board and page for more
	// than the edge's blur is something else (a pale board on white
	// paper whose page ends further out), and the board's edge cannot
	// be told there.
	unlike := -1
	for t := 0; t < boardEdgeReach*boardPx; t++ {
		val, ok := e.line(side, t)
		if !ok {
			break
		}
		if unlike < 0 && math.Abs(val-near) > locating.board.edgeUnlike*math.Abs(far-near) {
			unlike = t
		}
		if unlike >= 0 && t-unlike > boardPx/4 {
			break
		}
		if math.Abs(val-near) > 0.5*math.Abs(far-near) && e.beyond(side, t, near, far) {
			grow := int(float64(t)/boardPx + locating.board.edgeSlack)
			traceBoard("board edge side %d at %.2f cells (board %.0f, page %.0f): %d more", side, float64(t)/boardPx, near, far, grow)
			return grow
		}
	}
	return 0
}

// boardEdgeReach is how many cells beyond the tiles the board's edge is
// looked for.
const boardEdgeReach = 3
