package vision

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
)

// renderSpec renders a synthetic picture and loads it as LoadBytes does;
// the caller closes the Mat.
func renderSpec(t testing.TB, s synth.Spec) gocv.Mat {
	t.Helper()
	sample, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readSpec renders a synthetic picture and reads it.
func readSpec(t testing.TB, s synth.Spec) (*Reading, error) {
	t.Helper()
	m := renderSpec(t, s)
	defer m.Close()
	return Read(m)
}
