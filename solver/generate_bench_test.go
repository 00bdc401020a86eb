package solver

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// benchGenerate generates with a new seed each round and reports the
// median round beside the mean, since the targets are medians and a rare
// grid that needs many attempts pulls the mean up.
func benchGenerate(b *testing.B, opts GenOptions) {
	var took []time.Duration
	for i := 0; b.Loop(); i++ {
		opts.Seed = uint64(i)
		start := time.Now()
		if _, _, err := Generate(opts); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "median-ms")
}

func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		rules Rules
		n     int
		d     Difficulty
		edges bool
	}{
		{ThreeInARow, 6, Easy, true},
		{ThreeInARow, 6, Hard, true},
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

// BenchmarkGradeDataset grades puzzles from the shared data sets, the
// cost of a hint path (Grade runs every step).
func BenchmarkGradeDataset(b *testing.B) {
	for _, path := range sharedDatasets(b) {
		all := loadDataset(b, path)
		b.Run(strings.TrimSuffix(filepath.Base(path), ".jsonl"), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, _, err := Grade(all[i%len(all)].puzzle); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
