-- The word index behind `q`, as a table of its own (postgres only: SQLite's
-- FTS5 table of the same name, `parts_search`, already is one).
--
-- Until now the words were a generated tsvector column on `parts` with a GIN
-- index. The GIN index finds the matching parts, but every match's row of
-- `parts` was then read to check it, to score it (is the word in the name?)
-- and to count it: a word most brake parts have reads tens of thousands of
-- rows from all over the table, 0.7 s a search in a catalogue of a million
-- parts. Here each word a part has is a row (word, part, where the part has
-- it), kept in one b-tree: the parts having a word that starts with `pad` are
-- one range of it, read from the index alone, with what scoring needs.
--
-- The words are the same as before: runs of letters and digits of the name,
-- description and part number, lower-cased, as `to_tsvector('simple')` reads
-- them. `places` says where the part has the word: 1 the name, 2 the
-- description, 4 the part number, added together. Words compare byte by byte
-- (COLLATE "C"), so a prefix is a range of the index.
CREATE FUNCTION parts_search_words(name TEXT, description TEXT, sku TEXT)
    RETURNS TABLE (word TEXT, places SMALLINT)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT found.word, bit_or(found.place)::SMALLINT
    FROM (
        SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
                   regexp_replace(name, '[^[:alnum:]]+', ' ', 'g')))) AS word, 1 AS place
        UNION ALL
        SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
                   regexp_replace(description, '[^[:alnum:]]+', ' ', 'g')))), 2
        UNION ALL
        SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
                   regexp_replace(sku, '[^[:alnum:]]+', ' ', 'g')))), 4
    ) AS found
    GROUP BY found.word
$$;

CREATE TABLE parts_search (
    word    TEXT COLLATE "C" NOT NULL,
    part_id BIGINT   NOT NULL,
    places  SMALLINT NOT NULL CONSTRAINT parts_search_places_check CHECK (places BETWEEN 1 AND 7),
    -- `places` rides along in the key's index, so a search, its score and
    -- its count never read the table's own rows.
    PRIMARY KEY (word, part_id) INCLUDE (places)
);

INSERT INTO parts_search (word, part_id, places)
    SELECT w.word, p.id, w.places
    FROM parts AS p CROSS JOIN LATERAL parts_search_words(p.name, p.description, p.sku) AS w;

-- Kept exact by triggers, in the transaction that writes the part: parts
-- added together (an import's batch) are indexed with one statement; a part
-- whose name, description or part number changes has its old words taken
-- out and its new ones put in; a deleted part takes its words with it. Only
-- the part's own rows are touched, so writers of different parts never wait
-- on each other here.
CREATE FUNCTION parts_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO parts_search (word, part_id, places)
        SELECT w.word, added.id, w.places
        FROM added CROSS JOIN LATERAL parts_search_words(added.name, added.description, added.sku) AS w;
    RETURN NULL;
END;
$$;

CREATE TRIGGER parts_search_insert AFTER INSERT ON parts
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION parts_search_insert();

CREATE FUNCTION parts_search_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM parts_search AS s
        USING removed CROSS JOIN LATERAL parts_search_words(removed.name, removed.description, removed.sku) AS w
        WHERE s.word = w.word AND s.part_id = removed.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER parts_search_delete AFTER DELETE ON parts
    REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION parts_search_delete();

CREATE FUNCTION parts_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM parts_search AS s
        USING parts_search_words(OLD.name, OLD.description, OLD.sku) AS w
        WHERE s.word = w.word AND s.part_id = OLD.id;
    INSERT INTO parts_search (word, part_id, places)
        SELECT w.word, NEW.id, w.places
        FROM parts_search_words(NEW.name, NEW.description, NEW.sku) AS w;
    RETURN NULL;
END;
$$;

-- Only a change of the words: stock and price updates (every order) pass by.
CREATE TRIGGER parts_search_update AFTER UPDATE OF name, description, sku ON parts
    FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name
          OR OLD.description IS DISTINCT FROM NEW.description
          OR OLD.sku IS DISTINCT FROM NEW.sku)
    EXECUTE FUNCTION parts_search_update();

-- The tsvector column and its GIN index are replaced by the table above.
ALTER TABLE parts DROP COLUMN search;
