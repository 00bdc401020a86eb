package synth

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"binocle/solver"
)

// Kind says how an image was made.
type Kind string

const (
	KindClean Kind = "clean" // a lossless screenshot of an app or web page
	KindPhoto Kind = "photo" // a phone photo of a printed page
)

// Style names are the values of vision.Style; synth cannot import vision
// (vision's tests import synth), so the strings are repeated here.
const (
	StyleSquareCircle = "square-circle"
	StyleDiscCircle   = "disc-circle"
	StyleDigits       = "digits"
	StyleXO           = "xo"
	StyleXOI          = "xoi"
	StyleTango        = "tango"
	StyleTiles        = "tiles"
)

// Styles lists every glyph style, in the order suites cycle through them,
// so that any prefix of seven specs covers them all.
var Styles = []string{StyleSquareCircle, StyleDiscCircle, StyleDigits, StyleXO, StyleXOI, StyleTango, StyleTiles}

// Look is how the grid itself is ruled, independent of the glyphs.
type Look string

const (
	LookPrint   Look = "print"   // dark lines and a thick outer border, as newspapers print
	LookLight   Look = "light"   // light grey lines and no thick border (puzzle-binairo.com)
	LookPartial Look = "partial" // light lines with the outer border missing on some sides
	LookApp     Look = "app"     // the style's own board: LinkedIn Tango, or 0h h1 tiles
)

// Spec is everything Render needs; it is plain data so that a failing case
// can be printed, saved and replayed.
type Spec struct {
	Name   string
	Seed   uint64 // every random choice inside Render derives from it
	Kind   Kind
	Style  string
	Look   Look
	Source string // dataset record id, or "random" for generated big grids

	Rows, Cols int
	Cells      []string      // what is printed, row strings of '.', '0', '1', '2'
	Givens     []string      // the puzzle's givens; Tango and ShadeGivens shade these cells even on a solved board
	Edges      []solver.Edge // edge clues drawn between cells

	Width, Height int // output image size

	// Photo geometry. Fill is the grid's larger extent as a fraction of the
	// image, Tilt the angle between page and sensor planes, Rotate the
	// in-plane rotation, Bend the paper's bow in cells (0 = flat) and
	// Orientation an EXIF orientation (1, 3, 6 or 8) stored with rotated pixels.
	Fill        float64
	Tilt        float64
	Rotate      float64
	Bend        float64
	Orientation int

	// The wild suites' looks, which the tuned suites never draw (the zero
	// value is the tuned look, so their pixels stay as they were). Real
	// apps draw their clues smaller and finer than the tuned look, on a
	// badge, and offer dark themes.
	ClueScale  float64 // the clues' size against the tuned look's; 0 means 1
	ClueStroke float64 // the clues' stroke as a fraction of a cell; 0: the tuned cell/22
	ClueBadge  bool    // clues on a rounded square badge, not a disc
	Dark       bool    // a dark theme: light ink on a dark page or app

	// Colours; a zero colour (alpha 0) is the look's own. Real pages come
	// on tinted paper, apps ink their glyphs and lines in colour, and some
	// apps give each symbol its own colour (OneInk, ZeroInk; on tiles the
	// tiles' own colours, the warm one still the 1).
	Paper, Ink, LineInk, BorderInk, ClueInk color.RGBA
	OneInk, ZeroInk                         color.RGBA
	CluePatch                               color.RGBA // a coloured badge or disc under the clues
	Card                                    color.RGBA // the rounded card under the board (tiles, Tango), as Zuzu's white one on its blue page

	// The ruling. puzzle-binairo.com draws its big boards with no inner
	// lines, and many pages draw only some of the outer border.
	LineWidth    float64 // the inner lines' width as a fraction of a cell; 0: the look's own
	BorderWidth  float64 // the outer border's, likewise
	NoInnerLines bool
	DashedLines  bool   // inner lines drawn as dashes, as some newspapers print them
	Border       string // outer sides drawn: "" the look's own, "none", or some of the letters "trbl"

	// The glyphs.
	GlyphScale  float64 // size against the look's own; 0 means 1
	GlyphStroke float64 // stroke as a fraction of a cell; 0: the look's own
	Font        int     // a gocv.HersheyFont plus one, for digits and letters; 0: the look's own
	Italic      bool
	Shape       string // a glyph variant of the style (the Shape constants); "": the tuned glyphs

	// Clues: bare (no badge or disc under them, as in the gaps between
	// tiles), and '=' on a vertical line drawn as '‖' or not.
	ClueBare bool
	EqBars   string // "" the look's own choice, EqFlat or EqTurned

	ShadeGivens bool   // printed givens on a shaded cell, as LinkedIn Tango locks them, for every style
	Counters    bool   // small per-row and per-column counts outside the grid, as some apps show
	Chrome      string // clean screenshots only: what surrounds the board (the Chrome constants)

	// Marks are cells the player filled in over the printed ones (rows of
	// '.', '0', '1', '2'; only on cells Cells leaves empty). On paper they
	// are handwritten; in Tango they are pieces on unshaded cells.
	Marks   []string
	MarkInk string // MarkPen, MarkPencil or MarkTyped (an app's player colour); "" is MarkPen
}

// Shape variants. Each keeps the style's meaning: 1 is the filled
// square or disc, X, 1 or moon, 0 the open circle, O, 0 or sun.
const (
	ShapeOpenSquare = "open-square" // square-circle: 0 drawn as an open square
	ShapeRounded    = "rounded"     // square-circle: both squares with round corners, 0 open
	ShapeRing       = "ring"        // square-circle, disc-circle: 0 a bold ring
	ShapeDot        = "dot"         // disc-circle: a small dot for 1, a wide ring for 0
	ShapeStrokes    = "strokes"     // xo, xoi: X, O and I drawn as plain strokes, not letters
	ShapeDiscs      = "discs"       // tango: a plain orange disc and a plain blue disc; tiles: disc pieces on grey tiles
	ShapeSparkle    = "sparkle"     // tango: the moon with a small star, the sun with rays
	ShapeDiamond    = "diamond"     // tiles: diamond pieces on grey tiles
)

// EqBars values.
const (
	EqFlat   = "flat"   // '=' on every line
	EqTurned = "turned" // '‖' on vertical lines
)

// Chrome values.
const (
	ChromeBare  = "bare"  // the board cropped close, as a screenshot of the board alone
	ChromePhone = "phone" // a phone app: status bar, header, timer, buttons, home bar
	ChromeWeb   = "web"   // a browser: tab strip, address bar, site header, side text
)

// MarkInk values.
const (
	MarkPen    = "pen"    // handwritten in blue ballpoint
	MarkPencil = "pencil" // handwritten in grey pencil
	MarkTyped  = "typed"  // the app's glyphs in its player colour
)

// Truth is what a perfect reader reports for a sample.
type Truth struct {
	Name        string        `json:"name"`
	Kind        Kind          `json:"kind"`
	Style       string        `json:"style"`
	Look        Look          `json:"look"`
	Source      string        `json:"source"`
	Rows        int           `json:"rows"`
	Cols        int           `json:"cols"`
	Cells       []string      `json:"cells"`            // everything visible, player marks included
	Givens      []string      `json:"givens,omitempty"` // the printed givens only; cells the player filled are '.'
	Edges       []solver.Edge `json:"edges"`
	Corners     [4][2]float64 `json:"corners"` // TL, TR, BR, BL of the cell area, displayed-image pixels
	Width       int           `json:"width"`   // displayed size, after EXIF orientation
	Height      int           `json:"height"`
	Tilt        float64       `json:"tilt,omitempty"`
	Rotate      float64       `json:"rotate,omitempty"`
	Bend        float64       `json:"bend,omitempty"`
	Orientation int           `json:"orientation,omitempty"`
}

// Sample is one rendered image, encoded as its file would be.
type Sample struct {
	Truth Truth
	Data  []byte // PNG for clean screenshots, JPEG for photos
	Ext   string // ".png" or ".jpg"
}

// WriteFiles writes the image and a truth JSON beside it, named after the sample.
func (s Sample) WriteFiles(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(dir, s.Truth.Name)
	if err := os.WriteFile(base+s.Ext, s.Data, 0o644); err != nil {
		return err
	}
	js, err := json.MarshalIndent(s.Truth, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(base+".json", append(js, '\n'), 0o644)
}

// Suite returns n specs of the given kind, deterministic in (seed, index):
// spec i depends only on seed and i, so a smaller suite is a prefix of a
// bigger one and its cases keep their names and pixels.
func (l *Library) Suite(seed uint64, kind Kind, n int) ([]Spec, error) {
	specs := make([]Spec, 0, n)
	for i := 0; i < n; i++ {
		s, err := l.spec(seed, kind, i)
		if err != nil {
			return nil, err
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// wildSalt separates the wild suites' random streams from the tuned ones'.
const wildSalt = 0x5eed_0000_0000

// bigSizes are the large and odd grids published screenshots show but the
// datasets lack; they get random content.
var bigSizes = [][2]int{{30, 30}, {40, 30}, {30, 40}, {24, 24}, {7, 9}, {11, 13}, {16, 20}}

func (l *Library) spec(seed uint64, kind Kind, i int) (Spec, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)<<1|kindBit(kind)))
	s := Spec{Kind: kind, Seed: rng.Uint64(), Style: Styles[i%len(Styles)]}
	s.Look = pickLook(rng, s.Style)

	var p Puzzle
	switch {
	case s.Style == StyleTango:
		p = l.pick(rng, "tango")
	case s.Style == StyleXOI:
		p = l.pick(rng, "troix")
	case (s.Look == LookLight || s.Look == LookPartial) && rng.Float64() < 0.35:
		sz := bigSizes[rng.IntN(len(bigSizes))]
		p = randomPuzzle(rng, sz[0], sz[1])
	default:
		p = l.pick(rng, binaryFiles[rng.IntN(len(binaryFiles))])
	}
	if p.ID == "" {
		return Spec{}, fmt.Errorf("synth: the library has no puzzle for style %s", s.Style)
	}
	s.Source, s.Rows, s.Cols, s.Givens, s.Edges = p.ID, p.Rows, p.Cols, p.Givens, p.Edges
	s.Cells = p.Givens
	if rng.Float64() < 0.12 {
		s.Cells = p.Solution // an answer grid: every cell inked
	}
	if s.Style != StyleTango && s.Style != StyleTiles && s.Rows <= 16 && s.Cols <= 16 && rng.Float64() < 0.2 {
		s.Edges = deriveEdges(rng, p)
	}

	maxCells := max(s.Rows, s.Cols)
	if kind == KindClean {
		minW := 500
		if need := maxCells*14 + 60; need > minW {
			minW = need
		}
		s.Width = minW + rng.IntN(max(1, 1200-minW+1))
		s.Height = int(float64(s.Width) * (0.75 + 0.8*rng.Float64()))
	} else {
		s.Fill = 0.35 + 0.5*rng.Float64()
		s.Width, s.Height = photoSize(rng, s.Fill, maxCells)
		s.Tilt = 35 * math.Sqrt(rng.Float64())
		s.Rotate = -20 + 40*rng.Float64()
		if rng.Float64() < 0.3 {
			s.Bend = 0.1 + 0.25*rng.Float64()
		}
		s.Orientation = 1
		if r := rng.Float64(); r < 0.12 {
			s.Orientation = []int{3, 6, 8}[rng.IntN(3)]
		}
	}
	s.Name = fmt.Sprintf("%s-%03d-%s-%s-%dx%d", kind, i, s.Style, s.Look, s.Rows, s.Cols)
	return s, nil
}

func kindBit(k Kind) uint64 {
	if k == KindPhoto {
		return 1
	}
	return 0
}

var binaryFiles = []string{"binarypuzzle", "puzzle-binairo", "janko-binairo", "takuzu-vue"}

func pickLook(rng *rand.Rand, style string) Look {
	if style == StyleTango || style == StyleTiles {
		return LookApp
	}
	weights := map[string][3]float64{ // print, light, partial
		StyleSquareCircle: {0.7, 0.2, 0.1},
		StyleDiscCircle:   {0.4, 0.4, 0.2},
		StyleDigits:       {0.4, 0.4, 0.2},
		StyleXO:           {0.6, 0.4, 0},
		StyleXOI:          {0.6, 0.4, 0},
	}[style]
	r := rng.Float64()
	switch {
	case r < weights[0]:
		return LookPrint
	case r < weights[0]+weights[1]:
		return LookLight
	}
	return LookPartial
}

func (l *Library) pick(rng *rand.Rand, file string) Puzzle {
	ps := l.Files[file]
	if len(ps) == 0 {
		return Puzzle{}
	}
	return ps[rng.IntN(len(ps))]
}

// randomPuzzle fills a grid the datasets do not have. Its content need not
// be solvable: the reader is measured on what is printed.
func randomPuzzle(rng *rand.Rand, rows, cols int) Puzzle {
	p := Puzzle{ID: "random", Rules: "threeinarow", Rows: rows, Cols: cols}
	density := 0.3 + 0.3*rng.Float64()
	for r := 0; r < rows; r++ {
		giv, sol := make([]byte, cols), make([]byte, cols)
		for c := range sol {
			sol[c] = byte('0' + rng.IntN(2))
			giv[c] = '.'
			if rng.Float64() < density {
				giv[c] = sol[c]
			}
		}
		p.Givens = append(p.Givens, string(giv))
		p.Solution = append(p.Solution, string(sol))
	}
	return p
}

// deriveEdges adds '=' and 'x' clues that agree with the solution, so that
// non-Tango grids with edge clues stay consistent puzzles.
func deriveEdges(rng *rand.Rand, p Puzzle) []solver.Edge {
	n := max(2, p.Rows*p.Cols/10)
	seen := map[[4]int]bool{}
	var edges []solver.Edge
	for tries := 0; len(edges) < n && tries < 20*n; tries++ {
		r, c := rng.IntN(p.Rows), rng.IntN(p.Cols)
		r2, c2 := r, c+1
		if rng.IntN(2) == 0 {
			r2, c2 = r+1, c
		}
		if r2 >= p.Rows || c2 >= p.Cols || seen[[4]int{r, c, r2, c2}] {
			continue
		}
		seen[[4]int{r, c, r2, c2}] = true
		rel := solver.Equal
		if p.Solution[r][c] != p.Solution[r2][c2] {
			rel = solver.Differ
		}
		edges = append(edges, solver.Edge{R1: r, C1: c, R2: r2, C2: c2, Rel: rel})
	}
	return edges
}

// photoSizes are common phone-camera outputs; 4000x3000 is the 12 MP case
// the speed target names, so it is drawn more often than the others.
var photoSizes = [][2]int{{640, 480}, {1024, 768}, {1280, 960}, {1600, 1200}, {2048, 1536}, {2592, 1944}, {3264, 2448}, {4000, 3000}}

func photoSize(rng *rand.Rand, fill float64, maxCells int) (w, h int) {
	var ok [][2]int
	for _, sz := range photoSizes {
		if fill*float64(sz[1])/float64(maxCells) >= 16 {
			ok = append(ok, sz)
		}
	}
	sz := photoSizes[len(photoSizes)-1]
	if len(ok) > 0 && rng.Float64() > 0.2 {
		sz = ok[rng.IntN(len(ok))]
	}
	if rng.Float64() < 0.35 {
		return sz[1], sz[0] // portrait
	}
	return sz[0], sz[1]
}
