package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestGlyphLocateProbe runs the glyph-lattice pass alone on every JPEG of
// BINOCLE_GLAT_DIR, as LoadFile decodes it, and prints
// the grids it accepts: on a set without light grids it should accept
// none that the other paths leave to it.
func TestGlyphLocateProbe(t *testing.T) {
	dir := os.Getenv("BINOCLE_GLAT_DIR")
	if dir == "" {
		t.Skip("set BINOCLE_GLAT_DIR")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
	for _, p := range paths {
		m, err := LoadFile(p)
		if err != nil {
			m.Close()
			continue
		}
		d := &decodedImage{mat: m}
		if os.Getenv("BINOCLE_GLAT_TRACE") != "" {
			locateTrace = func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
		}
		c, _, ok := glyphLocate(d.mat)
		locateTrace = nil
		lc, _, lerr := locate(d.mat)
		d.mat.Close()
		if ok {
			fmt.Printf("%s: glyph grid %dx%d (locate err %v, locate's is the glyphs' %v)\n", filepath.Base(p), c.rows.n, c.cols.n, lerr, lc.quad == c.quad)
		}
	}
}
