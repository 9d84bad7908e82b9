-- Each fitment carries its part's category (sqlite; kept in step with
-- ../postgres/0031_fitment_categories.sql). A buyer who has chosen a
-- vehicle sees the categories with their numbers of parts, and then a
-- category's parts: both were answered by finding the vehicle's fitments
-- in their index and then reading each fitting part's row for its category
-- (thousands of rows for a popular model in a catalogue of a million
-- parts). With the category in the fitments' vehicle index, both are
-- answered from that index alone.
ALTER TABLE part_fitments ADD COLUMN category TEXT NOT NULL DEFAULT '';

UPDATE part_fitments
    SET category = (SELECT category FROM parts WHERE parts.id = part_fitments.part_id);

DROP INDEX part_fitments_vehicle_idx;
CREATE INDEX part_fitments_vehicle_idx
    ON part_fitments (make_key, model_key, year_from, year_to, category, part_id);

-- The database has the last word: a fitment naming another category than
-- its part's is refused, and a part's new category is written to its
-- fitments in the same statement.
CREATE TRIGGER part_fitments_category_insert BEFORE INSERT ON part_fitments
WHEN new.category IS NOT (SELECT category FROM parts WHERE id = new.part_id)
BEGIN
    SELECT RAISE(ABORT, 'a fitment names its part''s category');
END;

CREATE TRIGGER part_fitments_category_update BEFORE UPDATE OF part_id, category ON part_fitments
WHEN new.category IS NOT (SELECT category FROM parts WHERE id = new.part_id)
BEGIN
    SELECT RAISE(ABORT, 'a fitment names its part''s category');
END;

CREATE TRIGGER parts_category_fitments AFTER UPDATE OF category ON parts
WHEN old.category IS NOT new.category
BEGIN
    UPDATE part_fitments SET category = new.category WHERE part_id = new.id;
END;
