package cellread

import (
	"math"

	"binocle/solver"
	"binocle/vision/internal/raster"
	"binocle/vision/model"
)

// Givens told by the marks model (vision/model/train_marks.py). One cell
// alone often cannot say whether it is print or the player's: blue print
// and a blue pen look alike, and a grey app piece is grey print on
// another board. What tells them is how a cell differs from the board's
// other filled cells, so the model reads them as a set: an encoder turns
// each filled cell's patch, cut as the cell classifier's and so
// normalised to the grid's paper and spread, into marksFeatures numbers;
// a head reads each cell's numbers beside their mean and maximum over
// the board and gives the probability that the player put it there. It
// is trained on renders of every look with marks in pen, pencil, an
// app's player colour and unshaded pieces (visionlab markpatches);
// TestMarksModelAccuracy holds it.
var (
	marksCellNet  = &PatchNet{Name: "marks cell", Model: model.MarksCell}
	marksBoardNet = &PatchNet{Name: "marks board", Model: model.MarksBoard}
	marksGateNet  = &PatchNet{Name: "marks gate", Model: model.MarksGate}
)

// marksFeatures is the width of the marks encoder's output (train_marks.py
// FEATURES).
const marksFeatures = 32

// pooled is the mean and the maximum of the rows of feats that keep says.
func pooled(feats [][]float32, keep func(k int) bool) []float32 {
	out := make([]float32, 2*marksFeatures)
	top := out[marksFeatures:]
	for k := range top {
		top[k] = float32(math.Inf(-1))
	}
	n := 0
	for k, f := range feats {
		if !keep(k) {
			continue
		}
		n++
		for j, v := range f {
			out[j] += v
			top[j] = max(top[j], v)
		}
	}
	for j := range marksFeatures {
		out[j] /= float32(max(n, 1))
	}
	return out
}

// MarkProbs gives the probability that each of one board's filled cells
// is the player's mark, from their patches and symbols, and the
// probability that the board holds any mark; side is the patches' side,
// whose middle cellSide² the model reads.
func MarkProbs(patches []CellPatch, values []solver.Cell, side int) ([]float64, float64, error) {
	if len(patches) == 0 {
		return nil, 0, nil
	}
	feats, err := marksCellNet.Rows(patchInput(patches, side), []int{len(patches), CellChannels, CellSide, CellSide}, marksFeatures)
	if err != nil {
		return nil, 0, err
	}
	board := pooled(feats, func(int) bool { return true })
	gate, err := marksGateNet.SoftmaxRows(board, []int{1, 2 * marksFeatures}, 2)
	if err != nil {
		return nil, 0, err
	}
	bySymbol := map[solver.Cell][]float32{}
	for _, v := range values {
		if bySymbol[v] == nil {
			bySymbol[v] = pooled(feats, func(k int) bool { return values[k] == v })
		}
	}
	in := make([]float32, 0, 5*marksFeatures*len(feats))
	for k, f := range feats {
		in = append(in, f...)
		in = append(in, board...)
		in = append(in, bySymbol[values[k]]...)
	}
	rows, err := marksBoardNet.SoftmaxRows(in, []int{len(feats), 5 * marksFeatures}, 2)
	if err != nil {
		return nil, 0, err
	}
	probs := make([]float64, len(rows))
	for k, p := range rows {
		probs[k] = p[1]
	}
	return probs, gate[0][1], nil
}

// netGivens says which filled cells are printed, by the marks model, or
// nil when it finds no marks, and whether the model was sure of every
// cell (Tuned.Givens.netSure).
func netGivens(ci Image, cells []solver.Cell) ([]bool, bool) {
	filled, patches, values := filledPatches(ci, cells)
	marks, sure, err := marksOf(patches, values, CellSide)
	if err != nil || marks == nil {
		return nil, false
	}
	given := make([]bool, len(cells))
	for k, i := range filled {
		given[i] = !marks[k]
	}
	return given, sure
}

// MarksOf says which of one board's filled cells are the player's marks,
// from their patches and symbols, or nil when the board holds none: when
// the model's gate says so, or when fewer than netMinMarks cells are
// marks, as a lone cell the net doubts is likelier a smudged given than
// the player's one entry. side is the patches' side.
func MarksOf(patches []CellPatch, values []solver.Cell, side int) ([]bool, error) {
	marks, _, err := marksOf(patches, values, side)
	return marks, err
}

// marksOf is MarksOf, and whether the model was sure of every cell.
func marksOf(patches []CellPatch, values []solver.Cell, side int) ([]bool, bool, error) {
	probs, marked, err := MarkProbs(patches, values, side)
	if err != nil {
		return nil, false, err
	}
	p := &Tuned.Givens
	if marked < p.netGate {
		if raster.Trace != nil {
			raster.Trace("marks model: board %.2f, no marks", marked)
		}
		return nil, false, nil
	}
	marks := make([]bool, len(probs))
	n := 0
	decided := 0.0
	for k, q := range probs {
		marks[k] = q >= p.netMark
		if marks[k] {
			n++
		}
		decided += math.Abs(2*q - 1)
	}
	if raster.Trace != nil {
		raster.Trace("marks model: board %.2f, %d of %d filled cells marks, decided %.2f", marked, n, len(probs), decided/float64(len(probs)))
	}
	if n < p.netMinMarks {
		return nil, false, nil
	}
	return marks, decided >= p.netSure*float64(len(probs)), nil
}

// netAgrees says whether the marks model, asked cell by cell, agrees with
// a split of the filled cells into print and marks (given, as
// FindGivens) on Tuned.Givens' netAgree of them or more. The colour
// test's doubtful splits stand on it: the model reads the cells' shapes
// and strokes as well as their ink, and a split both find is rarely
// wrong where either alone often is (a red pen's strong strokes cut
// from its faint ones; the model alone unsure on a photo).
func netAgrees(ci Image, cells []solver.Cell, given []bool) bool {
	filled, patches, values := filledPatches(ci, cells)
	probs, _, err := MarkProbs(patches, values, CellSide)
	if err != nil || len(probs) == 0 {
		return false
	}
	p := &Tuned.Givens
	agree := 0
	for k, i := range filled {
		if (probs[k] >= p.netMark) != given[i] {
			agree++
		}
	}
	if raster.Trace != nil {
		raster.Trace("colour givens doubtful: the marks model agrees on %d of %d filled cells", agree, len(filled))
	}
	return float64(agree) >= p.netAgree*float64(len(filled))
}

// filledPatches is the indices, net patches and symbols of a grid's
// filled cells, as the marks model reads them.
func filledPatches(ci Image, cells []solver.Cell) (filled []int, patches []CellPatch, values []solver.Cell) {
	all := ci.NetPatches()
	for i, v := range cells {
		if v != solver.Empty {
			filled = append(filled, i)
			patches = append(patches, all[i])
			values = append(values, v)
		}
	}
	return filled, patches, values
}
