-- The vehicles the catalogue's parts fit, kept beside the fitments
-- (postgres; kept in step with ../sqlite/0029_fitment_vehicles.sql). `GET
-- /api/vehicle` lists each make and model with its years; read from
-- `part_fitments` it grouped every fitment of every part (three million rows
-- in a catalogue of a million parts), so it is read from here instead: one
-- row per distinct vehicle span as spelled (make, model, years) with the
-- number of fitments naming it, which a trigger keeps exact as fitments are
-- written and deleted (a part deleted takes its fitments with it). A span no
-- fitment names any more is deleted, so the list never offers a vehicle no
-- part fits.
CREATE TABLE fitment_vehicles (
    make_key  TEXT   NOT NULL,
    model_key TEXT   NOT NULL,
    make      TEXT   NOT NULL,
    model     TEXT   NOT NULL,
    year_from BIGINT NOT NULL,
    year_to   BIGINT NOT NULL,
    fitments  BIGINT NOT NULL CONSTRAINT fitment_vehicles_fitments_check CHECK (fitments >= 0),
    PRIMARY KEY (make_key, model_key, make, model, year_from, year_to)
);

-- A search's word naming a model is looked up by model alone.
CREATE INDEX fitment_vehicles_model_idx ON fitment_vehicles (model_key, make_key);

INSERT INTO fitment_vehicles (make_key, model_key, make, model, year_from, year_to, fitments)
    SELECT make_key, model_key, make, model, year_from, year_to, count(*)
    FROM part_fitments
    GROUP BY make_key, model_key, make, model, year_from, year_to;

-- Counting down takes the span's row lock first, so two transactions taking
-- away the last two fitments of a span see 1 and then 0, and the second
-- deletes it; a fitment added meanwhile waits for that delete and then
-- inserts the span again.
CREATE FUNCTION fitment_vehicles_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    left_over BIGINT;
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE fitment_vehicles SET fitments = fitments - 1
            WHERE make_key = OLD.make_key AND model_key = OLD.model_key AND make = OLD.make
              AND model = OLD.model AND year_from = OLD.year_from AND year_to = OLD.year_to
            RETURNING fitments INTO left_over;
        IF left_over = 0 THEN
            DELETE FROM fitment_vehicles
                WHERE make_key = OLD.make_key AND model_key = OLD.model_key AND make = OLD.make
                  AND model = OLD.model AND year_from = OLD.year_from AND year_to = OLD.year_to;
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO fitment_vehicles AS v (make_key, model_key, make, model, year_from, year_to, fitments)
            VALUES (NEW.make_key, NEW.model_key, NEW.make, NEW.model, NEW.year_from, NEW.year_to, 1)
            ON CONFLICT (make_key, model_key, make, model, year_from, year_to)
            DO UPDATE SET fitments = v.fitments + 1;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER fitment_vehicles_follow
    AFTER INSERT OR DELETE OR UPDATE OF make_key, model_key, make, model, year_from, year_to
    ON part_fitments
    FOR EACH ROW EXECUTE FUNCTION fitment_vehicles_follow();
