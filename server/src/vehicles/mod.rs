//! The buyer's vehicle: decoding a VIN (`GET /api/vin/{vin}`) and My Garage,
//! the vehicles a signed-in buyer keeps on the account (`/api/garage`).

pub mod garage;
pub mod vin;

mod lookup;

pub use lookup::{CatalogueVehicle, VinVehicle};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lookup::lookup_vin))
        .merge(garage::router())
}
