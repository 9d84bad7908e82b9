-- A cart and a checkout (PostgreSQL). Kept in step with ../sqlite/0010_checkout.sql.
-- An order (booking) now has lines; a booking placed the old way is an order
-- with one line. Money is integer cents, weights integer grams, booleans 0/1.

-- What a part weighs, for delivery prices by weight. 0: not given.
ALTER TABLE parts ADD COLUMN weight_grams BIGINT  NOT NULL DEFAULT 0
    CONSTRAINT parts_weight_check CHECK (weight_grams >= 0);

-- An order's lines as they were ordered: name, number, price and weight are
-- kept, so a later change to the part never changes the order. `position`
-- keeps the buyer's order of the lines; two lines may name one part.
CREATE TABLE booking_lines (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    booking_id       BIGINT  NOT NULL,
    position         BIGINT  NOT NULL,
    part_id          BIGINT  NOT NULL,
    part_name        TEXT    NOT NULL,
    sku              TEXT    NOT NULL DEFAULT '',
    unit_price_cents BIGINT  NOT NULL,
    quantity         BIGINT  NOT NULL CONSTRAINT booking_lines_quantity_check CHECK (quantity > 0),
    price_cents      BIGINT  NOT NULL,
    weight_grams     BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT booking_lines_position_key UNIQUE (booking_id, position)
);
-- Every order so far had one part: that is its one line.
INSERT INTO booking_lines (booking_id, position, part_id, part_name, unit_price_cents, quantity, price_cents)
    SELECT id, 0, part_id, part_name, unit_price_cents, quantity, price_cents FROM bookings;

-- An order's figures: price_cents stays the goods (the sum of the lines);
-- delivery and tax are added, and the card is charged total_cents.
ALTER TABLE bookings ADD COLUMN shipping_cents BIGINT  NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN tax_cents BIGINT  NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN total_cents BIGINT  NOT NULL DEFAULT 0;
UPDATE bookings SET total_cents = price_cents;
-- How the order travels, as chosen: 'pickup' (the trade counter) or a
-- delivery method's id, and its name then; the delivery address as JSON
-- (NULL for pickup).
ALTER TABLE bookings ADD COLUMN delivery_method_id TEXT NOT NULL DEFAULT 'pickup';
ALTER TABLE bookings ADD COLUMN delivery_method TEXT NOT NULL DEFAULT 'Counter pickup';
ALTER TABLE bookings ADD COLUMN delivery_address TEXT;

-- A signed-in buyer's cart: one line per part. seen_price_cents is the price
-- shown when the line was last set, so a price change can be pointed out.
CREATE TABLE cart_lines (
    user_id          BIGINT  NOT NULL,
    part_id          BIGINT  NOT NULL,
    quantity         BIGINT  NOT NULL CONSTRAINT cart_lines_quantity_check CHECK (quantity > 0),
    seen_price_cents BIGINT  NOT NULL,
    added_at         TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    PRIMARY KEY (user_id, part_id)
);

-- A buyer's address book. At most one address per user is the default.
CREATE TABLE addresses (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL,
    line1      TEXT    NOT NULL,
    line2      TEXT    NOT NULL DEFAULT '',
    city       TEXT    NOT NULL,
    region     TEXT    NOT NULL DEFAULT '',
    postcode   TEXT    NOT NULL,
    country    TEXT    NOT NULL,
    phone      TEXT,
    is_default BIGINT  NOT NULL DEFAULT 0 CONSTRAINT addresses_default_check CHECK (is_default IN (0, 1)),
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE INDEX addresses_user_idx ON addresses (user_id, id);

-- Delivery methods the shop offers beside counter pickup (which is built
-- in and free): a price per order plus a price per kilogram, free when the
-- goods come to free_over_cents or more (NULL: never free).
CREATE TABLE shipping_methods (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name            TEXT    NOT NULL,
    description     TEXT    NOT NULL DEFAULT '',
    base_cents      BIGINT  NOT NULL CONSTRAINT shipping_methods_base_check CHECK (base_cents >= 0),
    per_kg_cents    BIGINT  NOT NULL CONSTRAINT shipping_methods_per_kg_check CHECK (per_kg_cents >= 0),
    free_over_cents BIGINT  CONSTRAINT shipping_methods_free_over_check CHECK (free_over_cents > 0),
    active          BIGINT  NOT NULL DEFAULT 1 CONSTRAINT shipping_methods_active_check CHECK (active IN (0, 1)),
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);

-- Tax rates by place: a country (ISO 3166-1 alpha-2), or one region of it.
-- rate_ppm is parts per million of the taxed amount (8.25% = 82500).
CREATE TABLE tax_rates (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    country             TEXT    NOT NULL,
    region              TEXT    NOT NULL DEFAULT '',
    name                TEXT    NOT NULL DEFAULT '',
    rate_ppm            BIGINT  NOT NULL CONSTRAINT tax_rates_rate_check CHECK (rate_ppm BETWEEN 0 AND 1000000),
    applies_to_shipping BIGINT  NOT NULL DEFAULT 1 CONSTRAINT tax_rates_shipping_check CHECK (applies_to_shipping IN (0, 1)),
    created_at          TEXT    NOT NULL,
    updated_at          TEXT    NOT NULL,
    CONSTRAINT tax_rates_place_key UNIQUE (country, region)
);
