package vision

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision/internal/synth"
)

// The two tests in this file are the reader engineer's offline loop: one
// writes a synthetic suite to a directory once, the other reads every image
// of a directory against the truth JSON beside it and prints one line per
// miss. Both are skipped unless their environment variable is set, so they
// cost nothing in make test.

// TestWriteSynthDir renders synthetic suites into BINOCLE_SYNTH_OUT:
// BINOCLE_SYNTH_SEED (default the report's seed), BINOCLE_SYNTH_PHOTOS and
// BINOCLE_SYNTH_CLEAN (counts, default 60 and 20).
func TestWriteSynthDir(t *testing.T) {
	dir := os.Getenv("BINOCLE_SYNTH_OUT")
	if dir == "" {
		t.Skip("set BINOCLE_SYNTH_OUT to render a synthetic suite to files")
	}
	seed := envInt(t, "BINOCLE_SYNTH_SEED", 20240611)
	datasets, err := synth.SharedDir("datasets")
	if err != nil {
		t.Skipf("shared datasets absent: %v", err)
	}
	lib, err := synth.LoadLibrary(datasets)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct {
		kind synth.Kind
		n    int
	}{{synth.KindClean, envInt(t, "BINOCLE_SYNTH_CLEAN", 20)}, {synth.KindPhoto, envInt(t, "BINOCLE_SYNTH_PHOTOS", 60)}} {
		specs, err := lib.Suite(uint64(seed), k.kind, k.n)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range specs {
			if _, err := os.Stat(filepath.Join(dir, s.Name+".json")); err == nil {
				continue
			}
			sample, err := synth.Render(s)
			if err != nil {
				t.Fatalf("%s: %v", s.Name, err)
			}
			if err := sample.WriteFiles(dir); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, v, err)
	}
	return n
}

// dirTruth is the union of the synthetic and the wicht-sudoku truth files.
type dirTruth struct {
	Name    string        `json:"name"`
	Kind    string        `json:"kind"`
	Style   string        `json:"style"`
	Look    string        `json:"look"`
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
	Cells   []string      `json:"cells"`
	Edges   []solver.Edge `json:"edges"`
	Corners [4][2]float64 `json:"corners"`
}

// TestScoreDir reads every image in BINOCLE_SCORE_DIR (optionally only the
// names containing BINOCLE_SCORE_MATCH) and compares it with its truth.
// Truth cells of '#' mean "some ink" (wicht-sudoku), scored with InkCells.
func TestScoreDir(t *testing.T) {
	dir := os.Getenv("BINOCLE_SCORE_DIR")
	if dir == "" {
		t.Skip("set BINOCLE_SCORE_DIR to score the reader on a directory of images with truth JSON")
	}
	match := os.Getenv("BINOCLE_SCORE_MATCH")
	debugDir := os.Getenv("BINOCLE_SCORE_DEBUG")
	jsons, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	sort.Slice(jsons, func(i, j int) bool { return naturalLess(jsons[i], jsons[j]) })
	type tally struct{ images, sizeRight, perfect, cornersOK, cells, cellsRight int }
	groups := map[string]*tally{}
	var order []string
	var millis []float64
	type timed struct {
		name   string
		millis float64
	}
	var slow []timed
	for _, js := range jsons {
		base := strings.TrimSuffix(js, ".json")
		if match != "" && !strings.Contains(filepath.Base(base), match) {
			continue
		}
		var img string
		for _, ext := range []string{".jpg", ".png"} {
			if _, err := os.Stat(base + ext); err == nil {
				img = base + ext
			}
		}
		if img == "" {
			continue
		}
		data, err := os.ReadFile(js)
		if err != nil {
			t.Fatal(err)
		}
		var tr dirTruth
		if err := json.Unmarshal(data, &tr); err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		group := tr.Style + "|" + tr.Kind
		if tr.Kind == "photo" {
			group += "|" + tr.Look
		}
		if groups[group] == nil {
			groups[group] = &tally{}
			order = append(order, group)
		}
		g := groups[group]
		g.images++
		g.cells += tr.Rows * tr.Cols

		name := filepath.Base(base)
		r, err := ReadFile(img)
		if err != nil {
			fmt.Printf("MISS %s: %v\n", name, err)
			continue
		}
		millis = append(millis, r.Millis)
		slow = append(slow, timed{name, r.Millis})
		diag := math.Hypot(float64(r.ImageWidth), float64(r.ImageHeight))
		cornerErr := 0.0
		for i := range tr.Corners {
			cornerErr = math.Max(cornerErr, math.Hypot(tr.Corners[i][0]-r.Corners[i][0], tr.Corners[i][1]-r.Corners[i][1]))
		}
		cellSide := math.Sqrt(quadArea(tr.Corners) / float64(max(1, tr.Rows*tr.Cols)))
		wicht := strings.Contains(strings.Join(tr.Cells, ""), "#")
		cornersOK := cornerErr <= 0.25*cellSide
		if wicht {
			cornersOK = cornerErr <= 0.03*diag
		}
		if cornersOK {
			g.cornersOK++
		}
		if r.Rows != tr.Rows || r.Cols != tr.Cols {
			fmt.Printf("SIZE %s: read %dx%d, truth %dx%d (corner error %.1f px = %.2f cells)\n", name, r.Rows, r.Cols, tr.Rows, tr.Cols, cornerErr, cornerErr/cellSide)
			writeScoreDebug(t, debugDir, img, name, r)
			continue
		}
		g.sizeRight++
		var ink []bool
		if wicht {
			m, err := LoadFile(img)
			if err != nil {
				t.Fatal(err)
			}
			ink = InkCells(m, r)
			m.Close()
		}
		var wrong []string
		for i := 0; i < tr.Rows*tr.Cols; i++ {
			want := tr.Cells[i/tr.Cols][i%tr.Cols]
			var got byte
			if wicht {
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
		edgesOK := wicht || edgeSet(tr.Edges) == edgeSet(r.Edges)
		if len(wrong) == 0 && edgesOK && (!wicht || cornersOK) {
			g.perfect++
			continue
		}
		var why []string
		if len(wrong) > 0 {
			shown := wrong
			if len(shown) > 6 {
				shown = shown[:6]
			}
			why = append(why, fmt.Sprintf("%d cells wrong (style %s): %s", len(wrong), r.Style, strings.Join(shown, ", ")))
		}
		if !edgesOK {
			why = append(why, fmt.Sprintf("edges: truth [%s] read [%s]", edgeSet(tr.Edges), edgeSet(r.Edges)))
		}
		if wicht && !cornersOK {
			why = append(why, fmt.Sprintf("corner error %.1f px = %.1f%% of diagonal", cornerErr, 100*cornerErr/diag))
		}
		fmt.Printf("BAD  %s: %s\n", name, strings.Join(why, "; "))
		writeScoreDebug(t, debugDir, img, name, r)
	}
	sort.Strings(order)
	var all tally
	fmt.Printf("%-36s %6s %7s %8s %8s %8s\n", "group", "images", "size%", "cells%", "perfect%", "corners%")
	for _, k := range order {
		g := groups[k]
		fmt.Printf("%-36s %6d %7.1f %8.2f %8.1f %8.1f\n", k, g.images, pctOf(g.sizeRight, g.images), pctOf(g.cellsRight, g.cells), pctOf(g.perfect, g.images), pctOf(g.cornersOK, g.images))
		all.images += g.images
		all.sizeRight += g.sizeRight
		all.perfect += g.perfect
		all.cornersOK += g.cornersOK
		all.cells += g.cells
		all.cellsRight += g.cellsRight
	}
	sort.Float64s(millis)
	fmt.Printf("%-36s %6d %7.1f %8.2f %8.1f %8.1f\n", "ALL", all.images, pctOf(all.sizeRight, all.images), pctOf(all.cellsRight, all.cells), pctOf(all.perfect, all.images), pctOf(all.cornersOK, all.images))
	if len(millis) > 0 {
		fmt.Printf("read ms: median %.1f, 90%% %.1f, max %.1f\n", millis[len(millis)/2], millis[len(millis)*9/10], millis[len(millis)-1])
		sort.Slice(slow, func(i, j int) bool { return slow[i].millis > slow[j].millis })
		for _, s := range slow[:min(5, len(slow))] {
			fmt.Printf("slow: %s %.1f ms\n", s.name, s.millis)
		}
	}
}

func pctOf(n, of int) float64 {
	if of == 0 {
		return math.NaN()
	}
	return 100 * float64(n) / float64(of)
}

func edgeSet(edges []solver.Edge) string {
	keys := make([]string, len(edges))
	for i, e := range edges {
		if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
			e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
		}
		keys[i] = fmt.Sprintf("%d,%d-%d,%d%s", e.R1, e.C1, e.R2, e.C2, e.Rel)
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// naturalLess orders image2 before image10.
func naturalLess(a, b string) bool {
	na, nb := trailingNumber(a), trailingNumber(b)
	if na >= 0 && nb >= 0 && strings.TrimRight(strings.TrimSuffix(a, ".json"), "0123456789") == strings.TrimRight(strings.TrimSuffix(b, ".json"), "0123456789") {
		return na < nb
	}
	return a < b
}

func trailingNumber(s string) int {
	s = strings.TrimSuffix(s, ".json")
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	n, err := strconv.Atoi(s[i:])
	if err != nil {
		return -1
	}
	return n
}

func writeScoreDebug(t *testing.T, dir, img, name string, r *Reading) {
	if dir == "" {
		return
	}
	m, err := LoadFile(img)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	dbg := DrawDebug(m, r)
	defer dbg.Close()
	if err := WritePNG(filepath.Join(dir, name+".debug.png"), dbg); err != nil {
		t.Fatal(err)
	}
}

// TestTraceLocate prints every grid candidate for the images named in
// BINOCLE_TRACE (comma-separated paths).
func TestTraceLocate(t *testing.T) {
	paths := os.Getenv("BINOCLE_TRACE")
	if paths == "" {
		t.Skip("set BINOCLE_TRACE to trace grid location")
	}
	locateTrace = func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
	defer func() { locateTrace = nil }()
	for _, p := range strings.Split(paths, ",") {
		fmt.Println("==", p)
		m, err := LoadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if out := os.Getenv("BINOCLE_TRACE_OUT"); out != "" {
			writeBlobDebug(t, m, filepath.Join(out, strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))+".blobs.png"))
		}
		r, err := Read(m)
		m.Close()
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("read %dx%d style %s corners %v\n", r.Rows, r.Cols, r.Style, r.Corners)
	}
}

// writeBlobDebug draws the closed regions the lattice locator starts from,
// coloured by the lattice family they joined.
func writeBlobDebug(t *testing.T, img gocv.Mat, path string) {
	small, _ := downscale(img, locateSide)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	out := toBGR(gray)
	defer out.Close()
	v := edgeVariants[envInt(t, "BINOCLE_TRACE_VARIANT", 0)]
	blobs := cellBlobs(gray, v)
	for _, b := range blobs {
		r := image.Rect(int(b.x)-b.w/2, int(b.y)-b.h/2, int(b.x)+b.w/2, int(b.y)+b.h/2)
		gocv.Rectangle(&out, r, color.RGBA{R: 255, A: 255}, 1)
	}
	for k, f := range findLattices(blobs) {
		if k > 2 {
			break
		}
		q := f.quad()
		c := []color.RGBA{{G: 200, A: 255}, {B: 255, A: 255}, {R: 200, B: 200, A: 255}}[k]
		for i := range q {
			j := (i + 1) % 4
			gocv.Line(&out, pt(int(q[i][0]), int(q[i][1])), pt(int(q[j][0]), int(q[j][1])), c, 2)
		}
	}
	if err := WritePNG(path, out); err != nil {
		t.Fatal(err)
	}
}

// TestFeatureStats prints, per style and true symbol, the spread of the
// cell features the classifier uses, over the images of BINOCLE_FEATURES
// (a directory with truth JSON) that are read at the right size.
func TestFeatureStats(t *testing.T) {
	dir := os.Getenv("BINOCLE_FEATURES")
	if dir == "" {
		t.Skip("set BINOCLE_FEATURES to a directory of images with truth JSON")
	}
	match := os.Getenv("BINOCLE_SCORE_MATCH")
	jsons, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	stats := map[string][][6]float64{}
	for _, js := range jsons {
		base := strings.TrimSuffix(js, ".json")
		if match != "" && !strings.Contains(filepath.Base(base), match) {
			continue
		}
		img := base + ".jpg"
		if _, err := os.Stat(img); err != nil {
			img = base + ".png"
		}
		data, _ := os.ReadFile(js)
		var tr dirTruth
		if json.Unmarshal(data, &tr) != nil {
			continue
		}
		m, err := LoadFile(img)
		if err != nil {
			continue
		}
		r, err := Read(m)
		if err != nil || r.Rows != tr.Rows || r.Cols != tr.Cols {
			m.Close()
			continue
		}
		px := cellPixels(r.Rows, r.Cols)
		h := scaling(CellPx/float64(px), CellPx/float64(px)).then(homography(r.Homography))
		bgr := toBGR(m)
		grid := warp(bgr, h, r.Cols*px, r.Rows*px)
		ci := newCellImage(grid, r.Rows, r.Cols, px)
		for i := 0; i < r.Rows*r.Cols; i++ {
			f := ci.features(i/r.Cols, i%r.Cols)
			key := tr.Style + " " + string(tr.Cells[i/r.Cols][i%r.Cols])
			stats[key] = append(stats[key], [6]float64{f.ink, f.centre, f.fill, f.aspect, f.sides, f.corners})
		}
		grid.Close()
		bgr.Close()
		m.Close()
	}
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	names := []string{"ink", "centre", "fill", "aspect", "sides", "corners"}
	for _, k := range keys {
		fmt.Printf("%-18s n=%5d", k, len(stats[k]))
		for j, name := range names {
			var v []float64
			for _, s := range stats[k] {
				v = append(v, s[j])
			}
			fmt.Printf("  %s %.2f/%.2f/%.2f", name, percentile(v, 0.02), percentile(v, 0.5), percentile(v, 0.98))
		}
		fmt.Println()
	}
}

// TestNoGridPages reads BINOCLE_NOGRID synthetic newspaper pages without a
// puzzle and reports every grid the reader wrongly finds in them.
func TestNoGridPages(t *testing.T) {
	n := envInt(t, "BINOCLE_NOGRID", 0)
	if n == 0 {
		t.Skip("set BINOCLE_NOGRID to a number of pages")
	}
	found := 0
	for seed := 1; seed <= n; seed++ {
		data, err := synth.NoGrid(uint64(seed), 1280, 960)
		if err != nil {
			t.Fatal(err)
		}
		m, err := LoadBytes(data)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Read(m)
		m.Close()
		if err == nil {
			found++
			fmt.Printf("page %d: found %dx%d at %v\n", seed, r.Rows, r.Cols, r.Corners)
		}
	}
	fmt.Printf("%d of %d pages without a grid had one found\n", found, n)
}
