package vision

import (
	"encoding/json"
	"fmt"
	"strings"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// CellPx is the size of one cell in the rectified-grid coordinates that
// Reading.Homography maps from: cell (row, col) spans
// x in [col*CellPx, (col+1)*CellPx) and y in [row*CellPx, (row+1)*CellPx).
const CellPx = 32

// Reading is what Read found in one image.
type Reading struct {
	Rows, Cols int
	Cells      []solver.Cell // row-major; solver.Empty for blank
	Confidence []float64     // row-major, each in [0,1]
	// Values are, row-major, each cell's probabilities of being blank,
	// '0', '1' and '2' under the style read, as the cell classifier gave
	// them: for weighing one reading of a cell against another. Nil when
	// the hand rules read the cells.
	Values []cellread.ValueProbs
	Edges  []solver.Edge // '=' / 'x' clues found between adjacent cells
	// ClueSites are the segments where the site classifier saw more than
	// the bare line, found or doubted, with its probabilities.
	ClueSites []clueread.ClueSite
	Corners   [4][2]float64 // TL, TR, BR, BL in original image pixels (after EXIF orientation)
	// Homography is a row-major 3x3 matrix mapping rectified-grid
	// coordinates (see CellPx) to original image pixels.
	Homography              [9]float64
	Style                   cellread.Style
	ImageWidth, ImageHeight int
	Millis                  float64 // time of the read, end to end
	// Method is the locator that found the grid and Evidence what it had
	// to go on: where to look first when a reading is wrong.
	Method   locate.Method
	Evidence locate.Evidence
	// Given tells, for each cell (row-major), whether its symbol is
	// printed in the puzzle (true) or was entered by a player (false): a
	// pen or pencil mark on paper, an entry on an app's unshaded cell.
	// Blank cells are false. Read marks every filled cell a given unless
	// the picture clearly tells the two apart (cellread/given.go); nil, as in
	// a reading built by hand, also means every filled cell is a given.
	// Copies of a reading (Scaled) share it: it is read-only.
	Given []bool

	// bend, when the page was found bent, maps grid cells (corners at
	// integers) to original pixels more closely than Homography (rectify/mesh.go).
	bend *rectify.BentMap
	// strips are the outer rows and columns the cells stage took for
	// counters beside the puzzle rather than its cells (readScaled reads
	// the grid inside them instead).
	strips cellread.Strips
	// clueLooks are the site patches of Edges, edge by edge, nil when
	// the site net did not read them: the rules name the kind of each of
	// the board's two looks with them (cluesByRules).
	clueLooks [][]uint8
	// colourClues reads the clues again in the colour of those the net
	// was sure of, for the rules (colourByRules); nil when there is
	// nothing to read again.
	colourClues clueread.ColourReader
	// resembled are the cells as the grid's glyphs they resemble say,
	// nil where they say what the net said (cellread.Read): the rules
	// weigh them where the net's cells have no single solution
	// (cellsByRules).
	resembled []solver.Cell
	// at is where the grid was read (readCandidate): the candidate, in
	// the locator's copy, scaled by atScale to the copy read, for reading
	// it again in a fuller copy (sharper).
	at      locate.Candidate
	atScale float64
}

// Puzzle turns the reading into a solver puzzle under the given rules.
func (r *Reading) Puzzle(rules solver.Rules) (*solver.Puzzle, error) {
	if len(r.Cells) != r.Rows*r.Cols {
		return nil, fmt.Errorf("reading has %d cells for a %dx%d grid", len(r.Cells), r.Rows, r.Cols)
	}
	p, err := solver.NewPuzzle(rules, r.Rows, r.Cols)
	if err != nil {
		return nil, err
	}
	copy(p.Cells, r.Cells)
	p.Edges = append([]solver.Edge(nil), r.Edges...)
	return p, nil
}

// Rules is the rule set the reading's glyphs name, and whether solving
// under auto rules may widen it. Troix's X/O/I letters are Troix's alone:
// a photo with no I given would otherwise be solved as a binary puzzle. A
// Tango board is 3-in-a-Row by definition: auto would try Takuzu when a
// clue was missed, and call the board Takuzu. Any other style is
// 3-in-a-Row, which auto widens to Takuzu when that makes the answer
// unique. The app and the command line both take the rules from here.
func (r *Reading) Rules() (rules solver.Rules, auto bool) {
	switch r.Style {
	case cellread.StyleXOI:
		return solver.Troix, true
	case cellread.StyleTango:
		return solver.ThreeInARow, false
	}
	return solver.ThreeInARow, true
}

// Doubtful lists the cells whose confidence is below limit, for pointing
// the user at what to check.
func (r *Reading) Doubtful(limit float64) []solver.Point {
	var out []solver.Point
	for i, c := range r.Confidence {
		if c < limit {
			out = append(out, solver.Point{Row: i / r.Cols, Col: i % r.Cols})
		}
	}
	return out
}

// readingJSON is the CLI's `read --json` shape.
type readingJSON struct {
	Rows       int             `json:"rows"`
	Cols       int             `json:"cols"`
	Cells      []string        `json:"cells"`
	Edges      []solver.Edge   `json:"edges"`
	Corners    [4][2]float64   `json:"corners"`
	Confidence [][]float64     `json:"confidence"`
	Style      cellread.Style  `json:"style"`
	Method     locate.Method   `json:"method"`
	Evidence   locate.Evidence `json:"evidence"`
	Millis     float64         `json:"millis"`
	// Filled lists every filled cell, row-major, saying whether it is
	// printed in the puzzle or a player's mark.
	Filled []filledJSON `json:"filled"`
}

// filledJSON is one filled cell of `read --json`, 0-based like the edges.
type filledJSON struct {
	R     int    `json:"r"`
	C     int    `json:"c"`
	Value string `json:"value"`
	Given bool   `json:"given"`
}

// MarshalJSON writes the shape documented for `binocle read --json`.
func (r *Reading) MarshalJSON() ([]byte, error) {
	out := readingJSON{
		Rows: r.Rows, Cols: r.Cols,
		Cells:    solver.GridRows(r.Cells, r.Rows, r.Cols),
		Edges:    r.Edges,
		Corners:  r.Corners,
		Style:    r.Style,
		Method:   r.Method,
		Evidence: r.Evidence,
		Millis:   raster.RoundTo(r.Millis, 3),
	}
	if out.Edges == nil {
		out.Edges = []solver.Edge{}
	}
	out.Filled = []filledJSON{}
	for i, v := range r.Cells {
		if v != solver.Empty && r.Cols > 0 {
			out.Filled = append(out.Filled, filledJSON{R: i / r.Cols, C: i % r.Cols, Value: string(v.Char()), Given: r.IsGiven(i)})
		}
	}
	out.Confidence = make([][]float64, r.Rows)
	for row := range out.Confidence {
		line := make([]float64, r.Cols)
		for col := range line {
			line[col] = raster.RoundTo(r.Confidence[row*r.Cols+col], 3)
		}
		out.Confidence[row] = line
	}
	for i := range out.Corners {
		out.Corners[i][0] = raster.RoundTo(out.Corners[i][0], 2)
		out.Corners[i][1] = raster.RoundTo(out.Corners[i][1], 2)
	}
	return json.Marshal(out)
}

// String is the plain-text summary the CLI prints.
func (r *Reading) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d grid, style %s, read in %.1f ms\n", r.Rows, r.Cols, r.Style, r.Millis)
	for _, row := range solver.GridRows(r.Cells, r.Rows, r.Cols) {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	for _, e := range r.Edges {
		fmt.Fprintf(&b, "clue %s between row %d col %d and row %d col %d\n", e.Rel, e.R1+1, e.C1+1, e.R2+1, e.C2+1)
	}
	return b.String()
}
