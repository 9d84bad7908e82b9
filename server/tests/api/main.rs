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
mod database_outage;
mod demo;
mod faults;
mod images;
mod limits;
mod oidc;
mod order_changes;
mod order_holds;
mod order_states;
mod orders;
mod part_edits;
mod parts;
mod payments;
mod private_answers;
mod profiles;
mod reviews;
mod security;
mod stock_races;
mod stripe;
mod system;
mod test_cards;
mod users;
mod webhook;
