package store

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
	"time"

	"binocle/solver"
)

// sampleRecord is a deterministic, valid record that differs for every n,
// so that tests and the crash child can regenerate what they saved.
func sampleRecord(n int) *Record {
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	sizes := []int{4, 6, 8, 10}
	size := sizes[n%len(sizes)]
	rules := []string{"takuzu", "threeinarow"}[n%2]
	givens := make([]string, size)
	solution := make([]string, size)
	for r := range givens {
		g, s := make([]byte, size), make([]byte, size)
		for c := range g {
			s[c] = byte('0' + rng.IntN(2))
			g[c] = '.'
			if rng.IntN(3) == 0 {
				g[c] = s[c]
			}
		}
		givens[r], solution[r] = string(g), string(s)
	}
	conf := make([]float64, size*size)
	for i := range conf {
		conf[i] = float64(rng.IntN(1000)) / 1000
	}
	return &Record{
		Created:     time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Minute),
		Source:      Sources[n%len(Sources)],
		Title:       fmt.Sprintf("Puzzle %d", n),
		Rules:       rules,
		Rows:        size,
		Cols:        size,
		Givens:      givens,
		Edges:       []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Relation(n % 2)}},
		Reading:     &Reading{Corners: [4][2]float64{{1, 2}, {100, 2}, {100, 101}, {1, 101}}, Confidence: conf, Style: "print"},
		Corrected:   []solver.Point{{Row: n % size, Col: (n / 2) % size}},
		Solution:    solution,
		Status:      []string{"unique", "multiple", "none", "unsolved"}[n%4],
		SolveMillis: float64(n%50) / 4,
		Notes:       fmt.Sprintf("seq %d", n),
	}
}

// samplePhoto is a small PNG unique to n.
func samplePhoto(n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 200, 120))
	rng := rand.New(rand.NewPCG(uint64(n), 11))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.IntN(256))
	}
	img.Set(0, 0, color.RGBA{byte(n), byte(n >> 8), byte(n >> 16), 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	dir := t.TempDir()
	st, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, dir
}

func mustSave(t testing.TB, st *Store, rec *Record, photo []byte) int64 {
	t.Helper()
	id, err := st.Save(rec, photo)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func decodeConfig(data []byte) (image.Config, string, error) {
	return image.DecodeConfig(bytes.NewReader(data))
}
