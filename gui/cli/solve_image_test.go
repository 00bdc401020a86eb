package cli

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

func TestSolvePhotoJSONAndHistoryHook(t *testing.T) {
	saved := saveSolve
	defer func() { saveSolve = saved }()
	var kept solved
	saveSolve = func(env *Env, opts SolveOptions, s solved) error {
		kept = s
		return nil
	}
	var out, errOut strings.Builder
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}
	code := solvePhoto(env, readerTestdata(t, "tango6.png"), SolveOptions{Rules: "auto", JSON: true})
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	var got struct {
		Reading  map[string]json.RawMessage `json:"reading"`
		Status   string                     `json:"status"`
		Rules    string                     `json:"rules"`
		Solution []string                   `json:"solution"`
	}
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	want := []string{"001101", "010011", "110100", "101001", "011010", "100110"}
	if got.Status != "unique" || strings.Join(got.Solution, "/") != strings.Join(want, "/") {
		t.Errorf("status %s solution %v, want unique %v", got.Status, got.Solution, want)
	}
	if _, ok := got.Reading["cells"]; !ok {
		t.Error("the reading is missing from the JSON")
	}
	if kept.Source != "screenshot" || len(kept.Photo) == 0 || kept.Reading == nil || kept.Reading.Rows != 6 {
		t.Errorf("history hook got source %q, %d photo bytes, reading %v; want a screenshot with its bytes and a 6x6 reading",
			kept.Source, len(kept.Photo), kept.Reading)
	}

	kept = solved{}
	out.Reset()
	if code := solvePhoto(env, readerTestdata(t, "tango6.png"), SolveOptions{NoSave: true}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if kept.Source != "" {
		t.Error("history hook called despite NoSave")
	}
	if !strings.Contains(out.String(), "solved under threeinarow (unique)") {
		t.Errorf("plain output:\n%s", out.String())
	}
}

// The real hook keeps the photo and the reading, so that reopening the solve
// in the window shows what was read.
func TestSolvePhotoKeepsPhotoInHistory(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runCLI(t, "solve", "--store", dir, readerTestdata(t, "tango6.png"))
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	recs, _, err := st.List(store.Filter{})
	if err != nil || len(recs) != 1 {
		t.Fatalf("history holds %d records (%v), want 1", len(recs), err)
	}
	rec := recs[0]
	if rec.Source != "screenshot" || rec.PhotoHash == "" || st.PhotoPath(rec.PhotoHash) == "" {
		t.Errorf("record source %q, photo %q: want a screenshot with its photo kept", rec.Source, rec.PhotoHash)
	}
	if rec.Reading == nil || rec.Reading.Style != "tango" || len(rec.Reading.Confidence) != 36 {
		t.Errorf("record reading %+v, want the tango reading with 36 confidences", rec.Reading)
	}
}

// A GIF is named as unsupported by every command that takes a file, and
// no command quotes an image's bytes as if they were puzzle text.
func TestImagesAreNotReadAsText(t *testing.T) {
	dir := t.TempDir()
	var gifData bytes.Buffer
	pal := image.NewPaletted(image.Rect(0, 0, 40, 30), color.Palette{color.White, color.Black})
	if err := gif.Encode(&gifData, pal, nil); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	printed := write("printed.gif", gifData.Bytes())
	disguised := write("printed.png", gifData.Bytes())
	png, err := os.ReadFile(readerTestdata(t, "takuzu6.png"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin []byte
		args  []string
		code  int
		want  string
	}{
		{"solve gif", nil, []string{"solve", "--no-save", printed}, ExitBadInput, "GIF images are not supported"},
		{"solve gif named png", nil, []string{"solve", "--no-save", disguised}, ExitBadInput, "GIF images are not supported"},
		{"solve gif on stdin", gifData.Bytes(), []string{"solve", "--no-save", "-"}, ExitBadInput, "GIF images are not supported"},
		{"read gif", nil, []string{"read", printed}, ExitBadInput, "GIF images are not supported"},
		{"overlay gif", nil, []string{"overlay", printed, "-o", filepath.Join(dir, "out.png")}, ExitBadInput, "GIF images are not supported"},
		{"hint gif", nil, []string{"hint", printed}, ExitBadInput, "GIF images are not supported"},
		{"png on stdin", png, []string{"solve", "--no-save", "-"}, ExitBadInput, "standard input is a PNG image"},
		{"png named txt is read as a photo", nil, []string{"solve", "--no-save", write("photo.txt", png)}, ExitOK, "(unique)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(tc.args, &Env{Stdin: bytes.NewReader(tc.stdin), Stdout: &out, Stderr: &errOut})
			all := out.String() + errOut.String()
			if code != tc.code || !strings.Contains(all, tc.want) {
				t.Fatalf("exit %d, output %q; want %d and %q", code, all, tc.code, tc.want)
			}
			for _, raw := range []string{"GIF89a", "GIF8", "PNG\r", "damaged"} {
				if strings.Contains(all, raw) {
					t.Errorf("output quotes %q: %q", raw, all)
				}
			}
		})
	}
}

// A photo of noise is no puzzle: solve says so and exits 2.
func TestSolveNoisePhoto(t *testing.T) {
	// This seed's noise read as a 23x11 grid before the reader checked its
	// grids stand out from the noise.
	rng := rand.New(rand.NewPCG(3, 1))
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255
	}
	var data bytes.Buffer
	if err := png.Encode(&data, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "noise.png")
	if err := os.WriteFile(path, data.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runImageCLI("solve", "--no-save", path)
	if code != ExitBadInput || !strings.Contains(errOut, "no puzzle grid found") || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and no puzzle grid found", code, out, errOut)
	}
}

// TestSolveReadingTakesRulesFromStyle solves an empty reading of each kind
// under auto rules: Troix's letters are solved as Troix even with no I
// read, as the app does; an explicit rule set overrides the style.
func TestSolveReadingTakesRulesFromStyle(t *testing.T) {
	for _, tc := range []struct {
		style vision.Style
		rules string
		want  solver.Rules
	}{
		{vision.StyleXOI, "auto", solver.Troix},
		{vision.StyleXOI, "threeinarow", solver.ThreeInARow},
		{vision.StyleTango, "", solver.ThreeInARow},
		{vision.StyleXO, "auto", solver.Takuzu},
	} {
		r := &vision.Reading{Rows: 6, Cols: 6, Style: tc.style, Cells: make([]solver.Cell, 36)}
		for i := range r.Cells {
			r.Cells[i] = solver.Empty
		}
		_, res, err := solveReading(r, tc.rules, defaultTimeout)
		if err != nil || res.Rules != tc.want {
			t.Errorf("%s under %q: solved under %v (%v), want %v", tc.style, tc.rules, res.Rules, err, tc.want)
		}
	}
}
