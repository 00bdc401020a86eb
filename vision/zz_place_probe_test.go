//go:build migrated_fynedo

package vision

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestPlaceProbe traces grid location through ReadFile (the scaled decode
// the scorer uses) for the images in BINOCLE_PLACE (comma-separated).
func TestPlaceProbe(t *testing.T) {
	paths := os.Getenv("BINOCLE_PLACE")
	if paths == "" {
		t.Skip("set BINOCLE_PLACE to trace ReadFile")
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
		fmt.Printf("read %dx%d style %s corners %v\n", r.Rows, r.Cols, r.Style, r.Corners)
	}
}
