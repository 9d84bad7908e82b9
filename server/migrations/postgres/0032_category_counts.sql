-- How many parts each category has, kept beside the parts (postgres; kept in
-- step with ../sqlite/0032_category_counts.sql). The catalogue's total
-- (`X-Total-Count` of a list with no filter, or only a category) and the
-- categories' numbers of parts were counted from the parts' indexes on
-- every request: a million index entries in a catalogue of a million parts.
-- They are read from here instead, a row per category, which triggers keep
-- exact in the transaction that adds, deletes or moves a part.
-- Parts written by another process while this runs would be missed by the
-- first count below: they wait until the triggers are in place.
LOCK TABLE parts IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE category_counts (
    category TEXT   NOT NULL PRIMARY KEY,
    parts    BIGINT NOT NULL CONSTRAINT category_counts_parts_check CHECK (parts >= 0)
);

INSERT INTO category_counts (category, parts)
    SELECT category, count(*) FROM parts GROUP BY category;

-- Parts inserted together (an import's batch) are counted once per
-- statement, a row per category, taken in the categories' order so that two
-- statements counting several categories lock them in the same order.
CREATE FUNCTION category_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO category_counts AS c (category, parts)
        SELECT category, count(*) FROM added GROUP BY category ORDER BY category
        ON CONFLICT (category) DO UPDATE SET parts = c.parts + EXCLUDED.parts;
    RETURN NULL;
END;
$$;

-- A part deleted is counted out before its row goes, so that its category's
-- row is locked before the fitments deleted with the part lock their
-- vehicles' rows (0029): the order in which a part added, or moved and
-- refitted, takes them. Writers taking them in opposite orders could each
-- wait for the other.
CREATE FUNCTION category_counts_take() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE category_counts SET parts = parts - 1 WHERE category = OLD.category;
    RETURN OLD;
END;
$$;

CREATE FUNCTION category_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO category_counts AS c (category, parts)
        SELECT category, CASE WHEN category = NEW.category THEN 1 ELSE 0 END
        FROM (VALUES (OLD.category), (NEW.category)) AS moved (category)
        ORDER BY category
        ON CONFLICT (category) DO UPDATE
            SET parts = c.parts + CASE WHEN c.category = NEW.category THEN 1 ELSE -1 END;
    RETURN NULL;
END;
$$;

CREATE TRIGGER category_counts_insert AFTER INSERT ON parts
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION category_counts_add();

CREATE TRIGGER category_counts_delete BEFORE DELETE ON parts
    FOR EACH ROW EXECUTE FUNCTION category_counts_take();

CREATE TRIGGER category_counts_update AFTER UPDATE OF category ON parts
    FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category)
    EXECUTE FUNCTION category_counts_move();
