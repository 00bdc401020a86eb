package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestCellFeatureCSV writes one CSV line per cell of every grid in
// BINOCLE_FEAT_DUMP (a TestClassifyDump directory, its .read.png grids)
// whose truth is in BINOCLE_CLS_SRC, to BINOCLE_FEAT_CSV: the grid, the
// truth, the label read, its confidence and every feature, for studying
// the classifier's decisions offline.
func TestCellFeatureCSV(t *testing.T) {
	dir, src, out := os.Getenv("BINOCLE_FEAT_DUMP"), os.Getenv("BINOCLE_CLS_SRC"), os.Getenv("BINOCLE_FEAT_CSV")
	if dir == "" || src == "" || out == "" {
		t.Skip("set BINOCLE_FEAT_DUMP, BINOCLE_CLS_SRC and BINOCLE_FEAT_CSV")
	}
	match := os.Getenv("BINOCLE_SCORE_MATCH")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fmt.Fprintln(f, "grid,style,read_style,row,col,truth,read,conf,ink,centre,ends,flanks,hole,stray,off,fill,aspect,tone,hint")
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.read.png"))
	sort.Strings(pngs)
	for _, p := range pngs {
		name := strings.TrimSuffix(filepath.Base(p), ".read.png")
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
		ci := newCellImage(grid, tr.Rows, tr.Cols, px)
		style, cells, conf := classify(ci)
		for i, c := range cells {
			row, col := i/tr.Cols, i%tr.Cols
			ft := ci.features(row, col)
			fmt.Fprintf(f, "%s,%s,%s,%d,%d,%c,%c,%.3f,%.4f,%.3f,%.3f,%.3f,%.4f,%.4f,%.3f,%.3f,%.3f,%.3f,%.4f\n",
				name, tr.Style, style, row, col, tr.Cells[row][col], c.Char(), conf[i], ft.ink, ft.centre, ft.ends, ft.flanks, ft.hole, ft.stray, ft.off, ft.fill, ft.aspect, ft.tone, ft.hint)
		}
		grid.Close()
	}
}
