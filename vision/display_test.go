package vision

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/solver"
	"binocle/vision/exif"
	"binocle/vision/internal/cellread"
)

// markedPhoto returns a white width x height BGR image whose top-left
// quarter is red, so that a test can tell where the stored top-left went.
func markedPhoto(width, height int) gocv.Mat {
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), height, width, gocv.MatTypeCV8UC3)
	gocv.Rectangle(&img, image.Rect(0, 0, width/2, height/2), color.RGBA{R: 220, A: 255}, -1)
	return img
}

// encoded returns img in the given format (gocv.JPEGFileExt, PNGFileExt).
func encoded(t testing.TB, img gocv.Mat, ext gocv.FileExt) []byte {
	t.Helper()
	buf, err := gocv.IMEncode(ext, img)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...)
}

// withOrientation tags a real JPEG with an EXIF orientation.
func withOrientation(jpeg []byte, orientation uint16) []byte {
	out, err := exif.WithOrientation(jpeg, int(orientation))
	if err != nil {
		panic(err)
	}
	return out
}

func isRed(c color.RGBA) bool   { return c.R > 170 && c.G < 80 && c.B < 80 }
func isWhite(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B > 200 }

func bgrAt(m gocv.Mat, x, y int) color.RGBA {
	v := m.GetVecbAt(y, x)
	return color.RGBA{R: v[2], G: v[1], B: v[0], A: 255}
}

func TestLoadBytesFit(t *testing.T) {
	photo := markedPhoto(4000, 3000)
	defer photo.Close()
	jpeg := encoded(t, photo, gocv.JPEGFileExt)
	small := markedPhoto(400, 300)
	defer small.Close()
	png := encoded(t, small, gocv.PNGFileExt)
	for _, tc := range []struct {
		name          string
		data          []byte
		maxSide       int
		width, height int
		scale         float64
		redCorner     image.Point // a point near the corner that must be red, in output pixels
	}{
		{"jpeg reduced then resized", jpeg, 1600, 1600, 1200, 0.4, image.Pt(5, 5)},
		{"jpeg reduced by 8 exactly", jpeg, 500, 500, 375, 0.125, image.Pt(5, 5)},
		{"jpeg odd bound", jpeg, 999, 999, 749, 999.0 / 4000, image.Pt(5, 5)},
		{"jpeg within bound", jpeg, 4000, 4000, 3000, 1, image.Pt(5, 5)},
		{"jpeg rotated 90 clockwise", withOrientation(jpeg, 6), 1600, 1200, 1600, 0.4, image.Pt(1194, 5)},
		{"jpeg upside down", withOrientation(jpeg, 3), 1600, 1600, 1200, 0.4, image.Pt(1594, 1194)},
		{"jpeg transposed", withOrientation(jpeg, 5), 800, 600, 800, 0.2, image.Pt(5, 5)},
		{"png resized", png, 200, 200, 150, 0.5, image.Pt(2, 2)},
		{"png smaller than bound", png, 1000, 400, 300, 1, image.Pt(2, 2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, scale, err := LoadBytesFit(tc.data, tc.maxSide)
			if err != nil {
				t.Fatal(err)
			}
			defer img.Close()
			if img.Cols() != tc.width || img.Rows() != tc.height {
				t.Fatalf("got %dx%d, want %dx%d", img.Cols(), img.Rows(), tc.width, tc.height)
			}
			if math.Abs(scale-tc.scale) > 1e-9 {
				t.Errorf("scale %v, want %v", scale, tc.scale)
			}
			if c := bgrAt(img, tc.redCorner.X, tc.redCorner.Y); !isRed(c) {
				t.Errorf("pixel %v is %v, want the red corner there", tc.redCorner, c)
			}
			// The diagonally opposite corner is always white.
			opposite := image.Pt(img.Cols()-1-tc.redCorner.X, img.Rows()-1-tc.redCorner.Y)
			if c := bgrAt(img, opposite.X, opposite.Y); !isWhite(c) {
				t.Errorf("pixel %v is %v, want white", opposite, c)
			}
		})
	}
}

// TestLoadFitErrors checks that bad input is refused with a message naming
// the file and that no Mat is left to close.
func TestLoadFitErrors(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("these are not pixels"), 0o644); err != nil {
		t.Fatal(err)
	}
	photo := markedPhoto(64, 48)
	defer photo.Close()
	jpeg := encoded(t, photo, gocv.JPEGFileExt)
	cut := filepath.Join(dir, "cut.jpg")
	if err := os.WriteFile(cut, jpeg[:len(jpeg)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.jpg")
	if err := os.WriteFile(good, jpeg, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		path    string
		maxSide int
		want    []string
	}{
		{"text file", text, 100, []string{text, "not a readable image"}},
		{"truncated jpeg", cut, 100, []string{cut, "truncated"}},
		{"missing file", filepath.Join(dir, "gone.png"), 100, []string{"gone.png"}},
		{"zero bound", good, 0, []string{good, "at least 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, scale, err := LoadFileFit(tc.path, tc.maxSide)
			if err == nil {
				img.Close()
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if img.Ptr() != nil || scale != 0 {
				t.Errorf("on error got a live Mat or scale %v; want the zero Mat and 0", scale)
			}
			img.Close() // documented as harmless
		})
	}
	if _, _, err := LoadBytesFit(nil, 100); err == nil {
		t.Error("empty data accepted")
	}
}

// readingFor is a reading of a rows x cols grid whose outline is the given
// quadrilateral, with no givens: what Read would return for it.
func readingFor(t testing.TB, rows, cols int, corners [4][2]float64, style cellread.Style, width, height int) *Reading {
	t.Helper()
	gx, gy := float64(cols*CellPx), float64(rows*CellPx)
	h, ok := geom.FromQuads([4][2]float64{{0, 0}, {gx, 0}, {gx, gy}, {0, gy}}, corners)
	if !ok {
		t.Fatal("degenerate quadrilateral")
	}
	r := &Reading{Rows: rows, Cols: cols, Corners: corners, Homography: h, Style: style, ImageWidth: width, ImageHeight: height}
	r.Cells = make([]solver.Cell, rows*cols)
	r.Confidence = make([]float64, rows*cols)
	for i := range r.Cells {
		r.Cells[i] = solver.Empty
		r.Confidence[i] = 1
	}
	return r
}

// alternating is a filled grid of ones and zeros in a checkerboard.
func alternating(rows, cols int) []solver.Cell {
	out := make([]solver.Cell, rows*cols)
	for i := range out {
		out[i] = solver.Cell((i/cols + i%cols) % 2)
	}
	return out
}

func TestScaledGeometry(t *testing.T) {
	r := readingFor(t, 6, 8, [4][2]float64{{410, 300}, {3500, 380}, {3350, 2700}, {520, 2600}}, cellread.StyleXO, 4000, 3000)
	r.Edges = []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Equal}}
	for _, f := range []float64{0.4, 0.125, 1, 2.5} {
		s := r.Scaled(f)
		for _, p := range [][2]float64{{0, 0}, {100, 37}, {8 * CellPx, 6 * CellPx}, {55.5, 170}} {
			x, y := geom.Homography(r.Homography).Apply(p[0], p[1])
			sx, sy := geom.Homography(s.Homography).Apply(p[0], p[1])
			if math.Abs(sx-f*x) > 1e-6 || math.Abs(sy-f*y) > 1e-6 {
				t.Errorf("f=%v: grid point %v maps to (%.3f,%.3f), want (%.3f,%.3f)", f, p, sx, sy, f*x, f*y)
			}
		}
		for i := range r.Corners {
			if s.Corners[i] != [2]float64{f * r.Corners[i][0], f * r.Corners[i][1]} {
				t.Errorf("f=%v: corner %d is %v", f, i, s.Corners[i])
			}
		}
		if s.ImageWidth != int(math.Round(4000*f)) || s.ImageHeight != int(math.Round(3000*f)) {
			t.Errorf("f=%v: image size %dx%d", f, s.ImageWidth, s.ImageHeight)
		}
		if math.Abs(s.cellSizeInImage()-f*r.cellSizeInImage()) > 1e-6 {
			t.Errorf("f=%v: cell size %.3f, want %.3f", f, s.cellSizeInImage(), f*r.cellSizeInImage())
		}
	}
	s := r.Scaled(0.5)
	s.Cells[0], s.Confidence[0], s.Edges[0].Rel = solver.One, 0, solver.Differ
	if r.Cells[0] != solver.Empty || r.Confidence[0] != 1 || r.Edges[0].Rel != solver.Equal {
		t.Error("the scaled copy shares slices with the original")
	}
	for _, bad := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if r.Scaled(bad) != nil {
			t.Errorf("Scaled(%v) returned a reading", bad)
		}
	}
	var none *Reading
	if none.Scaled(0.5) != nil {
		t.Error("nil reading scaled to a reading")
	}
}

// TestScaledOverlay checks that the overlay drawn on the reduced image
// puts each solved cell's mark where the full-size overlay, shrunk, has it.
func TestScaledOverlay(t *testing.T) {
	const width, height, rows, cols = 4000, 3000, 6, 6
	photo := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), height, width, gocv.MatTypeCV8UC3)
	defer photo.Close()
	corners := [4][2]float64{{600, 250}, {3400, 420}, {3250, 2800}, {700, 2650}}
	solution := alternating(rows, cols)
	for _, tc := range []struct {
		style cellread.Style
		f     float64
	}{
		{cellread.StyleSquareCircle, 0.4},
		{cellread.StyleXO, 0.25},
		{cellread.StyleTango, 0.4},
	} {
		t.Run(string(tc.style), func(t *testing.T) {
			r := readingFor(t, rows, cols, corners, tc.style, width, height)
			r.Cells[0] = solver.One // a given: neither overlay may draw it
			full, err := DrawOverlay(photo, r, solution)
			if err != nil {
				t.Fatal(err)
			}
			defer full.Close()
			reducedPhoto := gocv.NewMat()
			defer reducedPhoto.Close()
			size := image.Pt(int(math.Round(width*tc.f)), int(math.Round(height*tc.f)))
			gocv.Resize(photo, &reducedPhoto, size, 0, 0, gocv.InterpolationArea)
			fullShrunk := gocv.NewMat()
			defer fullShrunk.Close()
			gocv.Resize(full, &fullShrunk, size, 0, 0, gocv.InterpolationArea)
			reduced, err := DrawOverlay(reducedPhoto, r.Scaled(tc.f), solution)
			if err != nil {
				t.Fatal(err)
			}
			defer reduced.Close()

			s := r.Scaled(tc.f)
			compared, marked := 0, 0
			// Points inside and on the edges of each style's symbols.
			samples := [][2]float64{{0.5, 0.5}, {0.8, 0.5}, {0.5, 0.2}, {0.35, 0.35}}
			for _, at := range samples {
				for i := range solution {
					x, y := geom.Homography(s.Homography).Apply((float64(i%cols)+at[0])*CellPx, (float64(i/cols)+at[1])*CellPx)
					px, py := int(x), int(y)
					want, got := bgrAt(fullShrunk, px, py), bgrAt(reduced, px, py)
					if i == 0 && !isWhite(got) {
						t.Errorf("the given cell 0 was drawn over: %v", got)
					}
					// Where the shrunk full overlay averaged a symbol's
					// edge with the paper, a reduced drawing's hard edge
					// may fall a pixel either way: compare only clear pixels.
					if !isWhite(want) && colourDistance(want, overlayMark) > 40 {
						continue
					}
					compared++
					if !isWhite(want) {
						marked++
					}
					if colourDistance(want, got) > 60 {
						t.Errorf("cell %d at %v: reduced overlay %v, full overlay shrunk %v", i, at, got, want)
					}
				}
			}
			if total := len(samples) * rows * cols; compared < total*3/4 || marked < total/4 {
				t.Errorf("compared %d of %d sampled points, %d of them marked: too few to tell", compared, total, marked)
			}
		})
	}
}

// overlayMark is the colour of a solved symbol on white paper.
var overlayMark = color.RGBA{
	R: uint8(math.Round(overlayOpacity*float64(solvedColour.R) + (1-overlayOpacity)*255)),
	G: uint8(math.Round(overlayOpacity*float64(solvedColour.G) + (1-overlayOpacity)*255)),
	B: uint8(math.Round(overlayOpacity*float64(solvedColour.B) + (1-overlayOpacity)*255)),
	A: 255,
}

func colourDistance(a, b color.RGBA) int {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return max(d(a.R, b.R), d(a.G, b.G), d(a.B, b.B))
}

// colourful returns a rows x cols Mat of the given type whose every byte
// differs from its neighbours', so that a swapped channel or a shifted row
// cannot pass unnoticed.
func colourful(rows, cols int, mt gocv.MatType, channels int) gocv.Mat {
	data := make([]byte, rows*cols*channels)
	for i := range data {
		data[i] = byte(i*37 + i/channels*11)
	}
	m, err := gocv.NewMatFromBytes(rows, cols, mt, data)
	if err != nil {
		panic(err)
	}
	defer m.Close()
	return m.Clone() // own the pixels, not the Go slice
}

func TestToRGBA(t *testing.T) {
	big := colourful(40, 50, gocv.MatTypeCV8UC3, 3)
	defer big.Close()
	region := big.Region(image.Rect(7, 5, 31, 22)) // not continuous
	defer region.Close()
	for _, tc := range []struct {
		name string
		mat  gocv.Mat
	}{
		{"gray", colourful(9, 13, gocv.MatTypeCV8UC1, 1)},
		{"bgr", colourful(9, 13, gocv.MatTypeCV8UC3, 3)},
		{"bgra", colourful(9, 13, gocv.MatTypeCV8UC4, 4)},
		{"one pixel", colourful(1, 1, gocv.MatTypeCV8UC3, 3)},
		{"bgr region", region.Clone()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer tc.mat.Close()
			want, err := ToImage(tc.mat)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ToRGBA(tc.mat)
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
			}
			for y := 0; y < tc.mat.Rows(); y++ {
				for x := 0; x < tc.mat.Cols(); x++ {
					w := color.RGBAModel.Convert(want.At(x, y)).(color.RGBA)
					if g := got.RGBAAt(x, y); g != w {
						t.Fatalf("pixel (%d,%d) is %v, ToImage says %v", x, y, g, w)
					}
				}
			}
		})
	}
	// A crop straight from a bigger image, without the clone.
	got, err := ToRGBA(region)
	if err != nil {
		t.Fatal(err)
	}
	v := big.GetVecbAt(5, 7)
	if c := got.RGBAAt(0, 0); c != (color.RGBA{R: v[2], G: v[1], B: v[0], A: 255}) {
		t.Errorf("region's first pixel %v, want BGR %v", c, v)
	}
}

func TestToRGBARefuses(t *testing.T) {
	empty := gocv.NewMat()
	defer empty.Close()
	float := gocv.NewMatWithSize(4, 4, gocv.MatTypeCV32FC3)
	defer float.Close()
	twoChannel := gocv.NewMatWithSize(4, 4, gocv.MatTypeCV8UC2)
	defer twoChannel.Close()
	for name, m := range map[string]gocv.Mat{"empty": empty, "float": float, "two channels": twoChannel} {
		if img, err := ToRGBA(m); err == nil || img != nil {
			t.Errorf("%s: got an image and error %v", name, err)
		}
	}
}

// photoBytes12MP is the tilted newspaper fixture stretched to a 4000x3000
// JPEG with the reading its known outline gives, for the display path's
// benchmarks; the reading does not depend on the reader's accuracy.
func photoBytes12MP(b *testing.B) ([]byte, *Reading) {
	b.Helper()
	f := fixtures[1]
	img, corners := f.render()
	sx, sy := 4000/float64(img.Cols()), 3000/float64(img.Rows())
	img.Close()
	for i := range corners {
		corners[i][0] *= sx
		corners[i][1] *= sy
	}
	data, err := os.ReadFile(benchJPEG(b, f, 4000, 3000))
	if err != nil {
		b.Fatal(err)
	}
	rows, cols := len(f.givens), len(f.givens[0])
	r := readingFor(b, rows, cols, corners, f.style, 4000, 3000)
	for i := range r.Cells {
		r.Cells[i], _ = solver.CellFromChar(f.givens[i/cols][i%cols])
	}
	return data, r
}

func BenchmarkLoadBytesFit12MP(b *testing.B) {
	data, _ := photoBytes12MP(b)
	b.Run("fit1600", func(b *testing.B) {
		for b.Loop() {
			m, _, err := LoadBytesFit(data, 1600)
			if err != nil {
				b.Fatal(err)
			}
			m.Close()
		}
	})
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			m, err := LoadBytes(data)
			if err != nil {
				b.Fatal(err)
			}
			m.Close()
		}
	})
}

func BenchmarkToRGBA12MP(b *testing.B) {
	data, _ := photoBytes12MP(b)
	img, err := LoadBytes(data)
	if err != nil {
		b.Fatal(err)
	}
	defer img.Close()
	b.Run("ToRGBA", func(b *testing.B) {
		for b.Loop() {
			if _, err := ToRGBA(img); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ToImage", func(b *testing.B) {
		for b.Loop() {
			if _, err := ToImage(img); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDisplayPath12MP times what the screen needs once the reading is
// known (the read runs beside it on the full image): decode to the screen's
// size, move the reading onto it, draw the answer and hand over an image;
// and the same done at full size for comparison.
func BenchmarkDisplayPath12MP(b *testing.B) {
	data, r := photoBytes12MP(b)
	solution := alternating(r.Rows, r.Cols)
	b.Run("fit1600", func(b *testing.B) {
		for b.Loop() {
			img, scale, err := LoadBytesFit(data, 1600)
			if err != nil {
				b.Fatal(err)
			}
			overlay, err := DrawOverlay(img, r.Scaled(scale), solution)
			img.Close()
			if err != nil {
				b.Fatal(err)
			}
			_, err = ToRGBA(overlay)
			overlay.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			img, err := LoadBytes(data)
			if err != nil {
				b.Fatal(err)
			}
			overlay, err := DrawOverlay(img, r, solution)
			img.Close()
			if err != nil {
				b.Fatal(err)
			}
			_, err = ToImage(overlay)
			overlay.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
