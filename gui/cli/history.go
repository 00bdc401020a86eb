package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"binocle/store"
)

func init() {
	register(&command{
		name:    "history",
		summary: "list, show, delete, export or import the solves kept in the history",
		usage: "[options] list | show ID | delete ID | export FILE | import FILE | move-aside\n\n" +
			"  list          the newest solves first (filters below)\n" +
			"  show ID       one solve: grid, solution, photo\n" +
			"  delete ID     remove a solve, and its photo when no other solve uses it\n" +
			"  export FILE   write the whole history to a zip of JSON and photos\n" +
			"  import FILE   merge such a zip; solves already present are skipped\n" +
			"  move-aside    rename a damaged history database so that a new one can start",
		flags: historyFlags,
	})
}

type historyOptions struct {
	store  string
	json   bool
	filter store.Filter
	size   string
}

func historyFlags(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
	var o historyOptions
	fs.StringVar(&o.store, "store", "", "history directory (default $BINOCLE_STORE, else the user's data directory)")
	fs.BoolVar(&o.json, "json", false, "print JSON")
	fs.StringVar(&o.filter.Rules, "rules", "", "list: only these rules (threeinarow, takuzu, troix)")
	fs.StringVar(&o.size, "size", "", "list: only this size, ROWSxCOLS")
	fs.StringVar(&o.filter.Status, "status", "", "list: only this status (unique, multiple, none, unsolved)")
	fs.StringVar(&o.filter.Text, "text", "", "list: only solves with this text in the title or notes")
	fs.IntVar(&o.filter.Limit, "limit", 100, "list: at most this many (0 for all)")
	fs.IntVar(&o.filter.Offset, "offset", 0, "list: skip this many of the newest")
	return func(env *Env, fs *flag.FlagSet) int {
		return runHistory(env, fs, &o)
	}
}

// historyFail reports err as the command's error and returns ExitBadInput.
func historyFail(env *Env, format string, args ...any) int {
	fmt.Fprintf(env.Stderr, "binocle history: "+format+"\n", args...)
	return ExitBadInput
}

func runHistory(env *Env, fs *flag.FlagSet, o *historyOptions) int {
	args := fs.Args()
	if len(args) == 0 {
		return historyFail(env, "say what to do: list, show ID, delete ID, export FILE, import FILE or move-aside")
	}
	sub, rest := args[0], args[1:]
	want := map[string]int{"list": 0, "show": 1, "delete": 1, "export": 1, "import": 1, "move-aside": 0}
	n, known := want[sub]
	if !known {
		return historyFail(env, "unknown subcommand %q (want list, show, delete, export, import or move-aside)", sub)
	}
	if len(rest) != n {
		return historyFail(env, "%s takes %d argument(s), got %d: %q", sub, n, len(rest), rest)
	}
	if sub == "move-aside" {
		return historyMoveAside(env, o.store)
	}
	if o.size != "" {
		r, c, ok := parseSize(o.size)
		if !ok {
			return historyFail(env, "--size %q is not ROWSxCOLS, such as 10x10", o.size)
		}
		o.filter.Rows, o.filter.Cols = r, c
	}
	st, err := openHistory(o.store)
	if err != nil {
		if errors.Is(err, store.ErrCorrupt) {
			return historyFail(env, "%v\nThe file is kept. To start a new history, move it aside with: binocle history move-aside%s",
				err, storeFlagHint(o.store))
		}
		return historyFail(env, "%v", err)
	}
	defer st.Close()

	switch sub {
	case "list":
		return historyList(env, st, o)
	case "show":
		id, ok := parseID(env, rest[0])
		if !ok {
			return ExitBadInput
		}
		return historyShow(env, st, id, o.json)
	case "delete":
		id, ok := parseID(env, rest[0])
		if !ok {
			return ExitBadInput
		}
		if err := st.Delete(id); err != nil {
			return historyFail(env, "%v", err)
		}
		fmt.Fprintf(env.Stdout, "deleted #%d\n", id)
	case "export":
		entries, _, err := st.Entries(store.Filter{})
		if err == nil {
			err = st.ExportFile(rest[0])
		}
		if err != nil {
			return historyFail(env, "%v", err)
		}
		damaged := 0
		for _, e := range entries {
			if e.Damaged() {
				damaged++
				fmt.Fprintf(env.Stderr, "binocle history: left out the damaged %v; `binocle history delete %d` removes it\n", e.Err, e.ID)
			}
		}
		fmt.Fprintf(env.Stdout, "exported %d solves to %s\n", len(entries)-damaged, rest[0])
	case "import":
		added, err := st.ImportFile(rest[0])
		if err != nil {
			return historyFail(env, "%v", err)
		}
		fmt.Fprintf(env.Stdout, "imported %d new solves from %s\n", added, rest[0])
	}
	return ExitOK
}

func storeFlagHint(dir string) string {
	if dir == "" {
		return ""
	}
	return " --store " + strconv.Quote(dir)
}

func historyMoveAside(env *Env, dir string) int {
	if dir == "" {
		var err error
		if dir, err = store.DefaultDir(); err != nil {
			return historyFail(env, "%v", err)
		}
	}
	moved, err := store.MoveAside(dir)
	if err != nil {
		return historyFail(env, "%v", err)
	}
	fmt.Fprintf(env.Stdout, "moved the history database to %s; the next run starts a new history\n", moved)
	return ExitOK
}

func parseID(env *Env, s string) (int64, bool) {
	id, err := strconv.ParseInt(strings.TrimPrefix(s, "#"), 10, 64)
	if err != nil || id <= 0 {
		historyFail(env, "%q is not a record ID (a positive number, as `binocle history list` shows)", s)
		return 0, false
	}
	return id, true
}

func parseSize(s string) (rows, cols int, ok bool) {
	r, c, found := strings.Cut(strings.ToLower(strings.ReplaceAll(s, "×", "x")), "x")
	if !found {
		return 0, 0, false
	}
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	return rows, cols, err1 == nil && err2 == nil && rows > 0 && cols > 0
}

// damagedJSON stands for a damaged row in `history list --json`, among the
// records, with the ID that `history delete` takes.
type damagedJSON struct {
	ID      int64  `json:"id"`
	Damaged string `json:"damaged"`
}

func historyList(env *Env, st *store.Store, o *historyOptions) int {
	entries, total, err := st.Entries(o.filter)
	if err != nil {
		return historyFail(env, "%v", err)
	}
	if o.json {
		out := []any{}
		for _, e := range entries {
			if e.Damaged() {
				out = append(out, damagedJSON{ID: e.ID, Damaged: e.Err.Error()})
			} else {
				out = append(out, e.Record)
			}
		}
		return writeJSON(env, out)
	}
	if total == 0 {
		fmt.Fprintln(env.Stdout, "no solves in the history match")
		return ExitOK
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tDATE\tTITLE\tSIZE\tRULES\tSTATUS")
	damaged := 0
	for _, e := range entries {
		if e.Damaged() {
			damaged++
			fmt.Fprintf(tw, "%d\t-\tDAMAGED\t-\t-\t-\n", e.ID)
			continue
		}
		r := e.Record
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d×%d\t%s\t%s\n", r.ID, r.Created.Local().Format("2006-01-02 15:04"),
			oneLine(r.Title), r.Rows, r.Cols, r.Rules, r.Status)
	}
	tw.Flush()
	if damaged > 0 {
		fmt.Fprintf(env.Stdout, "%d damaged solve(s) cannot be read; `binocle history show ID` says why, `binocle history delete ID` removes one\n", damaged)
	}
	if shown := o.filter.Offset + len(entries); shown < total || o.filter.Offset > 0 {
		fmt.Fprintf(env.Stdout, "(%d–%d of %d; see --limit and --offset)\n", o.filter.Offset+1, shown, total)
	}
	return ExitOK
}

// oneLine keeps a title with line breaks from breaking the table.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func writeJSON(env *Env, v any) int {
	enc := json.NewEncoder(env.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return historyFail(env, "%v", err)
	}
	return ExitOK
}

func historyShow(env *Env, st *store.Store, id int64, asJSON bool) int {
	r, err := st.Get(id)
	if err != nil {
		return historyFail(env, "%v", err)
	}
	if asJSON {
		return writeJSON(env, r)
	}
	w := env.Stdout
	fmt.Fprintf(w, "#%d  %s\n", r.ID, oneLine(r.Title))
	fmt.Fprintf(w, "created   %s\n", r.Created.Local().Format(time.DateTime))
	if !r.Updated.Equal(r.Created) {
		fmt.Fprintf(w, "updated   %s\n", r.Updated.Local().Format(time.DateTime))
	}
	fmt.Fprintf(w, "source    %s\n", r.Source)
	fmt.Fprintf(w, "puzzle    %s, %d×%d", r.Rules, r.Rows, r.Cols)
	if len(r.Edges) > 0 {
		fmt.Fprintf(w, ", %d edge clues", len(r.Edges))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "status    %s", r.Status)
	if r.Status != "unsolved" {
		fmt.Fprintf(w, " (%.2f ms)", r.SolveMillis)
	}
	fmt.Fprintln(w)
	if r.Reading != nil {
		fmt.Fprintf(w, "reading   %s, %d cells corrected by hand\n", orDash(r.Reading.Style), len(r.Corrected))
	}
	if r.PhotoHash != "" {
		fmt.Fprintf(w, "photo     %s\n", orDash(st.PhotoPath(r.PhotoHash)))
	}
	if r.Notes != "" {
		fmt.Fprintf(w, "notes     %s\n", strings.ReplaceAll(r.Notes, "\n", "\n          "))
	}
	fmt.Fprintln(w)
	printGrids(w, r)
	return ExitOK
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// printGrids shows the givens and the solution side by side.
func printGrids(w io.Writer, r *store.Record) {
	pad := strings.Repeat(" ", max(0, r.Cols-len("givens")))
	if len(r.Solution) == 0 {
		fmt.Fprintln(w, "givens")
	} else {
		fmt.Fprintf(w, "givens%s   solution\n", pad)
	}
	for i, g := range r.Givens {
		if i < len(r.Solution) {
			fmt.Fprintf(w, "%-6s   %s\n", g, r.Solution[i])
		} else {
			fmt.Fprintln(w, g)
		}
	}
}
