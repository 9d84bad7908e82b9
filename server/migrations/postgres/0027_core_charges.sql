-- Core charges (postgres; kept in step with ../sqlite/0027_core_charges.sql):
-- a part's refundable deposit, kept on the order's lines as ordered, and
-- the return of an old part ("core") that gives it back.

-- What a part's deposit is, in cents; 0: the part carries none.
ALTER TABLE parts ADD COLUMN core_charge_cents BIGINT NOT NULL DEFAULT 0
    CONSTRAINT parts_core_charge_check CHECK (core_charge_cents >= 0);
-- The deposit of one unit of a line, as ordered.
ALTER TABLE booking_lines ADD COLUMN core_charge_cents BIGINT NOT NULL DEFAULT 0;
-- The order's deposits added up: a part of total_cents, never taxed.
ALTER TABLE bookings ADD COLUMN core_charges_cents BIGINT NOT NULL DEFAULT 0;

-- A return's reason may now be "core", and it keeps the deposit it gives
-- back and what the staff took off it.
ALTER TABLE returns DROP CONSTRAINT returns_reason_check;
ALTER TABLE returns ADD CONSTRAINT returns_reason_check
    CHECK (reason IN ('doesNotFit', 'faulty', 'damagedInTransit', 'wrongPartSent', 'noLongerNeeded', 'orderedByMistake', 'core'));
-- The deposits given back, once refunded.
ALTER TABLE returns ADD COLUMN core_cents BIGINT NOT NULL DEFAULT 0;
-- Taken off a core's deposit when it cannot be rebuilt, said on receipt.
ALTER TABLE returns ADD COLUMN deduction_cents BIGINT NOT NULL DEFAULT 0
    CONSTRAINT returns_deduction_check CHECK (deduction_cents >= 0);
