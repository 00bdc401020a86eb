package cellread

import (
	"cmp"
	"math"
	"slices"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// Givens and the player's marks. People photograph puzzles they have
// half solved: pen or pencil on a newspaper, an app mid-game. What the
// picture shows tells the printed givens from the player's entries in two
// ways, tried in turn:
//
//   - shading: LinkedIn Tango (and apps like it) sit their locked cells on
//     a background a shade off the plain cells'; a filled cell on plain
//     background is the player's. On a photo, light can move the levels
//     by more than the shade; each cell is then weighed against the
//     plain cells around it, and a split seen only so stands where the
//     rules agree (FindGivensDoubted).
//   - ink: on paper the givens are printed black and the player writes in
//     pen (blue, any colour) or pencil (grey, fainter than print).
//
// Either needs the filled cells to fall clearly into two groups;
// otherwise, as in every ordinary reading, every filled cell is a given.
// A wrong split would call printed givens the player's mistakes, so each
// test below errs towards "no marks". The thresholds are Tuned.Givens.
//
// Where neither finds marks, the reader then asks a learned model
// (LearnedGivens, given_net.go), which sees what the hand tests cannot:
// handwriting in an ink like the print's, a pencil on two-colour print.
// It still calls some print the player's, so the reader keeps its split
// only when the givens left have the one solution a published puzzle has
// (vision's givensByRules), once the clues are read. Where the rules turn
// its split down, the cells in order of their shade (ShadeOrder) may
// still part where the rules say (vision's givensByShade).

// FindGivens tells, for each cell of a classified grid, whether its
// symbol is printed (true) or the player's (false); blank cells are false.
func FindGivens(ci Image, style Style, cells []solver.Cell) []bool {
	given, _ := FindGivensDoubted(ci, style, cells)
	return given
}

// FindGivensDoubted is FindGivens, and a split the reader should take
// only where the rules agree (doubted, or nil): one the shades show only
// against their neighbours' levels (shadedGivens), which light on a
// photo can fake where a few cells sit in a shadow's edge. given is then
// every filled cell a given, as where no test finds marks.
func FindGivensDoubted(ci Image, style Style, cells []solver.Cell) (given, doubted []bool) {
	g, doubted := handGivens(ci, style, cells)
	if g != nil {
		return g, nil
	}
	return EveryFilledGiven(cells), doubted
}

// EveryFilledGiven is the given flags of a board with no player's marks:
// every filled cell printed.
func EveryFilledGiven(cells []solver.Cell) []bool {
	given := make([]bool, len(cells))
	for i, v := range cells {
		given[i] = v != solver.Empty
	}
	return given
}

// LearnedGivens says which filled cells are printed by the marks model
// (given_net.go), or nil when it finds no marks, and whether the model
// was sure of every cell (Tuned.Givens.netSure). The reader asks it only
// when the hand tests find none, and keeps its answer only when the
// rules agree, or cannot judge and the model is sure (vision's
// givensByRules): the model, trained on renders, still calls some print
// the player's.
//
// A board with no blank cell is left alone: every split of a solved grid
// into givens and marks leaves givens that the grid solves, and most
// such boards are an answer printed in one ink.
func LearnedGivens(ci Image, style Style, cells []solver.Cell) ([]bool, bool) {
	if style == StyleTiles || !slices.Contains(cells, solver.Empty) {
		return nil, false
	}
	return netGivens(ci, cells)
}

// handGivens tells the givens by the hand tests below, in turn, or gives
// nil when none finds the filled cells falling into two groups; doubted
// is a split shadedGivens found only against the neighbours' levels,
// where no other test finds one.
func handGivens(ci Image, style Style, cells []solver.Cell) (given, doubted []bool) {
	if style != StyleTiles {
		g, local := shadedGivens(ci, style, cells)
		if g != nil && !local {
			return g, nil
		}
		doubted = g
		if style != StyleTango {
			if g, doubtful := colourGivens(ci, cells); g != nil && (!doubtful || netAgrees(ci, cells, g)) {
				return g, nil
			}
			if g := inkGivens(ci, cells); g != nil {
				return g, nil
			}
		}
	}
	return nil, doubted
}

// shadedGivens splits the filled cells by their background: the group on
// the plain cells' level is the player's. The plain level is the blank
// cells', which must all share it: shading that reaches blank cells is
// light or shadow on the page, not an app marking its givens. A board
// with no blank cell left (a finished screenshot) has no plain level to
// compare with: the shaded group is then the one off the board's own tone
// (darker on a light board), trusted at once on a Tango board and on any
// other only when it looks like givens (finishedShading). It returns nil
// when the backgrounds do not split clearly; local says the split shows
// only against the neighbours' levels (flattenLocally), on a board with
// blank cells, and so stands only where the rules agree.
func shadedGivens(ci Image, style Style, cells []solver.Cell) (given []bool, local bool) {
	p := &Tuned.Givens
	m, ok := measureShades(ci, style, cells)
	if !ok {
		return nil, false
	}
	filled, levels, blankAt, blank, lightBoard := m.filled, m.levels, m.blankAt, m.blank, m.lightBoard
	s, ok := SplitTwo(levels, p.ShadeGap, p.ShadeFloor)
	if !ok && len(blank) == 0 {
		s, ok = splitUnderLight(filled, levels, ci.Cols, lightBoard)
	}
	if raster.Trace != nil {
		raster.Trace("shaded givens: %d filled split %.1f (%d) / %.1f (%d) clear %v; %d blank, median %.1f spread %.1f",
			len(filled), s.loMean, len(s.Lo), s.hiMean, len(s.hi), ok, len(blank), median(blank), madSpread(blank))
	}
	if ok {
		if given := shadedSplit(style, ci.Cols, cells, filled, s, blank, lightBoard, p.ShadeGap); given != nil {
			return given, false
		}
	}
	// Light on a photo is rarely a plane: a shadow's band or a bend's
	// fall-off moves a whole stretch of cells by more than an app's
	// shade. Against the levels of the cells around it, a shaded cell
	// still stands out by its shade, and a cell in the shadow does not.
	levels, blank = flattenLocally(filled, levels, blankAt, blank, ci.Cols)
	s, ok = splitTwo(levels, p.localShadeGap, p.ShadeFloor, 0)
	if raster.Trace != nil {
		raster.Trace("shaded givens against their neighbours: split %.1f (%d) / %.1f (%d) clear %v; blank median %.1f spread %.1f",
			s.loMean, len(s.Lo), s.hiMean, len(s.hi), ok, median(blank), madSpread(blank))
	}
	if !ok {
		return nil, false
	}
	// On a finished board, with no plain level, finishedShading has
	// already asked whether the shaded group looks like givens; and its
	// rules cannot judge, as any split leaves givens the grid solves.
	return shadedSplit(style, ci.Cols, cells, filled, s, blank, lightBoard, p.localShadeGap), len(blank) > 0
}

// shadedSplit takes a clear split of the filled cells' backgrounds (s,
// over filled) for the givens where the blank cells' levels (blank) show
// the plain group, or, on a finished board, where the shaded group looks
// like givens; otherwise nil. gap is the least shade the split was
// taken at.
func shadedSplit(style Style, cols int, cells []solver.Cell, filled []int, s split, blank []float64, lightBoard bool, gap float64) []bool {
	p := &Tuned.Givens
	var shadedLow bool
	if len(blank) > 0 {
		plain, spread := median(blank), madSpread(blank)
		if spread > p.plainSpread*gap {
			// The plain cells themselves vary: light falling across a
			// photo, not an app's two tones.
			return nil
		}
		dLo, dHi := math.Abs(s.loMean-plain), math.Abs(s.hiMean-plain)
		switch {
		case dHi <= p.onLevel*gap && dLo >= gap:
			shadedLow = true
		case dLo <= p.onLevel*gap && dHi >= gap:
			shadedLow = false
		default:
			return nil
		}
		// A shade is towards the middle: darker on a light board, lighter
		// on a dark one; a cell lighter than a light board's plain cells
		// is glare.
		if shadedLow != lightBoard {
			return nil
		}
		shaded := s.hiMean
		if shadedLow {
			shaded = s.loMean
		}
		for _, b := range blank {
			if math.Abs(b-shaded) < math.Abs(b-plain) {
				return nil
			}
		}
	} else {
		shadedLow = lightBoard
		if style != StyleTango && !finishedShading(cols, cells, filled, s, shadedLow) {
			return nil
		}
	}
	given := make([]bool, len(cells))
	for _, k := range s.Lo {
		given[filled[k]] = shadedLow
	}
	for _, k := range s.hi {
		given[filled[k]] = !shadedLow
	}
	return given
}

// flattenLocally gives each measured cell's level (the filled cells'
// levels at filled, the blank cells' at blankAt) less the plain level
// the cells around it show, plus the board's plain median: a background
// estimate that follows light wherever it bends. The plain level around
// a cell is the plane fitted to the levels of the blank cells within
// Tuned.Givens' localRadius of it (wider until it holds lightFitCells of
// them), since only filled cells can be shaded; a plane, not their
// median, as a cell at the board's edge has them all on one side, where
// a median would take the light's fall for a shade. A board with fewer
// than lightFitCells blank cells (a finished board, a game played nearly
// through) has too few to follow the light, and there every cell around
// stands in for them: givens, a third of such a board or less and
// scattered, lower the plane evenly and leave the shade between the two
// groups as it was.
func flattenLocally(filled []int, levels []float64, blankAt []int, blank []float64, cols int) ([]float64, []float64) {
	p := &Tuned.Givens
	var refAt []int
	var refLevel []float64
	if len(blankAt) >= p.lightFitCells {
		refAt, refLevel = blankAt, blank
	} else {
		refAt = append(slices.Clone(filled), blankAt...)
		refLevel = append(slices.Clone(levels), blank...)
	}
	base := median(refLevel)
	// The reference levels by cell, NaN where a cell is none, so that a
	// neighbourhood is read off its own window.
	rows := 0
	for _, i := range refAt {
		rows = max(rows, i/cols+1)
	}
	for _, i := range filled {
		rows = max(rows, i/cols+1)
	}
	byCell := make([]float64, rows*cols)
	for i := range byCell {
		byCell[i] = math.NaN()
	}
	for k, i := range refAt {
		byCell[i] = refLevel[k]
	}
	var nearAt []int
	var nearLevel []float64
	flat := func(i int, level float64) float64 {
		r, c := i/cols, i%cols
		for rad := p.localRadius; ; rad++ {
			nearAt, nearLevel = nearAt[:0], nearLevel[:0]
			for rr := max(0, r-rad); rr <= min(rows-1, r+rad); rr++ {
				for cc := max(0, c-rad); cc <= min(cols-1, c+rad); cc++ {
					if v := byCell[rr*cols+cc]; !math.IsNaN(v) {
						nearAt, nearLevel = append(nearAt, rr*cols+cc), append(nearLevel, v)
					}
				}
			}
			whole := r-rad <= 0 && c-rad <= 0 && r+rad >= rows-1 && c+rad >= cols-1
			if len(nearAt) >= p.lightFitCells || whole {
				break
			}
		}
		if len(nearAt) == 0 {
			return level
		}
		if light, ok := fitPlane(nearAt, nearLevel, cols); ok {
			return level - light(i) + base
		}
		return level - median(nearLevel) + base
	}
	outLevels := make([]float64, len(filled))
	for k, i := range filled {
		outLevels[k] = flat(i, levels[k])
	}
	outBlank := make([]float64, len(blankAt))
	for k, i := range blankAt {
		outBlank[k] = flat(i, blank[k])
	}
	return outLevels, outBlank
}

// shades are a board's cell backgrounds as shadedGivens weighs them:
// the filled cells' levels (at filled) and the blank cells' (at
// blankAt), taken against the plane the blank cells lie on where there
// are enough of them, and the board's polarity.
type shades struct {
	filled, blankAt []int
	levels, blank   []float64
	lightBoard      bool
}

// measureShades measures every filled cell's background, and each blank
// cell's that can be measured; ok is false where a filled cell's cannot.
func measureShades(ci Image, style Style, cells []solver.Cell) (shades, bool) {
	p := &Tuned.Givens
	ink := style != StyleTango
	var table []int
	background := func(row, col int) (float64, bool) { return ci.background(row, col, ink, &table) }
	filled, levels, ok := filledLevels(ci, cells, background)
	if !ok && style == StyleTango {
		// A piece that leaves too little of its cell to measure around
		// it (a big sun's rays): every cell is measured in its corners
		// instead, which a round piece leaves clear. On paper a glyph
		// reaching the corners would be measured with the lines and
		// borders beside them.
		background = ci.cornerLevel
		filled, levels, ok = filledLevels(ci, cells, background)
	}
	if !ok {
		return shades{}, false
	}
	var blank []float64
	var blankAt []int
	for i, v := range cells {
		if v != solver.Empty {
			continue
		}
		if level, ok := background(i/ci.Cols, i%ci.Cols); ok {
			blank = append(blank, level)
			blankAt = append(blankAt, i)
		}
	}
	if len(blank) >= p.lightFitCells {
		// Light falling off across a photo darkens the far cells by as
		// much as a shading: the levels are taken against the plane the
		// blank cells' lie on, which the givens' shading, on cells of
		// their own, does not bend.
		if light, ok := fitPlane(blankAt, blank, ci.Cols); ok {
			base := median(blank)
			for k, i := range blankAt {
				blank[k] += base - light(i)
			}
			for k, i := range filled {
				levels[k] += base - light(i)
			}
		}
	}
	// Which way a shade goes follows the board's polarity, which the
	// glyphs tell whatever the exposure: a light board photographed dim
	// is still a light board, its grey under any fixed level.
	return shades{filled: filled, blankAt: blankAt, levels: levels, blank: blank, lightBoard: !ci.LightGlyphs}, true
}

// ShadeOrder gives a board's filled cells (row-major indices) from the
// most shaded to the least, with each one's shade: how far its
// background lies off the plain level around it (flattenLocally),
// towards the middle (darker on a light board). The plain level is the
// blank cells' where there are any; on a finished board, the level of
// the cells around. It is nil where a filled cell's background cannot be
// measured. Where no split of the shades is clear, the reader asks the
// rules which cut of this order is the printed puzzle (vision's
// givensByShade).
func ShadeOrder(ci Image, style Style, cells []solver.Cell) (order []int, shade []float64) {
	m, ok := measureShades(ci, style, cells)
	if !ok || len(m.filled) == 0 {
		return nil, nil
	}
	levels, blank := flattenLocally(m.filled, m.levels, m.blankAt, m.blank, ci.Cols)
	plain := median(levels)
	if len(blank) > 0 {
		plain = median(blank)
	}
	byCell := make(map[int]float64, len(levels))
	for k, i := range m.filled {
		byCell[i] = plain - levels[k]
		if !m.lightBoard {
			byCell[i] = -byCell[i]
		}
	}
	order = slices.Clone(m.filled)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(byCell[b], byCell[a]) })
	shade = make([]float64, len(order))
	for k, i := range order {
		shade[k] = byCell[i]
	}
	return order, shade
}

// ShadeCut says whether the first k cells of a ShadeOrder (shade, in its
// order) stand apart from the rest as a shaded group: the first at least
// Tuned.Givens' localShadeGap more shaded on average than the rest, the
// rest on the plain level (within onLevel of the gap), and at least
// netMinMarks of them.
func ShadeCut(shade []float64, k int) bool {
	p := &Tuned.Givens
	if k < 1 || len(shade)-k < p.netMinMarks {
		return false
	}
	mean := func(v []float64) float64 {
		t := 0.0
		for _, x := range v {
			t += x
		}
		return t / float64(len(v))
	}
	lead, rest := mean(shade[:k]), mean(shade[k:])
	return lead-rest >= p.localShadeGap && math.Abs(rest) <= p.onLevel*p.localShadeGap
}

// splitUnderLight splits a finished board's backgrounds after taking out
// the light falling across a photo, which with no blank cell to fit it
// to blurs the two tones into one spread. The light is fitted to every
// cell first, then to the plain group that split leaves (the one on the
// board's own tone: the lighter on a light board), so that the shaded
// cells do not pull the fit.
func splitUnderLight(filled []int, levels []float64, cols int, lightBoard bool) (split, bool) {
	p := &Tuned.Givens
	fitOn := filled
	fitLevels := levels
	var s split
	ok := false
	for round := 0; round < 2; round++ {
		light, fitted := fitPlane(fitOn, fitLevels, cols)
		if !fitted {
			return split{}, false
		}
		base := median(fitLevels)
		flat := make([]float64, len(levels))
		for k, i := range filled {
			flat[k] = levels[k] + base - light(i)
		}
		s, ok = SplitTwo(flat, p.ShadeGap, p.ShadeFloor)
		plain := s.Lo
		if lightBoard {
			plain = s.hi
		}
		if len(plain) < p.lightFitCells {
			return split{}, false
		}
		fitOn, fitLevels = make([]int, len(plain)), make([]float64, len(plain))
		for j, k := range plain {
			fitOn[j], fitLevels[j] = filled[k], levels[k]
		}
	}
	return s, ok
}

// finishedShading tells whether the shaded group of a board with no blank
// cell can be its givens rather than something else that splits a full
// board's backgrounds in two: the givens are under Tuned.Givens'
// maxGivenShare of the cells and maxLineShade of any line, they are of both symbols (a board printing
// its 0s and 1s on two tones shades by symbol), and they are scattered,
// where a shadow or glare falls on cells next to each other.
func finishedShading(cols int, cells []solver.Cell, filled []int, s split, shadedLow bool) bool {
	p := &Tuned.Givens
	shadedIdx := s.hi
	if shadedLow {
		shadedIdx = s.Lo
	}
	if float64(len(shadedIdx)) > p.maxGivenShare*float64(len(cells)) {
		return false
	}
	group := make([]int, len(filled))
	shaded := make(map[int]bool, len(shadedIdx))
	for _, k := range shadedIdx {
		group[k] = 1
		shaded[filled[k]] = true
	}
	if followsSymbols(group, filled, cells, p.colourSymbolShare) {
		return false
	}
	rows := len(cells) / cols
	inRow, inCol := make([]int, rows), make([]int, cols)
	for i := range shaded {
		inRow[i/cols]++
		inCol[i%cols]++
	}
	if float64(slices.Max(inRow)) > p.maxLineShade*float64(cols) || float64(slices.Max(inCol)) > p.maxLineShade*float64(rows) {
		return false
	}
	touching, neighbours := 0, 0
	for i := range shaded {
		r, c := i/cols, i%cols
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := r+d[0], c+d[1]
			if rr < 0 || rr >= rows || cc < 0 || cc >= cols {
				continue
			}
			neighbours++
			if shaded[rr*cols+cc] {
				touching++
			}
		}
	}
	return neighbours > 0 && float64(touching) <= p.maxShadeClumping*float64(neighbours)
}

// filledLevels measures the filled cells' backgrounds, in cell order;
// ok is false at the first that cannot be measured.
func filledLevels(ci Image, cells []solver.Cell, background func(row, col int) (float64, bool)) (filled []int, levels []float64, ok bool) {
	for i, v := range cells {
		if v == solver.Empty {
			continue
		}
		level, ok := background(i/ci.Cols, i%ci.Cols)
		if !ok {
			return nil, nil, false
		}
		filled = append(filled, i)
		levels = append(levels, level)
	}
	return filled, levels, true
}

// background is the median grey of a cell's window away from its sides
// that is neither glyph, line nor colour, nor within shadeHalo of them:
// the cell's own background. ink says the glyphs are dark ink (faint
// pixels) as well as colour; on a Tango board they are colour alone, and
// the inset keeps its lines out. table is the summed table's memory,
// kept from one cell to the next: every cell of a big grid is measured.
func (ci Image) background(row, col int, ink bool, table *[]int) (float64, bool) {
	px := ci.Px
	p := &Tuned.Givens
	in := int(math.Round(p.shadeInset * float64(px)))
	halo := max(1, int(math.Round(p.shadeHalo*float64(px))))
	// The window grown by the halo, clipped to the grid, and a summed
	// table of its excluded pixels.
	x0, y0 := max(0, col*px+in-halo), max(0, row*px+in-halo)
	x1, y1 := min(ci.Gray.W, (col+1)*px-in+halo), min(ci.Gray.H, (row+1)*px-in+halo)
	w, h := x1-x0, y1-y0
	if w <= 0 || h <= 0 {
		return 0, false
	}
	if cap(*table) < (w+1)*(h+1) {
		*table = make([]int, (w+1)*(h+1))
	}
	sum := (*table)[:(w+1)*(h+1)]
	// The table's first row and column are zero; it writes the rest.
	clear(sum[:w+1])
	for y := 1; y <= h; y++ {
		sum[y*(w+1)] = 0
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := (y0+y)*ci.Gray.W + x0 + x
			// On a colour board the lines mask is no help: on a dark
			// theme the whole board is darker than the closing's paper.
			out := ink && (ci.Lines[i] || ci.faint[i])
			if !out {
				out = saturated(ci.bgr.At(x0+x, y0+y))
			}
			v := 0
			if out {
				v = 1
			}
			sum[(y+1)*(w+1)+x+1] = v + sum[y*(w+1)+x+1] + sum[(y+1)*(w+1)+x] - sum[y*(w+1)+x]
		}
	}
	near := func(x, y int) bool {
		ax, ay := max(0, x-halo), max(0, y-halo)
		bx, by := min(w, x+halo+1), min(h, y+halo+1)
		return sum[by*(w+1)+bx]-sum[ay*(w+1)+bx]-sum[by*(w+1)+ax]+sum[ay*(w+1)+ax] > 0
	}
	var hist [256]int
	n, total := 0, 0
	for y := row*px + in; y < (row+1)*px-in; y++ {
		for x := col*px + in; x < (col+1)*px-in; x++ {
			total++
			if near(x-x0, y-y0) {
				continue
			}
			hist[ci.Gray.Pix[y*ci.Gray.W+x]]++
			n++
		}
	}
	if total == 0 || float64(n) < p.shadeMinShare*float64(total) {
		return 0, false
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if 2*acc >= n {
			return float64(v), true
		}
	}
	return 0, false
}

// fitPlane fits level = a + b·row + c·col to the levels of the cells at
// (index row·cols+col) by least squares, and gives the fitted level of
// any cell; ok is false when the cells lie on one line.
func fitPlane(at []int, levels []float64, cols int) (func(i int) float64, bool) {
	var n, sr, sc, srr, scc, src, sv, srv, scv float64
	for k, i := range at {
		r, c, v := float64(i/cols), float64(i%cols), levels[k]
		n++
		sr, sc, sv = sr+r, sc+c, sv+v
		srr, scc, src = srr+r*r, scc+c*c, src+r*c
		srv, scv = srv+r*v, scv+c*v
	}
	// The normal equations, centred: the covariances of row and column.
	mr, mc, mv := sr/n, sc/n, sv/n
	vrr, vcc, vrc := srr/n-mr*mr, scc/n-mc*mc, src/n-mr*mc
	vrv, vcv := srv/n-mr*mv, scv/n-mc*mv
	det := vrr*vcc - vrc*vrc
	if det <= 1e-9 {
		return nil, false
	}
	b := (vrv*vcc - vcv*vrc) / det
	c := (vcv*vrr - vrv*vrc) / det
	return func(i int) float64 {
		return mv + b*(float64(i/cols)-mr) + c*(float64(i%cols)-mc)
	}, true
}
