package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

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

// MeasureGivens reads every case of a suite and scores the given flags
// against the renderer's truth, or for a folder of real images against
// the JSON beside each: its "givens" where it has them (a played app
// board, whose locked cells they are), every filled cell otherwise.
// Images without a truth are skipped.
func (e *Env) MeasureGivens(cases []Case) (GivensScore, error) {
	var out GivensScore
	tmp, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(tmp)
	for _, c := range cases {
		if c.Spec == nil {
			if err := out.addReal(c); err != nil {
				return out, err
			}
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
		out.add(c.Name, truth, PlayerCells(*c.Spec), c.Spec.Style+"/"+ink, r, rerr)
	}
	return out, nil
}

// PlayerCells is, row by row, which filled cells of a render the player
// entered ('x') rather than the page printed ('.'), or nil when every
// filled cell is printed. The player's marks are; so, on an answer grid
// whose givens are shaded (Tango, ShadeGivens), are the cells off the
// shading, as on a solved app screenshot. An answer grid printed in one
// ink (a newspaper's solution) is all print: nothing in it tells the
// givens, and the truth's Givens, which name them, cannot be asked of
// the reader.
func PlayerCells(s synth.Spec) []string {
	shaded := s.Style == synth.StyleTango || s.ShadeGivens
	var out []string
	any := false
	for r := 0; r < s.Rows; r++ {
		row := []byte(strings.Repeat(".", s.Cols))
		for c := range row {
			mark := s.Marks != nil && s.Marks[r][c] != '.'
			if !mark && shaded && len(s.Givens) == s.Rows && s.Givens[r][c] == '.' && s.Cells[r][c] != '.' {
				mark = true
			}
			if mark {
				row[c], any = 'x', true
			}
		}
		out = append(out, string(row))
	}
	if !any {
		return nil
	}
	return out
}

// addReal scores one real image against the truth beside it.
func (s *GivensScore) addReal(c Case) error {
	data, err := os.ReadFile(strings.TrimSuffix(c.Path, filepath.Ext(c.Path)) + ".json")
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	var t synth.Truth
	if err := json.Unmarshal(data, &t); err != nil {
		return fmt.Errorf("%s: %v", c.Name, err)
	}
	if len(t.Cells) != t.Rows || (len(t.Givens) != 0 && len(t.Givens) != t.Rows) {
		return fmt.Errorf("%s: %d cell rows and %d given rows for %d rows", c.Name, len(t.Cells), len(t.Givens), t.Rows)
	}
	var player []string
	if len(t.Givens) == t.Rows {
		for r := range t.Rows {
			row := []byte(strings.Repeat(".", t.Cols))
			for col := range row {
				if col < len(t.Cells[r]) && col < len(t.Givens[r]) && t.Cells[r][col] != '.' && t.Givens[r][col] == '.' {
					row[col] = 'x'
				}
			}
			player = append(player, string(row))
		}
		if !strings.Contains(strings.Join(player, ""), "x") {
			player = nil
		}
	}
	r, rerr := vision.ReadFile(c.Path)
	s.add(c.Name, &t, player, "real/"+t.Style, r, rerr)
	return nil
}

func (s *GivensScore) add(name string, t *synth.Truth, player []string, look string, r *vision.Reading, err error) {
	s.Images++
	marked := player != nil
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
	TellFilled(t, player, r, func(given, right bool) {
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
	})
}

// TellFilled visits each cell filled both in a reading and in its
// render's truth (a reading of the truth's size, with its given flags),
// saying whether the truth prints it (player, as PlayerCells gives it,
// nil when every filled cell is printed) and whether the reading
// labels it so.
func TellFilled(t *synth.Truth, player []string, r *vision.Reading, visit func(given, right bool)) {
	for i, v := range r.Cells {
		row, col := i/t.Cols, i%t.Cols
		if v == solver.Empty || t.Cells[row][col] == '.' {
			continue
		}
		given := player == nil || player[row][col] == '.'
		visit(given, r.Given[i] == given)
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
