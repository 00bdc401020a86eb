package solver

import (
	"fmt"
	"testing"
)

func benchGenerate(b *testing.B, opts GenOptions) {
	for i := 0; b.Loop(); i++ {
		opts.Seed = uint64(i)
		if _, _, err := Generate(opts); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		rules Rules
		n     int
		d     Difficulty
		edges bool
	}{
		{ThreeInARow, 6, Easy, true},
		{Takuzu, 10, Easy, false},
		{Takuzu, 10, Medium, false},
		{Takuzu, 10, Hard, false},
		{Takuzu, 10, Expert, false},
		{ThreeInARow, 10, Hard, false},
		{Troix, 9, Hard, false},
		{Takuzu, 20, Hard, false},
		{Takuzu, 40, Hard, false},
	} {
		name := fmt.Sprintf("%s-%dx%d-%s", c.rules, c.n, c.n, c.d)
		if c.edges {
			name += "-edges"
		}
		b.Run(name, func(b *testing.B) {
			benchGenerate(b, GenOptions{Rules: c.rules, Rows: c.n, Cols: c.n, Difficulty: c.d, Edges: c.edges})
		})
	}
}
