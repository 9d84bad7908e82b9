//! The cart: the parts a buyer means to order, before the checkout places
//! them as one order (docs/decisions.md, D19). A signed-in buyer's cart is
//! kept by the shop, one line per part; a visitor's cart is kept by the
//! browser, priced here on request without writing anything, and joins the
//! account's cart at sign-in. Every price comes from the shop's records: a
//! cart only remembers the price it showed, to point out a change.

pub mod store;

mod lines;
mod pricing;
mod routes;
#[cfg(test)]
mod tests;

pub use lines::{
    read_rows, rows_schema, AddLineRequest, BrowserCart, BrowserLines, Clamped, PartRef,
    SetLineRequest,
};
pub use pricing::{account_cart, parts_of, problem, Cart, CartLine, Item, Priced, Problem};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

/// Most lines a cart holds.
pub const MAX_LINES: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_cart, routes::clear_cart))
        .routes(routes!(routes::add_line))
        .routes(routes!(routes::set_line, routes::remove_line))
        .routes(routes!(routes::merge_cart))
        .routes(routes!(routes::quote_cart))
}
