package vision

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/vision/internal/synth"
)

// TestLatticeProbe prints, for every photo matching BINOCLE_LP_GLOB (with
// its truth JSON beside it) and for BINOCLE_LP_NOGRID text-only pages,
// every lattice the boundary maps give with its evidence, marked G when it
// sits on the true grid and T otherwise (a debugging aid for telling
// grids from text).
func TestLatticeProbe(t *testing.T) {
	glob := os.Getenv("BINOCLE_LP_GLOB")
	nogrid := os.Getenv("BINOCLE_LP_NOGRID")
	if glob == "" && nogrid == "" {
		t.Skip("set BINOCLE_LP_GLOB or BINOCLE_LP_NOGRID")
	}
	type job struct {
		name    string
		data    []byte
		corners [][2]float64
		width   int
	}
	var jobs []job
	paths, _ := filepath.Glob(glob)
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		js, _ := os.ReadFile(strings.TrimSuffix(p, filepath.Ext(p)) + ".json")
		var truth struct {
			Corners [][2]float64
			Width   int
		}
		_ = json.Unmarshal(js, &truth)
		jobs = append(jobs, job{filepath.Base(p), data, truth.Corners, truth.Width})
	}
	var n int
	fmt.Sscan(nogrid, &n)
	for s := 1; s <= n; s++ {
		data, err := synth.NoGrid(uint64(s), 1280, 960)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{name: fmt.Sprintf("nogrid-%d", s), data: data})
	}
	for _, j := range jobs {
		d, err := decodeImage(j.data, readSide)
		if err != nil {
			continue
		}
		small, _ := downscale(d.mat, locateSide)
		gray := toGray(small)
		var truth [4][2]float64
		if len(j.corners) == 4 {
			k := float64(gray.Cols()) / float64(j.width)
			for i := range truth {
				truth[i] = [2]float64{j.corners[i][0] * k, j.corners[i][1] * k}
			}
		}
		for _, v := range edgeVariants {
			for _, f := range findLattices(cellBlobs(gray, v)) {
				q := f.quad()
				cx, cy := (q[0][0]+q[2][0])/2, (q[0][1]+q[2][1])/2
				mark := "T"
				if len(j.corners) == 4 && probeInside(truth, cx, cy) {
					mark = "G"
				}
				ev := measureLines(gray, f)
				t.Logf("LP %s %s v%d %dx%d cells %d fill %.2f resid %.3f size %.1f lines %.2f t %d", mark, j.name, v, f.rows, f.cols, f.cells,
					float64(f.cells)/float64(f.rows*f.cols), f.residual, f.cellSize, ev.gridLines(), ev.t)
			}
		}
		gray.Close()
		small.Close()
		d.mat.Close()
	}
}

func probeInside(q [4][2]float64, x, y float64) bool {
	sign := 0.0
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		c := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		if c == 0 {
			continue
		}
		if sign == 0 {
			sign = c
		} else if sign*c < 0 {
			return false
		}
	}
	return true
}

// TestFaintProbe reads BINOCLE_FAINT_N faint grids on tilted, rotated and
// bowed paper (see faintGrid) and prints each one's read size, writing
// the photos to BINOCLE_FAINT_OUT when set (a debugging aid: a wider set
// of faint grids than the suites hold).
func TestFaintProbe(t *testing.T) {
	var n int
	fmt.Sscan(os.Getenv("BINOCLE_FAINT_N"), &n)
	if n == 0 {
		t.Skip("set BINOCLE_FAINT_N")
	}
	right := 0
	for i := 0; i < n; i++ {
		s := faintGrid(uint64(300+i), 10+i%3*2, 10+i%3*2, float64(i%7)*3-9, 25+float64(i%5)*5)
		s.Bend = 0.3 * float64(i%4)
		sample, err := synth.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		if d := os.Getenv("BINOCLE_FAINT_OUT"); d != "" {
			_ = os.WriteFile(filepath.Join(d, s.Name+".jpg"), sample.Data, 0o644)
		}
		m, err := LoadBytes(sample.Data)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Read(m)
		m.Close()
		if err != nil {
			t.Logf("P %d miss", i)
			continue
		}
		ok := r.Rows == s.Rows && r.Cols == s.Cols
		if ok {
			right++
		}
		t.Logf("P %d %dx%d want %dx%d ok=%v", i, r.Rows, r.Cols, s.Rows, s.Cols, ok)
	}
	t.Logf("P right %d of %d", right, n)
}
