package synth

import (
	"image"
	"image/color"
	"math/rand/v2"
	"strings"

	"gocv.io/x/gocv"
)

// words give the text around a puzzle the rhythm of a newspaper column:
// short function words, longer nouns, the odd capital and number.
var words = strings.Fields(`the of and to in is was for on that with as by at from
it an be this which or are have not but had his they were one all there been
has their more when will would who so no council minister week police city
market weather report season players match government school children village
weekend morning evening tomorrow yesterday puzzle solution answer grid rules
each row column must contain equal number zeros ones three adjacent cells same
sudoku crossword prices energy water river street house station concert museum
Monday Tuesday Friday Sunday Amsterdam London Brussels Paris 2024 12 7 1986`)

// textBlock lays out newspaper-like text over area, skipping every word that
// would touch one of the keep-out rectangles.
type textBlock struct {
	rng     *rand.Rand
	ink     color.RGBA
	lineH   int // baseline-to-baseline distance in pixels
	keepOut []image.Rectangle
}

func (t *textBlock) free(r image.Rectangle) bool {
	for _, k := range t.keepOut {
		if r.Overlaps(k) {
			return false
		}
	}
	return true
}

// fill writes columns of body text, with a headline now and then and thin
// rules between articles.
func (t *textBlock) fill(m *gocv.Mat, area image.Rectangle) {
	if t.lineH < 6 || area.Dx() < 4*t.lineH || area.Dy() < 2*t.lineH {
		return
	}
	font := []gocv.HersheyFont{gocv.FontHersheyComplex, gocv.FontHersheySimplex, gocv.FontHersheyTriplex}[t.rng.IntN(3)]
	colW := t.lineH * (14 + t.rng.IntN(12))
	gutter := t.lineH
	for x0 := area.Min.X + t.rng.IntN(colW/2+1) - colW/2; x0 < area.Max.X; x0 += colW + gutter {
		col := image.Rect(x0, area.Min.Y, x0+colW, area.Max.Y).Intersect(area)
		if col.Dx() < 3*t.lineH {
			continue
		}
		if x0 > area.Min.X && t.free(image.Rect(x0-gutter/2, area.Min.Y, x0-gutter/2+1, area.Max.Y)) && t.rng.IntN(3) == 0 {
			gocv.Line(m, image.Pt(x0-gutter/2, area.Min.Y), image.Pt(x0-gutter/2, area.Max.Y), t.ink, 1)
		}
		t.column(m, col, font)
	}
}

func (t *textBlock) column(m *gocv.Mat, col image.Rectangle, font gocv.HersheyFont) {
	scale := float64(t.lineH) * 0.5 / float64(gocv.GetTextSize("x", font, 1, 1).Y)
	thick := max(1, t.lineH/14)
	y := col.Min.Y + t.rng.IntN(2*t.lineH)
	for y < col.Max.Y {
		if t.rng.IntN(25) == 0 { // headline
			hs := scale * (1.8 + t.rng.Float64())
			hy := y + int(float64(t.lineH)*1.8)
			t.words(m, col, hy, font, hs, thick*2+1, 2+t.rng.IntN(3))
			y = hy + t.lineH
			continue
		}
		if t.rng.IntN(30) == 0 { // article rule
			r := image.Rect(col.Min.X, y, col.Max.X, y+1)
			if t.free(r.Inset(-1)) {
				gocv.Line(m, image.Pt(col.Min.X, y), image.Pt(col.Max.X, y), t.ink, max(1, t.lineH/10))
			}
			y += t.lineH
			continue
		}
		y += t.lineH
		t.words(m, col, y, font, scale, thick, 0)
	}
}

// words writes one line at baseline y; limit > 0 caps the word count.
func (t *textBlock) words(m *gocv.Mat, col image.Rectangle, y int, font gocv.HersheyFont, scale float64, thick, limit int) {
	space := int(float64(gocv.GetTextSize("n", font, scale, thick).X) * 0.9)
	x := col.Min.X
	if t.rng.IntN(12) == 0 { // paragraph indent
		x += 3 * space
	}
	for n := 0; limit == 0 || n < limit; n++ {
		w := words[t.rng.IntN(len(words))]
		sz := gocv.GetTextSize(w, font, scale, thick)
		if x+sz.X > col.Max.X {
			return
		}
		box := image.Rect(x, y-sz.Y-2, x+sz.X, y+sz.Y/3+2)
		if t.free(box) {
			gocv.PutTextWithParams(m, w, image.Pt(x, y), font, scale, t.ink, thick, gocv.LineAA, false)
		}
		x += sz.X + space
	}
}

// smallGrid draws a distractor: yesterday's solution, or a plain ruled box,
// much smaller than the puzzle so that "the puzzle" stays well defined.
func smallGrid(m *gocv.Mat, rng *rand.Rand, spec *Spec, at image.Point, cs int, ink color.RGBA) image.Rectangle {
	n := 5 + rng.IntN(4)
	cells := make([]string, n)
	for r := range cells {
		row := make([]byte, n)
		for c := range row {
			row[c] = byte('0' + rng.IntN(2))
		}
		cells[r] = string(row)
	}
	style := spec.Style
	if style == StyleTango || style == StyleTiles {
		style = StyleDigits
	}
	small := &Spec{Style: style, Look: LookPrint, Rows: n, Cols: n, Cells: cells, Givens: cells}
	b := newBoard(small, rng, cs, color.RGBA{})
	b.ink, b.line, b.border = ink, ink, ink
	b.ox, b.oy = at.X, at.Y
	b.draw(m)
	return b.outer()
}
