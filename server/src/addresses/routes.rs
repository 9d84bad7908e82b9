//! The address book's handlers: each reads and writes only the signed-in
//! buyer's own addresses, one change at a time (the buyer's row locked).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::bodies::{Address, AddressRequest};
use super::store;
use super::MAX_ADDRESSES;
use crate::app::state::AppState;
use crate::core::answers::DeletedCount;
use crate::core::caller::CurrentUser;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Body};
use crate::users;

/// The signed-in buyer's addresses, the default first, then the newest first.
#[utoipa::path(get, path = "/api/addresses", tag = "addresses", security(("bearer" = [])),
    responses((status = 200, body = Vec<Address>), (status = 401, body = ErrorBody)))]
pub(super) async fn list_addresses(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Vec<Address>>> {
    let rows = store::list_for_user(&state.db, user.id).await?;
    Ok(Json(rows.into_iter().map(Address::from).collect()))
}

/// Adds an address to the signed-in buyer's address book.
#[utoipa::path(post, path = "/api/addresses", tag = "addresses", security(("bearer" = [])),
    request_body = AddressRequest,
    responses(
        (status = 201, body = Address),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The address book is full")))]
pub(super) async fn create_address(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<AddressRequest>,
) -> ApiResult<(StatusCode, Json<Address>)> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    // One change to a buyer's address book at a time: the count below holds.
    users::lock(db, &mut *tx, user.id).await?;
    let held = store::count_of_user(db, &mut tx, user.id).await?;
    if held >= MAX_ADDRESSES {
        return Err(ApiError::Conflict(format!(
            "An address book holds at most {MAX_ADDRESSES} addresses"
        )));
    }
    let is_default = held == 0 || sent.is_default == Some(true);
    if is_default {
        store::clear_default(db, &mut tx, user.id).await?;
    }
    let row = store::insert(db, &mut tx, user.id, &sent, is_default).await?;
    tx.commit().await?;
    tracing::info!(address = row.id, user = user.id, "address added");
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Replaces one of the signed-in buyer's addresses with the fields sent.
/// `isDefault: true` makes it the default; false never takes the mark from
/// the default (make another address the default instead).
#[utoipa::path(put, path = "/api/addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AddressRequest,
    responses(
        (status = 200, body = Address),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn update_address(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(sent): Body<AddressRequest>,
) -> ApiResult<Json<Address>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Address"))?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    users::lock(db, &mut *tx, user.id).await?;
    let current = store::find_for_user(db, &mut tx, user.id, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Address"))?;
    let is_default = current.is_default == 1 || sent.is_default == Some(true);
    if is_default && current.is_default == 0 {
        store::clear_default(db, &mut tx, user.id).await?;
    }
    let row = store::update(db, &mut tx, user.id, id, &sent, is_default)
        .await?
        .ok_or_else(|| ApiError::not_found("Address"))?;
    tx.commit().await?;
    tracing::info!(address = row.id, user = user.id, "address changed");
    Ok(Json(row.into()))
}

/// Deletes one of the signed-in buyer's addresses. Deleting the default
/// makes the newest address left the default. Orders keep their own copy.
#[utoipa::path(delete, path = "/api/addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn delete_address(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Address"))?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    users::lock(db, &mut *tx, user.id).await?;
    let current = store::find_for_user(db, &mut tx, user.id, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Address"))?;
    let deleted_count = store::delete(db, &mut tx, user.id, id).await?;
    if current.is_default == 1 {
        store::pass_default_to_newest(db, &mut tx, user.id).await?;
    }
    tx.commit().await?;
    tracing::info!(address = id, user = user.id, "address deleted");
    Ok(Json(DeletedCount { deleted_count }))
}
