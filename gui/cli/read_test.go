package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readerTestdata(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join("..", "..", "vision", "testdata", "reader", name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("missing fixture %s: %v", path, err)
	}
	return path
}

func runImageCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(args, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

func TestReadJSONShape(t *testing.T) {
	code, out, errOut := runImageCLI("read", "--json", readerTestdata(t, "tango6.png"))
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var got struct {
		Rows, Cols int
		Cells      []string
		Edges      []struct {
			R1, C1, R2, C2 int
			Rel            string
		}
		Corners    [][]float64
		Confidence [][]float64
		Style      string
		Method     string
		Evidence   map[string]any
		Millis     float64
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	var keys map[string]json.RawMessage
	json.Unmarshal([]byte(out), &keys)
	for _, k := range []string{"rows", "cols", "cells", "edges", "corners", "confidence", "style", "method", "evidence", "millis", "filled"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	if len(keys) != 11 {
		t.Errorf("JSON has %d keys, want the 11 documented", len(keys))
	}
	if got.Method == "" || got.Evidence == nil {
		t.Errorf("method %q, evidence %v: the reading must say how it was read", got.Method, got.Evidence)
	}
	want := []string{"......", "....1.", ".10...", "...00.", ".1....", "......"}
	if got.Rows != 6 || got.Cols != 6 || strings.Join(got.Cells, "/") != strings.Join(want, "/") {
		t.Errorf("read %dx%d %v, want 6x6 %v", got.Rows, got.Cols, got.Cells, want)
	}
	if got.Style != "tango" || len(got.Edges) != 10 || len(got.Corners) != 4 || len(got.Confidence) != 6 {
		t.Errorf("style %s, %d edges, %d corners, %d confidence rows", got.Style, len(got.Edges), len(got.Corners), len(got.Confidence))
	}
	for _, e := range got.Edges {
		if e.Rel != "=" && e.Rel != "x" {
			t.Errorf("edge relation %q", e.Rel)
		}
	}
}

func TestReadPlainAndDebug(t *testing.T) {
	debug := filepath.Join(t.TempDir(), "debug.png")
	code, out, errOut := runImageCLI("read", readerTestdata(t, "takuzu6.png"), "--debug", debug)
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if !strings.Contains(out, "6x6 grid, style square-circle") || !strings.Contains(out, "...00.\n0.....\n") {
		t.Errorf("plain output:\n%s", out)
	}
	if st, err := os.Stat(debug); err != nil || st.Size() == 0 {
		t.Errorf("debug image not written: %v", err)
	}
}

func TestReadBadInput(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.png")
	os.WriteFile(text, []byte("not an image at all"), 0o644)
	empty := filepath.Join(dir, "empty.jpg")
	os.WriteFile(empty, nil, 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no argument", []string{"read"}, "want exactly one IMAGE"},
		{"missing file", []string{"read", filepath.Join(dir, "absent.png")}, "absent.png"},
		{"text named png", []string{"read", text}, "notes.png: not a readable image"},
		{"empty file", []string{"read", "--json", empty}, "empty.jpg: empty file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runImageCLI(tc.args...)
			if code != ExitBadInput || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, errOut, ExitBadInput, tc.want)
			}
		})
	}
}
