//! The catalogue: listing and reading parts for everyone, and adding,
//! editing and deleting them for admins.
//!
//! `bodies` is a part as the API shows and takes it, `fields` the rules of
//! its fields; `routes` reads, adds, edits and deletes one part, `listing`
//! lists them and restocks; `search` finds them, `stock` takes and gives
//! back units for orders, `transfer` exports and imports the CSV file, and
//! `store` holds every other query.

pub mod fields;
pub mod listing;
pub mod search;
pub mod stock;
pub mod store;
pub mod transfer;

pub use fields::{engine_key, ModelYear, PartId, MAX_ENGINE_TEXT, MAX_VEHICLE_TEXT};
pub use search::{count_matching, count_statement, vehicles as fitted_vehicles, Filters};
pub use stock::{
    lock as lock_stock, parts as parts_by_id, per_part as units_per_part, take as take_stock,
    PartInfo,
};
pub use store::{return_stock, Parts};

mod bodies;
mod routes;

use bodies::{new_part, SentFields};
pub use bodies::{Part, PartChanges, PartRequest};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listing::list_parts, routes::create_part))
        .routes(routes!(
            routes::get_part,
            routes::update_part,
            routes::delete_part
        ))
        .routes(routes!(listing::restock_part))
        .routes(routes!(listing::list_categories))
        .routes(routes!(listing::list_vehicles))
        .routes(routes!(transfer::export::export_parts))
        .routes(routes!(transfer::import::import_parts))
        .routes(routes!(transfer::import::list_imports))
        .routes(routes!(transfer::import::get_import))
}
