//! Running the orders: admins list every buyer's orders, filtered by state,
//! and move them on (ship, deliver, cancel, refund) as the table of moves in
//! `state.rs` allows.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue};
use axum::Json;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::holds;
use super::state::{transition, Fulfilment, Move, Payment, STATUSES};
use super::store::{self, CancelReason, Filter, MoveNotes};
use super::{make_move, refused_now, Booking};
use crate::auth::{Admin, CurrentUser};
use crate::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::input::parse_id;
use crate::state::AppState;

/// Orders per page when `limit` is left out, and at most.
pub const DEFAULT_LIMIT: u64 = 50;
pub const MAX_LIMIT: u64 = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_all_orders))
        .routes(routes!(ship_order))
        .routes(routes!(deliver_order))
        .routes(routes!(cancel_order))
        .routes(routes!(refund_order))
}

#[derive(Deserialize)]
pub struct AdminListQuery {
    payment: Option<String>,
    fulfilment: Option<String>,
    status: Option<String>,
    limit: Option<String>,
    offset: Option<String>,
}

/// Every buyer's orders, newest first, one page at a time; `X-Total-Count`
/// is how many match the filters in all.
#[utoipa::path(get, path = "/api/admin/orders", tag = "orders", security(("bearer" = [])),
    params(
        ("payment" = Option<String>, Query, description = "`unpaid`, `paid` or `refunded`", pattern = "^(unpaid|paid|refunded)$"),
        ("fulfilment" = Option<String>, Query, description = "`pending`, `shipped`, `delivered` or `cancelled`",
            pattern = "^(pending|shipped|delivered|cancelled)$"),
        ("status" = Option<String>, Query, description = "The derived status: `unpaid`, `paid`, `shipped` or `cancelled`",
            pattern = "^(unpaid|paid|shipped|cancelled)$"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100, description = "Orders per page, 50 unless given"),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<Booking>, headers(("X-Total-Count" = i64, description = "Orders matching in all"))),
        (status = 400, description = "A filter or the page is wrong (`fields`)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
async fn list_all_orders(
    State(state): State<AppState>,
    _admin: Admin,
    query: Result<Query<AdminListQuery>, QueryRejection>,
) -> ApiResult<(HeaderMap, Json<Vec<Booking>>)> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let mut errors = FieldErrors::new();
    let mut fail = |field: &str, message: String| {
        errors.entry(field.to_owned()).or_insert(message);
    };
    let payment = query.payment.as_deref().and_then(|p| {
        let parsed = Payment::parse(p);
        if parsed.is_none() {
            fail("payment", "payment must be unpaid, paid or refunded".into());
        }
        parsed
    });
    let fulfilment = query.fulfilment.as_deref().and_then(|f| {
        let parsed = Fulfilment::parse(f);
        if parsed.is_none() {
            fail(
                "fulfilment",
                "fulfilment must be pending, shipped, delivered or cancelled".into(),
            );
        }
        parsed
    });
    let status = query.status.as_deref().and_then(|s| {
        let parsed = STATUSES.into_iter().find(|known| *known == s);
        if parsed.is_none() {
            fail(
                "status",
                "status must be unpaid, paid, shipped or cancelled".into(),
            );
        }
        parsed
    });
    let limit = match query.limit.as_deref() {
        None => DEFAULT_LIMIT,
        Some(raw) => raw
            .parse::<u64>()
            .ok()
            .filter(|l| (1..=MAX_LIMIT).contains(l))
            .unwrap_or_else(|| {
                fail(
                    "limit",
                    format!("limit must be a whole number from 1 to {MAX_LIMIT}"),
                );
                DEFAULT_LIMIT
            }),
    };
    let offset = match query.offset.as_deref() {
        None => 0,
        Some(raw) => raw
            .parse::<u64>()
            .ok()
            .filter(|o| *o <= i64::MAX as u64)
            .unwrap_or_else(|| {
                fail(
                    "offset",
                    "offset must be a whole number of 0 or more".into(),
                );
                0
            }),
    };
    if let Some(message) = errors.values().next().cloned() {
        return Err(ApiError::BadRequest {
            message,
            fields: errors,
        });
    }
    let filter = Filter {
        payment,
        fulfilment,
        status,
    };
    let (rows, total) = store::list_all(&state.db, &filter, limit, offset).await?;
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(total));
    Ok((headers, Json(rows.into_iter().map(Booking::from).collect())))
}

macro_rules! move_route {
    ($name:ident, $path:literal, $action:expr, $summary:literal, $conflict:literal) => {
        #[doc = $summary]
        #[utoipa::path(post, path = $path, tag = "orders", security(("bearer" = [])),
            params(("id" = String, Path)),
            responses(
                (status = 200, description = "The order after the move", body = Booking),
                (status = 401, body = ErrorBody),
                (status = 403, body = ErrorBody),
                (status = 404, description = "No such order", body = ErrorBody),
                (status = 409, description = $conflict, body = ErrorBody),
                (status = 503, description = "Refund only: the card provider did not refund the order; nothing changed", body = ErrorBody)))]
        async fn $name(
            State(state): State<AppState>,
            Admin(admin): Admin,
            Path(id): Path<String>,
        ) -> ApiResult<Json<Booking>> {
            move_order(&state, &admin, &id, $action).await.map(Json)
        }
    };
}

move_route!(
    ship_order,
    "/api/admin/orders/{id}/ship",
    Move::Ship,
    "Ships a paid order that has not shipped.",
    "Not paid, already shipped or delivered, cancelled, or being refunded"
);
move_route!(
    deliver_order,
    "/api/admin/orders/{id}/deliver",
    Move::Deliver,
    "Marks a shipped order delivered.",
    "Not shipped, already delivered, or cancelled"
);
move_route!(
    cancel_order,
    "/api/admin/orders/{id}/cancel",
    Move::Cancel,
    "Cancels an unpaid order; its stock goes back.",
    "Paid (refund it instead), shipped, delivered or already cancelled"
);
move_route!(refund_order, "/api/admin/orders/{id}/refund", Move::Refund,
    "Refunds a paid order that has not shipped: the card provider gives the buyer the money back first, then the order is cancelled and its stock goes back.",
    "Not paid, shipped, delivered or cancelled");

/// Moves an order on as the table of moves allows, for an admin. Any move
/// the table refuses answers 409 and changes nothing.
async fn move_order(
    state: &AppState,
    admin: &CurrentUser,
    id: &str,
    action: Move,
) -> ApiResult<Booking> {
    let not_found = || ApiError::not_found("Order");
    let booking = store::find(&state.db, parse_id(id).ok_or_else(not_found)?)
        .await?
        .ok_or_else(not_found)?;
    // A cancel or a refund by the staff says so on the order.
    let by_staff = MoveNotes {
        cancel_reason: Some(CancelReason::Admin),
        ..MoveNotes::default()
    };
    if action == Move::Cancel {
        return Ok(
            holds::cancel_unpaid(state, &booking, by_staff, &admin.email)
                .await?
                .into(),
        );
    }
    if action != Move::Refund {
        return Ok(
            make_move(state, &booking, action, MoveNotes::default(), &admin.email)
                .await?
                .into(),
        );
    }
    // The money goes back first. Meanwhile the order is marked as being
    // refunded, so that it cannot be shipped while the provider is asked.
    let from = booking.state();
    transition(from, Move::Refund).map_err(|m| ApiError::Conflict(m.into()))?;
    if !store::start_refund(&state.db, booking.id, from).await? {
        return Err(refused_now(state, booking.id, action).await);
    }
    let refund = match state.payments.refund(&state.db, &booking).await {
        Ok(refund) => refund,
        Err(e) => {
            store::abandon_refund(&state.db, booking.id).await?;
            return Err(e);
        }
    };
    tracing::info!(order = booking.id, refund = ?refund.id, amount_cents = refund.amount_cents,
        by = ?admin.email, "payment refunded");
    Ok(
        make_move(state, &booking, Move::Refund, by_staff, &admin.email)
            .await?
            .into(),
    )
}
