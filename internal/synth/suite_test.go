package synth

import (
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
