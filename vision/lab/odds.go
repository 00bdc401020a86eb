package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"slices"
	"strconv"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
)

// OddsSets are the renders the reader's odds are measured on for the fix
// search's planted-error test (testdata/solver/reader-odds.json). Their
// seeds are no measured suite's and no model's training or validation
// seeds, so the test's odds come from pictures nothing was fitted to.
var OddsSets = []PatchSet{
	{Seed: 75001, Kind: synth.KindClean, N: 200, Wild: true},
	{Seed: 75002, Kind: synth.KindPhoto, N: 200, Wild: true},
	{Seed: 75003, Kind: synth.KindPhoto, N: 200},
}

// oddsSamplesMax caps each kind of sample kept, so the file the solver's
// test reads stays small; the cap is drawn from evenly, by a fixed seed.
const oddsSamplesMax = 3000

// oddsWrongShare is the largest share of misread cells an image may have
// and still count: the fix search mends a reading with a few slips, and a
// grid read in the wrong style or polarity, wrong in every cell and sure
// of it, would fill the samples with confident misreads no fix search is
// for.
const oddsWrongShare = 0.05

// ReaderOdds is how the reader's probabilities fall on cells and clue
// sites it read right and wrong, as the fix search receives them. Each
// sample lists its probabilities by role, not by value, so that a test
// can put it on any cell: the role orders are in the field comments.
type ReaderOdds struct {
	About  string `json:"about"`
	Images int    `json:"images"` // read at the right size, at most oddsWrongShare of cells wrong
	Cells  struct {
		BlankRight  [][3]float64   `json:"blank_right"`  // blank, '0', '1'
		SymbolRight [][3]float64   `json:"symbol_right"` // the symbol, the other, blank
		Flip        [][3]float64   `json:"flip"`         // read symbol, true symbol, blank
		Missed      [][3]float64   `json:"missed"`       // blank as read, true symbol, the other
		Spurious    [][3]float64   `json:"spurious"`     // read symbol, blank as true, the other
		Counts      map[string]int `json:"counts"`       // before the cap
	} `json:"cells"`
	Clues struct {
		Right  [][3]float64 `json:"right"`  // none, the clue, the other clue
		Missed [][3]float64 `json:"missed"` // none, the true clue, the other; all 0 where the reader kept no odds
		// EmptyKept are sites with no clue whose odds the reader kept:
		// none, '=', '×'. EmptySites counts every clue-free site, so
		// len(EmptyKept)/EmptySites (before the cap: Counts) is how often
		// one is kept.
		EmptyKept  [][3]float64   `json:"empty_kept"`
		EmptySites int            `json:"empty_sites"`
		Counts     map[string]int `json:"counts"` // before the cap
	} `json:"clues"`
}

// oddsOfOne is one image's samples.
type oddsOfOne struct {
	ok    bool
	cells map[string][][3]float64
	clues map[string][][3]float64
	empty int
}

// MeasureOdds reads the sets and gathers the reader's odds on binary
// grids it read at the right size.
func MeasureOdds(lib *synth.Library, sets []PatchSet, progress io.Writer) (*ReaderOdds, error) {
	per, err := cutEach(lib, sets, progress, oddsOne)
	if err != nil {
		return nil, err
	}
	out := &ReaderOdds{About: "the reader's odds on cells and clue sites, by role, from visionlab odds"}
	cells := map[string][][3]float64{}
	clues := map[string][][3]float64{}
	for _, o := range per {
		if !o.ok {
			continue
		}
		out.Images++
		out.Clues.EmptySites += o.empty
		for k, v := range o.cells {
			cells[k] = append(cells[k], v...)
		}
		for k, v := range o.clues {
			clues[k] = append(clues[k], v...)
		}
	}
	rng := rand.New(rand.NewSource(75))
	out.Cells.Counts, out.Clues.Counts = map[string]int{}, map[string]int{}
	for k, v := range cells {
		out.Cells.Counts[k] = len(v)
	}
	for k, v := range clues {
		out.Clues.Counts[k] = len(v)
	}
	capped := func(m map[string][][3]float64, k string) [][3]float64 {
		v := m[k]
		if len(v) <= oddsSamplesMax {
			return v
		}
		rng.Shuffle(len(v), func(i, j int) { v[i], v[j] = v[j], v[i] })
		return v[:oddsSamplesMax]
	}
	out.Cells.BlankRight = capped(cells, "blank_right")
	out.Cells.SymbolRight = capped(cells, "symbol_right")
	out.Cells.Flip = capped(cells, "flip")
	out.Cells.Missed = capped(cells, "missed")
	out.Cells.Spurious = capped(cells, "spurious")
	out.Clues.Right = capped(clues, "right")
	out.Clues.Missed = capped(clues, "missed")
	out.Clues.EmptyKept = capped(clues, "empty_kept")
	return out, nil
}

// oddsOne reads one render and sorts its cells' and sites' odds by what
// the reader made of them against the truth.
func oddsOne(spec synth.Spec) (oddsOfOne, error) {
	o := oddsOfOne{cells: map[string][][3]float64{}, clues: map[string][][3]float64{}}
	sample, err := synth.Render(spec)
	if err != nil {
		return o, fmt.Errorf("render %s: %v", spec.Name, err)
	}
	t := sample.Truth
	r, err := vision.ReadBytes(sample.Data)
	if err != nil || r.Rows != t.Rows || r.Cols != t.Cols {
		return o, nil
	}
	rules, _ := r.Rules()
	if rules == solver.Troix {
		return o, nil // the planted-error test is on binary puzzles
	}
	p, err := r.Puzzle(rules)
	if err != nil {
		return o, nil
	}
	truths := make([]solver.Cell, len(p.Cells))
	wrong := 0
	for i, read := range p.Cells {
		truths[i], _ = solver.CellFromChar(t.Cells[i/t.Cols][i%t.Cols])
		if truths[i] != read {
			wrong++
		}
	}
	if float64(wrong) > oddsWrongShare*float64(len(p.Cells)) {
		return o, nil
	}
	o.ok = true
	odds := r.CellOdds(p)
	for i, read := range p.Cells {
		truth := truths[i]
		if truth == solver.Two {
			continue
		}
		kind, roles := cellRoles(truth, read)
		var s [3]float64
		for j, v := range roles {
			s[j] = odds[i].Of(v)
		}
		o.cells[kind] = append(o.cells[kind], s)
	}
	o.sortSites(t, r)
	return o, nil
}

// cellRoles names what the reader did with a cell of value truth read as
// read, and the values in the role order ReaderOdds gives for it.
func cellRoles(truth, read solver.Cell) (string, [3]solver.Cell) {
	other := func(c solver.Cell) solver.Cell { return 1 - c }
	switch {
	case truth == solver.Empty && read == solver.Empty:
		return "blank_right", [3]solver.Cell{solver.Empty, solver.Zero, solver.One}
	case truth == read:
		return "symbol_right", [3]solver.Cell{read, other(read), solver.Empty}
	case truth == solver.Empty:
		return "spurious", [3]solver.Cell{read, solver.Empty, other(read)}
	case read == solver.Empty:
		return "missed", [3]solver.Cell{solver.Empty, truth, other(truth)}
	}
	return "flip", [3]solver.Cell{read, truth, solver.Empty}
}

// sortSites sorts the clue sites: true clues read right or missed, and
// clue-free sites whose odds the reader kept.
func (o *oddsOfOne) sortSites(t synth.Truth, r *vision.Reading) {
	truth := map[[4]int]solver.Relation{}
	for _, e := range t.Edges {
		truth[siteKey(e)] = e.Rel
	}
	read := map[[4]int]solver.Relation{}
	for _, e := range r.Edges {
		read[siteKey(e)] = e.Rel
	}
	kept := map[[4]int][3]float64{}
	for _, s := range r.ClueSites {
		k := siteKey(solver.Edge{R1: s.R1, C1: s.C1, R2: s.R2, C2: s.C2})
		kept[k] = [3]float64{s.PNone, s.PEqual, s.PCross}
	}
	byRole := func(p [3]float64, rel solver.Relation) [3]float64 {
		if rel == solver.Equal {
			return p
		}
		return [3]float64{p[0], p[2], p[1]}
	}
	for _, k := range sortedSites(truth) {
		rel := truth[k]
		p, ok := kept[k]
		got, found := read[k]
		switch {
		case found && got == rel:
			if !ok {
				p = [3]float64{0, 1, 0}
				if rel == solver.Differ {
					p = [3]float64{0, 0, 1}
				}
			}
			o.clues["right"] = append(o.clues["right"], byRole(p, rel))
		case !found:
			o.clues["missed"] = append(o.clues["missed"], byRole(p, rel))
		default:
			o.clues["turned"] = append(o.clues["turned"], byRole(p, rel))
		}
	}
	o.empty = t.Rows*(t.Cols-1) + t.Cols*(t.Rows-1) - len(truth)
	for _, k := range sortedSites(kept) {
		p := kept[k]
		if _, ok := truth[k]; ok {
			continue
		}
		if _, found := read[k]; found {
			o.clues["spurious"] = append(o.clues["spurious"], p)
			continue
		}
		o.clues["empty_kept"] = append(o.clues["empty_kept"], p)
	}
}

// sortedSites are m's sites in reading order, so that the samples, and
// the file written from them, are the same from run to run.
func sortedSites[V any](m map[[4]int]V) [][4]int {
	keys := make([][4]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [4]int) int {
		for i := range a {
			if a[i] != b[i] {
				return a[i] - b[i]
			}
		}
		return 0
	})
	return keys
}

// WriteOdds writes the odds as JSON, each probability to four
// significant figures (the test needs the small ones, not their noise).
func WriteOdds(path string, odds *ReaderOdds) error {
	round := func(rows [][3]float64) {
		for i := range rows {
			for j, v := range rows[i] {
				rows[i][j], _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
			}
		}
	}
	for _, rows := range [][][3]float64{odds.Cells.BlankRight, odds.Cells.SymbolRight, odds.Cells.Flip,
		odds.Cells.Missed, odds.Cells.Spurious, odds.Clues.Right, odds.Clues.Missed, odds.Clues.EmptyKept} {
		round(rows)
	}
	data, err := json.Marshal(odds)
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
