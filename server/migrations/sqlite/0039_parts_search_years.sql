-- The model years a part fits become words of the word index's `vehicles`
-- column on their own and with the make (sqlite only), beside the make, the
-- make and model, and the make, model and year (0038):
--
--     ǂ<make>ǂǂ<year> ǂǂ<year>
--
-- A search naming a year without a model ("2008 thermostat", "2008 toyota
-- thermostat") checked each part having the word against a list of the
-- fitments fitting the year, built for the statement: at a million parts
-- the 38,000 parts of `thermostat` against the 300,000 or so fitting 2008,
-- some 220 ms for the page and as much for the count. With these words
-- FTS5 walks the word's list and the year's together, as for a model.
--
-- FTS5 writes a row whole, so the table is made again and every part's row
-- written as the shop writes a marked part's (see
-- `catalogue::search::index_marked_parts`). The triggers marking parts and
-- deleting rows (0038) name the table and go on working on the new one. A
-- part marked by a change made by hand in SQL, and not yet written, is
-- written here from what it is now: its mark is cleared with the others, or
-- the shop would write its row a second time.
DROP TABLE parts_search;

CREATE VIRTUAL TABLE parts_search USING fts5(
    name, description, sku, vehicles,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 0',
    prefix = '1 2 3'
);

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
    UNION ALL
    SELECT part_id, 'ǂ' || hex(make_key) || 'ǂǂ' || year FROM spans
    UNION ALL
    SELECT part_id, 'ǂǂ' || year FROM spans
)
INSERT INTO parts_search (rowid, name, description, sku, vehicles)
SELECT p.id, p.name, p.description, p.sku, v.words
FROM parts AS p
LEFT JOIN (SELECT part_id, group_concat(DISTINCT word) AS words FROM words GROUP BY part_id) AS v
    ON v.part_id = p.id;

DELETE FROM search_marked_parts;
