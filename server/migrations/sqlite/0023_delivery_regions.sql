-- Where a delivery method goes (sqlite; kept in step with
-- ../postgres/0023_delivery_regions.sql): a JSON array of places, each a
-- country ("US") or a region of one ("US-OH"). An empty array, as every
-- method has had so far, delivers everywhere.
ALTER TABLE shipping_methods ADD COLUMN regions TEXT NOT NULL DEFAULT '[]';
