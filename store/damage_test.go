package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A damaged row is listed as damaged, with its ID; it hides none of the
// others, is left out of an export, and can be deleted.
func TestDamagedRecordIsListedAndDeletable(t *testing.T) {
	st, _ := openTemp(t)
	var ids []int64
	for n := 0; n < 4; n++ {
		ids = append(ids, mustSave(t, st, sampleRecord(n), nil))
	}
	bad := ids[1]
	if _, err := st.db.Exec("UPDATE records SET givens = 'garbage{' WHERE id = ?", bad); err != nil {
		t.Fatal(err)
	}
	entries, total, err := st.Entries(Filter{})
	if err != nil || total != 4 || len(entries) != 4 {
		t.Fatalf("Entries: %d of %d, %v; want all 4", len(entries), total, err)
	}
	for _, e := range entries {
		if e.Damaged() != (e.ID == bad) {
			t.Errorf("#%d damaged = %v (%v)", e.ID, e.Damaged(), e.Err)
		}
		if e.Damaged() && (!errors.Is(e.Err, ErrCorrupt) || !strings.Contains(e.Err.Error(), "givens") || e.Record != nil) {
			t.Errorf("damaged entry %+v: want ErrCorrupt naming the givens column and no record", e)
		}
	}
	zip := filepath.Join(t.TempDir(), "h.zip")
	if err := st.ExportFile(zip); err != nil {
		t.Fatalf("export with a damaged row: %v", err)
	}
	other, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if added, err := other.ImportFile(zip); err != nil || added != 3 {
		t.Fatalf("the export held %d records (%v), want the 3 readable ones", added, err)
	}
	if err := st.Delete(bad); err != nil {
		t.Fatalf("deleting the damaged row: %v", err)
	}
	if recs, total, err := st.List(Filter{}); err != nil || total != 3 || len(recs) != 3 {
		t.Fatalf("after delete: %d of %d, %v", len(recs), total, err)
	}
}

// Export never writes onto the history it copies.
func TestExportRefusesTheStore(t *testing.T) {
	st, dir := openTemp(t)
	mustSave(t, st, sampleRecord(1), samplePhoto(1))
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, DBName)
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		db, db + "-wal", db + "-shm",
		filepath.Join(dir, "history.zip"),
		filepath.Join(dir, photosDir, "x.zip"),
		filepath.Join(link, DBName),
		filepath.Join(dir, photosDir, "..", DBName),
	} {
		if err := st.ExportFile(path); !errors.Is(err, ErrExportIntoStore) {
			t.Errorf("export to %s: %v, want ErrExportIntoStore", path, err)
		}
	}
	if after, err := os.ReadFile(db); err != nil || !bytes.Equal(before, after) {
		t.Fatalf("the database changed (%v)", err)
	}
	// A directory is named as one, not as a failed rename of a temp file.
	if err := st.ExportFile(t.TempDir()); err == nil || !strings.Contains(err.Error(), "is a directory") || strings.Contains(err.Error(), tempPrefix) {
		t.Errorf("export to a directory: %v", err)
	}
}

// The photos of a moved-aside database stay, however damaged it is; a true
// orphan of the new database still goes.
func TestMoveAsideKeepsItsPhotos(t *testing.T) {
	wrecks := []struct {
		name  string
		wreck func(data []byte)
	}{
		{"middle", func(data []byte) {
			for i := len(data) / 3; i < 2*len(data)/3; i++ {
				data[i] = byte(i * 7)
			}
		}},
		{"everything after the header", func(data []byte) {
			for i := 100; i < len(data); i++ {
				data[i] = byte(i * 7)
			}
		}},
	}
	for _, w := range wrecks {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			st, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			var photos []string
			for n := 0; n < 6; n++ {
				rec := sampleRecord(n)
				mustSave(t, st, rec, samplePhoto(n))
				photos = append(photos, st.PhotoPath(HashPhoto(samplePhoto(n))), st.ThumbnailPath(HashPhoto(samplePhoto(n))))
			}
			st.Close()
			db := filepath.Join(dir, DBName)
			data, err := os.ReadFile(db)
			if err != nil {
				t.Fatal(err)
			}
			w.wreck(data)
			if err := os.WriteFile(db, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := MoveAside(dir); err != nil {
				t.Fatal(err)
			}
			st, err = Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			// An orphan of the new database: a photo file written after the
			// move with no record, as a crash leaves it.
			orphanHash := HashPhoto(samplePhoto(99))
			orphan := st.photoBase(orphanHash) + ".png"
			if err := writeFileOnce(orphan, samplePhoto(99)); err != nil {
				t.Fatal(err)
			}
			st.Close()
			if st, err = Open(dir); err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			for _, p := range photos {
				if _, err := os.Stat(p); err != nil {
					t.Errorf("photo of the moved-aside database: %v", err)
				}
			}
			if _, err := os.Stat(orphan); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the new database's orphan was kept (%v)", err)
			}
		})
	}
}
