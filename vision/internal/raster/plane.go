package raster

import (
	"image"
	"image/color"
	"sort"

	"gocv.io/x/gocv"
)

var ColorBlack = color.RGBA{A: 255}

func Pt(x, y int) image.Point { return image.Point{X: x, Y: y} }

// Plane is an 8-bit single-channel image held in Go memory.
type Plane struct {
	W, H int
	Pix  []uint8
}

func (p Plane) At(x, y int) uint8 { return p.Pix[y*p.W+x] }

// Bilinear is the plane's value at a point between pixels.
func (p Plane) Bilinear(x, y float64) (float64, bool) {
	if x < 0 || y < 0 || x >= float64(p.W-1) || y >= float64(p.H-1) {
		return 0, false
	}
	ix, iy := int(x), int(y)
	fx, fy := x-float64(ix), y-float64(iy)
	i := iy*p.W + ix
	a, b := float64(p.Pix[i]), float64(p.Pix[i+1])
	c, d := float64(p.Pix[i+p.W]), float64(p.Pix[i+p.W+1])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy, true
}

// bgrPlane is an 8-bit three-channel image in OpenCV's BGR order.
type BGRPlane struct {
	W, H int
	Pix  []uint8
}

func (p BGRPlane) At(x, y int) (b, g, r uint8) {
	i := 3 * (y*p.W + x)
	return p.Pix[i], p.Pix[i+1], p.Pix[i+2]
}

// ToGray converts a BGR, BGRA or gray Mat into a new gray Mat.
func ToGray(src gocv.Mat) gocv.Mat {
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

// DarkestChannel is a new gray Mat holding, for each pixel of src, its
// darkest channel: ink of any hue is dark there, while paper, light in
// every channel, stays light. A gray src is copied.
func DarkestChannel(src gocv.Mat) gocv.Mat {
	if src.Channels() == 1 {
		return ToGray(src)
	}
	chans := gocv.Split(src)
	defer func() {
		for _, c := range chans {
			c.Close()
		}
	}()
	dst := gocv.NewMat()
	gocv.Min(chans[0], chans[1], &dst)
	gocv.Min(dst, chans[2], &dst)
	return dst
}

// ToBGR converts a gray, BGRA or BGR Mat into a new 3-channel BGR Mat.
func ToBGR(src gocv.Mat) gocv.Mat {
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
func BGRView(src gocv.Mat) gocv.Mat {
	if src.Channels() == 3 {
		return src.Region(image.Rect(0, 0, src.Cols(), src.Rows()))
	}
	return ToBGR(src)
}

func PlaneOf(m gocv.Mat) Plane {
	return Plane{W: m.Cols(), H: m.Rows(), Pix: m.ToBytes()}
}

// PlaneView is m's pixels as a Plane that shares m's memory, valid only
// while m is open and unchanged: for a plane read once and let go. A
// reading copied several megapixels of such planes, and the copies, in
// fresh memory each time, cost a screenshot's read more than what it
// read in them. Where m's rows do not follow one another it is a copy.
func PlaneView(m gocv.Mat) Plane {
	if m.IsContinuous() {
		if pix, err := m.DataPtrUint8(); err == nil && len(pix) == m.Cols()*m.Rows() {
			return Plane{W: m.Cols(), H: m.Rows(), Pix: pix}
		}
	}
	return PlaneOf(m)
}

// BGRPlaneView is PlaneView for a three-channel Mat.
func BGRPlaneView(m gocv.Mat) BGRPlane {
	if m.IsContinuous() {
		if pix, err := m.DataPtrUint8(); err == nil && len(pix) == 3*m.Cols()*m.Rows() {
			return BGRPlane{W: m.Cols(), H: m.Rows(), Pix: pix}
		}
	}
	return BGRPlaneOf(m)
}

func BGRPlaneOf(m gocv.Mat) BGRPlane {
	return BGRPlane{W: m.Cols(), H: m.Rows(), Pix: m.ToBytes()}
}

// Percentile returns the q-quantile (0..1) of v without modifying it.
func Percentile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	i := int(q * float64(len(s)-1))
	return s[i]
}

// BytePercentiles returns the given quantiles of a byte slice by histogram.
func BytePercentiles(pix []uint8, qs ...float64) []float64 {
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
