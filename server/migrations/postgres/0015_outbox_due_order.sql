-- The mail worker asks for the messages due first, ordered by
-- (next_attempt_at, id). The index it had held next_attempt_at alone, so
-- PostgreSQL could plan the query with a sort of every due message to find
-- the first few: a plan made while the outbox was nearly empty, kept for
-- the connection, that costs more the more mail waits. With id in the
-- index, the index's order is the query's and no plan needs a sort.
DROP INDEX mail_outbox_due_idx;
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;
