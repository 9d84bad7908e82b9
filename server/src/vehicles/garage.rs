//! My Garage: the vehicles a signed-in buyer keeps on the account, at most
//! `MAX_VEHICLES`, one of them current. The vehicle the browser remembered
//! while signed out joins at sign-in (`POST /api/garage/merge`); a vehicle
//! is kept once, however often it is merged (docs/decisions.md, D25).
//! Another account's vehicle is "not found".

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Expr, Iden, Order, Query};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::Any;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::vin;
use crate::app::state::AppState;
use crate::catalogue::{engine_key, ModelYear, MAX_ENGINE_TEXT, MAX_VEHICLE_TEXT};
use crate::core::answers::DeletedCount;
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Backend, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{nullable, OptionalText, Rule, Text, WHITESPACE};
use crate::core::input::{parse_id, Body, Form};
use crate::request;
use crate::users;

/// Most vehicles one account keeps.
pub const MAX_VEHICLES: i64 = 20;
/// Longest nickname.
pub const MAX_NICKNAME: usize = 60;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_vehicles, add_vehicle))
        .routes(routes!(merge_vehicle))
        .routes(routes!(edit_vehicle, delete_vehicle))
        .routes(routes!(make_current))
}

#[derive(Iden)]
enum GarageVehicles {
    Table,
    Id,
    UserId,
    Nickname,
    Year,
    Make,
    Model,
    Engine,
    Trim,
    Vin,
    VehicleKey,
    IsCurrent,
    CreatedAt,
    UpdatedAt,
}

const COLUMNS: [GarageVehicles; 12] = [
    GarageVehicles::Id,
    GarageVehicles::UserId,
    GarageVehicles::Nickname,
    GarageVehicles::Year,
    GarageVehicles::Make,
    GarageVehicles::Model,
    GarageVehicles::Engine,
    GarageVehicles::Trim,
    GarageVehicles::Vin,
    GarageVehicles::IsCurrent,
    GarageVehicles::CreatedAt,
    GarageVehicles::UpdatedAt,
];

#[derive(sqlx::FromRow)]
struct VehicleRow {
    id: i64,
    #[allow(dead_code)]
    user_id: i64,
    nickname: Option<String>,
    year: i64,
    make: String,
    model: String,
    engine: Option<String>,
    trim: Option<String>,
    vin: Option<String>,
    is_current: i64,
    created_at: String,
    updated_at: String,
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

/// The signed-in buyer's vehicles, oldest first.
#[utoipa::path(get, path = "/api/garage", tag = "vehicles", security(("bearer" = [])),
    responses((status = 200, body = Vec<GarageVehicle>), (status = 401, body = ErrorBody)))]
async fn list_vehicles(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Vec<GarageVehicle>>> {
    let rows: Vec<VehicleRow> = state
        .db
        .fetch_all(
            &select(user.id)
                .order_by(GarageVehicles::Id, Order::Asc)
                .to_owned(),
        )
        .await?;
    Ok(Json(rows.into_iter().map(Into::into).collect()))
}

/// Adds a vehicle to the garage; the first one becomes current.
#[utoipa::path(post, path = "/api/garage", tag = "vehicles", security(("bearer" = [])),
    request_body = VehicleRequest,
    responses(
        (status = 201, body = GarageVehicle),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The vehicle is in the garage already, or the garage is full")))]
async fn add_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<VehicleRequest>,
) -> ApiResult<(StatusCode, Json<GarageVehicle>)> {
    let vehicle = Vehicle::from(sent);
    match save(&state.db, user.id, &vehicle, Saving::Add).await? {
        Saved::Added(row) => Ok((StatusCode::CREATED, Json(row.into()))),
        Saved::Kept(_) => Err(already_there()),
        Saved::Full => Err(full()),
        Saved::NotFound => Err(not_found()),
    }
}

/// Brings the vehicle the browser remembered into the garage at sign-in and
/// makes it current. Idempotent: a vehicle already there (the same VIN, or
/// the same year, make, model, engine and trim) is not added again.
#[utoipa::path(post, path = "/api/garage/merge", tag = "vehicles", security(("bearer" = [])),
    request_body = VehicleRequest,
    responses(
        (status = 200, body = GarageVehicle, description = "The vehicle was in the garage already; it is current now"),
        (status = 201, body = GarageVehicle, description = "The vehicle was added and is current"),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The garage is full")))]
async fn merge_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<VehicleRequest>,
) -> ApiResult<(StatusCode, Json<GarageVehicle>)> {
    let vehicle = Vehicle::from(sent);
    match save(&state.db, user.id, &vehicle, Saving::Merge).await? {
        Saved::Added(row) => Ok((StatusCode::CREATED, Json(row.into()))),
        Saved::Kept(row) => Ok((StatusCode::OK, Json(row.into()))),
        Saved::Full => Err(full()),
        Saved::NotFound => Err(not_found()),
    }
}

/// Replaces a vehicle's fields with those sent (a field left out is
/// cleared); whether it is current does not change.
#[utoipa::path(put, path = "/api/garage/{id}", tag = "vehicles", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = VehicleRequest,
    responses(
        (status = 200, body = GarageVehicle),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another vehicle of the garage is this vehicle")))]
async fn edit_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(sent): Body<VehicleRequest>,
) -> ApiResult<Json<GarageVehicle>> {
    let id = parse_id(&id).ok_or_else(not_found)?;
    let vehicle = Vehicle::from(sent);
    match save(&state.db, user.id, &vehicle, Saving::Edit(id)).await? {
        Saved::Added(row) => Ok(Json(row.into())),
        Saved::Kept(_) => Err(already_there()),
        Saved::Full | Saved::NotFound => Err(not_found()),
    }
}

/// Removes a vehicle from the garage; when it was current, no vehicle is.
#[utoipa::path(delete, path = "/api/garage/{id}", tag = "vehicles", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(not_found)?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    lock_garage(db, &mut tx, user.id).await?;
    let deleted_count = db
        .execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(GarageVehicles::Table)
                .and_where(Expr::col(GarageVehicles::Id).eq(id))
                .and_where(Expr::col(GarageVehicles::UserId).eq(user.id))
                .to_owned(),
        )
        .await?;
    if deleted_count == 0 {
        return Err(not_found());
    }
    tx.commit().await?;
    Ok(Json(DeletedCount { deleted_count }))
}

/// Makes a vehicle the current one (and no other).
#[utoipa::path(post, path = "/api/garage/{id}/current", tag = "vehicles", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = GarageVehicle),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn make_current(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<GarageVehicle>> {
    let id = parse_id(&id).ok_or_else(not_found)?;
    let (_turn, mut tx) = state.db.begin_write().await?;
    lock_garage(&state.db, &mut tx, user.id).await?;
    let Some(row) = find_on(&state.db, &mut tx, user.id, id).await? else {
        return Err(not_found());
    };
    set_current(&state.db, &mut tx, user.id, row.id).await?;
    let row = find_on(&state.db, &mut tx, user.id, id)
        .await?
        .ok_or_else(not_found)?;
    tx.commit().await?;
    Ok(Json(row.into()))
}

fn not_found() -> ApiError {
    ApiError::not_found("Vehicle")
}

fn already_there() -> ApiError {
    ApiError::Conflict("This vehicle is in your garage already".into())
}

fn full() -> ApiError {
    ApiError::Conflict(format!(
        "Your garage holds at most {MAX_VEHICLES} vehicles: remove one before adding another"
    ))
}

fn select(user_id: i64) -> sea_query::SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(GarageVehicles::Table)
        .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
        .to_owned()
}

/// What `save` is asked to do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Saving {
    Add,
    Merge,
    Edit(i64),
}

/// How `save` ended.
enum Saved {
    /// Added (or, for an edit, changed): the vehicle now.
    Added(VehicleRow),
    /// The garage already has this vehicle (another one, for an edit): that
    /// vehicle; a merge has made it current.
    Kept(VehicleRow),
    /// The garage is full.
    Full,
    /// The vehicle to edit is not in the garage.
    NotFound,
}

/// Adds, merges or edits a vehicle in one write transaction. On PostgreSQL
/// the account's row is locked first, so two requests at once cannot both
/// pass the count or both add the same vehicle.
async fn save(
    db: &Db,
    user_id: i64,
    vehicle: &Vehicle,
    saving: Saving,
) -> Result<Saved, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    lock_garage(db, &mut tx, user_id).await?;
    let key = vehicle.key();
    let same: Option<VehicleRow> = db
        .fetch_optional_on(
            &mut *tx,
            &select(user_id)
                .and_where(Expr::col(GarageVehicles::VehicleKey).eq(key.clone()))
                .to_owned(),
        )
        .await?;
    let now = db::now();
    let fields = || {
        [
            (GarageVehicles::Nickname, vehicle.nickname.clone().into()),
            (GarageVehicles::Year, vehicle.year.into()),
            (GarageVehicles::Make, vehicle.make.clone().into()),
            (GarageVehicles::Model, vehicle.model.clone().into()),
            (GarageVehicles::Engine, vehicle.engine.clone().into()),
            (GarageVehicles::Trim, vehicle.trim.clone().into()),
            (GarageVehicles::Vin, vehicle.vin.clone().into()),
            (GarageVehicles::VehicleKey, key.clone().into()),
        ]
    };
    let id = match (saving, same) {
        (Saving::Edit(id), same) => {
            if same.as_ref().is_some_and(|s| s.id != id) {
                return Ok(Saved::Kept(same.expect("checked above")));
            }
            let mut values: Vec<(GarageVehicles, sea_query::SimpleExpr)> = fields().into();
            values.push((GarageVehicles::UpdatedAt, now.into()));
            let changed = db
                .execute_on(
                    &mut *tx,
                    &Query::update()
                        .table(GarageVehicles::Table)
                        .values(values)
                        .and_where(Expr::col(GarageVehicles::Id).eq(id))
                        .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
                        .to_owned(),
                )
                .await?;
            if changed == 0 {
                return Ok(Saved::NotFound);
            }
            id
        }
        (Saving::Add, Some(same)) => return Ok(Saved::Kept(same)),
        (Saving::Merge, Some(same)) => {
            set_current(db, &mut tx, user_id, same.id).await?;
            let row = find_on(db, &mut tx, user_id, same.id)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            tx.commit().await?;
            return Ok(Saved::Kept(row));
        }
        (Saving::Add | Saving::Merge, None) => {
            let (count, current): (i64, i64) = db
                .fetch_optional_on(
                    &mut *tx,
                    &Query::select()
                        .expr(Expr::col(GarageVehicles::Id).count())
                        .expr(Expr::cust("COALESCE(MAX(is_current), 0)"))
                        .from(GarageVehicles::Table)
                        .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
                        .to_owned(),
                )
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            if count >= MAX_VEHICLES {
                return Ok(Saved::Full);
            }
            let (columns, mut values): (Vec<_>, Vec<sea_query::SimpleExpr>) =
                fields().into_iter().unzip();
            values.extend([user_id.into(), now.clone().into(), now.into()]);
            let mut columns = columns;
            columns.extend([
                GarageVehicles::UserId,
                GarageVehicles::CreatedAt,
                GarageVehicles::UpdatedAt,
            ]);
            let (id,): (i64,) = db
                .fetch_optional_on(
                    &mut *tx,
                    &Query::insert()
                        .into_table(GarageVehicles::Table)
                        .columns(columns)
                        .values_panic(values)
                        .returning_col(GarageVehicles::Id)
                        .to_owned(),
                )
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            if saving == Saving::Merge || current == 0 {
                set_current(db, &mut tx, user_id, id).await?;
            }
            id
        }
    };
    let row = find_on(db, &mut tx, user_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(Saved::Added(row))
}

async fn find_on(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: i64,
    id: i64,
) -> Result<Option<VehicleRow>, sqlx::Error> {
    db.fetch_optional_on(
        &mut **tx,
        &select(user_id)
            .and_where(Expr::col(GarageVehicles::Id).eq(id))
            .to_owned(),
    )
    .await
}

/// Takes the account's garage for the rest of the write transaction: on
/// PostgreSQL the account's row is locked (SQLite writes one transaction at
/// a time already), so two changes to one garage at once are made one after
/// the other. Without it two switches of the current vehicle at once each
/// cleared the vehicle current when they began and set their own, and the
/// second met the one-current-vehicle index (a 500).
async fn lock_garage(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: i64,
) -> Result<(), sqlx::Error> {
    if db.backend == Backend::Postgres {
        users::lock(db, &mut **tx, user_id).await?;
    }
    Ok(())
}

/// Makes `id` the account's current vehicle: the one before it stops being
/// current first, so at no moment are two current. The caller has taken the
/// garage (`lock_garage`).
async fn set_current(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: i64,
    id: i64,
) -> Result<(), sqlx::Error> {
    db.execute_on(
        &mut **tx,
        &Query::update()
            .table(GarageVehicles::Table)
            .value(GarageVehicles::IsCurrent, 0)
            .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
            .and_where(Expr::col(GarageVehicles::IsCurrent).eq(1))
            .and_where(Expr::col(GarageVehicles::Id).ne(id))
            .to_owned(),
    )
    .await?;
    db.execute_on(
        &mut **tx,
        &Query::update()
            .table(GarageVehicles::Table)
            .value(GarageVehicles::IsCurrent, 1)
            .and_where(Expr::col(GarageVehicles::Id).eq(id))
            .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
            .to_owned(),
    )
    .await?;
    Ok(())
}
