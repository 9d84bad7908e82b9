-- Running the orders (PostgreSQL). Kept in step with ../sqlite/0005_order_states.sql.
-- An order's payment and its fulfilment are kept apart; the moves between
-- them are the table in src/orders/state.rs. The old `status` column stays,
-- written with every move as the status derived from the two (PRODUCT.md).

ALTER TABLE bookings ADD COLUMN payment_status TEXT NOT NULL DEFAULT 'unpaid'
    CONSTRAINT bookings_payment_status_check CHECK (payment_status IN ('unpaid', 'paid', 'refunded'));
ALTER TABLE bookings ADD COLUMN fulfilment_status TEXT NOT NULL DEFAULT 'pending'
    CONSTRAINT bookings_fulfilment_status_check CHECK (fulfilment_status IN ('pending', 'shipped', 'delivered', 'cancelled'));
-- Set while the payment provider is being asked to refund the order: the
-- order cannot be shipped meanwhile.
ALTER TABLE bookings ADD COLUMN refund_started_at TEXT;

-- Orders so far: only unpaid orders could be cancelled, and a shipped order was paid.
UPDATE bookings SET
    payment_status = CASE status WHEN 'paid' THEN 'paid' WHEN 'shipped' THEN 'paid' ELSE 'unpaid' END,
    fulfilment_status = CASE status WHEN 'shipped' THEN 'shipped' WHEN 'cancelled' THEN 'cancelled' ELSE 'pending' END;

-- The admin's order list, newest first, by fulfilment (and payment), or by payment.
CREATE INDEX bookings_fulfilment_idx ON bookings (fulfilment_status, payment_status, id);
CREATE INDEX bookings_payment_idx ON bookings (payment_status, id);

-- Refunds the payment provider made: one per order, for its whole amount.
CREATE TABLE refunds (
    id           TEXT    PRIMARY KEY,
    booking_id   BIGINT  NOT NULL CONSTRAINT refunds_booking_key UNIQUE,
    payment_id   TEXT    NOT NULL,
    amount_cents BIGINT  NOT NULL,
    currency     TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    created_at   TEXT    NOT NULL
);
