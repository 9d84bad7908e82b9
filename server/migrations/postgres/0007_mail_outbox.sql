-- The shop's outgoing mail (PostgreSQL). Kept in step with ../sqlite/0007_mail_outbox.sql.
--
-- A message is stored here in the same transaction as what causes it (an
-- order placed, a password reset asked for), so it is sent only if that
-- commits, and is never lost once it has. Every shop process sends what is
-- due: a process claims a message by moving its next_attempt_at past now in
-- one conditional UPDATE (only one process wins it), and a claim a crashed
-- process left behind runs out by itself at that time.
CREATE TABLE mail_outbox (
    id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipient       TEXT    NOT NULL,
    -- Which message (its template) and what fills it in, as JSON.
    kind            TEXT    NOT NULL,
    message         TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    created_at      TEXT    NOT NULL,
    -- When it is next due: now for a new one; while claimed, when the claim
    -- runs out; after a failure, when to try again (exponential back-off).
    next_attempt_at TEXT    NOT NULL,
    -- The process holding the claim (a random token), while one does.
    claimed_by      TEXT,
    attempts        BIGINT  NOT NULL DEFAULT 0,
    last_error      TEXT,
    sent_at         TEXT,
    -- Given up after the mail server refused it for good several times.
    failed_at       TEXT
);
-- The messages still to send, the longest due first.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
