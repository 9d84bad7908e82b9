-- Unpaid orders hold their stock for a while, not forever (PostgreSQL). Kept in
-- step with ../sqlite/0006_order_holds.sql.
--
-- hold_until: when an unpaid order stops holding its stock: SHOP_ORDER_HOLD
-- after it was placed, or after its payment was last started. An order
-- still unpaid then is cancelled by the shop and its stock comes back.
ALTER TABLE bookings ADD COLUMN hold_until TEXT;
-- Why a cancelled order was cancelled: by its buyer, by the shop's staff, or
-- by the shop because it was not paid in time.
ALTER TABLE bookings ADD COLUMN cancel_reason TEXT
    CONSTRAINT bookings_cancel_reason_check CHECK (cancel_reason IN ('buyer', 'admin', 'expired'));

-- Unpaid orders placed before holds existed get the default hold of 30 minutes.
UPDATE bookings SET hold_until = to_char((created_at::timestamptz + interval '30 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    WHERE payment_status = 'unpaid' AND fulfilment_status = 'pending';

-- The orders whose hold has run out, oldest first.
CREATE INDEX bookings_hold_idx ON bookings (payment_status, fulfilment_status, hold_until);
-- A buyer's unpaid orders (at most SHOP_MAX_UNPAID_ORDERS), and whether a
-- reviewer has a paid order.
CREATE INDEX bookings_buyer_payment_idx ON bookings (buyer_id, payment_status, fulfilment_status);
