package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"binocle/geom"
	"binocle/solver"
	"binocle/vision/exif"

	"gocv.io/x/gocv"
)

// Render draws one spec. It is deterministic: the same spec gives the same
// bytes.
func Render(spec Spec) (Sample, error) {
	if err := spec.check(); err != nil {
		return Sample{}, err
	}
	rng := rand.New(rand.NewPCG(spec.Seed, 0x5e17))
	if spec.Kind == KindPhoto {
		return renderPhoto(&spec, rng, true)
	}
	return renderClean(&spec, rng)
}

func (s *Spec) check() error {
	if s.Rows < solver.MinSize || s.Cols < solver.MinSize || s.Rows > solver.MaxSize || s.Cols > solver.MaxSize {
		return fmt.Errorf("synth: %s: size %dx%d outside %d..%d", s.Name, s.Rows, s.Cols, solver.MinSize, solver.MaxSize)
	}
	if len(s.Cells) != s.Rows || len(s.Givens) != s.Rows {
		return fmt.Errorf("synth: %s: %d cell rows and %d given rows, want %d", s.Name, len(s.Cells), len(s.Givens), s.Rows)
	}
	for r := range s.Cells {
		if len(s.Cells[r]) != s.Cols || len(s.Givens[r]) != s.Cols {
			return fmt.Errorf("synth: %s: row %d is not %d cells wide", s.Name, r, s.Cols)
		}
	}
	if s.Width < 64 || s.Height < 64 || s.Width*s.Height > 40_000_000 {
		return fmt.Errorf("synth: %s: image size %dx%d out of range", s.Name, s.Width, s.Height)
	}
	if s.Kind != KindClean && s.Kind != KindPhoto {
		return fmt.Errorf("synth: %s: unknown kind %q", s.Name, s.Kind)
	}
	if s.Marks == nil {
		return nil
	}
	if len(s.Marks) != s.Rows {
		return fmt.Errorf("synth: %s: %d mark rows, want %d", s.Name, len(s.Marks), s.Rows)
	}
	for r, row := range s.Marks {
		if len(row) != s.Cols {
			return fmt.Errorf("synth: %s: mark row %d is not %d cells wide", s.Name, r, s.Cols)
		}
		for c := 0; c < len(row); c++ {
			if row[c] != '.' && s.Cells[r][c] != '.' {
				return fmt.Errorf("synth: %s: a mark on the printed cell (%d, %d)", s.Name, r, c)
			}
		}
	}
	return nil
}

// visible is what the picture shows in each cell: the printed cells with
// the player's marks over the empty ones.
func (s *Spec) visible() []string {
	if s.Marks == nil {
		return s.Cells
	}
	out := make([]string, s.Rows)
	for r := range out {
		row := []byte(s.Cells[r])
		for c := range row {
			if s.Marks[r][c] != '.' {
				row[c] = s.Marks[r][c]
			}
		}
		out[r] = string(row)
	}
	return out
}

// printedGivens are the cells a reader should call givens. Where the look
// shades the givens (Tango, ShadeGivens), a solved board's other pieces are
// the player's; elsewhere every printed glyph is a given.
func (s *Spec) printedGivens() []string {
	if s.Style != StyleTango && !s.ShadeGivens {
		return s.Cells
	}
	out := make([]string, s.Rows)
	for r := range out {
		row := []byte(s.Cells[r])
		for c := range row {
			if s.Givens[r][c] == '.' {
				row[c] = '.'
			}
		}
		out[r] = string(row)
	}
	return out
}

func (s *Spec) truth() Truth {
	edges := s.Edges
	if edges == nil {
		edges = []solver.Edge{}
	}
	return Truth{Name: s.Name, Kind: s.Kind, Style: s.Style, Look: s.Look, Source: s.Source,
		Rows: s.Rows, Cols: s.Cols, Cells: s.visible(), Givens: s.printedGivens(), Edges: edges,
		Width: s.Width, Height: s.Height, Tilt: s.Tilt, Rotate: s.Rotate, Bend: s.Bend, Orientation: s.Orientation}
}

// appTitles label the fake title bar, only for looks.
var appTitles = []string{"Takuzu", "Binairo", "Tango", "0h h1", "Binary Puzzle", "Troix", "Daily puzzle"}

func renderClean(spec *Spec, rng *rand.Rand) (Sample, error) {
	W, H := spec.Width, spec.Height
	page := color.RGBA{255, 255, 255, 255}
	switch {
	case spec.Style == StyleTango && spec.Dark:
		page = color.RGBA{27, 31, 35, 255}
	case spec.Style == StyleTango:
		page = color.RGBA{243, 242, 239, 255}
	case spec.Style == StyleTiles && rng.IntN(2) == 0:
		page = grey(uint8(28 + rng.IntN(12)))
	case rng.IntN(3) == 0:
		page = grey(uint8(236 + rng.IntN(18)))
	}
	page = spec.pageColour(page)
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(page.B), float64(page.G), float64(page.R), 0), H, W, gocv.MatTypeCV8UC3)
	defer m.Close()

	ink := grey(40)
	if page.R < 128 {
		ink = grey(220)
	}
	var lay chromeLayout
	if spec.Chrome == "" {
		lay = tunedChrome(&m, spec, rng)
	} else {
		lay = drawChrome(&m, spec, rng, page, ink)
	}
	rows, cols := float64(spec.Rows), float64(spec.Cols)
	if spec.Counters {
		rows, cols = rows+2*counterStrip, cols+2*counterStrip
	}
	cs := int(math.Min(float64(lay.board.Dx())/cols, float64(lay.board.Dy())/rows) * lay.fill)
	if cs > 160 {
		cs = 160
	}
	if cs < 8 {
		return Sample{}, fmt.Errorf("synth: %s: %dx%d px leaves %d px per cell", spec.Name, W, H, cs)
	}
	b := newBoard(spec, rng, cs, page)
	bw, bh := b.size()
	b.ox = lay.board.Min.X + (lay.board.Dx()-bw)/2
	b.oy = lay.board.Min.Y + (lay.board.Dy()-bh)/2
	if spec.Style == StyleTango {
		card := b.outer().Inset(-cs / 3)
		cardCol := color.RGBA{255, 255, 255, 255}
		switch {
		case spec.Card.A != 0:
			cardCol = spec.Card
		case spec.Dark:
			cardCol = b.cell
		}
		rgbaRoundRect{card, cs / 4}.fill(&m, cardCol)
		b.background = cardCol
	}
	if !lay.text.Empty() {
		// A web page: text beside and below the puzzle where there is room.
		tb := &textBlock{rng: rng, ink: ink, lineH: max(10, min(22, cs*2/3)), keepOut: []image.Rectangle{b.outer().Inset(-cs / 2)}}
		tb.fill(&m, lay.text)
	}
	b.draw(&m)

	buf, err := gocv.IMEncode(gocv.PNGFileExt, m)
	if err != nil {
		return Sample{}, fmt.Errorf("synth: %s: %v", spec.Name, err)
	}
	defer buf.Close()
	t := spec.truth()
	t.Corners = b.corners()
	return Sample{Truth: t, Data: append([]byte(nil), buf.GetBytes()...), Ext: ".png"}, nil
}

// tunedChrome is the tuned look's title bar, and sometimes a row of
// buttons, above and below a board that takes 70 to 100 % of the rest.
func tunedChrome(m *gocv.Mat, spec *Spec, rng *rand.Rand) chromeLayout {
	W, H := spec.Width, spec.Height
	barH := int(float64(H) * (0.04 + 0.05*rng.Float64()))
	bar := color.RGBA{uint8(rng.IntN(90)), uint8(60 + rng.IntN(120)), uint8(100 + rng.IntN(150)), 255}
	gocv.Rectangle(m, image.Rect(0, 0, W, barH), bar, -1)
	putCentred(m, appTitles[rng.IntN(len(appTitles))], image.Pt(W/2, barH/2), float64(barH)*0.45, gocv.FontHersheyDuplex, max(1, barH/20), grey(250))
	btnH := 0
	if rng.IntN(2) == 0 {
		btnH = int(float64(H) * 0.08)
		for i, label := range []string{"Undo", "Hint", "Clear"} {
			r := image.Rect(W*(1+4*i)/13, H-btnH*9/10, W*(4+4*i)/13, H-btnH*2/10)
			rgbaRoundRect{r, btnH / 5}.fill(m, bar)
			putCentred(m, label, image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2), float64(r.Dy())*0.4, gocv.FontHersheySimplex, 1, grey(250))
		}
	}
	margin := max(8, W/40)
	lay := chromeLayout{board: image.Rect(margin, barH+margin, W-margin, H-btnH-margin), fill: 0.7 + 0.3*rng.Float64()}
	if spec.Look == LookLight || spec.Look == LookPartial {
		lay.text = lay.board
	}
	return lay
}

// homography is geom's projective map, shared with the reader and the app.
type homography = geom.Homography

// camera models a phone looking at the page: the page is rotated in its own
// plane, tilted about a random axis, and seen through a pinhole with a
// phone-like field of view. The result is then zoomed and shifted so the grid
// fills spec.Fill of the frame and lies wholly inside it.
func camera(spec *Spec, rng *rand.Rand, gw, gh float64) homography {
	W, H := float64(spec.Width), float64(spec.Height)
	theta := spec.Rotate * math.Pi / 180
	alpha := spec.Tilt * math.Pi / 180
	phi := rng.Float64() * 2 * math.Pi
	ax, ay := math.Cos(phi), math.Sin(phi)
	ca, sa := math.Cos(alpha), math.Sin(alpha)
	// Rodrigues rotation about (ax, ay, 0), times the in-plane rotation.
	tilt := [9]float64{
		ca + ax*ax*(1-ca), ax * ay * (1 - ca), ay * sa,
		ax * ay * (1 - ca), ca + ay*ay*(1-ca), -ax * sa,
		-ay * sa, ax * sa, ca,
	}
	ct, st := math.Cos(theta), math.Sin(theta)
	rz := [9]float64{ct, -st, 0, st, ct, 0, 0, 0, 1}
	var R [9]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				R[3*i+j] += tilt[3*i+k] * rz[3*k+j]
			}
		}
	}
	f := 0.8 * math.Max(W, H)
	z := f * math.Max(gw, gh) / (spec.Fill * math.Min(W, H))
	K := homography{f, 0, W / 2, 0, f, H / 2, 0, 0, 1}
	RT := homography{R[0], R[1], 0, R[3], R[4], 0, R[6], R[7], z}
	h := K.Mul(RT).Mul(geom.Translation(-gw/2, -gh/2))

	corners := [4][2]float64{{0, 0}, {gw, 0}, {gw, gh}, {0, gh}}
	for attempt := 0; ; attempt++ {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range corners {
			x, y := h.Apply(c[0], c[1])
			minX, maxX = math.Min(minX, x), math.Max(maxX, x)
			minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		}
		s := spec.Fill / math.Max((maxX-minX)/W, (maxY-minY)/H)
		if attempt > 0 {
			s = 1
		}
		zoom := geom.Translation(W/2, H/2).Mul(homography{s, 0, 0, 0, s, 0, 0, 0, 1}).Mul(geom.Translation(-W/2, -H/2))
		minX, maxX = W/2+(minX-W/2)*s, W/2+(maxX-W/2)*s
		minY, maxY = H/2+(minY-H/2)*s, H/2+(maxY-H/2)*s
		mx, my := 0.03*W, 0.03*H
		loX, hiX := mx-minX, W-mx-maxX
		loY, hiY := my-minY, H-my-maxY
		if loX <= hiX && loY <= hiY {
			dx := loX + rng.Float64()*(hiX-loX)
			dy := loY + rng.Float64()*(hiY-loY)
			return geom.Translation(dx, dy).Mul(zoom).Mul(h)
		}
		h = geom.Translation(W/2, H/2).Mul(homography{0.9 * s, 0, 0, 0, 0.9 * s, 0, 0, 0, 1}).Mul(geom.Translation(-W/2, -H/2)).Mul(h)
	}
}

// NoGrid renders a phone photo of a newspaper page with text but no puzzle,
// the case where a reader must answer "no puzzle grid found".
func NoGrid(seed uint64, width, height int) ([]byte, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9071d))
	spec := Spec{Name: "no-grid", Kind: KindPhoto, Style: StyleDigits, Look: LookPrint, Rows: 8, Cols: 8,
		Width: width, Height: height, Fill: 0.5, Tilt: 25 * rng.Float64(), Rotate: -15 + 30*rng.Float64(), Orientation: 1}
	spec.Cells = make([]string, 8)
	for i := range spec.Cells {
		spec.Cells[i] = "........"
	}
	spec.Givens = spec.Cells
	if err := spec.check(); err != nil {
		return nil, err
	}
	s, err := renderPhoto(&spec, rng, false)
	return s.Data, err
}

// renderPhoto prints the puzzle (or, without withGrid, only its surrounding
// text) on a page and photographs it.
func renderPhoto(spec *Spec, rng *rand.Rand, withGrid bool) (Sample, error) {
	W, H := spec.Width, spec.Height
	maxCells := max(spec.Rows, spec.Cols)
	cs := int(math.Round(spec.Fill * float64(min(W, H)) / float64(maxCells) * (1 + 0.2*rng.Float64())))
	cs = min(max(cs, 12), 140)
	paperCol := spec.pageColour(color.RGBA{uint8(225 + rng.IntN(25)), uint8(222 + rng.IntN(25)), uint8(205 + rng.IntN(40)), 255})
	gw, gh := float64(spec.Cols*cs), float64(spec.Rows*cs)
	hPage := camera(spec, rng, gw, gh) // page pixels (grid TL at 0,0) to output pixels

	// Only the part of the page the camera sees is rendered.
	inv := hPage.Inverse()
	vis := image.Rectangle{Min: image.Pt(math.MaxInt32, math.MaxInt32), Max: image.Pt(math.MinInt32, math.MinInt32)}
	for _, q := range [][2]float64{{0, 0}, {float64(W), 0}, {float64(W), float64(H)}, {0, float64(H)}, {float64(W) / 2, 0}, {float64(W) / 2, float64(H)}, {0, float64(H) / 2}, {float64(W), float64(H) / 2}} {
		x, y := inv.Apply(q[0], q[1])
		vis.Min.X, vis.Min.Y = min(vis.Min.X, int(x)-2*cs), min(vis.Min.Y, int(y)-2*cs)
		vis.Max.X, vis.Max.Y = max(vis.Max.X, int(x)+2*cs), max(vis.Max.Y, int(y)+2*cs)
	}
	margin := func(extent float64) int { return int(extent * (0.15 + 1.6*rng.Float64())) }
	paper := image.Rect(-margin(gw), -margin(gh), int(gw)+margin(gw), int(gh)+margin(gh)).Intersect(vis)
	// A strongly tilted page stretches the far side; cap the pixels rendered.
	for budget := 3 * W * H; paper.Dx()*paper.Dy() > budget; {
		paper = image.Rect(paper.Min.X*9/10, paper.Min.Y*9/10, int(gw)+(paper.Max.X-int(gw))*9/10, int(gh)+(paper.Max.Y-int(gh))*9/10)
	}
	paper = paper.Union(image.Rect(-cs, -cs, int(gw)+cs, int(gh)+cs))

	pm := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(paperCol.B), float64(paperCol.G), float64(paperCol.R), 0), paper.Dy(), paper.Dx(), gocv.MatTypeCV8UC3)
	defer pm.Close()
	b := newBoard(spec, rng, cs, paperCol)
	b.ox, b.oy = -paper.Min.X, -paper.Min.Y
	keep := []image.Rectangle{b.outer().Inset(-cs * (2 + rng.IntN(4)) / 4)}
	if !withGrid {
		keep = nil
	}
	ink := b.ink
	if spec.Ink.A != 0 || spec.OneInk.A != 0 {
		ink = grey(35) // a page prints its body text black, whatever ink the puzzle has
	}
	if withGrid && rng.Float64() < 0.5 {
		keep = append(keep, placeDistractor(&pm, rng, spec, keep[0], cs, ink))
	}
	// Body text is sized from the whole grid, as a newspaper column is:
	// a 6x6 Tango board has big cells but the text beside it stays small.
	lineH := math.Max(gw, gh) * (0.025 + 0.02*rng.Float64())
	lineH = math.Min(math.Max(lineH, 0.25*float64(cs)), 0.6*float64(cs))
	tb := &textBlock{rng: rng, ink: ink, lineH: max(7, int(lineH)), keepOut: keep}
	if !isDark(paperCol) { // a dark page is a phone's screen, with no newspaper around the board
		tb.fill(&pm, image.Rect(0, 0, paper.Dx(), paper.Dy()))
	}
	if withGrid {
		b.draw(&pm)
	}

	table := color.RGBA{uint8(60 + rng.IntN(120)), uint8(45 + rng.IntN(100)), uint8(30 + rng.IntN(90)), 255}
	out := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(table.B), float64(table.G), float64(table.R), 0), H, W, gocv.MatTypeCV8UC3)
	defer out.Close()
	toOut := hPage.Mul(geom.Translation(float64(paper.Min.X), float64(paper.Min.Y))) // paper Mat pixels to output
	bend := bendOf(spec, rng, cs, gw)
	if err := warpInto(&pm, &out, toOut, bend, paper.Min); err != nil {
		return Sample{}, fmt.Errorf("synth: %s: %v", spec.Name, err)
	}

	t := spec.truth()
	for i, c := range b.corners() {
		px, py := c[0]+float64(paper.Min.X), c[1]+float64(paper.Min.Y) // page coordinates
		py -= bend.dy(px)
		t.Corners[i][0], t.Corners[i][1] = hPage.Apply(px, py)
	}

	// The camera: light, lens blur, sensor noise.
	csOut := cellSizeOut(t.Corners, spec.Rows, spec.Cols)
	light(&out, rng)
	if sigma := (0.4 + 0.6*rng.Float64()) * math.Min(2.0, math.Max(0.5, csOut/12)); sigma > 0.3 {
		gocv.GaussianBlur(out, &out, image.Point{}, sigma, sigma, gocv.BorderReplicate)
	}
	addNoise(&out, rng, 1.5+5*rng.Float64())

	data, err := encodeJPEG(&out, 60+rng.IntN(33), spec.Orientation)
	if err != nil {
		return Sample{}, fmt.Errorf("synth: %s: %v", spec.Name, err)
	}
	return Sample{Truth: t, Data: data, Ext: ".jpg"}, nil
}

func cellSizeOut(c [4][2]float64, rows, cols int) float64 {
	d := func(a, b int) float64 { return math.Hypot(c[a][0]-c[b][0], c[a][1]-c[b][1]) }
	return math.Min(math.Min(d(0, 1), d(3, 2))/float64(cols), math.Min(d(0, 3), d(1, 2))/float64(rows))
}

// placeDistractor draws a small second grid or a ruled box in the page
// margin, away from the puzzle, and returns what it covers.
func placeDistractor(pm *gocv.Mat, rng *rand.Rand, spec *Spec, puzzle image.Rectangle, cs int, ink color.RGBA) image.Rectangle {
	small := max(6, cs*(3+rng.IntN(3))/10)
	side := 8 * small
	for try := 0; try < 20; try++ {
		at := image.Pt(rng.IntN(max(1, pm.Cols()-side)), rng.IntN(max(1, pm.Rows()-side)))
		r := image.Rect(at.X, at.Y, at.X+side+small, at.Y+side+small).Inset(-small)
		if r.Overlaps(puzzle) || !r.In(image.Rect(0, 0, pm.Cols(), pm.Rows())) {
			continue
		}
		if rng.IntN(2) == 0 {
			return smallGrid(pm, rng, spec, at, small, ink).Inset(-small / 2)
		}
		box := image.Rect(at.X, at.Y, at.X+side*3/2, at.Y+side*2/3)
		if box.Overlaps(puzzle) || !box.In(image.Rect(0, 0, pm.Cols(), pm.Rows())) {
			continue
		}
		gocv.Rectangle(pm, box, ink, max(2, cs/12))
		tb := &textBlock{rng: rng, ink: ink, lineH: max(7, small)}
		tb.fill(pm, box.Inset(small/2))
		return box.Inset(-small / 2)
	}
	return image.Rectangle{}
}

// paperBend bows the page along x, as a newspaper near its fold does: the
// point drawn at page (x, y) appears at (x, y - dy(x)).
type paperBend struct {
	amp, centre, half float64
}

func (p paperBend) dy(x float64) float64 {
	if p.amp == 0 {
		return 0
	}
	u := (x - p.centre) / p.half
	return p.amp * u * u
}

func bendOf(spec *Spec, rng *rand.Rand, cs int, gw float64) paperBend {
	if spec.Bend == 0 {
		return paperBend{}
	}
	amp := spec.Bend * float64(cs)
	if rng.IntN(2) == 0 {
		amp = -amp
	}
	return paperBend{amp: amp, centre: gw * (0.2 + 0.6*rng.Float64()), half: gw / 2}
}

// warpInto projects the paper onto the table image. A flat page is one
// perspective warp; a bent one needs a per-pixel map.
func warpInto(pm, out *gocv.Mat, toOut homography, bend paperBend, paperMin image.Point) error {
	if bend.amp == 0 {
		hm := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
		defer hm.Close()
		for i, v := range toOut {
			hm.SetDoubleAt(i/3, i%3, v)
		}
		gocv.WarpPerspectiveWithParams(*pm, out, hm, image.Pt(out.Cols(), out.Rows()), gocv.InterpolationLinear, gocv.BorderTransparent, color.RGBA{})
		return nil
	}
	W, H := out.Cols(), out.Rows()
	mapX := gocv.NewMatWithSize(H, W, gocv.MatTypeCV32F)
	defer mapX.Close()
	mapY := gocv.NewMatWithSize(H, W, gocv.MatTypeCV32F)
	defer mapY.Close()
	xs, err := mapX.DataPtrFloat32()
	if err != nil {
		return err
	}
	ys, err := mapY.DataPtrFloat32()
	if err != nil {
		return err
	}
	inv := toOut.Inverse()
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			u, v := inv.Apply(float64(x), float64(y))
			xs[y*W+x] = float32(u)
			ys[y*W+x] = float32(v + bend.dy(u+float64(paperMin.X)))
		}
	}
	gocv.Remap(*pm, out, &mapX, &mapY, gocv.InterpolationLinear, gocv.BorderTransparent, color.RGBA{})
	return nil
}

// light multiplies the image by a smooth illumination field: exposure, a
// linear gradient, vignetting, a colour cast and sometimes a soft shadow.
func light(out *gocv.Mat, rng *rand.Rand) {
	W, H := out.Cols(), out.Rows()
	lw, lh := W/16+2, H/16+2
	field := gocv.NewMatWithSize(lh, lw, gocv.MatTypeCV32F)
	defer field.Close()
	shadow := gocv.NewMatWithSize(lh, lw, gocv.MatTypeCV8U)
	defer shadow.Close()
	shadow.SetTo(gocv.NewScalar(0, 0, 0, 0))
	if rng.Float64() < 0.55 {
		pts := shadowPolygon(rng, lw, lh)
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		gocv.FillPoly(&shadow, pv, color.RGBA{255, 255, 255, 255})
		pv.Close()
		s := 0.5 + 2.5*rng.Float64()
		gocv.GaussianBlur(shadow, &shadow, image.Point{}, s, s, gocv.BorderReplicate)
	}
	sh, _ := shadow.DataPtrUint8()
	fv, _ := field.DataPtrFloat32()
	expo := 0.8 + 0.35*rng.Float64()
	gx, gy := -0.5+rng.Float64(), -0.5+rng.Float64()
	vig := 0.4 * rng.Float64()
	depth := 0.25 + 0.35*rng.Float64()
	for y := 0; y < lh; y++ {
		for x := 0; x < lw; x++ {
			u, v := float64(x)/float64(lw-1)-0.5, float64(y)/float64(lh-1)-0.5
			l := expo * (1 + gx*u + gy*v) * (1 - vig*(u*u+v*v)*2)
			l *= 1 - depth*float64(sh[y*lw+x])/255
			fv[y*lw+x] = float32(l)
		}
	}
	full := gocv.NewMat()
	defer full.Close()
	gocv.Resize(field, &full, image.Pt(W, H), 0, 0, gocv.InterpolationLinear)
	lf, _ := full.DataPtrFloat32()
	px, _ := out.DataPtrUint8()
	cast := [3]float32{1, 1, 1} // B, G, R
	switch rng.IntN(3) {
	case 0: // warm indoor bulb
		cast = [3]float32{0.82 + 0.1*float32(rng.Float64()), 0.95, 1}
	case 1: // daylight, slightly blue
		cast = [3]float32{1, 0.98, 0.93}
	}
	for i, l := range lf {
		for c := 0; c < 3; c++ {
			px[3*i+c] = clamp8(float32(px[3*i+c]) * l * cast[c])
		}
	}
}

func shadowPolygon(rng *rand.Rand, w, h int) []image.Point {
	// A band entering from one side, like the shadow of a hand or a phone.
	fw, fh := float64(w), float64(h)
	d1, d2 := 0.2+0.5*rng.Float64(), 0.2+0.5*rng.Float64()
	pts := [][2]float64{{-0.1, -0.1}, {d1, -0.1}, {d2, 1.1}, {-0.1, 1.1}}
	side := rng.IntN(4)
	out := make([]image.Point, len(pts))
	for i, p := range pts {
		x, y := p[0], p[1]
		switch side {
		case 1:
			x = 1 - x
		case 2:
			x, y = y, x
		case 3:
			x, y = y, 1-x
		}
		out[i] = image.Pt(int(x*fw), int(y*fh))
	}
	return out
}

func clamp8(v float32) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}

// addNoise adds Gaussian sensor noise from a deterministic generator (the
// OpenCV RNG is shared global state, which would break reproducibility).
func addNoise(out *gocv.Mat, rng *rand.Rand, sigma float64) {
	var table [4096]float32
	for i := range table {
		table[i] = float32(rng.NormFloat64() * sigma)
	}
	px, _ := out.DataPtrUint8()
	state := rng.Uint64() | 1
	for i := range px {
		state ^= state << 13
		state ^= state >> 7
		state ^= state << 17
		px[i] = clamp8(float32(px[i]) + table[state&4095])
	}
}

// encodeJPEG stores the displayed image rotated so that a viewer applying
// the EXIF orientation tag shows it upright again.
func encodeJPEG(img *gocv.Mat, quality, orientation int) ([]byte, error) {
	src := *img
	if orientation != 1 && orientation != 0 {
		rot := gocv.NewMat()
		defer rot.Close()
		switch orientation {
		case 3:
			gocv.Rotate(*img, &rot, gocv.Rotate180Clockwise)
		case 6: // the viewer turns the stored pixels clockwise
			gocv.Rotate(*img, &rot, gocv.Rotate90CounterClockwise)
		case 8:
			gocv.Rotate(*img, &rot, gocv.Rotate90Clockwise)
		default:
			return nil, fmt.Errorf("unsupported EXIF orientation %d", orientation)
		}
		src = rot
	}
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, src, []int{gocv.IMWriteJpegQuality, quality})
	if err != nil {
		return nil, err
	}
	defer buf.Close()
	data := append([]byte(nil), buf.GetBytes()...)
	if orientation == 1 || orientation == 0 {
		return data, nil
	}
	return exif.WithOrientation(data, orientation)
}
