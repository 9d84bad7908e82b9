-- Core charges (sqlite; kept in step with ../postgres/0027_core_charges.sql):
-- a part's refundable deposit, kept on the order's lines as ordered, and
-- the return of an old part ("core") that gives it back.

-- What a part's deposit is, in cents; 0: the part carries none.
ALTER TABLE parts ADD COLUMN core_charge_cents INTEGER NOT NULL DEFAULT 0
    CONSTRAINT parts_core_charge_check CHECK (core_charge_cents >= 0);
-- The deposit of one unit of a line, as ordered.
ALTER TABLE booking_lines ADD COLUMN core_charge_cents INTEGER NOT NULL DEFAULT 0;
-- The order's deposits added up: a part of total_cents, never taxed.
ALTER TABLE bookings ADD COLUMN core_charges_cents INTEGER NOT NULL DEFAULT 0;

-- A return's reason may now be "core", and it keeps the deposit it gives
-- back and what the staff took off it. SQLite cannot change a CHECK in
-- place: the returns and their lines are copied into new tables (the lines
-- first pointed at the new returns, so nothing refers to the old table
-- when it is dropped), and the indexes made again.
CREATE TABLE returns_next (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    booking_id      INTEGER NOT NULL REFERENCES bookings (id),
    buyer_id        INTEGER NOT NULL,
    state           TEXT NOT NULL CONSTRAINT returns_state_check
        CHECK (state IN ('requested', 'approved', 'rejected', 'received', 'refunded', 'closed')),
    reason          TEXT NOT NULL CONSTRAINT returns_reason_check
        CHECK (reason IN ('doesNotFit', 'faulty', 'damagedInTransit', 'wrongPartSent', 'noLongerNeeded', 'orderedByMistake', 'core')),
    note            TEXT NOT NULL DEFAULT '',
    image           TEXT,
    instructions    TEXT,
    rejection       TEXT,
    condition       TEXT CONSTRAINT returns_condition_check
        CHECK (condition IN ('resalable', 'damaged', 'notAsSent')),
    goods_cents     INTEGER NOT NULL DEFAULT 0,
    tax_cents       INTEGER NOT NULL DEFAULT 0,
    delivery_cents  INTEGER NOT NULL DEFAULT 0,
    fee_cents       INTEGER NOT NULL DEFAULT 0,
    refund_cents    INTEGER NOT NULL DEFAULT 0,
    refund_id       TEXT,
    refund_started_at TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    exchange_order_id INTEGER REFERENCES bookings (id),
    -- The deposits given back, once refunded.
    core_cents      INTEGER NOT NULL DEFAULT 0,
    -- Taken off a core's deposit when it cannot be rebuilt, said on receipt.
    deduction_cents INTEGER NOT NULL DEFAULT 0
        CONSTRAINT returns_deduction_check CHECK (deduction_cents >= 0)
);
INSERT INTO returns_next (id, booking_id, buyer_id, state, reason, note, image, instructions,
        rejection, condition, goods_cents, tax_cents, delivery_cents, fee_cents, refund_cents,
        refund_id, refund_started_at, created_at, updated_at, exchange_order_id)
    SELECT id, booking_id, buyer_id, state, reason, note, image, instructions,
        rejection, condition, goods_cents, tax_cents, delivery_cents, fee_cents, refund_cents,
        refund_id, refund_started_at, created_at, updated_at, exchange_order_id
    FROM returns;

CREATE TABLE return_lines_next (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    return_id  INTEGER NOT NULL REFERENCES returns_next (id),
    position   INTEGER NOT NULL,
    quantity   INTEGER NOT NULL CONSTRAINT return_lines_quantity_check CHECK (quantity > 0),
    CONSTRAINT return_lines_key UNIQUE (return_id, position)
);
INSERT INTO return_lines_next (id, return_id, position, quantity)
    SELECT id, return_id, position, quantity FROM return_lines;

DROP TABLE return_lines;
DROP TABLE returns;
-- Renaming also points return_lines_next's reference at "returns".
ALTER TABLE returns_next RENAME TO returns;
ALTER TABLE return_lines_next RENAME TO return_lines;

CREATE INDEX returns_booking_idx ON returns (booking_id);
CREATE INDEX returns_buyer_idx ON returns (buyer_id, id);
CREATE INDEX returns_state_idx ON returns (state, id);
CREATE UNIQUE INDEX returns_delivery_once ON returns (booking_id) WHERE delivery_cents > 0;
CREATE UNIQUE INDEX returns_exchange_once ON returns (exchange_order_id) WHERE exchange_order_id IS NOT NULL;
