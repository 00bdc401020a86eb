package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// DBName is the database file's name inside the store directory.
const DBName = "binocle.db"

// busyTimeout is how long SQLite itself waits for another process's write
// lock before giving up. Saves hold the lock for milliseconds, so reaching it
// means something is badly stuck.
const busyTimeout = 10 * time.Second

var (
	// ErrNotFound is returned for an ID that names no record.
	ErrNotFound = errors.New("no such record")
	// ErrNewerVersion is returned by Open for a database written by a newer
	// Binocle. The file is left exactly as it was.
	ErrNewerVersion = errors.New("the history database was written by a newer version of Binocle")
	// ErrCorrupt is returned when the database file is damaged. MoveAside
	// renames it so that a fresh history can start; nothing is deleted.
	ErrCorrupt = errors.New("the history database is damaged")
)

// Store is an open history. It is safe for concurrent use by goroutines,
// and other processes may open the same directory at the same time.
type Store struct {
	dir string
	db  *sql.DB
}

// DefaultDir is where the history lives when nobody says otherwise:
// $BINOCLE_STORE, else $XDG_DATA_HOME/binocle, else the platform's per-user
// data directory (~/.local/share/binocle on Linux and other Unix systems).
func DefaultDir() (string, error) {
	if d := os.Getenv("BINOCLE_STORE"); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "binocle"), nil
	}
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "plan9":
		// On these the "config" directory is also the application data one.
		d, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("finding the history directory: %w", err)
		}
		return filepath.Join(d, "binocle"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("finding the history directory: %w", err)
	}
	return filepath.Join(home, ".local", "share", "binocle"), nil
}

// Open opens the history in dir, creating the directory and the database
// when missing, upgrading an older schema, and removing photo files that
// no record uses (left by a crash between a file write and its commit).
func Open(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("store: no directory given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(abs, photosDir), 0o755); err != nil {
		return nil, fmt.Errorf("store: creating %s: %w", abs, err)
	}
	dbPath := filepath.Join(abs, DBName)
	// Everything that could refuse the file is checked through a read-only
	// connection first, because the read-write pool switches the file to WAL
	// mode as it connects, which would already change a newer or damaged file.
	if err := probe(dbPath); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(dbPath, "_txlock=immediate",
		"_pragma="+url.QueryEscape(fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds())),
		"_pragma=foreign_keys(1)",
		"_pragma=journal_mode(WAL)",
		// FULL syncs the WAL at every commit, so a returned Save survives a
		// power cut as well as a crash; it costs about one fsync per save.
		"_pragma=synchronous(FULL)"))
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", dbPath, err)
	}
	s := &Store{dir: abs, db: db}
	if err := s.migrate(); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.cleanOrphans(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Close releases the database. Records already saved are durable whether
// or not Close is called.
func (s *Store) Close() error { return s.db.Close() }

// Dir is the directory the store lives in, as an absolute path.
func (s *Store) Dir() string { return s.dir }

func dsn(path string, params ...string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
	q := ""
	for i, p := range params {
		if i > 0 {
			q += "&"
		}
		q += p
	}
	u.RawQuery = q
	return u.String()
}

var sqliteMagic = []byte("SQLite format 3\x00")

// probe refuses a damaged or newer database without writing to it.
func probe(dbPath string) error {
	f, err := os.Open(dbPath)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	header := make([]byte, 100)
	n, err := io.ReadFull(f, header)
	f.Close()
	if n == 0 {
		return nil // SQLite treats an empty file as an empty database
	}
	if err != nil || !bytes.Equal(header[:len(sqliteMagic)], sqliteMagic) {
		return fmt.Errorf("store: %s: %w: it is not an SQLite database", dbPath, ErrCorrupt)
	}
	// With nothing waiting in a WAL the file alone is the database, and
	// immutable reads it without creating the -shm and -wal side files.
	// Immutable also means unlocked, so a damage report from it is checked
	// again through a locking read before a healthy file is called corrupt.
	wal, err := os.Stat(dbPath + "-wal")
	if err != nil || wal.Size() == 0 {
		err = probeSchema(dbPath, true)
		if !errors.Is(err, ErrCorrupt) {
			return err
		}
	}
	return probeSchema(dbPath, false)
}

// probeSchema reads the schema version read-only and makes SQLite parse
// the schema, which finds damage the header check cannot.
func probeSchema(dbPath string, immutable bool) error {
	params := []string{"mode=ro", "_pragma=busy_timeout(5000)"}
	if immutable {
		params = append(params, "immutable=1")
	}
	db, err := sql.Open("sqlite", dsn(dbPath, params...))
	if err != nil {
		return fmt.Errorf("store: opening %s: %w", dbPath, err)
	}
	defer db.Close()
	var version, tables int
	err = db.QueryRow("PRAGMA user_version").Scan(&version)
	if err == nil {
		err = db.QueryRow("SELECT count(*) FROM sqlite_master").Scan(&tables)
	}
	if err != nil {
		return wrapErr(fmt.Errorf("store: reading %s: %w", dbPath, err))
	}
	if latest := latestVersion(); version > latest {
		return fmt.Errorf("store: %s: %w (its schema is version %d, this Binocle knows versions up to %d); upgrade Binocle or use another --store directory",
			dbPath, ErrNewerVersion, version, latest)
	}
	return nil
}

// asideStamp is the time format in a moved-aside database's name.
const asideStamp = "20060102T150405.000000000Z"

// MoveAside renames a damaged database (and its WAL side files) in dir to
// binocle.db.corrupt-<UTC timestamp>, so that the next Open starts a fresh
// history while the old file stays available for recovery. It never deletes.
func MoveAside(dir string) (string, error) {
	dbPath := filepath.Join(dir, DBName)
	if _, err := os.Stat(dbPath); err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	newPath := dbPath + ".corrupt-" + time.Now().UTC().Format(asideStamp)
	if err := os.Rename(dbPath, newPath); err != nil {
		return "", fmt.Errorf("store: moving %s aside: %w", dbPath, err)
	}
	// A WAL left beside a new database would be replayed into it.
	for _, side := range []string{"-wal", "-shm"} {
		if err := os.Rename(dbPath+side, newPath+side); err != nil && !errors.Is(err, os.ErrNotExist) {
			return newPath, fmt.Errorf("store: moving %s aside: %w", dbPath+side, err)
		}
	}
	return newPath, syncDir(dir)
}

func sqliteCode(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() & 0xff
	}
	return 0
}

// wrapErr marks SQLite's damage reports with ErrCorrupt so that callers can
// offer MoveAside whichever operation found the damage.
func wrapErr(err error) error {
	switch sqliteCode(err) {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return err
}

func isBusy(err error) bool {
	c := sqliteCode(err)
	return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
}

// write runs fn in an IMMEDIATE transaction, which takes the write lock at
// BEGIN: a transaction that read first and upgraded later could fail with
// SQLITE_BUSY at a point where waiting cannot help. The busy timeout covers
// ordinary waits; the retries cover the rare busy answers SQLite gives
// without waiting (for example while another process recovers the WAL), so
// that "database is locked" never reaches the user. fn must be safe to rerun.
func (s *Store) write(fn func(tx *sql.Tx) error) error {
	const attempts = 5
	var err error
	for i := 0; i < attempts; i++ {
		if i > 0 {
			time.Sleep(time.Duration(i*i) * 20 * time.Millisecond)
		}
		err = s.writeOnce(fn)
		if !isBusy(err) {
			return wrapErr(err)
		}
	}
	return wrapErr(err)
}

func (s *Store) writeOnce(fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
