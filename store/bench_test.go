package store

import (
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

const benchRecords = 10_000

var (
	benchOnce sync.Once
	benchDir  string
	benchErr  error
)

// largeStore is a store of 10,000 records, half of them with a photo file,
// built once per test binary with one transaction instead of 10,000 saves.
func largeStore(b *testing.B) string {
	benchOnce.Do(func() {
		benchDir, benchErr = os.MkdirTemp("", "binocle-store-bench-")
		if benchErr != nil {
			return
		}
		var st *Store
		st, benchErr = Open(benchDir)
		if benchErr != nil {
			return
		}
		defer st.Close()
		benchErr = st.write(func(tx *sql.Tx) error {
			for n := 0; n < benchRecords; n++ {
				rec := sampleRecord(n)
				rec.Updated = rec.Created
				if n%2 == 0 {
					photo := []byte(rec.Notes) // distinct bytes stand in for a photo
					rec.PhotoHash = HashPhoto(photo)
					path := st.photoBase(rec.PhotoHash) + ".jpg"
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						return err
					}
					if err := os.WriteFile(path, photo, 0o644); err != nil {
						return err
					}
					if _, err := tx.Exec("INSERT INTO photos(hash, ext, size, added_ns) VALUES (?, 'jpg', ?, 0)", rec.PhotoHash, len(photo)); err != nil {
						return err
					}
				}
				if err := checkRecord(rec); err != nil {
					return err
				}
				if _, err := insertRow(tx, nil, rec); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchDir
}

func openLargeStore(b *testing.B) *Store {
	st, err := Open(largeStore(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	b.ResetTimer()
	return st
}

func removeBenchStore() {
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
}

// BenchmarkSave is one record, without a photo, committed to disk.
func BenchmarkSave(b *testing.B) {
	st, _ := openTemp(b)
	recs := make([]*Record, 1000)
	for i := range recs {
		recs[i] = sampleRecord(i)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		rec := *recs[i%len(recs)]
		if _, err := st.Save(&rec, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveWithPhoto adds storing a 200×120 PNG and its thumbnail.
func BenchmarkSaveWithPhoto(b *testing.B) {
	st, _ := openTemp(b)
	photos := make([][]byte, 50)
	for i := range photos {
		photos[i] = samplePhoto(i)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		// A new photo each time, or the file is already there.
		photo := append([]byte(nil), photos[i%len(photos)]...)
		photo = append(photo, byte(i), byte(i>>8), byte(i>>16))
		if _, err := st.Save(sampleRecord(i), photo); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkList100Of10000(b *testing.B) {
	st := openLargeStore(b)
	for b.Loop() {
		recs, total, err := st.List(Filter{Limit: 100})
		if err != nil || len(recs) != 100 || total != benchRecords {
			b.Fatalf("%d records of %d, %v", len(recs), total, err)
		}
	}
}

func BenchmarkListFiltered100Of10000(b *testing.B) {
	st := openLargeStore(b)
	for b.Loop() {
		if _, _, err := st.List(Filter{Rules: "takuzu", Rows: 8, Text: "puzzle", Limit: 100}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen10000 includes the start-up clean-up over 5,000 photo files.
func BenchmarkOpen10000(b *testing.B) {
	dir := largeStore(b)
	b.ResetTimer()
	for b.Loop() {
		st, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}
