package vision

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/internal/halfplayed"
	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// asPhoto turns a clean picture into a phone photo of it: seen aslant,
// unevenly lit, out of focus and saved as a JPEG. The caller closes it.
func asPhoto(t *testing.T, clean gocv.Mat) gocv.Mat {
	t.Helper()
	w, h := float64(clean.Cols()), float64(clean.Rows())
	flat := [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}
	seen := [4][2]float64{{0.06 * w, 0.03 * h}, {0.97 * w, 0.08 * h}, {0.93 * w, 0.98 * h}, {0.02 * w, 0.92 * h}}
	hm, ok := geom.FromQuads(seen, flat)
	if !ok {
		t.Fatal("no homography")
	}
	tilted := raster.Warp(clean, hm, clean.Cols(), clean.Rows())
	defer tilted.Close()
	// Light falling off by a fifth from left to right.
	pix := tilted.ToBytes()
	cols := clean.Cols()
	for i := range pix {
		x := (i / 3) % cols
		pix[i] = uint8(float64(pix[i]) * (1 - 0.2*float64(x)/w))
	}
	lit, err := gocv.NewMatFromBytes(clean.Rows(), cols, gocv.MatTypeCV8UC3, pix)
	if err != nil {
		t.Fatal(err)
	}
	defer lit.Close()
	blurred := gocv.NewMat()
	defer blurred.Close()
	gocv.GaussianBlur(lit, &blurred, image.Pt(5, 5), 1.4, 1.4, gocv.BorderReplicate)
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, blurred, []int{gocv.IMWriteJpegQuality, 80})
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	photo, err := LoadBytes(buf.GetBytes())
	if err != nil {
		t.Fatal(err)
	}
	return photo
}

// readAsShot reads a clean picture, or a phone photo of it (asPhoto).
func readAsShot(t *testing.T, clean gocv.Mat, photo bool) *Reading {
	t.Helper()
	read := clean
	if photo {
		shot := asPhoto(t, clean)
		defer shot.Close()
		read = shot
	}
	r, err := Read(read)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// wantGivens checks a reading's cells and its givens against a board.
func wantGivens(t *testing.T, r *Reading, givens, marks []string) {
	t.Helper()
	for i, v := range r.Cells {
		row, col := i/r.Cols, i%r.Cols
		g, m := givens[row][col], marks[row][col]
		want := g
		if m != '.' {
			want = m
		}
		if v.Char() != want {
			t.Errorf("r%dc%d read %c, want %c", row+1, col+1, v.Char(), want)
			continue
		}
		if r.IsGiven(i) != (g != '.') {
			t.Errorf("r%dc%d (%c): given %v, want %v", row+1, col+1, want, r.IsGiven(i), g != '.')
		}
	}
}

// On paper the player's pen or pencil is told from the black print, in a
// screenshot of the page and in a photo of it.
func TestGivensAgainstPenAndPencil(t *testing.T) {
	half := halfplayed.Newspaper()
	pencil := half
	pencil.Ink = halfplayed.Pencil
	printed := half
	printed.Marks = []string{"........", "........", "........", "........", "........", "........", "........", "........"}
	for _, tc := range []struct {
		name  string
		board halfplayed.Board
		photo bool
	}{
		{"blue pen", half, false},
		{"blue pen, photographed", half, true},
		{"pencil", pencil, false},
		{"pencil, photographed", pencil, true},
		{"finished in pencil", half.Finished(halfplayed.NewspaperSolution, halfplayed.Pencil), false},
		{"print alone", printed, false},
		{"print alone, photographed", printed, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := tc.board.PNG()
			if err != nil {
				t.Fatal(err)
			}
			clean, err := LoadBytes(data)
			if err != nil {
				t.Fatal(err)
			}
			defer clean.Close()
			r := readAsShot(t, clean, tc.photo)
			if r.Rows != 8 || r.Cols != 8 {
				t.Fatalf("read %dx%d", r.Rows, r.Cols)
			}
			wantGivens(t, r, tc.board.Givens, tc.board.Marks)
		})
	}
}

// LinkedIn Tango shades its locked cells: on a board played part way or
// to the end, in the light and the dark theme, the shaded cells are the
// givens and every other filled cell the player's. (A dark board played
// part way is not here: the reader takes its blank cells for moons.)
func TestShadedCellsAreGivens(t *testing.T) {
	solution := []string{"001101", "010011", "110100", "101001", "011010", "100110"}
	givens := []string{"0.....", "....1.", ".10...", "...00.", ".1....", ".....0"}
	half := []string{"0011..", "....1.", ".10...", "1..00.", ".1....", "1....0"}
	for _, tc := range []struct {
		name  string
		cells []string
		dark  bool
		shape string  // a glyph variant (synth's Shape constants)
		scale float64 // the glyphs' size against the look's own; 0: 1
		photo bool
	}{
		{"half played", half, false, "", 0, false},
		// Light falling off across the photo darkens the far cells by as
		// much as the shading: the levels are taken against the light.
		{"half played, photographed", half, false, "", 0, true},
		{"finished", solution, false, "", 0, false},
		{"finished, dark theme", solution, true, "", 0, false},
		{"not yet played", givens, false, "", 0, false},
		// Suns whose rays reach across their cells leave too little
		// around them to measure: the cells' corners tell the shade.
		{"half played, big suns with rays", half, false, synth.ShapeSparkle, 1.3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := synth.Spec{Name: "shaded", Seed: 17, Kind: synth.KindClean, Style: synth.StyleTango, Look: synth.LookApp,
				Source: "given-test", Rows: 6, Cols: 6, Cells: tc.cells, Givens: givens, Width: 800, Height: 900, Dark: tc.dark,
				Shape: tc.shape, GlyphScale: tc.scale}
			clean := renderSpec(t, spec)
			defer clean.Close()
			r := readAsShot(t, clean, tc.photo)
			marks := make([]string, 6)
			for row := range marks {
				m := []byte(tc.cells[row])
				for col := range m {
					if givens[row][col] != '.' {
						m[col] = '.'
					}
				}
				marks[row] = string(m)
			}
			wantGivens(t, r, givens, marks)
		})
	}
}

// A finished board of any style whose app shades its locked cells: with
// no blank cell to compare with, the shaded ones are the givens, on a
// screenshot and on a photo of it, and on a light board photographed
// dim, its paper under mid-grey: the shade is darker than the plain
// cells because the board is light, whatever its exposure.
func TestShadedGivensOnFinishedBoards(t *testing.T) {
	// dimExposure takes white paper to about 110, under the mid-grey a
	// fixed level would have called a light board's.
	const dimExposure = 0.43
	solution := []string{"001101", "010011", "110100", "101001", "011010", "100110"}
	givens := []string{"0.....", "....1.", ".10...", "...00.", ".1....", ".....0"}
	marks := make([]string, 6)
	for row := range marks {
		m := []byte(solution[row])
		for col := range m {
			if givens[row][col] != '.' {
				m[col] = '.'
			}
		}
		marks[row] = string(m)
	}
	for _, tc := range []struct {
		style string
		photo bool
		dim   bool
	}{
		{synth.StyleSquareCircle, false, false},
		{synth.StyleSquareCircle, true, false},
		{synth.StyleDigits, false, false},
		{synth.StyleXO, false, false},
		{synth.StyleDigits, false, true},
		{synth.StyleSquareCircle, true, true},
	} {
		t.Run(fmt.Sprintf("%s photo %v dim %v", tc.style, tc.photo, tc.dim), func(t *testing.T) {
			spec := synth.Spec{Name: "shaded-finished", Seed: 23, Kind: synth.KindClean, Style: tc.style, Look: synth.LookPrint,
				Source: "given-test", Rows: 6, Cols: 6, Cells: solution, Givens: givens, Width: 800, Height: 900, ShadeGivens: true}
			clean := renderSpec(t, spec)
			defer clean.Close()
			if tc.dim {
				clean.ConvertToWithParams(&clean, gocv.MatTypeCV8UC3, dimExposure, 0)
			}
			wantGivens(t, readAsShot(t, clean, tc.photo), givens, marks)
		})
	}
}

// Every filled cell of an ordinary reading stays a given: the fixtures
// drawn in one ink, and the committed screenshots and photo.
func TestOrdinaryReadingsHaveNoMarks(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			img, _ := f.render()
			defer img.Close()
			r, err := Read(img)
			if err != nil {
				t.Fatal(err)
			}
			if r.HasMarks() {
				t.Errorf("marks read at %v", markNames(r))
			}
		})
	}
	for _, path := range []string{"testdata/reader/tango6.png", "testdata/reader/takuzu6.png", "../testdata/photo-newspaper.jpg"} {
		r, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if r.HasMarks() {
			t.Errorf("%s: marks read at %v", path, markNames(r))
		}
	}
}

func markNames(r *Reading) []string {
	var names []string
	for i, v := range r.Marks() {
		if v != solver.Empty {
			names = append(names, fmt.Sprintf("r%dc%d", i/r.Cols+1, i%r.Cols+1))
		}
	}
	return names
}

func TestSplitTwo(t *testing.T) {
	continuum := make([]float64, 30)
	for i := range continuum {
		continuum[i] = 150 + 2*float64(i)
	}
	for _, tc := range []struct {
		name   string
		values []float64
		clear  bool
		lo     int
	}{
		{"two tight groups", []float64{238, 239, 255, 254, 238, 255, 237}, true, 4},
		{"one odd value far off", []float64{20, 21, 20, 22, 140}, true, 4},
		{"too close", []float64{250, 251, 247, 246}, false, 0},
		{"a gradient", continuum, false, 0},
		{"groups with a value between", []float64{200, 201, 215, 230, 231}, false, 0},
		{"one value", []float64{3}, false, 0},
		{"none", nil, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, clear := cellread.SplitTwo(tc.values, cellread.Tuned.Givens.ShadeGap, cellread.Tuned.Givens.ShadeFloor)
			if clear != tc.clear || (clear && len(s.Lo) != tc.lo) {
				t.Errorf("clear %v with %d low, want %v with %d", clear, len(s.Lo), tc.clear, tc.lo)
			}
		})
	}
}

// A reading built by hand, with no Given, has every filled cell a given;
// SetGivens keeps the marks where the new givens leave room.
func TestReadingGivensAndMarks(t *testing.T) {
	r := &Reading{Rows: 2, Cols: 3, Cells: []solver.Cell{solver.One, solver.Empty, solver.Zero, solver.Empty, solver.One, solver.Zero}}
	if r.HasMarks() || !r.IsGiven(0) || r.IsGiven(1) || r.IsGiven(-1) || r.IsGiven(6) {
		t.Fatal("a reading without Given has marks")
	}
	r.Given = []bool{true, false, false, false, true, true}
	if !r.HasMarks() || r.IsGiven(2) || !r.IsGiven(5) {
		t.Fatal("r1c3 is not a mark")
	}
	p, err := r.GivensPuzzle(solver.ThreeInARow)
	if err != nil || strings.Join(p.RowStrings(), "/") != "1../.10" {
		t.Fatalf("givens puzzle %v, %v", p, err)
	}
	if got := strings.Join(solver.GridRows(r.Marks(), 2, 3), "/"); got != "..0/..." {
		t.Errorf("marks %s", got)
	}
	// The rules move a given onto r1c2 and drop r2c2; r1c3 stays a mark.
	shared := r.Given
	if err := r.SetGivens([]solver.Cell{solver.One, solver.Zero, solver.Empty, solver.Empty, solver.Empty, solver.Zero}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(solver.GridRows(r.Cells, 2, 3), "/"); got != "100/..0" || !r.IsGiven(1) || r.IsGiven(2) || shared[1] {
		t.Errorf("after SetGivens: cells %s, given %v (the old flags %v)", got, r.Given, shared)
	}
	if r.SetGivens(nil) == nil {
		t.Error("givens of the wrong size were taken")
	}
	r.Given = r.Given[:2]
	if _, err := r.GivensPuzzle(solver.ThreeInARow); err == nil {
		t.Error("a reading with too few given flags made a puzzle")
	}
}

// read --json lists every filled cell, saying whether it is a given.
func TestReadingJSONFilled(t *testing.T) {
	r := &Reading{Rows: 2, Cols: 2, Cells: []solver.Cell{solver.One, solver.Empty, solver.Empty, solver.Zero},
		Confidence: []float64{1, 1, 1, 1}, Given: []bool{true, false, false, false}}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Cells  []string `json:"cells"`
		Filled []struct {
			R, C  int
			Value string
			Given bool
		} `json:"filled"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got.Filled) != "[{0 0 1 true} {1 1 0 false}]" || strings.Join(got.Cells, "/") != "1./.0" {
		t.Errorf("JSON %s", b)
	}
	r.Cells = []solver.Cell{solver.Empty, solver.Empty, solver.Empty, solver.Empty}
	if b, _ := json.Marshal(r); !strings.Contains(string(b), `"filled":[]`) {
		t.Errorf("an empty reading's JSON %s", b)
	}
}

// DrawCrosses crosses out a cell in red, in place, and refuses what it
// cannot draw on.
func TestDrawCrosses(t *testing.T) {
	r := readingFor(t, 4, 4, [4][2]float64{{20, 20}, {180, 20}, {180, 180}, {20, 180}}, cellread.StyleSquareCircle, 200, 200)
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), 200, 200, gocv.MatTypeCV8UC3)
	defer img.Close()
	if err := DrawCrosses(&img, r, []solver.Point{{Row: 1, Col: 2}, {Row: 9, Col: 9}}); err != nil {
		t.Fatal(err)
	}
	red := func(x, y int) bool {
		v := img.GetVecbAt(y, x)
		return v[2] > 200 && v[1] < 80 && v[0] < 80
	}
	// The middle of r2c3 (x 100..140, y 60..100), and r1c1's untouched.
	if !red(120, 80) || red(40, 40) {
		t.Errorf("the cross is not where r2c3 is: centre red %v, r1c1 red %v", red(120, 80), red(40, 40))
	}
	gray := gocv.NewMatWithSize(10, 10, gocv.MatTypeCV8UC1)
	defer gray.Close()
	empty := gocv.NewMat()
	defer empty.Close()
	for name, err := range map[string]error{
		"no reading": DrawCrosses(&img, nil, nil),
		"empty":      DrawCrosses(&empty, r, nil),
		"grey":       DrawCrosses(&gray, r, nil),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// The half-played board the other packages' tests open is read as drawn.
func TestHalfPlayedFixtureReads(t *testing.T) {
	path := t.TempDir() + "/half.png"
	if err := halfplayed.Newspaper().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	r, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b := halfplayed.Newspaper()
	wantGivens(t, r, b.Givens, b.Marks)
}

// The print and the player's marks are told by their ink's colour in
// the looks the renderer varies: an app's player blue on a light board
// and on a dark one, a blue pen on a photo of a page. Boards that print
// their two symbols in two colours, or in one, have no marks.
func TestGivensByInkColour(t *testing.T) {
	half := halfplayed.Newspaper()
	base := synth.Spec{Name: "given-ink", Seed: 11, Kind: synth.KindClean, Style: synth.StyleXO, Look: synth.LookPrint,
		Rows: 8, Cols: 8, Cells: half.Givens, Givens: half.Givens, Width: 900, Height: 1000, Orientation: 1}
	for _, tc := range []struct {
		name  string
		edit  func(s *synth.Spec)
		marks []string // nil: no marks, whatever the cells read
	}{
		{"typed on a light board", func(s *synth.Spec) { s.Marks, s.MarkInk = half.Marks, synth.MarkTyped }, half.Marks},
		{"typed on a dark board", func(s *synth.Spec) { s.Marks, s.MarkInk, s.Dark = half.Marks, synth.MarkTyped, true }, half.Marks},
		{"blue pen, photographed", func(s *synth.Spec) {
			s.Marks, s.MarkInk, s.Style = half.Marks, synth.MarkPen, synth.StyleSquareCircle
			s.Kind, s.Width, s.Height, s.Fill, s.Tilt, s.Rotate = synth.KindPhoto, 1600, 1200, 0.6, 15, 5
		}, half.Marks},
		{"two printed colours", func(s *synth.Spec) {
			s.OneInk, s.ZeroInk = color.RGBA{200, 40, 40, 255}, color.RGBA{40, 60, 200, 255}
		}, nil},
		{"print alone, dark board", func(s *synth.Spec) { s.Dark = true }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := base
			tc.edit(&spec)
			r, err := readSpec(t, spec)
			if err != nil {
				t.Fatal(err)
			}
			if r.Rows != 8 || r.Cols != 8 {
				t.Fatalf("read %dx%d", r.Rows, r.Cols)
			}
			if tc.marks == nil {
				if r.HasMarks() {
					t.Errorf("marks found on a board without: given %v", r.Given)
				}
				return
			}
			wantGivens(t, r, half.Givens, tc.marks)
		})
	}
}

// A split of the filled cells into givens and marks that the marks model
// offers is kept when the givens left have exactly one solution, as a
// published puzzle's do: calling printed givens the player's leaves
// several. Where the filled cells as read have no single solution either
// (here one of the player's entries is wrong), the rules cannot judge,
// and the split stands only when the model was sure of it.
func TestGivensByRules(t *testing.T) {
	cells, rightEntries, truth := newspaperHalfPlayed(t)
	// Half of the givens taken for marks, as a model that misreads the
	// print would.
	halfGivens := slices.Clone(truth)
	dropped := 0
	for i, g := range halfGivens {
		if g && dropped%2 == 0 {
			halfGivens[i] = false
		}
		if g {
			dropped++
		}
	}
	for _, tc := range []struct {
		name    string
		cells   []solver.Cell
		offered []bool
		sure    bool
		kept    bool
	}{
		{"the print's givens", rightEntries, truth, false, true},
		{"half the print taken for marks", rightEntries, halfGivens, false, false},
		{"half the print, sure, where the rules judge", rightEntries, halfGivens, true, false},
		{"the print's givens beside wrong entries", cells, truth, false, true},
		{"half the print beside wrong entries, sure", cells, halfGivens, true, true},
		{"half the print beside wrong entries, unsure", cells, halfGivens, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Reading{Rows: 8, Cols: 8, Style: StyleSquareCircle, Cells: slices.Clone(tc.cells)}
			r.givensByRules("offered", tc.offered, tc.sure)
			if got := slices.Equal(r.Given, tc.offered); got != tc.kept {
				t.Errorf("kept the offer: %v, want %v (given %v)", got, tc.kept, r.Given)
			}
			if !tc.kept && r.Given != nil {
				t.Errorf("the reading's givens changed to %v", r.Given)
			}
		})
	}
}

// givensRefuted turns a hand test's split down only where the rules judge
// it wrong: the filled cells as read have one solution and the givens the
// split leaves do not. The print's own givens beside right or wrong
// entries stand, as does any split where the filled cells have no single
// solution (one of the player's entries wrong) or where every cell is
// filled (any finished grid has one).
func TestGivensRefuted(t *testing.T) {
	cells, rightEntries, truth := newspaperHalfPlayed(t)
	printed := &Reading{Rows: 8, Cols: 8, Style: StyleSquareCircle, Cells: cells, Given: truth}
	finished, ok := printed.uniqueSolution(printed.GivensPuzzle, time.Second)
	if !ok {
		t.Fatal("the newspaper's givens have no single solution")
	}
	// Every third given taken for a mark, as an ink test fooled by the
	// print's own look would.
	someGivens := slices.Clone(truth)
	seen := 0
	for i, g := range truth {
		if g {
			if seen%3 == 0 {
				someGivens[i] = false
			}
			seen++
		}
	}
	for _, tc := range []struct {
		name    string
		cells   []solver.Cell
		given   []bool
		refuted bool
	}{
		{"the print's givens beside right entries", rightEntries, truth, false},
		{"the print's givens beside wrong entries", cells, truth, false},
		{"a third of the print taken for marks", rightEntries, someGivens, true},
		{"a third of the print beside wrong entries", cells, someGivens, false},
		{"a third of the print on the finished board", finished, someGivens, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Reading{Rows: 8, Cols: 8, Style: StyleSquareCircle, Cells: slices.Clone(tc.cells), Given: slices.Clone(tc.given)}
			if got := r.givensRefuted(); got != tc.refuted {
				t.Errorf("refuted %v, want %v", got, tc.refuted)
			}
		})
	}
}

// newspaperHalfPlayed is the half-played newspaper fixture as read right:
// its filled cells (the player got two entries wrong, which leaves them
// with no solution), the same with the entries set right from the
// givens' one solution, and which cells are printed.
func newspaperHalfPlayed(t *testing.T) (cells, rightEntries []solver.Cell, truth []bool) {
	t.Helper()
	half := halfplayed.Newspaper()
	for r := range half.Givens {
		for c := range half.Givens[r] {
			ch := half.Givens[r][c]
			if ch == '.' {
				ch = half.Marks[r][c]
			}
			v, _ := solver.CellFromChar(ch)
			cells = append(cells, v)
			truth = append(truth, half.Givens[r][c] != '.')
		}
	}
	printed := &Reading{Rows: 8, Cols: 8, Style: StyleSquareCircle, Cells: slices.Clone(cells), Given: truth}
	solution, ok := printed.uniqueSolution(printed.GivensPuzzle, time.Second)
	if !ok {
		t.Fatal("the newspaper's givens have no single solution")
	}
	rightEntries = slices.Clone(cells)
	for i, g := range truth {
		if !g && cells[i] != solver.Empty {
			rightEntries[i] = solution[i]
		}
	}
	return cells, rightEntries, truth
}
