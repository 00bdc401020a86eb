package vision

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissProbe reads every image matching BINOCLE_MISS_GLOB with the
// locator's and the board locator's traces on (a debugging aid).
func TestMissProbe(t *testing.T) {
	glob := os.Getenv("BINOCLE_MISS_GLOB")
	if glob == "" {
		t.Skip("set BINOCLE_MISS_GLOB")
	}
	paths, _ := filepath.Glob(glob)
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		locateTrace = func(format string, args ...any) { t.Logf(name+": "+format, args...) }
		boardTrace = locateTrace
		r, err := ReadFile(p)
		locateTrace, boardTrace = nil, nil
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		t.Logf("%s: read %dx%d", name, r.Rows, r.Cols)
	}
}
