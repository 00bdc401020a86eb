package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"binocle/solver"
	"binocle/vision"
)

// marksJSON is `solve --json`'s "marks": present when the photo shows a
// player's entries beside the printed givens. Rows and columns are
// 0-based, as in "suggestions" and "edges".
type marksJSON struct {
	Entries int             `json:"entries"`
	Wrong   []wrongMarkJSON `json:"wrong"`
	// Unique says the givens alone have one solution, so that every
	// entry could be checked.
	Unique  bool   `json:"unique"`
	Message string `json:"message"`
	// SolvedWithEntries says the solution shown was found with the
	// entries as givens, the printed givens alone having several.
	SolvedWithEntries bool `json:"solved_with_entries,omitempty"`
}

type wrongMarkJSON struct {
	R    int    `json:"r"`
	C    int    `json:"c"`
	Mark string `json:"mark"`
	Want string `json:"want"`
}

func newMarksJSON(rep solver.MarkReport) *marksJSON {
	out := &marksJSON{Entries: rep.Entries, Wrong: []wrongMarkJSON{}, Unique: rep.Status == solver.Unique, Message: rep.Message()}
	for _, w := range rep.Wrong {
		out.Wrong = append(out.Wrong, wrongMarkJSON{R: w.Row, C: w.Col, Mark: string(w.Mark.Char()), Want: string(w.Want.Char())})
	}
	return out
}

// checkReadingMarks checks the player's marks of a half-played photo
// against res, the solve of its givens p; ok is false when the photo
// shows no marks or the check gave up.
func checkReadingMarks(r *vision.Reading, p *solver.Puzzle, res solver.Result, timeout time.Duration) (solver.MarkReport, bool) {
	if !r.HasMarks() {
		return solver.MarkReport{}, false
	}
	ctx, cancel := withTimeout(timeout)
	defer cancel()
	rep, err := solver.CompareMarks(ctx, p, res, r.Marks())
	return rep, err == nil
}

// wrongPoints are the cells of the wrong entries.
func wrongPoints(rep solver.MarkReport) []solver.Point {
	pts := make([]solver.Point, len(rep.Wrong))
	for i, w := range rep.Wrong {
		pts[i] = solver.Point{Row: w.Row, Col: w.Col}
	}
	return pts
}

// printMarks names the cells the reader took for the player's marks
// rather than printed givens, as the CLI names cells: r3c4, 1-based.
func printMarks(w io.Writer, r *vision.Reading) {
	if r.Cols <= 0 {
		return
	}
	var names []string
	for i, v := range r.Marks() {
		if v != solver.Empty {
			names = append(names, fmt.Sprintf("r%dc%d", i/r.Cols+1, i%r.Cols+1))
		}
	}
	if len(names) > 0 {
		fmt.Fprintf(w, "your entries (not printed givens): %s\n", strings.Join(names, " "))
	}
}
