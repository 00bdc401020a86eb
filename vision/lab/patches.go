package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
)

// Site classes, as the trainer (vision/model/train_sites.py) and the
// reader number them.
const (
	SiteNone  = 0
	SiteEqual = 1
	SiteCross = 2
)

// PatchSet is one rendered suite the site patches are cut from.
type PatchSet struct {
	Seed uint64
	Kind synth.Kind
	N    int
	Wild bool
	// Marked keeps only the boards with the player's marks (PlayerCells).
	Marked bool
	// Clued keeps only the boards with edge clues: most renders have
	// none, and the site model saw few clues of each look without them.
	Clued bool
}

// TrainingSets are the renders the committed site model is trained on,
// and ValidationSets those its accuracy is held on. Their seeds are no
// suite's that README quotes, so no measured suite is trained on.
var (
	TrainingSets = []PatchSet{
		{Seed: 71001, Kind: synth.KindClean, N: 360},
		{Seed: 71002, Kind: synth.KindPhoto, N: 360},
		{Seed: 71003, Kind: synth.KindClean, N: 500, Wild: true},
		{Seed: 71004, Kind: synth.KindPhoto, N: 500, Wild: true},
		{Seed: 71005, Kind: synth.KindClean, N: 1500, Wild: true, Clued: true},
		{Seed: 71006, Kind: synth.KindPhoto, N: 1500, Wild: true, Clued: true},
	}
	ValidationSets = []PatchSet{
		{Seed: 72001, Kind: synth.KindClean, N: 60, Wild: true},
		{Seed: 72002, Kind: synth.KindPhoto, N: 60, Wild: true},
	}
)

// Specs renders nothing; it lists the set's specs.
func (ps PatchSet) Specs(lib *synth.Library) ([]synth.Spec, error) {
	var specs []synth.Spec
	var err error
	if ps.Wild {
		specs, err = lib.WildSuite(ps.Seed, ps.Kind, ps.N)
	} else {
		specs, err = lib.Suite(ps.Seed, ps.Kind, ps.N)
	}
	if err != nil {
		return nil, err
	}
	if ps.Marked {
		specs = slices.DeleteFunc(specs, func(s synth.Spec) bool { return PlayerCells(s) == nil })
	}
	if ps.Clued {
		specs = slices.DeleteFunc(specs, func(s synth.Spec) bool { return len(s.Edges) == 0 })
	}
	return specs, nil
}

// LabelledSite is a site patch and its class from the truth.
type LabelledSite struct {
	Pix   []uint8
	Class uint8
}

// SiteStats counts what cutting the patches found.
type SiteStats struct {
	Images, Aligned int // rendered; read at the right size and place
	Sites           int // sites the ink test kept
	Clues           int // truth clues on aligned images
	CluesKept       int // of those, sites the ink test kept
	ByClass         [3]int
}

// CutSites renders the sets, reads each image and labels every site the
// reader's ink test keeps from the truth. Images read at the wrong size
// or place are left out: their sites are not where the truth's are.
func CutSites(lib *synth.Library, sets []PatchSet, progress io.Writer) ([]LabelledSite, SiteStats, error) {
	type result struct {
		sites []LabelledSite
		stats SiteStats
	}
	results, err := cutEach(lib, sets, progress, func(spec synth.Spec) (result, error) {
		sites, st, err := cutOne(spec)
		return result{sites, st}, err
	})
	var all []LabelledSite
	var st SiteStats
	for _, r := range results {
		all = append(all, r.sites...)
		st.add(r.stats)
	}
	return all, st, err
}

// CutWorkers is how many renders the cuts read at once. Each result is
// kept at its spec's place, so the patches are the same whatever it is:
// it only says how soon. The cuts read every training render through the
// whole reader (about 0.8 CPU-seconds each), so two workers took over an
// hour for the cells' 5,040 renders on a 2-core VM; a many-core machine
// cuts them in minutes.
var CutWorkers = runtime.NumCPU()

// cutEach renders the sets' specs and gives each to cut, CutWorkers at a
// time, keeping the specs' order; it stops at the first error.
func cutEach[R any](lib *synth.Library, sets []PatchSet, progress io.Writer, cut func(synth.Spec) (R, error)) ([]R, error) {
	var specs []synth.Spec
	for _, ps := range sets {
		s, err := ps.Specs(lib)
		if err != nil {
			return nil, err
		}
		specs = append(specs, s...)
	}
	results := make([]R, len(specs))
	errs := make([]error, len(specs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, CutWorkers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = cut(specs[i])
			}
		}()
	}
	for i := range specs {
		next <- i
		if progress != nil && i%100 == 99 {
			fmt.Fprintf(progress, "cut %d of %d images\n", i+1, len(specs))
		}
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

func (s *SiteStats) add(o SiteStats) {
	s.Images += o.Images
	s.Aligned += o.Aligned
	s.Sites += o.Sites
	s.Clues += o.Clues
	s.CluesKept += o.CluesKept
	for i := range s.ByClass {
		s.ByClass[i] += o.ByClass[i]
	}
}

// siteKey names a site by its two cells, in reading order.
func siteKey(e solver.Edge) [4]int {
	if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
		e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
	}
	return [4]int{e.R1, e.C1, e.R2, e.C2}
}

func cutOne(spec synth.Spec) ([]LabelledSite, SiteStats, error) {
	st := SiteStats{Images: 1}
	sample, err := synth.Render(spec)
	if err != nil {
		return nil, st, fmt.Errorf("render %s: %v", spec.Name, err)
	}
	r, sites, err := vision.ReadTrainingSites(sample.Data)
	t := sample.Truth
	if err != nil || r.Rows != t.Rows || r.Cols != t.Cols ||
		MaxCornerError(t.Corners, r.Corners) > 0.25*CellSize(t.Corners, t.Rows, t.Cols) {
		return nil, st, nil
	}
	st.Aligned = 1
	truth := map[[4]int]solver.Relation{}
	for _, e := range t.Edges {
		truth[siteKey(e)] = e.Rel
	}
	st.Clues = len(truth)
	out := make([]LabelledSite, 0, len(sites))
	for _, s := range sites {
		class := uint8(SiteNone)
		if rel, ok := truth[siteKey(s.Edge)]; ok {
			class = SiteEqual
			if rel == solver.Differ {
				class = SiteCross
			}
			st.CluesKept++
		}
		st.ByClass[class]++
		out = append(out, LabelledSite{Pix: s.Pix, Class: class})
	}
	st.Sites = len(out)
	return out, st, nil
}

// WriteSites writes the patches for the trainer: DIR/sites.u8 holds the
// patches one after another (vision.SitePatchSide² bytes each),
// DIR/labels.u8 one class byte each, DIR/meta.json the side and counts.
func WriteSites(dir string, sites []LabelledSite, st SiteStats) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	pix := make([]byte, 0, len(sites)*vision.SitePatchSide*vision.SitePatchSide)
	labels := make([]byte, len(sites))
	for i, s := range sites {
		pix = append(pix, s.Pix...)
		labels[i] = s.Class
	}
	if err := os.WriteFile(filepath.Join(dir, "sites.u8"), pix, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "labels.u8"), labels, 0o644); err != nil {
		return err
	}
	meta, err := json.MarshalIndent(struct {
		Side  int       `json:"side"`
		Count int       `json:"count"`
		Stats SiteStats `json:"stats"`
	}{vision.SitePatchSide, len(sites), st}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "meta.json"), append(meta, '\n'), 0o644)
}
