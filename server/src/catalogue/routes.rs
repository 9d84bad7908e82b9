//! The handlers of one part: read, add, edit and delete. The list, the
//! restock and the categories and vehicles lists are in `listing`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::*;
use crate::app::state::AppState;
use crate::core::answers::{DeletedCount, InsertedId, UpdateResult};
use crate::core::caller::Admin;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Body};
use store::Edited;

/// One part.
#[utoipa::path(get, path = "/api/part/{id}", tag = "parts", params(("id" = String, Path)),
    responses((status = 200, body = Part), (status = 404, body = ErrorBody)))]
pub(super) async fn get_part(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Part>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let (part, details) = store::find_with_details(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Part"))?;
    Ok(Json(Part::new(part, details)))
}

/// Adds a part to the catalogue.
#[utoipa::path(post, path = "/api/part", tag = "parts", security(("bearer" = [])), request_body = PartRequest,
    responses(
        (status = 201, body = InsertedId),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another part already has the part number")))]
pub(super) async fn create_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<PartRequest>,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    let part = new_part(&sent.into());
    let id = store::insert(&state.db, &part, &admin)
        .await
        .map_err(|e| sku_error(e, part.sku.as_deref()))?;
    tracing::info!(part = id, by = ?admin.email, "part added");
    Ok((
        StatusCode::CREATED,
        Json(InsertedId {
            inserted_id: id.to_string(),
        }),
    ))
}

/// Changes the fields sent; `_id`, `placeOrder` and unknown fields are ignored.
/// The stock changes only when `availableQuantity` is sent; with
/// `availableQuantitySeen` it changes only if the stock is still the one the
/// admin saw (409 otherwise), so an edit never writes back stale stock.
#[utoipa::path(put, path = "/api/part/{id}", tag = "parts", security(("bearer" = [])), params(("id" = String, Path)),
    request_body(content = PartChanges, description = "Any subset of the part's fields"),
    responses(
        (status = 200, body = UpdateResult),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another part already has the part number, or the stock changed since the admin saw it")))]
pub(super) async fn update_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(changes): Body<PartChanges>,
) -> ApiResult<Json<UpdateResult>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let sent = SentFields::from(changes);
    let edited = store::update(
        &state.db,
        id,
        |current| sent.over(current),
        sent.stock,
        &admin,
    )
    .await
    .map_err(|e| sku_error(e, sent.sku.as_deref()))?;
    let modified = match edited {
        Edited::Done { modified } => modified,
        Edited::NotFound => return Err(ApiError::not_found("Part")),
        Edited::StockMoved { now } => {
            return Err(ApiError::Conflict(format!(
                "The stock changed since you saw it: {now} in stock now. Check it and try again."
            )))
        }
    };
    if modified {
        tracing::info!(part = id, by = ?admin.email, stock = ?sent.stock, "part changed");
    }
    Ok(Json(UpdateResult {
        matched_count: 1,
        modified_count: u64::from(modified),
    }))
}

/// Removes a part; orders already placed keep its name and price.
#[utoipa::path(delete, path = "/api/part/{id}", tag = "parts", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn delete_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let deleted_count = store::delete(&state.db, id, &admin).await?;
    if deleted_count == 0 {
        return Err(ApiError::not_found("Part"));
    }
    tracing::info!(part = id, by = ?admin.email, "part deleted");
    Ok(Json(DeletedCount { deleted_count }))
}

/// A part number taken by another part: 409 naming it.
pub(super) fn sku_error(err: sqlx::Error, sku: Option<&str>) -> ApiError {
    match sku {
        Some(sku) if store::is_sku_taken(&err) => {
            ApiError::Conflict(format!("Another part already has the part number {sku}"))
        }
        _ => err.into(),
    }
}
