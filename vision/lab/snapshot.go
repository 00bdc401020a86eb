package lab

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"binocle/vision"
)

// Entry is one image's line in a snapshot: the reading in `binocle read
// --json`'s shape with its time zeroed (a time is never the same twice),
// or the error the read gave.
type Entry struct {
	Name    string          `json:"name"`
	Reading json.RawMessage `json:"reading,omitempty"`
	Error   string          `json:"error,omitempty"`
}

// Snapshot reads every image of each suite with vision.ReadFile, as the
// CLI does, on workers goroutines, and writes dir/SUITE.jsonl, one Entry
// a line in the suite's order. progress, when not nil, hears one line per
// suite.
func (e *Env) Snapshot(dir string, suites []Suite, workers int, progress io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "visionlab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, s := range suites {
		cases, err := e.Cases(s)
		if err != nil {
			return fmt.Errorf("%s: %v", s.Name, err)
		}
		entries := make([]Entry, len(cases))
		errs := make([]error, len(cases))
		next := make(chan int)
		var wg sync.WaitGroup
		for range max(1, workers) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					entries[i], errs[i] = snapshotCase(cases[i], tmp)
				}
			}()
		}
		for i := range cases {
			next <- i
		}
		close(next)
		wg.Wait()
		var buf bytes.Buffer
		for i, en := range entries {
			if errs[i] != nil {
				return fmt.Errorf("%s: %v", s.Name, errs[i])
			}
			line, err := json.Marshal(en)
			if err != nil {
				return err
			}
			buf.Write(line)
			buf.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(dir, s.Name+".jsonl"), buf.Bytes(), 0o644); err != nil {
			return err
		}
		if progress != nil {
			fmt.Fprintf(progress, "%s: %d images\n", s.Name, len(cases))
		}
	}
	return nil
}

func snapshotCase(c Case, tmp string) (Entry, error) {
	path, _, done, err := c.File(tmp)
	if err != nil {
		return Entry{}, err
	}
	defer done()
	en := Entry{Name: c.Name}
	r, err := vision.ReadFile(path)
	if err != nil {
		en.Error = withoutDir(err.Error())
		return en, nil
	}
	r.Millis = 0
	en.Reading, err = json.Marshal(r)
	return en, err
}

// ignoredFields are left out when snapshots are compared: the locator's
// name and evidence were added to the reading after the first snapshots
// were taken, and say how a grid was found, not what was read.
var ignoredFields = []string{"method", "evidence", "millis"}

// Diff compares the snapshots in folders a and b and writes one line per
// image whose reading differs, is missing from one side, or whose suite
// is; it returns the number of differences.
func Diff(a, b string, w io.Writer) (int, error) {
	sa, err := loadSnapshot(a)
	if err != nil {
		return 0, err
	}
	sb, err := loadSnapshot(b)
	if err != nil {
		return 0, err
	}
	n := 0
	var suites []string
	for s := range sa {
		suites = append(suites, s)
	}
	for s := range sb {
		if _, ok := sa[s]; !ok {
			suites = append(suites, s)
		}
	}
	sort.Strings(suites)
	for _, s := range suites {
		ea, oka := sa[s]
		eb, okb := sb[s]
		if !oka || !okb {
			fmt.Fprintf(w, "%s: suite only in %s\n", s, map[bool]string{true: a, false: b}[oka])
			n++
			continue
		}
		var names []string
		for name := range ea {
			names = append(names, name)
		}
		for name := range eb {
			if _, ok := ea[name]; !ok {
				names = append(names, name)
			}
		}
		sort.Slice(names, func(i, j int) bool { return naturalLess(names[i], names[j]) })
		// A blind suite's readings are compared and counted, not named.
		suite, _ := FindSuite(s)
		withheld := 0
		for _, name := range names {
			x, okx := ea[name]
			y, oky := eb[name]
			switch {
			case x == y && okx && oky:
				continue
			case suite.Blind:
				withheld++
			case !okx || !oky:
				fmt.Fprintf(w, "%s/%s: only in %s\n", s, name, map[bool]string{true: a, false: b}[okx])
			default:
				fmt.Fprintf(w, "%s/%s:\n  %s: %s\n  %s: %s\n", s, name, a, x, b, y)
			}
			n++
		}
		if withheld > 0 {
			fmt.Fprintf(w, "%s: %d images differ (names withheld: it is kept never looked into)\n", s, withheld)
		}
	}
	return n, nil
}

// loadSnapshot maps suite → image → the entry's canonical form.
func loadSnapshot(dir string) (map[string]map[string]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no snapshot (*.jsonl) in %s", dir)
	}
	out := map[string]map[string]string{}
	for _, f := range files {
		suite := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		entries := map[string]string{}
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			c, name, err := canonical(sc.Bytes())
			if err != nil {
				fh.Close()
				return nil, fmt.Errorf("%s: %v", f, err)
			}
			entries[name] = c
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		out[suite] = entries
	}
	return out, nil
}

// errorPath is the image's path that ReadFile's errors start with.
var errorPath = regexp.MustCompile(`^\S*/([^/\s]+: )`)

// withoutDir drops the folder from the path an error starts with: a
// synthetic image is read from a fresh temporary folder each run, and a
// shared one from wherever the data lies.
func withoutDir(msg string) string { return errorPath.ReplaceAllString(msg, "$1") }

// dropPrintedOnly drops a reading's "filled" list when every filled cell
// in it is a printed given: the list was added after the first snapshots
// were taken and then says nothing the cells do not, while a player's
// mark found or lost is a difference worth showing.
func dropPrintedOnly(reading map[string]json.RawMessage) {
	raw, ok := reading["filled"]
	if !ok {
		return
	}
	var filled []struct {
		Given bool `json:"given"`
	}
	if json.Unmarshal(raw, &filled) != nil {
		return
	}
	for _, f := range filled {
		if !f.Given {
			return
		}
	}
	delete(reading, "filled")
}

// canonical is an entry with the ignored fields dropped, its keys sorted;
// numbers keep their text as written.
func canonical(line []byte) (string, string, error) {
	var en struct {
		Name    string                     `json:"name"`
		Reading map[string]json.RawMessage `json:"reading"`
		Error   string                     `json:"error"`
	}
	if err := json.Unmarshal(line, &en); err != nil {
		return "", "", err
	}
	for _, f := range ignoredFields {
		delete(en.Reading, f)
	}
	dropPrintedOnly(en.Reading)
	en.Error = withoutDir(en.Error)
	b, err := json.Marshal(en)
	return string(b), en.Name, err
}
