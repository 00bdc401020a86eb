package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLatticeTrace locates the grid in every image matching the glob
// BINOCLE_LT_GLOB with the locator's trace on, and writes the debug image
// of each read to BINOCLE_LT_OUT when set (a debugging aid).
func TestLatticeTrace(t *testing.T) {
	glob := os.Getenv("BINOCLE_LT_GLOB")
	if glob == "" {
		t.Skip("set BINOCLE_LT_GLOB")
	}
	paths, _ := filepath.Glob(glob)
	out := os.Getenv("BINOCLE_LT_OUT")
	quiet := os.Getenv("BINOCLE_LT_QUIET") != ""
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		if !quiet {
			locateTrace = func(format string, args ...any) { t.Logf(name+": "+format, args...) }
		}
		r, err := ReadFile(p)
		locateTrace = nil
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		t.Logf("%s: read %dx%d", name, r.Rows, r.Cols)
		if out != "" {
			m, err := LoadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			dbg := DrawDebug(m, r)
			if err := WritePNG(filepath.Join(out, name+".png"), dbg); err != nil {
				t.Fatal(err)
			}
			dbg.Close()
			m.Close()
		}
	}
}

// TestBoundaryDump writes the boundary map of variant BINOCLE_BD_VARIANT
// (a number, see edgeVariant) of the located copy of BINOCLE_BD_IMG to
// BINOCLE_BD_OUT (a debugging aid).
func TestBoundaryDump(t *testing.T) {
	path, out := os.Getenv("BINOCLE_BD_IMG"), os.Getenv("BINOCLE_BD_OUT")
	if path == "" || out == "" {
		t.Skip("set BINOCLE_BD_IMG and BINOCLE_BD_OUT")
	}
	gray := locatedGray(t, decodeFile(t, path))
	v := 4
	fmt.Sscan(os.Getenv("BINOCLE_BD_VARIANT"), &v)
	m := boundaryMap(gray, edgeVariant(v))
	defer m.Close()
	if err := WritePNG(out, m); err != nil {
		t.Fatal(err)
	}
}

// TestBlobDump lists the closed regions of BINOCLE_BD_IMG's boundary map
// BINOCLE_BD_VARIANT at least BINOCLE_BD_MIN pixels across (a debugging
// aid).
func TestBlobDump(t *testing.T) {
	path := os.Getenv("BINOCLE_BD_IMG")
	if path == "" || os.Getenv("BINOCLE_BD_MIN") == "" {
		t.Skip("set BINOCLE_BD_IMG and BINOCLE_BD_MIN")
	}
	gray := locatedGray(t, decodeFile(t, path))
	v, least := 4, 0
	fmt.Sscan(os.Getenv("BINOCLE_BD_VARIANT"), &v)
	fmt.Sscan(os.Getenv("BINOCLE_BD_MIN"), &least)
	for _, b := range cellBlobs(gray, edgeVariant(v)) {
		if b.w >= least && b.h >= least {
			t.Logf("blob at %.0f,%.0f %dx%d", b.x, b.y, b.w, b.h)
		}
	}
}
