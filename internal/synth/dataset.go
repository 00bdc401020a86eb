package synth

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"binocle/solver"
)

// Puzzle is one record of the shared datasets, reduced to what a picture
// shows: the givens as printed, the solution (for drawing solved grids and
// deriving edge clues) and the edge clues.
type Puzzle struct {
	ID       string        `json:"id"`
	Rules    string        `json:"rules"`
	Rows     int           `json:"rows"`
	Cols     int           `json:"cols"`
	Givens   []string      `json:"givens"`
	Solution []string      `json:"solution"`
	Edges    []solver.Edge `json:"edges"`
}

// Library holds the datasets' puzzles grouped by file, so that a suite can
// draw Tango boards from tango.jsonl and Troix boards from troix.jsonl.
type Library struct {
	Files map[string][]Puzzle // key: file name without .jsonl
}

// LoadLibrary reads every *.jsonl file in dir.
func LoadLibrary(dir string) (*Library, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("synth: no *.jsonl datasets in %s", dir)
	}
	sort.Strings(paths)
	lib := &Library{Files: map[string][]Puzzle{}}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		puzzles, err := ParseDataset(f, p)
		f.Close()
		if err != nil {
			return nil, err
		}
		lib.Files[strings.TrimSuffix(filepath.Base(p), ".jsonl")] = puzzles
	}
	return lib, nil
}

// ParseDataset reads JSON Lines records; name is used in error messages.
func ParseDataset(r io.Reader, name string) ([]Puzzle, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 4<<20)
	var out []Puzzle
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var p Puzzle
		if err := json.Unmarshal([]byte(text), &p); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if err := p.validate(); err != nil {
			return nil, fmt.Errorf("%s:%d: puzzle %q: %v", name, line, p.ID, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return out, nil
}

func (p *Puzzle) validate() error {
	if p.Rows < solver.MinSize || p.Rows > solver.MaxSize || p.Cols < solver.MinSize || p.Cols > solver.MaxSize {
		return fmt.Errorf("size %dx%d outside %d..%d", p.Rows, p.Cols, solver.MinSize, solver.MaxSize)
	}
	for _, g := range []struct {
		name string
		rows []string
	}{{"givens", p.Givens}, {"solution", p.Solution}} {
		if len(g.rows) != p.Rows {
			return fmt.Errorf("%s has %d rows, want %d", g.name, len(g.rows), p.Rows)
		}
		for r, row := range g.rows {
			if len(row) != p.Cols {
				return fmt.Errorf("%s row %d has %d cells, want %d", g.name, r, len(row), p.Cols)
			}
			for c := 0; c < len(row); c++ {
				if !strings.ContainsRune(".012", rune(row[c])) {
					return fmt.Errorf("%s row %d column %d: unexpected %q", g.name, r, c, row[c])
				}
			}
		}
	}
	for i, e := range p.Edges {
		if !adjacent(e) || e.R1 < 0 || e.R2 < 0 || e.C1 < 0 || e.C2 < 0 ||
			e.R1 >= p.Rows || e.R2 >= p.Rows || e.C1 >= p.Cols || e.C2 >= p.Cols {
			return fmt.Errorf("edge %d (%d,%d)-(%d,%d) does not join two neighbouring cells", i, e.R1, e.C1, e.R2, e.C2)
		}
	}
	return nil
}

func adjacent(e solver.Edge) bool {
	dr, dc := e.R2-e.R1, e.C2-e.C1
	return dr*dr+dc*dc == 1
}

// SharedDir locates sub inside the shared, read-only test data that sits
// beside the repository (../shared from the directory holding go.mod),
// searching upwards from the working directory so that any package's tests
// can call it.
func SharedDir(sub string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", sub)
	if _, err := os.Stat(p); err != nil {
		return "", err
	}
	return p, nil
}
