package locate

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// A clean grid whose bold glyphs touch their cells' walls: each glyph
// notches its cell's region on one side, which pulls the region's
// centroid off the cell's middle by a sixth of a cell, a different way in
// each cell. The boxes are still the cells', so the lattice fitted to
// them is as tight as a blank grid's and is taken as a grid.
func TestLatticeFitsNotchedCellsByTheirBoxes(t *testing.T) {
	const rows, cols, cell, x0, y0 = 12, 12, 24, 40, 30
	m := gocv.NewMatWithSize(y0*2+rows*cell, x0*2+cols*cell, gocv.MatTypeCV8U)
	defer m.Close()
	m.SetTo(gocv.NewScalar(235, 0, 0, 0))
	ink := color.RGBA{30, 30, 30, 255}
	for i := 0; i <= rows; i++ {
		gocv.Line(&m, raster.Pt(x0, y0+i*cell), raster.Pt(x0+cols*cell, y0+i*cell), ink, 2)
	}
	for i := 0; i <= cols; i++ {
		gocv.Line(&m, raster.Pt(x0+i*cell, y0), raster.Pt(x0+i*cell, y0+rows*cell), ink, 2)
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			left, top := x0+c*cell, y0+r*cell
			// A bar a third of a cell thick against one wall, the
			// wall turning from cell to cell; some cells blank.
			var bar image.Rectangle
			switch (r*2 + c*3) % 5 {
			case 0:
				bar = image.Rect(left, top+7, left+9, top+17)
			case 1:
				bar = image.Rect(left+15, top+7, left+cell, top+17)
			case 2:
				bar = image.Rect(left+7, top, left+17, top+9)
			case 3:
				bar = image.Rect(left+7, top+15, left+17, top+cell)
			default:
				continue
			}
			gocv.Rectangle(&m, bar, ink, -1)
		}
	}
	fits := FindLattices(CellBlobs(m, cannyEdges))
	if len(fits) == 0 {
		t.Fatal("no lattice found")
	}
	for _, g := range fits {
		t.Logf("%dx%d cells %d resid %.3f", g.Rows, g.Cols, g.Cells, g.Residual)
	}
	f := fits[0]
	if f.Rows != rows || f.Cols != cols || f.Residual > accept.strictResidual {
		t.Errorf("best lattice %dx%d, %d cells, residual %.3f; want %dx%d within %.3f", f.Rows, f.Cols, f.Cells, f.Residual, rows, cols, accept.strictResidual)
	}
}
