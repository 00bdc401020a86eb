package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// TestExtentEvidence writes the line evidence of the lattice located in
// BINOCLE_XEV_IMG (decoded as ReadFile decodes it) to BINOCLE_XEV_OUT, a
// debugging aid; BINOCLE_XEV_FLAT=1 locates in the flattened copy.
func TestExtentEvidence(t *testing.T) {
	path, out := os.Getenv("BINOCLE_XEV_IMG"), os.Getenv("BINOCLE_XEV_OUT")
	if path == "" || out == "" {
		t.Skip("set BINOCLE_XEV_IMG and BINOCLE_XEV_OUT")
	}
	d := decodeFile(t, path)
	small, _ := downscale(d.mat, locateSide)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	if os.Getenv("BINOCLE_XEV_FLAT") != "" {
		flat := flattenLight(gray)
		gray.Close()
		gray = flat
	}
	f, ok := locateLattice(gray, edgeVariants)
	if !ok {
		t.Fatal("no lattice")
	}
	fmt.Printf("lattice %dx%d\n", f.rows, f.cols)
	ev := measureLines(gray, f)
	fmt.Printf("threshold %d strict %v\n", ev.t, ev.strict)
	for y := 44; y < 52; y++ {
		fmt.Println(dumpRow(ev, y))
	}
	for side := 0; side < 4; side++ {
		fmt.Printf("side %d: k=-2 %.2f k=-1 %.2f k=0 %.2f shifted -1 %.2f\n", side, ev.through(side, -2), ev.through(side, -1), ev.through(side, 0), ev.throughShifted(side, -1))
	}
	writeEvidencePNG(t, ev, out)
}

func dumpRow(ev lineEvidence, y int) string {
	s := ""
	for x := 0; x < ev.w; x++ {
		switch {
		case ev.hr[y*ev.w+x]:
			s += "-"
		case ev.vr[y*ev.w+x]:
			s += "|"
		default:
			s += "."
		}
	}
	return s
}

// TestGrowSmallTime times growSmall alone on the lattice located in the
// pictures of BINOCLE_GST (comma-separated), a probe of its cost.
func TestGrowSmallTime(t *testing.T) {
	paths := os.Getenv("BINOCLE_GST")
	if paths == "" {
		t.Skip("set BINOCLE_GST")
	}
	for _, path := range strings.Split(paths, ",") {
		d := decodeFile(t, path)
		small, _ := downscale(d.mat, locateSide)
		gray := toGray(small)
		f, ok := locateLattice(gray, edgeVariants)
		if ok {
			t0 := time.Now()
			for i := 0; i < 10; i++ {
				growSmall(gray, f)
			}
			t1 := time.Now()
			for i := 0; i < 10; i++ {
				locateLattice(gray, edgeVariants)
			}
			fmt.Printf("%s %dx%d complete %v: growSmall %v, locateLattice %v\n", path, f.rows, f.cols, f.complete(), t1.Sub(t0)/10, time.Since(t1)/10)
		}
		gray.Close()
		small.Close()
	}
}

func TestDarkOfTime(t *testing.T) {
	paths := os.Getenv("BINOCLE_GST")
	if paths == "" {
		t.Skip("set BINOCLE_GST")
	}
	d := decodeFile(t, strings.Split(paths, ",")[0])
	gray := toGray(d.mat)
	defer gray.Close()
	t0 := time.Now()
	for i := 0; i < 10; i++ {
		darkOf(gray)
	}
	fmt.Println("darkOf", time.Since(t0)/10)
}

func TestStripsRunOnTime(t *testing.T) {
	paths := os.Getenv("BINOCLE_GST")
	if paths == "" {
		t.Skip("set BINOCLE_GST")
	}
	for _, path := range strings.Split(paths, ",") {
		data, _ := os.ReadFile(path)
		d, _ := decodeImage(data, readSide)
		small, _ := downscale(d.mat, locateSide)
		gray := toGray(small)
		f, ok := locateLattice(gray, edgeVariants)
		if ok {
			t0 := time.Now()
			var p darkPlane
			for i := 0; i < 10; i++ {
				raw, _ := gray.DataPtrUint8()
				p = darkPlane{w: gray.Cols(), h: gray.Rows(), raw: raw, twoSided: true}
			}
			t1 := time.Now()
			var s [4]bool
			for i := 0; i < 10; i++ {
				s, _ = stripsRunOn(p, f)
			}
			fmt.Printf("%s: bytes %v runOn %v %v\n", path, t1.Sub(t0)/10, time.Since(t1)/10, s)
		}
		gray.Close()
		small.Close()
	}
}

// TestWichtSizes lists the wicht-sudoku photos not read 9x9 (a probe).
func TestWichtSizes(t *testing.T) {
	if os.Getenv("BINOCLE_WICHT_SIZES") == "" {
		t.Skip("set BINOCLE_WICHT_SIZES")
	}
	paths, _ := filepath.Glob("/work/shared/photos/wicht-sudoku/*.jpg")
	for _, p := range paths {
		img, err := LoadFile(p)
		if err != nil {
			continue
		}
		r, err := Read(img)
		img.Close()
		if err != nil {
			fmt.Println(p, err)
			continue
		}
		if r.Rows != 9 || r.Cols != 9 {
			fmt.Println(p, r.Rows, r.Cols)
		}
	}
}

func TestDrawnGridDump(t *testing.T) {
	if os.Getenv("BINOCLE_DG") == "" {
		t.Skip()
	}
	m := drawnGrid(6, 6, 50, 120, 150, 3, false)
	defer m.Close()
	gocv.IMWrite(os.Getenv("BINOCLE_DG"), m)
}
