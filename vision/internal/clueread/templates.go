package clueread

import (
	"math"
	"sync"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// FindClues looks at the middle of every line segment shared by two cells
// for a small mark centred on the line: '=' (or its turned form) or 'x'.
//
// Each segment is judged against its own surroundings, not against the
// other segments: in a photo the rectified lines wander by a few pixels
// and the lighting changes across the grid, so what a bare line looks like
// is read from the segment's two ends, which no clue reaches. What is
// darker than that bare line in the segment's middle is the candidate
// mark, and its shape is matched against '=' and 'x' drawn at a few sizes
// and blurs, at offsets that absorb the rectification's error.
func FindClues(ci cellread.Image) []solver.Edge {
	edges, pale := clueMarks(ci)
	// A puzzle's clues are many and drawn in one ink. A single pale mark
	// on a grid with no other clue is a blot, a shadow's corner or a
	// glyph's smudge on a line, not the puzzle's one clue.
	if len(edges) == 1 && pale == 1 {
		return nil
	}
	return edges
}

// clueMarks is every site of ci that holds a clue's mark, judged site by
// site, and how many of them were taken only as pale ink.
func clueMarks(ci cellread.Image) (edges []solver.Edge, pale int) {
	if ci.Px < Tuned.Sites.minCellPx {
		return nil, 0
	}
	cd := newClueDetector(ci)
	// A lattice the glyphs show to sit further off than the detector
	// follows a line puts every site beside its line, and on the glyphs:
	// the sites move with the glyphs' windows.
	ox, oy := farOff(ci.GlyphX, ci.Px), farOff(ci.GlyphY, ci.Px)
	// Vertical segments join (r, c) and (r, c+1); horizontal ones (r, c) and (r+1, c).
	for r := 0; r < ci.Rows; r++ {
		for c := 0; c+1 < ci.Cols; c++ {
			if rel, ok := cd.at((c+1)*ci.Px+ox, r*ci.Px+ci.Px/2+oy, true); ok {
				edges = append(edges, solver.Edge{R1: r, C1: c, R2: r, C2: c + 1, Rel: rel})
			}
		}
	}
	for r := 0; r+1 < ci.Rows; r++ {
		for c := 0; c < ci.Cols; c++ {
			if rel, ok := cd.at(c*ci.Px+ci.Px/2+ox, (r+1)*ci.Px+oy, false); ok {
				edges = append(edges, solver.Edge{R1: r, C1: c, R2: r + 1, C2: c, Rel: rel})
			}
		}
	}
	return edges, cd.paleMarks
}

// farOff is the glyphs' offset off the lattice when a clue's site should
// follow it: beyond where the detector looks for the line itself.
func farOff(off, px int) int {
	if float64(raster.Abs(off)) > Tuned.Templates.lineSearch*float64(px) {
		return off
	}
	return 0
}

// clueShapeKind is a template family.
type clueShapeKind int

const (
	clueCross      clueShapeKind = iota // 'x'
	clueBarsAcross                      // '=' with its bars across the line
	clueBarsAlong                       // '=' with its bars along the line
)

type clueTemplate struct {
	kind clueShapeKind
	r    int       // half-size of the rendered square
	half float64   // half-size of the drawn mark
	val  []float64 // (2r+1)^2, row-major, v rows and u columns
}

func (t clueTemplate) At(u, v int) float64 {
	if u < -t.r || u > t.r || v < -t.r || v > t.r {
		return 0
	}
	return t.val[(v+t.r)*(2*t.r+1)+u+t.r]
}

type clueDetector struct {
	ci                       cellread.Image
	across, along, end, core int
	shift                    int
	match                    int     // half-size across the line of the part matched against the templates
	inner, innerAlong        int     // half-sizes of the part next to the line that a clue inks
	inkLevel                 float64 // darkness over the bare line that counts as ink
	minArea                  int
	contrast                 float64
	light                    float64 // the lit paper's grey level
	set                      *clueTemplateSet
	// scratch, reused across sites
	win, e      []float64
	column      []float64
	centreRatio float64    // the last mark's, see centre
	kindBest    [3]float64 // the last site's best correlation with each shape
	diagonal    float64    // the last mark's, see diagonal
	paleMarks   int        // clues taken only as pale ones (matchSure) so far
}

func newClueDetector(ci cellread.Image) *clueDetector {
	px := float64(ci.Px)
	p := &Tuned.Templates
	cd := &clueDetector{
		ci:         ci,
		across:     int(math.Round(p.across * px)),
		along:      int(math.Round(p.along * px)),
		end:        int(math.Round(p.end * px)),
		core:       int(math.Round(p.core * px)),
		shift:      max(1, int(math.Round(p.shift*px))),
		inner:      int(math.Round(p.inner * px)),
		innerAlong: int(math.Round(p.innerAlong * px)),
		match:      int(p.glyphGap * px),
	}
	q := raster.BytePercentiles(ci.Gray.Pix, p.darkQuantile, 0.5, p.lightQuantile) // the median is the paper
	cd.contrast = math.Max(p.minContrast, q[1]-q[0])
	cd.light = q[2]
	cd.inkLevel = p.inkShare * cd.contrast
	cd.minArea = max(p.minAreaPx, int(math.Round(p.minArea*px*px)))
	w, h := 2*cd.across+1, 2*cd.along+1
	cd.win = make([]float64, w*h)
	cd.e = make([]float64, w*h)
	cd.column = make([]float64, 2*(cd.along-cd.end+1))
	cd.set = ClueTemplatesFor(ci.Px, cd.core, cd.match, cd.shift+1)
	return cd
}

// clueTemplateSet holds the templates for one cell size, and the sums of
// each over the core at every offset searched, which do not depend on the
// site. Sets are built once per cell size and shared.
type clueTemplateSet struct {
	Templates []clueTemplate
	Reach     int          // offsets run over [-reach, reach] both ways
	Sums      [][2]float64 // [template][dv][du] -> sum, sum of squares
}

var clueTemplateCache sync.Map // px -> *clueTemplateSet

func ClueTemplatesFor(px, core, match, reach int) *clueTemplateSet {
	if s, ok := clueTemplateCache.Load(px); ok {
		return s.(*clueTemplateSet)
	}
	p := &Tuned.Templates
	set := &clueTemplateSet{Reach: reach}
	r := core + reach
	for _, size := range p.sizes {
		half := size * float64(px)
		hw := math.Max(p.minStroke, p.stroke*half)
		gap := p.barsGap * half // half the distance between the bars of '='
		for _, sigma := range p.blurs {
			segs := map[clueShapeKind][][4]float64{
				clueCross:      {{-half, -half, half, half}, {-half, half, half, -half}},
				clueBarsAcross: {{-half, -gap, half, -gap}, {-half, gap, half, gap}},
				clueBarsAlong:  {{-gap, -half, -gap, half}, {gap, -half, gap, half}},
			}
			for _, kind := range []clueShapeKind{clueCross, clueBarsAcross, clueBarsAlong} {
				t := renderClueTemplate(kind, r, segs[kind], hw, sigma)
				t.half = half
				set.Templates = append(set.Templates, t)
			}
		}
	}
	n := 2*reach + 1
	set.Sums = make([][2]float64, len(set.Templates)*n*n)
	for k, t := range set.Templates {
		for dv := -reach; dv <= reach; dv++ {
			for du := -reach; du <= reach; du++ {
				var st, stt float64
				for v := -core; v <= core; v++ {
					for u := -match; u <= match; u++ {
						tv := t.At(u-du, v-dv)
						st += tv
						stt += tv * tv
					}
				}
				set.Sums[(k*n+dv+reach)*n+du+reach] = [2]float64{st, stt}
			}
		}
	}
	actual, _ := clueTemplateCache.LoadOrStore(px, set)
	return actual.(*clueTemplateSet)
}

// renderClueTemplate draws strokes of half-width hw whose edges fall off
// like a blur of the given sigma.
func renderClueTemplate(kind clueShapeKind, r int, segs [][4]float64, hw, sigma float64) clueTemplate {
	n := 2*r + 1
	t := clueTemplate{kind: kind, r: r, val: make([]float64, n*n)}
	for v := -r; v <= r; v++ {
		for u := -r; u <= r; u++ {
			d := math.Inf(1)
			for _, s := range segs {
				d = math.Min(d, segmentDistance(float64(u), float64(v), s))
			}
			d = math.Max(0, d-hw)
			t.val[(v+r)*n+u+r] = math.Exp(-d * d / (2 * sigma * sigma))
		}
	}
	return t
}

func segmentDistance(x, y float64, s [4]float64) float64 {
	dx, dy := s[2]-s[0], s[3]-s[1]
	l := dx*dx + dy*dy
	k := 0.0
	if l > 0 {
		k = raster.Clamp(((x-s[0])*dx+(y-s[1])*dy)/l, 0, 1)
	}
	return math.Hypot(x-s[0]-k*dx, y-s[1]-k*dy)
}
