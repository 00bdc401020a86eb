package vision

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"gocv.io/x/gocv"
)

// TestCellDarkDump prints one cell's darkness over its paper (ci.dark),
// with the faint level, from a rectified grid PNG: BINOCLE_CELL_PNG,
// BINOCLE_CELL_RC ("rows,cols,row,col").
func TestCellDarkDump(t *testing.T) {
	p := os.Getenv("BINOCLE_CELL_PNG")
	if p == "" {
		t.Skip("set BINOCLE_CELL_PNG and BINOCLE_CELL_RC")
	}
	var rc [4]int
	for i, f := range splitComma(os.Getenv("BINOCLE_CELL_RC")) {
		rc[i], _ = strconv.Atoi(f)
	}
	grid := gocv.IMRead(p, gocv.IMReadColor)
	defer grid.Close()
	px := cellPixels(rc[0], rc[1])
	ci := newCellImage(grid, rc[0], rc[1], px)
	g := ci.glyph(rc[2], rc[3])
	fmt.Printf("hint level %d faint pixels %d\n", ci.hint, g.faint)
	for y := 0; y < px; y += 2 {
		for x := 0; x < px; x += 2 {
			i := (g.oy+y)*ci.gray.w + g.ox + x
			c := ' '
			if ci.lines[i] {
				c = '|'
			} else if ci.faint[i] {
				c = '*'
			}
			fmt.Printf("%3d%c", ci.dark[i], c)
		}
		fmt.Println()
	}
}

func splitComma(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ',' {
			out = append(out, cur)
			cur = ""
			continue
		}
		cur += string(r)
	}
	return append(out, cur)
}
