-- How many parts each category has, kept beside the parts (sqlite; kept in
-- step with ../postgres/0032_category_counts.sql). The catalogue's total
-- (`X-Total-Count` of a list with no filter, or only a category) and the
-- categories' numbers of parts were counted from the parts' indexes on
-- every request: a million index entries in a catalogue of a million parts.
-- They are read from here instead, a row per category, which triggers keep
-- exact in the transaction that adds, deletes or moves a part.
CREATE TABLE category_counts (
    category TEXT    NOT NULL PRIMARY KEY,
    parts    INTEGER NOT NULL CHECK (parts >= 0)
);

INSERT INTO category_counts (category, parts)
    SELECT category, count(*) FROM parts GROUP BY category;

CREATE TRIGGER category_counts_insert AFTER INSERT ON parts BEGIN
    INSERT INTO category_counts (category, parts) VALUES (new.category, 1)
        ON CONFLICT (category) DO UPDATE SET parts = parts + 1;
END;

CREATE TRIGGER category_counts_delete AFTER DELETE ON parts BEGIN
    UPDATE category_counts SET parts = parts - 1 WHERE category = old.category;
END;

CREATE TRIGGER category_counts_update AFTER UPDATE OF category ON parts
WHEN old.category IS NOT new.category
BEGIN
    UPDATE category_counts SET parts = parts - 1 WHERE category = old.category;
    INSERT INTO category_counts (category, parts) VALUES (new.category, 1)
        ON CONFLICT (category) DO UPDATE SET parts = parts + 1;
END;

-- The parts' ids alone, in order: a page of the catalogue oldest or newest
-- first walks past its offset here, a few bytes an entry, instead of along
-- the table's rows (a whole part an entry), and reads only the page's rows.
CREATE INDEX parts_id_idx ON parts (id);
