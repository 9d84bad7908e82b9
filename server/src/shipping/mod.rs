//! How orders travel and what they are taxed: the delivery methods an admin
//! offers beside pickup at the trade counter (`methods`), the counter itself
//! (`counter`), the tax rates by place (`tax`), and the pricing that puts
//! them together (`pricing`). Delivery methods and tax rates are both lists
//! an admin keeps, written the one way `listed` gives; handlers are in
//! `routes`, every query in `store`. A new shop has no delivery methods and
//! no tax rates: orders are picked up and untaxed until an admin sets them.

pub mod counter;
pub mod fields;
mod listed;
pub mod methods;
pub mod pricing;
mod routes;
pub mod store;
pub mod tax;

pub use counter::Counter;
pub use methods::ShippingMethod;
pub use pricing::{options, quote, round_half_up, DeliveryOption, MethodChoice, Quote, Tariffs};
pub use store::{counter_on, insert_method, save_counter};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::public_methods))
        .routes(routes!(routes::list_methods, routes::create_method))
        .routes(routes!(routes::update_method, routes::delete_method))
        .routes(routes!(routes::set_counter))
        .routes(routes!(routes::list_rates, routes::create_rate))
        .routes(routes!(routes::update_rate, routes::delete_rate))
}
