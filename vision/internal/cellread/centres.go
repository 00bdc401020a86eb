package cellread

import (
	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// Where a glyph really sits says where its cell really is: on a page that
// bows, the cells drift off the one homography the locator fitted by a
// third of a cell at the grid's far side, and the glyphs, drawn at their
// cells' middles, drift with them. A board found by its outline or by a
// lattice of a few closed cells measures no cell centres of its own, so
// its glyphs' are the only measure of the bend (rectify.FitBentMap).
const (
	// glyphCentreMinSide and glyphCentreMaxSide bound a glyph's box, as
	// shares of a cell: below are clues, specks and a sun's rays, whose
	// middles are no cell's; above, glyphs joined through a line or a
	// shadow's edge.
	glyphCentreMinSide = 0.3
	glyphCentreMaxSide = 1.0
	// glyphCentreMinThick: a box thinner than this share of a cell
	// across is a stroke of a line the lines' mask missed, not a glyph.
	glyphCentreMinThick = 0.15
)

// GlyphCentres are the middles of the glyph-sized pieces of ink in the
// grid, in its pixels, each the middle of its piece's box: a moon's
// crescent has its centroid off to one side, its box on the disc it is
// cut from. Pieces that touch the grid's edge are left out, for the edge
// may cut them.
func (ci Image) GlyphCentres() [][2]float64 {
	w, h := ci.Gray.W, ci.Gray.H
	mask := make([]byte, w*h)
	for i := range mask {
		if ci.faint[i] && !ci.Lines[i] {
			mask[i] = 255
		}
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return nil
	}
	defer m.Close()
	px := float64(ci.Px)
	var out [][2]float64
	for _, c := range raster.ComponentsOf(m, 8) {
		long, short := float64(max(c.Width, c.Height)), float64(min(c.Width, c.Height))
		if long < glyphCentreMinSide*px || long > glyphCentreMaxSide*px || short < glyphCentreMinThick*px {
			continue
		}
		if c.Left == 0 || c.Top == 0 || c.Left+c.Width >= w || c.Top+c.Height >= h {
			continue
		}
		out = append(out, [2]float64{float64(c.Left) + float64(c.Width-1)/2, float64(c.Top) + float64(c.Height-1)/2})
	}
	return out
}
