package locate

import (
	"math"

	"binocle/vision/internal/raster"
)

// runTiles finds the coloured tiles just beyond a tile lattice's occupied
// range that merged with a neighbour into one blob. Blur joins touching
// tiles of one colour into a domino or a longer run, which spotFamilies
// rightly leaves out of the single spots the lattice is fitted to; but
// when a board's outermost row or column holds coloured tiles only in
// such runs, the range stops a strip short, and where its blank tiles
// cannot be told from the paper (a faint gap, a board lit unevenly) that
// strip is lost. A cell beyond the range is a tile of such a run when its
// centre falls inside a blob larger than one tile and its middle is as
// evenly and strongly coloured as the spotted tiles. It returns the cells
// in lattice order.
func runTiles(v boardView, l spotLattice, spots, blobs []spot) []latticePos {
	if len(l.at) < 5 {
		return nil
	}
	minC, minR, maxC, maxR := l.bounds()
	var areas, chromas []float64
	for _, i := range l.at {
		areas = append(areas, spots[i].fill*float64(spots[i].w*spots[i].h))
	}
	for p := range l.at {
		if lk := v.look(p.col, p.row); lk.ok {
			chromas = append(chromas, lk.chroma)
		}
	}
	tile, colourful := raster.Percentile(areas, 0.5), raster.Percentile(chromas, 0.5)
	if tile <= 0 || len(chromas) < 5 {
		return nil
	}
	inv := l.toImage.Inverse()
	found := map[latticePos]int{}
	for _, b := range blobs {
		if b.fill*float64(b.w*b.h) < locating.board.runArea*tile {
			continue
		}
		a, bb := inv.Apply(b.x, b.y)
		for r := int(math.Floor(bb)) - 2; r <= int(math.Floor(bb))+2; r++ {
			for c := int(math.Floor(a)) - 2; c <= int(math.Floor(a))+2; c++ {
				// Only the strip next to the range: a run further out,
				// past blank cells, is as likely some other coloured
				// print as the board.
				if c < minC-1 || c > maxC+1 || r < minR-1 || r > maxR+1 || (c >= minC && c <= maxC && r >= minR && r <= maxR) {
					continue
				}
				x, y := l.toImage.Apply(float64(c)+0.5, float64(r)+0.5)
				if math.Abs(x-b.x) > 0.5*float64(b.w) || math.Abs(y-b.y) > 0.5*float64(b.h) {
					continue
				}
				lk := v.look(c, r)
				if !lk.ok || !colouredTile(lk, colourful) {
					continue
				}
				traceBoard("run tile at %d,%d (blob %.0f,%.0f %dx%d)", c, r, b.x, b.y, b.w, b.h)
				found[latticePos{c, r}] = 0
			}
		}
	}
	return positionsInOrder(found)
}
