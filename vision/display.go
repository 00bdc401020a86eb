package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"runtime"
	"unsafe"

	"gocv.io/x/gocv"
)

// The display path. A phone photo has 12 megapixels but the screen shows
// it at about a thousand pixels across, so decoding, drawing and
// converting at full size spends most of a second on pixels nobody sees.
// LoadBytesFit decodes straight to the screen's size, Reading.Scaled moves
// a reading made on the full image onto it, and ToRGBA hands it to the GUI
// in one pass. Exporting still draws on the full-size image.

// LoadBytesFit decodes an image so that its longer side is at most
// maxSide pixels, honouring its EXIF orientation and with the checks of
// LoadBytes. A JPEG is decoded at a reduced scale by libjpeg (2, 4 or 8
// times fewer pixels a side, much faster than a full decode) and then
// shrunk with area averaging to the exact bound; an image already within
// the bound is returned at its own size. scale maps a pixel coordinate of
// the full-size upright image to the returned one (0.4 for a 4000-pixel
// photo and a maxSide of 1600). The caller closes the Mat. On error the Mat
// is the zero gocv.Mat: nothing is allocated, Close on it does nothing,
// and it must not be used otherwise.
func LoadBytesFit(data []byte, maxSide int) (img gocv.Mat, scale float64, err error) {
	if maxSide < 1 {
		return gocv.Mat{}, 0, fmt.Errorf("fitting an image into %d pixels: the bound must be at least 1", maxSide)
	}
	d, err := decodeImage(data, maxSide)
	if err != nil {
		return gocv.Mat{}, 0, err
	}
	long := max(d.width, d.height)
	if long <= maxSide {
		return d.mat, 1, nil
	}
	scale = float64(maxSide) / float64(long)
	width := max(1, int(math.Round(float64(d.width)*scale)))
	height := max(1, int(math.Round(float64(d.height)*scale)))
	if d.mat.Cols() == width && d.mat.Rows() == height {
		return d.mat, scale, nil
	}
	fitted := gocv.NewMat()
	gocv.Resize(d.mat, &fitted, image.Pt(width, height), 0, 0, gocv.InterpolationArea)
	d.mat.Close()
	return fitted, scale, nil
}

// LoadFileFit is LoadBytesFit for a file; errors name the file. On error
// the Mat is the zero gocv.Mat, which needs no Close.
func LoadFileFit(path string, maxSide int) (img gocv.Mat, scale float64, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return gocv.Mat{}, 0, err // os errors already name the file
	}
	img, scale, err = LoadBytesFit(data, maxSide)
	if err != nil {
		return gocv.Mat{}, 0, fmt.Errorf("%s: %w", path, err)
	}
	return img, scale, nil
}

// Scaled returns a copy of the reading for the image scaled by f, such as
// the one LoadBytesFit returns with its scale, so that DrawOverlay and
// DrawDebug draw on the reduced image exactly where they would draw on the
// full one. The copy shares no slices with r. It returns nil when r is nil
// or f is not a positive finite number.
func (r *Reading) Scaled(f float64) *Reading {
	if r == nil || !(f > 0) || math.IsInf(f, 1) {
		return nil
	}
	out := *r
	out.Cells = append(out.Cells[:0:0], r.Cells...)
	out.Confidence = append(out.Confidence[:0:0], r.Confidence...)
	out.Edges = append(out.Edges[:0:0], r.Edges...)
	for i := range out.Corners {
		out.Corners[i][0] *= f
		out.Corners[i][1] *= f
	}
	// Pre-multiplying by diag(f, f, 1) scales the image-side x and y rows
	// and leaves the projective row alone.
	for i := 0; i < 6; i++ {
		out.Homography[i] *= f
	}
	out.ImageWidth = int(math.Round(float64(r.ImageWidth) * f))
	out.ImageHeight = int(math.Round(float64(r.ImageHeight) * f))
	return &out
}

// ToRGBA converts an 8-bit gray, BGR or BGRA Mat into an *image.RGBA for
// the GUI. OpenCV's colour conversion writes straight into the image's
// pixel buffer, so the pixels are touched once; gocv's ToImage converts
// into a Mat and then copies. Gray and BGR come out opaque; BGRA is
// premultiplied by its alpha, as image.RGBA requires, rounding as the
// image/color package does.
func ToRGBA(img gocv.Mat) (*image.RGBA, error) {
	if img.Empty() {
		return nil, errors.New("converting to RGBA: empty image")
	}
	var code gocv.ColorConversionCode
	switch img.Type() {
	case gocv.MatTypeCV8UC1:
		code = gocv.ColorGrayToBGRA // grey is the same in either channel order
	case gocv.MatTypeCV8UC3:
		code = gocv.ColorBGRToRGBA
	case gocv.MatTypeCV8UC4:
		code = gocv.ColorBGRAToRGBA
	default:
		return nil, fmt.Errorf("converting to RGBA: unsupported Mat type %v (8-bit gray, BGR or BGRA expected)", img.Type())
	}
	out := image.NewRGBA(image.Rect(0, 0, img.Cols(), img.Rows()))
	// The Mat borrows out.Pix; it is closed before returning, so C never
	// keeps the Go pointer beyond this call.
	dst, err := gocv.NewMatFromBytes(img.Rows(), img.Cols(), gocv.MatTypeCV8UC4, out.Pix)
	if err != nil {
		return nil, fmt.Errorf("converting to RGBA: %w", err)
	}
	defer dst.Close()
	gocv.CvtColor(img, &dst, code)
	// OpenCV reuses a destination of the right size and type, which this
	// one is; should it ever reallocate, the pixels are in its own buffer.
	if pix, err := dst.DataPtrUint8(); err != nil || len(pix) != len(out.Pix) {
		return nil, errors.New("converting to RGBA: OpenCV returned a differently shaped image")
	} else if unsafe.SliceData(pix) != unsafe.SliceData(out.Pix) {
		copy(out.Pix, pix)
	}
	runtime.KeepAlive(out.Pix)
	if code == gocv.ColorBGRAToRGBA {
		premultiply(out.Pix)
	}
	return out, nil
}

// premultiply turns straight-alpha RGBA bytes into premultiplied ones with
// the arithmetic of color.NRGBA.RGBA, so that the result equals what
// converting an image.NRGBA pixel by pixel gives.
func premultiply(pix []uint8) {
	for i := 0; i+3 < len(pix); i += 4 {
		a := uint32(pix[i+3])
		if a == 0xff {
			continue
		}
		a |= a << 8
		for k := i; k < i+3; k++ {
			v := uint32(pix[k])
			v |= v << 8
			pix[k] = uint8(v * a / 0xffff >> 8)
		}
	}
}
