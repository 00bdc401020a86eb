package vision

import (
	"encoding/json"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// The two tests in this file are the classifier's offline loop. The first
// rectifies every image of a truth directory twice, once through the
// reader's own corners and once through the true corners, and writes the
// grids as PNGs; the second classifies those grids and scores cells,
// styles and confidences against the truth, without paying for the
// locator on every change. Both are skipped unless their variable is set.

// TestClassifyDump writes BINOCLE_CLS_SRC's images, rectified, into
// BINOCLE_CLS_DUMP as NAME.read.png (when the reader got the size right)
// and NAME.truth.png.
func TestClassifyDump(t *testing.T) {
	out, src := os.Getenv("BINOCLE_CLS_DUMP"), os.Getenv("BINOCLE_CLS_SRC")
	if out == "" || src == "" {
		t.Skip("set BINOCLE_CLS_DUMP and BINOCLE_CLS_SRC to rectify a truth directory for classifier work")
	}
	match := os.Getenv("BINOCLE_SCORE_MATCH")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	jsons, _ := filepath.Glob(filepath.Join(src, "*.json"))
	for _, js := range jsons {
		base := strings.TrimSuffix(js, ".json")
		name := filepath.Base(base)
		if match != "" && !strings.Contains(name, match) {
			continue
		}
		img := base + ".jpg"
		if _, err := os.Stat(img); err != nil {
			img = base + ".png"
		}
		tr, ok := loadTruth(t, js)
		if !ok && os.Getenv("BINOCLE_CLS_ANY") == "" {
			continue
		}
		data, err := os.ReadFile(img)
		if err != nil {
			continue
		}
		d, err := decodeImage(data, readSide)
		if err != nil {
			t.Fatal(err)
		}
		px := cellPixels(tr.Rows, tr.Cols)
		rect := rectCorners(float64(tr.Cols*px), float64(tr.Rows*px))
		bgr := toBGR(d.mat)
		var quad [4][2]float64
		for i, c := range tr.Corners {
			quad[i] = [2]float64{c[0] / d.scale, c[1] / d.scale}
		}
		if h, ok := homographyFromQuads(rect, quad); ok {
			g := warp(bgr, h, tr.Cols*px, tr.Rows*px)
			gocv.IMWrite(filepath.Join(out, name+".truth.png"), g)
			g.Close()
		}
		r, err := readScaled(d.mat, d.scale, d.width, d.height)
		if err == nil && r.Rows == tr.Rows && r.Cols == tr.Cols {
			h := scaling(CellPx/float64(px), CellPx/float64(px)).then(homography(r.Homography)).then(scaling(1/d.scale, 1/d.scale))
			g := warp(bgr, h, tr.Cols*px, tr.Rows*px)
			gocv.IMWrite(filepath.Join(out, name+".read.png"), g)
			g.Close()
		}
		bgr.Close()
		d.mat.Close()
	}
}

func loadTruth(t *testing.T, path string) (dirTruth, bool) {
	var tr dirTruth
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return tr, tr.Rows > 0 && tr.Cols > 0 && tr.Style != "" && !strings.Contains(strings.Join(tr.Cells, ""), "#")
}

// TestClassifyEval classifies the grids TestClassifyDump wrote (the
// BINOCLE_CLS_KIND ones: read, the default, or truth) and prints, per
// style, how often the style and the cells were right and how well the
// confidence separates right cells from wrong ones. BINOCLE_CLS_CROPS
// names a directory for enlarged crops of the misread cells.
func TestClassifyEval(t *testing.T) {
	dir, src := os.Getenv("BINOCLE_CLS_EVAL"), os.Getenv("BINOCLE_CLS_SRC")
	if dir == "" || src == "" {
		t.Skip("set BINOCLE_CLS_EVAL (a TestClassifyDump directory) and BINOCLE_CLS_SRC")
	}
	kind := os.Getenv("BINOCLE_CLS_KIND")
	if kind == "" {
		kind = "read"
	}
	match := os.Getenv("BINOCLE_SCORE_MATCH")
	crops := os.Getenv("BINOCLE_CLS_CROPS")
	verbose := os.Getenv("BINOCLE_CLS_VERBOSE") != ""
	type tally struct {
		grids, styleRight, perfect, cells, wrong, wrongFlagged, rightFlagged int
	}
	tallies := map[string]*tally{}
	var millis []float64
	stats := map[string][][6]float64{}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*."+kind+".png"))
	sort.Strings(pngs)
	for _, p := range pngs {
		name := strings.TrimSuffix(filepath.Base(p), "."+kind+".png")
		if match != "" && !strings.Contains(name, match) {
			continue
		}
		tr, ok := loadTruth(t, filepath.Join(src, name+".json"))
		if !ok {
			continue
		}
		grid := gocv.IMRead(p, gocv.IMReadColor)
		if grid.Empty() {
			grid.Close()
			continue
		}
		px := cellPixels(tr.Rows, tr.Cols)
		start := time.Now()
		ci := newCellImage(grid, tr.Rows, tr.Cols, px)
		style, cells, conf := classify(ci)
		millis = append(millis, float64(time.Since(start).Microseconds())/1000)
		if masks := os.Getenv("BINOCLE_CLS_MASKS"); masks != "" {
			writeMaskDebug(t, ci, filepath.Join(masks, name+".masks.png"))
		}
		key := tr.Style + "|" + tr.Look
		if tallies[key] == nil {
			tallies[key] = &tally{}
		}
		g := tallies[key]
		g.grids++
		if string(style) == tr.Style {
			g.styleRight++
		}
		var wrong []string
		for i, c := range cells {
			row, col := i/tr.Cols, i%tr.Cols
			want := tr.Cells[row][col]
			g.cells++
			doubtful := conf[i] < doubtLimitCLI
			if os.Getenv("BINOCLE_CLS_ALL") != "" {
				f := ci.features(row, col)
				fmt.Printf("   r%dc%d %c>%c conf %.2f ink %.3f centre %.2f ends %.2f flanks %.2f hole %.2f stray %.3f off %.2f fill %.2f aspect %.2f colour %.2f corners %.2f hue %.0f\n",
					row, col, want, c.Char(), conf[i], f.ink, f.centre, f.ends, f.flanks, f.hole, f.stray, f.off, f.fill, f.aspect, f.colour, f.corners, f.hue)
			}
			if os.Getenv("BINOCLE_CLS_STATS") != "" {
				f := ci.features(row, col)
				key := tr.Style + " " + string(want)
				stats[key] = append(stats[key], [6]float64{f.hole, f.centre, f.ends, f.flanks, f.fill, f.aspect})
			}
			if c.Char() == want {
				if doubtful {
					g.rightFlagged++
				}
				continue
			}
			g.wrong++
			if doubtful {
				g.wrongFlagged++
			}
			f := ci.features(row, col)
			wrong = append(wrong, fmt.Sprintf("r%dc%d %c>%c %.2f", row, col, want, c.Char(), conf[i]))
			if verbose {
				fmt.Printf("   r%dc%d %c>%c conf %.2f ink %.3f centre %.2f ends %.2f flanks %.2f hole %.2f stray %.3f off %.2f fill %.2f aspect %.2f colour %.2f corners %.2f hue %.0f\n",
					row, col, want, c.Char(), conf[i], f.ink, f.centre, f.ends, f.flanks, f.hole, f.stray, f.off, f.fill, f.aspect, f.colour, f.corners, f.hue)
			}
			if crops != "" {
				writeCellCrop(t, grid, px, row, col, filepath.Join(crops, fmt.Sprintf("%s-r%dc%d-%c%c.png", name, row, col, want, c.Char())))
			}
		}
		if len(wrong) == 0 {
			g.perfect++
		} else {
			shown := wrong
			if len(shown) > 8 {
				shown = shown[:8]
			}
			fmt.Printf("BAD %s: style %s (truth %s), %d wrong: %s\n", name, style, tr.Style, len(wrong), strings.Join(shown, ", "))
		}
		grid.Close()
	}
	printFeatureStats(stats)
	if len(millis) > 0 {
		fmt.Printf("classify ms: median %.2f, 90%% %.2f, max %.2f\n", percentile(millis, 0.5), percentile(millis, 0.9), percentile(millis, 1))
	}
	var keys []string
	for k := range tallies {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var all tally
	fmt.Printf("%-24s %5s %6s %8s %7s %7s %12s %12s\n", "group", "grids", "style%", "perfect%", "cells", "wrong", "wrongFlagged", "rightFlagged")
	for _, k := range append(keys, "ALL") {
		g := tallies[k]
		if k == "ALL" {
			g = &all
		} else {
			all.grids += g.grids
			all.styleRight += g.styleRight
			all.perfect += g.perfect
			all.cells += g.cells
			all.wrong += g.wrong
			all.wrongFlagged += g.wrongFlagged
			all.rightFlagged += g.rightFlagged
		}
		fmt.Printf("%-24s %5d %6.1f %8.1f %7d %7d %12d %12d\n", k, g.grids, pctOf(g.styleRight, g.grids), pctOf(g.perfect, g.grids), g.cells, g.wrong, g.wrongFlagged, g.rightFlagged)
	}
}

// doubtLimitCLI is gui/cli's doubtfulBelow.
const doubtLimitCLI = 0.75

// writeCellCrop writes the cell with a third of each neighbour around it,
// enlarged so that its pixels can be seen.
func writeCellCrop(t *testing.T, grid gocv.Mat, px, row, col int, path string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	pad := px / 3
	x0, y0 := max(0, col*px-pad), max(0, row*px-pad)
	x1, y1 := min(grid.Cols(), (col+1)*px+pad), min(grid.Rows(), (row+1)*px+pad)
	roi := grid.Region(image.Rect(x0, y0, x1, y1))
	defer roi.Close()
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(roi, &big, pt(0, 0), 8, 8, gocv.InterpolationNearestNeighbor)
	gocv.IMWrite(path, big)
}

// writeMaskDebug draws a cell image's masks: strong ink black, faint ink
// grey, line pixels red and the glyphs' pixels blue.
func writeMaskDebug(t *testing.T, ci cellImage, path string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	w, h := ci.gray.w, ci.gray.h
	pix := make([]byte, 3*w*h)
	for i := range ci.faint {
		b, g, r := byte(255), byte(255), byte(255)
		switch {
		case ci.lines[i]:
			b, g, r = 60, 60, 230
		case ci.ink[i]:
			b, g, r = 0, 0, 0
		case ci.faint[i]:
			b, g, r = 150, 150, 150
		}
		pix[3*i], pix[3*i+1], pix[3*i+2] = b, g, r
	}
	for row := 0; row < ci.rows; row++ {
		for col := 0; col < ci.cols; col++ {
			gl := ci.glyph(row, col)
			for k, on := range gl.in {
				if on {
					i := 3 * ((gl.oy+k/ci.px)*w + gl.ox + k%ci.px)
					pix[i], pix[i+1], pix[i+2] = 230, 120, 0
				}
			}
		}
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, pix)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	gocv.IMWrite(path, m)
}

func printFeatureStats(stats map[string][][6]float64) {
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	names := []string{"hole", "centre", "ends", "flanks", "fill", "aspect"}
	for _, k := range keys {
		fmt.Printf("%-16s n=%5d", k, len(stats[k]))
		for j, name := range names {
			var v []float64
			for _, s := range stats[k] {
				v = append(v, s[j])
			}
			fmt.Printf("  %s %.2f/%.2f/%.2f/%.2f/%.2f", name, percentile(v, 0.01), percentile(v, 0.05), percentile(v, 0.5), percentile(v, 0.95), percentile(v, 0.99))
		}
		fmt.Println()
	}
}
