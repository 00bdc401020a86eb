package lab

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"binocle/solver"
	"binocle/vision"
)

// Why a clue in the truth was not read right, on a grid read at its size.
// The bands are the site classifier's probability of a clue at the site:
// under ClueFaint the net sees nothing there (a clue it does not know, or
// one the lattice misses); from ClueFaint to ClueSeen it doubts; from
// ClueSeen up it saw a clue that the reader's grid rules then dropped.
const (
	MissNotInked = iota // the ink test kept no site there
	MissNone            // the net gives a clue under ClueFaint
	MissDoubted         // ClueFaint up to ClueSeen
	MissDropped         // ClueSeen or more, and not read
	missCauses
)

// ClueFaint splits the net's "nothing" from its doubt, as the reader's
// second opinion does (clueread's secondOpinionP); from ClueSeen up the
// net saw a clue, which the reader reads unless a grid rule drops it
// (clueread's clueP).
const (
	ClueFaint = 0.05
	ClueSeen  = 0.5
)

// ClueMisses counts a suite's clues by what became of them.
type ClueMisses struct {
	Images, Grids       int // with clues in the truth; of them read at their size
	Truth, Right, Kind  int // clues in the truth, read right, read as the other kind
	Missed              [missCauses]int
	Extra               int // read where the truth has none
	GridsWithWrongClues int
}

// ClueMissHeader heads ClueMisses.Write's rows.
const ClueMissHeader = "| suite | grids with clues (at size) | clues | right | other kind | missed: no site / net sees none / doubted / dropped | read where none | grids with a clue wrong |\n|---|---|---|---|---|---|---|---|\n"

// Write prints one row of ClueMissHeader's table.
func (m ClueMisses) Write(w io.Writer, suite string) {
	fmt.Fprintf(w, "| %s | %d (%d) | %d | %d | %d | %d / %d / %d / %d | %d | %d |\n", suite, m.Images, m.Grids, m.Truth, m.Right, m.Kind,
		m.Missed[MissNotInked], m.Missed[MissNone], m.Missed[MissDoubted], m.Missed[MissDropped], m.Extra, m.GridsWithWrongClues)
}

// MeasureClueMisses reads every case whose truth holds clues, as
// ReadBytes does, and sorts each clue of the truth by what became of it,
// with the classifier's odds at its site. When detail is not nil, each
// grid with a clue wrong gets a line there.
func (e *Env) MeasureClueMisses(cases []Case, detail io.Writer) (ClueMisses, error) {
	var m ClueMisses
	err := forEachTruth(cases, func(c Case, img string, tr Truth) error {
		if len(tr.Edges) == 0 {
			return nil
		}
		data, err := os.ReadFile(img)
		if err != nil {
			return err
		}
		m.Images++
		r, sites, err := vision.ReadTrainingSites(data)
		if err != nil || r.Rows != tr.Rows || r.Cols != tr.Cols {
			return nil // a grid not found, or not at its size, is the size's miss
		}
		probs, err := vision.ClassifyTrainingSites(sites)
		if err != nil {
			return err
		}
		line := m.addGrid(tr.Edges, r.Edges, sites, probs)
		if line != "" && detail != nil {
			fmt.Fprintf(detail, "%s: %s\n", strings.TrimSuffix(c.Name, filepath.Ext(c.Name)), line)
		}
		return nil
	})
	return m, err
}

// addGrid counts one grid read at its size, and describes its wrong clues.
func (m *ClueMisses) addGrid(truth, read []solver.Edge, sites []vision.TrainingSite, probs [][3]float64) string {
	m.Grids++
	odds := map[[4]int][3]float64{}
	for i, s := range sites {
		odds[siteKey(s.Edge)] = probs[i]
	}
	readAs := map[[4]int]solver.Relation{}
	for _, e := range read {
		readAs[siteKey(e)] = e.Rel
	}
	var wrong []string
	for _, e := range truth {
		k := siteKey(e)
		m.Truth++
		got, isRead := readAs[k]
		delete(readAs, k)
		p, inked := odds[k]
		switch {
		case isRead && got == e.Rel:
			m.Right++
			continue
		case isRead:
			m.Kind++
			wrong = append(wrong, fmt.Sprintf("%s%s read %s (= %.2f, x %.2f)", siteText(k), e.Rel, got, p[1], p[2]))
			continue
		case !inked:
			m.Missed[MissNotInked]++
			wrong = append(wrong, fmt.Sprintf("%s%s missed, no site", siteText(k), e.Rel))
			continue
		}
		clue := 1 - p[0]
		switch {
		case clue < ClueFaint:
			m.Missed[MissNone]++
		case clue < ClueSeen:
			m.Missed[MissDoubted]++
		default:
			m.Missed[MissDropped]++
		}
		wrong = append(wrong, fmt.Sprintf("%s%s missed (clue %.2f)", siteText(k), e.Rel, clue))
	}
	var extra []string
	for k, rel := range readAs {
		extra = append(extra, fmt.Sprintf("%s%s read where none", siteText(k), rel))
	}
	sort.Strings(extra)
	m.Extra += len(extra)
	wrong = append(wrong, extra...)
	if len(wrong) == 0 {
		return ""
	}
	m.GridsWithWrongClues++
	return strings.Join(wrong, "; ")
}
