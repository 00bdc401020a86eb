package solver

import (
	"context"
	"strings"
	"testing"

	"binocle/internal/halfplayed"
)

// newspaperGivens is the 8x8 puzzle of testdata/photo-newspaper.jpg: one
// solution under threeinarow.
var newspaperGivens = halfplayed.Newspaper().Givens

// marksFrom are the player's entries: the cells of grid that are blank
// among the givens.
func marksFrom(t *testing.T, p *Puzzle, rows []string) []Cell {
	t.Helper()
	q := grid(t, p.Rules, rows...)
	for i := range q.Cells {
		if p.Cells[i] != Empty {
			q.Cells[i] = Empty
		}
	}
	return q.Cells
}

func TestCheckMarks(t *testing.T) {
	p := grid(t, ThreeInARow, newspaperGivens...)
	res := Solve(p)
	if res.Status != Unique {
		t.Fatalf("the newspaper puzzle is %s", res.Status)
	}
	solution := GridRows(res.Solution, p.Rows, p.Cols)
	flip := func(grid []string, r, c int) []string {
		out := append([]string(nil), grid...)
		b := []byte(out[r])
		b[c] = "10"[b[c]-'0']
		out[r] = string(b)
		return out
	}
	// keep blanks all but the first n non-given cells of the solution.
	keep := func(grid []string, n int) []string {
		out := append([]string(nil), grid...)
		for r := range out {
			b := []byte(out[r])
			for c := range b {
				if newspaperGivens[r][c] != '.' {
					continue
				}
				if n > 0 {
					n--
				} else {
					b[c] = '.'
				}
			}
			out[r] = string(b)
		}
		return out
	}
	blanks := strings.Count(strings.Join(newspaperGivens, ""), ".")
	// The first blank cells in reading order: r1c3, r1c4, r1c7, r1c8, r2c1 ...
	for _, tc := range []struct {
		name    string
		grid    []string
		entries int
		wrong   []string
		message string
	}{
		{"no entries", newspaperGivens, 0, nil, "There are no entries of yours to check"},
		{"one right entry", keep(solution, 1), 1, nil, "Your 1 entry is right"},
		{"half played, all right", keep(solution, 17), 17, nil, "All 17 of your entries are right"},
		{"half played, two wrong", flip(flip(keep(solution, 17), 1, 0), 0, 3), 17, []string{"r1c4", "r2c1"},
			"2 of your 17 entries are wrong: r1c4, r2c1"},
		{"one wrong", flip(keep(solution, 17), 0, 2), 17, []string{"r1c3"}, "1 of your 17 entries is wrong: r1c3"},
		{"finished and right", solution, blanks, nil, "All 46 of your entries are right"},
		{"finished with one slip", flip(solution, 7, 7), blanks, []string{"r8c8"}, "1 of your 46 entries is wrong: r8c8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := CheckMarks(p, marksFrom(t, p, tc.grid))
			if err != nil {
				t.Fatal(err)
			}
			names := wrongNames(rep)
			for _, w := range rep.Wrong {
				if w.Mark == w.Want || w.Want != res.Solution[w.Row*p.Cols+w.Col] {
					t.Errorf("%s: mark %c, want %c; the solution has %c", w.Name(), w.Mark.Char(), w.Want.Char(), res.Solution[w.Row*p.Cols+w.Col].Char())
				}
			}
			if rep.Status != Unique || rep.Entries != tc.entries || strings.Join(names, " ") != strings.Join(tc.wrong, " ") {
				t.Errorf("status %s, %d entries, wrong %v; want unique, %d, %v", rep.Status, rep.Entries, names, tc.entries, tc.wrong)
			}
			if rep.Fits != (len(tc.wrong) == 0) {
				t.Errorf("fits %v with %d wrong", rep.Fits, len(tc.wrong))
			}
			if got := rep.Message(); got != tc.message {
				t.Errorf("message %q, want %q", got, tc.message)
			}
		})
	}
	if blanks != 46 {
		t.Fatalf("the puzzle has %d blanks; the cases above count 46", blanks)
	}
}

// With several solutions an entry is wrong only when no solution has it.
func TestCheckMarksSeveralSolutions(t *testing.T) {
	givens := []string{"00..", "....", "....", "...."}
	p := grid(t, ThreeInARow, givens...)
	for _, tc := range []struct {
		name    string
		grid    []string
		wrong   []string
		fits    bool
		message string
	}{
		{"possible entries", []string{"0011", "....", "....", "...."}, nil, true,
			"The givens have more than one solution; your 2 entries fit one of them"},
		{"an impossible entry", []string{"000.", "1...", "....", "...."}, []string{"r1c3"}, false,
			"The givens have more than one solution; 1 of your 2 entries fits none of them: r1c3"},
		{"possible alone, not together", []string{"00..", "1...", "1...", "1..."}, nil, false,
			"The givens have more than one solution; each of your 3 entries fits one, but not all together"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := CheckMarks(p, marksFrom(t, p, tc.grid))
			if err != nil {
				t.Fatal(err)
			}
			names := wrongNames(rep)
			if rep.Status != Multiple || strings.Join(names, " ") != strings.Join(tc.wrong, " ") || rep.Fits != tc.fits {
				t.Errorf("status %s, wrong %v, fits %v; want multiple, %v, %v", rep.Status, names, rep.Fits, tc.wrong, tc.fits)
			}
			if got := rep.Message(); got != tc.message {
				t.Errorf("message %q, want %q", got, tc.message)
			}
		})
	}
}

func TestCheckMarksNoSolutionAndBadInput(t *testing.T) {
	broken := grid(t, ThreeInARow, []string{"000.", "....", "....", "...."}...)
	rep, err := CheckMarks(broken, marksFrom(t, broken, []string{"0001", "....", "....", "...."}))
	if err != nil || rep.Status != None || rep.Entries != 1 || len(rep.Wrong) != 0 {
		t.Errorf("givens with no solution: %+v, %v", rep, err)
	}
	if got, want := rep.Message(), "The givens have no solution, so your 1 entry cannot be checked"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}

	p := grid(t, ThreeInARow, []string{"0...", "....", "....", "...."}...)
	empty := func() []Cell {
		m := make([]Cell, 16)
		for i := range m {
			m[i] = Empty
		}
		return m
	}
	onGiven := empty()
	onGiven[0] = One
	troix := empty()
	troix[1] = Two
	odd := empty()
	odd[2] = Cell(7)
	for _, tc := range []struct {
		name  string
		p     *Puzzle
		marks []Cell
		want  string
	}{
		{"no puzzle", nil, empty(), "no puzzle"},
		{"short", p, empty()[:15], "15 marks for a 4x4 grid"},
		{"mark on a given", p, onGiven, "r1c1 holds both a given and a mark"},
		{"a symbol the rules lack", p, troix, "r1c2 holds symbol 2"},
		{"no symbol at all", p, odd, "r1c3 holds symbol 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := CheckMarks(tc.p, tc.marks); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
	res := Solve(p)
	res.Solution = res.Solution[:3]
	if _, err := CompareMarks(context.Background(), p, res, empty()); err == nil {
		t.Error("a solution of the wrong size was taken")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CheckMarksContext(ctx, p, empty()); err == nil {
		t.Error("a cancelled check reported no error")
	}
}

func TestMarkMessageNamesTenAtMost(t *testing.T) {
	rep := MarkReport{Status: Unique, Entries: 30}
	for i := 0; i < 12; i++ {
		rep.Wrong = append(rep.Wrong, WrongMark{Row: i / 4, Col: i % 4, Mark: One, Want: Zero})
	}
	got := rep.Message()
	if !strings.HasPrefix(got, "12 of your 30 entries are wrong: r1c1, r1c2") || !strings.HasSuffix(got, "r3c2 and 2 more") {
		t.Errorf("message %q", got)
	}
}

func wrongNames(rep MarkReport) []string {
	var names []string
	for _, w := range rep.Wrong {
		names = append(names, w.Name())
	}
	return names
}
