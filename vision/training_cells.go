package vision

import (
	"fmt"
	"time"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
)

// CellPatchSide is the side of a TrainingCell's patch: the classifier's
// input and the margin the trainer shifts it by; CellPatchChannels its
// planes (grey, warm less cool, green less magenta).
const (
	CellPatchSide     = cellread.CellSide + 2*cellread.CellMargin
	CellPatchChannels = cellread.CellChannels
)

// TrainingCell is one cell as the cell classifier sees it, for the
// trainer (cmd/visionlab cellpatches): Row and Col name it, Pix is
// CellPatchChannels planes of CellPatchSide² levels.
type TrainingCell struct {
	Row, Col int
	Pix      []uint8
}

// ReadTrainingCells reads an encoded image as ReadBytes does and returns,
// besides the reading, the cells of the grid read, cut exactly as the
// reader cuts them for its classifier, so that the model is trained on
// what it will be shown.
func ReadTrainingCells(data []byte) (*Reading, []TrainingCell, error) {
	var cells []TrainingCell
	r, err := readDataObserved(data, time.Now(), func(ci cellread.Image, _ clueread.SiteImage) {
		cells = cells[:0] // a reduced copy's grid, read and then retried in full, does not count
		for i, p := range cellread.CellPatches(ci, CellPatchSide) {
			cells = append(cells, TrainingCell{Row: i / ci.Cols, Col: i % ci.Cols, Pix: p.Pix})
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return r, cells, nil
}

// ClassifyTrainingCells gives each cell's probability of each glyph kind
// (CellKinds order), as the reader's classifier does: for the model's
// accuracy test.
func ClassifyTrainingCells(cells []TrainingCell) ([][]float64, error) {
	patches := make([]cellread.CellPatch, len(cells))
	for i, c := range cells {
		if len(c.Pix) != CellPatchChannels*CellPatchSide*CellPatchSide {
			return nil, fmt.Errorf("vision: cell %d has %d levels, not %d", i, len(c.Pix), CellPatchChannels*CellPatchSide*CellPatchSide)
		}
		patches[i] = cellread.CellPatch{Pix: c.Pix}
	}
	probs, err := cellread.ClassifyCells(patches, CellPatchSide)
	if err != nil {
		return nil, err
	}
	out := make([][]float64, len(probs))
	for i := range probs {
		out[i] = probs[i][:]
	}
	return out, nil
}

// MarkTrainingCells says which of one board's filled cells are the
// player's marks, as the reader's marks model does (nil: none); values
// are the cells' symbols ('0', '1', '2'). For the model's accuracy test.
func MarkTrainingCells(cells []TrainingCell, values []byte) ([]bool, error) {
	patches := make([]cellread.CellPatch, len(cells))
	symbols := make([]solver.Cell, len(cells))
	for i, c := range cells {
		if len(c.Pix) != CellPatchChannels*CellPatchSide*CellPatchSide {
			return nil, fmt.Errorf("vision: cell %d has %d levels, not %d", i, len(c.Pix), CellPatchChannels*CellPatchSide*CellPatchSide)
		}
		patches[i] = cellread.CellPatch{Pix: c.Pix}
		v, ok := solver.CellFromChar(values[i])
		if !ok {
			return nil, fmt.Errorf("vision: cell %d: no symbol %q", i, values[i])
		}
		symbols[i] = v
	}
	return cellread.MarksOf(patches, symbols, CellPatchSide)
}

// KindStyle is the first style (in the reader's order) that draws kind,
// or "" for a blank: for the accuracy test, which knows the true kind of
// each cell but not its grid.
func KindStyle(kind int) cellread.Style {
	for _, sk := range cellread.StyleKinds {
		for _, k := range sk.Kinds {
			if k.Kind == kind {
				return sk.Style
			}
		}
	}
	return ""
}

// ValueUnderStyle is the value the reader gives a cell of the given kind
// probabilities once it has read the grid's style.
func ValueUnderStyle(style cellread.Style, probs []float64) solver.Cell {
	var p [cellread.KindCount]float64
	copy(p[:], probs)
	cells, _, _ := cellread.LabelByNet(style, [][cellread.KindCount]float64{p})
	return cells[0]
}

// KindValue is the value a kind means in its style (KindStyle).
func KindValue(kind int) solver.Cell {
	for _, sk := range cellread.StyleKinds {
		for _, k := range sk.Kinds {
			if k.Kind == kind {
				return k.Value
			}
		}
	}
	return solver.Empty
}
