package store

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"binocle/solver"
)

// repoFile finds a file by its path from the module root, wherever the
// test runs from.
func repoFile(t *testing.T, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above the test directory, looking for %s", rel)
		}
		dir = parent
	}
}

// createFromScript builds a database the way an older Binocle left it.
func createFromScript(t *testing.T, dir, script string) {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(dir, DBName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(script); err != nil {
		t.Fatal(err)
	}
}

func userVersion(t *testing.T, st *Store) int {
	t.Helper()
	var v int
	if err := st.db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestMigrateFromVersion1(t *testing.T) {
	script, err := os.ReadFile(repoFile(t, "testdata/store/v1.sql"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	createFromScript(t, dir, string(script))

	st, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if v := userVersion(t, st); v != latestVersion() {
		t.Errorf("user_version %d after Open, want %d", v, latestVersion())
	}
	got, err := st.Get(1)
	if err != nil {
		t.Fatal(err)
	}
	want := &Record{
		ID: 1, Created: time.Unix(0, 1700000000000000000).UTC(), Updated: time.Unix(0, 1700000100000000000).UTC(),
		Source: "photo", Title: "ÄRGER im Café", Rules: "takuzu", Rows: 4, Cols: 4,
		Givens: []string{"1...", "..0.", "....", "0..1"},
		Edges:  []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Differ}},
		Reading: &Reading{
			Corners:    [4][2]float64{{10, 12}, {410, 15}, {405, 420}, {8, 415}},
			Confidence: []float64{0.9, 0.8, 0.7, 0.6, 0.9, 0.8, 0.7, 0.6, 0.9, 0.8, 0.7, 0.6, 0.9, 0.8, 0.7, 0.6},
			Style:      "print",
		},
		Corrected:   []solver.Point{{Row: 1, Col: 2}},
		Solution:    []string{"1010", "0101", "1001", "0110"},
		Status:      "unique",
		SolveMillis: 0.25,
		Notes:       "From the Sunday paper",
		PhotoHash:   "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("migrated record:\n got %+v\nwant %+v", got, want)
	}
	// Version 2's search column is filled for old rows, folding beyond ASCII.
	recs, total, err := st.List(Filter{Text: "ärger"})
	if err != nil || total != 1 || recs[0].ID != 1 {
		t.Errorf("text search on a migrated record: %v total %d err %v", ids(recs), total, err)
	}
	// Old and new records list together.
	mustSave(t, st, sampleRecord(1), nil)
	if _, total, _ := st.List(Filter{}); total != 3 {
		t.Errorf("%d records after migrating 2 and saving 1", total)
	}
}

// The fixture is a copy of what migration 1 created when it shipped; if
// they differ, someone edited a released migration.
func TestMigration1IsFrozen(t *testing.T) {
	script, err := os.ReadFile(repoFile(t, "testdata/store/v1.sql"))
	if err != nil {
		t.Fatal(err)
	}
	fromFixture, fromMigration := t.TempDir(), t.TempDir()
	createFromScript(t, fromFixture, string(script))
	createFromScript(t, fromMigration, migrations[0].sql)
	if a, b := schemaOf(t, fromFixture), schemaOf(t, fromMigration); a != b {
		t.Errorf("migration 1 no longer creates the version 1 schema:\nfixture:\n%s\nmigration:\n%s", a, b)
	}
}

func schemaOf(t *testing.T, dir string) string {
	db, err := sql.Open("sqlite", filepath.Join(dir, DBName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var s string
		rows.Scan(&s)
		b.WriteString(s + ";\n")
	}
	return b.String()
}

func TestMigrationFileNames(t *testing.T) {
	cases := []struct {
		files []string
		ok    bool
	}{
		{[]string{"0001_a.sql", "0002_b.sql"}, true},
		{[]string{"0001_a.sql", "0003_b.sql"}, false},
		{[]string{"0002_a.sql"}, false},
		{[]string{"first.sql"}, false},
	}
	for _, c := range cases {
		fsys := fstest.MapFS{}
		for _, f := range c.files {
			fsys["migrations/"+f] = &fstest.MapFile{Data: []byte("SELECT 1;")}
		}
		_, err := loadMigrations(fsys)
		if (err == nil) != c.ok {
			t.Errorf("%v: error %v, want ok=%v", c.files, err, c.ok)
		}
	}
}

// fileState is what must not change when Open refuses a database.
type fileState struct {
	data  []byte
	mtime time.Time
}

func stateOf(t *testing.T, path string) fileState {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fileState{data, fi.ModTime()}
}

func TestNewerVersionIsRefusedUntouched(t *testing.T) {
	dir := t.TempDir()
	st, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, st, sampleRecord(1), nil)
	if _, err := st.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	// The old file's WAL is checkpointed and gone, as after a newer
	// Binocle closed it; Open must not switch or write anything.
	dbPath := filepath.Join(dir, DBName)
	before := stateOf(t, dbPath)
	time.Sleep(10 * time.Millisecond) // so that a write would show in the mtime

	_, err = Open(dir)
	if !errors.Is(err, ErrNewerVersion) {
		t.Fatalf("Open: %v, want ErrNewerVersion", err)
	}
	if !strings.Contains(err.Error(), "99") || !strings.Contains(err.Error(), "up to 2") {
		t.Errorf("error %q does not name both versions", err)
	}
	after := stateOf(t, dbPath)
	if !bytes.Equal(before.data, after.data) || !before.mtime.Equal(after.mtime) {
		t.Error("Open changed a newer database it refused")
	}
	for _, side := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(dbPath + side); err == nil {
			t.Errorf("Open left a %s file beside the database it refused", side)
		}
	}
}

func TestCorruptDatabase(t *testing.T) {
	cases := []struct {
		name    string
		corrupt func(t *testing.T, path string)
	}{
		{"garbage", func(t *testing.T, path string) {
			os.WriteFile(path, bytes.Repeat([]byte("garbage!"), 1000), 0o644)
		}},
		{"damaged pages", func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// Keep the header, wreck the schema page and what follows.
			for i := 100; i < len(data); i++ {
				data[i] = byte(i * 7)
			}
			os.WriteFile(path, data, 0o644)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			st, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < 20; n++ {
				mustSave(t, st, sampleRecord(n), nil)
			}
			st.Close()
			dbPath := filepath.Join(dir, DBName)
			c.corrupt(t, dbPath)
			before := stateOf(t, dbPath)

			_, err = Open(dir)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Open: %v, want ErrCorrupt", err)
			}
			if !bytes.Equal(stateOf(t, dbPath).data, before.data) {
				t.Error("Open changed the damaged file")
			}

			moved, err := MoveAside(dir)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(filepath.Base(moved), DBName+".corrupt-") {
				t.Errorf("moved to %s", moved)
			}
			if got := stateOf(t, moved); !bytes.Equal(got.data, before.data) {
				t.Error("the moved file differs from the damaged one")
			}
			st, err = Open(dir)
			if err != nil {
				t.Fatalf("Open after MoveAside: %v", err)
			}
			defer st.Close()
			if _, total, _ := st.List(Filter{}); total != 0 {
				t.Errorf("fresh store has %d records", total)
			}
		})
	}
}

func TestMoveAsideWithoutDatabase(t *testing.T) {
	if _, err := MoveAside(t.TempDir()); err == nil {
		t.Error("MoveAside of a missing database succeeded")
	}
}
