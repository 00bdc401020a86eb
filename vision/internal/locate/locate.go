package locate

import (
	"image"
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// LocateSide is the long side, in pixels, of the copy the grid is located
// in: large enough for 64 cells, small enough to stay fast on a webcam.
const LocateSide = 1000

// gridCandidate is a quadrilateral that might be the grid, in the
// coordinates of the located (downscaled) image.
type Candidate struct {
	Quad       [4][2]float64
	Area       float64
	Rows, Cols PeriodFit
	Centres    [][2]float64 // measured cell centres, when a lattice found the grid (rectify/mesh.go)
	// Complete is set when a lattice found the grid with nearly every
	// cell closed and its centres on the lattice: nothing of it is left
	// for the app-board locator to find.
	Complete bool
	// Method and evidence say which locator found the candidate and what
	// it had to go on; they reach the Reading and change nothing else.
	Method   Method
	Evidence Evidence
	// ByRules is set where the rung found the grid on evidence too weak
	// to stand alone (the sparse and loose-lattice rungs): the reader takes it only where
	// its reading has a published size and exactly one solution.
	ByRules bool
}

func (c Candidate) quality() float64 { return math.Min(c.Rows.Score, c.Cols.Score) }

// Preview finds the grid's outer corners (TL, TR, BR, BL) in img's pixels.
//
// It is the live preview's locator and trades some reach for speed: it
// climbs previewLadder, which works on an 800-pixel copy and tries only
// the two boundary maps that find most grids. Read finds more.
func Preview(img gocv.Mat) ([4][2]float64, error) {
	c, scale, err := climb(img, previewLadder, nil)
	if err != nil {
		return [4][2]float64{}, err
	}
	return ScaleQuad(c.Quad, scale), nil
}

// Find returns the grid Read's ladder finds in img (ladder.go),
// in the pixels of the copy the accepted rung searched, and the factor
// from those pixels to img's.
func Find(img gocv.Mat) (Candidate, float64, error) {
	return climb(img, readLadder, nil)
}

// Search is one picture searched by more than one ladder. The copies a
// climb makes (the flattened grey, the colour planes, the cells each
// boundary map closes in each) depend on the picture alone, and the
// last-resort ladder, climbed where the rules turned the reading
// ladder's grid down, asks for most of what the reading ladder made:
// made again, they were half the time of such a read.
type Search struct{ cs *copies }

// NewSearch starts a search of img, which must outlive it; Close frees
// its copies.
func NewSearch(img gocv.Mat) *Search { return &Search{cs: NewCopies(img)} }

func (s *Search) Close() { s.cs.Close() }

// FindWhere is Find for a reader that may yet turn away what a rung
// found: shown is handed each finding, in the pixels of the copy its
// rung searched with the factor to the picture's, and when it says the
// grid does not show there, the rungs below look on.
func (s *Search) FindWhere(shown func(c Candidate, scale float64) bool) (Candidate, float64, error) {
	return climbCopies(s.cs, readLadder, shown)
}

// FindLastWhere is FindWhere on the last-resort ladder (ladder.go): for
// a picture the reading ladder found no grid in at any decode, or whose
// grid the rules turned down.
func (s *Search) FindLastWhere(shown func(c Candidate, scale float64) bool) (Candidate, float64, error) {
	return climbCopies(s.cs, lastResortLadder, shown)
}

func ScaleQuad(q [4][2]float64, s float64) [4][2]float64 {
	for i := range q {
		q[i][0] *= s
		q[i][1] *= s
	}
	return q
}

// Downscale returns a copy of img whose long side is at most side, and the
// factor from the copy's pixels to img's.
func Downscale(img gocv.Mat, side int) (gocv.Mat, float64) {
	long := max(img.Cols(), img.Rows())
	if long <= side {
		// A view, not a copy: callers only read it, and copying a
		// screenshot costs more than several of the passes that read it.
		return img.Region(image.Rect(0, 0, img.Cols(), img.Rows())), 1
	}
	f := float64(side) / float64(long)
	w := max(1, int(math.Round(float64(img.Cols())*f)))
	h := max(1, int(math.Round(float64(img.Rows())*f)))
	dst := gocv.NewMat()
	gocv.Resize(img, &dst, raster.Pt(w, h), 0, 0, gocv.InterpolationArea)
	return dst, float64(img.Cols()) / float64(w)
}

// rectifyPlane warps the quadrilateral q of a gray Mat to a w x h plane.
func rectifyPlane(gray gocv.Mat, q [4][2]float64, w, h int, out *raster.Plane) bool {
	hm, ok := geom.FromQuads(RectCorners(float64(w), float64(h)), q)
	if !ok {
		return false
	}
	m := raster.Warp(gray, hm, w, h)
	defer m.Close()
	*out = raster.PlaneOf(m)
	return true
}

func RectCorners(w, h float64) [4][2]float64 {
	return [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}
}

// Inner is c with top, bottom, left and right rows and columns of cells
// taken off its sides, through its perspective: the grid inside the
// strips the cells stage found not to be the puzzle's. Its measured
// centres are those that fall inside. ok is false when nothing would be
// left, or the quad maps no lattice.
func (c Candidate) Inner(top, bottom, left, right int) (Candidate, bool) {
	rows, cols := c.Rows.N-top-bottom, c.Cols.N-left-right
	if rows < 1 || cols < 1 {
		return c, false
	}
	x0, y0, x1, y1 := float64(left), float64(top), float64(c.Cols.N-right), float64(c.Rows.N-bottom)
	q, toQuad, ok := subQuad(c.Quad, float64(c.Cols.N), float64(c.Rows.N), x0, y0, x1, y1)
	if !ok {
		return c, false
	}
	in := c
	in.Quad, in.Area = q, geom.QuadArea(q)
	in.Rows.N, in.Cols.N = rows, cols
	in.Centres = nil
	toLattice := toQuad.Inverse()
	for _, p := range c.Centres {
		if u, v := toLattice.Apply(p[0], p[1]); u > x0 && u < x1 && v > y0 && v < y1 {
			in.Centres = append(in.Centres, p)
		}
	}
	return in, true
}

// subQuad is the quad of the rectangle x0..x1 by y0..y1 of a w×h
// rectangle that q shows in perspective, and the map from that w×h
// rectangle into q; ok is false when q maps none.
func subQuad(q [4][2]float64, w, h, x0, y0, x1, y1 float64) ([4][2]float64, geom.Homography, bool) {
	toQuad, ok := geom.FromQuads(RectCorners(w, h), q)
	if !ok {
		return q, toQuad, false
	}
	var in [4][2]float64
	for i, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		in[i][0], in[i][1] = toQuad.Apply(p[0], p[1])
	}
	return in, toQuad, true
}
