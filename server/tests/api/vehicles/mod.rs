//! My Garage and the VIN look-up.

mod garage;
mod vin;
