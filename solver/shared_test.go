package solver

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// sharedDatasets finds ../shared/datasets beside the repository root (the
// directory holding go.mod) and skips the test when it is absent.
func sharedDatasets(tb testing.TB) []string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("skipping: cannot find the repository root (go.mod) to locate ../shared/datasets")
		}
		dir = parent
	}
	files, _ := filepath.Glob(filepath.Join(dir, "..", "shared", "datasets", "*.jsonl"))
	if len(files) == 0 {
		tb.Skipf("skipping: no shared datasets at %s", filepath.Join(dir, "..", "shared", "datasets"))
	}
	sort.Strings(files)
	return files
}

type datasetPuzzle struct {
	rec      Record
	line     int
	puzzle   *Puzzle
	solution []Cell
}

func loadDataset(tb testing.TB, path string) []datasetPuzzle {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []datasetPuzzle
	rr := NewRecordReader(f)
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		p, err := rec.Puzzle()
		if err != nil {
			tb.Fatalf("%s line %d (%s): %v", path, rr.Line(), rec.ID, err)
		}
		sol, err := rec.SolutionCells()
		if err != nil {
			tb.Fatalf("%s line %d (%s): %v", path, rr.Line(), rec.ID, err)
		}
		out = append(out, datasetPuzzle{rec: rec, line: rr.Line(), puzzle: p, solution: sol})
	}
}
