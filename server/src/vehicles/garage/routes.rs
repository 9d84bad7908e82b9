//! My Garage's handlers.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::store::{self, Saved, Saving};
use super::{GarageVehicle, Vehicle, VehicleRequest, MAX_VEHICLES};
use crate::app::state::AppState;
use crate::core::answers::DeletedCount;
use crate::core::caller::CurrentUser;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Body};

/// The signed-in buyer's vehicles, oldest first.
#[utoipa::path(get, path = "/api/garage", tag = "vehicles", security(("bearer" = [])),
    responses((status = 200, body = Vec<GarageVehicle>), (status = 401, body = ErrorBody)))]
pub(super) async fn list_vehicles(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Vec<GarageVehicle>>> {
    let rows = store::list_of_user(&state.db, user.id).await?;
    Ok(Json(rows.into_iter().map(Into::into).collect()))
}

/// Adds a vehicle to the garage; the first one becomes current.
#[utoipa::path(post, path = "/api/garage", tag = "vehicles", security(("bearer" = [])),
    request_body = VehicleRequest,
    responses(
        (status = 201, body = GarageVehicle),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The vehicle is in the garage already, or the garage is full")))]
pub(super) async fn add_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<VehicleRequest>,
) -> ApiResult<(StatusCode, Json<GarageVehicle>)> {
    let vehicle = Vehicle::from(sent);
    match store::save(&state.db, user.id, &vehicle, Saving::Add).await? {
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
pub(super) async fn merge_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<VehicleRequest>,
) -> ApiResult<(StatusCode, Json<GarageVehicle>)> {
    let vehicle = Vehicle::from(sent);
    match store::save(&state.db, user.id, &vehicle, Saving::Merge).await? {
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
pub(super) async fn edit_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(sent): Body<VehicleRequest>,
) -> ApiResult<Json<GarageVehicle>> {
    let id = parse_id(&id).ok_or_else(not_found)?;
    let vehicle = Vehicle::from(sent);
    match store::save(&state.db, user.id, &vehicle, Saving::Edit(id)).await? {
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
pub(super) async fn delete_vehicle(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(not_found)?;
    let deleted_count = store::delete(&state.db, user.id, id).await?;
    if deleted_count == 0 {
        return Err(not_found());
    }
    Ok(Json(DeletedCount { deleted_count }))
}

/// Makes a vehicle the current one (and no other).
#[utoipa::path(post, path = "/api/garage/{id}/current", tag = "vehicles", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = GarageVehicle),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn make_current(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<GarageVehicle>> {
    let id = parse_id(&id).ok_or_else(not_found)?;
    let row = store::make_current(&state.db, user.id, id)
        .await?
        .ok_or_else(not_found)?;
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
