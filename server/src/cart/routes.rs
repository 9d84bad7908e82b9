//! The cart's routes: reading, changing, joining and pricing a cart.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::Json;

use super::*;
use crate::app::state::AppState;
use crate::catalogue;
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Backend};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Body};
use crate::users;
use store::CartRow;

/// Takes the buyer's turn to change their cart: on PostgreSQL their row is
/// locked for the transaction, so two changes at once cannot both pass the
/// limit on lines (SQLite's writers take turns anyway).
pub(super) async fn lock_cart(
    state: &AppState,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: i64,
) -> ApiResult<()> {
    if state.db.backend == Backend::Postgres {
        users::lock(&state.db, &mut **tx, user_id).await?;
    }
    Ok(())
}

/// The signed-in buyer's cart, priced now.
#[utoipa::path(get, path = "/api/cart", tag = "cart", security(("bearer" = [])),
    responses((status = 200, body = Cart), (status = 401, body = ErrorBody)))]
pub(super) async fn get_cart(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Cart>> {
    let mut conn = state.db.pool.acquire().await?;
    let (_, priced) = account_cart(&state.db, &mut conn, user.id, &state.currency).await?;
    Ok(Json(priced.cart()))
}

/// Empties the signed-in buyer's cart.
#[utoipa::path(delete, path = "/api/cart", tag = "cart", security(("bearer" = [])),
    responses((status = 200, description = "The empty cart", body = Cart), (status = 401, body = ErrorBody)))]
pub(super) async fn clear_cart(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Cart>> {
    let (_turn, mut tx) = state.db.begin_write().await?;
    store::clear(&state.db, &mut tx, user.id).await?;
    tx.commit().await?;
    Ok(Json(Priced::new(&state.currency, []).cart()))
}

/// Adds units of a part to the cart (a new line, or more of a line already
/// there); the line remembers the price shown now.
#[utoipa::path(post, path = "/api/cart/lines", tag = "cart", security(("bearer" = [])),
    request_body = AddLineRequest,
    responses(
        (status = 200, body = Cart),
        (status = 400, description = "The line's quantity would be above the stock or below the minimum order", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such part", body = ErrorBody),
        (status = 409, description = "The cart holds the most lines allowed", body = ErrorBody)))]
pub(super) async fn add_line(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<AddLineRequest>,
) -> ApiResult<Json<Cart>> {
    let part_id = sent.part_id.ok_or_else(|| ApiError::not_found("Part"))?;
    change_line(&state, &user, part_id, |held| held + sent.quantity).await
}

/// Sets a cart line's quantity (adding the line when the part is not in the
/// cart); the line remembers the price shown now.
#[utoipa::path(put, path = "/api/cart/lines/{partId}", tag = "cart", security(("bearer" = [])),
    params(("partId" = String, Path)), request_body = SetLineRequest,
    responses(
        (status = 200, body = Cart),
        (status = 400, description = "Above the stock or below the minimum order", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such part", body = ErrorBody),
        (status = 409, description = "The cart holds the most lines allowed", body = ErrorBody)))]
pub(super) async fn set_line(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_id): Path<String>,
    Body(sent): Body<SetLineRequest>,
) -> ApiResult<Json<Cart>> {
    let part_id = parse_id(&part_id).ok_or_else(|| ApiError::not_found("Part"))?;
    change_line(&state, &user, part_id, |_| sent.quantity).await
}

/// Sets the cart's line of `part_id` to `quantity(units held now)`, within
/// the part's stock and minimum order, at the part's price now.
pub(super) async fn change_line(
    state: &AppState,
    user: &CurrentUser,
    part_id: i64,
    quantity: impl FnOnce(i64) -> i64,
) -> ApiResult<Json<Cart>> {
    let db = &state.db;
    let (turn, mut tx) = db.begin_write().await?;
    lock_cart(state, &mut tx, user.id).await?;
    let part = catalogue::parts_by_id(db, &mut tx, &[part_id])
        .await?
        .remove(&part_id)
        .ok_or_else(|| ApiError::not_found("Part"))?;
    let rows = store::lines(db, &mut tx, user.id).await?;
    let held = rows.iter().find(|r| r.part_id == part_id);
    if held.is_none() && rows.len() >= MAX_LINES {
        return Err(ApiError::Conflict(format!(
            "A cart holds at most {MAX_LINES} lines"
        )));
    }
    let quantity = quantity(held.map_or(0, |r| r.quantity));
    if quantity > part.available_quantity {
        return Err(ApiError::field(
            "quantity",
            format!("Only {} in stock", part.available_quantity),
        ));
    }
    if quantity < part.minimum_order {
        return Err(ApiError::field(
            "quantity",
            format!("The minimum order for this part is {}", part.minimum_order),
        ));
    }
    let line = CartRow {
        part_id,
        quantity,
        seen_price_cents: part.price_cents,
    };
    store::set(db, &mut tx, user.id, line, db::now()).await?;
    let (_, priced) = account_cart(db, &mut tx, user.id, &state.currency).await?;
    tx.commit().await?;
    drop(turn);
    Ok(Json(priced.cart()))
}

/// Takes a part out of the cart (nothing changes when it was not there).
#[utoipa::path(delete, path = "/api/cart/lines/{partId}", tag = "cart", security(("bearer" = [])),
    params(("partId" = String, Path)),
    responses((status = 200, body = Cart), (status = 401, body = ErrorBody)))]
pub(super) async fn remove_line(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_id): Path<String>,
) -> ApiResult<Json<Cart>> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    if let Some(part_id) = parse_id(&part_id) {
        store::remove(db, &mut tx, user.id, &[part_id]).await?;
    }
    let (_, priced) = account_cart(db, &mut tx, user.id, &state.currency).await?;
    tx.commit().await?;
    Ok(Json(priced.cart()))
}

/// Joins a cart kept in the browser to the signed-in buyer's cart, as at
/// sign-in: for each part the larger quantity wins (with its seen price,
/// when sent); parts the shop does not sell are left out; lines past the
/// cart's 100 are left out. Joining the same browser cart again changes
/// nothing.
#[utoipa::path(post, path = "/api/cart/merge", tag = "cart", security(("bearer" = [])),
    request_body = BrowserCart,
    responses((status = 200, description = "The buyer's cart after the join", body = Cart), (status = 401, body = ErrorBody)))]
pub(super) async fn merge_cart(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<BrowserCart>,
) -> ApiResult<Json<Cart>> {
    let db = &state.db;
    let (turn, mut tx) = db.begin_write().await?;
    lock_cart(&state, &mut tx, user.id).await?;
    let parts = parts_of(db, &mut tx, sent.lines.iter().map(|l| l.part_id.id)).await?;
    let rows = store::lines(db, &mut tx, user.id).await?;
    let mut held: HashMap<i64, CartRow> = rows.iter().map(|r| (r.part_id, *r)).collect();
    let mut added = 0;
    for line in &sent.lines {
        let Some(part) = line.part_id.id.and_then(|id| parts.get(&id)) else {
            continue;
        };
        let new = match held.get(&part.id) {
            Some(kept) if kept.quantity >= line.quantity => continue,
            Some(kept) => CartRow {
                part_id: part.id,
                quantity: line.quantity,
                seen_price_cents: line.seen_price.unwrap_or(kept.seen_price_cents),
            },
            None if held.len() >= MAX_LINES => continue,
            None => CartRow {
                part_id: part.id,
                quantity: line.quantity,
                seen_price_cents: line.seen_price.unwrap_or(part.price_cents),
            },
        };
        // New lines keep the browser's order: each a microsecond after the last.
        let added_at = db::from_now(std::time::Duration::from_micros(added));
        added += 1;
        store::set(db, &mut tx, user.id, new, added_at).await?;
        held.insert(part.id, new);
    }
    let (_, priced) = account_cart(db, &mut tx, user.id, &state.currency).await?;
    tx.commit().await?;
    drop(turn);
    Ok(Json(priced.cart()))
}

/// Prices a cart kept in the browser, for anyone: the lines as sent, with
/// the shop's prices and stock now. Parts the shop does not sell come back
/// as `deleted` lines. Nothing is written.
#[utoipa::path(post, path = "/api/cart/quote", tag = "cart", request_body = BrowserCart,
    responses((status = 200, body = Cart)))]
pub(super) async fn quote_cart(
    State(state): State<AppState>,
    Body(sent): Body<BrowserCart>,
) -> ApiResult<Json<Cart>> {
    let mut conn = state.db.pool.acquire().await?;
    let parts = parts_of(
        &state.db,
        &mut conn,
        sent.lines.iter().map(|l| l.part_id.id),
    )
    .await?;
    let priced = Priced::new(
        &state.currency,
        sent.lines.into_iter().map(|l| Item {
            part: l.part_id.id.and_then(|id| parts.get(&id)),
            part_id: l.part_id.text,
            quantity: l.quantity,
            seen_price_cents: l.seen_price,
        }),
    );
    Ok(Json(priced.cart()))
}
