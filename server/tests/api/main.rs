//! Integration tests: the real shop over HTTP, one module per feature.

mod helpers;

mod auth;
mod stock_races;
