package vision

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestEvidenceDump writes the line evidence of the located lattice of
// BINOCLE_EV_IMG to BINOCLE_EV_OUT (a debugging aid).
func TestEvidenceDump(t *testing.T) {
	path, out := os.Getenv("BINOCLE_EV_IMG"), os.Getenv("BINOCLE_EV_OUT")
	if path == "" || out == "" {
		t.Skip("set BINOCLE_EV_IMG and BINOCLE_EV_OUT")
	}
	m, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	small, _ := downscale(m, locateSide)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	f, ok := locateLattice(gray, edgeVariants)
	if !ok {
		t.Fatal("no lattice")
	}
	ev := measureLines(gray, f)
	writeEvidencePNG(t, ev, out)
}

// TestTraceReadFile is TestTraceLocate through ReadFile, the reduced
// decode the score and the app use, for the paths in BINOCLE_TRACE_RF.
func TestTraceReadFile(t *testing.T) {
	paths := os.Getenv("BINOCLE_TRACE_RF")
	if paths == "" {
		t.Skip("set BINOCLE_TRACE_RF")
	}
	locateTrace = func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
	defer func() { locateTrace = nil }()
	for _, p := range strings.Split(paths, ",") {
		fmt.Println("==", p)
		r, err := ReadFile(p)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("read %dx%d style %s\n", r.Rows, r.Cols, r.Style)
	}
}
