package store

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"binocle/solver"
)

func TestSaveGetRoundTrip(t *testing.T) {
	st, _ := openTemp(t)
	for n := 0; n < 8; n++ {
		rec := sampleRecord(n)
		var photo []byte
		if n%2 == 0 {
			photo = samplePhoto(n)
		}
		if n == 3 {
			rec.Reading, rec.Edges, rec.Corrected, rec.Solution = nil, nil, nil, nil
		}
		id := mustSave(t, st, rec, photo)
		if id != rec.ID || id <= 0 {
			t.Fatalf("Save returned id %d, record has %d", id, rec.ID)
		}
		got, err := st.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, rec) {
			t.Errorf("record %d read back differently:\n got %+v\nwant %+v", n, got, rec)
		}
		if photo != nil {
			if got.PhotoHash != HashPhoto(photo) {
				t.Errorf("photo hash %q, want %q", got.PhotoHash, HashPhoto(photo))
			}
			data, err := st.Photo(got.PhotoHash)
			if err != nil || !bytes.Equal(data, photo) {
				t.Errorf("photo read back wrong (err %v)", err)
			}
			if !strings.HasSuffix(st.PhotoPath(got.PhotoHash), ".png") {
				t.Errorf("photo path %q does not keep the sniffed extension", st.PhotoPath(got.PhotoHash))
			}
		}
	}
}

func TestThumbnailIsSmallJPEG(t *testing.T) {
	st, _ := openTemp(t)
	rec := sampleRecord(1)
	mustSave(t, st, rec, samplePhoto(1))
	p := st.ThumbnailPath(rec.PhotoHash)
	if p == "" {
		t.Fatal("no thumbnail")
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	cfg, format, err := decodeConfig(data)
	if err != nil {
		t.Fatal(err)
	}
	if format != "jpeg" || cfg.Width != ThumbnailSize || cfg.Height != 120*ThumbnailSize/200 {
		t.Errorf("thumbnail is %s %dx%d, want jpeg %dx%d", format, cfg.Width, cfg.Height, ThumbnailSize, 120*ThumbnailSize/200)
	}

	// A photo no decoder reads is still kept, without a thumbnail.
	other := sampleRecord(2)
	mustSave(t, st, other, []byte("not an image at all"))
	if st.PhotoPath(other.PhotoHash) == "" || st.ThumbnailPath(other.PhotoHash) != "" {
		t.Errorf("undecodable photo: path %q thumbnail %q", st.PhotoPath(other.PhotoHash), st.ThumbnailPath(other.PhotoHash))
	}
}

func TestSaveRejectsBadRecords(t *testing.T) {
	st, _ := openTemp(t)
	cases := []struct {
		name   string
		change func(r *Record)
		want   string
	}{
		{"unknown source", func(r *Record) { r.Source = "fax" }, "source"},
		{"unknown rules", func(r *Record) { r.Rules = "sudoku" }, "rules"},
		{"too small", func(r *Record) { r.Rows = 1 }, "out of range"},
		{"short row", func(r *Record) { r.Givens[2] = r.Givens[2][1:] }, "givens row 3"},
		{"missing row", func(r *Record) { r.Givens = r.Givens[1:] }, "givens have"},
		{"bad cell", func(r *Record) { r.Givens[1] = "2" + r.Givens[1][1:] }, "givens row 2 column 1"},
		{"empty solution cell", func(r *Record) { r.Solution[0] = "." + r.Solution[0][1:] }, "solution row 1"},
		{"status", func(r *Record) { r.Status = "solved" }, "status"},
		{"edge not adjacent", func(r *Record) { r.Edges = []solver.Edge{{R1: 0, C1: 0, R2: 1, C2: 1}} }, "edge 1"},
		{"edge outside", func(r *Record) { r.Edges = []solver.Edge{{R1: 0, C1: 3, R2: 0, C2: 4}} }, "edge 1"},
		{"corrected outside", func(r *Record) { r.Corrected = []solver.Point{{Row: -1}} }, "corrected cell 1"},
		{"confidence count", func(r *Record) { r.Reading.Confidence = r.Reading.Confidence[1:] }, "confidences"},
		{"marks rows", func(r *Record) { r.Reading.Marks = []string{"...."} }, "reading marks have 1 rows"},
		{"marks cell", func(r *Record) { r.Reading.Marks = []string{"..2.", "....", "....", "...."} }, "reading marks row 1 column 3"},
		{"hash", func(r *Record) { r.PhotoHash = "abc" }, "photo hash"},
		{"unknown photo", func(r *Record) { r.PhotoHash = strings.Repeat("a", 64) }, "not in the store"},
		{"ancient", func(r *Record) { r.Created = time.Date(1200, 1, 1, 0, 0, 0, 0, time.UTC) }, "created time"},
		{"negative time", func(r *Record) { r.SolveMillis = -1 }, "solve time"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := sampleRecord(0) // 4×4 takuzu
			c.change(rec)
			_, err := st.Save(rec, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one mentioning %q", err, c.want)
			}
		})
	}
	if _, total, _ := st.List(Filter{}); total != 0 {
		t.Errorf("%d records saved from bad input", total)
	}
}

func TestRulesAliasIsCanonical(t *testing.T) {
	st, _ := openTemp(t)
	rec := sampleRecord(1)
	rec.Rules = "Tango"
	mustSave(t, st, rec, nil)
	got, _ := st.Get(rec.ID)
	if got.Rules != "threeinarow" {
		t.Errorf("rules stored as %q, want threeinarow", got.Rules)
	}
}

func TestUpdate(t *testing.T) {
	st, _ := openTemp(t)
	rec := sampleRecord(4)
	mustSave(t, st, rec, samplePhoto(4))
	created := rec.Created
	before := rec.Updated

	rec.Title = "Sunday paper"
	rec.Notes = "Solved on the train"
	rec.Corrected = append(rec.Corrected, solver.Point{Row: 1, Col: 1})
	if err := st.Update(rec); err != nil {
		t.Fatal(err)
	}
	got, err := st.Get(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) {
		t.Errorf("updated record:\n got %+v\nwant %+v", got, rec)
	}
	if !got.Created.Equal(created) || got.Updated.Before(before) {
		t.Errorf("times after update: created %v (was %v), updated %v (was %v)", got.Created, created, got.Updated, before)
	}

	rec.PhotoHash = ""
	if err := st.Update(rec); err == nil {
		t.Error("Update changed the photo")
	}
	missing := sampleRecord(5)
	missing.ID = 999
	if err := st.Update(missing); !errors.Is(err, ErrNotFound) {
		t.Errorf("Update of a missing record: %v, want ErrNotFound", err)
	}
}

func TestDeleteKeepsSharedPhotoAndRestore(t *testing.T) {
	st, _ := openTemp(t)
	photo := samplePhoto(9)
	a, b := sampleRecord(1), sampleRecord(2)
	mustSave(t, st, a, photo)
	b.PhotoHash = a.PhotoHash // a second reading of the same photo
	mustSave(t, st, b, nil)
	path, thumb := st.PhotoPath(a.PhotoHash), st.ThumbnailPath(a.PhotoHash)

	if err := st.Delete(a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Get(a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: %v, want ErrNotFound", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("photo still used by #%d was removed: %v", b.ID, err)
	}

	kept, _ := st.Get(b.ID)
	keptPhoto, err := st.Photo(kept.PhotoHash)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Delete(b.ID); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, thumb} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left after its last record was deleted (%v)", p, err)
		}
	}
	if err := st.Delete(b.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete: %v, want ErrNotFound", err)
	}

	// Undo: the record comes back with its ID, times and photo.
	if err := st.Restore(kept, keptPhoto); err != nil {
		t.Fatal(err)
	}
	back, err := st.Get(b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, kept) {
		t.Errorf("restored record:\n got %+v\nwant %+v", back, kept)
	}
	if data, err := st.Photo(back.PhotoHash); err != nil || !bytes.Equal(data, photo) {
		t.Errorf("restored photo wrong (err %v)", err)
	}
	if err := st.Restore(kept, nil); err == nil {
		t.Error("Restore over an existing ID succeeded")
	}
}

func TestSaveKeepsPresetCreated(t *testing.T) {
	st, _ := openTemp(t)
	rec := sampleRecord(3)
	want := time.Date(2023, 5, 6, 7, 8, 9, 123456789, time.FixedZone("CEST", 2*3600))
	rec.Created = want
	mustSave(t, st, rec, nil)
	got, _ := st.Get(rec.ID)
	if !got.Created.Equal(want) {
		t.Errorf("created %v, want %v", got.Created, want)
	}
}

func TestList(t *testing.T) {
	st, _ := openTemp(t)
	var all []*Record
	for n := 0; n < 40; n++ {
		rec := sampleRecord(n)
		mustSave(t, st, rec, nil)
		all = append(all, rec)
	}
	all[7].Title = "Café Ärger"
	if err := st.Update(all[7]); err != nil {
		t.Fatal(err)
	}
	// expect lists the IDs of the matching records, newest first, by brute force.
	expect := func(keep func(r *Record) bool) []int64 {
		var ids []int64
		for i := len(all) - 1; i >= 0; i-- {
			if keep(all[i]) {
				ids = append(ids, all[i].ID)
			}
		}
		return ids
	}
	base := all[0].Created
	cases := []struct {
		name string
		f    Filter
		keep func(r *Record) bool
	}{
		{"all", Filter{}, func(*Record) bool { return true }},
		{"rules alias", Filter{Rules: "binairo"}, func(r *Record) bool { return r.Rules == "takuzu" }},
		{"size", Filter{Rows: 6, Cols: 6}, func(r *Record) bool { return r.Rows == 6 }},
		{"status", Filter{Status: "none"}, func(r *Record) bool { return r.Status == "none" }},
		{"source", Filter{Source: "camera"}, func(r *Record) bool { return r.Source == "camera" }},
		{"dates", Filter{From: base.Add(10 * time.Minute), To: base.Add(20 * time.Minute)}, func(r *Record) bool {
			return !r.Created.Before(base.Add(10*time.Minute)) && r.Created.Before(base.Add(20*time.Minute))
		}},
		{"text in notes", Filter{Text: "SEQ 1"}, func(r *Record) bool { return strings.HasPrefix(r.Notes, "seq 1") }},
		{"text unicode fold", Filter{Text: "äRGER"}, func(r *Record) bool { return r == all[7] }},
		{"combined", Filter{Rules: "takuzu", Rows: 4}, func(r *Record) bool { return r.Rules == "takuzu" && r.Rows == 4 }},
		{"nothing", Filter{Text: "no such words"}, func(*Record) bool { return false }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := expect(c.keep)
			recs, total, err := st.List(c.f)
			if err != nil {
				t.Fatal(err)
			}
			if total != len(want) || !reflect.DeepEqual(ids(recs), want) {
				t.Errorf("got %v (total %d), want %v", ids(recs), total, want)
			}
		})
	}

	t.Run("paging", func(t *testing.T) {
		want := expect(func(*Record) bool { return true })
		var got []int64
		for off := 0; ; off += 7 {
			page, total, err := st.List(Filter{Limit: 7, Offset: off})
			if err != nil {
				t.Fatal(err)
			}
			if total != len(all) {
				t.Fatalf("total %d, want %d", total, len(all))
			}
			if len(page) == 0 {
				break
			}
			got = append(got, ids(page)...)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("pages gave %v, want %v", got, want)
		}
	})

	for _, bad := range []Filter{{Limit: -1}, {Rules: "chess"}, {Status: "done"}, {Source: "fax"}} {
		if _, _, err := st.List(bad); err == nil {
			t.Errorf("List(%+v) accepted a bad filter", bad)
		}
	}
}

func ids(recs []Record) []int64 {
	var out []int64
	for _, r := range recs {
		out = append(out, r.ID)
	}
	return out
}

func TestRecordFromSolve(t *testing.T) {
	p, err := solver.NewPuzzle(solver.Takuzu, 4, 6)
	if err != nil {
		t.Fatal(err)
	}
	p.Set(0, 1, solver.One)
	p.Edges = []solver.Edge{{R1: 1, C1: 1, R2: 1, C2: 2, Rel: solver.Differ}}
	sol := make([]solver.Cell, 24)
	for i := range sol {
		sol[i] = solver.Cell(i % 2)
	}
	res := solver.Result{Status: solver.Unique, Rules: solver.Takuzu, Solution: sol, Elapsed: 1500 * time.Microsecond}
	rec := RecordFromSolve(p, res, "text")
	want := &Record{
		Source: "text", Title: "Takuzu 4×6", Rules: "takuzu", Rows: 4, Cols: 6,
		Givens:   []string{".1....", "......", "......", "......"},
		Edges:    p.Edges,
		Solution: []string{"010101", "010101", "010101", "010101"},
		Status:   "unique", SolveMillis: 1.5,
	}
	if !reflect.DeepEqual(rec, want) {
		t.Errorf("got %+v\nwant %+v", rec, want)
	}
	st, _ := openTemp(t)
	mustSave(t, st, rec, nil)
	back, _ := st.Get(rec.ID)
	q, err := back.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(q, p) {
		t.Errorf("Puzzle() gave %+v, want %+v", q, p)
	}

	none := RecordFromSolve(p, solver.Result{Status: solver.None, Rules: solver.Takuzu}, "manual")
	if none.Status != "none" || none.Solution != nil {
		t.Errorf("unsolvable: status %q solution %v", none.Status, none.Solution)
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv("BINOCLE_STORE", "/x/store")
	t.Setenv("XDG_DATA_HOME", "/x/data")
	if d, _ := DefaultDir(); d != "/x/store" {
		t.Errorf("with BINOCLE_STORE: %q", d)
	}
	t.Setenv("BINOCLE_STORE", "")
	if d, _ := DefaultDir(); d != filepath.Join("/x/data", "binocle") {
		t.Errorf("with XDG_DATA_HOME: %q", d)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/u")
	d, err := DefaultDir()
	want := filepath.Join("/home/u", ".local", "share", "binocle")
	if runtime.GOOS != "linux" {
		want = d // the platform's own data directory, which the test cannot fake
	}
	if err != nil || d != want || !strings.HasSuffix(d, "binocle") {
		t.Errorf("default: %q, %v, want %q", d, err, want)
	}
}

// The directory name travels inside an SQLite URI, where these characters mean something.
func TestOpenOddDirectoryName(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my solves #1?mode=ro&x=%41 été")
	st, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, st, sampleRecord(1), nil)
	st.Close()
	if _, err := os.Stat(filepath.Join(dir, DBName)); err != nil {
		t.Errorf("database not where it belongs: %v", err)
	}
	st, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, total, _ := st.List(Filter{}); total != 1 {
		t.Errorf("%d records after reopening, want 1", total)
	}
}

func TestSettings(t *testing.T) {
	st, _ := openTemp(t)
	conn, err := st.db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for pragma, want := range map[string]string{
		"journal_mode": "wal", "foreign_keys": "1", "synchronous": "2", "busy_timeout": "10000",
	} {
		var got string
		if err := conn.QueryRowContext(t.Context(), "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %s, want %s", pragma, got, want)
		}
	}
	// IMMEDIATE: a second connection cannot even begin while one holds a write transaction.
	tx, err := st.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	other, err := sql.Open("sqlite", dsn(filepath.Join(st.dir, DBName), "_txlock=immediate", "_pragma=busy_timeout(0)"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.Begin(); !isBusy(err) {
		t.Errorf("BEGIN while another write transaction is open: %v, want SQLITE_BUSY", err)
	}
}
