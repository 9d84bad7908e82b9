-- Each fitment carries its part's category (postgres; kept in step with
-- ../sqlite/0031_fitment_categories.sql). A buyer who has chosen a vehicle
-- sees the categories with their numbers of parts, and then a category's
-- parts: both were answered by finding the vehicle's fitments in their
-- index and then reading each fitting part's row for its category
-- (thousands of rows for a popular model in a catalogue of a million
-- parts). With the category in the fitments' vehicle index, both are
-- answered from that index alone.
ALTER TABLE part_fitments ADD COLUMN category TEXT NOT NULL DEFAULT '';

UPDATE part_fitments AS f SET category = p.category FROM parts AS p WHERE p.id = f.part_id;

DROP INDEX part_fitments_vehicle_idx;
CREATE INDEX part_fitments_vehicle_idx
    ON part_fitments (make_key, model_key, year_from, year_to, category, part_id);

-- The database has the last word: a fitment written takes its part's
-- category whatever it was given (read when the row is written, so an edit
-- of the fitments after the part's category changed in another transaction
-- writes the new one), and a part's new category is written to its
-- fitments in the same statement (the part's row lock orders the two).
CREATE FUNCTION part_fitments_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT category INTO NEW.category FROM parts WHERE id = NEW.part_id;
    RETURN NEW;
END;
$$;

CREATE TRIGGER part_fitments_category BEFORE INSERT OR UPDATE OF part_id, category ON part_fitments
    FOR EACH ROW EXECUTE FUNCTION part_fitments_category();

CREATE FUNCTION parts_category_fitments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE part_fitments SET category = NEW.category WHERE part_id = NEW.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER parts_category_fitments AFTER UPDATE OF category ON parts
    FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category)
    EXECUTE FUNCTION parts_category_fitments();
