package store

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// The archive's layout: records.json, and photos/<sha256>.<ext>.
const (
	archiveFormat  = "binocle-history"
	archiveVersion = 1
	recordsEntry   = "records.json"
	photosPrefix   = "photos/"
)

// Import refuses entries above these sizes before reading them.
const (
	MaxImportJSON  = 50 << 20
	MaxImportPhoto = 100 << 20
)

// ErrBadArchive is wrapped by every refusal of Import: the archive is not
// one Export wrote, and nothing was written.
var ErrBadArchive = errors.New("not a valid Binocle history archive")

type archive struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Records []Record `json:"records"`
}

// Export writes the whole history as a zip: records.json (oldest first)
// and each photo once under photos/. A photo deleted by another process
// while exporting is left out, and its records exported without it. A
// damaged row is left out too, so that it does not cost the others; Entries
// names the damaged rows.
func (s *Store) Export(w io.Writer) error {
	entries, _, err := s.Entries(Filter{})
	if err != nil {
		return err
	}
	var recs []Record
	for _, e := range entries {
		if !e.Damaged() {
			recs = append(recs, *e.Record)
		}
	}
	for i, j := 0, len(recs)-1; i < j; i, j = i+1, j-1 {
		recs[i], recs[j] = recs[j], recs[i]
	}
	zw := zip.NewWriter(w)
	written := map[string]bool{}
	for i := range recs {
		hash := recs[i].PhotoHash
		if hash == "" || written[hash] {
			continue
		}
		path := s.PhotoPath(hash)
		data, err := os.ReadFile(path)
		if path == "" || errors.Is(err, os.ErrNotExist) {
			recs[i].PhotoHash = ""
			continue
		}
		if err != nil {
			return fmt.Errorf("store: export: %w", err)
		}
		// Photos are compressed already; deflating them again only costs time.
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: photosPrefix + filepath.Base(path), Method: zip.Store})
		if err == nil {
			_, err = fw.Write(data)
		}
		if err != nil {
			return fmt.Errorf("store: export: %w", err)
		}
		written[hash] = true
	}
	for i := range recs {
		if !written[recs[i].PhotoHash] {
			recs[i].PhotoHash = ""
		}
	}
	fw, err := zw.Create(recordsEntry)
	if err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	enc := json.NewEncoder(fw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(archive{Format: archiveFormat, Version: archiveVersion, Records: nonNil(recs)}); err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	return nil
}

// ErrExportIntoStore refuses an export onto the database, its -wal or -shm
// file, or anything else inside the store directory: the zip would replace
// the history it is a copy of.
var ErrExportIntoStore = errors.New("the export would overwrite the history itself; write it outside the history directory")

// ExportFile writes the archive to path through a temp file and a rename,
// so that a failed export never leaves a truncated zip under that name.
// A path inside the store directory is refused with ErrExportIntoStore, and
// a directory is refused by name.
func (s *Store) ExportFile(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("store: export: %s is a directory; name the zip file to write", path)
	}
	if s.holds(path) {
		return fmt.Errorf("store: export to %s: %w", path, ErrExportIntoStore)
	}
	if err := writeAtomic(path, s.Export); err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	return nil
}

// holds reports whether path lies inside the store directory, or is the
// database under another name (a hard link), whichever links lead there.
func (s *Store) holds(path string) bool {
	if fi, err := os.Stat(path); err == nil {
		for _, name := range []string{DBName, DBName + "-wal", DBName + "-shm"} {
			if own, err := os.Stat(filepath.Join(s.dir, name)); err == nil && os.SameFile(fi, own) {
				return true
			}
		}
	}
	dir, err := resolvedDir(s.dir)
	if err != nil {
		return false
	}
	target, err := resolvedDir(filepath.Dir(path))
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(dir, filepath.Join(target, filepath.Base(path)))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolvedDir is dir as an absolute path with its symbolic links followed,
// so that two spellings of one directory compare equal.
func resolvedDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// ImportFile imports the archive at path; see Import.
func (s *Store) ImportFile(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("store: import: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("store: import: %w", err)
	}
	n, err := s.Import(f, fi.Size())
	if err != nil {
		return n, fmt.Errorf("%w (%s)", err, path)
	}
	return n, nil
}

// Import merges an archive written by Export and says how many records it
// added. A record is already present, and skipped, when one in the store
// has the same created time (to the nanosecond), the same givens and the
// same photo: that identity survives export, edits and re-import, while two
// different solves never share it. Imported records get new IDs and keep
// their times. The archive is checked completely first (names, sizes, JSON,
// every record, every photo's hash) and then written in one transaction,
// so a refused archive writes nothing.
func (s *Store) Import(r io.ReaderAt, size int64) (int, error) {
	in, err := readArchive(r, size)
	if err != nil {
		return 0, fmt.Errorf("store: import: %w", err)
	}
	if err := s.checkPhotosPresent(in); err != nil {
		return 0, fmt.Errorf("store: import: %w", err)
	}
	added := 0
	var stored map[string]bool // photos this attempt wrote
	err = s.write(func(tx *sql.Tx) error {
		added, stored = 0, map[string]bool{}
		for i := range in.records {
			rec := in.records[i]
			dup, err := alreadyStored(tx, &rec)
			if err != nil {
				return err
			}
			if dup {
				continue
			}
			if f := in.photos[rec.PhotoHash]; f != nil && !stored[rec.PhotoHash] {
				photo, err := readPhotoEntry(f, rec.PhotoHash)
				if err != nil {
					return fmt.Errorf("%w: %w", ErrBadArchive, err)
				}
				if err := s.storePhoto(tx, rec.PhotoHash, photo, thumbnail(photo), rec.Updated.UnixNano()); err != nil {
					return err
				}
				stored[rec.PhotoHash] = true
			}
			if _, err := insertRow(tx, nil, &rec); err != nil {
				return err
			}
			added++
		}
		return nil
	})
	if err != nil {
		for h := range stored {
			s.forgetPhotoIfUnused(h) // best effort; the next Open cleans up otherwise
		}
		return 0, fmt.Errorf("store: import: %w", err)
	}
	return added, nil
}

type importSet struct {
	records []Record
	photos  map[string]*zip.File // by hash, only those the records use
}

// readArchive checks everything that can be checked without the database.
func readArchive(r io.ReaderAt, size int64) (*importSet, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadArchive, err)
	}
	var recordsFile *zip.File
	photos := map[string]*zip.File{}
	seen := map[string]bool{}
	for _, f := range zr.File {
		if seen[f.Name] {
			return nil, fmt.Errorf("%w: entry %q appears twice", ErrBadArchive, f.Name)
		}
		seen[f.Name] = true
		hash, err := classifyEntry(f.Name)
		if err != nil {
			return nil, err
		}
		switch {
		case f.Name == recordsEntry:
			recordsFile = f
		case hash != "":
			if photos[hash] != nil {
				return nil, fmt.Errorf("%w: photo %s appears twice", ErrBadArchive, hash)
			}
			photos[hash] = f
		}
	}
	if recordsFile == nil {
		return nil, fmt.Errorf("%w: it has no %s", ErrBadArchive, recordsEntry)
	}
	text, err := readEntry(recordsFile, MaxImportJSON)
	if err != nil {
		return nil, err
	}
	var a archive
	dec := json.NewDecoder(bytes.NewReader(text))
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadArchive, recordsEntry, jsonPosition(text, err))
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: %s: more than one JSON value", ErrBadArchive, recordsEntry)
	}
	if a.Format != archiveFormat {
		return nil, fmt.Errorf("%w: %s: format is %q, want %q", ErrBadArchive, recordsEntry, a.Format, archiveFormat)
	}
	if a.Version < 1 || a.Version > archiveVersion {
		return nil, fmt.Errorf("%w: %s: archive version %d, this Binocle reads versions 1..%d", ErrBadArchive, recordsEntry, a.Version, archiveVersion)
	}
	in := &importSet{photos: map[string]*zip.File{}}
	for i := range a.Records {
		rec := a.Records[i]
		if err := checkRecord(&rec); err != nil {
			return nil, fmt.Errorf("%w: %s: record %d (id %d): %w", ErrBadArchive, recordsEntry, i+1, rec.ID, err)
		}
		if f := photos[rec.PhotoHash]; f != nil && in.photos[rec.PhotoHash] == nil {
			if _, err := readPhotoEntry(f, rec.PhotoHash); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrBadArchive, err)
			}
			in.photos[rec.PhotoHash] = f
		}
		in.records = append(in.records, rec)
	}
	return in, nil
}

// classifyEntry refuses names that could write outside the store if any
// tool ever extracted them, and anything Export does not write. It returns
// the hash of a photo entry.
func classifyEntry(name string) (string, error) {
	unsafe := name == "" || strings.ContainsAny(name, "\\\x00") || strings.HasPrefix(name, "/") ||
		(len(name) >= 2 && name[1] == ':')
	for _, part := range strings.Split(name, "/") {
		if part == ".." || part == "." {
			unsafe = true
		}
	}
	if unsafe {
		return "", fmt.Errorf("%w: entry %q has an unsafe path", ErrBadArchive, name)
	}
	if name == recordsEntry || name == photosPrefix {
		return "", nil
	}
	if rest, ok := strings.CutPrefix(name, photosPrefix); ok {
		hash, ext, _ := strings.Cut(rest, ".")
		if isHash(hash) && validExt(ext) {
			return hash, nil
		}
	}
	return "", fmt.Errorf("%w: unexpected entry %q (want %s and %s<sha256>.<ext>)", ErrBadArchive, name, recordsEntry, photosPrefix)
}

func validExt(ext string) bool {
	if len(ext) < 1 || len(ext) > 5 {
		return false
	}
	for i := 0; i < len(ext); i++ {
		if !(ext[i] >= 'a' && ext[i] <= 'z' || ext[i] >= '0' && ext[i] <= '9') {
			return false
		}
	}
	return true
}

// readEntry reads an entry whole, refusing one over limit whatever its
// header claims.
func readEntry(f *zip.File, limit int64) ([]byte, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, fmt.Errorf("%w: entry %q is %d bytes, over the limit of %d", ErrBadArchive, f.Name, f.UncompressedSize64, limit)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: entry %q: %w", ErrBadArchive, f.Name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%w: entry %q: %w", ErrBadArchive, f.Name, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%w: entry %q is over the limit of %d bytes", ErrBadArchive, f.Name, limit)
	}
	return data, nil
}

// readPhotoEntry reads a photo and checks that it is the one its name says.
func readPhotoEntry(f *zip.File, hash string) ([]byte, error) {
	data, err := readEntry(f, MaxImportPhoto)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != hash {
		return nil, fmt.Errorf("entry %q does not hold the photo its name says (SHA-256 mismatch)", f.Name)
	}
	return data, nil
}

// jsonPosition adds the line and column to a JSON syntax error.
func jsonPosition(text []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var off int64
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	default:
		return err
	}
	off = min(off, int64(len(text)))
	line := 1 + bytes.Count(text[:off], []byte("\n"))
	col := off - int64(bytes.LastIndexByte(text[:off], '\n'))
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}

// checkPhotosPresent refuses records whose photo is neither in the archive
// nor already in the store.
func (s *Store) checkPhotosPresent(in *importSet) error {
	for i, rec := range in.records {
		if rec.PhotoHash == "" || in.photos[rec.PhotoHash] != nil {
			continue
		}
		var n int
		if err := s.db.QueryRow("SELECT count(*) FROM photos WHERE hash = ?", rec.PhotoHash).Scan(&n); err != nil {
			return wrapErr(err)
		}
		if n == 0 {
			return fmt.Errorf("%w: %s: record %d (id %d) names photo %s, which the archive does not hold",
				ErrBadArchive, recordsEntry, i+1, rec.ID, rec.PhotoHash)
		}
	}
	return nil
}

// alreadyStored applies Import's identity: created time, givens, photo.
func alreadyStored(tx *sql.Tx, rec *Record) (bool, error) {
	givens, _ := json.Marshal(nonNil(rec.Givens))
	var n int
	err := tx.QueryRow(`SELECT count(*) FROM records WHERE created_ns = ? AND givens = ? AND IFNULL(photo_hash, '') = ?`,
		rec.Created.UnixNano(), string(givens), rec.PhotoHash).Scan(&n)
	return n > 0, err
}
