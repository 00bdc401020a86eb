// Package storerec turns a solve, and the reading it came from, into the
// history record the app and the command line both save: one conversion,
// so that an entry saved by either reads back alike.
package storerec

import (
	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// FromSolve is store.RecordFromSolve with what the reader found in the
// photo, when the puzzle came from one (r may be nil). The caller adds
// corrections and the photo.
func FromSolve(p *solver.Puzzle, res solver.Result, source string, r *vision.Reading) *store.Record {
	rec := store.RecordFromSolve(p, res, source)
	if r != nil {
		rec.Reading = &store.Reading{Corners: r.Corners, Confidence: r.Confidence, Style: string(r.Style)}
		if r.HasMarks() && len(r.Cells) == r.Rows*r.Cols {
			rec.Reading.Marks = solver.GridRows(r.Marks(), r.Rows, r.Cols)
		}
	}
	return rec
}
