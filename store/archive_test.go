package store

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"flag"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/store")

type entry struct {
	name   string
	data   []byte
	method uint16
	// claimSize, when set, is the uncompressed size the header states
	// instead of the real one; the data is then stored deflated.
	claimSize uint64
}

func makeZip(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		if e.claimSize != 0 {
			writeLyingEntry(t, zw, e)
			continue
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(e.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeLyingEntry writes an entry whose header misstates its size, as a
// hostile archive would.
func writeLyingEntry(t testing.TB, zw *zip.Writer, e entry) {
	var packed bytes.Buffer
	fw, err := flate.NewWriter(&packed, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(e.data)
	fw.Close()
	w, err := zw.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(e.data),
		CompressedSize64: uint64(packed.Len()), UncompressedSize64: e.claimSize})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(packed.Bytes()); err != nil {
		t.Fatal(err)
	}
}

func readZipEntry(t *testing.T, archive []byte, name string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		t.Fatal(err)
	}
	rc, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// fixedHistory saves records with fixed IDs and times, so that an export
// is the same bytes on every run.
func fixedHistory(t *testing.T, st *Store) []*Record {
	var recs []*Record
	for n := 1; n <= 5; n++ {
		rec := sampleRecord(n)
		rec.ID = int64(n)
		rec.Updated = rec.Created.Add(time.Hour)
		var photo []byte
		switch n {
		case 1, 2:
			photo = samplePhoto(n)
		case 3:
			rec.PhotoHash = recs[0].PhotoHash // shares record 1's photo
		}
		if err := st.Restore(rec, photo); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}

func TestExportGolden(t *testing.T) {
	st, _ := openTemp(t)
	fixedHistory(t, st)
	var buf bytes.Buffer
	if err := st.Export(&buf); err != nil {
		t.Fatal(err)
	}
	got := readZipEntry(t, buf.Bytes(), "records.json")
	golden := repoFile(t, "testdata/store/export_records.golden.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("records.json differs from %s; run with -update if the change is meant", golden)
	}
	zr, _ := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	if len(names) != 3 { // two distinct photos and records.json
		t.Errorf("archive entries %v, want two photos and records.json", names)
	}
}

func TestExportImportRoundTrip(t *testing.T) {
	src, _ := openTemp(t)
	recs := fixedHistory(t, src)
	archivePath := filepath.Join(t.TempDir(), "history.zip")
	if err := src.ExportFile(archivePath); err != nil {
		t.Fatal(err)
	}

	dst, _ := openTemp(t)
	extra := sampleRecord(40) // the destination has history of its own
	mustSave(t, dst, extra, nil)
	added, err := dst.ImportFile(archivePath)
	if err != nil {
		t.Fatal(err)
	}
	if added != len(recs) {
		t.Errorf("added %d, want %d", added, len(recs))
	}
	got, total, _ := dst.List(Filter{})
	if total != len(recs)+1 {
		t.Fatalf("%d records after import, want %d", total, len(recs)+1)
	}
	byNotes := map[string]Record{}
	for _, r := range got {
		byNotes[r.Notes] = r
	}
	for _, want := range recs {
		g, ok := byNotes[want.Notes]
		if !ok {
			t.Errorf("record %q missing after import", want.Notes)
			continue
		}
		w := *want
		w.ID = g.ID // imported records get new IDs
		if !reflect.DeepEqual(g, w) {
			t.Errorf("imported record:\n got %+v\nwant %+v", g, w)
		}
		if want.PhotoHash != "" {
			data, err := dst.Photo(want.PhotoHash)
			if err != nil || HashPhoto(data) != want.PhotoHash {
				t.Errorf("photo of %q not imported intact (err %v)", want.Notes, err)
			}
			if dst.ThumbnailPath(want.PhotoHash) == "" {
				t.Errorf("photo of %q has no thumbnail after import", want.Notes)
			}
		}
	}

	// Importing again, or into the store it came from, adds nothing.
	for _, st := range []*Store{dst, src} {
		added, err := st.ImportFile(archivePath)
		if err != nil || added != 0 {
			t.Errorf("re-import added %d (err %v), want 0", added, err)
		}
	}
	if _, total, _ := dst.List(Filter{}); total != len(recs)+1 {
		t.Errorf("%d records after a second import, want %d", total, len(recs)+1)
	}
}

func TestImportRefusesBadArchives(t *testing.T) {
	good := func() []byte {
		st, _ := openTemp(t)
		fixedHistory(t, st)
		var buf bytes.Buffer
		if err := st.Export(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}()
	recordsJSON := readZipEntry(t, good, "records.json")
	photo := samplePhoto(1)
	photoName := "photos/" + HashPhoto(photo) + ".png"
	withRecords := func(text string) []byte {
		return makeZip(t, entry{name: "records.json", data: []byte(text), method: zip.Deflate})
	}
	validOne := string(recordsJSON)

	cases := []struct {
		name    string
		archive []byte
		want    string
	}{
		{"not a zip", []byte("PK but not really"), "zip"},
		{"parent path", makeZip(t, entry{name: "../evil.json", data: []byte("{}")}), "unsafe path"},
		{"nested parent path", makeZip(t, entry{name: "photos/../../evil", data: []byte("x")}), "unsafe path"},
		{"absolute path", makeZip(t, entry{name: "/etc/passwd", data: []byte("x")}), "unsafe path"},
		{"drive path", makeZip(t, entry{name: "C:/evil", data: []byte("x")}), "unsafe path"},
		{"backslash path", makeZip(t, entry{name: `..\evil`, data: []byte("x")}), "unsafe path"},
		{"unexpected entry", makeZip(t, entry{name: "notes.txt", data: []byte("x")}), "unexpected entry"},
		{"no records", makeZip(t, entry{name: photoName, data: photo}), "no records.json"},
		{"malformed JSON", withRecords("{\n  \"format\": \"binocle-history\",\n  \"records\": [ {,\n"), "line 3"},
		{"trailing JSON", withRecords(validOne + "{}"), "more than one"},
		{"wrong format", withRecords(`{"format":"something","version":1,"records":[]}`), "format"},
		{"newer archive", withRecords(`{"format":"binocle-history","version":7,"records":[]}`), "version 7"},
		{"bad record", withRecords(strings.Replace(validOne, `"source": "screenshot"`, `"source": "fax"`, 1)), "record 1"},
		{"missing photo", withRecords(validOne), "does not hold"},
		{"photo hash mismatch", makeZip(t,
			entry{name: "records.json", data: recordsJSON},
			entry{name: photoName, data: samplePhoto(2)},
			entry{name: "photos/" + HashPhoto(samplePhoto(2)) + ".png", data: samplePhoto(2)}), "SHA-256"},
		{"duplicate entry", makeZip(t, entry{name: "records.json", data: recordsJSON}, entry{name: "records.json", data: recordsJSON}), "twice"},
		{"oversized photo", makeZip(t,
			entry{name: "records.json", data: recordsJSON},
			entry{name: photoName, data: photo, claimSize: MaxImportPhoto + 1}), "over the limit"},
		{"oversized JSON", makeZip(t, entry{name: "records.json", data: recordsJSON, claimSize: MaxImportJSON + 1}), "over the limit"},
		// archive/zip stops at the stated size; the cap would stop it next.
		{"JSON larger than its header says", makeZip(t,
			entry{name: "records.json", data: make([]byte, MaxImportJSON+1), claimSize: 100}), `entry "records.json"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, dir := openTemp(t)
			mustSave(t, st, sampleRecord(30), samplePhoto(30))
			before := listFiles(t, dir)
			added, err := st.Import(bytes.NewReader(c.archive), int64(len(c.archive)))
			if !errors.Is(err, ErrBadArchive) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want ErrBadArchive mentioning %q", err, c.want)
			}
			if added != 0 {
				t.Errorf("added %d", added)
			}
			if _, total, _ := st.List(Filter{}); total != 1 {
				t.Errorf("%d records after a refused import, want 1", total)
			}
			if after := listFiles(t, dir); !reflect.DeepEqual(after, before) {
				t.Errorf("files changed by a refused import:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// listFiles lists the store's photo files; the database is checked by
// counting records, since SQLite may touch its own files on reads.
func listFiles(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(filepath.Join(dir, photosDir), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func FuzzImport(f *testing.F) {
	st, err := Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	for n := 1; n <= 2; n++ {
		rec := sampleRecord(n)
		if _, err := st.Save(rec, nil); err != nil {
			f.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := st.Export(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add(makeZip(f, entry{name: "records.json", data: []byte(`{"format":"binocle-history","version":1,"records":[{"source":"text"}]}`)}))
	f.Add(makeZip(f, entry{name: "../x", data: []byte("x")}))
	f.Add([]byte{})

	target, err := Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	defer target.Close()
	f.Fuzz(func(t *testing.T, archive []byte) {
		_, before, err := target.List(Filter{})
		if err != nil {
			t.Fatal(err)
		}
		added, err := target.Import(bytes.NewReader(archive), int64(len(archive)))
		if err != nil && added != 0 {
			t.Fatalf("failed import reports %d added", added)
		}
		_, after, err := target.List(Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if after != before+added {
			t.Fatalf("%d records before, %d added, %d after", before, added, after)
		}
	})
}
