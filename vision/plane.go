package vision

import (
	"image"
	"image/color"
	"sort"

	"gocv.io/x/gocv"
)

var colorBlack = color.RGBA{A: 255}

func pt(x, y int) image.Point { return image.Point{X: x, Y: y} }

// plane is an 8-bit single-channel image held in Go memory.
type plane struct {
	w, h int
	pix  []uint8
}

func (p plane) at(x, y int) uint8 { return p.pix[y*p.w+x] }

// bgrPlane is an 8-bit three-channel image in OpenCV's BGR order.
type bgrPlane struct {
	w, h int
	pix  []uint8
}

func (p bgrPlane) at(x, y int) (b, g, r uint8) {
	i := 3 * (y*p.w + x)
	return p.pix[i], p.pix[i+1], p.pix[i+2]
}

// toGray converts a BGR, BGRA or gray Mat into a new gray Mat.
func toGray(src gocv.Mat) gocv.Mat {
	dst := gocv.NewMat()
	switch src.Channels() {
	case 1:
		src.CopyTo(&dst)
	case 4:
		gocv.CvtColor(src, &dst, gocv.ColorBGRAToGray)
	default:
		gocv.CvtColor(src, &dst, gocv.ColorBGRToGray)
	}
	return dst
}

// toBGR converts a gray, BGRA or BGR Mat into a new 3-channel BGR Mat.
func toBGR(src gocv.Mat) gocv.Mat {
	dst := gocv.NewMat()
	switch src.Channels() {
	case 1:
		gocv.CvtColor(src, &dst, gocv.ColorGrayToBGR)
	case 4:
		gocv.CvtColor(src, &dst, gocv.ColorBGRAToBGR)
	default:
		src.CopyTo(&dst)
	}
	return dst
}

// bgrView is src in 3-channel BGR for reading only: a view of src when it
// is BGR already (copying a picture costs more than most passes over it),
// a converted copy otherwise. Either way the caller closes it.
func bgrView(src gocv.Mat) gocv.Mat {
	if src.Channels() == 3 {
		return src.Region(image.Rect(0, 0, src.Cols(), src.Rows()))
	}
	return toBGR(src)
}

func planeOf(m gocv.Mat) plane {
	return plane{w: m.Cols(), h: m.Rows(), pix: m.ToBytes()}
}

func bgrPlaneOf(m gocv.Mat) bgrPlane {
	return bgrPlane{w: m.Cols(), h: m.Rows(), pix: m.ToBytes()}
}

// percentile returns the q-quantile (0..1) of v without modifying it.
func percentile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	i := int(q * float64(len(s)-1))
	return s[i]
}

// bytePercentiles returns the given quantiles of a byte slice by histogram.
func bytePercentiles(pix []uint8, qs ...float64) []float64 {
	var hist [256]int
	for _, v := range pix {
		hist[v]++
	}
	out := make([]float64, len(qs))
	for k, q := range qs {
		target := int(q * float64(len(pix)-1))
		acc := 0
		for v := 0; v < 256; v++ {
			acc += hist[v]
			if acc > target {
				out[k] = float64(v)
				break
			}
		}
	}
	return out
}
