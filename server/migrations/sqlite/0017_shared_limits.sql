-- Limits on attempts, kept in the database so that every shop process on it
-- counts together (SQLite). Kept in step with
-- ../postgres/0017_shared_limits.sql: same tables, columns and names.

-- One row per thing counted (a client's sign-ins, an account's reviews, the
-- mail to one address, ...), named by `name`. The rate is a generic cell
-- rate: `allowed_at` is the moment, in microseconds since 1970 UTC, by which
-- every attempt counted so far has been paid off; an attempt is let through
-- while that moment, pushed on by one attempt's share of the period, lies
-- no more than the period ahead. One conditional upsert counts an attempt,
-- so processes counting the same key at once never both take the last one.
CREATE TABLE attempt_limits (
    name       TEXT    PRIMARY KEY,
    allowed_at INTEGER NOT NULL
);
CREATE INDEX attempt_limits_allowed_idx ON attempt_limits (allowed_at);

-- Failed sign-ins: one row per address and client, and one per address from
-- anywhere (`name`). `attempts` counts the attempts that have not succeeded
-- since `since`; past the policy's count the key is locked until
-- `locked_until`, for longer each time (`locks`). Times in microseconds
-- since 1970 UTC.
CREATE TABLE login_failures (
    name         TEXT    PRIMARY KEY,
    attempts     INTEGER NOT NULL,
    since        INTEGER NOT NULL,
    locks        INTEGER NOT NULL,
    locked_until INTEGER,
    last_seen    INTEGER NOT NULL
);
CREATE INDEX login_failures_seen_idx ON login_failures (last_seen);
