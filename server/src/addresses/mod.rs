//! A buyer's address book: the places orders can be delivered to. Each
//! buyer sees and changes only their own addresses (anyone else's is 404).
//! While a buyer has any address, exactly one of them is the default: the
//! first one saved, or the one last marked so; deleting it passes the mark
//! to the newest address left. An order keeps its own copy of the address,
//! so changing or deleting one never changes an order.
//!
//! `postal` owns what every postal address of the shop has (the trade
//! counter's too): its limits, the country code and the one-line form;
//! `bodies` what the API takes and answers, `routes` the handlers and
//! `store` every query.

pub mod bodies;
pub mod postal;
mod routes;
pub mod store;

pub use bodies::{Address, AddressRequest};
pub use postal::{CountryCode, PostalAddress, NAME_TEXT, POSTCODE_TEXT};
pub use store::{find_for_user, list_for_user, AddressRow};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

/// Most addresses one address book holds.
pub const MAX_ADDRESSES: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_addresses, routes::create_address))
        .routes(routes!(routes::update_address, routes::delete_address))
}
