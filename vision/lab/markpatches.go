package lab

import (
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"path/filepath"

	"binocle/internal/synth"
	"binocle/vision"
)

// MarkTrainingSets are the renders the committed marks model (printed
// given or the player's mark) is trained on, and MarkValidationSets
// those its accuracy is held on. Only a quarter of wild boards carry
// marks, so the sets keep the marked boards of many renders (Marked)
// beside a smaller set of every board, whose print teaches what is not
// a mark. Their seeds are no measured suite's nor another model's.
var (
	MarkTrainingSets = []PatchSet{
		{Seed: 75001, Kind: synth.KindClean, N: 2400, Wild: true, Marked: true},
		{Seed: 75002, Kind: synth.KindPhoto, N: 2400, Wild: true, Marked: true},
		{Seed: 75003, Kind: synth.KindClean, N: 300, Wild: true},
		{Seed: 75004, Kind: synth.KindPhoto, N: 300, Wild: true},
		{Seed: 75005, Kind: synth.KindClean, N: 400, Wild: true},
		{Seed: 75006, Kind: synth.KindPhoto, N: 400, Wild: true},
	}
	MarkValidationSets = []PatchSet{
		{Seed: 76001, Kind: synth.KindClean, N: 400, Wild: true, Marked: true},
		{Seed: 76002, Kind: synth.KindPhoto, N: 400, Wild: true, Marked: true},
		{Seed: 76003, Kind: synth.KindClean, N: 60, Wild: true},
		{Seed: 76004, Kind: synth.KindPhoto, N: 60, Wild: true},
	}
)

// markCellsPerImage is the most filled cells one image gives, so that the
// big grids do not swamp the small ones.
const markCellsPerImage = 120

// MarkStats counts what cutting the filled cells found.
type MarkStats struct {
	Images, Aligned int // rendered; read at the right size and place
	Given, Mark     int // cells kept of each label
}

// CutMarks renders the sets, reads each image and labels its filled
// cells (filled in the truth) printed (0) or the player's (1), by
// PlayerCells. The patches are the cell model's, cut as the reader cuts
// them.
func CutMarks(lib *synth.Library, sets []PatchSet, progress io.Writer) ([]LabelledCell, MarkStats, error) {
	type result struct {
		cells []LabelledCell
		stats MarkStats
	}
	results, err := cutEach(lib, sets, progress, func(spec synth.Spec) (result, error) {
		cells, st, err := cutMarksOne(spec)
		return result{cells, st}, err
	})
	var all []LabelledCell
	var st MarkStats
	for b, r := range results {
		for _, c := range r.cells {
			c.Board = b
			all = append(all, c)
		}
		st.Images += r.stats.Images
		st.Aligned += r.stats.Aligned
		st.Given += r.stats.Given
		st.Mark += r.stats.Mark
	}
	return all, st, err
}

func cutMarksOne(spec synth.Spec) ([]LabelledCell, MarkStats, error) {
	st := MarkStats{Images: 1}
	t, cells, ok, err := readInPlace(spec)
	if !ok {
		return nil, st, err
	}
	st.Aligned = 1
	player := PlayerCells(spec)
	var filled []LabelledCell
	for _, c := range cells {
		if t.Cells[c.Row][c.Col] == '.' {
			continue
		}
		var label uint8
		if player != nil && player[c.Row][c.Col] != '.' {
			label = 1
		}
		filled = append(filled, LabelledCell{Pix: c.Pix, Kind: label, Value: t.Cells[c.Row][c.Col]})
	}
	out := thin(filled, markCellsPerImage)
	for _, c := range out {
		if c.Kind == 1 {
			st.Mark++
		} else {
			st.Given++
		}
	}
	return out, st, nil
}

// WriteMarks writes the patches for the trainer as WriteCells does, with
// the labels "given" and "mark", DIR/boards.i32 the board of each
// (little-endian int32) and DIR/values.u8 its symbol: the model reads a
// cell against its board's, and against its symbol's on the board.
func WriteMarks(dir string, cells []LabelledCell, st MarkStats) error {
	if err := writePatches(dir, cells); err != nil {
		return err
	}
	boards := make([]byte, 0, 4*len(cells))
	values := make([]byte, len(cells))
	for i, c := range cells {
		boards = binary.LittleEndian.AppendUint32(boards, uint32(c.Board))
		values[i] = c.Value
	}
	if err := os.WriteFile(filepath.Join(dir, "boards.i32"), boards, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "values.u8"), values, 0o644); err != nil {
		return err
	}
	meta, err := json.MarshalIndent(struct {
		Side     int       `json:"side"`
		Channels int       `json:"channels"`
		Kinds    []string  `json:"kinds"`
		Count    int       `json:"count"`
		Stats    MarkStats `json:"stats"`
	}{vision.CellPatchSide, vision.CellPatchChannels, []string{"given", "mark"}, len(cells), st}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "meta.json"), append(meta, '\n'), 0o644)
}
