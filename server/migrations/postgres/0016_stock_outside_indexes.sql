-- Taking stock leaves the indexes alone (PostgreSQL). Kept in step with
-- ../sqlite/0016_stock_outside_indexes.sql.
--
-- An UPDATE that changes no indexed column is a heap-only (HOT) update:
-- the new row version goes on the same page and not one index of the
-- table is touched. Taking an order's stock changes available_quantity,
-- and the low-stock index held (available_quantity - reorder_level), so
-- every stock change wrote a new entry into each of the parts' indexes,
-- the word index among them, while holding the part's row lock: orders
-- of a busy part waited that much longer for each other.
--
-- The index now holds the parts that are low on stock, by a stored
-- column that says so. It changes only when a part crosses its reorder
-- level, so the stock changes in between stay heap-only, and the
-- dashboard still finds the low parts from an index.
ALTER TABLE parts SET (fillfactor = 90);
ALTER TABLE parts ADD COLUMN low_stock boolean
    GENERATED ALWAYS AS (available_quantity <= reorder_level) STORED;
DROP INDEX parts_low_stock_idx;
CREATE INDEX parts_low_stock_idx ON parts (id) WHERE low_stock;
