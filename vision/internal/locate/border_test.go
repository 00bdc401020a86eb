package locate

import (
	"testing"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// page is a plane of paper to draw a test grid on, cs pixels a cell, its
// grid's top left corner at (x0, y0).
type page struct {
	raster.Plane
	cs, x0, y0 int
}

const (
	testPaper = 225
	testInk   = 30
)

func newPage(w, h, cs, x0, y0 int) page {
	p := page{Plane: raster.Plane{W: w, H: h, Pix: make([]uint8, w*h)}, cs: cs, x0: x0, y0: y0}
	for i := range p.Pix {
		p.Pix[i] = testPaper
	}
	return p
}

// rowLine draws the grid's row line r from column c0 to c1; colLine a
// column line.
func (p page) rowLine(r, c0, c1 int) {
	y := p.y0 + r*p.cs
	for x := p.x0 + c0*p.cs; x <= p.x0+c1*p.cs; x++ {
		p.Pix[y*p.W+x] = testInk
	}
}

func (p page) colLine(c, r0, r1 int) {
	x := p.x0 + c*p.cs
	for y := p.y0 + r0*p.cs; y <= p.y0+r1*p.cs; y++ {
		p.Pix[y*p.W+x] = testInk
	}
}

// glyph draws a filled disc in the middle of cell (r, c).
func (p page) glyph(r, c int) {
	cx, cy, rad := p.x0+c*p.cs+p.cs/2, p.y0+r*p.cs+p.cs/2, p.cs/4
	for y := cy - rad; y <= cy+rad; y++ {
		for x := cx - rad; x <= cx+rad; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= rad*rad {
				p.Pix[y*p.W+x] = testInk
			}
		}
	}
}

// glyphs fills rows r0..r1-1 by columns c0..c1-1 with glyphs in every
// other cell.
func (p page) glyphs(r0, r1, c0, c1 int) {
	for r := r0; r < r1; r++ {
		for c := c0; c < c1; c++ {
			if (r+c)%2 == 0 {
				p.glyph(r, c)
			}
		}
	}
}

// candidate is the grid's rows r0..r1 by columns c0..c1 (in lines) as a
// locator would give it.
func (p page) candidate(r0, r1, c0, c1 int) Candidate {
	at := func(c, r int) [2]float64 { return [2]float64{float64(p.x0 + c*p.cs), float64(p.y0 + r*p.cs)} }
	q := [4][2]float64{at(c0, r0), at(c1, r0), at(c1, r1), at(c0, r1)}
	return Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: r1 - r0, Score: 1}, Cols: PeriodFit{N: c1 - c0, Score: 1}}
}

func TestReachBorder(t *testing.T) {
	const cs = 20
	tests := []struct {
		name string
		draw func(p page)
		// The candidate's rows and columns, in the grid's lines, and
		// the size reachBorder must give.
		r0, r1, c0, c1     int
		wantRows, wantCols int
	}{
		{
			name: "top and left border, the strips along them missed",
			draw: func(p page) { p.rowLine(0, 0, 8); p.colLine(0, 0, 8); p.glyphs(0, 8, 0, 8) },
			r0:   1, r1: 8, c0: 1, c1: 8, wantRows: 8, wantCols: 8,
		},
		{
			name: "the edge is the border: nothing to grow",
			draw: func(p page) { p.rowLine(0, 0, 8); p.colLine(0, 0, 8); p.glyphs(0, 8, 0, 8) },
			r0:   0, r1: 8, c0: 0, c1: 8, wantRows: 8, wantCols: 8,
		},
		{
			name: "a frame a cell clear of its grid: paper between",
			draw: func(p page) { p.rowLine(0, 0, 8); p.colLine(0, 0, 8); p.glyphs(1, 8, 1, 8) },
			r0:   1, r1: 8, c0: 1, c1: 8, wantRows: 7, wantCols: 7,
		},
		{
			name: "a rule across the page, running on past the grid",
			draw: func(p page) { p.rowLine(0, -3, 11); p.glyphs(0, 8, 0, 8) },
			r0:   1, r1: 8, c0: 0, c1: 8, wantRows: 7, wantCols: 8,
		},
		{
			name: "a line of text between a rule and a lineless grid",
			draw: func(p page) {
				p.rowLine(0, 0, 8)
				p.glyphs(1, 8, 0, 8)
				for y := p.y0 + 2*p.cs/5; y < p.y0+3*p.cs/5; y++ {
					for x := p.x0 + 2; x < p.x0+8*p.cs-2; x++ {
						p.Pix[y*p.W+x] = testInk
					}
				}
			},
			r0: 1, r1: 8, c0: 0, c1: 8, wantRows: 7, wantCols: 8,
		},
		{
			name: "a ruled grid's edge is its own line",
			draw: func(p page) {
				for k := 0; k <= 8; k++ {
					p.rowLine(k, 0, 8)
					p.colLine(k, 0, 8)
				}
				p.glyphs(0, 8, 0, 8)
			},
			r0: 1, r1: 8, c0: 0, c1: 8, wantRows: 7, wantCols: 8,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(16*cs, 16*cs, cs, 4*cs, 4*cs)
			tc.draw(p)
			got := reachBorder(p.Plane, func() raster.Plane { return p.Plane }, p.candidate(tc.r0, tc.r1, tc.c0, tc.c1))
			if got.Rows.N != tc.wantRows || got.Cols.N != tc.wantCols {
				t.Errorf("grew to %dx%d, want %dx%d", got.Rows.N, got.Cols.N, tc.wantRows, tc.wantCols)
			}
		})
	}
}

func TestSplitAtBareStrips(t *testing.T) {
	const cs = 20
	// ruled draws a ruled grid of rows r0..r1 by 9 columns with glyphs.
	ruled := func(p page, r0, r1 int) {
		for k := r0; k <= r1; k++ {
			p.rowLine(k, 0, 9)
		}
		for k := 0; k <= 9; k++ {
			p.colLine(k, r0, r1)
		}
		p.glyphs(r0, r1, 0, 9)
	}
	tests := []struct {
		name              string
		draw              func(p page)
		r0, r1            int
		wantRows, wantTop int
		wantCols          int
	}{
		{
			name: "nine rows and three of the grid below, a bare strip between",
			draw: func(p page) { ruled(p, 0, 9); ruled(p, 10, 13) },
			r0:   0, r1: 13, wantRows: 9, wantTop: 0, wantCols: 9,
		},
		{
			name: "three rows of the grid above, then the nine",
			draw: func(p page) { ruled(p, 0, 3); ruled(p, 4, 13) },
			r0:   0, r1: 13, wantRows: 9, wantTop: 4, wantCols: 9,
		},
		{
			name: "one ruled grid, every strip crossed",
			draw: func(p page) { ruled(p, 0, 9) },
			r0:   0, r1: 9, wantRows: 9, wantTop: 0, wantCols: 9,
		},
		{
			name: "the lines hidden across the edge row (shaded cells): not cut",
			draw: func(p page) {
				ruled(p, 0, 9)
				for y := p.y0 + 1; y < p.y0+p.cs; y++ {
					for x := p.x0; x <= p.x0+9*p.cs; x++ {
						p.Pix[y*p.W+x] = testPaper
					}
				}
			},
			r0: 0, r1: 9, wantRows: 9, wantTop: 0, wantCols: 9,
		},
		{
			name: "nine rows and a row of the text below them, no line beyond the border",
			draw: func(p page) { ruled(p, 0, 9); p.glyphs(9, 10, 0, 9) },
			r0:   0, r1: 10, wantRows: 9, wantTop: 0, wantCols: 9,
		},
		{
			name: "a row of the text above, then the nine",
			draw: func(p page) { p.glyphs(0, 1, 0, 9); ruled(p, 1, 10) },
			r0:   0, r1: 10, wantRows: 9, wantTop: 1, wantCols: 9,
		},
		{
			name: "no lines at all: nothing to split by",
			draw: func(p page) { p.glyphs(0, 9, 0, 9); p.glyphs(10, 13, 0, 9) },
			r0:   0, r1: 13, wantRows: 13, wantTop: 0, wantCols: 9,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(17*cs, 21*cs, cs, 4*cs, 4*cs)
			tc.draw(p)
			got := splitAtBareStrips(p.Plane, p.candidate(tc.r0, tc.r1, 0, 9))
			top := int((got.Quad[0][1]-float64(p.y0))/cs + 0.5)
			if got.Rows.N != tc.wantRows || got.Cols.N != tc.wantCols || top != tc.wantTop {
				t.Errorf("kept %dx%d from row %d, want %dx%d from row %d", got.Rows.N, got.Cols.N, top, tc.wantRows, tc.wantCols, tc.wantTop)
			}
		})
	}
}
