package gridline

import "math"

// Line finding, in cell widths. The rectified grid puts every line near a
// cell boundary; a stretch of line one cell long is found as the columns
// (or rows) near the boundary that are ink nearly all along the stretch,
// which no glyph is: glyphs are smaller than a cell and centred in it.
const (
	// lineSearch is how far from its boundary a line is looked for: the
	// rectification may be a little off, more near the grid's edges.
	lineSearch = 0.3
	// lineCover is the share of the stretch a line's column is ink along,
	// give or take a pixel across.
	lineCover = 0.8
	// lineGap is the longest break a line may have within a cell's
	// stretch: noise in a faint line, not the paper between a glyph's
	// stroke and the lines at its ends.
	lineGap = 0.05
	// lineTilt is how far across itself a line may move over one cell's
	// stretch, bent or turned by a rectification a little off.
	lineTilt = 0.12
)

// CellLines is what FindCellLines saw of the lines in a rectified grid.
type CellLines struct {
	Mask []bool // ink pixels on the lines
	// ShiftX and shiftY move each cell (row-major) to sit between its
	// lines as found, in pixels.
	ShiftX, ShiftY []int
}

// FindCellLines looks, for each boundary between cells (and the outer
// border) and each cell along it, for the columns (rows for horizontal
// lines) within lineSearch of the boundary that are ink over lineCover of
// the cell's length, straight or tilted by up to lineTilt.
func FindCellLines(ink []bool, w, h, rows, cols, px int) CellLines {
	gl := CellLines{Mask: make([]bool, len(ink)), ShiftX: make([]int, rows*cols), ShiftY: make([]int, rows*cols)}
	for _, vertical := range []bool{true, false} {
		ax := newLineAxis(ink, w, h, rows, cols, px, vertical)
		ax.measure()
		stretches := ax.findStretches()
		accepted := ax.extend(ax.runningOn(stretches), stretches)
		offset, found := ax.offsets(accepted, gl.Mask)
		ax.shift(&gl, offset, found)
	}
	return gl
}

// lineAxis is FindCellLines' work on the lines of one direction: across
// and along them, in the grid's pixels, pixel (a, l) is at index
// a*sa + l*sl.
type lineAxis struct {
	ink                         []bool
	w, h, cols, px              int
	vertical                    bool
	across, along, lines, cells int
	sa, sl                      int
	search, need, maxGap        int
	tilt                        float64
	// near says whether there is ink within a pixel across of a pixel
	// (indexed as the image); count[a*cells+cell] is how much of a
	// straight stretch at a along a cell is near ink, and gap the longest
	// gap in it.
	near       []bool
	count, gap []int32
}

// lineStretch is a line found along one cell: its tilt and the offsets
// from the boundary it was found at.
type lineStretch struct {
	t      float64
	k0, k1 int
}

func newLineAxis(ink []bool, w, h, rows, cols, px int, vertical bool) *lineAxis {
	ax := &lineAxis{ink: ink, w: w, h: h, cols: cols, px: px, vertical: vertical,
		search: int(math.Round(lineSearch * float64(px))),
		need:   int(math.Ceil(lineCover * float64(px))),
		maxGap: max(2, int(math.Round(lineGap*float64(px)))),
		tilt:   float64(max(1, int(math.Round(lineTilt*float64(px))))),
	}
	ax.across, ax.along = w, h
	ax.lines, ax.cells = cols, rows
	ax.sa, ax.sl = 1, w
	if !vertical {
		ax.across, ax.along = h, w
		ax.lines, ax.cells = rows, cols
		ax.sa, ax.sl = w, 1
	}
	return ax
}

// measure fills near, count and gap, in the image's order, which is what
// keeps this cheap.
func (ax *lineAxis) measure() {
	ink, w, h, px, across, cells, vertical := ax.ink, ax.w, ax.h, ax.px, ax.across, ax.cells, ax.vertical
	near := make([]bool, len(ink))
	count := make([]int32, across*cells)
	gap := make([]int32, across*cells) // the longest gap in the stretch
	run := make([]int32, across)       // the gap so far
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			var a, l, step, at int
			if vertical {
				a, l, step, at = x, y, 1, x
			} else {
				a, l, step, at = y, x, w, y
			}
			cell := l / px
			if l%px == 0 {
				run[a] = 0
			}
			if !(ink[i] || (at > 0 && ink[i-step]) || (at < across-1 && ink[i+step])) {
				run[a]++
				if cell < cells {
					gap[a*cells+cell] = max(gap[a*cells+cell], run[a])
				}
				continue
			}
			run[a] = 0
			near[i] = true
			if cell < cells {
				count[a*cells+cell]++
			}
		}
	}
	ax.near, ax.count, ax.gap = near, count, gap
}

// findStretches finds, for each line and each cell along it, where within
// lineSearch of the boundary the line runs along the cell, straight or
// tilted: the stretches found, before the check that their lines go on.
func (ax *lineAxis) findStretches() [][]lineStretch {
	px, across, along, lines, cells, sa, sl := ax.px, ax.across, ax.along, ax.lines, ax.cells, ax.sa, ax.sl
	search, need, maxGap, tilt, near, count, gap := ax.search, ax.need, ax.maxGap, ax.tilt, ax.near, ax.count, ax.gap
	stretches := make([][]lineStretch, (lines+1)*cells)
	for line := 0; line <= lines; line++ {
		for cell := 0; cell < cells; cell++ {
			l0, l1 := cell*px, min((cell+1)*px, along)
			best := int32(0)
			var got []lineStretch
			for _, t := range [...]float64{0, -tilt, tilt, -tilt / 2, tilt / 2} {
				// A tilted line still runs straight along a good part
				// of the stretch; without that there is none to find.
				if t != 0 && best < int32(need)/2 {
					break
				}
				for k := -search; k <= search; k++ {
					a := line*px + k
					if a < 0 || a >= across {
						continue
					}
					if t == 0 {
						c := count[a*cells+cell]
						best = max(best, c)
						if c < int32(need) || gap[a*cells+cell] > int32(maxGap) {
							continue
						}
					} else {
						count, run, longest := 0, 0, 0
						for l := l0; l < l1; l++ {
							aa := a + int(math.Round(t*(float64(l-l0)/float64(l1-l0)-0.5)))
							if aa >= 0 && aa < across && near[aa*sa+l*sl] {
								count++
								run = 0
							} else {
								run++
								longest = max(longest, run)
							}
						}
						if count < need || longest > maxGap {
							continue
						}
					}
					if n := len(got); n > 0 && got[n-1].k1 == k-1 {
						got[n-1].k1 = k
					} else {
						got = append(got, lineStretch{t, k, k})
					}
				}
				if len(got) > 0 {
					break
				}
			}
			stretches[line*cells+cell] = got
		}
	}
	return stretches
}

// runningOn keeps the stretches whose line goes on into the next cell
// along it, as a grid line does; a glyph's stroke that blur has joined to
// the lines across its ends, near a boundary, does not.
func (ax *lineAxis) runningOn(stretches [][]lineStretch) [][]lineStretch {
	lines, cells := ax.lines, ax.cells
	slack := int(ax.tilt) + 2
	goesOn := func(line, cell int, st lineStretch) bool {
		for _, c := range [2]int{cell - 1, cell + 1} {
			if c < 0 || c >= cells {
				continue
			}
			for _, o := range stretches[line*cells+c] {
				if o.k0 <= st.k1+slack && st.k0 <= o.k1+slack {
					return true
				}
			}
		}
		return cells == 1
	}
	accepted := make([][]lineStretch, (lines+1)*cells)
	for line := 0; line <= lines; line++ {
		for cell := 0; cell < cells; cell++ {
			for _, st := range stretches[line*cells+cell] {
				if goesOn(line, cell, st) {
					accepted[line*cells+cell] = append(accepted[line*cells+cell], st)
				}
			}
		}
	}
	return accepted
}

// extend carries a line found in one cell on into the next even where it
// is too short there to be found alone: past the grid's edge when the
// rectification is off, or cut by a clue's patch.
func (ax *lineAxis) extend(accepted, stretches [][]lineStretch) [][]lineStretch {
	px, across, lines, cells, need, count := ax.px, ax.across, ax.lines, ax.cells, ax.need, ax.count
	for line := 0; line <= lines; line++ {
		for cell := 0; cell < cells; cell++ {
			if len(accepted[line*cells+cell]) > 0 {
				continue
			}
			for _, c := range [2]int{cell - 1, cell + 1} {
				if c < 0 || c >= cells || len(stretches[line*cells+c]) == 0 {
					continue
				}
				for _, o := range accepted[line*cells+c] {
					if o.t != 0 {
						continue
					}
					for k := o.k0; k <= o.k1; k++ {
						a := line*px + k
						if a < 0 || a >= across || count[a*cells+cell] < int32(need)/2 {
							continue
						}
						got := accepted[line*cells+cell]
						if n := len(got); n > 0 && got[n-1].k1 == k-1 {
							got[n-1].k1 = k
						} else {
							got = append(got, lineStretch{0, k, k})
						}
						accepted[line*cells+cell] = got
					}
				}
			}
		}
	}
	return accepted
}

// offsets marks the ink of the accepted stretches in mask and returns
// where each line was found along each cell, relative to its boundary
// (offset[line*cells+cell]), and whether it was.
func (ax *lineAxis) offsets(accepted [][]lineStretch, mask []bool) ([]float64, []bool) {
	ink, px, across, along, lines, cells, sa, sl := ax.ink, ax.px, ax.across, ax.along, ax.lines, ax.cells, ax.sa, ax.sl
	offset := make([]float64, (lines+1)*cells)
	found := make([]bool, (lines+1)*cells)
	for line := 0; line <= lines; line++ {
		for cell := 0; cell < cells; cell++ {
			l0, l1 := cell*px, min((cell+1)*px, along)
			var sum float64
			n := 0
			for _, st := range accepted[line*cells+cell] {
				for k := st.k0; k <= st.k1; k++ {
					a := line*px + k
					sum += float64(k)
					n++
					for l := l0; l < l1; l++ {
						aa := a + int(math.Round(st.t*(float64(l-l0)/float64(l1-l0)-0.5)))
						if aa >= 0 && aa < across {
							if i := aa*sa + l*sl; ink[i] {
								mask[i] = true
							}
						}
					}
				}
			}
			if n > 0 {
				offset[line*cells+cell] = sum / float64(n)
				found[line*cells+cell] = true
			}
		}
	}
	return offset, found
}

// shift moves each cell to sit between its two lines as found. A stretch
// where no line was found (a clue's patch interrupts it, a border is
// missing) takes the offset of the nearest stretch of its line that was.
func (ax *lineAxis) shift(gl *CellLines, offset []float64, found []bool) {
	lines, cells, cols := ax.lines, ax.cells, ax.cols
	lineOffset := func(line, cell int) (float64, bool) {
		for d := 0; d < cells; d++ {
			for _, c := range []int{cell - d, cell + d} {
				if c >= 0 && c < cells && found[line*cells+c] {
					return offset[line*cells+c], true
				}
			}
		}
		return 0, false
	}
	for line := 0; line < lines; line++ {
		for cell := 0; cell < cells; cell++ {
			lo, okLo := lineOffset(line, cell)
			hi, okHi := lineOffset(line+1, cell)
			var shift float64
			switch {
			case okLo && okHi:
				shift = (lo + hi) / 2
			case okLo:
				shift = lo
			case okHi:
				shift = hi
			}
			if ax.vertical {
				gl.ShiftX[cell*cols+line] = int(math.Round(shift))
			} else {
				gl.ShiftY[line*cols+cell] = int(math.Round(shift))
			}
		}
	}
}
