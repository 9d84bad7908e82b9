-- How many parts each run of 1,024 ids holds (SQLite; kept in step with
-- ../postgres/0036_part_blocks.sql): block `b` holds the parts whose ids
-- are from b * 1024 to b * 1024 + 1023. A page of the catalogue far into
-- it, oldest or newest first, walked its offset along every id before it
-- (half a million index entries for a random page of a million parts); it
-- now adds these rows up to find the block where the offset falls and walks
-- from that block's first id, at most 1,024 entries, instead. Triggers keep
-- the rows exact in the transaction that adds or deletes a part; a part's id
-- never changes.
CREATE TABLE part_blocks (
    block INTEGER NOT NULL PRIMARY KEY,
    parts INTEGER NOT NULL CHECK (parts >= 0)
);

INSERT INTO part_blocks (block, parts)
    SELECT id / 1024, count(*) FROM parts GROUP BY id / 1024;

CREATE TRIGGER part_blocks_insert AFTER INSERT ON parts BEGIN
    INSERT INTO part_blocks (block, parts) VALUES (new.id / 1024, 1)
        ON CONFLICT (block) DO UPDATE SET parts = parts + 1;
END;

CREATE TRIGGER part_blocks_delete AFTER DELETE ON parts BEGIN
    UPDATE part_blocks SET parts = parts - 1 WHERE block = old.id / 1024;
END;
