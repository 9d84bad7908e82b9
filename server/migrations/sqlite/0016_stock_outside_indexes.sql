-- The low-stock index by a column that says whether a part is low on
-- stock (SQLite). Kept in step with ../postgres/0016_stock_outside_indexes.sql,
-- where it matters: there, a stock change that touches no indexed column
-- writes no index entry at all. Here the column is computed when read,
-- and the index holds only the parts that are low.
ALTER TABLE parts ADD COLUMN low_stock INTEGER
    GENERATED ALWAYS AS (available_quantity <= reorder_level) VIRTUAL;
DROP INDEX parts_low_stock_idx;
CREATE INDEX parts_low_stock_idx ON parts (id) WHERE low_stock;
