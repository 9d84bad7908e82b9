-- Shipped orders can say how they travel (PostgreSQL). Kept in step with
-- ../sqlite/0009_tracking.sql. Both are set, when the staff give them, as the
-- order ships, and are shown to the buyer and in the shipping message.
ALTER TABLE bookings ADD COLUMN carrier TEXT;
ALTER TABLE bookings ADD COLUMN tracking_number TEXT;
