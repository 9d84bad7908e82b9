-- Search that forgives a misspelt word (SQLite). Kept in step with
-- ../postgres/0013_search_words.sql: same tables and index names; only the
-- trigram index differs (an FTS5 `trigram` table here, pg_trgm there).

-- Every word (letters only, three or more) of the parts' names and
-- descriptions and of the makes and models they fit, lower-cased. The shop
-- adds a part's words in the transaction that writes the part; words of
-- parts since deleted stay (a word is only ever offered as a correction).
CREATE TABLE search_words (
    word TEXT NOT NULL PRIMARY KEY
);

-- The words' trigrams, each word written between spaces so its first and
-- last letters make trigrams of their own (" br", "ke "), as pg_trgm pads
-- them: a misspelt word shares trigrams with the word it was meant to be.
CREATE VIRTUAL TABLE search_words_trigram USING fts5(
    word, content = '', tokenize = 'trigram'
);

CREATE TRIGGER search_words_insert AFTER INSERT ON search_words BEGIN
    INSERT INTO search_words_trigram (rowid, word) VALUES (new.rowid, ' ' || new.word || ' ');
END;

-- The words of the parts already in the shop, read from the word index.
CREATE VIRTUAL TABLE temp.parts_search_terms USING fts5vocab(main, parts_search, 'row');
INSERT OR IGNORE INTO search_words (word)
    SELECT term FROM temp.parts_search_terms
    WHERE length(term) >= 3 AND term NOT GLOB '*[^a-z]*';
DROP TABLE temp.parts_search_terms;
INSERT OR IGNORE INTO search_words (word)
    SELECT make_key FROM part_fitments WHERE length(make_key) >= 3 AND make_key NOT GLOB '*[^a-z]*'
    UNION
    SELECT model_key FROM part_fitments WHERE length(model_key) >= 3 AND model_key NOT GLOB '*[^a-z]*';

-- A word of a search that names a model is looked up by model alone.
CREATE INDEX part_fitments_model_idx ON part_fitments (model_key, make_key);
