package vision

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestGlyphLocateTime times the glyph-lattice pass alone on the photos
// named in BINOCLE_GLAT_TIME (comma-separated), decoded as ReadFile does.
func TestGlyphLocateTime(t *testing.T) {
	list := os.Getenv("BINOCLE_GLAT_TIME")
	if list == "" {
		t.Skip("set BINOCLE_GLAT_TIME")
	}
	for _, p := range strings.Split(list, ",") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeImage(data, readSide)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, _, ok := glyphLocate(d.mat)
		fmt.Printf("%s: %v in %.1f ms\n", p, ok, float64(time.Since(start).Microseconds())/1000)
		d.mat.Close()
	}
}
