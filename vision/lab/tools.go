package lab

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"binocle/internal/synth"
	"binocle/vision"
)

// WriteSuite renders a synthetic suite into dir, each image with its truth
// JSON beside it, so that it can be scored as a folder or looked at;
// images already there are kept, which lets an interrupted run go on.
func (e *Env) WriteSuite(dir string, s Suite) (int, error) {
	if s.N == 0 {
		return 0, fmt.Errorf("%s is a folder, not a synthetic suite", s.Name)
	}
	cases, err := e.Cases(s)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cases {
		if _, err := os.Stat(filepath.Join(dir, c.Name+".json")); err == nil {
			continue
		}
		sample, err := synth.Render(*c.Spec)
		if err != nil {
			return n, fmt.Errorf("%s: %v", c.Name, err)
		}
		if err := sample.WriteFiles(dir); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// NoGridPages reads n synthetic newspaper pages without a puzzle (seeds 1
// to n) and writes a line for every grid the reader wrongly finds in
// them; it returns how many pages had one.
func NoGridPages(n, width, height int, w io.Writer) (int, error) {
	found := 0
	for seed := 1; seed <= n; seed++ {
		data, err := synth.NoGrid(uint64(seed), width, height)
		if err != nil {
			return found, err
		}
		m, err := vision.LoadBytes(data)
		if err != nil {
			m.Close()
			return found, err
		}
		r, err := vision.Read(m)
		m.Close()
		if err == nil {
			found++
			fmt.Fprintf(w, "page %d: found %dx%d by %s (%s) at %v\n", seed, r.Rows, r.Cols, r.Method, r.Style, r.Corners)
		}
	}
	return found, nil
}
