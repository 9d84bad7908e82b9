//! Orders (bookings): placing one takes the stock of all its lines in the
//! same transaction (docs/decisions.md, D10 and D19); cancelling an unpaid
//! one gives the stock back; an order becomes paid only through a confirmed
//! payment of its total (docs/decisions.md, D4).

mod admin;
pub mod checkout;
pub mod dashboard;
pub mod group;
pub mod holds;
mod messages;
pub mod state;
pub mod store;

mod moves;
mod routes;
mod view;

use moves::refused_now;
pub(crate) use moves::Moved;
pub use moves::PAID_MEANWHILE;
pub(crate) use moves::{log_move, make_move, write_move};
pub(crate) use routes::order_for;
pub use routes::{OrderPlaced, OrderRequest, PayRequest};
pub(crate) use view::{shown, shown_one};
pub use view::{Booking, OrderDelivery, OrderLine};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

pub use holds::{refund_unclaimed, renewed_hold};
pub use state::{transition, Fulfilment, Move, Payment, Transition};
pub use store::{
    add_refunded, find, find_on, lines_of, lock, renew_hold, BookingRow, Bookings, LineRow,
    MoveNotes, REFUND_MARK_HOLDS,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::place_order, routes::list_orders))
        .routes(routes!(
            routes::get_order,
            routes::pay_order,
            routes::cancel_order
        ))
        .routes(routes!(dashboard::dashboard))
        .merge(admin::router())
        .merge(checkout::router())
}
