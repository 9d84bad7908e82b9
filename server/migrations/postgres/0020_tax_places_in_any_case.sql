-- One tax rate per place, the region in any case (PostgreSQL). Kept in step with
-- ../sqlite/0020_tax_places_in_any_case.sql.
--
-- The shop has always treated "CA" and "ca" as one place, but the database
-- held only (country, region) unique as written, so two admins adding
-- "CA" and "ca" at once could both succeed, and a buyer was charged one
-- of them. The database now holds the rule itself.
--
-- Rates that already share a place in another case are kept, nothing
-- deleted: all but the first (the one the shop has been charging) get
-- their region marked as a duplicate, which no address matches, for an
-- admin to fix or delete.
UPDATE tax_rates
SET region = region || ' (duplicate ' || id || ')'
WHERE id NOT IN (SELECT MIN(id) FROM tax_rates GROUP BY country, lower(region));
CREATE UNIQUE INDEX tax_rates_place_ci_key ON tax_rates (country, lower(region));
