-- The order that replaces a part returned because it did not fit (postgres;
-- kept in step with ../sqlite/0026_return_exchanges.sql): the buyer
-- links it to the return; the return is refunded on receipt as any other.
ALTER TABLE returns ADD COLUMN exchange_order_id BIGINT REFERENCES bookings (id);
-- One order replaces the part of at most one return.
CREATE UNIQUE INDEX returns_exchange_once ON returns (exchange_order_id) WHERE exchange_order_id IS NOT NULL;
