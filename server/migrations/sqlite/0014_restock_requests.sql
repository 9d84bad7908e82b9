-- Restocks that may be sent again (SQLite). Kept in step with
-- ../postgres/0014_restock_requests.sql: same tables, columns and index names.

-- One row per restock an admin sent with an `Idempotency-Key`, written in
-- the restock's own transaction. The unique key makes a repeat of the same
-- request (a retry after a lost answer, two retries at once) find the first
-- one's answer instead of adding the stock again. `answer_json` is the part
-- as the first answer gave it.
CREATE TABLE restock_requests (
    admin_id     INTEGER NOT NULL,
    request_key  TEXT    NOT NULL,
    part_id      INTEGER NOT NULL,
    quantity     INTEGER NOT NULL,
    created_at   TEXT    NOT NULL,
    answer_json  TEXT,
    CONSTRAINT restock_requests_key UNIQUE (admin_id, request_key)
);
CREATE INDEX restock_requests_created_idx ON restock_requests (created_at);
