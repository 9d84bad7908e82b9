-- How many parts each run of 1,024 ids holds (PostgreSQL; kept in step with
-- ../sqlite/0036_part_blocks.sql): block `b` holds the parts whose ids are
-- from b * 1024 to b * 1024 + 1023. A page of the catalogue far into it,
-- oldest or newest first, walked its offset along every id before it (half a
-- million index entries for a random page of a million parts); it now adds
-- these rows up to find the block where the offset falls and walks from that
-- block's first id, at most 1,024 entries, instead. Triggers keep the rows
-- exact in the transaction that adds or deletes a part; a part's id never
-- changes.
-- Parts written by another process while this runs would be missed by the
-- first count below: they wait until the triggers are in place.
LOCK TABLE parts IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE part_blocks (
    block BIGINT NOT NULL PRIMARY KEY,
    parts BIGINT NOT NULL CONSTRAINT part_blocks_parts_check CHECK (parts >= 0)
);

INSERT INTO part_blocks (block, parts)
    SELECT id / 1024, count(*) FROM parts GROUP BY id / 1024;

-- Parts inserted together (an import's batch) are counted once per
-- statement, a row per block, taken in the blocks' order. The trigger runs
-- after the categories' (0032: triggers of one event run in the order of
-- their names), so every writer of parts takes a category's row, then a
-- block's, then its vehicles' (0029).
CREATE FUNCTION part_blocks_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO part_blocks AS b (block, parts)
        SELECT id / 1024, count(*) FROM added GROUP BY id / 1024 ORDER BY id / 1024
        ON CONFLICT (block) DO UPDATE SET parts = b.parts + EXCLUDED.parts;
    RETURN NULL;
END;
$$;

-- A part deleted is counted out before its row and its fitments go, after
-- its category (0032), for the same order.
CREATE FUNCTION part_blocks_take() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE part_blocks SET parts = parts - 1 WHERE block = OLD.id / 1024;
    RETURN OLD;
END;
$$;

CREATE TRIGGER part_blocks_insert AFTER INSERT ON parts
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION part_blocks_add();

CREATE TRIGGER part_blocks_delete BEFORE DELETE ON parts
    FOR EACH ROW EXECUTE FUNCTION part_blocks_take();
