package cli

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"binocle/solver"
	"binocle/vision"
)

// fixes is what the rules say about a reading that gives no solution or
// several: the most probable change that gives one, if any; and about a
// reading that gives one: a nearly as probable reading that gives
// another (a rival), if any.
type fixes struct {
	found      bool
	suggestion solver.Suggestion
	doubtful   []solver.Point // named when nothing was found
	rival      *solver.Suggestion
}

// suggestFixes runs the rule-aware search on a reading whose solve was not
// unique, and the rival search on one whose solve was. It never changes p.
func suggestFixes(r *vision.Reading, p *solver.Puzzle, res solver.Result) fixes {
	if res.Status == solver.Unique {
		if rv, err := solver.RivalOf(context.Background(), p, res.Rules, res.Solution, r.CellOdds(p), r.SiteOdds()); err == nil {
			return fixes{rival: &rv}
		}
		return fixes{}
	}
	s, err := r.SuggestFixes(context.Background(), p, res.Rules)
	if err != nil {
		return fixes{doubtful: r.Doubtful(doubtfulBelow)}
	}
	return fixes{found: true, suggestion: s}
}

// rivalJSON is --json's "rival": the changes to the reading that give
// another unique answer, and that answer.
type rivalJSON struct {
	Changes  []suggestionJSON `json:"changes"`
	Solution []string         `json:"solution"`
}

func (f fixes) rivalJSON() *rivalJSON {
	if f.rival == nil {
		return nil
	}
	return &rivalJSON{Changes: changesJSON(f.rival.Changes),
		Solution: solver.GridRows(f.rival.Result.Solution, f.rival.Puzzle.Rows, f.rival.Puzzle.Cols)}
}

// describeRival warns that the answer rests on a toss-up: the changes the
// reader found nearly as likely, and the other answer they give.
func (f fixes) describeRival(w io.Writer) {
	if f.rival == nil {
		return
	}
	fmt.Fprintln(w, "doubtful reading: the reader found these plausible too (their probabilities below), and they give another unique answer; check them on the picture:")
	for _, ch := range f.rival.Changes {
		fmt.Fprintf(w, "  %s\n", changeText(ch))
	}
	fmt.Fprintln(w, "the other answer:")
	for _, row := range solver.GridRows(f.rival.Result.Solution, f.rival.Puzzle.Rows, f.rival.Puzzle.Cols) {
		fmt.Fprintln(w, row)
	}
}

// suggestionJSON is one entry of --json's "suggestions".
type suggestionJSON struct {
	Kind string  `json:"kind"`
	R    int     `json:"r"`
	C    int     `json:"c"`
	R2   *int    `json:"r2,omitempty"`
	C2   *int    `json:"c2,omitempty"`
	From string  `json:"from"`
	To   string  `json:"to"`
	P    float64 `json:"p"`
}

func (f fixes) json() []suggestionJSON { return changesJSON(f.suggestion.Changes) }

func changesJSON(changes []solver.Change) []suggestionJSON {
	out := []suggestionJSON{}
	for _, ch := range changes {
		s := suggestionJSON{Kind: ch.Kind, R: ch.Row, C: ch.Col, From: ch.From, To: ch.To, P: ch.P}
		if ch.Kind == "clue" {
			r2, c2 := ch.Row2, ch.Col2
			s.R2, s.C2 = &r2, &c2
		}
		out = append(out, s)
	}
	return out
}

// describe writes the suggestions for people: each change with its
// probability, and the answer they would give.
func (f fixes) describe(w io.Writer, accepted bool) {
	if !f.found {
		if len(f.doubtful) == 0 {
			fmt.Fprintln(w, "no plausible change to the reading gives exactly one solution")
			return
		}
		names := make([]string, len(f.doubtful))
		for i, pt := range f.doubtful {
			names[i] = fmt.Sprintf("r%dc%d", pt.Row+1, pt.Col+1)
		}
		sort.Strings(names)
		fmt.Fprintf(w, "no plausible change to the reading gives exactly one solution; doubtful cells: %s\n", strings.Join(names, " "))
		return
	}
	verb := "suggested fixes (--accept-fixes applies them):"
	if accepted {
		verb = "fixes applied (--accept-fixes):"
	}
	fmt.Fprintln(w, verb)
	for _, ch := range f.suggestion.Changes {
		fmt.Fprintf(w, "  %s\n", changeText(ch))
	}
	if !accepted {
		fmt.Fprintln(w, "they give this unique answer:")
		for _, row := range solver.GridRows(f.suggestion.Result.Solution, f.suggestion.Puzzle.Rows, f.suggestion.Puzzle.Cols) {
			fmt.Fprintln(w, row)
		}
	}
}

func changeText(ch solver.Change) string {
	show := func(s string) string {
		if s == "" {
			return "no clue"
		}
		return s
	}
	if ch.Kind == "clue" {
		return fmt.Sprintf("clue r%dc%d-r%dc%d: %s -> %s (p %.2f)", ch.Row+1, ch.Col+1, ch.Row2+1, ch.Col2+1, show(ch.From), show(ch.To), ch.P)
	}
	return fmt.Sprintf("cell r%dc%d: %s -> %s (p %.2f)", ch.Row+1, ch.Col+1, ch.From, ch.To, ch.P)
}
