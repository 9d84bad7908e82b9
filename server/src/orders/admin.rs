//! Running the orders: admins list every buyer's orders, filtered by state,
//! and move them on (ship, deliver, cancel, refund) as the table of moves in
//! `state.rs` allows.

use axum::extract::{Path, State};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::holds;
use super::state::{transition, Fulfilment, Move, Payment, STATUSES};
use super::store::{self, CancelReason, Filter, MoveNotes};
use super::{make_move, refused_now, shown, Booking};
use crate::app::state::AppState;
use crate::core::caller::{Admin, CurrentUser};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::OptionalText;
use crate::core::input::{parse_id, OptionalBody, Paged, Params};
use crate::request;

/// Orders per page when `limit` is left out.
pub const DEFAULT_LIMIT: u64 = 50;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_all_orders))
        .routes(routes!(ship_order))
        .routes(routes!(deliver_order))
        .routes(routes!(admin_cancel_order))
        .routes(routes!(refund_order))
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
    mut params: Params,
) -> ApiResult<Paged<Booking>> {
    let payment = params.choice("payment", Payment::parse, "unpaid, paid or refunded");
    let fulfilment = params.choice(
        "fulfilment",
        Fulfilment::parse,
        "pending, shipped, delivered or cancelled",
    );
    let status = params.choice(
        "status",
        |s| STATUSES.into_iter().find(|known| *known == s),
        "unpaid, paid, shipped or cancelled",
    );
    let page = params.page(Some(DEFAULT_LIMIT));
    params.finish()?;
    let filter = Filter {
        payment,
        fulfilment,
        status,
    };
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT);
    let (rows, total) = store::list_all(&state.db, &filter, limit, page.offset).await?;
    Ok(Paged {
        items: shown(&state.db, rows).await?,
        total,
    })
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
            move_order(&state, &admin, &id, $action, MoveNotes::default())
                .await
                .map(Json)
        }
    };
}

move_route!(
    deliver_order,
    "/api/admin/orders/{id}/deliver",
    Move::Deliver,
    "Marks a shipped order delivered.",
    "Not shipped, already delivered, or cancelled"
);
move_route!(
    admin_cancel_order,
    "/api/admin/orders/{id}/cancel",
    Move::Cancel,
    "Cancels an unpaid order; its stock goes back.",
    "Paid (refund it instead), shipped, delivered or already cancelled"
);
move_route!(refund_order, "/api/admin/orders/{id}/refund", Move::Refund,
    "Refunds a paid order that has not shipped: the card provider gives the buyer the money back first, then the order is cancelled and its stock goes back.",
    "Not paid, shipped, delivered or cancelled");

request! {
    /// How a shipped order travels. Both fields may be left out, and so may
    /// the whole body: the order ships without them.
    pub struct ShipRequest {
        /// Who carries the parcel.
        carrier: OptionalText<60> = "carrier", "Carrier", example = "UPS";
        /// The carrier's tracking number.
        tracking_number: OptionalText<60> = "trackingNumber", "Tracking number",
            example = "1Z999AA10123456784";
    }
}

/// Ships a paid order that has not shipped, with its carrier and tracking
/// number when given; the buyer is told by mail.
#[utoipa::path(post, path = "/api/admin/orders/{id}/ship", tag = "orders", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = ShipRequest, description = "Optional: no body at all ships the order without tracking"),
    responses(
        (status = 200, description = "The order after the move", body = Booking),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not paid, already shipped or delivered, cancelled, or being refunded", body = ErrorBody)))]
async fn ship_order(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    OptionalBody(sent): OptionalBody<ShipRequest>,
) -> ApiResult<Json<Booking>> {
    let notes = MoveNotes {
        carrier: sent.carrier.as_deref().map(str::trim),
        tracking_number: sent.tracking_number.as_deref().map(str::trim),
        ..MoveNotes::default()
    };
    move_order(&state, &admin, &id, Move::Ship, notes)
        .await
        .map(Json)
}

/// Moves an order on as the table of moves allows, for an admin, recording
/// `notes` (shipping: the carrier and tracking number). Any move the table
/// refuses answers 409 and changes nothing.
async fn move_order(
    state: &AppState,
    admin: &CurrentUser,
    id: &str,
    action: Move,
    notes: MoveNotes<'_>,
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
        let cancelled =
            holds::cancel_unpaid(state, &booking, by_staff, &admin.email, Some(admin)).await?;
        return Ok(cancelled.shown());
    }
    if action != Move::Refund {
        let moved = make_move(state, &booking, action, notes, &admin.email, Some(admin)).await?;
        return Ok(moved.shown());
    }
    // The money goes back first. Meanwhile the order is marked as being
    // refunded, so that it cannot be shipped while the provider is asked.
    let from = booking.state();
    transition(from, Move::Refund).map_err(|m| ApiError::Conflict(m.into()))?;
    // One refund at a time: a second admin's is refused (409) while the
    // first is under way, and a refund the provider did not make clears
    // only its own mark.
    let Some(mark) = store::start_refund(&state.db, booking.id, from).await? else {
        return Err(refused_now(state, booking.id, action).await);
    };
    let refund = match state.payments.refund(&state.db, &booking).await {
        Ok(refund) => refund,
        Err(e) => {
            store::abandon_refund(&state.db, booking.id, &mark).await?;
            return Err(e);
        }
    };
    tracing::info!(order = booking.id, refund = ?refund.id, amount_cents = refund.amount_cents,
        by = ?admin.email, "payment refunded");
    let refunded = make_move(
        state,
        &booking,
        Move::Refund,
        by_staff,
        &admin.email,
        Some(admin),
    )
    .await?;
    Ok(refunded.shown())
}
