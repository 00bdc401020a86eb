package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"binocle/internal/synth"
)

// Suite is a named set of images the reader is measured on: either a
// synthetic suite rendered from the shared datasets (N > 0), or the images
// of a folder with truth JSON beside them.
type Suite struct {
	Name string
	Seed uint64
	Kind synth.Kind
	N    int
	Dir  string // a folder: absolute, or relative to the shared data
	// Wild draws the looks the tuned suites never show (synth.WildSuite).
	Wild bool
	// What says how the suite has been used, for the list command.
	What string
	// Blind marks a suite kept never looked into: the lab prints its
	// totals and no line naming one of its images, so that no session
	// tunes on it by accident (visionlab's withheld lines).
	Blind bool
}

// Suites are the suites README quotes, in the order it quotes them. The
// never-tuned seeds are the ones README's "Unseen photos" table names,
// with its photo counts.
var Suites = []Suite{
	{Name: "tuned-clean", Seed: ReportSeed, Kind: synth.KindClean, N: FullSuite.Clean, What: "the report suite's clean screenshots (tuned on)"},
	{Name: "tuned-photos", Seed: ReportSeed, Kind: synth.KindPhoto, N: FullSuite.Photos, What: "the report suite's photos (tuned on)"},
	{Name: "seed7", Seed: 7, Kind: synth.KindPhoto, N: 140, What: "checked each round, rarely tuned on"},
	{Name: "seed31337", Seed: 31337, Kind: synth.KindPhoto, N: 160, What: "tuned on in one round"},
	{Name: "seed4242", Seed: 4242, Kind: synth.KindPhoto, N: 160, What: "rendered and tuned on in one round"},
	{Name: "seed555", Seed: 555, Kind: synth.KindPhoto, N: 160, What: "never tuned on"},
	{Name: "wild-clean", Seed: 9001, Kind: synth.KindClean, N: 140, Wild: true, What: "never tuned on: screenshots with the looks the tuned suites lack (themes and palettes, missing lines and borders, glyph and clue variants, app and browser chrome, sizes 4 to 40, the player's marks)"},
	{Name: "wild-photos", Seed: 9002, Kind: synth.KindPhoto, N: 140, Wild: true, What: "never tuned on: photos with those looks"},
	{Name: "fresh-clean", Seed: 9101, Kind: synth.KindClean, N: 140, Wild: true, What: "never tuned on, never looked into: rendered 2026-11-25 after the last reader change, then only measured (wild looks, screenshots); the name of its one wrong answer stated unique guided the 2026-11-29 inkValueMass change", Blind: true},
	{Name: "fresh-photos", Seed: 9102, Kind: synth.KindPhoto, N: 140, Wild: true, What: "never tuned on, never looked into: rendered 2026-11-25 after the last reader change, then only measured (wild looks, photos)", Blind: true},
	{Name: "dev-clean", Seed: 9201, Kind: synth.KindClean, N: 140, Wild: true, What: "looked into and tuned on: rendered 2026-11-27 to study the failures the fresh suites count without opening them (wild looks, screenshots)"},
	{Name: "dev-photos", Seed: 9202, Kind: synth.KindPhoto, N: 140, Wild: true, What: "looked into and tuned on: as dev-clean, photos"},
	{Name: "study-clean", Seed: 9301, Kind: synth.KindClean, N: 140, Wild: true, What: "looked into: rendered 2026-11-28 to find why a change lost boards on the fresh suites without opening them (wild looks, screenshots)"},
	{Name: "study-photos", Seed: 9302, Kind: synth.KindPhoto, N: 140, Wild: true, What: "looked into: as study-clean, photos"},
	{Name: "clue-clean", Seed: 9401, Kind: synth.KindClean, N: 140, Wild: true, What: "looked into: rendered 2026-11-29 to find the clue misses the fresh suites count (no site inked, dropped by the grid's rules) without opening them (wild looks, screenshots)"},
	{Name: "hunt-clean", Seed: 9501, Kind: synth.KindClean, N: 140, Wild: true, What: "rendered 2026-11-29 to count what a user gets on a seed no tuning had seen; opened: the wrong answer end to end, and a tiles board whose clues all went missing (two boards)"},
	{Name: "hunt-photos", Seed: 9502, Kind: synth.KindPhoto, N: 140, Wild: true, What: "as hunt-clean, photos; opened: the wrong answer end to end and the board a change lost (two boards); looked into 2026-11-30: its wrong sizes, moons and clue misses"},
	{Name: "fresh2-clean", Seed: 9601, Kind: synth.KindClean, N: 140, Wild: true, What: "never tuned on, never looked into: rendered 2026-11-29 after the style-by-fit change was written, then only measured, totals only (wild looks, screenshots)", Blind: true},
	{Name: "fresh2-photos", Seed: 9602, Kind: synth.KindPhoto, N: 140, Wild: true, What: "never tuned on, never looked into: as fresh2-clean, photos", Blind: true},
	{Name: "marks-photos", Seed: 9702, Kind: synth.KindPhoto, N: 140, Wild: true, What: "looked into: rendered 2026-12-02 to find why the player's marks go unseen on the fresh suites' boards without opening them (wild looks, photos)"},
	{Name: "fresh3-clean", Seed: 9901, Kind: synth.KindClean, N: 140, Wild: true, What: "never tuned on, never looked into: rendered 2026-12-03 after that session's last reader change, then only measured, totals only (wild looks, screenshots)", Blind: true},
	{Name: "fresh3-photos", Seed: 9902, Kind: synth.KindPhoto, N: 140, Wild: true, What: "never tuned on, never looked into: as fresh3-clean, photos", Blind: true},
	{Name: "fixtures", Dir: "repo:vision/testdata/reader", What: "the reader's own clean screenshots (testdata)"},
	{Name: "wicht", Dir: "photos/wicht-sudoku", What: "202 real phone photos of sudokus, ink truth"},
	{Name: "screens", Dir: "screens", What: "real app and web screenshots"},
}

// FindSuite returns the named suite. A name that is a folder is a suite
// of that folder's images; NAME:N is the first N images of a synthetic
// suite, to look at a sample without rendering the whole suite;
// NAME@SEED renders a synthetic suite's kind and looks from another seed,
// a new study suite that no tuning has seen, without registering it.
func FindSuite(name string) (Suite, error) {
	base, count, cut := strings.Cut(name, ":")
	base, seedText, reseeded := strings.Cut(base, "@")
	for _, s := range Suites {
		if s.Name == base {
			if reseeded {
				seed, err := strconv.ParseUint(seedText, 10, 64)
				if err != nil || s.N == 0 {
					return Suite{}, fmt.Errorf("%q: want a synthetic suite and a seed after '@'", name)
				}
				// Other images than the blind suite's: a study suite.
				s.Name, s.Seed, s.Blind = base+"@"+seedText, seed, false
			}
			if n, err := strconv.Atoi(count); cut && (err != nil || n < 1 || s.N == 0) {
				return Suite{}, fmt.Errorf("%q: want a synthetic suite and a positive count after ':'", name)
			} else if cut {
				s.N = min(s.N, n)
			}
			return s, nil
		}
	}
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		abs, err := filepath.Abs(name)
		if err != nil {
			return Suite{}, err
		}
		return Suite{Name: filepath.Base(abs), Dir: abs}, nil
	}
	var names []string
	for _, s := range Suites {
		names = append(names, s.Name)
	}
	return Suite{}, fmt.Errorf("no suite or folder %q (suites: %s)", name, strings.Join(names, ", "))
}

// Env says where the data the suites need lies.
type Env struct {
	Shared string // the shared, read-only test data (../shared from the repository)
	Repo   string // the repository root
	lib    *synth.Library
}

// NewEnv finds the repository from the working directory and the shared
// data beside it, or at shared when that is not empty.
func NewEnv(shared string) (*Env, error) {
	repo, err := repoRoot()
	if err != nil {
		return nil, err
	}
	if shared == "" {
		shared = filepath.Join(filepath.Dir(repo), "shared")
	}
	if _, err := os.Stat(shared); err != nil {
		return nil, fmt.Errorf("shared test data: %v", err)
	}
	return &Env{Shared: shared, Repo: repo}, nil
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Library loads the shared datasets the synthetic suites draw from, once.
func (e *Env) Library() (*synth.Library, error) {
	if e.lib == nil {
		lib, err := synth.LoadLibrary(filepath.Join(e.Shared, "datasets"))
		if err != nil {
			return nil, err
		}
		e.lib = lib
	}
	return e.lib, nil
}

// Dir resolves a suite's folder.
func (e *Env) Dir(s Suite) string {
	switch {
	case filepath.IsAbs(s.Dir):
		return s.Dir
	case strings.HasPrefix(s.Dir, "repo:"):
		return filepath.Join(e.Repo, strings.TrimPrefix(s.Dir, "repo:"))
	}
	return filepath.Join(e.Shared, s.Dir)
}

// Case is one image of a suite: a file, or a synthetic spec rendered when
// it is read.
type Case struct {
	Name string
	Path string
	Spec *synth.Spec
}

// Cases lists a suite's images in a stable order.
func (e *Env) Cases(s Suite) ([]Case, error) {
	if s.N > 0 {
		lib, err := e.Library()
		if err != nil {
			return nil, err
		}
		suite := lib.Suite
		if s.Wild {
			suite = lib.WildSuite
		}
		specs, err := suite(s.Seed, s.Kind, s.N)
		if err != nil {
			return nil, err
		}
		cases := make([]Case, len(specs))
		for i := range specs {
			cases[i] = Case{Name: specs[i].Name, Spec: &specs[i]}
		}
		return cases, nil
	}
	dir := e.Dir(s)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var cases []Case
	for _, en := range entries {
		switch strings.ToLower(filepath.Ext(en.Name())) {
		case ".jpg", ".jpeg", ".png":
			cases = append(cases, Case{Name: en.Name(), Path: filepath.Join(dir, en.Name())})
		}
	}
	sort.Slice(cases, func(i, j int) bool { return naturalLess(cases[i].Name, cases[j].Name) })
	if len(cases) == 0 {
		return nil, fmt.Errorf("no images in %s", dir)
	}
	return cases, nil
}

// File gives the case as a file the reader can open, rendering a synthetic
// case into tmp; done removes what was rendered.
func (c Case) File(tmp string) (path string, truth *synth.Truth, done func(), err error) {
	if c.Spec == nil {
		return c.Path, nil, func() {}, nil
	}
	sample, err := synth.Render(*c.Spec)
	if err != nil {
		return "", nil, nil, fmt.Errorf("render %s: %v", c.Name, err)
	}
	path = filepath.Join(tmp, c.Name+sample.Ext)
	if err := os.WriteFile(path, sample.Data, 0o644); err != nil {
		return "", nil, nil, err
	}
	return path, &sample.Truth, func() { os.Remove(path) }, nil
}

// naturalLess orders image2 before image10.
func naturalLess(a, b string) bool {
	pa, na := splitNumber(strings.TrimSuffix(a, filepath.Ext(a)))
	pb, nb := splitNumber(strings.TrimSuffix(b, filepath.Ext(b)))
	if na >= 0 && nb >= 0 && pa == pb {
		return na < nb
	}
	return a < b
}

// splitNumber splits a trailing number off s; -1 when there is none.
func splitNumber(s string) (string, int) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 9 {
		return s, -1
	}
	n := 0
	for _, c := range s[i:] {
		n = 10*n + int(c-'0')
	}
	return s[:i], n
}
