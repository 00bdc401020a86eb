package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"binocle/solver"
	"binocle/vision"
)

func parsedTestdata(t *testing.T, name string) *solver.Puzzle {
	t.Helper()
	data, err := os.ReadFile(solverTestdata(name))
	if err != nil {
		t.Fatal(err)
	}
	in, err := solver.ParseInput(data)
	if err != nil {
		t.Fatal(err)
	}
	return in.Puzzle
}

// TestPrintReadsBack prints puzzle files through the command and reads the
// PNGs with the vision reader: the default style follows the puzzle, and
// what is read is what the file says.
func TestPrintReadsBack(t *testing.T) {
	for _, tc := range []struct {
		file      string
		args      []string
		wantStyle vision.Style
		answers   bool
	}{
		{file: "takuzu6.txt", wantStyle: vision.StyleSquareCircle},
		{file: "tango6.txt", wantStyle: vision.StyleTango},
		{file: "troix6.txt", wantStyle: vision.StyleXOI},
		{file: "takuzu6.txt", args: []string{"--style", "digits", "--cell", "48", "--title", "Binairo 6×6"}, wantStyle: vision.StyleDigits},
		{file: "takuzu6.txt", args: []string{"--solution", "--style", "XO"}, wantStyle: vision.StyleXO, answers: true},
	} {
		t.Run(tc.file+strings.Join(tc.args, ""), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "print.png")
			args := append([]string{"print", "-o", out}, tc.args...)
			code, stdout, stderr := runImageCLI(append(args, solverTestdata(tc.file))...)
			if code != ExitOK {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			if !strings.HasPrefix(stdout, "wrote "+out+": ") || !strings.Contains(stdout, string(tc.wantStyle)) {
				t.Errorf("stdout %q does not name the file and the style", stdout)
			}
			r, err := vision.ReadFile(out)
			if err != nil {
				t.Fatalf("reading the print: %v", err)
			}
			p := parsedTestdata(t, tc.file)
			want := p.Cells
			if tc.answers {
				res := solver.Solve(p)
				if res.Status != solver.Unique {
					t.Fatalf("%s is not unique: %s", tc.file, res.Status)
				}
				want = res.Solution
			}
			if r.Style != tc.wantStyle || r.Rows != p.Rows || r.Cols != p.Cols {
				t.Fatalf("read %dx%d %s, printed %dx%d %s", r.Rows, r.Cols, r.Style, p.Rows, p.Cols, tc.wantStyle)
			}
			if !slices.Equal(r.Cells, want) {
				t.Errorf("read\n%q\nprinted\n%q", solver.GridRows(r.Cells, r.Rows, r.Cols), solver.GridRows(want, p.Rows, p.Cols))
			}
			if len(r.Edges) != len(p.Edges) {
				t.Errorf("read %d edge clues, printed %d", len(r.Edges), len(p.Edges))
			}
		})
	}
}

func TestPrintToStdout(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Main([]string{"print", "-o", "-", "--cell", "32", "-"}, &Env{Stdin: strings.NewReader("rules: takuzu\n1...\n....\n..0.\n....\n"), Stdout: &out, Stderr: &errOut})
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !bytes.HasPrefix(out.Bytes(), []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("stdout is not a PNG: %q", out.Bytes()[:min(16, out.Len())])
	}
	img, err := vision.LoadBytes(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	if w, h := img.Cols(), img.Rows(); w != 4*32+2*32+1 || h != w {
		t.Errorf("a 4x4 grid at 32 px with a cell of margin is %dx%d, want %dx%d", w, h, 4*32+2*32+1, 4*32+2*32+1)
	}
}

func TestPrintRefuses(t *testing.T) {
	dir := t.TempDir()
	open := filepath.Join(dir, "open.txt")
	if err := os.WriteFile(open, []byte("rules: takuzu\n......\n......\n......\n......\n......\n......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "garbage.txt")
	if err := os.WriteFile(garbage, []byte("this is not a puzzle\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.png")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no output", []string{solverTestdata("takuzu6.txt")}, ExitBadInput, "want -o"},
		{"no file", []string{"-o", out}, ExitBadInput, "want exactly one FILE"},
		{"missing file", []string{"-o", out, filepath.Join(dir, "nope.txt")}, ExitBadInput, "nope.txt"},
		{"not a puzzle", []string{"-o", out, garbage}, ExitBadInput, "garbage.txt"},
		{"unknown style", []string{"-o", out, "--style", "hearts", solverTestdata("takuzu6.txt")}, ExitBadInput, `unknown style "hearts"`},
		{"troix in two symbols", []string{"-o", out, "--style", "digits", solverTestdata("troix6.txt")}, ExitBadInput, "troix needs three"},
		{"cell too small", []string{"-o", out, "--cell", "4", solverTestdata("takuzu6.txt")}, ExitBadInput, "cell size 4 px"},
		{"answers of an open puzzle", []string{"-o", out, "--solution", open}, ExitUnsolved, "exactly one solution"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runImageCLI(append([]string{"print"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, stdout, stderr)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q does not say %q", stderr, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a refused print left %s behind", out)
			}
		})
	}
}
