-- Catalogue imports run as jobs (sqlite; kept in step with
-- ../postgres/0028_catalogue_imports.sql): a checked file is applied a batch
-- of rows at a time, each batch in its own transaction with the job's
-- progress, so orders never wait behind a whole import and a shop that stops
-- midway goes on from the next batch when it starts again.
CREATE TABLE catalogue_imports (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    state         TEXT NOT NULL CONSTRAINT catalogue_imports_state_check
        CHECK (state IN ('running', 'done', 'failed', 'cut')),
    dry_run       INTEGER NOT NULL DEFAULT 0,
    -- The checked file, in the data folder's imports/ while the job runs.
    file_name     TEXT NOT NULL,
    by_user_id    INTEGER NOT NULL,
    by_email      TEXT NOT NULL,
    rows_total    INTEGER NOT NULL CONSTRAINT catalogue_imports_rows_check CHECK (rows_total >= 0),
    -- Rows applied (on a dry run: counted) so far; the next batch starts after them.
    rows_done     INTEGER NOT NULL DEFAULT 0
        CONSTRAINT catalogue_imports_done_check CHECK (rows_done >= 0 AND rows_done <= rows_total),
    added         INTEGER NOT NULL DEFAULT 0,
    updated       INTEGER NOT NULL DEFAULT 0,
    unchanged     INTEGER NOT NULL DEFAULT 0,
    -- The first 100 parts added and changed, as JSON (the answer's addedParts, updatedParts).
    added_parts   TEXT NOT NULL DEFAULT '[]',
    updated_parts TEXT NOT NULL DEFAULT '[]',
    error         TEXT,
    started_at    TEXT NOT NULL,
    -- Moved at every batch: a running job not moved for a while has lost its process.
    updated_at    TEXT NOT NULL,
    finished_at   TEXT
);
CREATE INDEX catalogue_imports_state_idx ON catalogue_imports (state, id);
