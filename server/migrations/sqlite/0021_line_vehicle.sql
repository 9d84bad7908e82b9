-- The vehicle a buyer had chosen when ordering, kept on each order line
-- (sqlite; kept in step with ../postgres/0021_line_vehicle.sql).
-- It says what the buyer meant the part for ("2014 Toyota Corolla 1.8L
-- L4"), for the staff and for a return of a part that did not fit; null
-- when no vehicle was chosen, and on every line ordered before.
ALTER TABLE booking_lines ADD COLUMN vehicle TEXT;
