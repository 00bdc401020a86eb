package vision

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/visiontest"
)

// paledClueCells renders spec like renderedCells, then fades the ink round
// the first edge of spec towards the paper by fade (0 leaves it, 1 wipes
// it), as a blot or a worn print leaves a mark.
func paledClueCells(t *testing.T, spec synth.Spec, fade float64) cellread.Image {
	t.Helper()
	grid, tr, px := renderedGrid(t, spec)
	defer grid.Close()
	e := spec.Edges[0]
	// The clue's site: the middle of the line between the two cells.
	cx, cy := e.C1*px+px/2, (e.R1+1)*px
	if e.R1 == e.R2 {
		cx, cy = (e.C1+1)*px, e.R1*px+px/2
	}
	p := raster.BGRPlaneOf(grid)
	r := px / 4
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			for k := 0; k < 3; k++ {
				i := 3*(y*p.W+x) + k
				p.Pix[i] = uint8(float64(p.Pix[i]) + fade*(255-float64(p.Pix[i])))
			}
		}
	}
	faded, err := gocv.NewMatFromBytes(grid.Rows(), grid.Cols(), grid.Type(), p.Pix)
	if err != nil {
		t.Fatal(err)
	}
	defer faded.Close()
	return cellread.NewImage(faded, tr.Rows, tr.Cols, px)
}

// A single pale mark on a line of a grid with no other clue is not taken
// for the puzzle's one clue; the same mark drawn at full strength is, and
// so is the pale one among the puzzle's other clues. (At a fade of 0.68
// the mark is found, as a pale clue, when the lone-clue rule is off.)
func TestLonePaleClue(t *testing.T) {
	pale := solver.Edge{R1: 2, C1: 2, R2: 2, C2: 3, Rel: solver.Equal}
	cases := []struct {
		name  string
		edges []solver.Edge
		fade  float64
		want  []solver.Edge
	}{
		{"lone clue at full strength", []solver.Edge{pale}, 0, []solver.Edge{pale}},
		{"lone pale mark", []solver.Edge{pale}, 0.68, nil},
		{"pale clue among others", append([]solver.Edge{pale}, clueBoard.edges...), 0.68, append([]solver.Edge{pale}, clueBoard.edges...)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			spec := synth.Spec{
				Name: "lone", Seed: 3, Kind: synth.KindClean, Style: synth.StyleSquareCircle, Look: synth.LookLight, Source: "test",
				Rows: 6, Cols: 6, Cells: clueBoard.cells, Givens: clueBoard.givens, Edges: tc.edges,
				Width: 900, Height: 900,
			}
			got, want := visiontest.EdgeSet(clueread.FindClues(paledClueCells(t, spec, tc.fade))), visiontest.EdgeSet(tc.want)
			if got != want {
				t.Errorf("clues\n got [%s]\nwant [%s]", got, want)
			}
		})
	}
}
