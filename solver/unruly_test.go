package solver

import (
	"strings"
	"testing"
)

func TestParseUnruly(t *testing.T) {
	// Unruly's desc: 'a'+k is k blanks then a 0 (white), 'A'+k is k blanks
	// then a 1 (black); 'z' skips 25; the last letter lands one past the grid.
	p, err := ParseUnruly("6x6:aGzd")
	if err != nil {
		t.Fatal(err)
	}
	if p.Rules != ThreeInARow || p.Rows != 6 || p.Cols != 6 {
		t.Fatalf("got %v %dx%d", p.Rules, p.Rows, p.Cols)
	}
	want := []string{"0.....", ".1....", "......", "......", "......", "......"}
	for r, row := range p.RowStrings() {
		if row != want[r] {
			t.Fatalf("rows %v, want %v", p.RowStrings(), want)
		}
	}

	// Width comes first in Unruly's parameters; 'u' is the distinct rule.
	p, err = ParseUnruly("8x6u:ZWa")
	if err != nil {
		t.Fatal(err)
	}
	if p.Rules != Takuzu || p.Rows != 6 || p.Cols != 8 {
		t.Fatalf("got %v %dx%d", p.Rules, p.Rows, p.Cols)
	}
	if p.Cells[25+22] != One || p.At(5, 7) != One {
		t.Fatalf("the last cell should be 1: %v", p.RowStrings())
	}

	if _, err := Parse([]byte("  10x10:" + strings.Repeat("z", 4) + "a\n")); err != nil {
		t.Fatalf("Parse does not sniff an Unruly ID: %v", err)
	}
	if p, err := ParseUnruly("6x6dn:aGzd"); err != nil || p.Rules != ThreeInARow {
		t.Fatalf("difficulty suffix: %v", err)
	}
}

func TestParseUnrulyErrors(t *testing.T) {
	tests := []struct{ id, want string }{
		{"6x6", "want WIDTHxHEIGHT:DESCRIPTION"},
		{"x6:a", "want a width"},
		{"6x:a", "want a height"},
		{"6x6q:a", "unexpected \"q\""},
		{"6x6:aGzc", "covers 36 of 36 cells"},
		{"6x6:aGze", "runs past the 6x6 grid at character 4"},
		{"6x6:aGzda", "runs past the 6x6 grid at character 4"},
		{"6x6:aG1", "character 3 is '1'"},
		{"1x6:a", "out of range"},
		{"99999x6:a", "want a width"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			_, err := ParseUnruly(tt.id)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// A damaged Unruly ID is named as one, not read as a text header.
func TestParseBadUnrulyID(t *testing.T) {
	for _, id := range []string{"6x6u:", "6x6u:fah!jaebba", "6x6u:fah!jaebba\n", "\uFEFF8x8:a1b"} {
		t.Run(id, func(t *testing.T) {
			_, err := Parse([]byte(id))
			if err == nil || !strings.Contains(err.Error(), "bad Unruly ID") || strings.Contains(err.Error(), "header") {
				t.Fatalf("got %v, want a bad Unruly ID error", err)
			}
		})
	}
}

func TestUnrulyRoundTripDatasets(t *testing.T) {
	for _, path := range sharedDatasets(t) {
		written := 0
		for _, d := range loadDataset(t, path) {
			id, err := FormatUnruly(d.puzzle)
			if d.puzzle.Rules == Troix || len(d.puzzle.Edges) > 0 || d.puzzle.Rows%2 != 0 || d.puzzle.Cols%2 != 0 {
				if err == nil {
					t.Fatalf("%s: FormatUnruly accepted what Unruly cannot hold: %s", d.rec.ID, id)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", d.rec.ID, err)
			}
			q, err := Parse([]byte(id))
			if err != nil || !samePuzzle(d.puzzle, q) {
				t.Fatalf("%s: %s did not round-trip: %v", d.rec.ID, id, err)
			}
			written++
		}
		t.Logf("%s: %d puzzles round-tripped through Unruly IDs", path, written)
	}
}

func FuzzParseUnruly(f *testing.F) {
	for _, s := range []string{"6x6:aGzd", "8x8u:zzZA", "10x10:zzzzb", "6x6dn:aGzd", "14x8:", "0x0:a", "6x6u:", "6x6u:fah!jaebba", "\uFEFF6x6:aGzd\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		p, err := ParseUnruly(id)
		if err != nil {
			return
		}
		again, err := FormatUnruly(p)
		if err != nil {
			return // odd or small sizes are read but not written
		}
		q, err := ParseUnruly(again)
		if err != nil || !samePuzzle(p, q) {
			t.Fatalf("%q -> %q does not round-trip: %v", id, again, err)
		}
	})
}
