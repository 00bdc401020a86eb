package vision

import (
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
