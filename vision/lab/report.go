package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"binocle/internal/synth"
	"binocle/vision"
)

// ReportSeed fixes the tuned suite: changing it changes every image, so
// the floors vision's tests assert would have to be measured again.
const ReportSeed = 20240611

// SuiteSize is how much of the report suite a run covers.
type SuiteSize struct {
	Photos, Clean, WichtStride, Timed int
}

var (
	// QuickSuite is the slice make test runs: quick on two cores.
	QuickSuite = SuiteSize{Photos: 56, Clean: 14, WichtStride: 10, Timed: 1}
	// FullSuite is what README's tables are measured on.
	FullSuite = SuiteSize{Photos: 240, Clean: 70, WichtStride: 1, Timed: 8}
)

// Rendered is one rendered sample, or why it could not be rendered.
type Rendered struct {
	Sample synth.Sample
	Err    error
}

// RenderSuite renders specs on a second goroutine while the caller reads,
// so that two cores are busy; samples arrive in spec order, and rendering
// stops at the first error.
func RenderSuite(specs []synth.Spec) <-chan Rendered {
	out := make(chan Rendered, 2)
	go func() {
		defer close(out)
		for _, s := range specs {
			sample, err := synth.Render(s)
			if err != nil {
				out <- Rendered{Err: fmt.Errorf("render %s: %v", s.Name, err)}
				return
			}
			out <- Rendered{Sample: sample}
		}
	}()
	return out
}

// Report is the measured accuracy and speed of the reader on the report
// suite: the tables `visionlab score report` prints.
type Report struct {
	Synthetic *SyntheticResult
	Wicht     *WichtResult
	Timing    *TimingResult
}

// MeasureReport reads the report suite of the given size. failDir, when
// not empty, receives every case read wrong (see DumpFailure).
func MeasureReport(lib *synth.Library, wichtDir string, size SuiteSize, failDir string) (*Report, error) {
	clean, err := lib.Suite(ReportSeed, synth.KindClean, size.Clean)
	if err != nil {
		return nil, err
	}
	photos, err := lib.Suite(ReportSeed, synth.KindPhoto, size.Photos)
	if err != nil {
		return nil, err
	}
	rep := &Report{}
	if rep.Synthetic, err = MeasureSynthetic(append(clean, photos...), failDir); err != nil {
		return nil, err
	}
	paths, err := WichtPhotos(wichtDir, size.WichtStride)
	if err != nil {
		return nil, err
	}
	if rep.Wicht, err = MeasureWicht(paths, failDir); err != nil {
		return nil, err
	}
	if rep.Timing, err = MeasureTiming(lib, size.Timed); err != nil {
		return nil, err
	}
	return rep, nil
}

// Write prints the report's markdown tables.
func (r *Report) Write(w io.Writer) {
	r.Synthetic.Write(w)
	r.Wicht.Write(w)
	r.Timing.Write(w)
}

// SyntheticResult holds the tallies of the synthetic suite.
type SyntheticResult struct {
	ByStyleKind map[string]*Tally // "style|kind"
	ByKind      map[synth.Kind]*Tally
	ByCondition map[string]*Tally // photos only
	// Problems lists readings whose shape is inconsistent (ReadingProblem).
	Problems []string
}

// conditions are the photo conditions the report breaks photos down by, in
// the order it prints them.
var conditions = []string{"print look", "light look", "partial border", "app look", "tilt ≥ 25°", "bent paper", "EXIF-rotated", "≥ 8 MP", "≥ 20 cells a side", "edge clues", "answer grid (all cells inked)"}

func newTally(m map[string]*Tally, key string) *Tally {
	if m[key] == nil {
		m[key] = &Tally{}
	}
	return m[key]
}

// MeasureSynthetic renders and reads every spec from a file, as the CLI
// reads, and tallies the scores.
func MeasureSynthetic(specs []synth.Spec, failDir string) (*SyntheticResult, error) {
	res := &SyntheticResult{ByStyleKind: map[string]*Tally{}, ByKind: map[synth.Kind]*Tally{}, ByCondition: map[string]*Tally{}}
	for _, k := range []synth.Kind{synth.KindClean, synth.KindPhoto} {
		res.ByKind[k] = &Tally{}
	}
	dir, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for rd := range RenderSuite(specs) {
		if rd.Err != nil {
			return nil, rd.Err
		}
		sample := rd.Sample
		tr := sample.Truth
		path := filepath.Join(dir, tr.Name+sample.Ext)
		if err := os.WriteFile(path, sample.Data, 0o644); err != nil {
			return nil, err
		}
		r, err := vision.ReadFile(path)
		s := ScoreReading(tr, r, err)
		if err == nil {
			if msg := ReadingProblem(r); msg != "" {
				res.Problems = append(res.Problems, tr.Name+": "+msg)
			}
		}
		newTally(res.ByStyleKind, tr.Style+"|"+string(tr.Kind)).Add(s)
		res.ByKind[tr.Kind].Add(s)
		if tr.Kind == synth.KindPhoto {
			for _, c := range photoConditions(tr) {
				newTally(res.ByCondition, c).Add(s)
			}
		}
		if !s.Perfect() && failDir != "" {
			if err := DumpFailure(failDir, path, tr, r, err); err != nil {
				return nil, err
			}
		}
		os.Remove(path)
	}
	return res, nil
}

func photoConditions(tr synth.Truth) []string {
	var cs []string
	cs = append(cs, map[synth.Look]string{synth.LookPrint: "print look", synth.LookLight: "light look", synth.LookPartial: "partial border", synth.LookApp: "app look"}[tr.Look])
	if tr.Tilt >= 25 {
		cs = append(cs, "tilt ≥ 25°")
	}
	if tr.Bend > 0 {
		cs = append(cs, "bent paper")
	}
	if tr.Orientation > 1 {
		cs = append(cs, "EXIF-rotated")
	}
	if tr.Width*tr.Height >= 8_000_000 {
		cs = append(cs, "≥ 8 MP")
	}
	if max(tr.Rows, tr.Cols) >= 20 {
		cs = append(cs, "≥ 20 cells a side")
	}
	if len(tr.Edges) > 0 {
		cs = append(cs, "edge clues")
	}
	if !strings.Contains(strings.Join(tr.Cells, ""), ".") {
		cs = append(cs, "answer grid (all cells inked)")
	}
	return cs
}

// Write prints the synthetic tables.
func (res *SyntheticResult) Write(w io.Writer) {
	fmt.Fprintf(w, "### Synthetic suite (seed %d)\n\n", ReportSeed)
	fmt.Fprintln(w, tallyHeader("style, kind"))
	for _, k := range []synth.Kind{synth.KindClean, synth.KindPhoto} {
		for _, st := range synth.Styles {
			if tl := res.ByStyleKind[st+"|"+string(k)]; tl != nil {
				fmt.Fprintln(w, tl.row(st+", "+string(k)))
			}
		}
		fmt.Fprintln(w, res.ByKind[k].row("**all "+string(k)+"**"))
	}
	var all Tally
	for _, k := range []synth.Kind{synth.KindClean, synth.KindPhoto} {
		all.Merge(res.ByKind[k])
	}
	fmt.Fprintln(w, all.row("**all synthetic**"))
	fmt.Fprintf(w, "\nPhotos by condition (an image counts in every row that applies):\n\n")
	fmt.Fprintln(w, tallyHeader("photos with"))
	for _, c := range conditions {
		if tl := res.ByCondition[c]; tl != nil {
			fmt.Fprintln(w, tl.row(c))
		}
	}
	fmt.Fprintln(w)
}

// DumpFailure keeps what is needed to look at a miss in dir: the image,
// its truth, what the reader said and the reader's debug drawing.
func DumpFailure(dir, path string, truth any, r *vision.Reading, readErr error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(dir, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	data, err := os.ReadFile(path)
	if err == nil {
		err = os.WriteFile(base+filepath.Ext(path), data, 0o644)
	}
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(truth, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".truth.json", js, 0o644); err != nil {
		return err
	}
	if readErr != nil {
		return os.WriteFile(base+".reading.txt", []byte(readErr.Error()+"\n"), 0o644)
	}
	if js, err = json.Marshal(r); err != nil {
		return err
	}
	if err := os.WriteFile(base+".reading.json", js, 0o644); err != nil {
		return err
	}
	return WriteDebug(path, r, base+".debug.png")
}

// WriteDebug draws the reader's debug image of r over the image at path.
func WriteDebug(path string, r *vision.Reading, out string) error {
	img, err := vision.LoadFile(path)
	defer img.Close()
	if err != nil {
		return err
	}
	dbg := vision.DrawDebug(img, r)
	defer dbg.Close()
	return vision.WritePNG(out, dbg)
}

// TimingResult holds sequential, end-to-end read times; it is measured
// after the accuracy passes so that rendering does not share the cores.
type TimingResult struct {
	Rows []TimingRow
}

// TimingRow is one line of the speed table.
type TimingRow struct {
	What, Target string
	Millis       []float64
	OK           int // reads that found a grid: a failed read can be fast
}

// MeasureTiming times n reads of each kind README's speed table lists.
func MeasureTiming(lib *synth.Library, n int) (*TimingResult, error) {
	res := &TimingResult{}
	photos, err := lib.Suite(ReportSeed+1, synth.KindPhoto, 60)
	if err != nil {
		return nil, err
	}
	clean, err := lib.Suite(ReportSeed+1, synth.KindClean, n)
	if err != nil {
		return nil, err
	}
	var big, frames []synth.Spec
	for _, s := range photos {
		if s.Width*s.Height >= 12_000_000 && len(big) < n {
			big = append(big, s)
		}
		if len(frames) < n {
			s.Width, s.Height, s.Orientation = 1280, 720, 1
			frames = append(frames, s)
		}
	}
	for i := range clean {
		clean[i].Width, clean[i].Height = 1000, 1000
	}
	dir, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	readTimes := func(what, target string, specs []synth.Spec, locateOnly bool) (TimingRow, error) {
		row := TimingRow{What: what, Target: target}
		for _, s := range specs {
			sample, err := synth.Render(s)
			if err != nil {
				return row, err
			}
			path := filepath.Join(dir, s.Name+sample.Ext)
			if err := os.WriteFile(path, sample.Data, 0o644); err != nil {
				return row, err
			}
			if locateOnly {
				img, err := vision.LoadFile(path)
				if err != nil {
					img.Close()
					return row, err
				}
				start := time.Now()
				_, err = vision.LocateGrid(img)
				row.Millis = append(row.Millis, float64(time.Since(start).Microseconds())/1000)
				img.Close()
				if err == nil {
					row.OK++
				}
			} else {
				start := time.Now()
				_, err = vision.ReadFile(path)
				row.Millis = append(row.Millis, float64(time.Since(start).Microseconds())/1000)
				if err == nil {
					row.OK++
				}
			}
		}
		return row, nil
	}
	for _, c := range []struct {
		what, target string
		specs        []synth.Spec
		locateOnly   bool
	}{
		{"read 12 MP JPEG photo (4000×3000), from file", "≤ 300", big, false},
		{"read 1000×1000 PNG screenshot, from file", "≤ 50", clean, false},
		{"locate grid in a 1280×720 frame (decoded)", "≤ 30", frames, true},
	} {
		row, err := readTimes(c.what, c.target, c.specs, c.locateOnly)
		if err != nil {
			return nil, err
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// Write prints the speed table.
func (res *TimingResult) Write(w io.Writer) {
	fmt.Fprintf(w, "### Speed (wall clock, sequential, this machine)\n\n")
	fmt.Fprintln(w, "| what | images | grid found | median ms | slowest ms | target ms |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, r := range res.Rows {
		fmt.Fprintf(w, "| %s | %d | %d | %.1f | %.1f | %s |\n", r.What, len(r.Millis), r.OK, Median(r.Millis), Percentile(r.Millis, 1), r.Target)
	}
	fmt.Fprintln(w)
}

// ReadingProblem names the first inconsistency in a reading's shape, or
// returns "".
func ReadingProblem(r *vision.Reading) string {
	switch {
	case r.Rows < 2 || r.Rows > 64 || r.Cols < 2 || r.Cols > 64:
		return "size out of 2..64: " + r.String()
	case len(r.Cells) != r.Rows*r.Cols || len(r.Confidence) != r.Rows*r.Cols:
		return "cells or confidences do not match rows x cols"
	}
	for _, c := range r.Confidence {
		if !(c >= 0 && c <= 1) {
			return "confidence outside [0,1]"
		}
	}
	for _, e := range r.Edges {
		dr, dc := e.R2-e.R1, e.C2-e.C1
		if dr*dr+dc*dc != 1 || e.R1 < 0 || e.C1 < 0 || e.R2 < 0 || e.C2 < 0 ||
			max(e.R1, e.R2) >= r.Rows || max(e.C1, e.C2) >= r.Cols {
			return "edge clue between cells that are not neighbours inside the grid"
		}
	}
	return ""
}
