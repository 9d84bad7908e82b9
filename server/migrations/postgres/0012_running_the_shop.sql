-- Running the shop (PostgreSQL). Kept in step with
-- ../sqlite/0012_running_the_shop.sql: same tables, columns and index names.

-- The audit log: one row per admin action, written in the same transaction
-- as the action where it has one. The shop only ever inserts here: there is
-- no route that edits or deletes a record. `action` is a word such as
-- `part.edited`; the subject is what it was done to (`part` and its id,
-- `order`, `user`, `settings`); `before` and `after` are JSON, NULL where
-- there is nothing (a part before it was added, after it was deleted).
CREATE TABLE audit_log (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at    TEXT    NOT NULL,
    actor_id      BIGINT  NOT NULL,
    actor_email   TEXT    NOT NULL,
    action        TEXT    NOT NULL,
    subject_type  TEXT    NOT NULL,
    subject_id    TEXT    NOT NULL,
    before_json   TEXT,
    after_json    TEXT
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id);

-- The sales dashboard. The orders of the last days, read from the index
-- alone (the day, whether paid, the total).
CREATE INDEX bookings_created_idx ON bookings (created_at, payment_status, total_cents);
-- The paid orders of the last days, whose lines make the top parts.
CREATE INDEX bookings_payment_created_idx ON bookings (payment_status, created_at, id);
-- The parts at or below their reorder level: the shortfall, indexed.
CREATE INDEX parts_low_stock_idx ON parts ((available_quantity - reorder_level), id);
-- The refunds of the last days.
CREATE INDEX refunds_created_idx ON refunds (created_at, amount_cents);
