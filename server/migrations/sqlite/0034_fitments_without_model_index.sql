-- The fitments' index by model alone goes (SQLite; kept in step with
-- ../postgres/0034_fitments_without_model_index.sql). A search naming a model
-- finds the model's makes in fitment_vehicles first (0029) and reads the
-- fitments by make and model from part_fitments_vehicle_idx, so no query
-- reads this index any more; every fitment written still wrote an entry in
-- it, three for each part an import adds.
DROP INDEX part_fitments_model_idx;
