package vision_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"binocle/vision"

	"gocv.io/x/gocv"
)

// wichtTruth is the truth file beside each wicht-sudoku photo.
type wichtTruth struct {
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
	Cells   []string      `json:"cells"`
	Corners [4][2]float64 `json:"corners"`
}

// wichtPhotos lists the photos in a stable order; every stride-th one when
// stride > 1, so that a subset still spans all the phones.
func wichtPhotos(t testing.TB, stride int) []string {
	dir := sharedDir(t, filepath.Join("photos", "wicht-sudoku"))
	paths, err := filepath.Glob(filepath.Join(dir, "*.jpg"))
	if err != nil || len(paths) == 0 {
		t.Skipf("no wicht-sudoku photos in %s", dir)
	}
	sort.Strings(paths)
	var out []string
	for i := 0; i < len(paths); i += max(1, stride) {
		out = append(out, paths[i])
	}
	return out
}

func loadWichtTruth(path string) (wichtTruth, error) {
	var w wichtTruth
	data, err := os.ReadFile(strings.TrimSuffix(path, ".jpg") + ".json")
	if err != nil {
		return w, err
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return w, fmt.Errorf("%s: %v", path, err)
	}
	if len(w.Cells) != w.Rows {
		return w, fmt.Errorf("%s: %d cell rows for %d rows", path, len(w.Cells), w.Rows)
	}
	return w, nil
}

// wichtResult tallies the real sudoku photos.
type wichtResult struct {
	photos, found9, corners int
	inkCells, inkRight      int
	millis                  []float64
}

func measureWicht(t *testing.T, paths []string) *wichtResult {
	res := &wichtResult{}
	for _, path := range paths {
		truth, err := loadWichtTruth(path)
		if err != nil {
			t.Fatal(err)
		}
		res.photos++
		img, err := vision.LoadFile(path)
		if err != nil {
			img.Close()
			t.Errorf("%s: %v", path, err)
			continue
		}
		start := time.Now()
		r, err := vision.Read(img)
		res.millis = append(res.millis, float64(time.Since(start).Microseconds())/1000)
		good := err == nil && r.Rows == truth.Rows && r.Cols == truth.Cols
		if good {
			res.found9++
			diag := math.Hypot(float64(img.Cols()), float64(img.Rows()))
			if maxCornerError(truth.Corners, r.Corners) <= 0.03*diag {
				res.corners++
			} else {
				good = false
			}
			ink := vision.InkCells(img, r)
			for i, inked := range ink {
				res.inkCells++
				if inked == (truth.Cells[i/truth.Cols][i%truth.Cols] == '#') {
					res.inkRight++
				} else {
					good = false
				}
			}
		}
		img.Close()
		if !good && *failDir != "" {
			dumpFailure(t, path, truth, r, err)
		}
	}
	return res
}

func (res *wichtResult) write(w *strings.Builder) {
	fmt.Fprintf(w, "### Real photos: wicht-sudoku\n\n")
	fmt.Fprintln(w, "| photos | 9×9 found % | corners within 3% of the diagonal % | blank-vs-ink cells right % (over grids found) | median read ms (decoded) |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d | %.1f | %.1f | %.2f (%d cells) | %.1f |\n\n", res.photos, pct(res.found9, res.photos),
		pct(res.corners, res.photos), pct(res.inkRight, res.inkCells), res.inkCells, median(res.millis))
}

// BenchmarkReadWichtPhoto reads real phone photos (640x480 to 1280x960),
// decoded beforehand: the reader's own cost on camera images.
func BenchmarkReadWichtPhoto(b *testing.B) {
	paths := wichtPhotos(b, 20)
	var imgs []gocv.Mat
	for _, p := range paths {
		img, err := vision.LoadFile(p)
		if err != nil {
			img.Close()
			b.Fatal(err)
		}
		defer img.Close()
		imgs = append(imgs, img)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		vision.Read(imgs[i%len(imgs)])
	}
}
