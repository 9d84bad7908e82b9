-- Finding parts (SQLite). Kept in step with ../postgres/0004_finding_parts.sql:
-- same tables, columns and index names; only the search index differs (FTS5 here,
-- a GIN full-text index there).

-- The shop's part number (stored upper-case, so unique regardless of case),
-- the same with everything but A-Z and 0-9 removed (for searching), the
-- category, and the stock level at or below which the part counts as low.
ALTER TABLE parts ADD COLUMN sku TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN sku_normalised TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN category TEXT NOT NULL DEFAULT 'Other';
ALTER TABLE parts ADD COLUMN reorder_level INTEGER NOT NULL DEFAULT 5
    CONSTRAINT parts_reorder_check CHECK (reorder_level >= 0);

-- Parts already in the shop get a part number made from their id.
UPDATE parts SET sku = 'PG-' || printf('%06d', id), sku_normalised = 'PG' || printf('%06d', id);

CREATE UNIQUE INDEX parts_sku_key ON parts (sku);
CREATE INDEX parts_sku_normalised_idx ON parts (sku_normalised);
CREATE INDEX parts_category_idx ON parts (category, id);

-- The manufacturers' (OEM) numbers a part replaces, as entered, in order, and
-- normalised (upper-case A-Z and 0-9 only) so 04465-33450, 0446533450 and
-- "04465 33450" are one number.
CREATE TABLE part_oem_numbers (
    part_id    INTEGER NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    number     TEXT    NOT NULL,
    normalised TEXT    NOT NULL,
    PRIMARY KEY (part_id, position)
);
CREATE INDEX part_oem_numbers_normalised_idx ON part_oem_numbers (normalised, part_id);

-- The vehicles a part fits: make and model as entered, their lower-case keys
-- for the case-insensitive vehicle filter, and the model years (inclusive).
CREATE TABLE part_fitments (
    part_id   INTEGER NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    make      TEXT    NOT NULL,
    model     TEXT    NOT NULL,
    make_key  TEXT    NOT NULL,
    model_key TEXT    NOT NULL,
    year_from INTEGER NOT NULL,
    year_to   INTEGER NOT NULL,
    PRIMARY KEY (part_id, position),
    CONSTRAINT part_fitments_years_check CHECK (year_from <= year_to)
);
CREATE INDEX part_fitments_vehicle_idx ON part_fitments (make_key, model_key, year_from, year_to, part_id);
CREATE INDEX part_fitments_year_idx ON part_fitments (year_from, year_to, part_id);

-- The word index behind `q`: the name, description and part number of every
-- part, kept in step with `parts` by the triggers below (stock changes do not
-- touch it). Case is folded; accents are kept, as on PostgreSQL.
CREATE VIRTUAL TABLE parts_search USING fts5(
    name, description, sku,
    content = 'parts', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);

CREATE TRIGGER parts_search_insert AFTER INSERT ON parts BEGIN
    INSERT INTO parts_search (rowid, name, description, sku)
    VALUES (new.id, new.name, new.description, new.sku);
END;

CREATE TRIGGER parts_search_delete AFTER DELETE ON parts BEGIN
    INSERT INTO parts_search (parts_search, rowid, name, description, sku)
    VALUES ('delete', old.id, old.name, old.description, old.sku);
END;

CREATE TRIGGER parts_search_update AFTER UPDATE OF name, description, sku ON parts BEGIN
    INSERT INTO parts_search (parts_search, rowid, name, description, sku)
    VALUES ('delete', old.id, old.name, old.description, old.sku);
    INSERT INTO parts_search (rowid, name, description, sku)
    VALUES (new.id, new.name, new.description, new.sku);
END;

INSERT INTO parts_search (parts_search) VALUES ('rebuild');
