package solver

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gradeBumped is the alternative that TestGradeAgreement weighs against
// Grade: a Medium or Hard puzzle that needs its hardest grade often (for
// an eighth of its empty cells, and at least four times) goes one up.
func gradeBumped(d Difficulty, st GradeStats) Difficulty {
	if (d == Medium || d == Hard) && st.HardestUses >= max(4, st.Empty/8) {
		return d + 1
	}
	return d
}

// kendallTau is Kendall's tau-b between two rankings with ties: 1 when
// they order every pair alike, 0 when unrelated.
func kendallTau(x, y []int) float64 {
	var conc, disc, tx, ty float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case (dx > 0) == (dy > 0):
				conc++
			default:
				disc++
			}
		}
	}
	den := (conc + disc + tx) * (conc + disc + ty)
	if den == 0 {
		return 0
	}
	return (conc - disc) / math.Sqrt(den)
}

// TestGradeAgreement compares the grades with the sites' own difficulty
// labels and prints the confusion matrices as markdown for the README.
// It runs on a sample; -hints.full grades every puzzle. It fails when the
// grades do not rise with the sites' levels.
func TestGradeAgreement(t *testing.T) {
	files := map[string]bool{"binarypuzzle.jsonl": true, "puzzle-binairo.jsonl": true, "takuzu-vue.jsonl": true}
	for _, path := range sharedDatasets(t) {
		name := filepath.Base(path)
		if !files[name] {
			continue
		}
		sample := stepSample(loadDataset(t, path), 240)
		var labels, grades, bumped []int
		matrix := map[int]*[Inhuman + 1]int{}
		maxLabel := 0
		for _, d := range sample {
			if d.rec.Difficulty == nil {
				continue
			}
			level, err := strconv.Atoi(*d.rec.Difficulty)
			if err != nil {
				t.Fatalf("%s %s: difficulty %q is not a number", name, d.rec.ID, *d.rec.Difficulty)
			}
			g, st, err := Grade(d.puzzle)
			if err != nil {
				t.Fatalf("%s %s: %v", name, d.rec.ID, err)
			}
			if matrix[level] == nil {
				matrix[level] = &[Inhuman + 1]int{}
			}
			matrix[level][g]++
			maxLabel = max(maxLabel, level)
			labels, grades, bumped = append(labels, level), append(grades, int(g)), append(bumped, int(gradeBumped(g, st)))
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "\n%s: %d puzzles; rows are the site's level, columns Binocle's grade\n\n", name, len(labels))
		sb.WriteString("| level | easy | medium | hard | expert | inhuman | mean grade |\n|---|---|---|---|---|---|---|\n")
		prevMean := -1.0
		for level := 1; level <= maxLabel; level++ {
			row := matrix[level]
			if row == nil {
				continue
			}
			n, sum := 0, 0
			fmt.Fprintf(&sb, "| %d |", level)
			for g, c := range row {
				fmt.Fprintf(&sb, " %d |", c)
				n += c
				sum += g * c
			}
			mean := float64(sum) / float64(n)
			fmt.Fprintf(&sb, " %.2f |\n", mean)
			if mean < prevMean {
				t.Errorf("%s: level %d grades easier on average (%.2f) than the level below (%.2f)", name, level, mean, prevMean)
			}
			prevMean = mean
		}
		tau, tauBumped := kendallTau(labels, grades), kendallTau(labels, bumped)
		fmt.Fprintf(&sb, "\nKendall's tau-b between level and grade: %.3f (grade raised for frequent use: %.3f)\n", tau, tauBumped)
		t.Log(sb.String())
		if tau < 0.5 {
			t.Errorf("%s: grades agree too little with the site's levels (tau-b %.3f)", name, tau)
		}
	}
}

func TestParseDifficulty(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Difficulty
		ok   bool
	}{
		{"easy", Easy, true}, {" Hard ", Hard, true}, {"INHUMAN", Inhuman, true}, {"3", Hard, true},
		{"5", Inhuman, true}, {"0", 0, false}, {"6", 0, false}, {"brutal", 0, false}, {"", 0, false},
	} {
		got, err := ParseDifficulty(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseDifficulty(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
		}
		if c.ok {
			var back Difficulty
			text, _ := got.MarshalText()
			if err := back.UnmarshalText(text); err != nil || back != got {
				t.Errorf("%v does not survive MarshalText/UnmarshalText: %v", got, err)
			}
		}
	}
}

// Grading reports the technique it leaned on and how often.
func TestGradeStats(t *testing.T) {
	p := mustParseHint(t, "takuzu-6x6-expert.txt")
	d, st, err := Grade(p)
	if err != nil {
		t.Fatal(err)
	}
	if d != Expert || st.Hardest != "trial" || st.HardestUses < 1 || st.Steps < st.HardestUses || st.Uses["trial"] != st.HardestUses {
		t.Fatalf("got %v %+v", d, st)
	}
	if st.Score < float64(Expert) || st.Score >= float64(Inhuman) {
		t.Fatalf("score %.2f is outside Expert's band", st.Score)
	}
}
