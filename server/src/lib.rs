//! Parts Garage: an online shop for car parts. `Application::build` is how
//! both `main` and the tests start the shop (see `startup`); `http` assembles
//! what it serves.

pub mod addresses;
pub mod audit;
pub mod auth;
pub mod backup;
pub mod cart;
pub mod catalogue;
pub mod core;
pub mod demo;
pub mod http;
pub mod images;
pub mod mail;
pub mod openapi;
pub mod orders;
pub mod payments;
pub mod profiles;
pub mod reviews;
pub mod shipping;
pub mod startup;
pub mod state;
pub mod system;
pub mod users;
pub mod vehicles;
pub mod web;

pub use crate::core::config::Config;
pub use crate::core::db::{Backend, Db};
pub use http::{app, MAX_JSON_BYTES};
pub use startup::Application;
pub use state::AppState;
