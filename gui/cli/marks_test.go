package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"binocle/internal/halfplayed"
	"binocle/solver"
	"binocle/vision"
)

// halfPlayed writes the half-played newspaper puzzle (17 entries in blue
// pen, r3c4 and r5c1 wrong) and returns its path.
func halfPlayed(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "half-played.png")
	if err := halfplayed.Newspaper().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}

type photoMarksJSON struct {
	Status   string   `json:"status"`
	Solution []string `json:"solution"`
	Reading  struct {
		Filled []struct {
			R, C  int
			Value string
			Given bool
		} `json:"filled"`
	} `json:"reading"`
	Marks *struct {
		Entries int  `json:"entries"`
		Unique  bool `json:"unique"`
		Wrong   []struct {
			R, C       int
			Mark, Want string
		} `json:"wrong"`
		Message string `json:"message"`
	} `json:"marks"`
}

// A half-played photo is solved from its printed givens, and the player's
// entries are checked against the answer.
func TestSolveHalfPlayedPhoto(t *testing.T) {
	path := halfPlayed(t)
	code, out, errOut := runImageCLI("solve", "--no-save", path)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"your entries (not printed givens): r1c3 r1c4 r1c7 r1c8 r2c1",
		"solved under threeinarow (unique):\n01001101\n",
		"\n2 of your 17 entries are wrong: r3c4, r5c1.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	code, out, errOut = runImageCLI("solve", "--no-save", "--json", path)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got photoMarksJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	m := got.Marks
	if m == nil || m.Entries != 17 || !m.Unique || len(m.Wrong) != 2 || m.Message != "2 of your 17 entries are wrong: r3c4, r5c1" {
		t.Fatalf("marks %+v", m)
	}
	if w := m.Wrong[0]; w.R != 2 || w.C != 3 || w.Mark != "0" || w.Want != "1" {
		t.Errorf("first wrong entry %+v, want r3c4 (0-based 2,3) marked 0 for 1", w)
	}
	if got.Status != "unique" || got.Solution[0] != "01001101" {
		t.Errorf("status %s, solution %v", got.Status, got.Solution)
	}
	marks := 0
	for _, f := range got.Reading.Filled {
		if !f.Given {
			marks++
		}
	}
	if len(got.Reading.Filled) != 35 || marks != 17 {
		t.Errorf("the reading lists %d filled cells with %d marks, want 35 and 17", len(got.Reading.Filled), marks)
	}

	// A photo with no marks has no "marks".
	code, out, _ = runImageCLI("solve", "--no-save", "--json", readerTestdata(t, "tango6.png"))
	if code != ExitOK || strings.Contains(out, `"marks"`) {
		t.Errorf("exit %d; a photo without entries reports marks: %s", code, out)
	}
}

// read says which filled cells are the player's, in text and in JSON.
func TestReadHalfPlayedPhoto(t *testing.T) {
	path := halfPlayed(t)
	code, out, errOut := runImageCLI("read", path)
	if code != ExitOK || !strings.Contains(out, "your entries (not printed givens): r1c3 ") {
		t.Fatalf("exit %d, %s%s", code, out, errOut)
	}
	code, out, _ = runImageCLI("read", "--json", path)
	var r struct {
		Filled []struct {
			R, C  int
			Value string
			Given bool
		} `json:"filled"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	b := halfplayed.Newspaper()
	for _, f := range r.Filled {
		if want := b.Givens[f.R][f.C] != '.'; f.Given != want {
			t.Errorf("r%dc%d %s: given %v, want %v", f.R+1, f.C+1, f.Value, f.Given, want)
		}
	}
}

// overlay draws the answer into the cells left blank only, and crosses
// out the wrong entries.
func TestOverlayCrossesWrongEntries(t *testing.T) {
	path := halfPlayed(t)
	out := filepath.Join(t.TempDir(), "overlay.png")
	code, stdout, errOut := runImageCLI("overlay", path, "-o", out)
	if code != ExitOK || !strings.Contains(stdout, "2 of your 17 entries are wrong: r3c4, r5c1.") {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	img, err := vision.LoadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	q := halfplayed.Newspaper().Corners()
	cell := (q[1][0] - q[0][0]) / 8
	at := func(row, col int, dx float64) (r, g, b uint8) {
		x := int(q[0][0] + (float64(col)+0.5+dx)*cell)
		y := int(q[0][1] + (float64(row)+0.5+dx)*cell)
		v := img.GetVecbAt(y, x)
		return v[2], v[1], v[0]
	}
	isRed := func(r, g, b uint8) bool { return r > 180 && g < 100 && b < 100 }
	for _, c := range []struct {
		row, col int
		crossed  bool
	}{{2, 3, true}, {4, 0, true}, {0, 2, false}, {0, 1, false}} {
		// The cross runs corner to corner: a quarter cell up and left of
		// the middle lies on it, and a ring or a square is not red.
		if got := isRed(at(c.row, c.col, -0.25)); got != c.crossed {
			t.Errorf("r%dc%d crossed %v, want %v", c.row+1, c.col+1, got, c.crossed)
		}
	}
	// r8c1 was blank: the answer (1, a filled square) is drawn there in
	// the overlay's green; r1c3's entry (a blue ring) is left as written.
	if r, g, b := at(7, 0, 0); !(g > r+40 && g > b) {
		t.Errorf("the blank r8c1 shows (%d,%d,%d), not the answer's green", r, g, b)
	}
	if r, g, b := at(0, 2, 0); !(r > 200 && g > 200 && b > 200) {
		t.Errorf("the middle of r1c3's ring shows (%d,%d,%d): something was drawn over the entry", r, g, b)
	}
}

// Accepting fixes on a half-played photo changes the givens and keeps the
// entries.
func TestAcceptFixesKeepsEntries(t *testing.T) {
	path := halfPlayed(t)
	real, err := vision.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The given at r4c2 (a 0) misread, doubtfully, as a 1.
	i := 3*8 + 1
	saved := readImageFile
	defer func() { readImageFile = saved }()
	readImageFile = func(string) (*vision.Reading, error) {
		c := *real
		c.Cells = append([]solver.Cell(nil), real.Cells...)
		c.Confidence = append([]float64(nil), real.Confidence...)
		c.Cells[i], c.Confidence[i] = solver.One, 0.55
		return &c, nil
	}
	code, out, errOut := runImageCLI("solve", "--no-save", "--json", "--accept-fixes", path)
	var got photoMarksJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s%s", code, err, out, errOut)
	}
	if code != ExitOK || got.Status != "unique" || got.Marks == nil || got.Marks.Entries != 17 || len(got.Marks.Wrong) != 2 {
		t.Fatalf("exit %d, status %s, marks %+v", code, got.Status, got.Marks)
	}
	for _, f := range got.Reading.Filled {
		if f.R == 3 && f.C == 1 && (f.Value != "0" || !f.Given) {
			t.Errorf("r4c2 is %s (given %v) after the fix, want the given 0", f.Value, f.Given)
		}
	}
}

// finishedFirstRowPrinted writes the newspaper board finished in pencil
// and has the CLI read it with only its first row's givens told printed,
// the rest taken for entries, and as edit changes a copy of that reading;
// the reader is restored when t ends. It returns the board's path.
func finishedFirstRowPrinted(t *testing.T, edit func(*vision.Reading)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "finished.png")
	b := halfplayed.Newspaper().Finished(halfplayed.NewspaperSolution, halfplayed.Pencil)
	if err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	real, err := vision.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	saved := readImageFile
	t.Cleanup(func() { readImageFile = saved })
	readImageFile = func(string) (*vision.Reading, error) {
		c := *real
		c.Given = make([]bool, len(real.Cells))
		for i := 0; i < 8; i++ {
			c.Given[i] = b.Givens[0][i] != '.'
		}
		edit(&c)
		return &c, nil
	}
	return path
}

// When the printed givens alone leave the answer open (a finished
// screenshot whose clues the reader missed), the entries read as givens
// settle it, as they did before entries were told apart, and the check
// says the givens have several solutions.
func TestSolveWithEntriesWhenGivensLeaveItOpen(t *testing.T) {
	path := finishedFirstRowPrinted(t, func(*vision.Reading) {})
	code, out, errOut := runImageCLI("solve", "--no-save", "--json", path)
	var got photoMarksJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s%s", code, err, out, errOut)
	}
	if code != ExitOK || got.Status != "unique" || strings.Join(got.Solution, "/") != strings.Join(halfplayed.NewspaperSolution, "/") {
		t.Fatalf("exit %d, status %s, solution %v", code, got.Status, got.Solution)
	}
	if m := got.Marks; m == nil || m.Unique || len(m.Wrong) != 0 || m.Entries != 60 ||
		m.Message != "The givens have more than one solution; your 60 entries fit one of them" || !strings.Contains(out, `"solved_with_entries":true`) {
		t.Errorf("marks %+v in %s", m, out)
	}
}

// photoFixesJSON is what `solve IMAGE --json` says of the suggested
// fixes and the answer.
type photoFixesJSON struct {
	Status      string `json:"status"`
	Suggestions []struct {
		Kind     string
		R, C     int
		From, To string
	} `json:"suggestions"`
	SuggestedSolution []string `json:"suggested_solution"`
	Solution          []string `json:"solution"`
	FixesAccepted     bool     `json:"fixes_accepted"`
}

// An ink blot makes a printed circle look filled: the reader takes it for
// a 1 and the givens allow several answers. The rules, from the reader's
// own odds, suggest reading it as a 0 again, and --accept-fixes gives the
// puzzle's answer.
func TestSolveBlottedPhotoSuggestsTheMisread(t *testing.T) {
	path := filepath.Join(t.TempDir(), "blotted.png")
	if err := halfplayed.Blotted().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	for _, accept := range []bool{false, true} {
		args := []string{"solve", "--no-save", "--json", path}
		if accept {
			args = append(args[:3], "--accept-fixes", path)
		}
		_, out, errOut := runImageCLI(args...)
		var got photoFixesJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: not JSON: %v\n%s%s", args, err, out, errOut)
		}
		at := halfplayed.BlottedAt
		if len(got.Suggestions) != 1 || got.Suggestions[0].Kind != "cell" || got.Suggestions[0].R != at[0] ||
			got.Suggestions[0].C != at[1] || got.Suggestions[0].From != "1" || got.Suggestions[0].To != "0" {
			t.Fatalf("%v: suggestions %+v, want r%dc%d 1 → 0\n%s", args, got.Suggestions, at[0]+1, at[1]+1, out)
		}
		answer := got.SuggestedSolution
		if accept {
			answer = got.Solution
			if !got.FixesAccepted || got.Status != "unique" {
				t.Fatalf("--accept-fixes: status %s, accepted %v", got.Status, got.FixesAccepted)
			}
		}
		if strings.Join(answer, "") != strings.Join(halfplayed.NewspaperSolution, "") {
			t.Fatalf("%v: the answer %v is not the puzzle's", args, answer)
		}
	}
}

// When the givens the reader told apart pin no answer even once a
// misread is mended (printed givens taken for entries), the fixes are
// sought with the entries taken as givens too: a finished board with one
// cell misread, doubtfully, and only its first row told printed gets the
// misread undone and the puzzle's answer.
func TestSuggestFixesWithEntriesWhenGivensLeaveItOpen(t *testing.T) {
	const misread = 4*8 + 3 // r5c4, an entry
	path := finishedFirstRowPrinted(t, func(c *vision.Reading) {
		c.Cells = append([]solver.Cell(nil), c.Cells...)
		c.Confidence = append([]float64(nil), c.Confidence...)
		c.Values = nil
		c.Cells[misread] = 1 - c.Cells[misread]
		c.Confidence[misread] = 0.55
	})
	code, out, errOut := runImageCLI("solve", "--no-save", "--json", path)
	var got photoFixesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s%s", code, err, out, errOut)
	}
	if got.Status == "unique" {
		t.Fatalf("the misread board solved as read:\n%s", out)
	}
	if len(got.Suggestions) != 1 || got.Suggestions[0].Kind != "cell" || got.Suggestions[0].R != 4 || got.Suggestions[0].C != 3 {
		t.Fatalf("suggestions %+v, want the misread r5c4 alone\n%s", got.Suggestions, out)
	}
	if strings.Join(got.SuggestedSolution, "/") != strings.Join(halfplayed.NewspaperSolution, "/") {
		t.Errorf("the suggestions' answer %v is not the puzzle's", got.SuggestedSolution)
	}
}
