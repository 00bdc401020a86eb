package cli

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/solver"
	"binocle/vision"
)

func TestOverlayWritesSolvedPhoto(t *testing.T) {
	out := filepath.Join(t.TempDir(), "solved.png")
	code, stdout, errOut := runImageCLI("overlay", readerTestdata(t, "takuzu6.png"), "-o", out)
	if code != ExitOK {
		t.Fatalf("exit %d, stdout %s, stderr %s", code, stdout, errOut)
	}
	if !strings.Contains(stdout, "wrote "+out) {
		t.Errorf("stdout %q", stdout)
	}
	// Exactly the cells that were blank in the photo changed.
	src := readerTestdata(t, "takuzu6.png")
	r, err := vision.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	before, after := loadImage(t, src), loadImage(t, out)
	for i, given := range r.Cells {
		row, col := float64(i/r.Cols), float64(i%r.Cols)
		changed := false
		// The centre is inside a filled symbol, the other point on a ring.
		for _, at := range [][2]float64{{0.5, 0.5}, {0.8, 0.5}} {
			x, y := applyHomography(r.Homography, (col+at[0])*vision.CellPx, (row+at[1])*vision.CellPx)
			if before.At(int(x), int(y)) != after.At(int(x), int(y)) {
				changed = true
			}
		}
		if changed != (given == solver.Empty) {
			t.Errorf("cell %d,%d: given %c, changed %v", i/r.Cols, i%r.Cols, given.Char(), changed)
		}
	}
}

func loadImage(t *testing.T, path string) image.Image {
	t.Helper()
	m, err := vision.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	img, err := vision.ToImage(m)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func applyHomography(h [9]float64, x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func TestOverlayNeedsOutput(t *testing.T) {
	code, _, errOut := runImageCLI("overlay", readerTestdata(t, "takuzu6.png"))
	if code != ExitBadInput || !strings.Contains(errOut, "-o out.png is required") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat("solved.png"); err == nil {
		t.Error("wrote a file without -o")
	}
}

// overlay never writes over the photo it reads, however -o spells it.
func TestOverlayRefusesItsInput(t *testing.T) {
	dir := t.TempDir()
	photo := filepath.Join(dir, "photo.png")
	orig, err := os.ReadFile(readerTestdata(t, "takuzu6.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(photo, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.png")
	if err := os.Symlink(photo, link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{photo, filepath.Join(dir, "sub", "..", "photo.png"), link} {
		t.Run(out, func(t *testing.T) {
			code, _, errOut := runImageCLI("overlay", photo, "-o", out)
			if code != ExitBadInput || !strings.Contains(errOut, "is the input photo itself") {
				t.Fatalf("exit %d, stderr %q; want 2 and a refusal", code, errOut)
			}
			if now, err := os.ReadFile(photo); err != nil || !bytes.Equal(now, orig) {
				t.Fatalf("the input photo changed (%v)", err)
			}
		})
	}
}
