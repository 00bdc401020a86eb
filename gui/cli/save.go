package cli

import (
	"fmt"

	"binocle/gui/internal/storerec"
	"binocle/store"
)

func init() {
	saveSolve = saveToHistory
}

// saveToHistory records a finished solve, with the photo and what was read
// from it when the puzzle came from an image, and says its ID on stderr so
// that stdout stays the solve's own output.
func saveToHistory(env *Env, opts SolveOptions, s solved) error {
	if opts.NoSave {
		return nil
	}
	st, err := openHistory(opts.Store)
	if err != nil {
		return err
	}
	defer st.Close()
	rec := storerec.FromSolve(s.Puzzle, s.Result, s.Source, s.Reading)
	id, err := st.Save(rec, s.Photo)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "saved to the history as #%d\n", id)
	return nil
}

// openHistory opens the store in dir, or in the default directory
// (BINOCLE_STORE, then the user's data directory) when dir is "".
func openHistory(dir string) (*store.Store, error) {
	if dir == "" {
		var err error
		if dir, err = store.DefaultDir(); err != nil {
			return nil, err
		}
	}
	return store.Open(dir)
}
