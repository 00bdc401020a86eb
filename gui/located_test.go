package gui

import (
	"testing"

	"binocle/vision"
)

func TestLocatedSizeNote(t *testing.T) {
	for _, tc := range []struct {
		name    string
		located string
		want    string
	}{
		{"found at its size", "", ""},
		{"set by the rules", "8x7", " The grid was found 8×7 and read 8×8, the size at which the puzzle has one solution."},
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
