package exif

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
)

// Orientation returns the EXIF orientation (1..8) of a JPEG, or 1 when it
// has none or the EXIF block is malformed: a bad tag must not cost the
// user the picture.
func Orientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	pos := 2
	for pos+4 <= len(data) {
		if data[pos] != 0xFF {
			return 1
		}
		marker := data[pos+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			pos++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // image data starts: no EXIF before it
			return 1
		}
		size := int(binary.BigEndian.Uint16(data[pos+2:]))
		if size < 2 || pos+2+size > len(data) {
			return 1
		}
		segment := data[pos+4 : pos+2+size]
		if marker == 0xE1 && bytes.HasPrefix(segment, []byte("Exif\x00\x00")) {
			return tiffOrientation(segment[6:])
		}
		pos += 2 + size
	}
	return 1
}

// tiffOrientation finds tag 0x0112 in the first IFD of a TIFF-structured
// EXIF block.
func tiffOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	if order.Uint16(tiff[2:]) != 42 {
		return 1
	}
	ifd := int(order.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 1
	}
	entries := int(order.Uint16(tiff[ifd:]))
	for i := 0; i < entries; i++ {
		e := ifd + 2 + 12*i
		if e+12 > len(tiff) {
			return 1
		}
		if order.Uint16(tiff[e:]) != 0x0112 {
			continue
		}
		if order.Uint16(tiff[e+2:]) != 3 { // SHORT
			return 1
		}
		v := int(order.Uint16(tiff[e+8:]))
		if v < 1 || v > 8 {
			return 1
		}
		return v
	}
	return 1
}

// Upright returns img as it is meant to be seen when its pixels were
// stored with orientation o. Orientations 5..8 swap width and height.
func Upright(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	src := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Rect, img, b.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := storedToUpright(o, x, y, w, h)
			si := src.PixOffset(x, y)
			di := dst.PixOffset(dx, dy)
			copy(dst.Pix[di:di+4], src.Pix[si:si+4])
		}
	}
	return dst
}

// StoredToUpright maps stored pixel (x, y) of a w×h image to where it
// belongs in the upright picture (storedToUpright): also a grid's cells,
// taking columns for x and rows for y.
func StoredToUpright(o, x, y, w, h int) (int, int) { return storedToUpright(o, x, y, w, h) }

// storedToUpright maps stored pixel (x, y) of a w×h image to where it
// belongs in the upright picture, following the EXIF definitions: 2 is a
// mirror, 3 a half turn, 6 needs a quarter turn clockwise, 8 one
// anticlockwise, and 5 and 7 are the transposes.
func storedToUpright(o, x, y, w, h int) (int, int) {
	switch o {
	case 2:
		return w - 1 - x, y
	case 3:
		return w - 1 - x, h - 1 - y
	case 4:
		return x, h - 1 - y
	case 5:
		return y, x
	case 6:
		return h - 1 - y, x
	case 7:
		return h - 1 - y, w - 1 - x
	case 8:
		return y, w - 1 - x
	}
	return x, y
}

// WithOrientation returns a copy of a JPEG with a minimal EXIF block that
// holds only orientation o, placed after the JFIF APP0 segment when there
// is one. It makes the phone-style photos that tests and the synthetic
// suite need.
func WithOrientation(jpeg []byte, o int) ([]byte, error) {
	if len(jpeg) < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8 {
		return nil, errors.New("adding an EXIF orientation: the data is not a JPEG")
	}
	if o < 1 || o > 8 {
		return nil, fmt.Errorf("adding an EXIF orientation: %d is not in 1..8", o)
	}
	at := 2
	if jpeg[2] == 0xFF && jpeg[3] == 0xE0 && len(jpeg) > 6 {
		at = min(len(jpeg), 4+int(binary.BigEndian.Uint16(jpeg[4:6])))
	}
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, // big-endian header, IFD at 8
		0, 1, // one entry
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, // Orientation, SHORT, count 1
		0, 0, 0, 0} // no next IFD
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := make([]byte, 0, len(jpeg)+len(seg))
	out = append(out, jpeg[:at]...)
	out = append(out, seg...)
	return append(out, jpeg[at:]...), nil
}
