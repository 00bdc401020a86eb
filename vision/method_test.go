package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision/internal/locate"
)

// TestReadingSaysMethod reads a clean printed grid: the reading names the
// closed-cell lattice and carries the evidence it was accepted on.
func TestReadingSaysMethod(t *testing.T) {
	d := cleanShot(t, synth.StyleDigits, synth.LookPrint, largeGivens(8, 8), 5)
	defer d.mat.Close()
	r, err := Read(d.mat)
	if err != nil {
		t.Fatal(err)
	}
	ev := r.Evidence
	if r.Method != locate.MethodLattice || ev.ClosedCells == 0 || ev.ClosedCells > 64 || ev.LineSupport <= 0 || ev.LineSupport > 1 || ev.Residual < 0 || ev.Accepted == "" {
		t.Errorf("method %q evidence %+v, want a lattice with its closed cells, line support, residual and rule", r.Method, ev)
	}
}
