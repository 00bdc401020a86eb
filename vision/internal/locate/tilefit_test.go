package locate

import (
	"math"
	"math/rand/v2"
	"testing"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// TestGrowSpotsPastBlankRow gives growSpots the tiles of a steeply tilted
// board's near rows, assigned, and the far rows' tiles beyond a row of
// blank tiles, unassigned: each far tile must join at its own cell, none
// at a wrong one, and the specks between tiles must stay out.
func TestGrowSpotsPastBlankRow(t *testing.T) {
	cases := []struct {
		name    string
		corners [4][2]float64 // 14x14 board
		blank   int           // the all-blank row; rows above it start assigned
	}{
		{"tilted away", [4][2]float64{{160, 220}, {750, 240}, {660, 690}, {210, 715}}, 9},
		{"tilted sideways", [4][2]float64{{100, 100}, {500, 180}, {520, 520}, {80, 700}}, 7},
		{"flat", [4][2]float64{{100, 100}, {660, 100}, {660, 660}, {100, 660}}, 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			truth, ok := geom.FromQuads(RectCorners(14, 14), tc.corners)
			if !ok {
				t.Fatal("no homography")
			}
			rng := rand.New(rand.NewPCG(5, 9))
			var spots []spot
			want := map[int]latticePos{}
			at := map[latticePos]int{}
			for r := 0; r < 14; r++ {
				for c := 0; c < 14; c++ {
					if r == tc.blank || rng.IntN(5) >= 2 {
						continue
					}
					x, y := truth.Apply(float64(c)+0.5, float64(r)+0.5)
					w, h := cellBox(truth, latticePos{c, r})
					i := len(spots)
					spots = append(spots, spot{x: x + 0.5*rng.NormFloat64(), y: y + 0.5*rng.NormFloat64(), w: int(0.8 * w), h: int(0.8 * h), fill: 0.8})
					want[i] = latticePos{c, r}
					if r < tc.blank {
						at[latticePos{c, r}] = i
					}
				}
			}
			// Specks on the gaps between tiles.
			for k := 0; k < 10; k++ {
				x, y := truth.Apply(float64(1+rng.IntN(12)), float64(1+rng.IntN(12)))
				spots = append(spots, spot{x: x, y: y, w: 4, h: 4, fill: 0.8})
			}
			grown := growSpots(spots, at)
			far := 0
			for i, p := range want {
				if p.row > tc.blank {
					far++
				}
				if q, ok := grown[p]; !ok || q != i {
					t.Errorf("tile %d of cell %v: grown gives spot %d (present %v)", i, p, q, ok)
				}
			}
			if len(grown) != len(want) {
				t.Errorf("grown holds %d spots, want the %d tiles (%d of them beyond the blank row)", len(grown), len(want), far)
			}
		})
	}
}

// TestObliqueSteps gives the step search the spot differences of boards
// whose cells, in the picture, are not square: taller than wide, with
// sides off a right angle, as a steep tilt draws them. The steps found
// must be a basis of the true lattice (whole numbers of true steps, of
// determinant one), so that a walk along them reaches the whole board.
func TestObliqueSteps(t *testing.T) {
	cases := []struct {
		name string
		u, v [2]float64
		size float64 // the spots' size against the shorter step
		diag bool    // start the free search from the diagonals, as a square search misled by perspective does
	}{
		{"square", [2]float64{30, 4}, [2]float64{-4, 30}, 0.85, false},
		{"tall", [2]float64{21, 5.6}, [2]float64{-5, 26}, 0.85, false},
		{"sheared", [2]float64{27.4, 8.1}, [2]float64{-9.9, 28.8}, 0.85, false},
		{"wide", [2]float64{44, 6}, [2]float64{-3, 34}, 0.85, false},
		{"wide and sheared", [2]float64{52.4, 12.6}, [2]float64{-8.9, 38.5}, 0.85, false},
		// A turned tile's box is wider than the tile, and than a
		// short step: the square search finds the diagonals.
		{"turned tiles", [2]float64{19.7, 7.25}, [2]float64{-6.1, 23.1}, 1.25, false},
		{"from the diagonals", [2]float64{44.4, 4.1}, [2]float64{-5.5, 42.8}, 0.85, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 2))
			var pts [][2]float64
			for r := 0; r < 10; r++ {
				for c := 0; c < 10; c++ {
					if rng.IntN(10) >= 3 {
						continue
					}
					pts = append(pts, [2]float64{float64(c)*tc.u[0] + float64(r)*tc.v[0] + 0.7*rng.NormFloat64(), float64(c)*tc.u[1] + float64(r)*tc.v[1] + 0.7*rng.NormFloat64()})
				}
			}
			size := tc.size * min(hypot(tc.u), hypot(tc.v))
			var diffs [][2]float64
			for i, a := range pts {
				for _, b := range pts[i+1:] {
					if d := [2]float64{b[0] - a[0], b[1] - a[1]}; hypot(d) <= 4*size {
						diffs = append(diffs, d)
					}
				}
			}
			u0, ok := latticeStep(diffs, size)
			if !ok {
				t.Fatal("no step")
			}
			if tc.diag {
				u0 = [2]float64{tc.u[0] - tc.v[0], tc.u[1] - tc.v[1]}
			}
			det := tc.u[0]*tc.v[1] - tc.u[1]*tc.v[0]
			u, v := obliqueSteps(diffs, u0, 0.7*math.Abs(det))
			inTrue := func(d [2]float64) (float64, float64) {
				return (d[0]*tc.v[1] - d[1]*tc.v[0]) / det, (tc.u[0]*d[1] - tc.u[1]*d[0]) / det
			}
			ua, ub := inTrue(u)
			va, vb := inTrue(v)
			for _, x := range []float64{ua, ub, va, vb} {
				if d := x - roundHalf(x); d > 0.08 || d < -0.08 {
					t.Fatalf("steps %v %v are (%.2f, %.2f) and (%.2f, %.2f) true steps, not whole", u, v, ua, ub, va, vb)
				}
			}
			if d := roundHalf(ua)*roundHalf(vb) - roundHalf(ub)*roundHalf(va); d != 1 && d != -1 {
				t.Errorf("steps %v %v span a coarser lattice (determinant %.0f)", u, v, d)
			}
		})
	}
}

func hypot(d [2]float64) float64 { return math.Hypot(d[0], d[1]) }

func roundHalf(x float64) float64 { return math.Round(x) }

// TestTileShade paints a board view of blank tiles on gaps and asks by
// which shade tileExtent should tell them apart: grey where the tiles are
// darker or lighter than the gaps, a colour channel where tiles and gaps
// are about as bright but of different hue, and grey again where that
// channel is clipped by glare.
func TestTileShade(t *testing.T) {
	type bgr [3]uint8
	cases := []struct {
		name      string
		tile, gap bgr
		colour    bool // a channel, not grey
	}{
		{"darker tiles", bgr{200, 200, 200}, bgr{240, 240, 240}, false},
		{"hue only", bgr{200, 170, 186}, bgr{170, 196, 192}, true},
		{"hue only, glare", bgr{252, 220, 230}, bgr{246, 221, 231}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			const cells = 8
			w := cells * boardPx
			v := boardView{c0: 0, r0: 0, cols: cells, rows: cells, p: raster.BGRPlane{W: w, H: w, Pix: make([]uint8, 3*w*w)}, inImage: make([]bool, w*w)}
			for y := 0; y < w; y++ {
				for x := 0; x < w; x++ {
					c := tc.tile
					// The gap is the outer two pixels of every cell.
					if dx, dy := x%boardPx, y%boardPx; dx < 2 || dy < 2 || dx >= boardPx-2 || dy >= boardPx-2 {
						c = tc.gap
					}
					i := y*w + x
					copy(v.p.Pix[3*i:], c[:])
					v.inImage[i] = true
				}
			}
			l := spotLattice{at: map[latticePos]int{{2, 2}: 0, {5, 5}: 1}}
			l.span = &[4]int{1, 1, 6, 6}
			got := tileShade(v, l)
			if (got != 0) != tc.colour {
				t.Errorf("shade %d, want a colour channel: %v", got, tc.colour)
			}
		})
	}
}

// TestObliqueStepsKeepsSparseCell checks that a sparse tile board whose
// coloured tiles stand mostly on one colour of a checkerboard keeps its
// own cell: the lattice of its diagonals explains most of the differences
// between the tiles too, but each of its cells would leave most of itself
// around its tile.
func TestObliqueStepsKeepsSparseCell(t *testing.T) {
	const pitch = 42.0
	for _, tc := range []struct {
		name string
		odd  int // tiles off the main checkerboard colour
	}{{"checker", 0}, {"one-odd", 1}, {"two-odd", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			var pts [][2]float64
			odd := 0
			for r := 0; r < 10; r++ {
				for c := 0; c < 10; c++ {
					// A sparse board: every third cell of one colour,
					// and a few of the other.
					even := (r+c)%2 == 0
					if even && (r*7+c*3)%3 == 0 || !even && (r*5+c)%17 == 0 && odd < tc.odd {
						if !even {
							odd++
						}
						pts = append(pts, [2]float64{pitch * float64(c), pitch * float64(r)})
					}
				}
			}
			var diffs [][2]float64
			for i, a := range pts {
				for _, b := range pts[i+1:] {
					if d := math.Hypot(b[0]-a[0], b[1]-a[1]); d <= 4*0.9*pitch {
						diffs = append(diffs, [2]float64{b[0] - a[0], b[1] - a[1]})
					}
				}
			}
			tileArea := 0.65 * pitch * pitch
			u, v := obliqueSteps(diffs, [2]float64{pitch, 0}, tileArea)
			area := math.Abs(u[0]*v[1] - u[1]*v[0])
			if area > 1.3*pitch*pitch || area < 0.7*pitch*pitch {
				t.Errorf("steps %v %v: cell area %.0f, want about %.0f", u, v, area, pitch*pitch)
			}
		})
	}
}
