package cli

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"binocle/solver"
)

func TestGenIsDeterministicAndParses(t *testing.T) {
	args := []string{"gen", "--rules", "takuzu", "--size", "8x8", "--difficulty", "hard", "--seed", "11"}
	code, first, errOut := runCLI(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, second, _ := runCLI(t, args...)
	if first != second {
		t.Fatalf("the same seed printed two puzzles:\n%s\n%s", first, second)
	}
	p, err := solver.Parse([]byte(first))
	if err != nil {
		t.Fatalf("%v in\n%s", err, first)
	}
	if res := solver.Solve(p); res.Status != solver.Unique {
		t.Fatalf("printed puzzle is %s", res.Status)
	}
	if g, _, err := solver.Grade(p); err != nil || g != solver.Hard {
		t.Fatalf("printed puzzle grades %v (%v)", g, err)
	}
}

// --jsonl writes data set records that read back as unique puzzles with
// their solutions and grades.
func TestGenJSONLRecords(t *testing.T) {
	code, out, errOut := runCLI(t, "gen", "--rules", "threeinarow", "--size", "6x6", "--difficulty", "medium",
		"--edges", "--count", "3", "--jsonl", "--seed", "4")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rr := solver.NewRecordReader(strings.NewReader(out))
	var ids []string
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rec.ID)
		p, err := rec.Puzzle()
		if err != nil {
			t.Fatal(err)
		}
		sol, err := rec.SolutionCells()
		if err != nil {
			t.Fatal(err)
		}
		res := solver.Solve(p)
		if res.Status != solver.Unique || !slices.Equal(res.Solution, sol) {
			t.Fatalf("%s: %s, or the record's solution is not the solver's", rec.ID, res.Status)
		}
		if g, _, err := solver.Grade(p); err != nil || rec.Difficulty == nil || g.String() != *rec.Difficulty {
			t.Fatalf("%s: graded %v (%v), labelled %v", rec.ID, g, err, rec.Difficulty)
		}
	}
	if len(ids) != 3 || ids[0] == ids[1] || ids[1] == ids[2] {
		t.Fatalf("ids %v", ids)
	}
}

func TestGenBadOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--size", "10"}, "--size"},
		{[]string{"--size", "axb"}, "--size"},
		{[]string{"--rules", "sudoku"}, "--rules"},
		{[]string{"--difficulty", "brutal"}, "--difficulty"},
		{[]string{"--count", "0"}, "--count"},
		{[]string{"--rules", "troix", "--size", "8x8"}, "divisible by 3"},
		{[]string{"--size", "2x2"}, "4.."},
		{[]string{"extra"}, "unexpected argument"},
	} {
		var out, errOut bytes.Buffer
		code := Main(append([]string{"gen"}, c.args...), &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut})
		if code != ExitBadInput || !strings.Contains(errOut.String(), c.says) {
			t.Errorf("gen %v: exit %d, stderr %q; want %d mentioning %q", c.args, code, errOut.String(), ExitBadInput, c.says)
		}
	}
}
