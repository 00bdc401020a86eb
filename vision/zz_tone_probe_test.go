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

// TestToneProbe prints, per style and true symbol, the spread of the
// glyphs' middleTone over a TestClassifyDump directory (BINOCLE_TONE_DIR,
// its truth in BINOCLE_CLS_SRC), and every cell misread with its tone.
func TestToneProbe(t *testing.T) {
	dir, src := os.Getenv("BINOCLE_TONE_DIR"), os.Getenv("BINOCLE_CLS_SRC")
	if dir == "" || src == "" {
		t.Skip("set BINOCLE_TONE_DIR (a TestClassifyDump directory) and BINOCLE_CLS_SRC")
	}
	stats := map[string][]float64{}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.read.png"))
	sort.Strings(pngs)
	for _, p := range pngs {
		name := strings.TrimSuffix(filepath.Base(p), ".read.png")
		tr, ok := loadTruth(t, filepath.Join(src, name+".json"))
		if !ok {
			continue
		}
		grid := gocv.IMRead(p, gocv.IMReadColor)
		if grid.Empty() {
			grid.Close()
			continue
		}
		ci := newCellImage(grid, tr.Rows, tr.Cols, cellPixels(tr.Rows, tr.Cols))
		grid.Close()
		style, cells, conf := classify(ci)
		if string(style) != tr.Style {
			continue
		}
		for i, c := range cells {
			row, col := i/tr.Cols, i%tr.Cols
			want := tr.Cells[row][col]
			f := ci.features(row, col)
			if f.ink < blankInk && os.Getenv("BINOCLE_TONE_HINT") != "" {
				fmt.Printf("HINT %s %c %s r%dc%d hint %.3f ink %.3f stray %.3f\n", tr.Style, want, name, row, col, f.hint, f.ink, f.stray)
			}
			if f.ink >= blankInk && f.off > 0.25 {
				fmt.Printf("OFF %s r%dc%d %c>%c %.2f off %.2f ink %.3f aspect %.2f\n", name, row, col, want, c.Char(), conf[i], f.off, f.ink, f.aspect)
			}
			if want == '.' || f.ink < blankInk {
				continue
			}
			key := tr.Style + " " + string(want)
			stats[key] = append(stats[key], f.tone)
			if c.Char() != want || f.tone > 0.45 && (want == '0') || f.tone < 0.55 && want == '1' && tr.Style != "square-circle" {
				fmt.Printf("%s r%dc%d %c>%c %.2f tone %.2f centre %.2f hole %.2f\n", name, row, col, want, c.Char(), conf[i], f.tone, f.centre, f.hole)
			}
		}
	}
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := stats[k]
		fmt.Printf("%-18s n=%5d tone %.2f/%.2f/%.2f/%.2f/%.2f/%.2f/%.2f\n", k, len(v), percentile(v, 0), percentile(v, 0.01), percentile(v, 0.05), percentile(v, 0.5), percentile(v, 0.95), percentile(v, 0.99), percentile(v, 1))
	}
}
