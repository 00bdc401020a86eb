package synth

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"strings"
	"testing"

	"binocle/solver"
)

// handSpec builds a spec without the shared datasets.
func handSpec(kind Kind, style string, look Look, rows, cols int) Spec {
	cells := make([]string, rows)
	for r := range cells {
		row := make([]byte, cols)
		for c := range row {
			row[c] = ".01"[(r*7+c*3)%3]
			if style == StyleXOI && (r+c)%4 == 0 {
				row[c] = '2'
			}
		}
		cells[r] = string(row)
	}
	s := Spec{Name: "hand-" + style, Seed: uint64(rows*100 + cols), Kind: kind, Style: style, Look: look,
		Rows: rows, Cols: cols, Cells: cells, Givens: cells, Width: 900, Height: 1000, Orientation: 1}
	if kind == KindPhoto {
		s.Width, s.Height, s.Fill, s.Tilt, s.Rotate = 1600, 1200, 0.6, 20, 8
	}
	if style == StyleTango {
		s.Edges = []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Equal}, {R1: 1, C1: 1, R2: 2, C2: 1, Rel: solver.Differ}}
	}
	return s
}

func lookFor(style string) Look {
	if style == StyleTango || style == StyleTiles {
		return LookApp
	}
	return LookPrint
}

func TestRenderIsDeterministic(t *testing.T) {
	for _, kind := range []Kind{KindClean, KindPhoto} {
		spec := handSpec(kind, StyleDigits, LookPrint, 8, 8)
		a, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Data, b.Data) || a.Truth.Corners != b.Truth.Corners {
			t.Errorf("%s: two renders of one spec differ", kind)
		}
	}
}

// In a clean print-look screenshot the truth corners, and the midpoints
// between them, sit on the dark outer border.
func TestCleanCornersOnBorder(t *testing.T) {
	for _, style := range Styles {
		spec := handSpec(KindClean, style, lookFor(style), 7, 9)
		s, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(s.Data))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != s.Truth.Width || img.Bounds().Dy() != s.Truth.Height {
			t.Errorf("%s: image %v, truth says %dx%d", style, img.Bounds(), s.Truth.Width, s.Truth.Height)
		}
		if style == StyleTiles {
			continue // no border: checked by TestTilesFillCellArea
		}
		for i, c := range s.Truth.Corners {
			// Tango's frame has rounded corners, so only its sides are checked.
			next := s.Truth.Corners[(i+1)%4]
			points := [][2]float64{{(c[0] + next[0]) / 2, (c[1] + next[1]) / 2}}
			if style != StyleTango {
				points = append(points, c)
			}
			for _, p := range points {
				if v := lum(img, int(p[0]), int(p[1])); v > 110 {
					t.Errorf("%s: border point %v has luminance %.0f, want the border's dark ink", style, p, v)
				}
			}
		}
	}
}

func TestTilesFillCellArea(t *testing.T) {
	spec := handSpec(KindClean, StyleTiles, LookApp, 6, 6)
	s, err := Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	img, _ := png.Decode(bytes.NewReader(s.Data))
	tl, br := s.Truth.Corners[0], s.Truth.Corners[2]
	cs := (br[0] - tl[0]) / 6
	bg := lum(img, int(tl[0])-3, int(tl[1])-3)
	// The first tile starts within a few pixels inside the corner and ends a
	// gap before the second cell begins.
	inside := lum(img, int(tl[0]+0.3*cs), int(tl[1]+0.3*cs))
	if math.Abs(inside-bg) < 8 {
		t.Errorf("no tile inside the top-left corner (tile %.0f, background %.0f)", inside, bg)
	}
	gap := lum(img, int(tl[0]+cs), int(tl[1]+0.5*cs))
	if math.Abs(gap-bg) > 8 {
		t.Errorf("no gap between the first two tiles at x=%.0f (gap %.0f, background %.0f)", tl[0]+cs, gap, bg)
	}
}

// In a photo the border corners stay the darkest thing nearby, whatever the
// warp, light and noise did.
func TestPhotoCornersOnBorder(t *testing.T) {
	for _, bend := range []float64{0, 0.3} {
		spec := handSpec(KindPhoto, StyleSquareCircle, LookPrint, 8, 8)
		spec.Bend = bend
		s, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		img, err := jpeg.Decode(bytes.NewReader(s.Data))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range s.Truth.Corners {
			near := darkest(img, int(c[0]), int(c[1]), 2)
			around := brightest(img, int(c[0]), int(c[1]), 25)
			if near > 0.6*around {
				t.Errorf("bend %.1f: corner %d at (%.1f, %.1f): darkest nearby %.0f vs paper %.0f, not on the border", bend, i, c[0], c[1], near, around)
			}
		}
	}
}

func TestExifOrientation(t *testing.T) {
	spec := handSpec(KindPhoto, StyleDigits, LookPrint, 6, 6)
	spec.Orientation = 6
	s, err := Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(s.Data))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != spec.Height || cfg.Height != spec.Width {
		t.Errorf("stored %dx%d, want the %dx%d display size turned a quarter", cfg.Width, cfg.Height, spec.Width, spec.Height)
	}
	at := bytes.Index(s.Data, []byte("Exif\x00\x00MM\x00\x2a"))
	if at < 0 || at > 64 {
		t.Fatalf("no Exif segment near the start (at %d)", at)
	}
	entry := s.Data[at+6+10:]
	if entry[0] != 0x01 || entry[1] != 0x12 || entry[9] != 6 {
		t.Errorf("orientation entry % x, want tag 0112 value 6", entry[:12])
	}
	if s.Truth.Width != spec.Width || s.Truth.Height != spec.Height {
		t.Errorf("truth size %dx%d, want the displayed %dx%d", s.Truth.Width, s.Truth.Height, spec.Width, spec.Height)
	}
}

func TestRenderRefusesBadSpecs(t *testing.T) {
	good := handSpec(KindClean, StyleDigits, LookPrint, 6, 6)
	cases := []struct {
		name string
		edit func(*Spec)
		want string
	}{
		{"too small", func(s *Spec) { s.Rows = 1 }, "size"},
		{"ragged row", func(s *Spec) { s.Cells = append([]string{"01"}, s.Cells[1:]...) }, "row 0"},
		{"huge image", func(s *Spec) { s.Width, s.Height = 10000, 10000 }, "image size"},
		{"no kind", func(s *Spec) { s.Kind = "" }, "kind"},
		{"cells too small for the screenshot", func(s *Spec) {
			s.Rows, s.Cols, s.Width, s.Height = 64, 64, 300, 300
			s.Cells, s.Givens = handSpec(KindClean, StyleDigits, LookPrint, 64, 64).Cells, handSpec(KindClean, StyleDigits, LookPrint, 64, 64).Cells
		}, "per cell"},
	}
	for _, tc := range cases {
		s := good
		tc.edit(&s)
		_, err := Render(s)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

func TestNoGridRenders(t *testing.T) {
	data, err := NoGrid(3, 800, 600)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width != 800 || cfg.Height != 600 {
		t.Errorf("NoGrid gave %v %+v, want an 800x600 JPEG", err, cfg)
	}
}

func lum(img image.Image, x, y int) float64 {
	r, g, b, _ := img.At(x, y).RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}

func darkest(img image.Image, x, y, rad int) float64 {
	v := 255.0
	for dy := -rad; dy <= rad; dy++ {
		for dx := -rad; dx <= rad; dx++ {
			v = math.Min(v, lum(img, x+dx, y+dy))
		}
	}
	return v
}

func brightest(img image.Image, x, y, rad int) float64 {
	v := 0.0
	for dy := -rad; dy <= rad; dy += 2 {
		for dx := -rad; dx <= rad; dx += 2 {
			v = math.Max(v, lum(img, x+dx, y+dy))
		}
	}
	return v
}
