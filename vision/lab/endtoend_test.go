package lab

import (
	"testing"

	"binocle/solver"
)

// A wrong answer that is the truth's exact complement is told apart: it
// is a board's two symbols named the other way round, not a misread.
func TestSwapsEvery(t *testing.T) {
	z, o, e := solver.Zero, solver.One, solver.Empty
	tests := []struct {
		name      string
		got, want []solver.Cell
		swapped   bool
	}{
		{"every value swapped", []solver.Cell{o, z, z, o}, []solver.Cell{z, o, o, z}, true},
		{"one value left", []solver.Cell{o, z, o, o}, []solver.Cell{z, o, o, z}, false},
		{"the same answer", []solver.Cell{z, o, o, z}, []solver.Cell{z, o, o, z}, false},
		{"a blank in the truth", []solver.Cell{o, z}, []solver.Cell{z, e}, false},
		{"Troix's third symbol", []solver.Cell{o, z, 2}, []solver.Cell{z, o, 2}, false},
		{"different lengths", []solver.Cell{o}, []solver.Cell{z, o}, false},
		{"nothing", nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := swapsEvery(tt.got, tt.want); got != tt.swapped {
				t.Errorf("swapsEvery = %v, want %v", got, tt.swapped)
			}
		})
	}
}

// Only boards whose two symbols are colours with no names may have them
// named the other way round: on a digits or X/O board the complement is
// a misread the user sees.
func TestNamelessSymbols(t *testing.T) {
	for _, tt := range []struct {
		style    string
		nameless bool
	}{
		{"tango", true},
		{"tiles", true},
		{"linkedin-light", true},
		{"zuzu-tiles", true},
		{"digits", false},
		{"xo", false},
		{"square-circle", false},
		{"binarypuzzle-digits", false},
		{"", false},
	} {
		if got := namelessSymbols(tt.style); got != tt.nameless {
			t.Errorf("namelessSymbols(%q) = %v, want %v", tt.style, got, tt.nameless)
		}
	}
}
