package vision

import (
	"errors"
	"math/rand/v2"
	"testing"

	"binocle/internal/synth"
	"binocle/vision/internal/locate"
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
