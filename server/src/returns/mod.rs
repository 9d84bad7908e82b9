//! Returns (RMAs): a buyer asks to send lines of a delivered or collected
//! order back within the shop's return window; the staff approve (with how
//! to send it back) or reject it, receive it (resalable units go back on the
//! shelf, once) and refund it through the card provider the order was paid
//! with, in part: the goods, their share of tax, the delivery when the
//! seller was at fault, less the restocking fee (`refund`). Each move is one
//! transaction with its audit record and the buyer's mail.
//! (docs/decisions.md, D40; docs/api.md, "Returns")

mod bodies;
mod reasons;
pub mod refund;
mod routes;
mod store;

pub use bodies::{ReturnPolicy, ReturnView};
pub use routes::number;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_policy))
        .routes(routes!(routes::set_policy))
        .routes(routes!(routes::request_return))
        .routes(routes!(routes::list_returns))
        .routes(routes!(routes::list_all_returns))
        .routes(routes!(routes::get_return))
        .routes(routes!(routes::approve_one))
        .routes(routes!(routes::reject_one))
        .routes(routes!(routes::receive_one))
        .routes(routes!(routes::refund_one))
        .routes(routes!(routes::close_one))
        .routes(routes!(routes::return_figures))
        .routes(routes!(routes::link_exchange))
}
