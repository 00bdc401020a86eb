package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"binocle/solver"
)

// Save adds a record and, when photo is not nil, its photo. It sets rec.ID,
// and rec.Created when it is zero (a preset one is kept, so a re-saved
// record keeps its place in time) and rec.Updated. With a nil photo,
// rec.PhotoHash may name a photo already in the store, for a second record
// of the same picture.
func (s *Store) Save(rec *Record, photo []byte) (int64, error) {
	now := time.Now()
	if rec.Created.IsZero() {
		rec.Created = now
	}
	rec.Updated = now
	if err := s.insert(rec, photo, false); err != nil {
		return 0, err
	}
	return rec.ID, nil
}

// Restore puts back a record exactly as it was, with its ID, times and
// photo: it is how the window undoes a Delete, given the record from Get
// and the bytes from Photo taken before deleting. It fails if the ID is in
// use.
func (s *Store) Restore(rec *Record, photo []byte) error {
	if rec.ID <= 0 {
		return fmt.Errorf("store: restore: record has no ID")
	}
	if rec.Created.IsZero() || rec.Updated.IsZero() {
		return fmt.Errorf("store: restore #%d: record has no created or updated time", rec.ID)
	}
	return s.insert(rec, photo, true)
}

const recordColumns = `id, created_ns, updated_ns, source, title, rules, n_rows, n_cols, givens, edges,
	reading, corrected, solution, status, solve_millis, notes, photo_hash`

// encodeRecord gives a record's column values, in recordColumns order
// after id, plus the search text.
func encodeRecord(rec *Record) []any {
	jsonOf := func(v any) string {
		b, _ := json.Marshal(v) // only slices of plain structs and strings
		return string(b)
	}
	var reading any
	if rec.Reading != nil {
		reading = jsonOf(rec.Reading)
	}
	var photo any
	if rec.PhotoHash != "" {
		photo = rec.PhotoHash
	}
	return []any{
		rec.Created.UnixNano(), rec.Updated.UnixNano(), rec.Source, rec.Title, rec.Rules, rec.Rows, rec.Cols,
		jsonOf(nonNil(rec.Givens)), jsonOf(nonNil(rec.Edges)), reading, jsonOf(nonNil(rec.Corrected)),
		jsonOf(nonNil(rec.Solution)), rec.Status, rec.SolveMillis, rec.Notes, photo,
		searchText(rec.Title, rec.Notes),
	}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// checkRecord validates rec and normalizes its times to what the database
// holds, so that the caller's copy equals what Get will return.
func checkRecord(rec *Record) error {
	if err := rec.validate(); err != nil {
		return err
	}
	if err := checkTime("created", rec.Created); err != nil {
		return err
	}
	if err := checkTime("updated", rec.Updated); err != nil {
		return err
	}
	rec.Created = time.Unix(0, rec.Created.UnixNano()).UTC()
	rec.Updated = time.Unix(0, rec.Updated.UnixNano()).UTC()
	return nil
}

func (s *Store) insert(rec *Record, photo []byte, keepID bool) error {
	if photo != nil {
		rec.PhotoHash = HashPhoto(photo)
	}
	if err := checkRecord(rec); err != nil {
		return fmt.Errorf("store: record: %w", err)
	}
	var id any // NULL lets SQLite pick the next ID
	if keepID {
		id = rec.ID
	}
	var thumb []byte
	if photo != nil {
		thumb = thumbnail(photo)
	}
	var newID int64
	err := s.write(func(tx *sql.Tx) error {
		if err := s.attachPhoto(tx, rec.PhotoHash, photo, thumb, rec.Updated.UnixNano()); err != nil {
			return err
		}
		if keepID {
			var n int
			if err := tx.QueryRow("SELECT count(*) FROM records WHERE id = ?", rec.ID).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("record #%d already exists", rec.ID)
			}
		}
		var err error
		newID, err = insertRow(tx, id, rec)
		return err
	})
	if err != nil {
		if photo != nil {
			s.forgetPhotoIfUnused(rec.PhotoHash) // best effort; the next Open cleans up otherwise
		}
		return fmt.Errorf("store: saving: %w", err)
	}
	rec.ID = newID
	return nil
}

// insertRow adds rec under id, or under a new ID when id is nil.
func insertRow(tx *sql.Tx, id any, rec *Record) (int64, error) {
	res, err := tx.Exec("INSERT INTO records("+recordColumns+", search) VALUES (?"+strings.Repeat(", ?", 17)+")",
		append([]any{id}, encodeRecord(rec)...)...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// attachPhoto makes sure the photo a record names is stored.
func (s *Store) attachPhoto(tx *sql.Tx, hash string, photo, thumb []byte, nowNS int64) error {
	if hash == "" {
		return nil
	}
	if photo != nil {
		return s.storePhoto(tx, hash, photo, thumb, nowNS)
	}
	var n int
	if err := tx.QueryRow("SELECT count(*) FROM photos WHERE hash = ?", hash).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("photo %s is not in the store; pass its bytes", hash)
	}
	return nil
}

// Update rewrites a record's contents and sets rec.Updated. The ID, the
// created time and the photo stay as stored.
func (s *Store) Update(rec *Record) error {
	old, err := s.Get(rec.ID)
	if err != nil {
		return err
	}
	if rec.PhotoHash != old.PhotoHash {
		return fmt.Errorf("store: update #%d: the photo cannot change (it is %q, the update says %q)", rec.ID, old.PhotoHash, rec.PhotoHash)
	}
	rec.Created = old.Created
	rec.Updated = time.Now()
	if err := checkRecord(rec); err != nil {
		return fmt.Errorf("store: record #%d: %w", rec.ID, err)
	}
	values := encodeRecord(rec)
	err = s.write(func(tx *sql.Tx) error {
		res, err := tx.Exec(`UPDATE records SET created_ns = ?, updated_ns = ?, source = ?, title = ?, rules = ?,
			n_rows = ?, n_cols = ?, givens = ?, edges = ?, reading = ?, corrected = ?, solution = ?, status = ?,
			solve_millis = ?, notes = ?, photo_hash = ?, search = ? WHERE id = ?`, append(values, rec.ID)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("record #%d: %w", rec.ID, ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: updating: %w", err)
	}
	return nil
}

// Get reads one record; ErrNotFound when the ID names none.
func (s *Store) Get(id int64) (*Record, error) {
	rows, err := s.db.Query("SELECT "+recordColumns+" FROM records WHERE id = ?", id)
	if err != nil {
		return nil, fmt.Errorf("store: reading #%d: %w", id, wrapErr(err))
	}
	entries, err := scanEntries(rows)
	if err != nil {
		return nil, fmt.Errorf("store: reading #%d: %w", id, err)
	}
	recs, err := records(entries)
	if err != nil {
		return nil, fmt.Errorf("store: reading: %w", err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("store: record #%d: %w", id, ErrNotFound)
	}
	return &recs[0], nil
}

// Delete removes a record, and its photo files when no other record uses
// them. To make it undoable, keep Get's record and Photo's bytes first and
// hand them to Restore.
func (s *Store) Delete(id int64) error {
	var hash sql.NullString
	err := s.write(func(tx *sql.Tx) error {
		if err := tx.QueryRow("SELECT photo_hash FROM records WHERE id = ?", id).Scan(&hash); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("record #%d: %w", id, ErrNotFound)
			}
			return err
		}
		if _, err := tx.Exec("DELETE FROM records WHERE id = ?", id); err != nil {
			return err
		}
		if hash.Valid {
			_, err := tx.Exec(`DELETE FROM photos WHERE hash = ? AND NOT EXISTS
				(SELECT 1 FROM records WHERE photo_hash = ?)`, hash.String, hash.String)
			return err
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: deleting: %w", err)
	}
	if hash.Valid {
		// The record is gone either way; a crash here leaves files that
		// the next Open removes.
		if err := s.forgetPhotoIfUnused(hash.String); err != nil {
			return fmt.Errorf("store: removing the photo of #%d: %w", id, err)
		}
	}
	return nil
}

// Filter selects records for List. Zero fields match everything.
type Filter struct {
	Rules  string // a rule set's name or alias
	Rows   int
	Cols   int
	Status string
	Source string
	// From and To bound the created time: From <= created < To.
	From, To time.Time
	// Text is looked for in titles and notes, ignoring case.
	Text string
	// PhotoHash finds the entries of one photo (HashPhoto), so that
	// opening a photo again finds its entry instead of adding another.
	PhotoHash string
	// Limit caps the page (0: no cap); Offset skips the newest ones.
	Limit, Offset int
}

// List returns one page of the matching records, newest first, and how
// many match in all. It fails on a damaged row; Entries lists around it.
func (s *Store) List(f Filter) ([]Record, int, error) {
	entries, total, err := s.Entries(f)
	if err != nil {
		return nil, 0, err
	}
	recs, err := records(entries)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list: %w", err)
	}
	return recs, total, nil
}

func (f Filter) sql() (string, []any, error) {
	if f.Limit < 0 || f.Offset < 0 {
		return "", nil, fmt.Errorf("limit %d and offset %d must not be negative", f.Limit, f.Offset)
	}
	var conds []string
	var args []any
	add := func(cond string, arg any) {
		conds = append(conds, cond)
		args = append(args, arg)
	}
	if f.Rules != "" {
		rules, err := solver.ParseRules(f.Rules)
		if err != nil {
			return "", nil, err
		}
		add("rules = ?", rules.String())
	}
	if f.Rows != 0 {
		add("n_rows = ?", f.Rows)
	}
	if f.Cols != 0 {
		add("n_cols = ?", f.Cols)
	}
	if f.Status != "" {
		if !oneOf(f.Status, Statuses) {
			return "", nil, fmt.Errorf("status %q is not one of %v", f.Status, Statuses)
		}
		add("status = ?", f.Status)
	}
	if f.Source != "" {
		if !oneOf(f.Source, Sources) {
			return "", nil, fmt.Errorf("source %q is not one of %v", f.Source, Sources)
		}
		add("source = ?", f.Source)
	}
	if !f.From.IsZero() {
		add("created_ns >= ?", clampNS(f.From))
	}
	if !f.To.IsZero() {
		add("created_ns < ?", clampNS(f.To))
	}
	if f.PhotoHash != "" {
		add("photo_hash = ?", f.PhotoHash)
	}
	if f.Text != "" {
		add("instr(search, ?) > 0", strings.ToLower(f.Text))
	}
	if len(conds) == 0 {
		return "", nil, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// clampNS keeps a filter bound far in the past or future meaningful,
// where UnixNano would overflow.
func clampNS(t time.Time) int64 {
	switch {
	case t.Before(earliest):
		return earliest.UnixNano()
	case !t.Before(latest):
		return latest.UnixNano()
	}
	return t.UnixNano()
}

// Entry is one row of the history as Entries finds it: a readable record,
// or a damaged row with the ID it can still be deleted by.
type Entry struct {
	ID     int64
	Record *Record // nil when the row is damaged
	// Err says why a damaged row cannot be read (it wraps ErrCorrupt); nil
	// for a readable record.
	Err error
}

// Damaged reports whether the row could not be read as a record.
func (e Entry) Damaged() bool { return e.Err != nil }

// Entries is List that does not stop at a damaged row: it returns one page
// of every matching row, newest first, each either a record or a damaged
// row marked with its ID and error, plus how many match in all. Delete
// removes a damaged row like any other. List, Get and Export use it; the
// history panel should too, so that one bad row hides nothing.
func (s *Store) Entries(f Filter) ([]Entry, int, error) {
	where, args, err := f.sql()
	if err != nil {
		return nil, 0, fmt.Errorf("store: list: %w", err)
	}
	var total int
	if err := s.db.QueryRow("SELECT count(*) FROM records"+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: list: %w", wrapErr(err))
	}
	limit := f.Limit
	if limit == 0 {
		limit = -1 // SQLite's "no limit"
	}
	rows, err := s.db.Query("SELECT "+recordColumns+" FROM records"+where+
		" ORDER BY created_ns DESC, id DESC LIMIT ? OFFSET ?", append(args, limit, f.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list: %w", wrapErr(err))
	}
	entries, err := scanEntries(rows)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list: %w", err)
	}
	return entries, total, nil
}

// records keeps the readable records of entries, or fails on the first
// damaged one, for callers that need every record whole.
func records(entries []Entry) ([]Record, error) {
	var recs []Record
	for _, e := range entries {
		if e.Err != nil {
			return nil, e.Err
		}
		recs = append(recs, *e.Record)
	}
	return recs, nil
}

func scanEntries(rows *sql.Rows) ([]Entry, error) {
	defer rows.Close()
	var entries []Entry
	for rows.Next() {
		entries = append(entries, scanEntry(rows))
	}
	if err := rows.Err(); err != nil {
		return nil, wrapErr(err)
	}
	return entries, nil
}

// scanEntry reads the current row. A row whose columns do not scan or
// decode is returned damaged, with its ID when even that much is legible.
func scanEntry(rows *sql.Rows) Entry {
	var r Record
	var created, updated int64
	var givens, edges, corrected, solution string
	var reading, photo sql.NullString
	if err := rows.Scan(&r.ID, &created, &updated, &r.Source, &r.Title, &r.Rules, &r.Rows, &r.Cols,
		&givens, &edges, &reading, &corrected, &solution, &r.Status, &r.SolveMillis, &r.Notes, &photo); err != nil {
		// database/sql lets a row be scanned again: this time only the ID
		// is typed, and the other columns go into untyped values.
		cols, _ := rows.Columns()
		dest := make([]any, max(len(cols), 1))
		var id int64
		dest[0] = &id
		for i := 1; i < len(dest); i++ {
			dest[i] = new(any)
		}
		_ = rows.Scan(dest...)
		return Entry{ID: id, Err: fmt.Errorf("record #%d: %w: %v", id, ErrCorrupt, err)}
	}
	r.Created = time.Unix(0, created).UTC()
	r.Updated = time.Unix(0, updated).UTC()
	r.PhotoHash = photo.String
	if err := decodeColumns(&r, givens, edges, corrected, solution, reading); err != nil {
		return Entry{ID: r.ID, Err: fmt.Errorf("record #%d: %w", r.ID, err)}
	}
	return Entry{ID: r.ID, Record: &r}
}

func decodeColumns(r *Record, givens, edges, corrected, solution string, reading sql.NullString) error {
	for _, c := range []struct {
		name string
		text string
		into any
	}{
		{"givens", givens, &r.Givens},
		{"edges", edges, &r.Edges},
		{"corrected", corrected, &r.Corrected},
		{"solution", solution, &r.Solution},
	} {
		if err := json.Unmarshal([]byte(c.text), c.into); err != nil {
			return fmt.Errorf("%w: column %s: %v", ErrCorrupt, c.name, err)
		}
	}
	if reading.Valid {
		r.Reading = new(Reading)
		if err := json.Unmarshal([]byte(reading.String), r.Reading); err != nil {
			return fmt.Errorf("%w: column reading: %v", ErrCorrupt, err)
		}
	}
	// Empty lists read back as nil, the form a new record has before saving.
	if len(r.Edges) == 0 {
		r.Edges = nil
	}
	if len(r.Corrected) == 0 {
		r.Corrected = nil
	}
	if len(r.Solution) == 0 {
		r.Solution = nil
	}
	return nil
}
