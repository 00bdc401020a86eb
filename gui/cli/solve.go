package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"binocle/solver"
	"binocle/vision"
)

func init() {
	register(&command{
		name:    "solve",
		summary: "solve a puzzle file, Unruly game ID or photo, and prove the answer unique; on a half-played photo, check the player's entries",
		usage: "[--rules auto|threeinarow|takuzu|troix] [--json] [--no-save] [--store DIR] [--accept-fixes] [--timeout 30s] FILE|-\n" +
			"       binocle solve --jsonl [--rules R] [--timeout 30s] < puzzles.jsonl",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			var opts SolveOptions
			fs.StringVar(&opts.Rules, "rules", "", "auto, threeinarow, takuzu or troix (default: the file's own rules, else auto)")
			fs.BoolVar(&opts.JSON, "json", false, "print the result as one JSON object")
			jsonl := fs.Bool("jsonl", false, "read data set JSON Lines on stdin and write one result line per puzzle")
			fs.BoolVar(&opts.NoSave, "no-save", false, "do not record the solve in the history")
			fs.StringVar(&opts.Store, "store", "", "history directory (default: BINOCLE_STORE, else the user's data directory)")
			fs.DurationVar(&opts.Timeout, "timeout", defaultTimeout, "give up on a puzzle after this long (each record, with --jsonl)")
			fs.BoolVar(&opts.AcceptFixes, "accept-fixes", false, "photos: apply the suggested fixes when the reading gives no solution or several")
			return func(env *Env, fs *flag.FlagSet) int {
				if namesRuleSet(opts.Rules) {
					if _, err := solver.ParseRules(opts.Rules); err != nil {
						fmt.Fprintf(env.Stderr, "binocle solve: --rules: %v\n", err)
						return ExitBadInput
					}
				}
				if *jsonl {
					if fs.NArg() > 1 || (fs.NArg() == 1 && fs.Arg(0) != "-") {
						fmt.Fprintln(env.Stderr, "binocle solve: --jsonl reads standard input and takes no FILE")
						return ExitBadInput
					}
					return solveJSONL(env, opts.Rules, opts.Timeout)
				}
				if fs.NArg() != 1 {
					fmt.Fprintf(env.Stderr, "binocle solve: want one FILE (or - for standard input), got %d arguments; see binocle solve --help\n", fs.NArg())
					return ExitBadInput
				}
				return solveFile(env, fs.Arg(0), opts)
			}
		},
	})
}

// imageExtensions go to the vision reader instead of the text parser.
var imageExtensions = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".bmp": true, ".webp": true, ".tif": true, ".tiff": true}

// sniffHeader is enough bytes for every image header ImageFormat knows.
const sniffHeader = 4096

// sniffImage names the image format of the file at path from its first
// bytes, or "" when it is not an image (or cannot be read: the read that
// follows reports that).
func sniffImage(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, sniffHeader)
	n, _ := io.ReadFull(f, head)
	return vision.ImageFormat(head[:n])
}

// readPuzzleText reads a puzzle text file, or standard input for "-". An
// image is refused here, by name, so that its bytes never reach the text
// parser, whose message would quote them.
func readPuzzleText(env *Env, path string) ([]byte, error) {
	var data []byte
	var err error
	name := path
	if path == "-" {
		name = "standard input"
		data, err = io.ReadAll(env.Stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	switch format := vision.ImageFormat(data); format {
	case "":
		return data, nil
	case "gif":
		return nil, fmt.Errorf("%s: %w", name, vision.ErrGIF)
	default:
		return nil, fmt.Errorf("%s is a %s image, not a puzzle text; give the image file's name to binocle solve or binocle read", name, strings.ToUpper(format))
	}
}

// namesRuleSet is true when a --rules value overrides the input's own
// rules with a rule set, rather than leaving them ("") or choosing (auto).
func namesRuleSet(rules string) bool { return rules != "" && !strings.EqualFold(rules, "auto") }

// defaultTimeout is how long a command searches before it gives up: every
// published puzzle takes microseconds, and an empty 64×64 grid
// milliseconds, so only a pathological grid gets near it.
const defaultTimeout = 30 * time.Second

// solveWith solves p, giving up after timeout (none when it is 0).
func solveWith(p *solver.Puzzle, auto bool, timeout time.Duration) (solver.Result, error) {
	ctx, cancel := withTimeout(timeout)
	defer cancel()
	if auto {
		return solver.SolveAutoContext(ctx, p)
	}
	return solver.SolveContext(ctx, p)
}

func withTimeout(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return context.WithCancel(context.Background())
	}
	return context.WithTimeout(context.Background(), timeout)
}

// gaveUp says plainly that a search ran out of time, and gives the exit
// code for it.
func gaveUp(env *Env, cmd, name string, timeout time.Duration) int {
	fmt.Fprintf(env.Stderr, "binocle %s: %s: gave up after %s without an answer; --timeout gives it longer\n", cmd, name, timeout)
	return ExitGaveUp
}

func solveFile(env *Env, path string, opts SolveOptions) int {
	if imageExtensions[strings.ToLower(filepath.Ext(path))] {
		return solvePhoto(env, path, opts)
	}
	name := path
	if path == "-" {
		name = "standard input"
	} else if f := sniffImage(path); f != "" && f != "gif" {
		// A photo without an image extension is still a photo.
		return solvePhoto(env, path, opts)
	}
	data, err := readPuzzleText(env, path)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
		return ExitBadInput
	}
	in, err := solver.ParseInput(data)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle solve: %s: %v\n", name, err)
		return ExitBadInput
	}
	p := in.Puzzle
	auto := strings.EqualFold(opts.Rules, "auto") || (opts.Rules == "" && !in.RulesGiven)
	if namesRuleSet(opts.Rules) {
		p.Rules, _ = solver.ParseRules(opts.Rules)
	}
	// Givens that break a rule are solved all the same: the result is
	// "none", with the broken rule as its contradiction.
	var re *solver.RuleError
	if err := p.Validate(); err != nil && !errors.As(err, &re) {
		fmt.Fprintf(env.Stderr, "binocle solve: %s: %v\n", name, err)
		return ExitBadInput
	}
	res, err := solveWith(p, auto, opts.Timeout)
	if err != nil {
		return gaveUp(env, "solve", name, opts.Timeout)
	}
	p.Rules = res.Rules
	if saveSolve != nil && !opts.NoSave {
		if err := saveSolve(env, opts, solved{Puzzle: p, Result: res, Source: "text"}); err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: the history was not updated: %v\n", err)
		}
	}
	if opts.JSON {
		b, err := json.Marshal(newSolveJSON(p, res))
		if err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
			return ExitBadInput
		}
		fmt.Fprintln(env.Stdout, string(b))
	} else {
		printSolve(env.Stdout, p, res)
	}
	if res.Status != solver.Unique {
		return ExitUnsolved
	}
	return ExitOK
}

// solveJSON is `binocle solve --json`.
type solveJSON struct {
	Status        solver.Status  `json:"status"`
	Rules         solver.Rules   `json:"rules"`
	Rows          int            `json:"rows"`
	Cols          int            `json:"cols"`
	Solution      []string       `json:"solution,omitempty"`
	Second        []string       `json:"second,omitempty"`
	Differ        []solver.Point `json:"differ,omitempty"`
	Contradiction string         `json:"contradiction,omitempty"`
	Micros        float64        `json:"micros"`
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func newSolveJSON(p *solver.Puzzle, res solver.Result) solveJSON {
	out := solveJSON{Status: res.Status, Rules: res.Rules, Rows: p.Rows, Cols: p.Cols, Differ: res.Differ, Micros: micros(res.Elapsed)}
	if res.Solution != nil {
		out.Solution = solver.GridRows(res.Solution, p.Rows, p.Cols)
	}
	if res.Second != nil {
		out.Second = solver.GridRows(res.Second, p.Rows, p.Cols)
	}
	if res.Contradiction != nil {
		out.Contradiction = res.Contradiction.Error()
	}
	return out
}

func printSolve(w io.Writer, p *solver.Puzzle, res solver.Result) {
	took := fmt.Sprintf("%s, %d search branches", res.Elapsed.Round(time.Microsecond), res.Nodes)
	switch res.Status {
	case solver.Unique:
		fmt.Fprintf(w, "unique solution under %s (%s):\n", res.Rules, took)
		printRows(w, res.Solution, p)
	case solver.Multiple:
		fmt.Fprintf(w, "more than one solution under %s (%s). One:\n", res.Rules, took)
		printRows(w, res.Solution, p)
		fmt.Fprintln(w, "another:")
		printRows(w, res.Second, p)
		cells := make([]string, len(res.Differ))
		for i, d := range res.Differ {
			cells[i] = fmt.Sprintf("r%dc%d", d.Row+1, d.Col+1)
		}
		fmt.Fprintf(w, "they differ at %s\n", strings.Join(cells, " "))
	default:
		fmt.Fprintf(w, "no solution under %s (%s)\n", res.Rules, took)
		if c := res.Contradiction; c != nil {
			fmt.Fprintf(w, "%s [rule %s]\n", c, c.Rule)
		}
	}
}

func printRows(w io.Writer, cells []solver.Cell, p *solver.Puzzle) {
	for _, row := range solver.GridRows(cells, p.Rows, p.Cols) {
		fmt.Fprintln(w, row)
	}
}

// jsonlResult is one output line of `binocle solve --jsonl`. ID is a
// pointer so that a line whose JSON could not be read reports null.
type jsonlResult struct {
	ID            *string       `json:"id"`
	Status        string        `json:"status"`
	Rules         *solver.Rules `json:"rules,omitempty"`
	Solution      []string      `json:"solution,omitempty"`
	Contradiction string        `json:"contradiction,omitempty"`
	Error         string        `json:"error,omitempty"`
	Micros        *float64      `json:"micros,omitempty"`
}

// solveJSONL solves a data set from standard input, one output line per
// record, each under the record's own rules unless rules overrides them.
// A bad record yields an "invalid" line and the batch goes on; the exit
// code is 0 once every line was handled, 2 only when the input itself
// could not be read to the end.
func solveJSONL(env *Env, rules string, timeout time.Duration) int {
	// Unbuffered: each result line is written whole as soon as it is known,
	// so a batch that is killed keeps every line it finished.
	enc := json.NewEncoder(env.Stdout)
	rr := solver.NewRecordReader(env.Stdin)
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			return ExitOK
		}
		var line jsonlResult
		switch {
		case errors.Is(err, solver.ErrReadStopped):
			_ = enc.Encode(jsonlResult{Status: "invalid", Error: err.Error()})
			fmt.Fprintf(env.Stderr, "binocle solve: standard input: %v\n", err)
			return ExitBadInput
		case err != nil:
			line = jsonlResult{Status: "invalid", Error: err.Error()}
			if rec.ID != "" {
				line.ID = &rec.ID
			}
		default:
			line = solveRecord(rec, rr.Line(), rules, timeout)
		}
		if err := enc.Encode(line); err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
			return ExitBadInput
		}
	}
}

func solveRecord(rec solver.Record, lineNo int, rules string, timeout time.Duration) jsonlResult {
	id := rec.ID
	line := jsonlResult{ID: &id}
	p, err := rec.Puzzle()
	if err == nil && namesRuleSet(rules) {
		p.Rules, _ = solver.ParseRules(rules)
		err = p.Validate()
		var re *solver.RuleError
		if errors.As(err, &re) {
			err = nil // givens that break a rule are a "none", reported below
		}
	}
	if err != nil {
		line.Status, line.Error = "invalid", fmt.Sprintf("line %d: %v", lineNo, err)
		return line
	}
	auto := strings.EqualFold(rules, "auto")
	res, err := solveWith(p, auto, timeout)
	if err != nil {
		// The batch goes on; this record says it ran out of time.
		line.Status, line.Error = "timeout", fmt.Sprintf("line %d: gave up after %s", lineNo, timeout)
		return line
	}
	if auto {
		line.Rules = &res.Rules
	}
	line.Status = res.Status.String()
	if res.Status == solver.Unique {
		line.Solution = solver.GridRows(res.Solution, p.Rows, p.Cols)
	}
	if res.Contradiction != nil {
		line.Contradiction = res.Contradiction.Error()
	}
	us := micros(res.Elapsed)
	line.Micros = &us
	return line
}
