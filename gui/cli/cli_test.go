package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMainDispatch(t *testing.T) {
	puzzle := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(puzzle, []byte("rules: takuzu\n1..0\n....\n....\n0..1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string // substring; "" means stdout must be empty
		wantStderr string // substring; "" means stderr must be empty
	}{
		{"top help", []string{"--help"}, ExitOK, "commands:", ""},
		{"help for a command", []string{"help", "solve"}, ExitOK, "usage: binocle solve", ""},
		{"command help goes to stdout once", []string{"solve", "--help"}, ExitOK, "usage: binocle solve", ""},
		{"help after positional", []string{"solve", puzzle, "-h"}, ExitOK, "usage: binocle solve", ""},
		{"unknown command", []string{"frobnicate", "now"}, ExitBadInput, "", `unknown command "frobnicate"`},
		{"unknown flag", []string{"solve", "--bogus", puzzle}, ExitBadInput, "", "-bogus"},
		{"neither command nor file", []string{"no-such-file.png"}, ExitBadInput, "", "neither a command nor a file"},
		{"flags after the file", []string{"solve", puzzle, "--no-save", "--json"}, ExitUnsolved, `"status":"multiple"`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			if code != tc.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.wantCode, stderr)
			}
			check := func(stream, got, want string) {
				if want == "" && got != "" {
					t.Errorf("%s = %q, want nothing", stream, got)
				}
				if want != "" && !strings.Contains(got, want) {
					t.Errorf("%s = %q, want it to contain %q", stream, got, want)
				}
			}
			check("stdout", stdout, tc.wantStdout)
			check("stderr", stderr, tc.wantStderr)
			if n := strings.Count(stdout+stderr, "usage: binocle"); n > 1 {
				t.Errorf("usage printed %d times", n)
			}
		})
	}
}

func TestMainOpensTheWindow(t *testing.T) {
	photo := filepath.Join(t.TempDir(), "grid.png")
	if err := os.WriteFile(photo, []byte("not read here"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{nil, {photo}} {
		var opened []string
		env := &Env{Stdin: strings.NewReader(""), Stdout: &strings.Builder{}, Stderr: &strings.Builder{},
			StartGUI: func(path string) int { opened = append(opened, path); return 42 },
			Getenv:   fakeEnv(map[string]string{"DISPLAY": ":0"})}
		if code := Main(args, env); code != 42 {
			t.Errorf("Main(%q) = %d, want the window's exit code 42", args, code)
		}
		want := ""
		if len(args) == 1 {
			want = args[0]
		}
		if len(opened) != 1 || opened[0] != want {
			t.Errorf("Main(%q) opened the window on %q, want once on %q", args, opened, want)
		}
	}
}

func fakeEnv(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestMainWithoutDisplay(t *testing.T) {
	photo := filepath.Join(t.TempDir(), "grid.png")
	if err := os.WriteFile(photo, []byte("not read here"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		vars   map[string]string
		opened bool
	}{
		{"no args, no display", nil, nil, false},
		{"a file, no display", []string{photo}, nil, false},
		{"empty DISPLAY counts as none", nil, map[string]string{"DISPLAY": ""}, false},
		{"X11", nil, map[string]string{"DISPLAY": ":1"}, true},
		{"Wayland", []string{photo}, map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opened := false
			var stderr strings.Builder
			env := &Env{Stdin: strings.NewReader(""), Stdout: &strings.Builder{}, Stderr: &stderr,
				StartGUI: func(string) int { opened = true; return 0 }, Getenv: fakeEnv(tc.vars)}
			code := Main(tc.args, env)
			if opened != tc.opened {
				t.Fatalf("window opened = %v, want %v", opened, tc.opened)
			}
			if tc.opened {
				return
			}
			if code != ExitBadInput {
				t.Errorf("exit %d, want %d", code, ExitBadInput)
			}
			msg := stderr.String()
			if strings.Count(msg, "\n") != 1 {
				t.Errorf("stderr = %q, want one line", msg)
			}
			for _, want := range []string{"graphical session", "solve", "read", "hint"} {
				if !strings.Contains(msg, want) {
					t.Errorf("stderr = %q, want it to mention %q", msg, want)
				}
			}
		})
	}
}
