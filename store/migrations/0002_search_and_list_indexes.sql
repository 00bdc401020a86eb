-- Version 2: text search that folds case beyond ASCII, and the indexes that
-- keep listing the newest records fast on a large history.
-- The search column is filled from title and notes by a Go step, because
-- SQLite's lower() folds ASCII only.

ALTER TABLE records ADD COLUMN search TEXT NOT NULL DEFAULT '';

-- Both indexes carry the search text: records are wide (a reading holds a
-- confidence per cell), so a text filter that had to visit every row would
-- read the whole table; with the text in the index it reads the index only.
CREATE INDEX records_newest ON records(created_ns DESC, id DESC, search);
CREATE INDEX records_shape ON records(rules, n_rows, n_cols, created_ns DESC, search);
