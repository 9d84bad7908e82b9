-- The vehicles a part fits become words of the word index, in a column of
-- their own (`vehicles`), so that a search naming a vehicle ("2008 corolla
-- thermostat") is answered by the index alone: FTS5 walks the lists of the
-- word and of the vehicle together, where before it checked each part
-- having the word against a list of the vehicle's parts built for the
-- statement (at a million parts, 38,000 parts checked against 11,000 for
-- `thermostat` and a 2008 Corolla). For each fitment, three words: its
-- make, its make and model, and its make, model and each year it fits:
--
--     ǂ<make> ǂ<make>ǂ<model> ǂ<make>ǂ<model>ǂ<year>
--
-- where <make> and <model> are the fitment's keys (trimmed, lower-case) as
-- SQLite's `hex()` writes their UTF-8 bytes, so that any make or model is
-- one token, and `ǂ` (a letter, to the tokenizer, that no word of a part
-- starts with) keeps them out of the lists of the parts' own short starts
-- (`prefix = '1 2 3'`). Searches for a part's own words ask for them in the
-- other three columns (`{name description sku}:`).
--
-- A part's row is written whole, after its fitments: a part and its
-- fitments are written by the shop in one transaction, so the triggers only
-- mark the part (`search_marked_parts`), taking its row out of the index
-- when it had one, and the shop writes the marked parts' rows before the
-- transaction commits, once per part (see
-- `catalogue::search::index_marked_parts`). The table keeps no copy of the
-- text (`content = ''`), so a row is deleted by its id alone
-- (`contentless_delete`), one id at a time: FTS5 reads a list of ids
-- (`rowid IN (...)`) by scanning the whole index.
DROP TRIGGER parts_search_insert;
DROP TRIGGER parts_search_update;
DROP TRIGGER parts_search_delete;
DROP TABLE parts_search;

CREATE VIRTUAL TABLE parts_search USING fts5(
    name, description, sku, vehicles,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 0',
    prefix = '1 2 3'
);

-- The parts whose row of the word index is to be written before their
-- transaction commits; `added` when the part is new, so it has no row yet.
CREATE TABLE search_marked_parts (
    part_id INTEGER PRIMARY KEY,
    added   INTEGER NOT NULL DEFAULT 0
);

-- A part marked takes its row out of the index at once (the first mark of
-- a transaction; the others are ignored).
CREATE TRIGGER search_marked_parts_unindex AFTER INSERT ON search_marked_parts
WHEN new.added = 0 BEGIN
    DELETE FROM parts_search WHERE rowid = new.part_id;
END;

CREATE TRIGGER parts_search_insert AFTER INSERT ON parts BEGIN
    INSERT OR IGNORE INTO search_marked_parts (part_id, added) VALUES (new.id, 1);
END;

CREATE TRIGGER parts_search_update AFTER UPDATE OF name, description, sku ON parts BEGIN
    INSERT OR IGNORE INTO search_marked_parts (part_id) VALUES (new.id);
END;

CREATE TRIGGER parts_search_delete AFTER DELETE ON parts BEGIN
    DELETE FROM parts_search WHERE rowid = old.id;
    DELETE FROM search_marked_parts WHERE part_id = old.id;
END;

CREATE TRIGGER parts_search_fitment_insert AFTER INSERT ON part_fitments BEGIN
    INSERT OR IGNORE INTO search_marked_parts (part_id) VALUES (new.part_id);
END;

CREATE TRIGGER parts_search_fitment_delete AFTER DELETE ON part_fitments BEGIN
    INSERT OR IGNORE INTO search_marked_parts (part_id)
    SELECT old.part_id WHERE EXISTS (SELECT 1 FROM parts WHERE id = old.part_id);
END;

CREATE TRIGGER parts_search_fitment_update AFTER UPDATE OF part_id, make_key, model_key, year_from, year_to ON part_fitments BEGIN
    INSERT OR IGNORE INTO search_marked_parts (part_id) VALUES (old.part_id), (new.part_id);
END;

-- Every part's row, as the shop writes a marked part's.
WITH RECURSIVE spans (part_id, make_key, model_key, year, last) AS (
    SELECT part_id, make_key, model_key, year_from, year_to FROM part_fitments
    UNION ALL
    SELECT part_id, make_key, model_key, year + 1, last FROM spans WHERE year < last
),
words (part_id, word) AS (
    SELECT part_id, 'ǂ' || hex(make_key) FROM spans
    UNION ALL
    SELECT part_id, 'ǂ' || hex(make_key) || 'ǂ' || hex(model_key) FROM spans
    UNION ALL
    SELECT part_id, 'ǂ' || hex(make_key) || 'ǂ' || hex(model_key) || 'ǂ' || year FROM spans
)
INSERT INTO parts_search (rowid, name, description, sku, vehicles)
SELECT p.id, p.name, p.description, p.sku, v.words
FROM parts AS p
LEFT JOIN (SELECT part_id, group_concat(DISTINCT word) AS words FROM words GROUP BY part_id) AS v
    ON v.part_id = p.id;
