package raster

import (
	"unsafe"

	"gocv.io/x/gocv"
)

// component is one 4-connected region of a binary mask: its bounding box,
// its pixel count and its centroid.
type component struct {
	Left, Top, Width, Height int
	Area                     int
	X, Y                     float64
}

// Components labels the nonzero regions of an 8-bit mask 4-connectedly
// and measures them. OpenCV's own connectedComponentsWithStats spends
// several times longer than the labelling itself (about 15 ms against 2 on
// a 1000-px map here, worse on a busy machine, where its worker threads
// wait on each other); the measuring is one pass over the labels in Go.
// The background (label 0) is not returned.
func Components(mask gocv.Mat) []component {
	return ComponentsOf(mask, 4)
}

// WithLabels labels the nonzero regions of an 8-bit mask with the given
// connectivity (4 or 8) and hands use the label of every pixel, row by
// row, and the number of labels, background 0 included. It tells whether
// there was anything to label.
func WithLabels(mask gocv.Mat, connectivity int, use func(lab []int32, n int)) bool {
	labels := gocv.NewMat()
	defer labels.Close()
	n := gocv.ConnectedComponentsWithParams(mask, &labels, connectivity, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	if n <= 1 {
		return false
	}
	raw, err := labels.DataPtrUint8()
	if err != nil || len(raw) < 4*labels.Cols()*labels.Rows() {
		return false
	}
	// gocv has no int32 view; the labels are CV_32S in OpenCV's own
	// (aligned) buffer, which outlives use.
	use(unsafe.Slice((*int32)(unsafe.Pointer(&raw[0])), len(raw)/4), n)
	return true
}

// ComponentsOf is components with the given connectivity (4 or 8).
func ComponentsOf(mask gocv.Mat, connectivity int) []component {
	var out []component
	WithLabels(mask, connectivity, func(lab []int32, n int) {
		out = measureComponents(lab, mask.Cols(), mask.Rows(), n)
	})
	return out
}

// measureComponents measures the n-1 labelled regions of a w x h label map.
func measureComponents(lab []int32, w, h, n int) []component {
	type acc struct {
		minX, minY, maxX, maxY, area int
		sumX, sumY                   int
	}
	a := make([]acc, n)
	for i := range a {
		a[i].minX, a[i].minY = w, h
		a[i].maxX, a[i].maxY = -1, -1
	}
	for y := 0; y < h; y++ {
		row := lab[y*w : (y+1)*w]
		// Runs of one label are long; measuring a run at once keeps the
		// pass close to memory speed.
		for x := 0; x < w; {
			l := row[x]
			end := x + 1
			for end < w && row[end] == l {
				end++
			}
			if l > 0 {
				c := &a[l]
				c.minX = min(c.minX, x)
				c.maxX = max(c.maxX, end-1)
				c.minY = min(c.minY, y)
				c.maxY = max(c.maxY, y)
				run := end - x
				c.area += run
				// run*(x+end-1) is always even: the sum of x..end-1.
				c.sumX += run * (x + end - 1) / 2
				c.sumY += run * y
			}
			x = end
		}
	}
	out := make([]component, 0, n-1)
	for _, c := range a[1:] {
		if c.area == 0 {
			continue
		}
		out = append(out, component{
			Left: c.minX, Top: c.minY, Width: c.maxX - c.minX + 1, Height: c.maxY - c.minY + 1,
			Area: c.area, X: float64(c.sumX) / float64(c.area), Y: float64(c.sumY) / float64(c.area),
		})
	}
	return out
}

// FloodFromEdges marks the pixels of a w×h box reachable 4-connectedly
// from its edge through pixels open says may be crossed: what lies
// outside every closed ring (an O's hole is not reached), or what touches
// the box's edge (a border's ink, not the glyphs it frames). It returns
// the reached pixels row by row.
func FloodFromEdges(w, h int, open func(x, y int) bool) []bool {
	reached := make([]bool, w*h)
	var stack []int
	push := func(x, y int) {
		if x < 0 || y < 0 || x >= w || y >= h || reached[y*w+x] || !open(x, y) {
			return
		}
		reached[y*w+x] = true
		stack = append(stack, y*w+x)
	}
	for x := 0; x < w; x++ {
		push(x, 0)
		push(x, h-1)
	}
	for y := 0; y < h; y++ {
		push(0, y)
		push(w-1, y)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		push(x-1, y)
		push(x+1, y)
		push(x, y-1)
		push(x, y+1)
	}
	return reached
}
