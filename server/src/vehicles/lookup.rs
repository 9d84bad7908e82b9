//! The VIN look-up: what a VIN says about its vehicle, the vehicle as the
//! catalogue names it, and how many parts fit it.

use axum::extract::{Path, State};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::*;
use crate::app::state::AppState;
use crate::catalogue::{self, Filters};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use vin::NotDecoded;

/// A vehicle as the catalogue names it: the make and model its fitments
/// spell, ready for `GET /api/part?make=&model=&year=`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueVehicle {
    #[schema(example = "BMW")]
    pub make: String,
    #[schema(example = "3 Series")]
    pub model: String,
    #[schema(example = 2014)]
    pub year: i64,
}

/// What a VIN says about its vehicle, and how many catalogue parts fit it.
/// Fields the vehicle data does not give are null.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VinVehicle {
    /// The VIN, upper-case.
    #[schema(example = "2T1BURHE0EC123456")]
    pub vin: String,
    #[schema(example = 2014)]
    pub year: i64,
    #[schema(example = "Toyota")]
    pub make: String,
    #[schema(example = "Corolla")]
    pub model: String,
    /// The maker's series or chassis code (`3-Series` for a BMW 328i).
    #[schema(example = "ZRE172L")]
    pub series: Option<String>,
    #[schema(example = "L/LE")]
    pub trim: Option<String>,
    /// The engine as the shop writes engines in fitments (`1.8L L4`,
    /// `3.5L V6`, `2.0L 4-cyl` when the layout is not known).
    #[schema(example = "1.8L L4")]
    pub engine: Option<String>,
    /// The maker's engine code.
    #[schema(example = "2ZR-FE")]
    pub engine_code: Option<String>,
    #[schema(example = 1.8)]
    pub displacement_l: Option<f64>,
    #[schema(example = 4)]
    pub cylinders: Option<i64>,
    #[schema(example = "Gasoline")]
    pub fuel: Option<String>,
    #[schema(example = "Sedan/Saloon")]
    pub body: Option<String>,
    #[schema(example = "4x2")]
    pub drive: Option<String>,
    #[schema(example = "Automatic")]
    pub transmission: Option<String>,
    /// Whether the check digit (position 9) was checked: for VINs made for
    /// North America (first character 1 to 5) only.
    pub check_digit_checked: bool,
    /// The vehicle as the catalogue's fitments name it (make and model
    /// compared in any case and without spaces or punctuation; the series
    /// stands in for a model the catalogue does not list, so a BMW 328i is
    /// a 3 Series); null when no part lists this make and model.
    pub catalogue_vehicle: Option<CatalogueVehicle>,
    /// How many parts fit `catalogueVehicle` in this year (with the
    /// decoded engine, as `GET /api/part?...&engine=` counts them); 0 when
    /// `catalogueVehicle` is null.
    #[schema(example = 7)]
    pub fitting_parts: i64,
}

/// Decodes a VIN with the vehicle data the shop is built with (no outside
/// service): year, make, model and, where the data has them, engine, trim,
/// body and drive; and counts the catalogue's parts that fit it. Every VIN
/// is checked for its length and characters, and one made for North
/// America (first character 1-5) for its check digit (docs/decisions.md, D24).
#[utoipa::path(get, path = "/api/vin/{vin}", tag = "vehicles",
    params(("vin" = String, Path,
        pattern = r"^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*[A-HJ-NPR-Za-hj-npr-z0-9]{17}[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$",
        description = "17 letters and digits, any case, never I, O or Q; spaces around it are dropped")),
    responses(
        (status = 200, body = VinVehicle),
        (status = 400, body = ErrorBody, description = "Not a VIN: the message says why (length, a character, the check digit)"),
        (status = 404, body = ErrorBody, description = "A valid VIN the vehicle data cannot decode"),
        (status = 503, body = ErrorBody, description = "The shop's vehicle data is missing")))]
pub(super) async fn lookup_vin(
    State(state): State<AppState>,
    Path(typed): Path<String>,
) -> ApiResult<Json<VinVehicle>> {
    let vin = vin::check(&typed).map_err(|problem| ApiError::field("vin", problem.message()))?;
    let decoded = match vin::decode(&vin) {
        Ok(decoded) => decoded,
        Err(NotDecoded::Unknown(message)) => return Err(ApiError::NotFound(message)),
        Err(NotDecoded::Unavailable(cause)) => {
            tracing::error!(%cause, "the VIN decoder's tables cannot be opened (SHOP_VIN_DATA_DIR)");
            return Err(ApiError::Unavailable(
                "VIN lookup is not available right now: choose the vehicle by year, make and model"
                    .into(),
            ));
        }
    };
    let catalogue_vehicle = catalogue_vehicle(&state, &decoded).await?;
    let fitting_parts = match &catalogue_vehicle {
        Some(vehicle) => {
            let filters = Filters {
                make: Some(vehicle.make.clone()),
                model: Some(vehicle.model.clone()),
                year: Some(vehicle.year),
                engine: decoded.engine.as_deref().map(catalogue::engine_key),
                ..Filters::default()
            };
            catalogue::count_matching(&state.db, &filters).await?
        }
        None => 0,
    };
    Ok(Json(VinVehicle {
        check_digit_checked: vin::uses_check_digit(&vin),
        vin,
        year: decoded.year,
        make: decoded.make,
        model: decoded.model,
        series: decoded.series,
        trim: decoded.trim,
        engine: decoded.engine,
        engine_code: decoded.engine_code,
        displacement_l: decoded.displacement_l,
        cylinders: decoded.cylinders,
        fuel: decoded.fuel,
        body: decoded.body,
        drive: decoded.drive,
        transmission: decoded.transmission,
        catalogue_vehicle,
        fitting_parts,
    }))
}

/// A make or model as a VIN and the catalogue are matched: lower-case
/// letters and digits only (`F-150` is `F150`, `3-Series` is `3 Series`).
pub(super) fn loose_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The decoded vehicle as the catalogue's fitments spell it, if any part
/// lists its make and its model (or, failing that, its series).
pub(super) async fn catalogue_vehicle(
    state: &AppState,
    decoded: &vin::Decoded,
) -> ApiResult<Option<CatalogueVehicle>> {
    let makes = catalogue::fitted_vehicles(&state.db).await?;
    let make_key = loose_key(&decoded.make);
    let Some((make, models)) = makes.into_iter().find(|(m, _)| loose_key(m) == make_key) else {
        return Ok(None);
    };
    let names = std::iter::once(decoded.model.as_str()).chain(decoded.series.as_deref());
    for name in names {
        let key = loose_key(name);
        if let Some(found) = models.iter().find(|m| loose_key(&m.model) == key) {
            return Ok(Some(CatalogueVehicle {
                make,
                model: found.model.clone(),
                year: decoded.year,
            }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::loose_key;

    #[test]
    fn makes_and_models_match_without_punctuation() {
        assert_eq!(loose_key("F-150"), loose_key("f150"));
        assert_eq!(loose_key("3-Series"), loose_key("3 Series"));
        assert_ne!(loose_key("328i"), loose_key("3 Series"));
    }
}
