package lab

import (
	"fmt"
	"io"
	"os"
	"slices"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
)

// GivensScore is how well the reader tells printed givens from the
// player's marks: over the cells filled in the truth and read filled, on
// boards read at the right size, how many were labelled given or mark as
// the truth has them.
type GivensScore struct {
	Images, WithMarks int // rendered with a truth; of those, with player's marks
	Read              int // read at the right size
	// Filled and Right count filled cells and those labelled right; the
	// Marked ones are on boards with marks, where there is a split to
	// get wrong.
	Filled, Right             int
	MarkedFilled, MarkedRight int
	// MarksAsGivens and GivensAsMarks are the two ways to be wrong.
	MarksAsGivens, GivensAsMarks int
	// ByLook splits the marked boards' filled cells, and those labelled
	// right, by style and the marks' ink, to show where it fails.
	ByLook map[string]*[2]int
	// Misses names each marked board read at the right size with a cell
	// labelled wrong, to look at.
	Misses []GivensMiss
}

// GivensMiss is one board with cells labelled wrong.
type GivensMiss struct {
	Name, Look                   string
	Filled                       int
	MarksAsGivens, GivensAsMarks int
}

// MeasureGivens reads every rendered case of a suite and scores the given
// flags against the renderer's truth. Cases without a renderer's truth
// (folders of real images) are skipped: their truth does not say which
// cells are printed.
func (e *Env) MeasureGivens(cases []Case) (GivensScore, error) {
	var out GivensScore
	tmp, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(tmp)
	for _, c := range cases {
		if c.Spec == nil {
			continue
		}
		img, truth, done, err := c.File(tmp)
		if err != nil {
			return out, err
		}
		r, rerr := vision.ReadFile(img)
		done()
		ink := c.Spec.MarkInk
		if ink == "" {
			ink = synth.MarkPen
		}
		out.add(c.Name, truth, c.Spec.Style+"/"+ink, r, rerr)
	}
	return out, nil
}

func (s *GivensScore) add(name string, t *synth.Truth, look string, r *vision.Reading, err error) {
	s.Images++
	marked := false
	for r := range t.Givens {
		marked = marked || t.Givens[r] != t.Cells[r]
	}
	if marked {
		s.WithMarks++
	}
	if err != nil || r.Rows != t.Rows || r.Cols != t.Cols || len(r.Given) != len(r.Cells) {
		return
	}
	s.Read++
	miss := GivensMiss{Name: name, Look: look}
	defer func() {
		if miss.MarksAsGivens+miss.GivensAsMarks > 0 {
			s.Misses = append(s.Misses, miss)
		}
	}()
	for i, v := range r.Cells {
		row, col := i/t.Cols, i%t.Cols
		if v == solver.Empty || t.Cells[row][col] == '.' {
			continue
		}
		given := !marked || t.Givens[row][col] != '.'
		right := r.Given[i] == given
		s.Filled++
		miss.Filled++
		if marked {
			s.MarkedFilled++
			if s.ByLook == nil {
				s.ByLook = map[string]*[2]int{}
			}
			if s.ByLook[look] == nil {
				s.ByLook[look] = &[2]int{}
			}
			s.ByLook[look][0]++
			if right {
				s.ByLook[look][1]++
			}
		}
		switch {
		case right:
			s.Right++
			if marked {
				s.MarkedRight++
			}
		case given:
			s.GivensAsMarks++
			miss.GivensAsMarks++
		default:
			s.MarksAsGivens++
			miss.MarksAsGivens++
		}
	}
}

// GivensHeader heads the table Write prints rows of.
const GivensHeader = "suite                 images  marked  read   filled cells right %  on marked boards %  marks as givens  givens as marks\n"

// Write prints one suite's row.
func (s GivensScore) Write(w io.Writer, suite string) {
	fmt.Fprintf(w, "%-20s %7d %7d %5d %13d %7.2f %19.2f %16d %16d\n", suite, s.Images, s.WithMarks, s.Read,
		s.Filled, Pct(s.Right, s.Filled), Pct(s.MarkedRight, s.MarkedFilled), s.MarksAsGivens, s.GivensAsMarks)
	looks := make([]string, 0, len(s.ByLook))
	for k := range s.ByLook {
		looks = append(looks, k)
	}
	slices.Sort(looks)
	for _, k := range looks {
		fmt.Fprintf(w, "    marked %-28s %6d filled cells, %6.2f %% right\n", k, s.ByLook[k][0], Pct(s.ByLook[k][1], s.ByLook[k][0]))
	}
	for _, m := range s.Misses {
		fmt.Fprintf(w, "    miss %-50s %-22s %4d filled, %4d marks as givens, %4d givens as marks\n", m.Name, m.Look, m.Filled, m.MarksAsGivens, m.GivensAsMarks)
	}
}
