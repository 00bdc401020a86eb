package cellread

import (
	"math"
	"sort"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// Givens told by the colour of their ink. A player's marks are one ink
// (a pen, an app's player colour) and the print another; on a dark theme
// the print is light and the marks tinted. Each filled cell's ink is
// measured as it stands against its own paper, as a hue that blur and
// light do not change (inkHue): light falling off across a photo or a
// tinted page scales ink and paper alike and cancels, and a thin stroke
// blurred into the paper keeps its hue. Inks of one hue and two
// strengths (pencil, an app's grey) are left to inkGivens. The filled
// cells are cut into two groups of hue (two-means); the cut is kept
// only when the groups are far apart for their own spread along the line
// between them and do not simply follow the symbols (some boards print
// their 0s and 1s in two colours); where they are not also apart for
// their whole radius, the marks model must agree with the cut
// (netAgrees).

// colourGivens returns, for each cell, whether it is printed, or nil when
// the filled cells' inks do not fall clearly into two groups; doubtful
// says the groups stand apart only along the line between them.
func colourGivens(ci Image, cells []solver.Cell) (given []bool, doubtful bool) {
	p := &Tuned.Givens
	filled, inks := filledInks(ci, cells)
	if len(filled) < 2*p.colourMinGroup {
		return nil, false
	}
	if group, ok := penAcrossSymbols(filled, inks, cells, p); ok {
		given = EveryFilledGiven(cells)
		for k, i := range filled {
			given[i] = group[k] == 0
		}
		return given, false
	}
	// The tighter cut first; where its groups do not stand apart, the
	// other (twoMeansCuts).
	least := max(p.colourMinGroup, int(math.Ceil(p.colourMinShare*float64(len(filled)))))
	cuts := twoMeansCuts(inks)
	cut, found := firstClear(cuts, least, p)
	if !found {
		if raster.Trace != nil {
			for _, c := range cuts {
				var size [2]int
				for _, g := range c.group {
					size[g]++
				}
				raster.Trace("colour givens: no clear cut of %d inks: groups %d / %d, %.2f apart, along %.3f / %.3f", len(inks), size[0], size[1], dist(c.centres[0], c.centres[1]), c.along[0], c.along[1])
			}
		}
		return nil, false
	}
	group, centres, radius := cut.group, cut.centres, cut.radius
	apart := dist(centres[0], centres[1])
	// Apart for the groups' thickness along the line between them but
	// not for their radius: two inks a photo scattered, or one ink cut
	// where it thins out (a red pen's strong strokes from its faint
	// ones). The caller asks the marks model.
	doubtful = apart < p.colourSeparation*max(radius[0], radius[1], p.colourSpreadFloor)
	if followsSymbols(group, filled, cells, p.colourSymbolShare) {
		return nil, false
	}
	if sameHue(centres[0], centres[1], p) {
		return nil, false
	}
	// The player's group is the fainter one, or else the more coloured
	// one (-1: neither stands out so), as below.
	fainter, coloured := -1, -1
	switch {
	case centres[0][3]-centres[1][3] >= p.markFainter:
		fainter = 1
	case centres[1][3]-centres[0][3] >= p.markFainter:
		fainter = 0
	}
	switch c0, c1 := chroma(centres[0]), chroma(centres[1]); {
	case c0-c1 >= p.markChroma:
		coloured = 0
	case c1-c0 >= p.markChroma:
		coloured = 1
	}
	marks := fainter
	switch {
	case fainter < 0:
		marks = coloured
	case coloured == fainter:
		// Fainter and more coloured both: a pen, which its hue alone
		// tells wherever it is written; a stroke reaching a corner or
		// two of its 467 cells does not make it print (study-photos
		// wild-photo-010).
	default:
		// Told by strength alone, a fainter group could be glyphs on
		// shaded cells or in a shadow, or the rim of a thick line
		// reaching into the cells: the marks must be written on plain
		// paper, their corners clear. Print an app sets on shaded
		// cells in grey is fainter than a blue pen's marks beside it
		// (dev-photos wild-photo-057): where most of the fainter group
		// is off plain paper and the other group is the more coloured,
		// the other is the player's.
		off := ci.offPlainPaper(filled, group, fainter)
		if raster.Trace != nil {
			raster.Trace("colour givens: fainter group %d, more coloured %d, %.2f of the fainter off plain paper", fainter, coloured, off)
		}
		switch {
		case off <= p.strayMarkShare:
		case off >= p.shadedPrintShare && coloured == 1-fainter:
			marks = coloured
		default:
			marks = -1
		}
	}
	if marks < 0 {
		return nil, false
	}
	printed := 1 - marks
	if raster.Trace != nil {
		n := 0
		for _, g := range group {
			if g == marks {
				n++
			}
		}
		raster.Trace("colour givens: %d of %d filled cells the player's (fainter group %d, more coloured %d, chroma %.2f / %.2f), doubtful %v", n, len(filled), fainter, coloured, chroma(centres[0]), chroma(centres[1]), doubtful)
	}
	given = EveryFilledGiven(cells)
	for k, i := range filled {
		given[i] = group[k] == printed
	}
	return given, doubtful
}

// filledInks measures the ink of each filled cell that has some (as
// inkHue) against its own paper: its hue, and its strength against its
// symbol's strongest, weighted (strengthWeight) and on a log scale. A
// glyph far fainter than its symbol's typical one is left out.
func filledInks(ci Image, cells []solver.Cell) (filled []int, inks []inkPoint) {
	p := &Tuned.Givens
	var strength []float64
	papers := ci.localPapers()
	for i, v := range cells {
		if v == solver.Empty {
			continue
		}
		if papers[i] == nil {
			continue
		}
		ink, strong, ok := ci.inkHue(*papers[i], i/ci.Cols, i%ci.Cols)
		if !ok {
			// No ink to measure against this cell's paper (a light
			// glyph on a light board's tile): it stays given.
			continue
		}
		filled = append(filled, i)
		inks = append(inks, inkPoint{ink[0], ink[1], ink[2]})
		strength = append(strength, strong)
	}
	// The strength against the same symbol's strongest (a high
	// percentile, printShare): a pencil mark is fainter than print of its
	// own shape, where a thin ring is fainter than a solid square in any
	// photo. A symbol the player alone wrote has no print to stand out
	// from, and stays given.
	bySymbol := map[solver.Cell][]float64{}
	for k, i := range filled {
		bySymbol[cells[i]] = append(bySymbol[cells[i]], strength[k])
	}
	// A glyph far fainter than its symbol's typical one is a speck, a
	// smudge or a misread blank, whose hue is noise: it stays given and
	// takes no part in the cut.
	kept := 0
	for k, i := range filled {
		rel := strength[k] / raster.Percentile(bySymbol[cells[i]], p.printShare)
		if rel < p.faintestShare {
			continue
		}
		filled[kept], inks[kept] = i, inks[k]
		inks[kept][3] = p.strengthWeight * math.Log(rel)
		kept++
	}
	filled, inks = filled[:kept], inks[:kept]
	return filled, inks
}

// penAcrossSymbols finds the player's ink where the print colours each
// symbol its own (orange 1s and teal 0s) and the player writes every
// symbol in one more ink (a blue pen, an app's grey entries). Three inks
// defeat one cut of all the filled cells: it parts one print colour from
// the other and the pen together (wild-clean@9832 wild-clean-023: the
// six orange 1s taken for the player's; -008, -134). Each symbol's cells
// alone hold two inks, print and pen, and the pen is the one both
// symbols share: each symbol is cut in two (twoMeansCuts, clear as for
// the whole board), and the side alike in every symbol is the player's
// where the other sides are not alike. Where both sides are alike the
// print is one ink and the whole board's cut tells it (the caller goes
// on); where a symbol holds one ink only (a symbol the player has not
// written, or the print alone) nothing is found here either. group is
// 1 for the player's cells among filled, 0 for print.
func penAcrossSymbols(filled []int, inks []inkPoint, cells []solver.Cell, p *givenParams) ([]int, bool) {
	bySymbol := map[solver.Cell][]int{}
	var symbols []solver.Cell
	for k, i := range filled {
		if bySymbol[cells[i]] == nil {
			symbols = append(symbols, cells[i])
		}
		bySymbol[cells[i]] = append(bySymbol[cells[i]], k)
	}
	if len(symbols) < 2 {
		return nil, false
	}
	cuts := make([]inkCut, len(symbols))
	for s, v := range symbols {
		ks := bySymbol[v]
		points := make([]inkPoint, len(ks))
		for j, k := range ks {
			points[j] = inks[k]
		}
		least := max(p.colourMinGroup, int(math.Ceil(p.colourMinShare*float64(len(ks)))))
		if len(ks) < 2*least {
			return nil, false
		}
		cut, found := firstClear(twoMeansCuts(points), least, p)
		if !found {
			return nil, false
		}
		cuts[s] = cut
	}
	// alike says whether the inks of the sides chosen (side[s] of
	// symbol s's cut) are one ink, the pen's: every two of them nearer
	// than colourApart, the least distance two inks are told apart by.
	// One hue at two saturations is not enough here: a pen beside thin
	// print rings of its own hue, paler (wild-clean@9832
	// wild-clean-134), would pair with them as well as with itself.
	alike := func(side []int) bool {
		for a := range symbols {
			for b := a + 1; b < len(symbols); b++ {
				ia, ib := cuts[a].centres[side[a]], cuts[b].centres[side[b]]
				if dist(ia, ib) >= p.colourApart {
					return false
				}
			}
		}
		return true
	}
	// distinct says whether the inks of the sides chosen are each
	// symbol's own: every two of them not alike, not of one hue at two
	// saturations (sameHue: a photo's olive print, solid in the squares
	// and paler in the thin rings, is one ink, marks-photos
	// wild-photo-014), and apart by colourSeparation times their spread
	// (at least colourSpreadFloor), as two inks one cut parts clearly
	// must be. A few dim entries of
	// a photo, their hue scattered by noise, are not an ink a symbol
	// (study-photos wild-photo-088: light-blue entries on a dark board,
	// taken for the print and the white print for the player's).
	distinct := func(side []int) bool {
		for a := range symbols {
			for b := a + 1; b < len(symbols); b++ {
				ia, ib := cuts[a].centres[side[a]], cuts[b].centres[side[b]]
				spread := max(cuts[a].radius[side[a]], cuts[b].radius[side[b]], p.colourSpreadFloor)
				if d := dist(ia, ib); d < p.colourApart || d < p.colourSeparation*spread || sameHue(ia, ib, p) {
					return false
				}
			}
		}
		return true
	}
	pen := -1
	side := make([]int, len(symbols))
	other := make([]int, len(symbols))
	for choice := 0; choice < 1<<len(symbols); choice++ {
		for s := range symbols {
			side[s] = choice >> s & 1
			other[s] = 1 - side[s]
		}
		if !alike(side) {
			continue
		}
		if !distinct(other) {
			// One print ink and one pen, or print inks a photo's
			// noise set apart: the whole board's cut.
			return nil, false
		}
		if pen >= 0 {
			// Two ways to pair the sides: no one ink stands out.
			return nil, false
		}
		pen = choice
	}
	if pen < 0 {
		return nil, false
	}
	group := make([]int, len(filled))
	for s, v := range symbols {
		for j, k := range bySymbol[v] {
			if cuts[s].group[j] == pen>>s&1 {
				group[k] = 1
			}
		}
	}
	if raster.Trace != nil {
		n := 0
		for _, g := range group {
			n += g
		}
		raster.Trace("colour givens: one ink across %d symbols printed in their own: %d of %d filled cells the player's", len(symbols), n, len(filled))
	}
	return group, true
}

// offPlainPaper is the share of the filled cells of group marks that
// are not on clear paper (onClearPaper).
func (ci Image) offPlainPaper(filled, group []int, marks int) float64 {
	n, off := 0, 0
	for k, i := range filled {
		if group[k] != marks {
			continue
		}
		n++
		if !ci.onClearPaper(i/ci.Cols, i%ci.Cols) {
			off++
		}
	}
	return float64(off) / float64(max(1, n))
}

// followsSymbols says whether the two groups only gather whole symbols:
// each symbol's cells lie (but for 1-share of misreads) in one group. That
// is a board printing its symbols in different inks, not a player's
// marks, which are of every symbol.
func followsSymbols(group []int, filled []int, cells []solver.Cell, share float64) bool {
	bySymbol := map[solver.Cell]*[2]int{}
	for k, i := range filled {
		if bySymbol[cells[i]] == nil {
			bySymbol[cells[i]] = &[2]int{}
		}
		bySymbol[cells[i]][group[k]]++
	}
	for _, n := range bySymbol {
		if float64(max(n[0], n[1])) < share*float64(n[0]+n[1]) {
			return false
		}
	}
	return true
}

// inkHue is a filled cell's ink against its paper, measured on the
// glyph's core (the pixels that stand out at least coreShare as much as
// its most distinct): the share of the paper's light the ink takes in
// each channel, over the most it takes in any (hue: 1, 1, 1 for black or
// grey, low in blue for a blue pen), and that most (strength). The hue is
// a ratio of shares, so a thin stroke blurred half into the paper has
// the hue of a solid one: blur, focus and stroke width change only the
// strength. A glyph lighter than its paper (a dark board) takes from
// the paper's darkness instead.
func (ci Image) inkHue(paper [3]float64, row, col int) (hue [3]float64, strength float64, ok bool) {
	for c := range paper {
		if paper[c] <= 0 || paper[c] >= 255 {
			paper[c] = min(max(paper[c], 1), 254)
		}
	}
	px := ci.Px
	ox, oy, e := ci.glyphWindow(row, col)
	// How far each pixel departs from the paper, summed over its
	// channels; the window is read again for the pixels that depart
	// most, not kept pixel by pixel: a big grid has hundreds of filled
	// cells of a thousand pixels or more each.
	distinctAt := func(x, y int) (d float64, bgr [3]uint8) {
		b, g, r := ci.bgr.At(x, y)
		bgr = [3]uint8{b, g, r}
		for c, v := range bgr {
			d += math.Abs(float64(v) - paper[c])
		}
		return d, bgr
	}
	side := max(0, px-2*e)
	distinct := make([]float64, 0, side*side)
	for y := oy + e; y < oy+px-e; y++ {
		for x := ox + e; x < ox+px-e; x++ {
			d, _ := distinctAt(x, y)
			distinct = append(distinct, d)
		}
	}
	if len(distinct) == 0 {
		return hue, 0, false
	}
	p := &Tuned.Givens
	top := kthLargest(distinct, min(len(distinct)-1, int(p.inkTopShare*float64(len(distinct)))))
	if top <= 0 {
		return hue, 0, false
	}
	// Each core pixel's share taken from the paper's light, and, for ink
	// lighter than its paper, the share taken from the paper's darkness.
	var taken, lifted [3]float64
	n := 0
	for y := oy + e; y < oy+px-e; y++ {
		for x := ox + e; x < ox+px-e; x++ {
			d, bgr := distinctAt(x, y)
			if d < p.coreShare*top {
				continue
			}
			for c, v := range bgr {
				taken[c] += 1 - float64(v)/paper[c]
				lifted[c] += 1 - (255-float64(v))/(255-paper[c])
			}
			n++
		}
	}
	if taken[0]+taken[1]+taken[2] < 0 {
		// A light glyph on a dark board or tile.
		taken = lifted
	}
	most := max(taken[0], taken[1], taken[2]) / float64(n)
	if most <= 0 {
		return hue, 0, false
	}
	for c := range hue {
		hue[c] = max(0, taken[c]/float64(n)) / most
	}
	return hue, most, true
}

// kthLargest is the value k places from the top of values (0: the
// largest), found by selection in linear time; it reorders values. A
// cell's window holds a thousand pixels or more, and a big grid a
// thousand filled cells: sorting each window was the reader's slowest
// step on them.
func kthLargest(values []float64, k int) float64 {
	lo, hi := 0, len(values)-1
	for lo < hi {
		pivot := values[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for values[i] > pivot {
				i++
			}
			for values[j] < pivot {
				j--
			}
			if i <= j {
				values[i], values[j] = values[j], values[i]
				i, j = i+1, j-1
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return values[k]
		}
	}
	return values[k]
}

// localPapers is each cell's paper colour: the median, per channel, of
// the corner squares of the cell and its neighbours nearest in colour to
// the board's paper (the median corner of all). A glyph that fills its
// cell (a solid square, a tile) covers its own corners, and a
// neighbour's paper stands in; light falling off across a photo moves
// the board's paper but not a cell's neighbourhood's. nil marks a cell
// without corner squares.
func (ci Image) localPapers() []*[3]float64 {
	squares := make([][][3]float64, ci.Rows*ci.Cols)
	var all [3][]float64
	for i := range squares {
		ci.cornerSquares(i/ci.Cols, i%ci.Cols, func(colour [3]float64) {
			squares[i] = append(squares[i], colour)
			for c := range all {
				all[c] = append(all[c], colour[c])
			}
		})
	}
	if len(all[0]) == 0 {
		return make([]*[3]float64, len(squares))
	}
	var board [3]float64
	for c := range board {
		board[c] = median(all[c])
	}
	out := make([]*[3]float64, len(squares))
	for i := range squares {
		row, col := i/ci.Cols, i%ci.Cols
		var near [][3]float64
		for r := max(0, row-1); r <= min(ci.Rows-1, row+1); r++ {
			for c := max(0, col-1); c <= min(ci.Cols-1, col+1); c++ {
				near = append(near, squares[r*ci.Cols+c]...)
			}
		}
		if len(near) == 0 {
			continue
		}
		sort.Slice(near, func(a, b int) bool { return dist3(near[a], board) < dist3(near[b], board) })
		near = near[:(len(near)+1)/2]
		var paper [3]float64
		for c := range paper {
			vs := make([]float64, len(near))
			for k, q := range near {
				vs[k] = q[c]
			}
			paper[c] = median(vs)
		}
		out[i] = &paper
	}
	return out
}

// cornerSquares visits the median colour of each of a cell's corner
// squares. The lines mask is no help here (on a dark board it marks the
// board); the squares lie clear of a cell's lines, and the median and
// the choice of the squares nearest the board's paper leave out a
// thick border's edge.
func (ci Image) cornerSquares(row, col int, visit func([3]float64)) {
	ci.cornerSquaresAt(row, col, func(x0, y0, size int) {
		var ch [3][]float64
		for y := y0; y < y0+size; y++ {
			for x := x0; x < x0+size; x++ {
				b, g, r := ci.bgr.At(x, y)
				ch[0] = append(ch[0], float64(b))
				ch[1] = append(ch[1], float64(g))
				ch[2] = append(ch[2], float64(r))
			}
		}
		visit([3]float64{median(ch[0]), median(ch[1]), median(ch[2])})
	})
}

// inkCut is a cut of the inks into two groups: each ink's group, the
// groups' centres and spreads (radius and thickness along the line
// between the centres).
type inkCut struct {
	group         []int
	centres       [2]inkPoint
	radius, along [2]float64
	sumOfSquares  float64
}

// clear says whether the cut's groups each hold least inks or more and
// stand apart for their thickness along the line between them.
func (c inkCut) clear(least int, p *givenParams) bool {
	var size [2]int
	for _, g := range c.group {
		size[g]++
	}
	apart := dist(c.centres[0], c.centres[1])
	return size[0] >= least && size[1] >= least && apart >= p.colourApart &&
		apart >= p.colourSeparation*max(c.along[0], c.along[1], p.colourSpreadFloor)
}

// firstClear is the first of cuts whose groups stand apart (clear), and
// whether there is one.
func firstClear(cuts []inkCut, least int, p *givenParams) (inkCut, bool) {
	for _, c := range cuts {
		if c.clear(least, p) {
			return c, true
		}
	}
	return inkCut{}, false
}

// twoMeansCuts cuts points into two groups by Lloyd's iterations from
// two starts, the tighter cut (the smaller sum of squared distances to
// the centres) first. Lloyd's iterations end in the nearest cut to where
// they start. From the two points furthest apart along the spread, the
// cut finds two inks of like spread. From the points' median and the
// mean of those far from it, it finds a tight print beside a pen that a
// photo scattered over hues of its own: a blue pen's thin strokes that
// lost their red and green to a colour fringe lie further from its thick
// ones than those from the print, and the first start cut them off
// alone, six cells against 207 (marks-photos wild-photo-030). The
// tighter cut is not always one whose groups stand apart: a clean
// screenshot's grey print, of no spread, beside a pencil whose strength
// varies is cut exactly by the second start, a cut too thick along the
// line for its gap, where the first start's cut (the faintest pencil
// against the rest) stands apart (study-clean wild-clean-084); the
// caller takes the first cut that does.
func twoMeansCuts(points []inkPoint) []inkCut {
	var mean inkPoint
	for _, q := range points {
		for c := range mean {
			mean[c] += q[c] / float64(len(points))
		}
	}
	far := func(from inkPoint) inkPoint {
		best, d := points[0], -1.0
		for _, q := range points {
			if dq := dist(q, from); dq > d {
				best, d = q, dq
			}
		}
		return best
	}
	spreadEnds := far(mean)
	group, centres := lloyd(points, [2]inkPoint{spreadEnds, far(spreadEnds)})
	cuts := []inkCut{spreadsOf(points, group, centres)}
	if mode, ok := medianAndFar(points); ok {
		group, centres := lloyd(points, mode)
		c := spreadsOf(points, group, centres)
		if c.sumOfSquares < cuts[0].sumOfSquares {
			cuts = []inkCut{c, cuts[0]}
		} else {
			cuts = append(cuts, c)
		}
	}
	return cuts
}

// spreadsOf measures a cut's spreads and sum of squares.
func spreadsOf(points []inkPoint, group []int, centres [2]inkPoint) inkCut {
	c := inkCut{group: group, centres: centres}
	// Two spreads: the groups' radius (the root mean square distance of
	// a group's points from its centre), and their thickness along the
	// line between the centres. A photo scatters its inks' strength and
	// hue across that line as well (small cells, blur, light), which
	// widens the groups without bringing them nearer: a 24×24 board's
	// blue pen, 0.36 from its print, has a radius of 0.16 and is 0.044
	// thick along the line.
	var axis inkPoint
	if apart := dist(centres[0], centres[1]); apart > 0 {
		for k := range axis {
			axis[k] = (centres[1][k] - centres[0][k]) / apart
		}
	}
	var ssRadius, ssAlong [2]float64
	var n [2]int
	for k, q := range points {
		g := group[k]
		d := dist(q, centres[g])
		ssRadius[g] += d * d
		t := 0.0
		for ch := range q {
			t += (q[ch] - centres[g][ch]) * axis[ch]
		}
		ssAlong[g] += t * t
		n[g]++
	}
	for g := range n {
		c.sumOfSquares += ssRadius[g]
		if n[g] > 0 {
			c.radius[g] = math.Sqrt(ssRadius[g] / float64(n[g]))
			c.along[g] = math.Sqrt(ssAlong[g] / float64(n[g]))
		}
	}
	return c
}

// lloyd runs Lloyd's iterations from the two centres given.
func lloyd(points []inkPoint, centres [2]inkPoint) ([]int, [2]inkPoint) {
	group := make([]int, len(points))
	for range 20 {
		changed := false
		for k, q := range points {
			g := 0
			if dist(q, centres[1]) < dist(q, centres[0]) {
				g = 1
			}
			if g != group[k] {
				group[k], changed = g, true
			}
		}
		var sum [2]inkPoint
		var n [2]int
		for k, q := range points {
			for c := range q {
				sum[group[k]][c] += q[c]
			}
			n[group[k]]++
		}
		for g := range centres {
			if n[g] > 0 {
				for c := range centres[g] {
					centres[g][c] = sum[g][c] / float64(n[g])
				}
			}
		}
		if !changed {
			break
		}
	}
	return group, centres
}

// medianAndFar is the points' median, channel by channel, and the mean
// of the points further from it than their mean distance; ok is false
// when none is.
func medianAndFar(points []inkPoint) ([2]inkPoint, bool) {
	var centres [2]inkPoint
	for c := range centres[0] {
		ch := make([]float64, len(points))
		for k, q := range points {
			ch[k] = q[c]
		}
		centres[0][c] = median(ch)
	}
	var meanDist float64
	for _, q := range points {
		meanDist += dist(q, centres[0]) / float64(len(points))
	}
	n := 0
	for _, q := range points {
		if dist(q, centres[0]) > meanDist {
			for c := range q {
				centres[1][c] += q[c]
			}
			n++
		}
	}
	if n == 0 {
		return centres, false
	}
	for c := range centres[1] {
		centres[1][c] /= float64(n)
	}
	return centres, true
}

// inkPoint is a filled cell's ink as two-means cuts them: its hue's three
// channels and its strength against its symbol's, weighted.
type inkPoint [4]float64

func dist(a, b inkPoint) float64 {
	var ss float64
	for c := range a {
		ss += (a[c] - b[c]) * (a[c] - b[c])
	}
	return math.Sqrt(ss)
}

func dist3(a, b [3]float64) float64 {
	return dist(inkPoint{a[0], a[1], a[2]}, inkPoint{b[0], b[1], b[2]})
}

// sameHue says whether two coloured inks are one hue at two
// saturations: what each takes from white points the same way. A photo
// keeps less colour in a thin stroke than in a thick one (a JPEG stores
// colour at half the resolution of light), so red print's thin 1s come
// out paler than its 8s; a pen of another colour takes another way.
func sameHue(a, b inkPoint, p *givenParams) bool {
	if chroma(a) < p.hueChroma || chroma(b) < p.hueChroma {
		return false
	}
	var dot, na, nb float64
	for c := range 3 {
		da, db := 1-a[c], 1-b[c]
		dot, na, nb = dot+da*db, na+da*da, nb+db*db
	}
	return dot >= p.sameHueCos*math.Sqrt(na*nb)
}

// chroma is how far an ink's channels' ratios lie apart: none for grey
// or black, much for a blue that takes red and leaves blue.
func chroma(a inkPoint) float64 { return max(a[0], a[1], a[2]) - min(a[0], a[1], a[2]) }

// MarksLeastFirst orders the player's cells of a split of the filled
// cells (given, as FindGivens) from the least like the player's ink to
// the most: by how much nearer each one's ink (filledInks) lies to its
// symbol's print than to its symbol's marks (the whole board's group
// where the symbol has none of one). A cut of inks errs at its edge, a
// print glyph drawn thinner or bolder than the rest of its symbol's; the
// reader gives those back to the print first where the rules turn the
// split down. Marks whose ink was not measured come first.
func MarksLeastFirst(ci Image, cells []solver.Cell, given []bool) []int {
	filled, inks := filledInks(ci, cells)
	ink := make(map[int]inkPoint, len(filled))
	for k, i := range filled {
		ink[i] = inks[k]
	}
	type sums struct {
		sum inkPoint
		n   int
	}
	// Sums of ink per symbol and group (0 print, 1 marks), and over the
	// board (symbol solver.Empty).
	centres := map[solver.Cell]*[2]sums{}
	add := func(v solver.Cell, g int, q inkPoint) {
		if centres[v] == nil {
			centres[v] = &[2]sums{}
		}
		for c := range q {
			centres[v][g].sum[c] += q[c]
		}
		centres[v][g].n++
	}
	for _, i := range filled {
		g := 0
		if !given[i] {
			g = 1
		}
		add(cells[i], g, ink[i])
		add(solver.Empty, g, ink[i])
	}
	centre := func(v solver.Cell, g int) (inkPoint, bool) {
		var s sums
		if centres[v] != nil {
			s = centres[v][g]
		}
		if s.n == 0 && centres[solver.Empty] != nil {
			s = centres[solver.Empty][g]
		}
		if s.n == 0 {
			return inkPoint{}, false
		}
		var c inkPoint
		for k := range c {
			c[k] = s.sum[k] / float64(s.n)
		}
		return c, true
	}
	var marks []int
	markness := map[int]float64{}
	for i, v := range cells {
		if v == solver.Empty || given[i] {
			continue
		}
		marks = append(marks, i)
		q, measured := ink[i]
		printed, ok1 := centre(v, 0)
		player, ok2 := centre(v, 1)
		if !measured || !ok1 || !ok2 {
			markness[i] = math.Inf(-1)
			continue
		}
		markness[i] = dist(q, printed) - dist(q, player)
	}
	sort.SliceStable(marks, func(a, b int) bool { return markness[marks[a]] < markness[marks[b]] })
	return marks
}
