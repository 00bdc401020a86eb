package vision

import (
	"errors"
	"image/color"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/visiontest"
)

// smallLightPhoto renders a big photo of a small grid of light lines, as
// the camera stores it; the grid's lines are a pixel or two wide.
func smallLightPhoto(t *testing.T, seed uint64, rows, cols int, fill, tilt float64) synth.Sample {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	cells := make([]string, rows)
	for r := range cells {
		b := make([]byte, cols)
		for c := range b {
			b[c] = ".012"[rng.IntN(4)]
		}
		cells[r] = string(b)
	}
	spec := synth.Spec{Name: "small-light", Seed: seed, Kind: synth.KindPhoto, Style: synth.StyleXOI, Look: synth.LookLight,
		Source: "random", Rows: rows, Cols: cols, Cells: cells, Givens: cells,
		Width: 2048, Height: 1536, Fill: fill, Tilt: tilt, Orientation: 1}
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	return sample
}

// TestRetryFullPassesOtherErrors checks that only a missed grid in a
// reduced copy pays for a second decode, and that a failed one reports the
// first error.
func TestRetryFullPassesOtherErrors(t *testing.T) {
	other := errors.New("other")
	decodeFails := func() (*decodedImage, error) { return nil, errors.New("damaged") }
	mustNotDecode := func() (*decodedImage, error) {
		t.Error("decoded again")
		return nil, errors.New("not wanted")
	}
	cases := []struct {
		name string
		full func() (*decodedImage, error)
		err  error
	}{
		{"other error", mustNotDecode, other},
		{"full size already", nil, locate.ErrNoGrid},
		{"full decode fails", decodeFails, locate.ErrNoGrid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := picture{full: tc.full}.retryFull(tc.err)
			if r != nil || err != tc.err {
				t.Fatalf("got %v, %v; want nil, %v", r, err, tc.err)
			}
		})
	}
}

// TestFineLocateSmallGrid finds a small grid of light lines that only the
// decoded resolution shows: the reduced decode misses it, and the fine
// retry at full size must not turn it away for having few cells.
func TestFineLocateSmallGrid(t *testing.T) {
	s := smallLightPhoto(t, 14, 9, 9, 0.3, 20)
	full, err := decodeImage(s.Data, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer full.mat.Close()
	c, _, err := locate.Find(full.mat)
	if err != nil {
		t.Fatal(err)
	}
	if c.Rows.N != 9 || c.Cols.N != 9 {
		t.Fatalf("located %dx%d, want 9x9", c.Rows.N, c.Cols.N)
	}
}

// TestLastResort checks that the last-resort ladder looks only where no
// grid was found, that a miss there too reports the first error, and
// that it finds a board whose tiles differ from their page in hue alone,
// which the reading ladder, in grey, does not see.
func TestLastResort(t *testing.T) {
	other := errors.New("other")
	blank := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 200, 200, 0), 600, 800, gocv.MatTypeCV8UC3)
	defer blank.Close()
	tiles := visiontest.HueTiles(10, 10, 50, color.RGBA{200, 200, 196, 255}, color.RGBA{204, 196, 200, 255})
	defer tiles.Close()
	for _, tc := range []struct {
		name  string
		mat   gocv.Mat
		err   error
		found bool
	}{
		{"other error", tiles, other, false},
		{"a blank page", blank, locate.ErrNoGrid, false},
		{"tiles in hue alone", tiles, locate.ErrNoGrid, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := readScaled(tc.mat, 1, tc.mat.Cols(), tc.mat.Rows(), nil); !errors.Is(err, locate.ErrNoGrid) {
				t.Fatalf("the reading ladder: %v; want %v", err, locate.ErrNoGrid)
			}
			p := picture{decodedImage: &decodedImage{mat: tc.mat, scale: 1, width: tc.mat.Cols(), height: tc.mat.Rows()}}
			defer p.release()
			r, err := p.lastResort(tc.err)
			if !tc.found {
				if r != nil || err != tc.err {
					t.Fatalf("got %v, %v; want nil, %v", r, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Rows != 10 || r.Cols != 10 || !r.Evidence.Chroma {
				t.Fatalf("read %dx%d (chroma %v), want 10x10 in a colour plane", r.Rows, r.Cols, r.Evidence.Chroma)
			}
		})
	}
}

// TestSharperOnlyForSmallCells checks that a grid read in a reduced copy
// is read again in the full picture only where the copy gave its cells
// fewer pixels than they are read at, and never where the copy is the
// full picture.
func TestSharperOnlyForSmallCells(t *testing.T) {
	mustNotDecode := func() (*decodedImage, error) {
		t.Error("decoded again")
		return nil, errors.New("not wanted")
	}
	decodeFails := func() (*decodedImage, error) { return nil, errors.New("damaged") }
	decoded := false
	decodeCounted := func() (*decodedImage, error) {
		decoded = true
		return nil, errors.New("counted")
	}
	// A 6x6 grid 2400 original pixels a side: 400 a cell, 100 in a copy
	// reduced 4 times, 25 in one reduced 16 times.
	grid := &Reading{Rows: 6, Cols: 6, Corners: [4][2]float64{{0, 0}, {2400, 0}, {2400, 2400}, {0, 2400}}, atScale: 1}
	cases := []struct {
		name   string
		scale  float64
		full   func() (*decodedImage, error)
		decode bool
	}{
		{"full size already", 1, nil, false},
		{"cells big enough in the copy", 4, mustNotDecode, false},
		{"full decode fails", 16, decodeFails, false},
		{"small cells", 16, decodeCounted, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			decoded = false
			p := picture{decodedImage: &decodedImage{scale: tc.scale}, full: tc.full}
			if r := p.sharper(grid); r != nil {
				t.Fatalf("got a reading; want none")
			}
			if decoded != tc.decode {
				t.Errorf("decoded %v, want %v", decoded, tc.decode)
			}
		})
	}
}

// readScaled reads img, a copy of the original picture scaled down by
// scale, on the reading ladder alone: no full decode, no last resort.
func readScaled(img gocv.Mat, scale float64, width, height int, observe func(cellread.Image, clueread.SiteImage)) (*Reading, error) {
	d := &decodedImage{mat: img, scale: scale, width: width, height: height}
	defer d.release()
	return readScaledOn(d.source(), observe, d.finder().FindWhere)
}
