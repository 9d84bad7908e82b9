//! The ground floor: what every feature stands on and that stands on no
//! feature. The database and its dialects, errors and how they are
//! answered, the configuration, who a client is, content negotiation and
//! the split of the API from the web app, answers sent without a copy,
//! the connection caps, the security headers, the catalogue cache, reading
//! requests (`input`), money, the limits on attempts, the shop's signed
//! tokens, and the settings an admin keeps (`settings`). Nothing here imports a feature or the app; the one tie upward is
//! `AppState`, which extractors (`client::ClientIp`) are given by axum.

pub mod answers;
pub mod cache;
pub mod caller;
pub mod client;
pub mod config;
pub mod connections;
pub mod db;
pub mod error;
pub mod headers;
pub mod input;
pub mod limits;
pub mod metrics;
pub mod money;
pub mod negotiation;
pub mod request_id;
pub mod schema;
pub mod settings;
pub mod tokens;
pub mod zero_copy;
