package gui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"binocle/internal/halfplayed"
	"binocle/solver"
)

// halfPlayedPhoto writes a board where the test can open it.
func halfPlayedPhoto(t *testing.T, b halfplayed.Board) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "half-played.png")
	if err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// A half-played photo opens as a typed grid in play mode does: the
// printed givens are the puzzle, the pen marks the player's entries, and
// Check crosses out the wrong ones on the grid and on the photo.
func TestCheckHalfPlayedPhoto(t *testing.T) {
	u := newTestUI(t)
	path := halfPlayedPhoto(t, halfplayed.Newspaper())
	u.openPath(path)
	u.pending.Wait()
	board := halfplayed.Newspaper()
	if got := u.ed.puzzle.RowStrings(); !slices.Equal(got, board.Givens) {
		t.Fatalf("the puzzle is %v, want the printed givens %v", got, board.Givens)
	}
	if !u.ed.playing || u.doc.result == nil || u.doc.result.Status != solver.Unique {
		t.Fatalf("playing %v, result %v: want play mode on the givens' unique solution", u.ed.playing, u.doc.result)
	}
	if got := solver.GridRows(u.ed.play, 8, 8); !slices.Equal(got, board.Marks) {
		t.Fatalf("the player's entries are %v, want the pen marks %v", got, board.Marks)
	}
	wantStatus(t, u, levelInfo, "Read 17 entries of yours beside the 18 printed givens")
	if u.photo.img == nil || u.photo.img == u.doc.overlay {
		t.Fatal("play mode shows no photo, or the solved overlay")
	}

	test.Tap(u.checkButton)
	wantStatus(t, u, levelError, "2 of your 17 entries are wrong: r3c4, r5c1")
	wrong := []solver.Point{{Row: 2, Col: 3}, {Row: 4, Col: 0}}
	for i, m := range u.ed.marks {
		pt := solver.Point{Row: i / 8, Col: i % 8}
		if (m&markMistake != 0) != slices.Contains(wrong, pt) {
			t.Errorf("r%dc%d: crossed out on the grid %v", pt.Row+1, pt.Col+1, m&markMistake != 0)
		}
	}
	if !slices.Equal(u.photo.crossed, wrong) {
		t.Errorf("the photo crosses out %v, want %v", u.photo.crossed, wrong)
	}

	// Mending r3c4 clears the crosses; Check then names r5c1 alone.
	u.ed.sel = wrong[0]
	test.Type(u.grid, "1")
	if len(u.photo.crossed) != 0 {
		t.Errorf("an edit left the photo's crosses %v", u.photo.crossed)
	}
	test.Tap(u.checkButton)
	wantStatus(t, u, levelError, "1 of your 17 entries is wrong: r5c1")
	u.ed.sel = wrong[1]
	test.Type(u.grid, "1")
	test.Tap(u.checkButton)
	wantStatus(t, u, levelSuccess, "All 17 of your entries are right; 29 cells to go")
	if len(u.photo.crossed) != 0 {
		t.Errorf("the photo still crosses out %v", u.photo.crossed)
	}

	// Leaving play and coming back starts again from the photo's entries.
	u.togglePlay()
	u.togglePlay()
	if got := solver.GridRows(u.ed.play, 8, 8); !slices.Equal(got, board.Marks) {
		t.Errorf("play mode came back with %v, want the photo's entries", got)
	}
	// The history keeps the puzzle as printed and the entries beside it:
	// opening the photo again reopens that entry, in play mode with them.
	if recs := u.history.records; len(recs) != 1 || !slices.Equal(recs[0].Givens, board.Givens) ||
		recs[0].Reading == nil || !slices.Equal(recs[0].Reading.Marks, board.Marks) {
		t.Fatalf("history %+v, want one entry with the printed givens and the entries", recs)
	}
	u.openPath(path)
	u.pending.Wait()
	wantStatus(t, u, levelInfo, "already in the history")
	if !u.ed.playing || !slices.Equal(solver.GridRows(u.ed.play, 8, 8), board.Marks) || !slices.Equal(u.ed.puzzle.RowStrings(), board.Givens) {
		t.Fatalf("the reopened entry: playing %v, entries %v", u.ed.playing, solver.GridRows(u.ed.play, 8, 8))
	}
	test.Tap(u.checkButton)
	wantStatus(t, u, levelError, "2 of your 17 entries are wrong: r3c4, r5c1")
}

// A finished grid is checked the same way: every blank cell is an entry,
// and all right means solved. It is filled in pencil: blue pen on most of
// the cells makes the reader take the page for a Tango board.
func TestCheckFinishedPhoto(t *testing.T) {
	board := halfplayed.Newspaper().Finished(halfplayed.NewspaperSolution, halfplayed.Pencil)
	path := halfPlayedPhoto(t, board)
	u := newTestUI(t)
	u.openPath(path)
	u.pending.Wait()
	if !u.ed.playing || u.blanksLeft() != 0 {
		t.Fatalf("playing %v with %d blanks: want play mode with every cell filled", u.ed.playing, u.blanksLeft())
	}
	u.check()
	wantStatus(t, u, levelSuccess, "All 46 of your entries are right: the puzzle is solved")
	if strings.Contains(u.status.message(), "cells to go") {
		t.Errorf("status %q", u.status.message())
	}
}

// A finished photo whose printed givens alone leave the answer open is
// solved with the player's entries as givens, as the command line does,
// and opens as a plain photo's puzzle rather than in play mode.
func TestHalfPlayedPhotoSolvedByEntries(t *testing.T) {
	board := halfplayed.Newspaper().Finished(halfplayed.NewspaperSolution, halfplayed.Pencil)
	// Six printed givens become the player's entries: what stays printed
	// no longer settles the answer, the full grid does.
	moved := 0
	for r := range board.Givens {
		g, m := []byte(board.Givens[r]), []byte(board.Marks[r])
		for c := range g {
			if g[c] != '.' && moved < 6 && r%2 == 0 {
				m[c], g[c] = g[c], '.'
				moved++
			}
		}
		board.Givens[r], board.Marks[r] = string(g), string(m)
	}
	givens, err := solver.NewPuzzle(solver.ThreeInARow, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	for i := range givens.Cells {
		givens.Cells[i], _ = solver.CellFromChar(board.Givens[i/8][i%8])
	}
	if solver.Solve(givens).Status == solver.Unique {
		t.Fatal("the printed givens left settle the answer; the test needs them not to")
	}
	u := newTestUI(t)
	u.openPath(halfPlayedPhoto(t, board))
	u.pending.Wait()
	if u.doc.result == nil || u.doc.result.Status != solver.Unique || u.ed.playing || u.doc.marks != nil {
		t.Fatalf("result %v, playing %v, marks %v: want a unique answer from the entries, not play mode", u.doc.result, u.ed.playing, u.doc.marks)
	}
	if got := solver.GridRows(u.doc.result.Solution, 8, 8); !slices.Equal(got, halfplayed.NewspaperSolution) {
		t.Fatalf("the answer is %v, want the puzzle's", got)
	}
	wantStatus(t, u, levelSuccess, "Solved with your entries as givens")
}
