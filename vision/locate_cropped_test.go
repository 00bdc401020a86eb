package vision

import (
	"bytes"
	"image"
	_ "image/jpeg"
	"image/png"
	"testing"

	"binocle/internal/halfplayed"
	"binocle/internal/synth"
)

// A board whose picture is cropped through its outer row, as app
// thumbnails are cut at their border, keeps that row: the picture's edge
// closes its cells off.
func TestCroppedBoardKeepsItsEdgeRows(t *testing.T) {
	b := halfplayed.Blotted()
	b.Blots = nil
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	q := b.Corners()
	cell := (q[1][0] - q[0][0]) / 8
	// Leave each cropped row a little short of a full cell, so no line
	// and no paper closes it off.
	trim := int(0.04 * cell)
	cases := []struct {
		name string
		crop image.Rectangle
	}{
		{"bottom", image.Rect(0, 0, img.Bounds().Dx(), int(q[2][1])-trim)},
		{"top", image.Rect(0, int(q[0][1])+trim, img.Bounds().Dx(), img.Bounds().Dy())},
		{"bottom and right", image.Rect(0, 0, int(q[2][0])-trim, int(q[2][1])-trim)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { readCropped(t, img.SubImage(c.crop), 8, 8) })
	}
}

// A Tango board with no border of its own, cropped a hair inside its
// cells on all four sides as LinkedIn's answer thumbnails are: its outer
// rows are closed off only by the picture's edge.
func TestCroppedTangoKeepsItsEdgeRows(t *testing.T) {
	spec := synth.Spec{
		Name: "cropped tango", Seed: 11, Kind: synth.KindClean, Style: synth.StyleTango, Look: synth.LookApp, Source: "test",
		Rows: 6, Cols: 6, Cells: clueBoard.cells, Givens: clueBoard.givens, Width: 600, Height: 600,
	}
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(sample.Data))
	if err != nil {
		t.Fatal(err)
	}
	q := sample.Truth.Corners
	trim := 0.01 * (q[1][0] - q[0][0])
	crop := image.Rect(int(q[0][0]+trim), int(q[0][1]+trim), int(q[2][0]-trim), int(q[2][1]-trim))
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		t.Fatalf("the render decodes to %T, which cannot be cropped", img)
	}
	readCropped(t, sub.SubImage(crop), 6, 6)
}

func readCropped(t *testing.T, img image.Image, rows, cols int) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	r, err := ReadBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows != rows || r.Cols != cols {
		t.Fatalf("read %dx%d, want the whole %dx%d board", r.Rows, r.Cols, rows, cols)
	}
}
