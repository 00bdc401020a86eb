package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
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

// glyphLocate is locate's last resort alone (flatGlyphLocate without the
// lattice search before it): the grid found from the glyphs on img, in the
// coordinates of img downscaled to locateSide.
func glyphLocate(img gocv.Mat) (gridCandidate, float64, bool) {
	if img.Empty() || img.Cols() < 16 || img.Rows() < 16 {
		return gridCandidate{}, 1, false
	}
	small, scale := downscale(img, locateSide)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	flat := flattenLight(gray)
	defer flat.Close()
	c, ok := glyphGrid(planeOf(flat))
	return c, scale, ok
}
