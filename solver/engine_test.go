package solver

import (
	"math/rand"
	"testing"
)

// plainLineDP is lineDP without edge clues; on every line length and on
// random possibility masks, both must keep exactly the same cells.
func TestPlainLineDPMatchesLineDP(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var dp dpTable
	for _, n := range []int{2, 3, 6, 7, 10, 14, 20, 33, 63, 64} {
		sp := lineSpec{n: n, full: lowBits(n), least: n / 2, most: (n + 1) / 2}
		totals := lowBits(sp.most+1) &^ lowBits(sp.least)
		for range 2000 {
			// Each cell is open, decided either way, or (rarely) impossible.
			var canOn, canOff uint64
			for i := range n {
				switch rng.Intn(9) {
				case 0, 1:
					canOn |= 1 << uint(i)
				case 2, 3:
					canOff |= 1 << uint(i)
				case 4:
				default:
					canOn |= 1 << uint(i)
					canOff |= 1 << uint(i)
				}
			}
			on1, off1, ok1 := lineDP(&dp, &sp, canOn, canOff, totals, false)
			on2, off2, ok2 := plainLineDP(&dp, &sp, canOn, canOff, totals)
			if on1 != on2 || off1 != off2 || ok1 != ok2 {
				t.Fatalf("n=%d on %b off %b: lineDP (%b, %b, %v), plainLineDP (%b, %b, %v)", n, canOn, canOff, on1, off1, ok1, on2, off2, ok2)
			}
		}
	}
}
