package gui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"binocle/solver"
	"binocle/vision"
)

const testCell = 40

// newTestGrid is a grid widget on its own, laid out with 40-pixel cells.
func newTestGrid(t *testing.T, rules solver.Rules, rows, cols int) (*gridView, *editor) {
	t.Helper()
	test.NewTempApp(t)
	p, err := solver.NewPuzzle(rules, rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	ed := newEditor(p, vision.StyleSquareCircle)
	g := newGridView(ed)
	g.Resize(fyne.NewSize(float32(cols*testCell), float32(rows*testCell)))
	return g, ed
}

func centre(row, col int) fyne.Position {
	return fyne.NewPos(float32(col*testCell+testCell/2), float32(row*testCell+testCell/2))
}

func TestTapCyclesCells(t *testing.T) {
	for _, tc := range []struct {
		rules            solver.Rules
		forward, reverse []solver.Cell
	}{
		{solver.Takuzu,
			[]solver.Cell{solver.One, solver.Zero, solver.Empty, solver.One},
			[]solver.Cell{solver.Zero, solver.One, solver.Empty, solver.Zero}},
		{solver.Troix,
			[]solver.Cell{solver.One, solver.Zero, solver.Two, solver.Empty},
			[]solver.Cell{solver.Two, solver.Zero, solver.One, solver.Empty}},
	} {
		t.Run(tc.rules.String(), func(t *testing.T) {
			g, ed := newTestGrid(t, tc.rules, 6, 6)
			for i, want := range tc.forward {
				test.TapAt(g, centre(1, 2))
				if got := ed.puzzle.At(1, 2); got != want {
					t.Fatalf("after %d clicks the cell is %c, want %c", i+1, got.Char(), want.Char())
				}
			}
			ed.puzzle.Set(1, 2, solver.Empty)
			for i, want := range tc.reverse {
				test.TapSecondaryAt(g, centre(1, 2))
				if got := ed.puzzle.At(1, 2); got != want {
					t.Fatalf("after %d right clicks the cell is %c, want %c", i+1, got.Char(), want.Char())
				}
			}
			if ed.sel != (solver.Point{Row: 1, Col: 2}) {
				t.Errorf("selection is %v, want the tapped cell", ed.sel)
			}
		})
	}
}

func TestTapOutsideTheGridChangesNothing(t *testing.T) {
	g, ed := newTestGrid(t, solver.Takuzu, 4, 4)
	g.Resize(fyne.NewSize(400, 160)) // wider than the grid: centred with margins
	test.TapAt(g, fyne.NewPos(5, 80))
	for i, v := range ed.puzzle.Cells {
		if v != solver.Empty {
			t.Fatalf("cell %d changed to %c by a tap in the margin", i, v.Char())
		}
	}
}

func TestKeyboardEntry(t *testing.T) {
	g, ed := newTestGrid(t, solver.Takuzu, 4, 4)
	var rejected string
	g.rejected = func(msg string) { rejected = msg }
	// A digit sets the cell and moves on to the next, in reading order.
	test.Type(g, "1")
	test.Type(g, "o")
	if ed.sel != (solver.Point{Row: 0, Col: 2}) {
		t.Fatalf("after two digits the selection is %v, want r1c3", ed.sel)
	}
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	test.Type(g, "0")
	test.Type(g, "X")
	want := []string{"10..", "01..", "....", "...."}
	if got := ed.puzzle.RowStrings(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("grid is %v, want %v", got, want)
	}
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	test.Type(g, " ")
	if ed.puzzle.At(1, 0) != solver.Empty {
		t.Errorf("space did not clear the cell")
	}
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if ed.puzzle.At(0, 0) != solver.Empty {
		t.Errorf("backspace did not clear the cell")
	}
	test.Type(g, "2")
	if ed.puzzle.At(0, 0) != solver.Empty || rejected == "" {
		t.Errorf("'2' in a takuzu grid: cell %c, message %q; want it refused with a message", ed.puzzle.At(0, 0).Char(), rejected)
	}
	// Arrows stop at the rim.
	for i := 0; i < 6; i++ {
		g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
		g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	}
	if ed.sel != (solver.Point{}) {
		t.Errorf("selection ran off the grid to %v", ed.sel)
	}
}

func TestUndoRedo(t *testing.T) {
	g, ed := newTestGrid(t, solver.Takuzu, 4, 4)
	test.Type(g, "1")
	test.Type(g, "0")
	g.TypedShortcut(&fyne.ShortcutUndo{})
	if got := ed.puzzle.RowStrings()[0]; got != "1..." {
		t.Fatalf("after undo row 0 is %q, want 1...", got)
	}
	g.TypedShortcut(&fyne.ShortcutUndo{})
	if got := ed.puzzle.RowStrings()[0]; got != "...." {
		t.Fatalf("after two undos row 0 is %q, want ....", got)
	}
	g.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if got := ed.puzzle.RowStrings()[0]; got != "1..." {
		t.Fatalf("after Ctrl+Shift+Z row 0 is %q, want 1...", got)
	}
	g.TypedShortcut(&fyne.ShortcutRedo{})
	if got := ed.puzzle.RowStrings()[0]; got != "10.." {
		t.Fatalf("after redo row 0 is %q, want 10..", got)
	}
	// A new edit after an undo drops the redo branch.
	g.TypedShortcut(&fyne.ShortcutUndo{})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	test.Type(g, "1")
	g.TypedShortcut(&fyne.ShortcutRedo{})
	if got := ed.puzzle.RowStrings()[0]; got != "11.." {
		t.Fatalf("redo after a new edit changed row 0 to %q", got)
	}
}

func TestEdgeClues(t *testing.T) {
	g, ed := newTestGrid(t, solver.ThreeInARow, 6, 6)
	ed.edgeMode = true
	edges := func() string { return fmt.Sprint(ed.puzzle.Edges) }

	test.TapAt(g, centre(2, 2)) // a centre tap still cycles the cell
	if ed.puzzle.At(2, 2) != solver.One {
		t.Fatalf("tap in a cell's middle in edge mode did not set the cell")
	}
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp}) // back at (2,2), aiming up
	test.Type(g, "=")
	if got, want := edges(), fmt.Sprint([]solver.Edge{{R1: 1, C1: 2, R2: 2, C2: 2, Rel: solver.Equal}}); got != want {
		t.Fatalf("'=' aimed up gave edges %s, want %s", got, want)
	}
	test.Type(g, "x")
	if ed.puzzle.Edges[0].Rel != solver.Differ || len(ed.puzzle.Edges) != 1 {
		t.Fatalf("'x' over '=' gave %s, want the clue replaced", edges())
	}
	test.Type(g, "x")
	if len(ed.puzzle.Edges) != 0 {
		t.Fatalf("typing the same clue again left %s, want it removed", edges())
	}
	// At the right rim the clue goes to the left neighbour.
	for i := 0; i < 5; i++ {
		g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	}
	test.Type(g, "=")
	if got, want := edges(), fmt.Sprint([]solver.Edge{{R1: 2, C1: 4, R2: 2, C2: 5, Rel: solver.Equal}}); got != want {
		t.Fatalf("'=' at the rim gave %s, want %s", got, want)
	}
	// Mouse: a tap near a border cycles none, '=', 'x', none.
	border := fyne.NewPos(float32(1*testCell), float32(0*testCell+testCell/2))
	for _, want := range []string{"=", "x", ""} {
		test.TapAt(g, border)
		rel, has := ed.edgeAt(solver.Point{Row: 0, Col: 0}, solver.Point{Row: 0, Col: 1})
		got := ""
		if has {
			got = rel.String()
		}
		if got != want {
			t.Fatalf("tap on the border: clue %q, want %q", got, want)
		}
	}
	if ed.puzzle.At(0, 0) != solver.Empty || ed.puzzle.At(0, 1) != solver.Empty {
		t.Errorf("a tap on a border changed a cell")
	}
	g.TypedShortcut(&fyne.ShortcutUndo{})
	if _, has := ed.edgeAt(solver.Point{Row: 0, Col: 0}, solver.Point{Row: 0, Col: 1}); !has {
		t.Errorf("undo did not bring the removed clue back")
	}
}

func TestPlayModeLeavesGivensAlone(t *testing.T) {
	g, ed := newTestGrid(t, solver.Takuzu, 4, 4)
	ed.puzzle.Set(0, 0, solver.One)
	ed.playing = true
	ed.play = emptyCells(16)
	test.TapAt(g, centre(0, 0))
	if ed.puzzle.At(0, 0) != solver.One {
		t.Fatalf("a tap on a given in play mode changed it")
	}
	test.TapAt(g, centre(0, 1))
	if v, kind := ed.value(solver.Point{Row: 0, Col: 1}); v != solver.One || kind != kindPlay {
		t.Fatalf("play tap gave %c (kind %d), want a player's 1", v.Char(), kind)
	}
	if ed.puzzle.At(0, 1) != solver.Empty {
		t.Fatalf("a play entry leaked into the givens")
	}
}

// TestGlyphStyleGoldens renders one small grid in every glyph style, with
// givens, solved cells, an edge clue of each kind, a low-confidence cell
// and a rule-error cell, against images in testdata/grid/.
func TestGlyphStyleGoldens(t *testing.T) {
	for _, style := range glyphStyles {
		t.Run(string(style), func(t *testing.T) {
			rules := solver.ThreeInARow
			if style == vision.StyleXOI {
				rules = solver.Troix
			}
			g, ed := newTestGrid(t, rules, 3, 4)
			ed.style = style
			givens := "1.0." + ".1.." + "0..1"
			solved := "1001" + "0110" + "0101"
			if rules == solver.Troix {
				givens = "1.2." + ".1.." + "0..2"
				solved = "1020" + "2100" + "0122"
			}
			for i := range ed.puzzle.Cells {
				ed.puzzle.Cells[i], _ = solver.CellFromChar(givens[i])
			}
			ed.solution = make([]solver.Cell, 12)
			for i := range ed.solution {
				ed.solution[i], _ = solver.CellFromChar(solved[i])
			}
			ed.puzzle.Edges = []solver.Edge{{R1: 0, C1: 1, R2: 0, C2: 2, Rel: solver.Equal}, {R1: 1, C1: 3, R2: 2, C2: 3, Rel: solver.Differ}}
			ed.marks[5] |= markLowConfidence
			ed.marks[9] |= markRuleError
			ed.sel = solver.Point{Row: 2, Col: 2}
			g.Refresh()
			test.AssertObjectRendersToImage(t, "grid/"+string(style)+".png", g)
		})
	}
}
