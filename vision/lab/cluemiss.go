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
// one the lattice misses); from ClueFaint to one half it doubts; from one
// half up it saw a clue that the reader's grid rules then dropped.
const (
	MissNotInked = iota // the ink test kept no site there
	MissNone            // the net gives a clue under ClueFaint
	MissDoubted         // ClueFaint up to one half
	MissDropped         // one half or more, and not read
	missCauses
)

// ClueFaint splits the net's "nothing" from its doubt, as the reader's
// second opinion does (clueread's secondOpinionP).
const ClueFaint = 0.05

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
	tmp, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return m, err
	}
	defer os.RemoveAll(tmp)
	for _, c := range cases {
		img, synthTruth, done, err := c.File(tmp)
		if err != nil {
			return m, err
		}
		tr, ok, err := caseTruth(c, synthTruth)
		if err != nil || !ok || len(tr.Edges) == 0 {
			done()
			if err != nil {
				return m, err
			}
			continue
		}
		data, err := os.ReadFile(img)
		done()
		if err != nil {
			return m, err
		}
		m.Images++
		r, sites, err := vision.ReadTrainingSites(data)
		if err != nil || r.Rows != tr.Rows || r.Cols != tr.Cols {
			continue // a grid not found, or not at its size, is the size's miss
		}
		probs, err := vision.ClassifyTrainingSites(sites)
		if err != nil {
			return m, err
		}
		line := m.addGrid(tr.Edges, r.Edges, sites, probs)
		if line != "" && detail != nil {
			fmt.Fprintf(detail, "%s: %s\n", strings.TrimSuffix(c.Name, filepath.Ext(c.Name)), line)
		}
	}
	return m, nil
}

// addGrid counts one grid read at its size, and describes its wrong clues.
func (m *ClueMisses) addGrid(truth, read []solver.Edge, sites []vision.TrainingSite, probs [][3]float64) string {
	m.Grids++
	site := func(e solver.Edge) string {
		if e.R2 < e.R1 || e.R2 == e.R1 && e.C2 < e.C1 {
			e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
		}
		return fmt.Sprintf("%d,%d-%d,%d", e.R1, e.C1, e.R2, e.C2)
	}
	odds := map[string][3]float64{}
	for i, s := range sites {
		odds[site(s.Edge)] = probs[i]
	}
	readAs := map[string]solver.Relation{}
	for _, e := range read {
		readAs[site(e)] = e.Rel
	}
	var wrong []string
	for _, e := range truth {
		k := site(e)
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
			wrong = append(wrong, fmt.Sprintf("%s%s read %s (= %.2f, x %.2f)", k, e.Rel, got, p[1], p[2]))
			continue
		case !inked:
			m.Missed[MissNotInked]++
			wrong = append(wrong, fmt.Sprintf("%s%s missed, no site", k, e.Rel))
			continue
		}
		clue := 1 - p[0]
		switch {
		case clue < ClueFaint:
			m.Missed[MissNone]++
		case clue < 0.5:
			m.Missed[MissDoubted]++
		default:
			m.Missed[MissDropped]++
		}
		wrong = append(wrong, fmt.Sprintf("%s%s missed (clue %.2f)", k, e.Rel, clue))
	}
	var extra []string
	for k, rel := range readAs {
		extra = append(extra, fmt.Sprintf("%s%s read where none", k, rel))
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
