-- Version 2: text search that folds case beyond ASCII, and the indexes that
-- keep listing the newest records fast on a large history.
-- The search column is filled from title and notes by a Go step, because
-- SQLite's lower() folds ASCII only.

ALTER TABLE records ADD COLUMN search TEXT NOT NULL DEFAULT '';

CREATE INDEX records_newest ON records(created_ns DESC, id DESC);
CREATE INDEX records_shape ON records(rules, n_rows, n_cols, created_ns DESC);
