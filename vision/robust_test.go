package vision_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
	"binocle/vision/lab"

	"gocv.io/x/gocv"
)

func encodePNG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// stripes is a small photo-sized picture with structure, so that a
// truncated copy of it still has a decodable header.
func stripes(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(255 * ((x/7 + y/11) % 2))
			img.Set(x, y, color.RGBA{v, uint8(x), uint8(y), 255})
		}
	}
	return img
}

// pngBomb is a valid 1x1 PNG whose header claims w x h pixels; a decoder
// that trusts the header allocates w*h*3 bytes before finding out.
func pngBomb(t testing.TB, w, h uint32) []byte {
	data := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	// Signature (8), IHDR length (4) and type (4), then width and height.
	binary.BigEndian.PutUint32(data[16:], w)
	binary.BigEndian.PutUint32(data[20:], h)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

// jpegBomb patches the frame header of a tiny JPEG to claim w x h pixels.
func jpegBomb(t testing.TB, w, h uint16) []byte {
	data := encodeJPEG(t, stripes(16, 16))
	for i := 2; i+9 < len(data); i++ {
		if data[i] == 0xFF && data[i+1] == 0xC0 {
			binary.BigEndian.PutUint16(data[i+5:], h)
			binary.BigEndian.PutUint16(data[i+7:], w)
			return data
		}
	}
	t.Fatal("encoder wrote no baseline frame header")
	return nil
}

type robustCase struct {
	name    string
	file    string // name the bytes are saved under for LoadFile / ReadFile
	data    func(t testing.TB) []byte
	loadErr bool     // LoadFile / LoadBytes must refuse it
	mention []string // the load error must mention one of these (lower case)
	noGrid  bool     // loads, and Read must answer ErrNoGrid
}

var robustCases = []robustCase{
	{name: "truncated JPEG", file: "cut.jpg", loadErr: true, data: func(t testing.TB) []byte {
		full := encodeJPEG(t, stripes(320, 240))
		return full[:len(full)/3]
	}},
	{name: "zero bytes", file: "empty.jpg", loadErr: true, mention: []string{"empty", "0 bytes", "zero"}, data: func(testing.TB) []byte { return nil }},
	{name: "text named .png", file: "notes.png", loadErr: true, data: func(testing.TB) []byte {
		return []byte("This is a shopping list, not a picture.\nmilk\neggs\n")
	}},
	{name: "PNG bomb 100000x100000", file: "bomb.png", loadErr: true, mention: []string{"megapixel", "too large", "too big", "pixels"}, data: func(t testing.TB) []byte {
		return pngBomb(t, 100000, 100000)
	}},
	{name: "JPEG bomb 65000x65000", file: "bomb.jpg", loadErr: true, mention: []string{"megapixel", "too large", "too big", "pixels"}, data: func(t testing.TB) []byte {
		return jpegBomb(t, 65000, 65000)
	}},
	{name: "1x1 image", file: "dot.png", noGrid: true, data: func(t testing.TB) []byte {
		return encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	}},
	{name: "flat grey photo", file: "grey.jpg", noGrid: true, data: func(t testing.TB) []byte {
		img := image.NewGray(image.Rect(0, 0, 800, 600))
		for i := range img.Pix {
			img.Pix[i] = 128
		}
		return encodeJPEG(t, img)
	}},
	{name: "newspaper page without a grid", file: "page.jpg", noGrid: true, data: func(t testing.TB) []byte {
		data, err := synth.NoGrid(7, 1280, 960)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}},
}

// TestRobustInputs feeds hostile and empty inputs through every entry point:
// none may panic, and each must fail with an error that says what went wrong.
func TestRobustInputs(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range robustCases {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data(t)
			path := filepath.Join(dir, tc.file)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}

			// The loaders return a Mat to close even with an error.
			m, err := vision.LoadFile(path)
			checkLoad(t, tc, "LoadFile", err, tc.file)
			if err == nil {
				checkRead(t, tc, m)
			}
			m.Close()

			m, err = vision.LoadBytes(data)
			checkLoad(t, tc, "LoadBytes", err, "")
			if err == nil {
				checkRead(t, tc, m)
			}
			m.Close()

			r, err := vision.ReadFile(path)
			switch {
			case err == nil:
				t.Errorf("ReadFile found a %dx%d grid in %s", r.Rows, r.Cols, tc.name)
			case tc.noGrid && !errors.Is(err, vision.ErrNoGrid):
				t.Errorf("ReadFile: %v, want ErrNoGrid", err)
			case tc.loadErr && !strings.Contains(err.Error(), tc.file):
				t.Errorf("ReadFile error %q does not name the file %s", err, tc.file)
			}
		})
	}
}

func checkLoad(t *testing.T, tc robustCase, via string, err error, file string) {
	t.Helper()
	if !tc.loadErr {
		if err != nil {
			t.Errorf("%s: %v, want the image loaded", via, err)
		}
		return
	}
	if err == nil {
		t.Errorf("%s accepted %s", via, tc.name)
		return
	}
	msg := strings.ToLower(err.Error())
	if file != "" && !strings.Contains(msg, strings.ToLower(file)) {
		t.Errorf("%s error %q does not name the file %s", via, err, file)
	}
	if len(tc.mention) > 0 && !containsAny(msg, tc.mention) {
		t.Errorf("%s error %q says none of %q", via, err, tc.mention)
	}
}

func checkRead(t *testing.T, tc robustCase, m gocv.Mat) {
	t.Helper()
	r, err := vision.Read(m)
	switch {
	case err == nil:
		t.Errorf("Read found a %dx%d grid in %s", r.Rows, r.Cols, tc.name)
	case !errors.Is(err, vision.ErrNoGrid):
		t.Errorf("Read: %v, want ErrNoGrid", err)
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// FuzzLoadBytesRead: whatever the bytes, loading and reading either fail
// with an error or give a reading whose shape is self-consistent.
func FuzzLoadBytesRead(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("GIF89a not really"))
	f.Add(encodePNG(f, stripes(24, 16)))
	full := encodeJPEG(f, stripes(64, 48))
	f.Add(full)
	f.Add(full[:len(full)/2])
	f.Add(pngBomb(f, 70000, 70000))
	f.Add(jpegBomb(f, 60000, 50000))
	f.Add(encodePNG(f, ruledGrid(6, 6, 20)))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := vision.LoadBytes(data)
		defer m.Close()
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		r, err := vision.Read(m)
		if err != nil {
			return
		}
		if msg := lab.ReadingProblem(r); msg != "" {
			t.Fatal(msg)
		}
	})
}

// ruledGrid is the simplest picture of a puzzle: black lines on white.
func ruledGrid(rows, cols, cs int) image.Image {
	img := image.NewGray(image.Rect(0, 0, cols*cs+2*cs, rows*cs+2*cs))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for r := 0; r <= rows; r++ {
		for x := cs; x <= cs+cols*cs; x++ {
			img.Pix[(cs+r*cs)*img.Stride+x] = 0
		}
	}
	for c := 0; c <= cols; c++ {
		for y := cs; y <= cs+rows*cs; y++ {
			img.Pix[y*img.Stride+cs+c*cs] = 0
		}
	}
	return img
}
