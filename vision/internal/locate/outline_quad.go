package locate

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// convexHull is Andrew's monotone chain; it returns the hull in order.
func convexHull(pts []image.Point) []image.Point {
	p := append([]image.Point(nil), pts...)
	sort.Slice(p, func(i, j int) bool {
		if p[i].X != p[j].X {
			return p[i].X < p[j].X
		}
		return p[i].Y < p[j].Y
	})
	cross := func(o, a, b image.Point) int {
		return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X)
	}
	if len(p) < 3 {
		return p
	}
	hull := make([]image.Point, 0, 2*len(p))
	for _, q := range p {
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], q) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, q)
	}
	lower := len(hull) + 1
	for i := len(p) - 2; i >= 0; i-- {
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], p[i]) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p[i])
	}
	return hull[:len(hull)-1]
}

// fitQuad finds the quadrilateral outline of a contour: the largest
// quadrilateral with corners on its convex hull, whose sides are then
// refitted as straight lines through the contour points along them, so
// that rounded or chipped corners do not pull the corners inward.
func fitQuad(pts []image.Point) ([4][2]float64, bool) {
	hull := convexHull(pts)
	if len(hull) < 4 {
		return [4][2]float64{}, false
	}
	dirs := [4][2]int{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	var idx [4]int
	for k, d := range dirs {
		best := math.MinInt
		for i, p := range hull {
			if v := d[0]*p.X + d[1]*p.Y; v > best {
				best, idx[k] = v, i
			}
		}
	}
	quadOf := func(idx [4]int) [4][2]float64 {
		var q [4][2]float64
		for k, i := range idx {
			q[k] = [2]float64{float64(hull[i].X), float64(hull[i].Y)}
		}
		return q
	}
	area := geom.QuadArea(quadOf(idx))
	for iter := 0; iter < 8; iter++ {
		improved := false
		for k := 0; k < 4; k++ {
			for i := range hull {
				trial := idx
				trial[k] = i
				if a := geom.QuadArea(quadOf(trial)); a > area+1e-9 && IsConvexOrdered(quadOf(trial)) {
					area, idx, improved = a, trial, true
				}
			}
		}
		if !improved {
			break
		}
	}
	q := quadOf(idx)
	if area < 16 || !IsConvexOrdered(q) {
		return q, false
	}
	return refineSides(q, pts), true
}

// IsConvexOrdered reports whether q is a convex quadrilateral in TL, TR,
// BR, BL order (clockwise on screen).
func IsConvexOrdered(q [4][2]float64) bool {
	for i := 0; i < 4; i++ {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		if (b[0]-a[0])*(c[1]-b[1])-(b[1]-a[1])*(c[0]-b[0]) <= 0 {
			return false
		}
	}
	return true
}

// centroid is the mean of some points.
func centroid(pts [][2]float64) (float64, float64) {
	var mx, my float64
	for _, p := range pts {
		mx += p[0]
		my += p[1]
	}
	return mx / float64(len(pts)), my / float64(len(pts))
}

// line is n·p = d with n a unit normal.
type line struct{ nx, ny, d float64 }

func fitLine(pts [][2]float64) (line, bool) {
	if len(pts) < 5 {
		return line{}, false
	}
	mx, my := centroid(pts)
	var sxx, sxy, syy float64
	for _, p := range pts {
		dx, dy := p[0]-mx, p[1]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	// The normal is the eigenvector of the smaller eigenvalue.
	theta := 0.5 * math.Atan2(2*sxy, sxx-syy)
	nx, ny := -math.Sin(theta), math.Cos(theta)
	return line{nx, ny, nx*mx + ny*my}, true
}

func intersect(a, b line) ([2]float64, bool) {
	det := a.nx*b.ny - a.ny*b.nx
	if math.Abs(det) < 1e-9 {
		return [2]float64{}, false
	}
	return [2]float64{(a.d*b.ny - a.ny*b.d) / det, (a.nx*b.d - a.d*b.nx) / det}, true
}

// refineSides refits each side of q through the contour points near its
// middle part and intersects neighbouring sides.
func refineSides(q [4][2]float64, pts []image.Point) [4][2]float64 {
	var lines [4]line
	for s := 0; s < 4; s++ {
		a, b := q[s], q[(s+1)%4]
		dx, dy := b[0]-a[0], b[1]-a[1]
		length := math.Hypot(dx, dy)
		if length < 8 {
			return q
		}
		ux, uy := dx/length, dy/length
		tolerance := math.Max(2, locating.outline.sideBand*length)
		var near [][2]float64
		for _, p := range pts {
			px, py := float64(p.X)-a[0], float64(p.Y)-a[1]
			t := (px*ux + py*uy) / length
			if t < locating.outline.sideFrom || t > locating.outline.sideTo {
				continue
			}
			if math.Abs(px*uy-py*ux) <= tolerance {
				near = append(near, [2]float64{float64(p.X), float64(p.Y)})
			}
		}
		l, ok := fitLine(near)
		if !ok {
			return q
		}
		lines[s] = l
	}
	out := q
	for k := 0; k < 4; k++ {
		// Corner k joins side k-1 (ending at k) and side k (starting at k).
		p, ok := intersect(lines[(k+3)%4], lines[k])
		if !ok || math.Hypot(p[0]-q[k][0], p[1]-q[k][1]) > locating.outline.maxCornerMove*math.Sqrt(geom.QuadArea(q)) {
			return q
		}
		out[k] = p
	}
	return out
}

// inkQuads finds the outlines of connected dark structures: a ruled grid's
// lines form one connected lattice however faint, once the threshold is
// relative to the neighbourhood.
func inkQuads(gray gocv.Mat) [][4][2]float64 {
	return inkOutlines(gray, fitQuad)
}

// outlineFit reads a quadrilateral from a contour's points, if it can.
type outlineFit func([]image.Point) ([4][2]float64, bool)

// inkOutlines fits a quadrilateral by each of fits, in turn, to the
// outline of every large connected dark structure in gray (see
// contourQuads): one threshold and one contour search serve them all.
func inkOutlines(gray gocv.Mat, fits ...outlineFit) [][4][2]float64 {
	block := max(15, (max(gray.Cols(), gray.Rows())/30)|1)
	ink := gocv.NewMat()
	defer ink.Close()
	gocv.AdaptiveThreshold(gray, &ink, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinaryInv, block, 7)
	kernel := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(3, 3))
	defer kernel.Close()
	gocv.MorphologyEx(ink, &ink, gocv.MorphClose, kernel)
	return contourOutlines(ink, fits...)
}

// thinLineOutlines is inkOutlines for thin lines alone: the dark
// strokes narrower than thinLineWidth, found against the paper around
// them (a black-hat), not against the mean of a block. A pale border
// beside a big dark glyph falls under a block mean pulled down by the
// glyph and breaks there, so its contour leaks inward and its outline
// comes out a corner short; under the black-hat the glyph stays paper
// and the border whole.
func thinLineOutlines(gray gocv.Mat, fits ...outlineFit) [][4][2]float64 {
	return thinLineOutlinesUnder(gray, thinLineContrast, fits...)
}

// faintLineOutlines is thinLineOutlines for the faintest borders
// (faintLineContrast).
func faintLineOutlines(gray gocv.Mat, fits ...outlineFit) [][4][2]float64 {
	return thinLineOutlinesUnder(gray, faintLineContrast, fits...)
}

// thinLineOutlinesUnder is thinLineOutlines for the strokes at least
// contrast grey levels under the paper around them.
func thinLineOutlinesUnder(gray gocv.Mat, contrast float32, fits ...outlineFit) [][4][2]float64 {
	width := max(5, (max(gray.Cols(), gray.Rows())/thinLineWidth)|1)
	kernel := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(width, width))
	defer kernel.Close()
	hat := gocv.NewMat()
	defer hat.Close()
	gocv.MorphologyEx(gray, &hat, gocv.MorphBlackhat, kernel)
	ink := gocv.NewMat()
	defer ink.Close()
	gocv.Threshold(hat, &ink, contrast, 255, gocv.ThresholdBinary)
	small := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(3, 3))
	defer small.Close()
	gocv.MorphologyEx(ink, &ink, gocv.MorphClose, small)
	return contourOutlines(ink, fits...)
}

// thinLineWidth is the located copy's longer side over the widest
// stroke thinLineOutlines keeps: a grid's border in a 1000-pixel copy
// is one to five pixels wide, its glyphs' bodies wider.
const thinLineWidth = 100

// thinLineContrast is the fewest grey levels a thin line lies under
// the paper around it: a pale grey border on white is 20 or more, the
// grain of a photo's paper a few.
const thinLineContrast = 12

// faintLineContrast is thinLineContrast for a pale border in a dim or
// blurred photo, which keeps only 8 to 12 levels under the paper in the
// located copy (dev-photos wild-photo-003, a 10x10 grid drawn as a light
// grey box). At this contrast the paper's grain and the text's halo
// join into more outlines, so only the last rung of the last-resort
// ladder looks at it (faintBoxedRung).
const faintLineContrast = 8

// contourQuads fits a quadrilateral to every large outer contour of a mask.
func contourQuads(mask gocv.Mat) [][4][2]float64 {
	return contourOutlines(mask, fitQuad)
}

// contourOutlines fits a quadrilateral by each of fits, in turn, to each
// of the four largest outer contours of a mask, largest first.
func contourOutlines(mask gocv.Mat, fits ...outlineFit) [][4][2]float64 {
	contours := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxNone)
	defer contours.Close()
	minArea := locating.outline.minArea * float64(mask.Cols()*mask.Rows())
	type sized struct {
		pts  []image.Point
		area float64
	}
	var big []sized
	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		r := gocv.BoundingRect(c)
		if float64(r.Dx()*r.Dy()) < minArea {
			continue
		}
		big = append(big, sized{c.ToPoints(), float64(r.Dx() * r.Dy())})
	}
	sort.Slice(big, func(i, j int) bool { return big[i].area > big[j].area })
	if len(big) > 4 {
		big = big[:4]
	}
	var out [][4][2]float64
	for _, fit := range fits {
		for _, b := range big {
			if q, ok := fit(b.pts); ok {
				out = append(out, q)
			}
		}
	}
	return out
}
