//! Integration tests: the real shop over HTTP, one module per feature.

mod helpers;

mod attacks;
mod auth;
mod backup;
mod bad_fields;
mod bad_input;
mod catalogue;
mod catalogue_cache;
mod catalogue_search;
mod client_addresses;
mod connections;
mod database_outage;
mod demo;
mod faults;
mod images;
mod limits;
mod log_forging;
mod oidc;
mod order_changes;
mod order_states;
mod orders;
mod parts;
mod payments;
mod profiles;
mod reviews;
mod security;
mod startup;
mod stock_races;
mod stripe;
mod system;
mod test_cards;
mod users;
mod webhook;
