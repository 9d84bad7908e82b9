-- When the parts come, as the delivery method said at checkout (postgres; kept in
-- step with ../sqlite/0024_delivery_time.sql): the method's description
-- ("2–4 working days"), kept on the order so the receipt can repeat it
-- after the method changes. "" for pickup and for orders placed before.
ALTER TABLE bookings ADD COLUMN delivery_time TEXT NOT NULL DEFAULT '';
