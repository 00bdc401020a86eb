// Package halfplayed draws a puzzle someone has half solved: the printed
// givens in black and the player's entries in pen (or pencil), in the
// newspaper look (filled square = 1, open circle = 0) on a ruled grid.
// The reader's tests, the command line's, the window's and the real-window
// suite all open such a picture to check the player's marks; it is drawn
// with the standard library alone, so that none of them waits on the
// synthetic photo generator.
package halfplayed

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"strings"
)

// Colours of the page.
var (
	Paper  = color.RGBA{R: 250, G: 250, B: 246, A: 255}
	Print  = color.RGBA{R: 20, G: 20, B: 24, A: 255}
	Pen    = color.RGBA{R: 30, G: 60, B: 170, A: 255}   // a blue ballpoint
	Pencil = color.RGBA{R: 150, G: 150, B: 150, A: 255} // graphite, lighter than print
)

// Board is one half-played grid. Givens and Marks are row strings of '.',
// '0' and '1' of one size; a cell is a given or a mark, not both.
type Board struct {
	Givens []string
	Marks  []string
	Cell   int        // pixels a cell; 0 means 48
	Ink    color.RGBA // the marks' colour; zero means Pen
	// Blots are ink blots printed over cells, as a smudge on newsprint:
	// a blot in an open circle makes it look half filled, so a reader
	// doubts it, which the rules' fix search is there for.
	Blots []Blot
}

// Blot is a round smudge of print ink centred in a cell; Radius is a
// share of the cell.
type Blot struct {
	Row, Col int
	Radius   float64
}

// Glyph sizes and strokes as shares of a cell.
const (
	margin      = 1.5  // cells of paper around the grid
	glyphRadius = 0.3  // the circle's radius, half the square's side
	printStroke = 0.09 // the printed circle's stroke
	penStroke   = 0.07 // a pen's circle is drawn thinner
	lineStroke  = 0.03 // grid lines
	frameStroke = 0.07 // the outer frame
	subsamples  = 4    // per pixel side, for smooth edges
)

// Corners are where the grid's cell area lies in the picture, TL, TR, BR,
// BL, in pixels.
func (b Board) Corners() [4][2]float64 {
	s := float64(b.cell())
	x0 := margin * s
	rows, cols := len(b.Givens), len(b.Givens[0])
	w, h := float64(cols)*s, float64(rows)*s
	return [4][2]float64{{x0, x0}, {x0 + w, x0}, {x0 + w, x0 + h}, {x0, x0 + h}}
}

func (b Board) cell() int {
	if b.Cell <= 0 {
		return 48
	}
	return b.Cell
}

func (b Board) check() error {
	if len(b.Givens) == 0 || len(b.Givens[0]) == 0 || len(b.Marks) != len(b.Givens) {
		return fmt.Errorf("halfplayed: %d given rows and %d mark rows", len(b.Givens), len(b.Marks))
	}
	for r := range b.Givens {
		if len(b.Givens[r]) != len(b.Givens[0]) || len(b.Marks[r]) != len(b.Givens[0]) {
			return fmt.Errorf("halfplayed: row %d is not %d cells wide", r+1, len(b.Givens[0]))
		}
		for c := range b.Givens[r] {
			if b.Givens[r][c] != '.' && b.Marks[r][c] != '.' {
				return fmt.Errorf("halfplayed: r%dc%d is both a given and a mark", r+1, c+1)
			}
		}
	}
	return nil
}

// Image draws the board.
func (b Board) Image() (*image.RGBA, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	s := float64(b.cell())
	rows, cols := len(b.Givens), len(b.Givens[0])
	w := int(math.Ceil((float64(cols) + 2*margin) * s))
	h := int(math.Ceil((float64(rows) + 2*margin) * s))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = Paper.R, Paper.G, Paper.B, 255
	}
	q := b.Corners()
	x0, y0, x1, y1 := q[0][0], q[0][1], q[2][0], q[2][1]
	for c := 0; c <= cols; c++ {
		x := x0 + float64(c)*s
		paint(img, Print, x-lineStroke*s/2, y0, x+lineStroke*s/2, y1, func(float64, float64) bool { return true })
	}
	for r := 0; r <= rows; r++ {
		y := y0 + float64(r)*s
		paint(img, Print, x0, y-lineStroke*s/2, x1, y+lineStroke*s/2, func(float64, float64) bool { return true })
	}
	f := frameStroke * s
	for _, e := range [][4]float64{{x0 - f, y0 - f, x1 + f, y0}, {x0 - f, y1, x1 + f, y1 + f}, {x0 - f, y0, x0, y1}, {x1, y0, x1 + f, y1}} {
		paint(img, Print, e[0], e[1], e[2], e[3], func(float64, float64) bool { return true })
	}
	ink := b.Ink
	if ink == (color.RGBA{}) {
		ink = Pen
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			cx, cy := x0+(float64(c)+0.5)*s, y0+(float64(r)+0.5)*s
			if v := b.Givens[r][c]; v != '.' {
				glyph(img, Print, v, cx, cy, s, printStroke)
			}
			if v := b.Marks[r][c]; v != '.' {
				glyph(img, ink, v, cx, cy, s, penStroke)
			}
		}
	}
	for _, bl := range b.Blots {
		cx, cy := x0+(float64(bl.Col)+0.5)*s, y0+(float64(bl.Row)+0.5)*s
		r := bl.Radius * s
		paint(img, Print, cx-r, cy-r, cx+r, cy+r, func(x, y float64) bool { return math.Hypot(x-cx, y-cy) <= r })
	}
	return img, nil
}

// PNG is the board encoded as a PNG file, as a screenshot would be.
func (b Board) PNG() ([]byte, error) {
	img, err := b.Image()
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// WriteFile writes the board to path as a PNG file.
func (b Board) WriteFile(path string) error {
	data, err := b.PNG()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// glyph draws a filled square (1) or an open circle (0) centred on cx, cy.
func glyph(img *image.RGBA, ink color.RGBA, v byte, cx, cy, s, stroke float64) {
	r := glyphRadius * s
	switch v {
	case '1':
		paint(img, ink, cx-r, cy-r, cx+r, cy+r, func(float64, float64) bool { return true })
	case '0':
		t := stroke * s
		paint(img, ink, cx-r-t, cy-r-t, cx+r+t, cy+r+t, func(x, y float64) bool {
			d := math.Hypot(x-cx, y-cy)
			return d <= r+t/2 && d >= r-t/2
		})
	}
}

// paint covers the pixels of the box [x0, x1) x [y0, y1) that inside
// holds for, blending ink by the share of each pixel's subsamples inside.
func paint(img *image.RGBA, ink color.RGBA, x0, y0, x1, y1 float64, inside func(x, y float64) bool) {
	b := img.Bounds()
	for py := max(b.Min.Y, int(math.Floor(y0))); py < min(b.Max.Y, int(math.Ceil(y1))); py++ {
		for px := max(b.Min.X, int(math.Floor(x0))); px < min(b.Max.X, int(math.Ceil(x1))); px++ {
			n := 0
			for sy := 0; sy < subsamples; sy++ {
				for sx := 0; sx < subsamples; sx++ {
					x := float64(px) + (float64(sx)+0.5)/subsamples
					y := float64(py) + (float64(sy)+0.5)/subsamples
					if x >= x0 && x < x1 && y >= y0 && y < y1 && inside(x, y) {
						n++
					}
				}
			}
			if n == 0 {
				continue
			}
			a := float64(n) / (subsamples * subsamples)
			i := img.PixOffset(px, py)
			for k, v := range [3]uint8{ink.R, ink.G, ink.B} {
				img.Pix[i+k] = uint8(math.Round(float64(img.Pix[i+k])*(1-a) + float64(v)*a))
			}
		}
	}
}

// Newspaper is the 8x8 puzzle of testdata/photo-newspaper.jpg half
// played in blue pen: 17 entries, of which r3c4 and r5c1 are wrong.
func Newspaper() Board {
	return Board{
		Givens: []string{
			"01..11..",
			"..1.....",
			"1.....1.",
			".0..10..",
			".1......",
			"0...0...",
			"0..1.1..",
			"..0...0.",
		},
		Marks: []string{
			"..00..01",
			"10.10...",
			".100....",
			"0.1.....",
			"0.0.....",
			".0......",
			"..1.....",
			"........",
		},
	}
}

// Blotted is Newspaper's printed givens with an ink blot in the open
// circle of r4c2, which makes it look filled: a reader takes it for a 1,
// the givens then allow several answers, and the rules' fix search has
// a real misread to find.
func Blotted() Board { return blottedAt(BlottedAt, 0.24) }

// BlottedAt is the row and column (0-based) of Blotted's blot.
var BlottedAt = [2]int{3, 1}

// TossUp is Newspaper's printed givens with an ink blot in the open
// circle of r8c7: a reader takes it for a 1, doubtfully, and with that 1
// the givens still have exactly one answer, another than the puzzle's.
// The answer as read rests on a toss-up, which the rules' rival search
// has to warn of.
func TossUp() Board { return blottedAt(TossUpAt, 0.24) }

// TossUpAt is the row and column (0-based) of TossUp's blot.
var TossUpAt = [2]int{7, 6}

// blottedAt is Newspaper's printed givens, no entries, with a blot of
// radius (a share of the cell) in the cell at.
func blottedAt(at [2]int, radius float64) Board {
	b := Newspaper()
	b.Marks = make([]string, len(b.Givens))
	for r := range b.Marks {
		b.Marks[r] = strings.Repeat(".", len(b.Givens[r]))
	}
	b.Blots = []Blot{{Row: at[0], Col: at[1], Radius: radius}}
	return b
}

// NewspaperSolution is the one answer to Newspaper's givens (under
// threeinarow).
var NewspaperSolution = []string{
	"01001101",
	"10110100",
	"11010010",
	"00101011",
	"11001100",
	"00110011",
	"00110110",
	"11001001",
}

// Finished is the board with every cell its givens leave blank filled in
// from solution, in ink.
func (b Board) Finished(solution []string, ink color.RGBA) Board {
	b.Ink = ink
	b.Marks = make([]string, len(b.Givens))
	for r, line := range b.Givens {
		m := []byte(solution[r])
		for c := range m {
			if line[c] != '.' {
				m[c] = '.'
			}
		}
		b.Marks[r] = string(m)
	}
	return b
}
