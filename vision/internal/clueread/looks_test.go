package clueread

import (
	"math/rand/v2"
	"testing"
)

// lookPatch draws a site as the cutter gives it: the line down the
// middle, each cell beside it on its own paper, and the clue on it, the
// whole off the middle by dx pixels across the line and the clue by dy
// along it, with noise.
func lookPatch(kind byte, leftPaper, rightPaper uint8, dx, dy int, rng *rand.Rand) []uint8 {
	side := SiteSide + 2*SiteMargin
	pix := make([]uint8, side*side)
	mid := side/2 + dx
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			v := int(leftPaper)
			if x >= mid {
				v = int(rightPaper)
			}
			if x == mid || x == mid-1 {
				v = 90
			}
			pix[y*side+x] = uint8(v)
		}
	}
	ink := func(x, y int) {
		x, y = x+mid, y+side/2+dy
		if x >= 0 && x < side && y >= 0 && y < side {
			pix[y*side+x] = 30
		}
	}
	const r = 5 // the clue's half-size: a fifth of a cell
	for i := -r; i <= r; i++ {
		switch kind {
		case '=':
			ink(i, -2)
			ink(i, -3)
			ink(i, 2)
			ink(i, 3)
		case 'x':
			ink(i, i)
			ink(i+1, i)
			ink(i, -i)
			ink(i+1, -i)
		}
	}
	for i := range pix {
		pix[i] = uint8(min(255, max(0, int(pix[i])+rng.IntN(13)-6)))
	}
	return pix
}

// The sites of one board split by the glyph drawn, whatever paper each
// cell beside it is on and however far the rectification put it off the
// middle; a board of one glyph is not split by the paper or the noise.
func TestLooks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	tests := []struct {
		name  string
		kinds string
		shade bool // cells on a shaded paper at random (locked cells, tiles)
		shift int  // sites cut off the middle by up to this many pixels
	}{
		{"plain", "==xx=x=xx=", false, 0},
		{"shaded cells", "x=x==xxx=x==", true, 0},
		{"off the middle", "=x=x=x==xx", false, 1},
		{"shaded and off", "xx=x=x==x=xx=", true, 1},
		{"one '=' among crosses", "xxxxx=xxxx", true, 1},
		{"crosses alone stay one look", "xxxxxxxx", true, 1},
		{"two sites of one glyph stay one look", "==", true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var patches [][]uint8
			for _, k := range []byte(tt.kinds) {
				left, right := uint8(235), uint8(235)
				if tt.shade && rng.IntN(2) == 0 {
					left = 185
				}
				if tt.shade && rng.IntN(2) == 0 {
					right = 185
				}
				dx, dy := 0, 0
				if tt.shift > 0 {
					dx, dy = rng.IntN(2*tt.shift+1)-tt.shift, rng.IntN(2*tt.shift+1)-tt.shift
				}
				patches = append(patches, lookPatch(k, left, right, dx, dy, rng))
			}
			looks := Looks(patches, nil)
			if len(looks) != len(patches) {
				t.Fatalf("%d looks for %d sites", len(looks), len(patches))
			}
			for i := range looks {
				same := tt.kinds[i] == tt.kinds[0]
				if (looks[i] == looks[0]) != same {
					t.Errorf("looks %v for kinds %s", looks, tt.kinds)
					break
				}
			}
		})
	}
	if Looks(nil, nil) != nil || Looks([][]uint8{lookPatch('=', 235, 235, 0, 0, rng)}, nil) != nil {
		t.Error("fewer than two sites were split")
	}
}

// BenchmarkLooks splits the most sites Looks takes (maxLookSites), a
// 40×30 board's worth of clues.
func BenchmarkLooks(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var patches [][]uint8
	for i := 0; i < maxLookSites; i++ {
		patches = append(patches, lookPatch("=x"[i%2], 235, 235, 0, 0, rng))
	}
	for b.Loop() {
		Looks(patches, nil)
	}
}
