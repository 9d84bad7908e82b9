-- Finding parts (PostgreSQL). Kept in step with ../sqlite/0004_finding_parts.sql:
-- same tables, columns and index names; only the search index differs (a GIN
-- full-text index here, FTS5 there).

-- The shop's part number (stored upper-case, so unique regardless of case),
-- the same with everything but A-Z and 0-9 removed (for searching), the
-- category, and the stock level at or below which the part counts as low.
-- The normalised numbers compare byte by byte ("C"), so a prefix is a range
-- of the b-tree whatever the database's collation.
ALTER TABLE parts ADD COLUMN sku TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN sku_normalised TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN category TEXT NOT NULL DEFAULT 'Other';
ALTER TABLE parts ADD COLUMN reorder_level BIGINT NOT NULL DEFAULT 5
    CONSTRAINT parts_reorder_check CHECK (reorder_level >= 0);

-- Parts already in the shop get a part number made from their id (at least
-- six digits, as the shop makes them).
UPDATE parts SET
    sku = 'PG-' || CASE WHEN id < 1000000 THEN lpad(id::text, 6, '0') ELSE id::text END,
    sku_normalised = 'PG' || CASE WHEN id < 1000000 THEN lpad(id::text, 6, '0') ELSE id::text END;

CREATE UNIQUE INDEX parts_sku_key ON parts (sku);
CREATE INDEX parts_sku_normalised_idx ON parts (sku_normalised);
CREATE INDEX parts_category_idx ON parts (category, id);

-- The manufacturers' (OEM) numbers a part replaces, as entered, in order, and
-- normalised (upper-case A-Z and 0-9 only) so 04465-33450, 0446533450 and
-- "04465 33450" are one number.
CREATE TABLE part_oem_numbers (
    part_id    BIGINT  NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
    position   BIGINT  NOT NULL,
    number     TEXT    NOT NULL,
    normalised TEXT    COLLATE "C" NOT NULL,
    PRIMARY KEY (part_id, position)
);
CREATE INDEX part_oem_numbers_normalised_idx ON part_oem_numbers (normalised, part_id);

-- The vehicles a part fits: make and model as entered, their lower-case keys
-- for the case-insensitive vehicle filter, and the model years (inclusive).
CREATE TABLE part_fitments (
    part_id   BIGINT  NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
    position  BIGINT  NOT NULL,
    make      TEXT    NOT NULL,
    model     TEXT    NOT NULL,
    make_key  TEXT    NOT NULL,
    model_key TEXT    NOT NULL,
    year_from BIGINT  NOT NULL,
    year_to   BIGINT  NOT NULL,
    PRIMARY KEY (part_id, position),
    CONSTRAINT part_fitments_years_check CHECK (year_from <= year_to)
);
CREATE INDEX part_fitments_vehicle_idx ON part_fitments (make_key, model_key, year_from, year_to, part_id);
CREATE INDEX part_fitments_year_idx ON part_fitments (year_from, year_to, part_id);

-- The word index behind `q`: the words (runs of letters and digits, as
-- SQLite's FTS5 splits them) of the name, description and part number of
-- every part, lower-cased, in a GIN index that answers prefix queries
-- (`brak:*`). The column is generated, so it can never fall out of step.
ALTER TABLE parts ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig,
        regexp_replace(name || ' ' || description || ' ' || sku, '[^[:alnum:]]+', ' ', 'g'))
) STORED;
CREATE INDEX parts_search_idx ON parts USING GIN (search);
