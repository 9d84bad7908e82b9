//! My Garage: the vehicles a signed-in buyer keeps on the account, at most
//! `MAX_VEHICLES`, one of them current. The vehicle the browser remembered
//! while signed out joins at sign-in (`POST /api/garage/merge`); a vehicle
//! is kept once, however often it is merged (docs/decisions.md, D25).
//! Another account's vehicle is "not found".

//!
//! Here: the vehicle as the API takes and shows it; `routes` the handlers,
//! `store` every query and the one transaction that adds, merges or edits.

mod routes;
mod store;

use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::vin;
use crate::app::state::AppState;
use crate::catalogue::{engine_key, ModelYear, MAX_ENGINE_TEXT, MAX_VEHICLE_TEXT};
use crate::core::input::rules::{nullable, OptionalText, Rule, Text, WHITESPACE};
use crate::core::input::Form;
use crate::request;
use store::VehicleRow;

/// Most vehicles one account keeps.
pub const MAX_VEHICLES: i64 = 20;
/// Longest nickname.
pub const MAX_NICKNAME: usize = 60;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_vehicles, routes::add_vehicle))
        .routes(routes!(routes::merge_vehicle))
        .routes(routes!(routes::edit_vehicle, routes::delete_vehicle))
        .routes(routes!(routes::make_current))
}

/// A vehicle in the garage. Fields not given are null.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GarageVehicle {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(example = "Ann's car")]
    pub nickname: Option<String>,
    #[schema(example = 2014)]
    pub year: i64,
    #[schema(example = "Toyota")]
    pub make: String,
    #[schema(example = "Corolla")]
    pub model: String,
    #[schema(example = "1.8L L4")]
    pub engine: Option<String>,
    #[schema(example = "LE")]
    pub trim: Option<String>,
    /// Upper-case.
    #[schema(example = "2T1BURHE0EC123456")]
    pub vin: Option<String>,
    /// Whether this is the vehicle the buyer is shopping for now; at most
    /// one vehicle of the garage is.
    pub current: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl From<VehicleRow> for GarageVehicle {
    fn from(row: VehicleRow) -> Self {
        GarageVehicle {
            id: row.id.to_string(),
            nickname: row.nickname,
            year: row.year,
            make: row.make,
            model: row.model,
            engine: row.engine,
            trim: row.trim,
            vin: row.vin,
            current: row.is_current == 1,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A VIN that may be left out (blank counts as left out); checked as
/// `GET /api/vin/{vin}` checks one, and kept upper-case.
pub struct OptionalVin;

impl Rule for OptionalVin {
    type Out = Option<String>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<String> {
        let typed = form.optional_text(name, label, vin::VIN_LENGTH * 4)?;
        match vin::check(&typed) {
            Ok(vin) => Some(vin),
            Err(problem) => {
                form.fail(name, problem.message());
                None
            }
        }
    }
    fn schema() -> Value {
        nullable(json!({
            "type": "string",
            "pattern": format!(
                "^[{WHITESPACE}]*([A-HJ-NPR-Za-hj-npr-z0-9]{{17}}[{WHITESPACE}]*)?$"
            ),
            "description": "A North American VIN (first character 1-5) must also have a valid check digit in position 9",
        }))
    }
}

request! {
    /// A vehicle for the garage: year, make and model, and optionally a
    /// nickname, the engine (written as fitments write engines), the trim
    /// and the VIN.
    pub struct VehicleRequest {
        nickname: OptionalText<MAX_NICKNAME> = "nickname", "Nickname", example = "Ann's car";
        year: ModelYear = "year", "Year", example = 2014;
        make: Text<MAX_VEHICLE_TEXT> = "make", "Make", example = "Toyota";
        model: Text<MAX_VEHICLE_TEXT> = "model", "Model", example = "Corolla";
        engine: OptionalText<MAX_ENGINE_TEXT> = "engine", "Engine", example = "1.8L L4";
        trim: OptionalText<MAX_VEHICLE_TEXT> = "trim", "Trim", example = "LE";
        vin: OptionalVin = "vin", "VIN", example = "2T1BURHE0EC123456";
    }
}

/// A vehicle as it is stored: text trimmed, spaces in the engine collapsed.
struct Vehicle {
    nickname: Option<String>,
    year: i64,
    make: String,
    model: String,
    engine: Option<String>,
    trim: Option<String>,
    vin: Option<String>,
}

impl From<VehicleRequest> for Vehicle {
    fn from(sent: VehicleRequest) -> Self {
        let trimmed = |text: Option<String>| text.map(|t| t.trim().to_owned());
        Vehicle {
            nickname: trimmed(sent.nickname),
            year: sent.year,
            make: sent.make.trim().to_owned(),
            model: sent.model.trim().to_owned(),
            engine: sent
                .engine
                .map(|e| e.split_whitespace().collect::<Vec<_>>().join(" ")),
            trim: trimmed(sent.trim),
            vin: sent.vin,
        }
    }
}

impl Vehicle {
    /// Which vehicle this is: its VIN, or without one its year, make,
    /// model, engine and trim in any case (D25).
    fn key(&self) -> String {
        if let Some(vin) = &self.vin {
            return format!("vin:{vin}");
        }
        let key = |text: &str| engine_key(text);
        format!(
            "{}|{}|{}|{}|{}",
            self.year,
            key(&self.make),
            key(&self.model),
            key(self.engine.as_deref().unwrap_or("")),
            key(self.trim.as_deref().unwrap_or(""))
        )
    }
}
