package locate

import (
	"errors"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestLadderOrder pins the rungs' order, which doc.go and README's "How it
// gets there" describe.
func TestLadderOrder(t *testing.T) {
	names := func(ladder []locator) string {
		var s []string
		for _, r := range ladder {
			s = append(s, r.name)
		}
		return strings.Join(s, " ")
	}
	if got, want := names(readLadder), "lattice board outline fine flat glyphs boxed bare bare inverted colour boxed"; got != want {
		t.Errorf("read ladder %q, want %q", got, want)
	}
	if got, want := names(lastResortLadder), "closed glyphs chroma sparse sparse inverted sparse colour loose lattice loose chroma faint boxed"; got != want {
		t.Errorf("last-resort ladder %q, want %q", got, want)
	}
	if got, want := names(previewLadder), "preview"; got != want {
		t.Errorf("preview ladder %q, want %q", got, want)
	}
}

// TestClimb checks the ladder's rule on rungs that find what they are
// told: a rung that finds nothing, or whose finding its accept rule turns
// away, or that finds a grid smaller than any puzzle, hands over to the
// next; the first accepted wins, refined, and the rungs below it are not
// run, unless the reader sees no grid at it.
func TestClimb(t *testing.T) {
	img := gocv.NewMatWithSize(32, 32, gocv.MatTypeCV8UC3)
	defer img.Close()
	var ran []string
	rung := func(name string, n int, found bool, accept func(*copies, Sighting) bool) locator {
		return locator{name: name, accept: accept, Run: func(*copies) (Sighting, bool) {
			ran = append(ran, name)
			return Sighting{C: Candidate{Rows: PeriodFit{N: n}, Cols: PeriodFit{N: n}}, scale: float64(n)}, found
		}}
	}
	refuse := func(*copies, Sighting) bool { return false }
	refined := rung("refined", 6, true, nil)
	refined.refine = func(_ *copies, s Sighting) Sighting {
		s.C.Rows.N = 7
		return s
	}
	ladder := []locator{rung("none", 6, false, nil), rung("refused", 6, true, refuse), rung("too small", 3, true, nil), refined, rung("below", 8, true, nil)}
	c, scale, err := climb(img, ladder, nil)
	if err != nil || c.Rows.N != 7 || c.Cols.N != 6 || scale != 6 {
		t.Errorf("climb: %dx%d scale %v err %v, want the refined rung's 7x6 scale 6", c.Rows.N, c.Cols.N, scale, err)
	}
	if got := strings.Join(ran, " "); got != "none refused too small refined" {
		t.Errorf("rungs run %q, want none refused too small refined", got)
	}
	ran = nil
	if _, _, err := climb(img, ladder[:3], nil); !errors.Is(err, ErrNoGrid) {
		t.Errorf("no rung accepted: err %v, want ErrNoGrid", err)
	}
	// A finding the reader sees no grid at (a thumbnail's lattice) is
	// passed over like a refused one: the rung below it looks on.
	ran = nil
	var shownTo []int
	notSeven := func(c Candidate, _ float64) bool {
		shownTo = append(shownTo, c.Rows.N)
		return c.Rows.N != 7
	}
	c, scale, err = climb(img, ladder, notSeven)
	if err != nil || c.Rows.N != 8 || scale != 8 || strings.Join(ran, " ") != "none refused too small refined below" || len(shownTo) != 2 {
		t.Errorf("reader turns the refined rung's finding away: %dx%d scale %v err %v after %v, shown %v; want the rung below's 8x8 scale 8, shown 7 then 8",
			c.Rows.N, c.Cols.N, scale, err, ran, shownTo)
	}
	small := gocv.NewMatWithSize(8, 8, gocv.MatTypeCV8UC3)
	defer small.Close()
	ran = nil
	if _, _, err := climb(small, ladder, nil); !errors.Is(err, ErrNoGrid) || len(ran) > 0 {
		t.Errorf("tiny picture: err %v after rungs %v, want ErrNoGrid before any", err, ran)
	}
}
