package cli

import (
	"fmt"

	"binocle/solver"
	"binocle/store"
)

func init() {
	saveSolve = func(env *Env, opts SolveOptions, p *solver.Puzzle, res solver.Result, source string) error {
		return saveToHistory(env, opts, p, res, source, nil, nil)
	}
}

// saveToHistory records a finished solve, with the photo's bytes and the
// reading when the puzzle came from an image (both may be nil), and says
// its ID on stderr so that stdout stays the solve's own output.
func saveToHistory(env *Env, opts SolveOptions, p *solver.Puzzle, res solver.Result, source string, photo []byte, reading *store.Reading) error {
	if opts.NoSave {
		return nil
	}
	st, err := openHistory(opts.Store)
	if err != nil {
		return err
	}
	defer st.Close()
	rec := store.RecordFromSolve(p, res, source)
	rec.Reading = reading
	id, err := st.Save(rec, photo)
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
