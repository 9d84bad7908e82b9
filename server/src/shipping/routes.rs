//! The shipping API's handlers: the public delivery choices, and the
//! admin's delivery methods, tax rates (both through `listed`) and trade
//! counter.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::counter::{Counter, CounterRequest};
use super::listed;
use super::methods::{ShippingChoices, ShippingMethod, ShippingMethodRequest};
use super::store;
use super::tax::{TaxRate, TaxRateRequest};
use crate::app::state::AppState;
use crate::audit;
use crate::core::answers::DeletedCount;
use crate::core::caller::Admin;
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::input::Body;

/// The trade counter and the delivery methods buyers may choose, for everyone.
#[utoipa::path(get, path = "/api/shipping-methods", tag = "shipping",
    responses((status = 200, body = ShippingChoices)))]
pub(super) async fn public_methods(
    State(state): State<AppState>,
) -> ApiResult<Json<ShippingChoices>> {
    let db = &state.db;
    let mut conn = db.pool.acquire().await?;
    let counter = store::counter_on(db, &mut conn).await?;
    let methods = store::methods_on(db, &mut conn, true).await?;
    Ok(Json(ShippingChoices {
        counter,
        methods: methods.into_iter().map(ShippingMethod::from).collect(),
    }))
}

/// Every delivery method, those buyers cannot choose too, by id.
#[utoipa::path(get, path = "/api/admin/shipping-methods", tag = "shipping", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<ShippingMethod>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn list_methods(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<ShippingMethod>>> {
    let db = &state.db;
    let mut conn = db.pool.acquire().await?;
    let rows = store::methods_on(db, &mut conn, false).await?;
    Ok(Json(rows.into_iter().map(ShippingMethod::from).collect()))
}

/// Adds a delivery method.
#[utoipa::path(post, path = "/api/admin/shipping-methods", tag = "shipping", security(("bearer" = [])),
    request_body = ShippingMethodRequest,
    responses(
        (status = 201, body = ShippingMethod),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn create_method(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<ShippingMethodRequest>,
) -> ApiResult<(StatusCode, Json<ShippingMethod>)> {
    let method = listed::add::<ShippingMethod>(&state.db, &admin, &sent).await?;
    Ok((StatusCode::CREATED, Json(method)))
}

/// Replaces a delivery method's fields. Orders placed with it keep its
/// name and the price they were charged.
#[utoipa::path(put, path = "/api/admin/shipping-methods/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ShippingMethodRequest,
    responses(
        (status = 200, body = ShippingMethod),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn update_method(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(sent): Body<ShippingMethodRequest>,
) -> ApiResult<Json<ShippingMethod>> {
    Ok(Json(listed::replace(&state.db, &admin, &id, &sent).await?))
}

/// Deletes a delivery method. Orders placed with it keep its name and the
/// price they were charged.
#[utoipa::path(delete, path = "/api/admin/shipping-methods/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn delete_method(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    Ok(Json(
        listed::delete::<ShippingMethod>(&state.db, &admin, &id).await?,
    ))
}

/// Every tax rate, by country and region.
#[utoipa::path(get, path = "/api/admin/tax-rates", tag = "shipping", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<TaxRate>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn list_rates(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<TaxRate>>> {
    let rows = store::rates(&state.db).await?;
    Ok(Json(rows.into_iter().map(TaxRate::from).collect()))
}

/// Adds a tax rate for a place that has none.
#[utoipa::path(post, path = "/api/admin/tax-rates", tag = "shipping", security(("bearer" = [])),
    request_body = TaxRateRequest,
    responses(
        (status = 201, body = TaxRate),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The place already has a rate")))]
pub(super) async fn create_rate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<TaxRateRequest>,
) -> ApiResult<(StatusCode, Json<TaxRate>)> {
    let rate = listed::add::<TaxRate>(&state.db, &admin, &sent).await?;
    Ok((StatusCode::CREATED, Json(rate)))
}

/// Replaces a tax rate's fields. Orders already placed keep the tax they
/// were charged.
#[utoipa::path(put, path = "/api/admin/tax-rates/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = TaxRateRequest,
    responses(
        (status = 200, body = TaxRate),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another rate has the place")))]
pub(super) async fn update_rate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(sent): Body<TaxRateRequest>,
) -> ApiResult<Json<TaxRate>> {
    Ok(Json(listed::replace(&state.db, &admin, &id, &sent).await?))
}

/// Deletes a tax rate. Orders already placed keep the tax they were charged.
#[utoipa::path(delete, path = "/api/admin/tax-rates/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn delete_rate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    Ok(Json(
        listed::delete::<TaxRate>(&state.db, &admin, &id).await?,
    ))
}

/// Sets the trade counter: where buyers collect orders, and the place
/// collected orders are taxed at.
#[utoipa::path(put, path = "/api/admin/counter", tag = "shipping", security(("bearer" = [])),
    request_body = CounterRequest,
    responses(
        (status = 200, body = Counter),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn set_counter(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<CounterRequest>,
) -> ApiResult<Json<Counter>> {
    let counter = Counter::from(sent);
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    let before = store::counter_on(db, &mut tx).await?;
    store::save_counter_on(db, &mut tx, &counter).await?;
    audit::record(
        db,
        &mut tx,
        audit::Entry {
            by: (&admin).into(),
            action: audit::COUNTER_CHANGED,
            subject_type: "settings",
            subject_id: "counter".into(),
            before: serde_json::to_value(&before).ok(),
            after: serde_json::to_value(&counter).ok(),
        },
    )
    .await?;
    tx.commit().await?;
    tracing::info!(by = ?admin.email, "trade counter changed");
    Ok(Json(counter))
}
