package vision

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // header checks only: gocv decodes the pixels
	_ "image/jpeg"
	_ "image/png"
	"os"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"

	"gocv.io/x/gocv"

	"binocle/vision/exif"
	"binocle/vision/internal/locate"
)

// MaxPixels is the largest image Binocle decodes: 100 megapixels. The
// check reads only the header, so a decompression bomb costs nothing.
const MaxPixels = 100_000_000

// decodedImage is a decoded picture with what the reader needs to map its
// pixels back to the original: decoding at a reduced scale divides every
// coordinate by scale.
type decodedImage struct {
	mat           gocv.Mat
	scale         float64 // original pixels per decoded pixel
	width, height int     // original size, after EXIF orientation

	// src and search are made on the first ask and serve every grid
	// read in the picture: what they measure of the whole picture (its
	// noise, its copies and the cells each boundary map closes in them)
	// depends on the picture alone, and a read the rules turn down asks
	// for it again on each ladder and each re-read.
	src    *source
	search *locate.Search
}

// source is the picture as the readers of its grids see it.
func (d *decodedImage) source() *source {
	if d.src == nil {
		d.src = newSource(d.mat, d.scale, d.width, d.height)
	}
	return d.src
}

// finder is the search of the picture for a grid, on either ladder.
func (d *decodedImage) finder() *locate.Search {
	if d.search == nil {
		d.search = locate.NewSearch(d.mat)
	}
	return d.search
}

// release closes the search finder made, not the picture itself.
func (d *decodedImage) release() {
	if d.search != nil {
		d.search.Close()
		d.search = nil
	}
}

// LoadFile decodes a JPEG, PNG, BMP, WebP or TIFF file, honouring its EXIF
// orientation. The caller closes the Mat.
func LoadFile(path string) (gocv.Mat, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return gocv.NewMat(), err
	}
	d, err := decodeImage(data, 1)
	if err != nil {
		return gocv.NewMat(), fmt.Errorf("%s: %w", path, err)
	}
	return d.mat, nil
}

// LoadBytes is LoadFile for an image already in memory, such as a camera
// frame or a drop. The caller closes the Mat.
func LoadBytes(data []byte) (gocv.Mat, error) {
	d, err := decodeImage(data, 1)
	if err != nil {
		return gocv.NewMat(), err
	}
	return d.mat, nil
}

// ErrGIF is returned for a GIF file: GIF is recognised, so that the user is
// told it is not supported rather than that the file is damaged.
var ErrGIF = errors.New("GIF images are not supported; save the picture as PNG or JPEG")

var gifMagic = []byte("GIF8") // GIF87a and GIF89a

// ImageFormat names the image format data starts with ("jpeg", "png",
// "gif", "bmp", "webp", "tiff"), or "" when it is no image Go recognises.
// Only the header is read.
func ImageFormat(data []byte) string {
	if bytes.HasPrefix(data, gifMagic) {
		return "gif" // even when the rest is damaged: it is refused as GIF
	}
	_, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return ""
	}
	return format
}

// decodeImage checks the header, then decodes with the largest JPEG DCT
// reduction (1, 2, 4 or 8) that keeps the long side at least minSide; a
// minSide of 1 decodes at full size.
func decodeImage(data []byte, minSide int) (*decodedImage, error) {
	if len(data) == 0 {
		return nil, errors.New("empty file, not an image")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if bytes.HasPrefix(data, gifMagic) {
		return nil, ErrGIF
	}
	if err != nil {
		return nil, fmt.Errorf("not a readable image (JPEG, PNG, BMP, WebP or TIFF expected): %v", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("image header says %dx%d pixels", cfg.Width, cfg.Height)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("image is %dx%d = %.0f megapixels, more than the %d accepted",
			cfg.Width, cfg.Height, float64(cfg.Width)*float64(cfg.Height)/1e6, MaxPixels/1_000_000)
	}
	orientation := 1
	if format == "jpeg" {
		if !jpegComplete(data) {
			return nil, errors.New("JPEG data is truncated: the image ends before its end marker")
		}
		orientation = exif.Orientation(data)
	}
	reduce := 1
	if format == "jpeg" && minSide > 1 {
		long := max(cfg.Width, cfg.Height)
		for reduce < 8 && long/(reduce*2) >= minSide {
			reduce *= 2
		}
	}
	flags := gocv.IMReadColor
	switch reduce {
	case 2:
		flags = gocv.IMReadReducedColor2
	case 4:
		flags = gocv.IMReadReducedColor4
	case 8:
		flags = gocv.IMReadReducedColor8
	}
	mat, err := gocv.IMDecode(data, flags|gocv.IMReadIgnoreOrientation)
	if err != nil || mat.Empty() {
		mat.Close()
		return nil, fmt.Errorf("%s data is damaged or truncated and cannot be decoded", format)
	}
	if orientation != 1 {
		oriented := applyOrientation(mat, orientation)
		mat.Close()
		mat = oriented
	}
	w, h := cfg.Width, cfg.Height
	if orientation >= 5 {
		w, h = h, w
	}
	return &decodedImage{mat: mat, scale: float64(w) / float64(mat.Cols()), width: w, height: h}, nil
}

// applyOrientation turns pixels stored as EXIF orientation o into the
// upright picture.
func applyOrientation(src gocv.Mat, o int) gocv.Mat {
	dst := gocv.NewMat()
	switch o {
	case 2:
		gocv.Flip(src, &dst, 1)
	case 3:
		gocv.Rotate(src, &dst, gocv.Rotate180Clockwise)
	case 4:
		gocv.Flip(src, &dst, 0)
	case 5:
		gocv.Transpose(src, &dst)
	case 6:
		gocv.Rotate(src, &dst, gocv.Rotate90Clockwise)
	case 7:
		gocv.Transpose(src, &dst)
		gocv.Flip(dst, &dst, -1)
	case 8:
		gocv.Rotate(src, &dst, gocv.Rotate90CounterClockwise)
	default:
		src.CopyTo(&dst)
	}
	return dst
}

// jpegComplete reports whether the JPEG's end-of-image marker follows its
// first scan. libjpeg decodes a truncated file without complaint, filling
// the missing part with grey, which would be read as a real picture. The
// marker cannot occur inside scan data (0xFF is stuffed there), and an
// EXIF thumbnail's own end marker lies before the scan.
func jpegComplete(data []byte) bool {
	pos := 2
	for pos+4 <= len(data) {
		if data[pos] != 0xFF {
			return false
		}
		marker := data[pos+1]
		if marker == 0xFF || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8) {
			pos++
			continue
		}
		if marker == 0xDA {
			return bytes.Contains(data[pos:], []byte{0xFF, 0xD9})
		}
		size := int(binary.BigEndian.Uint16(data[pos+2:]))
		if size < 2 {
			return false
		}
		pos += 2 + size
	}
	return false
}
