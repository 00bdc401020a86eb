// Package store keeps the history of solves: every puzzle the user imports
// or types, its original photo, what was read and corrected, the rules, the
// solution and when it happened. It never loses a solve that Save reported
// saved, whatever happens to the process afterwards.
//
// # Layout
//
// A store is one directory (DefaultDir, or the GUI's storage root, or the
// CLI's --store): binocle.db, an SQLite database used through
// modernc.org/sqlite, and photos/ab/<sha256>.<ext> with a
// <sha256>.thumb.jpg thumbnail beside each photo. A photo is stored once
// however many records use it.
//
// # API
//
//	st, err := store.Open(dir)       // ErrNewerVersion, ErrCorrupt: see below
//	defer st.Close()
//	rec := store.RecordFromSolve(p, res, "photo") // or build a Record
//	id, err := st.Save(rec, photoBytes)          // photo may be nil
//	rec, err = st.Get(id)                        // ErrNotFound
//	rec.Title = "Sunday paper"; err = st.Update(rec)
//	recs, total, err := st.List(store.Filter{Rules: "takuzu", Limit: 100})
//	entries, total, err := st.Entries(filter) // damaged rows included, marked
//	path := st.PhotoPath(rec.PhotoHash)          // "" when none
//	thumb := st.ThumbnailPath(rec.PhotoHash)     // "" when none
//	err = st.Delete(id)
//	err = st.ExportFile("history.zip"); added, err := st.ImportFile("history.zip")
//
// Undoing a Delete: take rec from Get and the bytes from Photo before
// deleting, then call Restore(rec, photo), which puts the record back with
// its ID and times. Save also keeps a preset Created time.
//
// A row whose columns cannot be decoded (garbage in givens, say) makes
// List and Get fail; Entries returns every row instead, each an Entry with
// the ID and either the Record or, for a damaged row, Err (wrapping
// ErrCorrupt) and a nil Record. Delete removes a damaged row like any
// other, and Export leaves damaged rows out and writes the rest. ExportFile
// refuses a path inside the store directory (ErrExportIntoStore).
//
// List returns the newest records first (by created time, then ID), one
// page of Limit after Offset, plus how many match in all. Filter fields left
// zero match everything; Text looks in titles and notes ignoring case
// (Unicode case-folding, not just ASCII).
//
// # Durability and concurrency
//
// The database runs in WAL mode with synchronous=FULL, so a commit is on
// disk (fsynced) when Save returns: it survives a crash of the app and a
// power cut. Writes are IMMEDIATE transactions with a 10 s busy timeout and
// a few retries on SQLITE_BUSY, so two windows or a window and the CLI can
// write at once without "database is locked" reaching the user. Foreign
// keys are on: a record's photo_hash references the photos table.
//
// Photo files are written to a temp file, fsynced, renamed to their hash
// name and the directory fsynced, all while the writer holds the database's
// write lock, before the record is committed. A crash between the file and
// the commit leaves an orphan file; Open removes orphan files and temp files
// under the same lock, so it never takes a live writer's file for an orphan.
// Delete removes a photo's files only when no record uses it any more. A
// photo that a moved-aside database may name (its hash is in that file's
// bytes, or the photo predates the move) is never taken for an orphan, so
// the old database stays recoverable whole.
//
// # Schema versions
//
// The schema is numbered embedded migrations (migrations/NNNN_name.sql,
// plus optional Go steps) recorded in PRAGMA user_version and applied in
// one transaction by Open. A database from a newer Binocle is refused with
// ErrNewerVersion before anything writes to it; a damaged one is refused
// with ErrCorrupt, and MoveAside(dir) renames it to
// binocle.db.corrupt-<timestamp> (never deleting it) so that a fresh store
// can start.
//
// # Export and import
//
// Export writes a zip with records.json ({"format": "binocle-history",
// "version": 1, "records": [...]}, the Record JSON form, oldest first) and
// photos/<sha256>.<ext>. Import merges such a zip: a record whose created
// time, givens and photo hash equal those of a stored record is skipped, so
// importing twice adds nothing. Imported records get new IDs. Import checks
// the whole archive first (entry names for path traversal, sizes up to
// MaxImportJSON and MaxImportPhoto, JSON syntax, every record, every photo's
// hash) and refuses a bad one with ErrBadArchive before writing anything.
package store
