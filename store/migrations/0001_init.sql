-- Version 1: the records and the photos they point at.
-- Released: never edit this file; add a new numbered migration instead.

CREATE TABLE photos (
    hash     TEXT PRIMARY KEY CHECK (length(hash) = 64),
    ext      TEXT NOT NULL,
    size     INTEGER NOT NULL,
    added_ns INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE records (
    id           INTEGER PRIMARY KEY AUTOINCREMENT, -- never reuse an ID: undo restores it, users quote it
    created_ns   INTEGER NOT NULL,
    updated_ns   INTEGER NOT NULL,
    source       TEXT NOT NULL,
    title        TEXT NOT NULL,
    rules        TEXT NOT NULL,
    n_rows       INTEGER NOT NULL,
    n_cols       INTEGER NOT NULL,
    givens       TEXT NOT NULL,
    edges        TEXT NOT NULL,
    reading      TEXT,
    corrected    TEXT NOT NULL,
    solution     TEXT NOT NULL,
    status       TEXT NOT NULL,
    solve_millis REAL NOT NULL,
    notes        TEXT NOT NULL,
    photo_hash   TEXT REFERENCES photos(hash)
);

CREATE INDEX records_photo ON records(photo_hash);
