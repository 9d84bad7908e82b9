-- The right part the first time (SQLite). Kept in step with
-- ../postgres/0011_right_part.sql: same tables, columns and index names.

-- What narrows a fitment beyond make, model and years, each '' when the
-- fitment does not say (it then fits every engine, trim and position):
-- the engine as entered and its key (lower-case, spaces collapsed) for the
-- case-insensitive engine filter; the trim or submodel; the axle and side
-- it goes on; and a note for the buyer.
ALTER TABLE part_fitments ADD COLUMN engine TEXT NOT NULL DEFAULT '';
ALTER TABLE part_fitments ADD COLUMN engine_key TEXT NOT NULL DEFAULT '';
ALTER TABLE part_fitments ADD COLUMN trim TEXT NOT NULL DEFAULT '';
ALTER TABLE part_fitments ADD COLUMN axle TEXT NOT NULL DEFAULT ''
    CONSTRAINT part_fitments_axle_check CHECK (axle IN ('', 'front', 'rear'));
ALTER TABLE part_fitments ADD COLUMN side TEXT NOT NULL DEFAULT ''
    CONSTRAINT part_fitments_side_check CHECK (side IN ('', 'left', 'right'));
ALTER TABLE part_fitments ADD COLUMN note TEXT NOT NULL DEFAULT '';
-- The vehicle filter with an engine: make, model and engine ('' or the
-- one asked) are looked up, the years and position read from the index.
CREATE INDEX part_fitments_engine_idx
    ON part_fitments (make_key, model_key, engine_key, year_from, year_to, axle, side, part_id);

-- The part numbers a part supersedes (older numbers it replaces), as
-- entered, in order, and normalised like OEM numbers (A-Z and 0-9 only), so
-- a search for an old number finds the part that replaces it.
CREATE TABLE part_replaced_numbers (
    part_id    INTEGER NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    number     TEXT    NOT NULL,
    normalised TEXT    NOT NULL,
    PRIMARY KEY (part_id, position)
);
CREATE INDEX part_replaced_numbers_normalised_idx ON part_replaced_numbers (normalised, part_id);

-- My Garage: a signed-in buyer's vehicles. Optional fields are NULL when
-- not given; the VIN is stored upper-case. vehicle_key says which entries
-- are the same vehicle (the VIN, or without one the year, make, model,
-- engine and trim in lower case), so a vehicle is kept once per account.
-- At most one vehicle of an account is current.
CREATE TABLE garage_vehicles (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,
    nickname    TEXT,
    year        INTEGER NOT NULL,
    make        TEXT    NOT NULL,
    model       TEXT    NOT NULL,
    engine      TEXT,
    trim        TEXT,
    vin         TEXT,
    vehicle_key TEXT    NOT NULL,
    is_current  INTEGER NOT NULL DEFAULT 0
        CONSTRAINT garage_vehicles_current_check CHECK (is_current IN (0, 1)),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    CONSTRAINT garage_vehicles_vehicle_key UNIQUE (user_id, vehicle_key)
);
CREATE INDEX garage_vehicles_user_idx ON garage_vehicles (user_id, id);
CREATE UNIQUE INDEX garage_vehicles_current_key ON garage_vehicles (user_id) WHERE is_current = 1;
