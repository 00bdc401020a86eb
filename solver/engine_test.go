package solver

import (
	"math/bits"
	"math/rand"
	"testing"
)

// plainLineDP is lineDP's branch-free form; on every line length, on
// random possibility masks and edge clues, both must keep the same cells.
func TestPlainLineDPMatchesLineDP(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var dp dpTable
	for _, n := range []int{2, 3, 6, 7, 10, 14, 20, 33, 63, 64} {
		for round := range 2000 {
			sp := lineSpec{n: n, full: lowBits(n), least: n / 2, most: (n + 1) / 2}
			totals := lowBits(sp.most+1) &^ lowBits(sp.least)
			if round%2 == 0 {
				addRandomEdges(rng, &sp, 5)
			}
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

// troixLineDP must keep exactly the symbols that some valid filling of the
// line puts in each cell: checked against every filling of short lines,
// with random possibilities and edge clues.
func TestTroixLineDPMatchesEnumeration(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var table troixTable
	feasible := 0
	for _, n := range []int{3, 6, 9} {
		total := 1
		for range n {
			total *= 3
		}
		for round := range 300 {
			sp := lineSpec{n: n, full: lowBits(n), least: n / 3, most: n / 3}
			if round%3 == 0 {
				addRandomEdges(rng, &sp, 6)
			}
			var m masks
			for i := range n {
				for s := range 3 {
					if rng.Intn(4) != 0 {
						m[s] |= 1 << uint(i)
					}
				}
			}
			var want masks
			line := make([]int, n)
			for code := range total {
				var k masks
				for i, c := 0, code; i < n; i, c = i+1, c/3 {
					line[i] = c % 3
					k[line[i]] |= 1 << uint(i)
				}
				fits := true
				for s := range 3 {
					fits = fits && k[s]&^m[s] == 0 && bits.OnesCount64(k[s]) == n/3
				}
				if fits && (&engine{nsym: 3}).runsAndEdgesHold(&sp, k) {
					for s := range 3 {
						want[s] |= k[s]
					}
				}
			}
			got, ok := troixLineDP(&table, &sp, m)
			wantOK := want[0]|want[1]|want[2] == sp.full
			if ok != wantOK || (ok && got != want) {
				t.Fatalf("n=%d masks %b equal %b differ %b: got %b (%v), want %b (%v)", n, m, sp.equal, sp.differ, got, ok, want, wantOK)
			}
			if ok {
				feasible++
			}
		}
	}
	if feasible < 100 {
		t.Fatalf("only %d of 900 random lines could be filled: the test checks too little", feasible)
	}
}

// addRandomEdges puts an '=' clue after about one cell in oneIn of a line,
// and an 'x' clue after as many others.
func addRandomEdges(rng *rand.Rand, sp *lineSpec, oneIn int) {
	for i := range sp.n - 1 {
		switch rng.Intn(oneIn) {
		case 0:
			sp.equal |= 1 << uint(i)
		case 1:
			sp.differ |= 1 << uint(i)
		}
	}
}
