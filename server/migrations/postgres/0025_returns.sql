-- Returns (RMAs) and what an order keeps for them (postgres; kept in step with
-- ../sqlite/0025_returns.sql).

-- When the order was marked delivered or collected: its return window starts
-- then. Orders delivered before this migration take the time of their last
-- change, which was that move.
ALTER TABLE bookings ADD COLUMN delivered_at TEXT;
UPDATE bookings SET delivered_at = updated_at WHERE fulfilment_status = 'delivered';
-- The tax charged on the order's delivery (the rest of its tax is on its
-- goods), so a return refunds each share; 0 for orders placed before.
ALTER TABLE bookings ADD COLUMN shipping_tax_cents BIGINT NOT NULL DEFAULT 0;
-- What the order's returns have refunded so far.
ALTER TABLE bookings ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0
    CONSTRAINT bookings_refunded_check CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents);

CREATE TABLE returns (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    booking_id      BIGINT NOT NULL REFERENCES bookings (id),
    buyer_id        BIGINT NOT NULL,
    state           TEXT NOT NULL CONSTRAINT returns_state_check
        CHECK (state IN ('requested', 'approved', 'rejected', 'received', 'refunded', 'closed')),
    reason          TEXT NOT NULL CONSTRAINT returns_reason_check
        CHECK (reason IN ('doesNotFit', 'faulty', 'damagedInTransit', 'wrongPartSent', 'noLongerNeeded', 'orderedByMistake')),
    note            TEXT NOT NULL DEFAULT '',
    image           TEXT,
    instructions    TEXT,
    rejection       TEXT,
    condition       TEXT CONSTRAINT returns_condition_check
        CHECK (condition IN ('resalable', 'damaged', 'notAsSent')),
    -- The refund's figures, in cents, once refunded.
    goods_cents     BIGINT NOT NULL DEFAULT 0,
    tax_cents       BIGINT NOT NULL DEFAULT 0,
    delivery_cents  BIGINT NOT NULL DEFAULT 0,
    fee_cents       BIGINT NOT NULL DEFAULT 0,
    refund_cents    BIGINT NOT NULL DEFAULT 0,
    refund_id       TEXT,
    -- Set while the card provider is being asked to refund it.
    refund_started_at TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX returns_booking_idx ON returns (booking_id);
CREATE INDEX returns_buyer_idx ON returns (buyer_id, id);
CREATE INDEX returns_state_idx ON returns (state, id);
-- At most one return of an order refunds its delivery.
CREATE UNIQUE INDEX returns_delivery_once ON returns (booking_id) WHERE delivery_cents > 0;

-- The lines a return sends back: the order's line (its position) and how many.
CREATE TABLE return_lines (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    return_id  BIGINT NOT NULL REFERENCES returns (id),
    position   BIGINT NOT NULL,
    quantity   BIGINT NOT NULL CONSTRAINT return_lines_quantity_check CHECK (quantity > 0),
    CONSTRAINT return_lines_key UNIQUE (return_id, position)
);
