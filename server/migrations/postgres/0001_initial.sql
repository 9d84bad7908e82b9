-- The shop's tables (PostgreSQL). Kept in step with ../sqlite/0001_initial.sql:
-- same tables, columns and constraint names. Ids never repeat (AUTOINCREMENT),
-- so an old order never points at a newer part. Money is integer cents.

CREATE TABLE users (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email         TEXT    NOT NULL CONSTRAINT users_email_key UNIQUE,
    name          TEXT    NOT NULL,
    password_hash TEXT,
    role          TEXT    NOT NULL DEFAULT 'user' CONSTRAINT users_role_check CHECK (role IN ('user', 'admin')),
    created_at    TEXT    NOT NULL
);

CREATE TABLE parts (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name               TEXT    NOT NULL,
    description        TEXT    NOT NULL,
    img                TEXT    NOT NULL,
    price_cents        BIGINT  NOT NULL CONSTRAINT parts_price_check CHECK (price_cents > 0),
    available_quantity BIGINT  NOT NULL CONSTRAINT parts_stock_check CHECK (available_quantity >= 0),
    minimum_order      BIGINT  NOT NULL CONSTRAINT parts_minimum_check CHECK (minimum_order >= 1),
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL
);

CREATE TABLE reviews (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT,
    name        TEXT    NOT NULL,
    description TEXT    NOT NULL,
    rating      BIGINT  NOT NULL CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
    img         TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);

-- Orders keep the part's name and prices as they were when ordered, so
-- deleting or repricing a part never changes an order.
CREATE TABLE bookings (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    part_id          BIGINT  NOT NULL,
    part_name        TEXT    NOT NULL,
    unit_price_cents BIGINT  NOT NULL,
    quantity         BIGINT  NOT NULL CONSTRAINT bookings_quantity_check CHECK (quantity > 0),
    price_cents      BIGINT  NOT NULL,
    buyer_id         BIGINT  NOT NULL,
    buyer_email      TEXT    NOT NULL,
    buyer_name       TEXT    NOT NULL,
    phone            TEXT,
    status           TEXT    NOT NULL DEFAULT 'unpaid'
                     CONSTRAINT bookings_status_check CHECK (status IN ('unpaid', 'paid', 'shipped', 'cancelled')),
    transaction_id   TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX bookings_buyer_idx ON bookings (buyer_id, id);

CREATE TABLE profiles (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT  NOT NULL CONSTRAINT profiles_user_key UNIQUE,
    education  TEXT    NOT NULL,
    location   TEXT    NOT NULL,
    city       TEXT    NOT NULL,
    phone      TEXT    NOT NULL,
    linkedin   TEXT    NOT NULL,
    img        TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

-- Uploaded images, re-encoded, named by the hash of their bytes.
CREATE TABLE images (
    name         TEXT    PRIMARY KEY,
    content_type TEXT    NOT NULL,
    bytes        BYTEA    NOT NULL,
    created_at   TEXT    NOT NULL
);

-- Card payments as the payment provider reports them. An order becomes paid
-- only through a succeeded payment of its own amount.
CREATE TABLE payments (
    id            TEXT    PRIMARY KEY,
    booking_id    BIGINT  NOT NULL,
    client_secret TEXT    NOT NULL CONSTRAINT payments_secret_key UNIQUE,
    amount_cents  BIGINT  NOT NULL,
    currency      TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX payments_booking_idx ON payments (booking_id);

-- Facts about the database itself (such as whether demo data was loaded).
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
