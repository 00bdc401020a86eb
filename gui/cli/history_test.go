package cli

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"binocle/solver"
	"binocle/store"

	_ "modernc.org/sqlite"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	return code, out.String(), errb.String()
}

// historyWith makes a store holding a Takuzu 4×4 and a 3-in-a-Row 6×6.
func historyWith(t *testing.T) (dir string, ids []int64) {
	t.Helper()
	dir = t.TempDir()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i, rec := range []*store.Record{
		{Source: "text", Title: "Morning puzzle", Rules: "takuzu", Rows: 4, Cols: 4,
			Givens: []string{"1...", "....", "..0.", "...."}, Solution: []string{"1001", "0110", "1001", "0110"},
			Status: "unique", SolveMillis: 0.5},
		{Source: "photo", Title: "Newspaper", Rules: "threeinarow", Rows: 6, Cols: 6,
			Givens: []string{"......", "......", "......", "......", "......", "......"}, Status: "unsolved",
			Notes: "from the train"},
	} {
		rec.Created = time.Date(2025, 3, 1+i, 9, 0, 0, 0, time.UTC)
		var photo []byte
		if i == 1 {
			photo = []byte("photo bytes")
		}
		id, err := st.Save(rec, photo)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return dir, ids
}

func TestHistoryList(t *testing.T) {
	dir, _ := historyWith(t)
	code, out, errs := runCLI(t, "history", "--store", dir, "list")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "ID") {
		t.Fatalf("table:\n%s", out)
	}
	// Newest first.
	for i, want := range [][]string{{"2", "Newspaper", "6×6", "threeinarow", "unsolved"}, {"1", "Morning puzzle", "4×4", "takuzu", "unique"}} {
		for _, w := range want {
			if !strings.Contains(lines[i+1], w) {
				t.Errorf("row %d %q lacks %q", i+1, lines[i+1], w)
			}
		}
	}

	// Flags after the subcommand, JSON, and a filter.
	code, out, _ = runCLI(t, "history", "list", "--json", "--rules", "takuzu", "--store", dir)
	var recs []store.Record
	if code != ExitOK || json.Unmarshal([]byte(out), &recs) != nil || len(recs) != 1 || recs[0].Title != "Morning puzzle" {
		t.Errorf("JSON list (exit %d): %s", code, out)
	}
	code, out, _ = runCLI(t, "history", "list", "--json", "--text", "nothing like this", "--store", dir)
	if code != ExitOK || strings.TrimSpace(out) != "[]" {
		t.Errorf("empty JSON list (exit %d): %q", code, out)
	}
	code, out, _ = runCLI(t, "history", "list", "--size", "6x6", "--limit", "1", "--store", dir)
	if code != ExitOK || !strings.Contains(out, "Newspaper") || strings.Contains(out, "Morning") {
		t.Errorf("size filter (exit %d):\n%s", code, out)
	}
}

func TestHistoryUsesEnvironmentStore(t *testing.T) {
	dir, _ := historyWith(t)
	t.Setenv("BINOCLE_STORE", dir)
	code, out, errs := runCLI(t, "history", "list")
	if code != ExitOK || !strings.Contains(out, "Newspaper") {
		t.Errorf("exit %d, out %q, err %q", code, out, errs)
	}
}

func TestHistoryShow(t *testing.T) {
	dir, ids := historyWith(t)
	code, out, errs := runCLI(t, "history", "--store", dir, "show", "1")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"#1  Morning puzzle", "takuzu, 4×4", "unique (0.50 ms)", "1...     1001", "..0.     1001"} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "history", "--store", dir, "show", "2")
	if code != ExitOK || !strings.Contains(out, "photo     "+filepath.Join(dir, "photos")) || !strings.Contains(out, "notes     from the train") {
		t.Errorf("show with photo (exit %d):\n%s", code, out)
	}

	code, out, _ = runCLI(t, "history", "--store", dir, "--json", "show", "2")
	var rec store.Record
	if code != ExitOK || json.Unmarshal([]byte(out), &rec) != nil || rec.ID != ids[1] || rec.Notes != "from the train" {
		t.Errorf("JSON show (exit %d): %s", code, out)
	}
}

func TestHistoryBadInput(t *testing.T) {
	dir, _ := historyWith(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"history", "--store", dir}, "say what to do"},
		{[]string{"history", "--store", dir, "frobnicate"}, "unknown subcommand"},
		{[]string{"history", "--store", dir, "show"}, "takes 1 argument"},
		{[]string{"history", "--store", dir, "show", "abc"}, "not a record ID"},
		{[]string{"history", "--store", dir, "show", "0"}, "not a record ID"},
		{[]string{"history", "--store", dir, "show", "99"}, "#99"},
		{[]string{"history", "--store", dir, "delete", "99"}, "#99"},
		{[]string{"history", "--store", dir, "import", filepath.Join(dir, "missing.zip")}, "missing.zip"},
		{[]string{"history", "--store", dir, "export", filepath.Join(dir, "no", "such", "dir.zip")}, "dir.zip"},
		{[]string{"history", "--store", dir, "list", "--size", "big"}, "--size"},
		{[]string{"history", "--store", dir, "list", "--status", "done"}, "status"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != ExitBadInput || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q (stdout %q), want exit 2 mentioning %q", c.args[3:], code, errs, out, c.want)
		}
	}
}

func TestHistoryDeleteExportImport(t *testing.T) {
	dir, ids := historyWith(t)
	archive := filepath.Join(t.TempDir(), "history.zip")
	code, out, errs := runCLI(t, "history", "--store", dir, "export", archive)
	if code != ExitOK || !strings.Contains(out, "exported 2 solves") {
		t.Fatalf("export: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "history", "--store", dir, "delete", "#1")
	if code != ExitOK || !strings.Contains(out, "deleted #1") {
		t.Fatalf("delete: exit %d, %q %q", code, out, errs)
	}
	if code, _, _ := runCLI(t, "history", "--store", dir, "show", "1"); code != ExitBadInput {
		t.Errorf("show after delete: exit %d", code)
	}
	code, out, errs = runCLI(t, "history", "--store", dir, "import", archive)
	if code != ExitOK || !strings.Contains(out, "imported 1 new solves") {
		t.Fatalf("import: exit %d, %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "history", "--store", dir, "import", archive)
	if code != ExitOK || !strings.Contains(out, "imported 0 new solves") {
		t.Errorf("second import: exit %d, %q", code, out)
	}
	code, out, _ = runCLI(t, "history", "--store", dir, "--json", "list")
	var recs []store.Record
	if json.Unmarshal([]byte(out), &recs) != nil || len(recs) != 2 || recs[1].Title != "Morning puzzle" || recs[1].ID == ids[0] {
		t.Errorf("after re-import (exit %d): %s", code, out)
	}

	bad := filepath.Join(t.TempDir(), "bad.zip")
	os.WriteFile(bad, []byte("not a zip"), 0o644)
	if code, _, errs := runCLI(t, "history", "--store", dir, "import", bad); code != ExitBadInput || !strings.Contains(errs, "not a valid Binocle history archive") {
		t.Errorf("bad archive: exit %d, %q", code, errs)
	}
}

func TestHistoryCorruptAndMoveAside(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, store.DBName), bytes.Repeat([]byte("junk"), 100), 0o644)
	code, _, errs := runCLI(t, "history", "--store", dir, "list")
	if code != ExitBadInput || !strings.Contains(errs, "damaged") || !strings.Contains(errs, "binocle history move-aside --store") {
		t.Fatalf("corrupt store: exit %d, %q", code, errs)
	}
	code, out, errs := runCLI(t, "history", "--store", dir, "move-aside")
	if code != ExitOK || !strings.Contains(out, store.DBName+".corrupt-") {
		t.Fatalf("move-aside: exit %d, %q %q", code, out, errs)
	}
	if code, out, errs := runCLI(t, "history", "--store", dir, "list"); code != ExitOK || !strings.Contains(out, "no solves") {
		t.Errorf("after move-aside: exit %d, %q %q", code, out, errs)
	}
}

func TestSaveSolveHook(t *testing.T) {
	dir := t.TempDir()
	p, err := solver.NewPuzzle(solver.Takuzu, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	p.Set(0, 0, solver.One)
	sol := make([]solver.Cell, 16)
	for i := range sol {
		sol[i] = solver.Cell((i + i/4) % 2)
	}
	res := solver.Result{Status: solver.Unique, Rules: solver.Takuzu, Solution: sol, Elapsed: 2 * time.Millisecond}
	var errb bytes.Buffer
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &errb}

	if err := saveSolve(env, SolveOptions{Store: dir, NoSave: true}, solved{Puzzle: p, Result: res, Source: "text"}); err != nil {
		t.Fatal(err)
	}
	if err := saveSolve(env, SolveOptions{Store: dir}, solved{Puzzle: p, Result: res, Source: "text"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), "saved to the history as #1") {
		t.Errorf("stderr %q", errb.String())
	}
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	recs, total, err := st.List(store.Filter{})
	if err != nil || total != 1 {
		t.Fatalf("%d records (err %v), want 1: NoSave must not save", total, err)
	}
	got := recs[0]
	want := store.RecordFromSolve(p, res, "text")
	want.ID, want.Created, want.Updated = got.ID, got.Created, got.Updated
	if !reflect.DeepEqual(&got, want) {
		t.Errorf("saved %+v\nwant %+v", got, want)
	}
	if got.Title != "Takuzu 4×4" || got.Solution[0] != "0101" {
		t.Errorf("title %q, solution %v", got.Title, got.Solution)
	}
}

// One damaged row shows as damaged with its ID; list and export go on with
// the rest, and delete removes it. Export never overwrites the history.
func TestHistoryDamagedRecordAndExportGuard(t *testing.T) {
	dir, ids := historyWith(t)
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	corruptGivens(t, dir, ids[0])
	st.Close()

	code, out, errs := runCLI(t, "history", "--store", dir, "list")
	if code != ExitOK || !strings.Contains(out, "DAMAGED") || !strings.Contains(out, "Newspaper") {
		t.Fatalf("list: exit %d, %q %q; want the damaged row and the good one", code, out, errs)
	}
	code, out, _ = runCLI(t, "history", "--store", dir, "--json", "list")
	if code != ExitOK || !strings.Contains(out, `"damaged": "record #1`) || !strings.Contains(out, "Newspaper") {
		t.Fatalf("list --json: exit %d, %s", code, out)
	}
	zip := filepath.Join(t.TempDir(), "h.zip")
	code, out, errs = runCLI(t, "history", "--store", dir, "export", zip)
	if code != ExitOK || !strings.Contains(out, "exported 1 solves") || !strings.Contains(errs, "history delete 1") {
		t.Fatalf("export: exit %d, %q %q", code, out, errs)
	}
	for _, target := range []string{filepath.Join(dir, store.DBName), filepath.Join(dir, store.DBName+"-wal"), filepath.Join(dir, "photos", "a.zip")} {
		code, _, errs = runCLI(t, "history", "--store", dir, "export", target)
		if code != ExitBadInput || !strings.Contains(errs, "would overwrite the history") {
			t.Errorf("export onto %s: exit %d, %q", target, code, errs)
		}
	}
	code, _, errs = runCLI(t, "history", "--store", dir, "export", t.TempDir())
	if code != ExitBadInput || !strings.Contains(errs, "is a directory") || strings.Contains(errs, "rename") {
		t.Errorf("export onto a directory: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI(t, "history", "--store", dir, "delete", "1"); code != ExitOK {
		t.Fatalf("delete the damaged row: exit %d, %q", code, errs)
	}
	if code, out, _ := runCLI(t, "history", "--store", dir, "list"); code != ExitOK || strings.Contains(out, "DAMAGED") {
		t.Errorf("after delete: exit %d, %q", code, out)
	}
}

// corruptGivens writes garbage into one record's givens column, as a bad
// disk or another program might.
func corruptGivens(t *testing.T, dir string, id int64) {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(dir, store.DBName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("UPDATE records SET givens = 'garbage{' WHERE id = ?", id); err != nil {
		t.Fatal(err)
	}
}
