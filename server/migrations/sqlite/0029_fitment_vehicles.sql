-- The vehicles the catalogue's parts fit, kept beside the fitments (SQLite;
-- kept in step with ../postgres/0029_fitment_vehicles.sql). `GET
-- /api/vehicle` lists each make and model with its years; read from
-- `part_fitments` it grouped every fitment of every part (three million rows
-- in a catalogue of a million parts), so it is read from here instead: one
-- row per distinct vehicle span as spelled (make, model, years) with the
-- number of fitments naming it, which triggers keep exact as fitments are
-- written and deleted (a part deleted takes its fitments with it). A span no
-- fitment names any more is deleted, so the list never offers a vehicle no
-- part fits.
CREATE TABLE fitment_vehicles (
    make_key  TEXT    NOT NULL,
    model_key TEXT    NOT NULL,
    make      TEXT    NOT NULL,
    model     TEXT    NOT NULL,
    year_from INTEGER NOT NULL,
    year_to   INTEGER NOT NULL,
    fitments  INTEGER NOT NULL CONSTRAINT fitment_vehicles_fitments_check CHECK (fitments > 0),
    PRIMARY KEY (make_key, model_key, make, model, year_from, year_to)
) WITHOUT ROWID;

-- A search's word naming a model is looked up by model alone.
CREATE INDEX fitment_vehicles_model_idx ON fitment_vehicles (model_key, make_key);

INSERT INTO fitment_vehicles (make_key, model_key, make, model, year_from, year_to, fitments)
    SELECT make_key, model_key, make, model, year_from, year_to, count(*)
    FROM part_fitments
    GROUP BY make_key, model_key, make, model, year_from, year_to;

CREATE TRIGGER fitment_vehicles_insert AFTER INSERT ON part_fitments BEGIN
    INSERT INTO fitment_vehicles (make_key, model_key, make, model, year_from, year_to, fitments)
        VALUES (new.make_key, new.model_key, new.make, new.model, new.year_from, new.year_to, 1)
        ON CONFLICT (make_key, model_key, make, model, year_from, year_to)
        DO UPDATE SET fitments = fitments + 1;
END;

-- The last fitment of a span deletes it; any other counts it down.
CREATE TRIGGER fitment_vehicles_delete AFTER DELETE ON part_fitments BEGIN
    DELETE FROM fitment_vehicles
        WHERE make_key = old.make_key AND model_key = old.model_key AND make = old.make
          AND model = old.model AND year_from = old.year_from AND year_to = old.year_to
          AND fitments = 1;
    UPDATE fitment_vehicles SET fitments = fitments - 1
        WHERE make_key = old.make_key AND model_key = old.model_key AND make = old.make
          AND model = old.model AND year_from = old.year_from AND year_to = old.year_to;
END;

-- The shop replaces a part's fitments rather than changing them, but a
-- change made by hand counts too: the old span down, the new one up.
CREATE TRIGGER fitment_vehicles_update
AFTER UPDATE OF make_key, model_key, make, model, year_from, year_to ON part_fitments BEGIN
    DELETE FROM fitment_vehicles
        WHERE make_key = old.make_key AND model_key = old.model_key AND make = old.make
          AND model = old.model AND year_from = old.year_from AND year_to = old.year_to
          AND fitments = 1;
    UPDATE fitment_vehicles SET fitments = fitments - 1
        WHERE make_key = old.make_key AND model_key = old.model_key AND make = old.make
          AND model = old.model AND year_from = old.year_from AND year_to = old.year_to;
    INSERT INTO fitment_vehicles (make_key, model_key, make, model, year_from, year_to, fitments)
        VALUES (new.make_key, new.model_key, new.make, new.model, new.year_from, new.year_to, 1)
        ON CONFLICT (make_key, model_key, make, model, year_from, year_to)
        DO UPDATE SET fitments = fitments + 1;
END;
