package synth

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// The report's promises rest on the suite's mix: every style in both kinds,
// every look, the hard photo conditions, and specs that do not change when
// the suite grows.
func TestSuiteCoversEverything(t *testing.T) {
	lib := library(t)
	photos, err := lib.Suite(20240611, KindPhoto, 240)
	if err != nil {
		t.Fatal(err)
	}
	clean, err := lib.Suite(20240611, KindClean, 14)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	names := map[string]bool{}
	for _, s := range append(append([]Spec{}, clean...), photos...) {
		if names[s.Name] {
			t.Errorf("two specs named %s", s.Name)
		}
		names[s.Name] = true
		seen[string(s.Kind)+" "+s.Style]++
		seen["look "+string(s.Look)]++
		if s.Kind != KindPhoto {
			continue
		}
		for cond, ok := range map[string]bool{
			"12 MP":           s.Width*s.Height >= 12_000_000,
			"tilt ≥ 30°":      s.Tilt >= 30,
			"rotated ≥ 15":    s.Rotate >= 15 || s.Rotate <= -15,
			"bent":            s.Bend > 0,
			"EXIF":            s.Orientation > 1,
			"portrait":        s.Height > s.Width,
			"30+ cells":       max(s.Rows, s.Cols) >= 30,
			"non-square":      s.Rows != s.Cols,
			"answer grid":     !strings.Contains(strings.Join(s.Cells, ""), "."),
			"clues off Tango": len(s.Edges) > 0 && s.Style != StyleTango,
		} {
			if ok {
				seen[cond]++
			}
		}
	}
	var want []string
	for _, st := range Styles {
		want = append(want, "clean "+st, "photo "+st)
	}
	want = append(want, "look print", "look light", "look partial", "look app",
		"12 MP", "tilt ≥ 30°", "rotated ≥ 15", "bent", "EXIF", "portrait", "30+ cells", "non-square", "answer grid", "clues off Tango")
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("the suite has no %s", w)
		}
	}
	if seen["12 MP"] < 20 {
		t.Errorf("only %d 12 MP photos; the speed report needs a fair sample", seen["12 MP"])
	}

	prefix, err := lib.Suite(20240611, KindPhoto, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(prefix, photos[:10]) {
		t.Error("a shorter suite is not a prefix of a longer one")
	}
}

// TestWildSuiteVariesWhatTheTunedOnesDoNot: the wild suites draw small
// and fine clues, badges and dark Tango boards; the tuned suites keep the
// zero values, so their pixels do not move.
func TestWildSuiteVariesWhatTheTunedOnesDoNot(t *testing.T) {
	lib := library(t)
	wild, err := lib.WildSuite(9001, KindClean, 70)
	if err != nil {
		t.Fatal(err)
	}
	tuned, err := lib.Suite(9001, KindClean, 70)
	if err != nil {
		t.Fatal(err)
	}
	var small, badge, dark int
	for _, s := range wild {
		if !strings.HasPrefix(s.Name, "wild-") || s.ClueScale < 0.35 || s.ClueScale > 1.1 || s.ClueStroke <= 0 {
			t.Fatalf("%s: clue scale %.2f, stroke %.3f", s.Name, s.ClueScale, s.ClueStroke)
		}
		if s.ClueScale < 0.6 {
			small++
		}
		if s.ClueBadge {
			badge++
		}
		if s.Dark {
			dark++
		}
	}
	if small == 0 || badge == 0 || dark == 0 {
		t.Errorf("70 wild specs: %d small-clue, %d badge, %d dark; want some of each", small, badge, dark)
	}
	for _, s := range tuned {
		if s.ClueScale != 0 || s.ClueStroke != 0 || s.ClueBadge || s.Dark {
			t.Fatalf("tuned spec %s draws a wild look", s.Name)
		}
	}
	// A wild look changes the picture of the same board.
	spec := handSpec(KindClean, StyleTango, LookApp, 6, 6)
	a, err := Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	spec.ClueScale, spec.ClueStroke, spec.ClueBadge, spec.Dark = 0.4, 1.0/50, true, true
	b, err := Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Data, b.Data) {
		t.Errorf("the wild look drew the same picture")
	}
}
