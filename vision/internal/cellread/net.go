package cellread

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision/model"
)

// cellModel is the cell classifier: a small convolutional net that takes
// a cell's patch (patch.go) and gives a score for each glyph kind
// any style draws. vision/model/train_cells.py trains it on rendered
// suites (make model); its accuracy is held by TestCellModelAccuracy.
var cellModel = model.Cells

// The glyph kinds, in the net's output order. A kind belongs to one style
// or two (the open circle is the 0 of both shape styles), so the grid's
// style is the one whose kinds its cells hold the most of.
const (
	kindBlank  = iota
	kindSquare // filled square: square-circle's 1
	kindDisc   // filled disc or dot: disc-circle's 1
	kindCircle // open circle, ring or open square: the shape styles' 0
	kindDigit0
	kindDigit1
	kindX
	kindO
	kindI
	kindSun
	kindMoon
	kindWarm // 0h h1's warm tile: 1
	kindCool // its cool tile: 0
	KindCount
)

// CellKinds names the kinds in the net's order, for the trainer and the lab.
var CellKinds = [KindCount]string{"blank", "square", "disc", "circle", "digit0", "digit1", "x", "o", "i", "sun", "moon", "warm", "cool"}

// styleKind is one kind of a style and the value it means.
type styleKind struct {
	Kind  int
	Value solver.Cell
}

// StyleKinds are the kinds each style draws.
var StyleKinds = []struct {
	Style Style
	Kinds []styleKind
}{
	{StyleSquareCircle, []styleKind{{kindSquare, solver.One}, {kindCircle, solver.Zero}}},
	{StyleDiscCircle, []styleKind{{kindDisc, solver.One}, {kindCircle, solver.Zero}}},
	{StyleDigits, []styleKind{{kindDigit1, solver.One}, {kindDigit0, solver.Zero}}},
	{StyleXO, []styleKind{{kindX, solver.One}, {kindO, solver.Zero}}},
	{StyleXOI, []styleKind{{kindX, solver.One}, {kindO, solver.Zero}, {kindI, solver.Two}}},
	{StyleTango, []styleKind{{kindSun, solver.Zero}, {kindMoon, solver.One}}},
	{StyleTiles, []styleKind{{kindWarm, solver.One}, {kindCool, solver.Zero}}},
}

// KindOf is the kind a synth style draws for a cell's value ('.', '0',
// '1', '2'), for labelling the training cells from the truth; -1 if the
// style draws no such value.
func KindOf(style string, value byte) int {
	if value == '.' {
		return kindBlank
	}
	want := map[byte]solver.Cell{'0': solver.Zero, '1': solver.One, '2': solver.Two}[value]
	for _, k := range styleKindsOf(Style(style)) {
		if k.Value == want {
			return k.Kind
		}
	}
	return -1
}

// PatchNet is a small classifier loaded from embedded ONNX bytes.
// OpenCV's Net is not safe for concurrent Forward calls, and loading it
// costs a few milliseconds, so one is loaded on first use and shared
// under a lock. The cell and the clue-site models are both one.
type PatchNet struct {
	Name  string
	Model []byte
	once  sync.Once
	mu    sync.Mutex
	net   gocv.Net
	err   error
}

var cellNet = &PatchNet{Name: "cell", Model: cellModel}

func (pn *PatchNet) load() error {
	pn.once.Do(func() {
		if len(pn.Model) == 0 {
			pn.err = fmt.Errorf("vision: no %s model embedded", pn.Name)
			return
		}
		n, err := gocv.ReadNetFromONNXBytes(pn.Model)
		if err != nil {
			pn.err = fmt.Errorf("vision: the %s model does not load: %v", pn.Name, err)
			return
		}
		pn.net = n
	})
	return pn.err
}

// forward runs the net on blob and copies its scores out while it still
// holds the lock: the output Mat may share the net's own buffer, so a
// second read running at once would overwrite the scores of the first.
func (pn *PatchNet) forward(blob gocv.Mat) ([]float32, error) {
	pn.mu.Lock()
	defer pn.mu.Unlock()
	pn.net.SetInput(blob, "")
	out := pn.net.Forward("")
	defer out.Close()
	logits, err := out.DataPtrFloat32()
	if err != nil {
		return nil, err
	}
	return append([]float32(nil), logits...), nil
}

// SoftmaxRows runs the net on a float32 blob of the given shape (the
// batch first) and gives each row's class probabilities.
func (pn *PatchNet) SoftmaxRows(in []float32, shape []int, classes int) ([][]float64, error) {
	rows, err := pn.Rows(in, shape, classes)
	if err != nil {
		return nil, err
	}
	probs := make([][]float64, len(rows))
	for i, l := range rows {
		top := float64(l[0])
		for _, v := range l[1:] {
			top = math.Max(top, float64(v))
		}
		p := make([]float64, classes)
		sum := 0.0
		for k, v := range l {
			p[k] = math.Exp(float64(v) - top)
			sum += p[k]
		}
		for k := range p {
			p[k] /= sum
		}
		probs[i] = p
	}
	return probs, nil
}

// Rows runs the net on a float32 blob of the given shape (the batch
// first) and gives its width outputs for each row as they come.
func (pn *PatchNet) Rows(in []float32, shape []int, width int) ([][]float32, error) {
	if err := pn.load(); err != nil {
		return nil, err
	}
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(&in[0])), len(in)*4)
	blob, err := gocv.NewMatWithSizesFromBytes(shape, gocv.MatTypeCV32F, bytes)
	if err != nil {
		return nil, err
	}
	defer blob.Close()
	out, err := pn.forward(blob)
	// The blob may be a view of in's memory, which Go does not know C
	// reads: without this, the collector may free in during the forward
	// pass and another read's allocation overwrite it.
	runtime.KeepAlive(in)
	if err != nil {
		return nil, err
	}
	if len(out) != shape[0]*width {
		return nil, fmt.Errorf("vision: the %s model gave %d numbers for %d rows of %d", pn.Name, len(out), shape[0], width)
	}
	rows := make([][]float32, shape[0])
	for i := range rows {
		rows[i] = out[i*width : (i+1)*width]
	}
	return rows, nil
}

// ClassifyCells gives each patch's kind probabilities; side is the
// patches' side, whose middle cellSide² the net reads.
func ClassifyCells(patches []CellPatch, side int) ([][KindCount]float64, error) {
	if len(patches) == 0 {
		return nil, nil
	}
	rows, err := cellNet.SoftmaxRows(patchInput(patches, side), []int{len(patches), CellChannels, CellSide, CellSide}, KindCount)
	if err != nil {
		return nil, err
	}
	probs := make([][KindCount]float64, len(patches))
	for i, p := range rows {
		copy(probs[i][:], p)
	}
	return probs, nil
}

// patchInput is the patches' middle cellSide² as the cell and marks nets
// take them: 128 is paper, cellGreyGain levels a unit.
func patchInput(patches []CellPatch, side int) []float32 {
	const per = CellChannels * CellSide * CellSide
	in := make([]float32, len(patches)*per)
	m := (side - CellSide) / 2
	for i, p := range patches {
		dst := in[i*per : (i+1)*per]
		for ch := 0; ch < CellChannels; ch++ {
			src := p.Pix[ch*side*side:]
			for y := 0; y < CellSide; y++ {
				row := src[(y+m)*side+m : (y+m)*side+m+CellSide]
				for x, v := range row {
					dst[(ch*CellSide+y)*CellSide+x] = (float32(v) - 128) / cellGreyGain
				}
			}
		}
	}
	return in
}

// voteStyle is the style that best explains every cell's probabilities
// (styleByFit), so that no one cell's doubtful colour or shape switches
// the whole grid; ok is false when no cell votes.
func voteStyle(probs [][KindCount]float64, allowed func(Style) bool) (Style, bool) {
	mass, voted := glyphMass(probs)
	return styleByFit(probs, mass, voted, allowed)
}

// glyphMass is each kind's probability summed over the cells that are
// likely not blank; ok is false when there is none.
func glyphMass(probs [][KindCount]float64) (mass [KindCount]float64, ok bool) {
	for _, p := range probs {
		if p[kindBlank] >= Tuned.Net.glyphVote {
			continue
		}
		ok = true
		for k := range p {
			mass[k] += p[k]
		}
	}
	return mass, ok
}

// styleByFit is the allowed style under which the cells as the net saw
// them are most likely: each cell counts the log of the probability the
// net gives to blank and to the style's kinds, and a little of the kinds
// that look like them (alike). Summed probability would let a style win
// on a few cells it explains well while most cells, taken for another
// style's kinds, say nothing against it: X/O grids whose blurred X's
// look like 1's were read as digits though their O's were plainly O's.
// The letter styles must still show their own kinds in mass (glyphMass):
// X/O/I holds X/O's kinds and more, and a digit grid's 1's and 0's look
// like I's and O's. ok is false when no cell votes.
func styleByFit(probs [][KindCount]float64, mass [KindCount]float64, voted bool, allowed func(Style) bool) (Style, bool) {
	if !voted {
		return "", false
	}
	total := 0.0
	for k := kindBlank + 1; k < KindCount; k++ {
		total += mass[k]
	}
	best, bestFit := Style(""), math.Inf(-1)
	for _, sk := range StyleKinds {
		letters := sk.Style == StyleXO || sk.Style == StyleXOI
		if !allowed(sk.Style) || (sk.Style == StyleXOI && mass[kindI] < Tuned.Net.minIMass) || (letters && mass[kindX] < Tuned.Net.minXShare*total) {
			continue
		}
		fit := styleFit(probs, sk.Kinds)
		// X/O/I holds X/O's kinds and more: it wins a tie, since its I's
		// passed minIMass.
		if fit > bestFit || (fit == bestFit && sk.Style == StyleXOI) {
			best, bestFit = sk.Style, fit
		}
	}
	return best, best != ""
}

// styleFit is the log-likelihood of the cells as the net saw them under
// a style that draws kinds: each cell counts the log of the probability the net gives
// to blank and to the style's kinds, and a little of the kinds that look
// like them (alike).
func styleFit(probs [][KindCount]float64, kinds []styleKind) float64 {
	var weight [KindCount]float64
	weight[kindBlank] = 1
	for _, k := range kinds {
		for _, g := range alikeGroup(k.Kind) {
			weight[g] = Tuned.Net.alikeWeight
		}
	}
	for _, k := range kinds {
		weight[k.Kind] = 1
	}
	fit := 0.0
	for _, p := range probs {
		explained := 0.0
		for k, w := range weight {
			explained += w * p[k]
		}
		fit += math.Log(explained + Tuned.Net.fitFloor)
	}
	return fit
}

// inkOverColour is the inked style the net clearly prefers for a grid the
// colour rules took for Tango or tiles (hand), if any: by the cells'
// summed kinds (glyphMass, netParams.inkOverColour) or, for Tango, by how
// much better the inked style explains the cells than either colour style
// (styleFit, netParams.inkOverTangoFit).
func inkOverColour(probs [][KindCount]float64, mass [KindCount]float64, voted bool, hand Style) (Style, bool) {
	style, ok := styleByFit(probs, mass, voted, func(s Style) bool { return !isColourStyle(s) })
	if !ok {
		return "", false
	}
	colour := mass[kindSun] + mass[kindMoon] + mass[kindWarm] + mass[kindCool]
	ink := 0.0
	for _, k := range styleKindsOf(style) {
		// An X/O/I grid may hold few I's; its X's and O's say enough.
		// A value counts the kinds that look like its own: a printed
		// X/O grid whose O's the net takes half for 0's still shows its
		// O's.
		if alikeMass(mass, k.Kind) < Tuned.Net.inkValueMass && k.Value != solver.Two {
			return "", false
		}
		ink += mass[k.Kind]
	}
	// The style's own kinds must still hold two values' worth, however
	// they share it out.
	if ink < 2*Tuned.Net.inkKindMass {
		return "", false
	}
	if ink >= Tuned.Net.inkOverColour*colour {
		return style, true
	}
	if hand != StyleTango {
		return "", false
	}
	// Against either colour style: coloured pieces on grey tiles pass the
	// colour rules for Tango too, and the net sees their tiles.
	colourFit := max(styleFit(probs, styleKindsOf(StyleTango)), styleFit(probs, styleKindsOf(StyleTiles)))
	return style, styleFit(probs, styleKindsOf(style))-colourFit >= Tuned.Net.inkOverTangoFit
}

// styleKindsOf is the kinds style draws.
func styleKindsOf(style Style) []styleKind {
	for _, sk := range StyleKinds {
		if sk.Style == style {
			return sk.Kinds
		}
	}
	return nil
}

// alikeMass is the mass of kind and the kinds that look like it (alike).
func alikeMass(mass [KindCount]float64, kind int) float64 {
	sum := 0.0
	for _, k := range alikeGroup(kind) {
		sum += mass[k]
	}
	return sum
}

// alikeGroup is kind and the kinds that look like it: its group in alike,
// or kind alone.
func alikeGroup(kind int) []int {
	for _, group := range alike {
		if slices.Contains(group, kind) {
			return group
		}
	}
	return []int{kind}
}

// otherColourStyle is the other colour style (tiles for Tango, Tango for
// tiles) when the net clearly prefers it to the one the colour rules
// chose (netParams.colourOverColour), from the cells' summed kinds
// (glyphMass).
func otherColourStyle(hand Style, mass [KindCount]float64) (Style, bool) {
	own, other, style := [2]float64{mass[kindSun], mass[kindMoon]}, [2]float64{mass[kindWarm], mass[kindCool]}, StyleTiles
	if hand == StyleTiles {
		own, other, style = other, own, StyleTango
	}
	t := Tuned.Net
	need := t.colourKindMass
	if own[0]+own[1] <= t.ownNone {
		need = t.noneKindMass
	}
	if min(other[0], other[1]) < need {
		return "", false
	}
	return style, other[0]+other[1] >= t.colourOverColour*(own[0]+own[1])
}

// ValueProbs are one cell's probabilities of being blank, '0', '1' and '2'.
type ValueProbs [4]float64

// alike are the kinds that look alike across styles: a cell the net
// gives partly to a kind its grid's style does not draw counts, for that
// share, as the style's kind that looks like it (a ring is an O in an
// X/O grid and a 0 in a digits grid; a bar an I or a 1).
var alike = [][]int{
	{kindCircle, kindDigit0, kindO},
	{kindSquare, kindDisc},
	{kindDigit1, kindI},
	{kindSun, kindWarm},
	{kindMoon, kindCool},
}

// LabelByNet labels each cell by the style's kinds and those that look
// like them; the kinds of other styles are left out and the rest made to
// sum to one.
func LabelByNet(style Style, probs [][KindCount]float64) ([]solver.Cell, []float64, []ValueProbs) {
	kinds := styleKindsOf(style)
	// valueOf[k] is the value index kind k counts for under style, or
	// -1 when it counts for none.
	var valueOf [KindCount]int
	for k := range valueOf {
		valueOf[k] = -1
	}
	valueOf[kindBlank] = 0
	for _, k := range kinds {
		valueOf[k.Kind] = ValueIndex(k.Value)
	}
	for _, group := range alike {
		v := -1
		for _, k := range group {
			for _, sk := range kinds {
				if sk.Kind == k {
					v = ValueIndex(sk.Value)
				}
			}
		}
		for _, k := range group {
			if valueOf[k] < 0 {
				valueOf[k] = v
			}
		}
	}
	// otherShape is the filled shape of the square and disc styles that
	// style does not draw, when it draws the other; its probability
	// counts in part (netParams.otherShapeShare), the rest going evenly
	// to the style's other values.
	otherShape, otherValues := -1, []int(nil)
	for _, pair := range [][2]int{{kindSquare, kindDisc}, {kindDisc, kindSquare}} {
		own, other := pair[0], pair[1]
		if slices.ContainsFunc(kinds, func(k styleKind) bool { return k.Kind == own }) {
			otherShape = other
			otherValues = append(otherValues, 0)
			for _, k := range kinds {
				if v := ValueIndex(k.Value); v != valueOf[other] && !slices.Contains(otherValues, v) {
					otherValues = append(otherValues, v)
				}
			}
		}
	}
	share := Tuned.Net.otherShapeShare
	cells := make([]solver.Cell, len(probs))
	conf := make([]float64, len(probs))
	values := make([]ValueProbs, len(probs))
	for i, p := range probs {
		var v ValueProbs
		sum := 0.0
		for k, pk := range p {
			if valueOf[k] < 0 {
				continue
			}
			sum += pk
			if k != otherShape {
				v[valueOf[k]] += pk
				continue
			}
			v[valueOf[k]] += share * pk
			for _, o := range otherValues {
				v[o] += (1 - share) * pk / float64(len(otherValues))
			}
		}
		best := 0
		for j := range v {
			v[j] /= sum
			if v[j] > v[best] {
				best = j
			}
		}
		values[i] = v
		cells[i] = [4]solver.Cell{solver.Empty, solver.Zero, solver.One, solver.Two}[best]
		conf[i] = v[best]
	}
	return cells, conf, values
}

// ValueIndex is where a value's probability sits in a cell's ValueProbs:
// blank, '0', '1', '2'.
func ValueIndex(c solver.Cell) int {
	switch c {
	case solver.Zero:
		return 1
	case solver.One:
		return 2
	case solver.Two:
		return 3
	}
	return 0
}

// cellNetMode is how the reader uses the cell classifier:
//
//   - "inkplus": the hand rules read a grid they take for a colour style
//     (Tango, tiles), as they read every real LinkedIn and Zuzu
//     screenshot without fault where the classifier, trained on renders,
//     takes LinkedIn's suns for discs; any other grid takes its style
//     from the classifier's votes over all styles and its cells from the
//     classifier.
//   - "ink": the same, but the votes only among the inked styles.
//   - "inkstyle": as ink, with the hand rules labelling the cells.
//   - "labels": every style and value from the classifier; "style": only
//     the style.
//   - "off": the hand rules alone.
//
// The lab builds the others with -ldflags -X to compare them; the commit
// that chose inkplus gives each one's scores.
var cellNetMode = "inkplus"

// isColourStyle tells the styles told by colour from those told by ink.
func isColourStyle(s Style) bool { return s == StyleTango || s == StyleTiles }

// Read reads the grid's style and cells as cellNetMode says, by the
// hand rules (classify) when the model does not load or no cell holds a
// glyph. values is nil when the hand rules labelled the cells; kinds,
// the net's kinds for every cell, is nil when the net did not run.
// resembled, where the net labelled an ink style's cells, is each
// glyph as the grid's glyphs it resembles say (resembledOf), for the
// rules to weigh; nil otherwise, or where it says the same.
func Read(ci Image) (style Style, cells []solver.Cell, conf []float64, values []ValueProbs, kinds [][KindCount]float64, resembled []solver.Cell) {
	if cellNetMode == "off" {
		style, cells, conf := Classify(ci)
		return style, cells, conf, nil, nil, nil
	}
	feats := make([]Features, ci.Rows*ci.Cols)
	for i := range feats {
		feats[i] = ci.Features(i/ci.Cols, i%ci.Cols)
	}
	inkOnly := cellNetMode == "ink" || cellNetMode == "inkstyle"
	hand := detectStyle(feats)
	allowed := func(Style) bool { return true }
	if inkOnly || cellNetMode == "inkplus" {
		if isColourStyle(hand) {
			if probs, err := ClassifyCells(ci.NetPatches(), CellSide); err == nil {
				mass, voted := glyphMass(probs)
				if ink, ok := inkOverColour(probs, mass, voted, hand); ok {
					cells, conf, values := LabelByNet(ink, probs)
					return ink, cells, conf, values, probs, nil
				}
				if other, ok := otherColourStyle(hand, mass); ok {
					cells, conf, values := LabelByNet(other, probs)
					return other, cells, conf, values, probs, nil
				}
				kinds = probs
			}
			cells, conf := labelFeatures(hand, feats)
			return hand, cells, conf, nil, kinds, nil
		}
	}
	if inkOnly {
		allowed = func(s Style) bool { return !isColourStyle(s) }
	}
	probs, err := ClassifyCells(ci.NetPatches(), CellSide)
	ok := false
	if err != nil {
		probs = nil
	} else {
		style, ok = voteStyle(probs, allowed)
	}
	if !ok {
		cells, conf := labelFeatures(hand, feats)
		return hand, cells, conf, nil, probs, nil
	}
	if cellNetMode == "style" || cellNetMode == "inkstyle" {
		cells, conf := labelFeatures(style, feats)
		return style, cells, conf, nil, probs, nil
	}
	cells, conf, values = LabelByNet(style, probs)
	return style, cells, conf, values, probs, resembledOf(style, feats, cells)
}

// resembledOf is resembledAmong the style's symbols for an ink style,
// nil for a colour style (told by colour, not shape) or where it
// relabels no cell.
func resembledOf(style Style, feats []Features, cells []solver.Cell) []solver.Cell {
	if isColourStyle(style) {
		return nil
	}
	labels := []solver.Cell{solver.Zero, solver.One}
	if style == StyleXOI {
		labels = append(labels, solver.Two)
	}
	resembled := resembledAmong(feats, cells, labels)
	if slices.Equal(resembled, cells) {
		return nil
	}
	return resembled
}
