package exif

import (
	"bytes"
	"image"
	"image/color"
	"testing"
)

// exifJPEG builds a minimal JPEG marker stream with an EXIF orientation tag.
func exifJPEG(order string, orientation uint16) []byte {
	var tiff bytes.Buffer
	put16 := func(v uint16) {
		if order == "II" {
			tiff.Write([]byte{byte(v), byte(v >> 8)})
		} else {
			tiff.Write([]byte{byte(v >> 8), byte(v)})
		}
	}
	put32 := func(v uint32) { put16(uint16(v)); put16(uint16(v >> 16)) }
	if order == "MM" {
		put32 = func(v uint32) { put16(uint16(v >> 16)); put16(uint16(v)) }
	}
	tiff.WriteString(order)
	put16(42)
	put32(8)
	put16(1)           // one entry
	put16(0x0112)      // orientation
	put16(3)           // SHORT
	put32(1)           // count
	put16(orientation) // value
	put16(0)
	put32(0)
	app1 := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1, byte((len(app1) + 2) >> 8), byte(len(app1) + 2)}
	out = append(out, app1...)
	return append(out, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9)
}

func TestOrientation(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want int
	}{
		{"little endian 6", exifJPEG("II", 6), 6},
		{"big endian 8", exifJPEG("MM", 8), 8},
		{"out of range", exifJPEG("II", 9), 1},
		{"no exif", []byte{0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9}, 1},
		{"not a jpeg", []byte("hello"), 1},
		{"cut inside app1", exifJPEG("II", 6)[:12], 1},
	} {
		if got := Orientation(tc.data); got != tc.want {
			t.Errorf("%s: orientation %d, want %d", tc.name, got, tc.want)
		}
	}
}

func FuzzOrientation(f *testing.F) {
	f.Add(exifJPEG("II", 6))
	f.Add(exifJPEG("MM", 3))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0, 8, 'E', 'x', 'i', 'f', 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if o := Orientation(data); o < 1 || o > 8 {
			t.Fatalf("orientation %d out of 1..8", o)
		}
	})
}

// TestUpright stores a 3×2 picture whose top-left pixel is red and
// top-right pixel is green the way a camera would for each orientation,
// then checks that Upright brings both back to where they were seen.
func TestUpright(t *testing.T) {
	red := color.RGBA{255, 0, 0, 255}
	green := color.RGBA{0, 255, 0, 255}
	// For each orientation, where the seen top-left and top-right pixels
	// sit in the stored pixels, and the stored size.
	for _, tc := range []struct {
		o                  int
		storedW, storedH   int
		tlX, tlY, trX, trY int
	}{
		{1, 3, 2, 0, 0, 2, 0},
		{2, 3, 2, 2, 0, 0, 0},
		{3, 3, 2, 2, 1, 0, 1},
		{4, 3, 2, 0, 1, 2, 1},
		{5, 2, 3, 0, 0, 0, 2},
		{6, 2, 3, 0, 2, 0, 0}, // the stored first column is the seen top row, read upwards
		{7, 2, 3, 1, 2, 1, 0},
		{8, 2, 3, 1, 0, 1, 2},
	} {
		stored := image.NewRGBA(image.Rect(0, 0, tc.storedW, tc.storedH))
		stored.Set(tc.tlX, tc.tlY, red)
		stored.Set(tc.trX, tc.trY, green)
		up := Upright(stored, tc.o)
		if b := up.Bounds(); b.Dx() != 3 || b.Dy() != 2 {
			t.Errorf("orientation %d: upright size %dx%d, want 3x2", tc.o, b.Dx(), b.Dy())
			continue
		}
		if got := color.RGBAModel.Convert(up.At(0, 0)); got != red {
			t.Errorf("orientation %d: top-left %v, want red", tc.o, got)
		}
		if got := color.RGBAModel.Convert(up.At(2, 0)); got != green {
			t.Errorf("orientation %d: top-right %v, want green", tc.o, got)
		}
	}
}

// TestWithOrientation checks that a tag added to a JPEG is the one read
// back, whether or not the JPEG starts with a JFIF segment.
func TestWithOrientation(t *testing.T) {
	jfif := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 'J', 'F', 0xFF, 0xDA, 0, 2, 0xFF, 0xD9}
	bare := []byte{0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9}
	for _, base := range [][]byte{jfif, bare} {
		for o := 1; o <= 8; o++ {
			tagged, err := WithOrientation(base, o)
			if err != nil {
				t.Fatal(err)
			}
			if got := Orientation(tagged); got != o {
				t.Errorf("tagged %d, read %d", o, got)
			}
		}
	}
	if _, err := WithOrientation([]byte("not a jpeg"), 6); err == nil {
		t.Error("a non-JPEG was tagged without error")
	}
	if _, err := WithOrientation(bare, 9); err == nil {
		t.Error("orientation 9 was accepted")
	}
}
