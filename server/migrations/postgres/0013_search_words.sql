-- Search that forgives a misspelt word (PostgreSQL). Kept in step with
-- ../sqlite/0013_search_words.sql: same tables and index names; only the
-- trigram index differs (pg_trgm here, an FTS5 `trigram` table there).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Every word (letters only, three or more) of the parts' names and
-- descriptions and of the makes and models they fit, lower-cased. The shop
-- adds a part's words in the transaction that writes the part; words of
-- parts since deleted stay (a word is only ever offered as a correction).
CREATE TABLE search_words (
    word TEXT NOT NULL PRIMARY KEY
);

-- The words' trigrams: a misspelt word shares trigrams with the word it was
-- meant to be (`%`), and a word's first letters find it (`LIKE 'br%'`).
-- New words are few once a catalogue is in: each goes straight into the
-- index rather than into a pending list that every lookup would read.
CREATE INDEX search_words_trigram ON search_words USING GIN (word gin_trgm_ops)
    WITH (fastupdate = off);

-- The words of the parts already in the shop.
INSERT INTO search_words (word)
    SELECT w FROM parts, unnest(tsvector_to_array(search)) AS w
    WHERE w ~ '^[a-z]{3,}$'
    UNION
    SELECT make_key FROM part_fitments WHERE make_key ~ '^[a-z]{3,}$'
    UNION
    SELECT model_key FROM part_fitments WHERE model_key ~ '^[a-z]{3,}$'
ON CONFLICT DO NOTHING;

-- A word of a search that names a model is looked up by model alone.
CREATE INDEX part_fitments_model_idx ON part_fitments (model_key, make_key);
