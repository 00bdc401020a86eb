package halfplayed

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

func TestBoardDraws(t *testing.T) {
	b := Newspaper()
	data, err := b.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// 8 cells of 48 px and a margin of 1.5 cells each side.
	if got := img.Bounds().Dx(); got != 11*48 {
		t.Fatalf("width %d", got)
	}
	q := b.Corners()
	at := func(row, col int) (r, g, bl uint32) {
		r, g, bl, _ = img.At(int(q[0][0])+col*48+24, int(q[0][1])+row*48+24).RGBA()
		return r >> 8, g >> 8, bl >> 8
	}
	// r1c2 is a printed 1 (black square), r1c8 the player's 1 (blue
	// square), r1c3 the player's 0 (a ring, paper in its middle).
	if r, g, bl := at(0, 1); r > 40 || g > 40 || bl > 40 {
		t.Errorf("printed square (%d,%d,%d)", r, g, bl)
	}
	if r, g, bl := at(0, 7); bl < 150 || r > 60 {
		t.Errorf("pen square (%d,%d,%d)", r, g, bl)
	}
	if r, _, _ := at(0, 2); r < 240 {
		t.Errorf("ring's middle %d", r)
	}
	if f := b.Finished(NewspaperSolution, Pencil); strings.Count(strings.Join(f.Marks, ""), ".") != 18 || f.Ink != Pencil {
		t.Errorf("finished board %v", f.Marks)
	}
}

// The blot fills the middle of Blotted's circle, which stays a printed 0.
func TestBlottedDraws(t *testing.T) {
	b := Blotted()
	if b.Givens[BlottedAt[0]][BlottedAt[1]] != '0' || strings.Trim(strings.Join(b.Marks, ""), ".") != "" {
		t.Fatalf("the blot is not on a printed circle, or the board has marks")
	}
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	q := b.Corners()
	c := img.RGBAAt(int(q[0][0])+BlottedAt[1]*48+24, int(q[0][1])+BlottedAt[0]*48+24)
	if c.R > 40 {
		t.Errorf("the blotted circle's middle is %v, want print", c)
	}
}

func TestBadBoards(t *testing.T) {
	for _, b := range []Board{
		{},
		{Givens: []string{"01"}, Marks: []string{"..", ".."}},
		{Givens: []string{"01", "1"}, Marks: []string{"..", ".."}},
		{Givens: []string{"0.", ".."}, Marks: []string{"1.", ".."}},
	} {
		if _, err := b.PNG(); err == nil {
			t.Errorf("%+v drew", b)
		}
	}
}
