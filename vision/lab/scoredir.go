package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
	"binocle/vision/exif"
)

// Truth is the union of the synthetic and the wicht-sudoku truth files:
// cells of '#' mean "some ink" (wicht-sudoku), scored with InkCells.
type Truth struct {
	Name    string        `json:"name"`
	Kind    string        `json:"kind"`
	Style   string        `json:"style"`
	Look    string        `json:"look"`
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
	Cells   []string      `json:"cells"`
	Edges   []solver.Edge `json:"edges"`
	Corners [4][2]float64 `json:"corners"`
	// Source is the dataset record a render was drawn from, or "random"
	// for a random fill of a size the datasets lack (synth.Spec.Source).
	Source string `json:"source"`
}

// ScoreOptions narrow and extend a ScoreCases run.
type ScoreOptions struct {
	Match    string // only the cases whose name contains it
	DebugDir string // a debug image for every case read wrong
}

type groupTally struct {
	images, sizeRight, perfect, cornersOK, cells, cellsRight int
	// The clues of the grids read at their size, where each clue has a
	// place to be compared at.
	cluesTruth, cluesRead, cluesRight int
}

func (g *groupTally) add(o *groupTally) {
	g.images += o.images
	g.sizeRight += o.sizeRight
	g.perfect += o.perfect
	g.cornersOK += o.cornersOK
	g.cells += o.cells
	g.cellsRight += o.cellsRight
	g.cluesTruth += o.cluesTruth
	g.cluesRead += o.cluesRead
	g.cluesRight += o.cluesRight
}

// score is the tally in percent, as the table prints it.
func (g *groupTally) score() CaseScore {
	return CaseScore{Images: g.images, Size: Pct(g.sizeRight, g.images), Cells: Pct(g.cellsRight, g.cells),
		Perfect: Pct(g.perfect, g.images), CornersOK: Pct(g.cornersOK, g.images),
		CluesTruth: g.cluesTruth, CluesRead: g.cluesRead, CluesRight: g.cluesRight}
}

// CaseScore is a ScoreCases run's overall result, in percent.
type CaseScore struct {
	Images                          int
	Size, Cells, Perfect, CornersOK float64
	// The edge clues of the grids read at their size.
	CluesTruth, CluesRead, CluesRight int
}

// ClueRates are the edge clues' precision and recall, each 1 where
// there is nothing to divide by.
func (s CaseScore) ClueRates() (precision, recall float64) {
	rate := func(n, of int) float64 {
		if of == 0 {
			return 1
		}
		return float64(n) / float64(of)
	}
	return rate(s.CluesRight, s.CluesRead), rate(s.CluesRight, s.CluesTruth)
}

// ScoreCases reads every case that has a truth, prints one line per case
// read wrong (MISS: no grid, SIZE: wrong size, BAD: cells, clues or
// corners wrong), then a table by style, kind and look, and the read times.
func (e *Env) ScoreCases(cases []Case, opt ScoreOptions, w io.Writer) (CaseScore, error) {
	groups := map[string]*groupTally{}
	var order []string
	type timed struct {
		name   string
		millis float64
	}
	var slow []timed
	// The wild suites draw some boards as random fills, of sizes the
	// datasets lack, which need not obey the rules; the reader's rule
	// checks cannot help there. The two are shown apart as well.
	var published, random groupTally
	var matched []Case
	for _, c := range cases {
		if opt.Match == "" || strings.Contains(c.Name, opt.Match) {
			matched = append(matched, c)
		}
	}
	err := forEachTruth(matched, func(c Case, img string, tr Truth) error {
		group := tr.Style + "|" + tr.Kind
		if tr.Kind == "photo" {
			group += "|" + tr.Look
		}
		if groups[group] == nil {
			groups[group] = &groupTally{}
			order = append(order, group)
		}
		one := &groupTally{}
		err := scoreCase(one, img, strings.TrimSuffix(c.Name, filepath.Ext(c.Name)), tr, opt, w, func(name string, ms float64) { slow = append(slow, timed{name, ms}) })
		groups[group].add(one)
		switch tr.Source {
		case "":
		case "random":
			random.add(one)
		default:
			published.add(one)
		}
		return err
	})
	if err != nil {
		return CaseScore{}, err
	}
	sort.Strings(order)
	var all groupTally
	fmt.Fprintf(w, "%-36s %6s %7s %8s %8s %8s\n", "group", "images", "size%", "cells%", "perfect%", "corners%")
	row := func(k string, g *groupTally) {
		sc := g.score()
		fmt.Fprintf(w, "%-36s %6d %7.1f %8.2f %8.1f %8.1f\n", k, sc.Images, sc.Size, sc.Cells, sc.Perfect, sc.CornersOK)
	}
	for _, k := range order {
		g := groups[k]
		row(k, g)
		all.add(g)
	}
	row("ALL", &all)
	if random.images > 0 {
		row("  of them published puzzles", &published)
		row("  of them random fills", &random)
	}
	if sc := all.score(); sc.CluesTruth+sc.CluesRead > 0 {
		p, r := sc.ClueRates()
		fmt.Fprintf(w, "clues on grids read at their size: precision %.4f, recall %.4f (%d read, %d in truth, %d right)\n", p, r, sc.CluesRead, sc.CluesTruth, sc.CluesRight)
	}
	if len(slow) > 0 {
		var millis []float64
		for _, s := range slow {
			millis = append(millis, s.millis)
		}
		fmt.Fprintf(w, "read ms: median %.1f, 90%% %.1f, max %.1f\n", Percentile(millis, 0.5), Percentile(millis, 0.9), Percentile(millis, 1))
		sort.SliceStable(slow, func(i, j int) bool { return slow[i].millis > slow[j].millis })
		for _, s := range slow[:min(5, len(slow))] {
			fmt.Fprintf(w, "slow: %s %.1f ms\n", s.name, s.millis)
		}
	}
	return all.score(), nil
}

// forEachTruth hands use each case that has a truth, with its image as a
// file (a render written to a temporary folder, removed once used; a
// folder's image where it lies). Cases without a truth are skipped; the
// first error stops the walk.
func forEachTruth(cases []Case, use func(c Case, img string, tr Truth) error) error {
	tmp, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, c := range cases {
		img, synthTruth, done, err := c.File(tmp)
		if err != nil {
			return err
		}
		tr, ok, err := caseTruth(c, synthTruth)
		if err == nil && ok {
			err = use(c, img, tr)
		}
		done()
		if err != nil {
			return err
		}
	}
	return nil
}

// caseTruth is a synthetic case's own truth, or the JSON beside a file
// (a typed nil pointer in an interface is not nil: the folder suites read
// as empty truths while this took any);
// ok is false for a file without one.
func caseTruth(c Case, synthTruth *synth.Truth) (Truth, bool, error) {
	var tr Truth
	var data []byte
	var err error
	if synthTruth != nil {
		data, err = json.Marshal(synthTruth)
	} else {
		data, err = os.ReadFile(strings.TrimSuffix(c.Path, filepath.Ext(c.Path)) + ".json")
		if os.IsNotExist(err) {
			return tr, false, nil
		}
	}
	if err != nil {
		return tr, false, err
	}
	if err := json.Unmarshal(data, &tr); err != nil {
		return tr, false, fmt.Errorf("%s: %v", c.Name, err)
	}
	if len(tr.Cells) != tr.Rows {
		return tr, false, fmt.Errorf("%s: %d cell rows for %d rows", c.Name, len(tr.Cells), tr.Rows)
	}
	return tr, true, nil
}

func scoreCase(g *groupTally, img, name string, tr Truth, opt ScoreOptions, w io.Writer, timed func(string, float64)) error {
	g.images++
	g.cells += tr.Rows * tr.Cols
	r, err := vision.ReadFile(img)
	if err != nil {
		fmt.Fprintf(w, "MISS %s: %v\n", name, err)
		return nil
	}
	timed(name, r.Millis)
	diag := math.Hypot(float64(r.ImageWidth), float64(r.ImageHeight))
	cornerErr := MaxCornerError(tr.Corners, r.Corners)
	cellSide := geom.CellSide(tr.Corners, tr.Rows, tr.Cols)
	wicht := strings.Contains(strings.Join(tr.Cells, ""), "#")
	cornersOK := cornerErr <= 0.25*cellSide
	if wicht {
		cornersOK = cornerErr <= 0.03*diag
	}
	if cornersOK {
		g.cornersOK++
	}
	debug := func() error {
		if opt.DebugDir == "" {
			return nil
		}
		return WriteDebug(img, r, filepath.Join(opt.DebugDir, name+".debug.png"))
	}
	if r.Rows != tr.Rows || r.Cols != tr.Cols {
		fmt.Fprintf(w, "SIZE %s: read %dx%d, truth %dx%d (corner error %.1f px = %.2f cells)\n", name, r.Rows, r.Cols, tr.Rows, tr.Cols, cornerErr, cornerErr/cellSide)
		return debug()
	}
	g.sizeRight++
	var ink, wantInk []bool
	if wicht {
		data, err := os.ReadFile(img)
		if err != nil {
			return err
		}
		// The wicht truth lists its cells as the photo's pixels are
		// stored; the reading is of the picture turned upright.
		wantInk, _, _ = WichtTruth{Rows: tr.Rows, Cols: tr.Cols, Cells: tr.Cells}.UprightInk(exif.Orientation(data))
		m, err := vision.LoadBytes(data)
		if err != nil {
			m.Close()
			return err
		}
		ink = vision.InkCells(m, r)
		m.Close()
	}
	var wrong []string
	for i := 0; i < tr.Rows*tr.Cols; i++ {
		want := tr.Cells[i/tr.Cols][i%tr.Cols]
		var got byte
		if wicht {
			want = '.'
			if wantInk[i] {
				want = '#'
			}
			got = '.'
			if ink[i] {
				got = '#'
			}
		} else {
			got = r.Cells[i].Char()
		}
		if got == want {
			g.cellsRight++
			continue
		}
		wrong = append(wrong, fmt.Sprintf("r%dc%d %c>%c %.2f", i/tr.Cols, i%tr.Cols, want, got, r.Confidence[i]))
	}
	if !wicht {
		g.cluesTruth += len(tr.Edges)
		g.cluesRead += len(r.Edges)
		g.cluesRight += CluesRight(tr.Edges, r.Edges)
	}
	edgesOK := wicht || EdgeKey(tr.Edges) == EdgeKey(r.Edges)
	if len(wrong) == 0 && edgesOK && (!wicht || cornersOK) {
		g.perfect++
		return nil
	}
	var why []string
	if len(wrong) > 0 {
		why = append(why, fmt.Sprintf("%d cells wrong (style %s): %s", len(wrong), r.Style, strings.Join(wrong[:min(6, len(wrong))], ", ")))
	}
	if !edgesOK {
		why = append(why, fmt.Sprintf("edges: truth [%s] read [%s]", EdgeKey(tr.Edges), EdgeKey(r.Edges)))
	}
	if wicht && !cornersOK {
		why = append(why, fmt.Sprintf("corner error %.1f px = %.1f%% of diagonal", cornerErr, 100*cornerErr/diag))
	}
	fmt.Fprintf(w, "BAD  %s: %s\n", name, strings.Join(why, "; "))
	return debug()
}
