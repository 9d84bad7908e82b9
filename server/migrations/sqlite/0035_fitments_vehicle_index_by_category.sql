-- The fitments' vehicle index puts the category before the years (SQLite;
-- kept in step with ../postgres/0035_fitments_vehicle_index_by_category.sql).
-- A buyer's vehicle and a category (the path from the garage to a
-- category's parts) read the vehicle's fitments of that category alone: with
-- the years first, the index gave every fitment of the model up to the year
-- asked, and the category was checked on each (50,937 entries for a
-- popular model and year at a million parts, for 1,327 that fit it in one
-- category; now 5,902 entries, the category's up to that year). The
-- other reads of a vehicle's fitments (its category counts, a page of all its
-- parts, a search naming it) read the model's fitments either way.
DROP INDEX part_fitments_vehicle_idx;
CREATE INDEX part_fitments_vehicle_idx
    ON part_fitments (make_key, model_key, category, year_from, year_to, part_id);
