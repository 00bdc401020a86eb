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
	"time"

	"binocle/vision"
	"binocle/vision/exif"
)

// WichtTruth is the truth file beside each wicht-sudoku photo: '#' marks a
// cell with some ink, '.' a blank one.
type WichtTruth struct {
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
	Cells   []string      `json:"cells"`
	Corners [4][2]float64 `json:"corners"`
}

// UprightInk is which cells of the truth hold ink, row by row, in the
// picture as it is meant to be seen. The truth's corners are given in
// that upright picture, but its cells as the photo's pixels are stored:
// on the photos whose EXIF orientation turns them a quarter (image1031,
// image1039, image1041), the cells as given disagree with the reading in
// 39, 18 and 10 places and, turned by the orientation, in 3, 2 and 2.
// rows and cols are the upright grid's.
func (w WichtTruth) UprightInk(orientation int) (ink []bool, rows, cols int) {
	rows, cols = w.Rows, w.Cols
	if orientation >= 5 && orientation <= 8 {
		rows, cols = cols, rows
	}
	ink = make([]bool, rows*cols)
	for r, line := range w.Cells {
		for c := 0; c < len(line) && c < w.Cols; c++ {
			x, y := exif.StoredToUpright(orientation, c, r, w.Cols, w.Rows)
			ink[y*cols+x] = line[c] == '#'
		}
	}
	return ink, rows, cols
}

// WichtPhotos lists the photos of dir in a stable order; every stride-th
// one when stride > 1, so that a subset still spans all the phones.
func WichtPhotos(dir string, stride int) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.jpg"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no wicht-sudoku photos in %s", dir)
	}
	sort.Strings(paths)
	var out []string
	for i := 0; i < len(paths); i += max(1, stride) {
		out = append(out, paths[i])
	}
	return out, nil
}

// LoadWichtTruth reads the truth beside a wicht photo.
func LoadWichtTruth(path string) (WichtTruth, error) {
	var w WichtTruth
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

// WichtResult tallies the real sudoku photos.
type WichtResult struct {
	Photos, Found9, Corners int
	InkCells, InkRight      int
	Millis                  []float64
	// Unreadable lists the photos that could not be decoded.
	Unreadable []string
}

// MeasureWicht reads each photo decoded (the reader's own cost, without
// the full-resolution retry ReadFile makes) and scores the grid's size,
// corners and which cells hold ink.
func MeasureWicht(paths []string, failDir string) (*WichtResult, error) {
	res := &WichtResult{}
	for _, path := range paths {
		truth, err := LoadWichtTruth(path)
		if err != nil {
			return nil, err
		}
		res.Photos++
		data, err := os.ReadFile(path)
		if err != nil {
			res.Unreadable = append(res.Unreadable, err.Error())
			continue
		}
		wantInk, rows, cols := truth.UprightInk(exif.Orientation(data))
		img, err := vision.LoadBytes(data)
		if err != nil {
			img.Close()
			res.Unreadable = append(res.Unreadable, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		start := time.Now()
		r, err := vision.Read(img)
		res.Millis = append(res.Millis, float64(time.Since(start).Microseconds())/1000)
		good := err == nil && r.Rows == rows && r.Cols == cols
		if good {
			res.Found9++
			diag := math.Hypot(float64(img.Cols()), float64(img.Rows()))
			if MaxCornerError(truth.Corners, r.Corners) <= 0.03*diag {
				res.Corners++
			} else {
				good = false
			}
			ink := vision.InkCells(img, r)
			for i, inked := range ink {
				res.InkCells++
				if inked == wantInk[i] {
					res.InkRight++
				} else {
					good = false
				}
			}
		}
		img.Close()
		if !good && failDir != "" {
			if err := DumpFailure(failDir, path, truth, r, err); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// Write prints the wicht table.
func (res *WichtResult) Write(w io.Writer) {
	fmt.Fprintf(w, "### Real photos: wicht-sudoku\n\n")
	fmt.Fprintln(w, "| photos | 9×9 found % | corners within 3% of the diagonal % | blank-vs-ink cells right % (over grids found) | median read ms (decoded) |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d | %.1f | %.1f | %.2f (%d cells) | %.1f |\n\n", res.Photos, Pct(res.Found9, res.Photos),
		Pct(res.Corners, res.Photos), Pct(res.InkRight, res.InkCells), res.InkCells, Median(res.Millis))
}
