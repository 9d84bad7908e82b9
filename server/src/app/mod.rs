//! The top floor: what puts the shop together and runs it. The state every
//! handler is given (`state`), the routes and layers (`http`), starting and
//! stopping (`startup`), the OpenAPI document's touches (`openapi`), the web
//! app's files and pages (`web`), the system routes (`system`), the
//! Prometheus scrape (`metrics`), demo data (`demo`) and `shop backup` and
//! `shop restore` (`backup`). It may use every feature; no
//! feature uses it but for `AppState`.

pub mod backup;
pub mod demo;
pub mod http;
pub mod metrics;
pub mod openapi;
pub mod startup;
pub mod state;
pub mod system;
pub mod web;
