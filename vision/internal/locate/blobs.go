package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// The lattice locator finds a grid by its cells rather than by its
// outline. Every cell of a ruled grid, and every tile of a tiled one, is a
// region closed off by edges on all sides; text, pictures and page margins
// are not, or not in a regular pattern. The cells of one grid are of
// similar size and sit next to each other on a projected lattice, so the
// largest family of such regions that fits one lattice is the grid, and
// the lattice itself gives the row and column counts with no need to
// guess a period. Faint lines, missing outer borders, text touching the
// grid and neighbouring grids all leave most cells closed.

// cellBlob is one closed region of the edge map.
type cellBlob struct {
	x, y float64 // centroid
	w, h int     // bounding box
	size float64 // sqrt(w*h): a scale that ignores glyph holes
	// cut says the region runs into the picture's edge, which closes it
	// off there: the last row of a board cropped at its outer border, or
	// the background outside a grid. It seeds no lattice and joins no
	// family; a lattice found without it takes it in only where it has a
	// cell's place and size (growLattice).
	cut bool
}

// edgeVariant is one way of drawing the boundary map cells are closed off
// in. No single one suits every picture: Canny edges close off cells of
// clearly drawn grids; faint grey lines stand out better as thin dark
// ridges (a black top-hat), and the pale gaps between low-contrast tiles
// as thin bright ones (a white top-hat).
type edgeVariant int

const (
	cannyEdges edgeVariant = iota
	darkRidges
	brightRidges
	darkRidgesWide // dark ridges grown further, for dotted lines round big cells
	faintLines     // lines averaged along their direction, for faint lines on grainy paper
)

var EdgeVariants = []edgeVariant{cannyEdges, darkRidges, brightRidges, darkRidgesWide, faintLines}

// CellBlobs returns the regions of gray that the boundary map closes off
// on every side and that could be cells: not tiny, not huge, not long
// and thin. Those touching the image border are marked cut.
func CellBlobs(gray gocv.Mat, v edgeVariant) []cellBlob {
	edges := boundaryMap(gray, v)
	defer edges.Close()
	gocv.BitwiseNot(edges, &edges)

	w, h := gray.Cols(), gray.Rows()
	var out []cellBlob
	for _, c := range raster.Components(edges) {
		left, top, bw, bh, area := c.Left, c.Top, c.Width, c.Height, c.Area
		cut := left == 0 || top == 0 || left+bw >= w || top+bh >= h
		if bw < minCellSide || bh < minCellSide || bw > w/2 || bh > h/2 || bw > 3*bh || bh > 3*bw {
			continue
		}
		// A cell with a large glyph keeps at least its ring.
		if float64(area) < locating.lattice.minBlobFill*float64(bw*bh) {
			continue
		}
		out = append(out, cellBlob{x: c.X, y: c.Y, w: bw, h: bh, size: math.Sqrt(float64(bw * bh)), cut: cut})
	}
	return out
}

// boundaryMap marks the pixels that separate cells.
func boundaryMap(gray gocv.Mat, v edgeVariant) gocv.Mat {
	if v == faintLines {
		return gridline.FaintLineMap(gray)
	}
	src := gocv.NewMat()
	defer src.Close()
	gocv.GaussianBlur(gray, &src, raster.Pt(3, 3), 0, 0, gocv.BorderReplicate)
	edges := gocv.NewMat()
	if v == cannyEdges {
		gocv.Canny(src, &edges, 20, 50)
		kernel := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(3, 3))
		gocv.Dilate(edges, &edges, kernel)
		kernel.Close()
		return edges
	}
	// Thin ridges stand a few levels off their neighbourhood, a window
	// wider than any line or gap and narrower than a cell. A wider blur
	// keeps faint lines' ridges while evening out noise.
	gocv.GaussianBlur(gray, &src, raster.Pt(5, 5), 0, 0, gocv.BorderReplicate)
	if v == brightRidges {
		gocv.AdaptiveThreshold(src, &edges, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinary, 11, -(gridline.RidgeContrast - 1))
	} else {
		gocv.AdaptiveThreshold(src, &edges, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinaryInv, 11, gridline.RidgeContrast-1)
	}
	// Faint lines and gaps come out dashed; growing them joins the dashes.
	grow := 3
	if v == darkRidgesWide {
		grow = 7
	}
	kernel := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(grow, grow))
	gocv.Dilate(edges, &edges, kernel)
	kernel.Close()
	return edges
}

// minCellSide is the smallest closed region, in located-image pixels,
// taken for a cell: smaller ones are letters' counters and specks.
const minCellSide = 5
