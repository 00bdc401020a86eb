package store

import (
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration moves the schema from version-1 to version. The version is the
// file name's number, stored in PRAGMA user_version once applied.
type migration struct {
	version int
	name    string
	sql     string
}

// migrationSteps are Go steps run right after a migration's SQL, for data
// changes SQL cannot express.
var migrationSteps = map[int]func(tx *sql.Tx) error{
	2: fillSearch,
}

var migrations = mustLoadMigrations()

func mustLoadMigrations() []migration {
	ms, err := loadMigrations(migrationFiles)
	if err != nil {
		panic(err) // the embedded files are part of the binary: a bad one is a build mistake
	}
	return ms
}

func loadMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("store: migration %s: name must start with its version number and '_'", name)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("store: migration %s: versions must run 1, 2, 3... without gaps", m.name)
		}
	}
	return ms, nil
}

func latestVersion() int { return len(migrations) }

// migrate brings the schema up to date in one transaction, so a crash
// mid-upgrade leaves the old version intact. Two processes opening a new
// store at once serialize on the write lock; the second finds nothing to do.
func (s *Store) migrate() error {
	return s.migrateTo(latestVersion())
}

func (s *Store) migrateTo(target int) error {
	err := s.write(func(tx *sql.Tx) error {
		var current int
		if err := tx.QueryRow("PRAGMA user_version").Scan(&current); err != nil {
			return err
		}
		if current > latestVersion() {
			return fmt.Errorf("%w (its schema is version %d, this Binocle knows versions up to %d)",
				ErrNewerVersion, current, latestVersion())
		}
		for _, m := range migrations[current:target] {
			if _, err := tx.Exec(m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if step := migrationSteps[m.version]; step != nil {
				if err := step(tx); err != nil {
					return fmt.Errorf("migration %s: %w", m.name, err)
				}
			}
			// PRAGMA takes no parameters; the version is our own integer.
			if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: upgrading %s: %w", s.dir, err)
	}
	return nil
}

func fillSearch(tx *sql.Tx) error {
	rows, err := tx.Query("SELECT id, title, notes FROM records")
	if err != nil {
		return err
	}
	type row struct {
		id           int64
		title, notes string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.title, &r.notes); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range all {
		if _, err := tx.Exec("UPDATE records SET search = ? WHERE id = ?", searchText(r.title, r.notes), r.id); err != nil {
			return err
		}
	}
	return nil
}

// searchText is what the Text filter matches against: title and notes,
// case-folded by Go so that "Ärger" finds "ärger".
func searchText(title, notes string) string {
	return strings.ToLower(title) + "\n" + strings.ToLower(notes)
}
