-- A payment pays one order only: the unique index on the card payment's
-- transaction id holds only the orders that have one (PostgreSQL; kept in step
-- with ../sqlite/0033_transaction_key_partial.sql). Orders are placed
-- without one, and an index over every order kept an entry for each NULL:
-- one index write more for every order placed, for no uniqueness at all.
DROP INDEX bookings_transaction_key;
CREATE UNIQUE INDEX bookings_transaction_key ON bookings (transaction_id)
    WHERE transaction_id IS NOT NULL;
