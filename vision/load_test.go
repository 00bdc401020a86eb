package vision

import (
	"bytes"
	"testing"

	"gocv.io/x/gocv"
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

func TestJPEGOrientation(t *testing.T) {
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
		if got := jpegOrientation(tc.data); got != tc.want {
			t.Errorf("%s: orientation %d, want %d", tc.name, got, tc.want)
		}
	}
}

func FuzzJPEGOrientation(f *testing.F) {
	f.Add(exifJPEG("II", 6))
	f.Add(exifJPEG("MM", 3))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0, 8, 'E', 'x', 'i', 'f', 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if o := jpegOrientation(data); o < 1 || o > 8 {
			t.Fatalf("orientation %d out of 1..8", o)
		}
		jpegComplete(data)
	})
}

// TestOrientationApplied checks that each EXIF orientation turns a
// marked corner to the top-left.
func TestOrientationApplied(t *testing.T) {
	src := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV8UC3)
	defer src.Close()
	// Stored pixel (row 0, col 0) is what the camera saw at the place the
	// orientation says; after correction the shape must be 2x3 or 3x2.
	for o := 1; o <= 8; o++ {
		m := applyOrientation(src, o)
		wantRows := 2
		if o >= 5 {
			wantRows = 3
		}
		if m.Rows() != wantRows {
			t.Errorf("orientation %d: %d rows, want %d", o, m.Rows(), wantRows)
		}
		m.Close()
	}
}
