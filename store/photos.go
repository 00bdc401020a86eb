package store

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders for thumbnails
	"image/jpeg"
	_ "image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "golang.org/x/image/bmp"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"

	"binocle/vision/exif"
)

const (
	photosDir = "photos"
	// ThumbnailSize bounds a thumbnail's longer side, in pixels.
	ThumbnailSize = 160
	thumbSuffix   = ".thumb.jpg"
	tempPrefix    = ".tmp-"
	// maxThumbPixels keeps a decompression bomb from exhausting memory: the
	// photo is still kept, only without a thumbnail.
	maxThumbPixels = 120_000_000
)

// HashPhoto is the name a photo is stored under.
func HashPhoto(photo []byte) string {
	sum := sha256.Sum256(photo)
	return hex.EncodeToString(sum[:])
}

// photoExt names a photo file by its content, because callers hand over
// bytes, not file names.
func photoExt(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}):
		return "jpg"
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(data, []byte("GIF8")):
		return "gif"
	case bytes.HasPrefix(data, []byte("BM")):
		return "bmp"
	case len(data) >= 12 && bytes.HasPrefix(data, []byte("RIFF")) && string(data[8:12]) == "WEBP":
		return "webp"
	case bytes.HasPrefix(data, []byte("II*\x00")), bytes.HasPrefix(data, []byte("MM\x00*")):
		return "tif"
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		return "heic"
	}
	return "bin"
}

func (s *Store) photoBase(hash string) string {
	return filepath.Join(s.dir, photosDir, hash[:2], hash)
}

// PhotoPath is the stored photo's file, or "" when the store has no photo
// with that hash.
func (s *Store) PhotoPath(hash string) string {
	if !isHash(hash) {
		return ""
	}
	var ext string
	if err := s.db.QueryRow("SELECT ext FROM photos WHERE hash = ?", hash).Scan(&ext); err != nil {
		return ""
	}
	return s.photoBase(hash) + "." + ext
}

// ThumbnailPath is the photo's thumbnail (JPEG, at most ThumbnailSize
// pixels on its longer side), or "" when there is none: the photo is not
// stored, or no decoder could read it (HEIC, for one).
func (s *Store) ThumbnailPath(hash string) string {
	if s.PhotoPath(hash) == "" {
		return ""
	}
	p := s.photoBase(hash) + thumbSuffix
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// Photo reads a stored photo, for example to keep it while a deletion can
// still be undone with Restore.
func (s *Store) Photo(hash string) ([]byte, error) {
	p := s.PhotoPath(hash)
	if p == "" {
		return nil, fmt.Errorf("store: photo %q: %w", hash, ErrNotFound)
	}
	return os.ReadFile(p)
}

// storePhoto puts a photo and its thumbnail (from thumbnail(photo), made
// before taking the lock since decoding a large photo takes a while) on
// disk and in the photos table. It must run inside a write transaction:
// holding the write lock while files appear is what lets cleanOrphans,
// which also holds it, tell a crashed writer's files from a live one's.
func (s *Store) storePhoto(tx *sql.Tx, hash string, photo, thumb []byte, addedNS int64) error {
	ext := photoExt(photo)
	base := s.photoBase(hash)
	if err := writeFileOnce(base+"."+ext, photo); err != nil {
		return err
	}
	if thumb != nil {
		if err := writeFileOnce(base+thumbSuffix, thumb); err != nil {
			return err
		}
	}
	_, err := tx.Exec("INSERT OR IGNORE INTO photos(hash, ext, size, added_ns) VALUES (?, ?, ?, ?)",
		hash, ext, len(photo), addedNS)
	return err
}

// writeFileOnce writes data to path durably, unless a complete file is
// already there: files only ever appear under their final name by rename,
// so one that exists is whole.
func writeFileOnce(path string, data []byte) error {
	if fi, err := os.Stat(path); err == nil && fi.Size() == int64(len(data)) {
		return nil
	}
	dir := filepath.Dir(path)
	newDir := false
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		newDir = true
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if newDir {
		if err := syncDir(filepath.Dir(dir)); err != nil {
			return err
		}
	}
	if err := writeAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}); err != nil {
		return err
	}
	return syncDir(dir)
}

// writeAtomic writes a file through an fsynced temp file in the same
// directory and a rename, so that path never names a partial file.
func writeAtomic(path string, write func(w io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), tempPrefix+"*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		// The temp file's name means nothing to the user; say what failed
		// about path itself.
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// syncDir makes a rename or a new entry in dir survive a power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("syncing %s: %w", dir, err)
	}
	return nil
}

// thumbnail is the photo scaled down to ThumbnailSize and turned upright
// by its EXIF orientation, as JPEG, or nil when the photo cannot be
// decoded. Phones store portrait photos as landscape pixels plus that tag.
func thumbnail(photo []byte) []byte {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(photo))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxThumbPixels {
		return nil
	}
	src, _, err := image.Decode(bytes.NewReader(photo))
	if err != nil {
		return nil
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > ThumbnailSize || h > ThumbnailSize {
		if w >= h {
			w, h = ThumbnailSize, max(1, h*ThumbnailSize/w)
		} else {
			w, h = max(1, w*ThumbnailSize/h), ThumbnailSize
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src) // transparent pixels on white
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	// Turned after scaling: the turn is a per-pixel copy, cheap only when small.
	upright := exif.Upright(dst, exif.Orientation(photo))
	var out bytes.Buffer
	if err := jpeg.Encode(&out, upright, &jpeg.Options{Quality: 82}); err != nil {
		return nil
	}
	return out.Bytes()
}

// forgetPhotoIfUnused deletes a photo's files once no record uses it. It
// holds the write lock so that no concurrent Save can be re-adding the same
// photo between the check and the removal.
func (s *Store) forgetPhotoIfUnused(hash string) error {
	return s.write(func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRow("SELECT count(*) FROM photos WHERE hash = ?", hash).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		kept, err := s.namedAside(map[string]bool{hash: true})
		if err != nil || kept[hash] {
			return err
		}
		return s.removePhotoFiles(hash)
	})
}

func (s *Store) removePhotoFiles(hash string) error {
	matches, err := filepath.Glob(s.photoBase(hash) + ".*")
	if err != nil {
		return err
	}
	for _, m := range matches {
		if err := os.Remove(m); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// cleanOrphans removes what a crash can leave: temp files, and photo files
// (or photo rows) that no record uses. A photo a moved-aside database names
// is no orphan: it is kept so that database can still be recovered whole.
// It holds the write lock so that it never mistakes the files of a save in
// progress in another process for orphans.
func (s *Store) cleanOrphans() error {
	err := s.write(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`DELETE FROM photos WHERE NOT EXISTS
			(SELECT 1 FROM records WHERE records.photo_hash = photos.hash)`); err != nil {
			return err
		}
		known := map[string]bool{}
		rows, err := tx.Query("SELECT hash FROM photos")
		if err != nil {
			return err
		}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return err
			}
			known[h] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		root := filepath.Join(s.dir, photosDir)
		shards, err := os.ReadDir(root)
		if err != nil {
			return err
		}
		orphans := map[string]bool{}
		for _, shard := range shards {
			files, _ := os.ReadDir(filepath.Join(root, shard.Name()))
			for _, f := range files {
				if hash, _, _ := strings.Cut(f.Name(), "."); isHash(hash) && !known[hash] {
					orphans[hash] = true
				}
			}
		}
		aside, err := s.namedAside(orphans)
		if err != nil {
			return err
		}
		for h := range aside {
			known[h] = true
		}
		for _, shard := range shards {
			if !shard.IsDir() {
				if strings.HasPrefix(shard.Name(), tempPrefix) {
					os.Remove(filepath.Join(root, shard.Name()))
				}
				continue
			}
			dir := filepath.Join(root, shard.Name())
			files, err := os.ReadDir(dir)
			if err != nil {
				return err
			}
			for _, f := range files {
				name := f.Name()
				hash, _, _ := strings.Cut(name, ".")
				if strings.HasPrefix(name, tempPrefix) || (isHash(hash) && !known[hash]) {
					if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: cleaning up %s: %w", s.dir, err)
	}
	return nil
}

// asidePattern matches the databases MoveAside has renamed, and their WAL.
const asidePattern = DBName + ".corrupt-*"

// hashLen is the length of a photo hash in hex.
const hashLen = 2 * sha256.Size

// namedAside returns those of the hashes whose photos a moved-aside
// database in the store directory may name. Such a database is damaged, so
// SQL may not read it; two tests that need no SQL stand in, and either
// keeps a photo:
//   - the hash is in the file's bytes, as text, which is how SQLite stores it;
//   - the photo's files are no newer than the move aside: every photo of
//     that database was written before it was moved, whereas a crash's
//     orphan of the new database comes after, so the damage can not hide
//     one of its photos.
//
// A photo kept wrongly only costs disk space; one removed wrongly is lost.
func (s *Store) namedAside(hashes map[string]bool) (map[string]bool, error) {
	found := map[string]bool{}
	if len(hashes) == 0 {
		return found, nil
	}
	files, err := filepath.Glob(filepath.Join(s.dir, asidePattern))
	if err != nil {
		return nil, err
	}
	var movedLast time.Time
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("reading the moved-aside %s: %w", f, err)
		}
		if t := movedAt(f); t.After(movedLast) {
			movedLast = t
		}
		run := 0 // hex digits ending at i
		for i, b := range data {
			if b >= '0' && b <= '9' || b >= 'a' && b <= 'f' {
				run++
			} else {
				run = 0
			}
			// SQLite writes columns back to back, so a hash may run on into
			// the next column's hex-looking bytes: every 64-digit window counts.
			if run >= hashLen {
				if window := data[i+1-hashLen : i+1]; hashes[string(window)] {
					found[string(window)] = true
				}
			}
		}
	}
	if movedLast.IsZero() {
		return found, nil
	}
	for h := range hashes {
		matches, _ := filepath.Glob(s.photoBase(h) + ".*")
		for _, m := range matches {
			if fi, err := os.Stat(m); err == nil && !fi.ModTime().After(movedLast) {
				found[h] = true
			}
		}
	}
	return found, nil
}

// movedAt is when MoveAside renamed the database at path, from the time in
// its name, else the file's own modification time (its last write, which
// is no earlier than its photos').
func movedAt(path string) time.Time {
	_, stamp, _ := strings.Cut(filepath.Base(path), ".corrupt-")
	stamp = strings.TrimSuffix(strings.TrimSuffix(stamp, "-wal"), "-shm")
	if t, err := time.Parse(asideStamp, stamp); err == nil {
		return t
	}
	if fi, err := os.Stat(path); err == nil {
		return fi.ModTime()
	}
	return time.Time{}
}
