-- Statistics that tell PostgreSQL a model names its make (PostgreSQL only:
-- SQLite plans without statistics).
--
-- A search naming a vehicle (`2015 corolla pads`) reads the vehicle's
-- fitments at its spans (D59). PostgreSQL estimated them by multiplying the
-- share of fitments of the make by the share of the model, as if any make
-- could have any model: 501 of the 11,247 a Corolla in 2008 has at a
-- million parts. Expecting so few, it probed the word index once for each
-- fitting part rather than hash them, which took about twice as long.
-- Knowing that the model decides the make, it expects 3,034 and hashes them.
CREATE STATISTICS part_fitments_model_make (dependencies) ON make_key, model_key FROM part_fitments;
ANALYZE part_fitments;
