package gui

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	_ "modernc.org/sqlite"

	"binocle/solver"
	"binocle/store"
)

// TestDamagedEntryIsListedAndDeletable: one record with garbage in its
// givens made the whole history panel empty; now it is listed as damaged,
// with its ID, beside the others, and its delete button removes it.
func TestDamagedEntryIsListedAndDeletable(t *testing.T) {
	u := newTestUI(t)
	for _, n := range []int{4, 6} {
		p, err := solver.NewPuzzle(solver.Takuzu, n, n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := u.store.Save(store.RecordFromPuzzle(p, "manual"), nil); err != nil {
			t.Fatal(err)
		}
	}
	u.history.reload()
	bad := u.history.entries[0].ID
	db, err := sql.Open("sqlite", filepath.Join(u.storeDir, store.DBName))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("UPDATE records SET givens = 'garbage{' WHERE id = ?", bad); err != nil {
		t.Fatal(err)
	}
	db.Close()

	u.history.reload()
	if len(u.history.entries) != 2 || len(u.history.records) != 1 || !u.history.entries[0].Damaged() {
		t.Fatalf("listed %d entries (%d readable), want both with the damaged one marked", len(u.history.entries), len(u.history.records))
	}
	row := newHistoryRow().(*historyRow)
	u.history.updateRow(0, row)
	if !strings.Contains(row.title.Text, "Damaged") || !strings.Contains(row.title.Text, "#") {
		t.Errorf("the damaged row reads %q", row.title.Text)
	}
	u.history.list.Select(0)
	wantStatus(t, u, levelError, "damaged")
	test.Tap(row.remove)
	if len(u.history.entries) != 1 || u.history.entries[0].Damaged() {
		t.Fatalf("delete left %d entries: %+v", len(u.history.entries), u.history.entries)
	}
	wantStatus(t, u, levelInfo, "Deleted the damaged entry")
}
