-- A history database as Binocle's schema version 1 wrote it, frozen for the
-- migration test. Never regenerate it from the current migrations.

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

INSERT INTO photos(hash, ext, size, added_ns) VALUES
    ('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'jpg', 4, 1700000000000000000);

INSERT INTO records(id, created_ns, updated_ns, source, title, rules, n_rows, n_cols, givens, edges,
    reading, corrected, solution, status, solve_millis, notes, photo_hash) VALUES
    (1, 1700000000000000000, 1700000100000000000, 'photo', 'ÄRGER im Café', 'takuzu', 4, 4,
     '["1...","..0.","....","0..1"]', '[{"r1":0,"c1":0,"r2":0,"c2":1,"rel":"x"}]',
     '{"corners":[[10,12],[410,15],[405,420],[8,415]],"confidence":[0.9,0.8,0.7,0.6,0.9,0.8,0.7,0.6,0.9,0.8,0.7,0.6,0.9,0.8,0.7,0.6],"style":"print"}',
     '[{"row":1,"col":2}]', '["1010","0101","1001","0110"]', 'unique', 0.25, 'From the Sunday paper',
     '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'),
    (2, 1700000200000000000, 1700000200000000000, 'text', 'Takuzu 6×6', 'threeinarow', 6, 6,
     '["......","......","......","......","......","......"]', '[]', NULL, '[]', '[]', 'unsolved', 0, '', NULL);

PRAGMA user_version = 1;
