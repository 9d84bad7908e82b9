-- Card payments (SQLite). Kept in step with ../postgres/0002_payments.sql.

-- What the buyer's card last did: its last four digits once it paid, or the
-- provider's code for the last refusal.
ALTER TABLE payments ADD COLUMN card_last4 TEXT;
ALTER TABLE payments ADD COLUMN failure_code TEXT;

-- A payment pays one order only (unpaid orders have no transaction id).
CREATE UNIQUE INDEX bookings_transaction_key ON bookings (transaction_id);

-- Card provider events already handled: a delivery seen again changes nothing.
CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TEXT NOT NULL
);
