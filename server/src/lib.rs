//! Parts Garage: an online shop for car parts. The server stands on floors
//! (docs/floors.md): `core`, which imports no feature; the features, each
//! importing only features below it, through their `mod.rs`; and `app`,
//! which puts them together. `Application::build` (`app::startup`) is how
//! both `main` and the tests start the shop; `app::http` assembles what it
//! serves.

pub mod addresses;
pub mod app;
pub mod audit;
pub mod auth;
pub mod cart;
pub mod catalogue;
pub mod contact;
pub mod core;
pub mod images;
pub mod mail;
pub mod orders;
pub mod payments;
pub mod profiles;
pub mod returns;
pub mod reviews;
pub mod shipping;
pub mod staff;
pub mod users;
pub mod vehicles;

pub use crate::app::http::{app, MAX_JSON_BYTES};
pub use crate::app::startup::Application;
pub use crate::app::state::AppState;
pub use crate::core::config::Config;
pub use crate::core::db::{Backend, Db};
