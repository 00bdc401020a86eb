package gui

import (
	"testing"
	"time"

	"binocle/vision"
)

func TestLocatedSizeNote(t *testing.T) {
	for _, tc := range []struct {
		name    string
		located string
		want    string
	}{
		{"found at its size", "", ""},
		{"set by the rules", "8x7", " Grid found 8×7, read 8×8: the size with one solution."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &vision.Reading{Rows: 8, Cols: 8}
			r.Evidence.LocatedSize = tc.located
			if got := locatedSizeNote(r); got != tc.want {
				t.Errorf("note %q, want %q", got, tc.want)
			}
		})
	}
}

func TestByLookNote(t *testing.T) {
	for _, tc := range []struct {
		name         string
		clues, cells bool
		want         string
	}{
		{"as the nets read", false, false, ""},
		{"clue kinds by the rules", true, false, " Clue kinds set by the rules: as read, no single answer."},
		{"cells by their look", false, true, " Cells read by their look: as read, no single answer."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &vision.Reading{Rows: 6, Cols: 6}
			r.Evidence.CluesByLook, r.Evidence.CellsByLook = tc.clues, tc.cells
			if got := byLookNote(r); got != tc.want {
				t.Errorf("note %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSolveTime(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, " in under 10µs"},
		{4 * time.Microsecond, " in under 10µs"},
		{14 * time.Microsecond, " in 10µs"},
		{1234 * time.Microsecond, " in 1.23ms"},
	} {
		if got := solveTime(tc.d); got != tc.want {
			t.Errorf("solveTime(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
