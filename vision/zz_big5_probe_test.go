package vision

// Probe: BINOCLE_BIG5=path decodes at full size, runs the fine locate and
// writes the located copy with the found cell centres to BINOCLE_BIG5_OUT.

import (
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"binocle/vision/internal/synth"
	"gocv.io/x/gocv"
)

func TestBig5Probe(t *testing.T) {
	p := os.Getenv("BINOCLE_BIG5")
	if p == "" {
		t.Skip("set BINOCLE_BIG5")
	}
	if os.Getenv("BINOCLE_BIG_TRACE") != "" {
		locateTrace = func(format string, args ...any) {
			if strings.HasPrefix(format, "grow") || strings.HasPrefix(format, "lattice") || strings.HasPrefix(format, "refit") {
				fmt.Printf(format+"\n", args...)
			}
		}
		defer func() { locateTrace = nil }()
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	d, err := decodeImage(data, envInt(t, "BINOCLE_BIG_SIDE", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer d.mat.Close()
	mode := fineLocate
	if os.Getenv("BINOCLE_BIG5_READ") != "" {
		mode = readLocate
	}
	if side := envInt(t, "BINOCLE_BIG5_SIDE", 0); side > 0 {
		mode = locateMode{side: side, variants: []edgeVariant{faintLines}, vouch: true}
	}
	t0 := time.Now()
	c, scale, err := locateWith(d.mat, mode)
	fmt.Println("in", time.Since(t0))
	fmt.Printf("locate: %dx%d scale %.2f err %v quad %v\n", c.rows.n, c.cols.n, scale, err, c.quad)
	if out := os.Getenv("BINOCLE_BIG5_OUT"); out != "" && err == nil {
		small, _ := downscale(d.mat, mode.side)
		defer small.Close()
		for i, q := range c.centres {
			col := color.RGBA{R: 255, A: 255}
			if (i/c.cols.n)%2 == 1 {
				col = color.RGBA{B: 255, A: 255}
			}
			gocv.Circle(&small, pt(int(q[0]), int(q[1])), 1, col, -1)
		}
		_ = WritePNG(out, small)
	}
}

// TestBig5Wrong prints the rows and columns of wrong cells of one photo
// (BINOCLE_BIG5W=path.jpg, truth beside it).
func TestBig5Wrong(t *testing.T) {
	p := os.Getenv("BINOCLE_BIG5W")
	if p == "" {
		t.Skip("set BINOCLE_BIG5W")
	}
	r, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(strings.TrimSuffix(p, ".jpg") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var truth struct {
		Rows, Cols int
		Cells      []string
	}
	if err := json.Unmarshal(raw, &truth); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("read %dx%d in %.0f ms\n", r.Rows, r.Cols, r.Millis)
	if r.Rows != truth.Rows || r.Cols != truth.Cols {
		return
	}
	rows, cols := map[int]int{}, map[int]int{}
	n := 0
	for i := 0; i < r.Rows; i++ {
		line := ""
		for j := 0; j < r.Cols; j++ {
			if cellByte(r, i, j) != truth.Cells[i][j] {
				rows[i]++
				cols[j]++
				n++
				line += "X"
			} else {
				line += "."
			}
		}
		fmt.Println(line)
	}
	fmt.Println("wrong", n, "rows", rows, "cols", cols)
}

// TestBig5Search reads bent big grids over a range of seeds
// (BINOCLE_BIG5S=first,count) and prints the wrong cells of each.
func TestBig5Search(t *testing.T) {
	s := os.Getenv("BINOCLE_BIG5S")
	if s == "" {
		t.Skip("set BINOCLE_BIG5S")
	}
	var first, count int
	fmt.Sscanf(s, "%d,%d", &first, &count)
	for seed := first; seed < first+count; seed++ {
		for _, c := range []bentCase{
			{"disc", uint64(seed), synth.StyleDiscCircle, 30, 40, 1280, 960, 0.65, 15, 8, 0.3, ""},
			{"square", uint64(seed), synth.StyleSquareCircle, 40, 30, 2592, 1944, 0.3, 19, 15, 0.28, ""},
			{"partial", uint64(seed), synth.StyleDiscCircle, 30, 30, 1600, 1200, 0.6, 10, 19, 0.35, synth.LookPartial},
		} {
			r, truth, err := readBent(t, c)
			if err != nil {
				fmt.Println(c.name, seed, err)
				continue
			}
			if r.Rows != truth.Rows || r.Cols != truth.Cols {
				fmt.Printf("%s %d: read %dx%d\n", c.name, seed, r.Rows, r.Cols)
				continue
			}
			fmt.Printf("%s %d: wrong %d\n", c.name, seed, wrongCells(r, truth))
			if os.Getenv("BINOCLE_BIG5_MAP") != "" {
				for i := 0; i < r.Rows; i++ {
					line := ""
					for j := 0; j < r.Cols; j++ {
						if cellByte(r, i, j) != truth.Cells[i][j] {
							line += "X"
						} else {
							line += "."
						}
					}
					fmt.Println(line)
				}
			}
		}
	}
}

// TestBig5Maps writes every boundary map of the fine-located copy of
// BINOCLE_BIG5M to BINOCLE_BIG5_OUT-vN.png.
func TestBig5Maps(t *testing.T) {
	p := os.Getenv("BINOCLE_BIG5M")
	if p == "" {
		t.Skip("set BINOCLE_BIG5M")
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	d, err := decodeImage(data, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer d.mat.Close()
	small, _ := downscale(d.mat, envInt(t, "BINOCLE_BIG5_SIDE", fineLocate.side))
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	for i, v := range edgeVariants {
		m := boundaryMap(gray, v)
		_ = WritePNG(fmt.Sprintf("%s-v%d.png", os.Getenv("BINOCLE_BIG5_OUT"), i), m)
		m.Close()
	}
}

// TestBig5GrowCount reads every file of BINOCLE_BIG5G (a glob) and
// prints those on which growBig followed lines.
func TestBig5GrowCount(t *testing.T) {
	g := os.Getenv("BINOCLE_BIG5G")
	if g == "" {
		t.Skip("set BINOCLE_BIG5G")
	}
	paths, _ := filepath.Glob(g)
	n := 0
	for _, p := range paths {
		grew := false
		locateTrace = func(format string, args ...any) {
			if strings.HasPrefix(format, "grow big") {
				grew = true
			}
		}
		_, _ = ReadFile(p)
		locateTrace = nil
		if grew {
			n++
			fmt.Println("grow:", filepath.Base(p))
		}
	}
	fmt.Println(n, "of", len(paths))
}

// TestBig5GrowTime times growBig alone on the lattice locate finds in
// BINOCLE_BIG5T, over 20 runs.
func TestBig5GrowTime(t *testing.T) {
	p := os.Getenv("BINOCLE_BIG5T")
	if p == "" {
		t.Skip("set BINOCLE_BIG5T")
	}
	img := gocv.IMRead(p, gocv.IMReadColor)
	defer img.Close()
	small, _ := downscale(img, envInt(t, "BINOCLE_BIG5_SIDE", locateSide))
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	f, ok := closedCellLattice(gray)
	if !ok {
		t.Skip("no lattice")
	}
	t0 := time.Now()
	for i := 0; i < 20; i++ {
		growBig(gray, f)
	}
	fmt.Printf("%dx%d cell %.1f cells %d resid %.3f complete %v: growBig %v\n", f.rows, f.cols, f.cellSize, f.cells, f.residual, f.complete(), time.Since(t0)/20)
}
