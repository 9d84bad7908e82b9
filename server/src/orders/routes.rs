//! The buyer's routes: placing a booking, listing and reading orders,
//! paying for one and cancelling it.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::*;
use crate::app::state::AppState;
use crate::catalogue::{PartId, PartInfo};
use crate::core::answers::DeletedCount;
use crate::core::caller::{Bearer, CurrentUser};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{OptionalPhone, Sent, Text, Whole};
use crate::core::input::{parse_email, parse_id, Body, Params, MAX_QUANTITY};
use crate::request;
use crate::shipping::MethodChoice;
use crate::users;
use checkout::{Placing, Refused, Wanted};
use state::OrderState;
use store::CancelReason;

request! {
    /// An order to place. Price, buyer and part name are taken from the
    /// shop's records; any sent are ignored.
    pub struct OrderRequest {
        part_id: PartId = "partId", "Part";
        /// Units to order.
        part_order: Sent<Whole<1, MAX_QUANTITY>> = "partOrder", "Quantity";
        /// Another name for `partOrder`, read when `partOrder` is left out.
        quantity: Sent<Whole<1, MAX_QUANTITY>> = "quantity", "Quantity";
        phone: OptionalPhone = "phone", "Phone";
    }
    check(sent, form) {
        if sent.part_order.is_none() && sent.quantity.is_none() {
            form.fail("partOrder", "Quantity is Required");
        }
    }
}

impl OrderRequest {
    /// The units ordered, and the field that said so (for messages about it).
    fn units(&self) -> (i64, &'static str) {
        match (self.part_order, self.quantity) {
            (None, Some(units)) => (units, "quantity"),
            (units, _) => (units.unwrap_or(0), "partOrder"),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPlaced {
    pub success: bool,
    pub inserted_id: String,
    pub booking: Booking,
}

request! {
    pub struct PayRequest {
        /// The id of the succeeded payment.
        transaction_id: Text<255> = "transactionId", "Transaction id";
    }
}

/// Places an order of one part, picked up at the trade counter: an order of
/// one line, placed as the checkout places any order. The stock is taken in
/// the same transaction.
#[utoipa::path(post, path = "/api/booking", tag = "orders", security(("bearer" = [])), request_body = OrderRequest,
    responses(
        (status = 201, body = OrderPlaced),
        (status = 400, description = "Below the minimum order or above the stock", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such part", body = ErrorBody),
        (status = 409, description = "Not enough stock", body = ErrorBody)))]
pub(super) async fn place_order(
    State(state): State<AppState>,
    bearer: Bearer,
    Body(sent): Body<OrderRequest>,
) -> ApiResult<(StatusCode, Json<OrderPlaced>)> {
    let (quantity, quantity_field) = sent.units();
    let OrderRequest { part_id, phone, .. } = sent;
    let not_found = || ApiError::not_found("Part");
    let part_id = part_id.ok_or_else(not_found)?;
    let placing = Placing {
        lines: Some(vec![Wanted {
            part_id: Some(part_id),
            quantity,
        }]),
        method: MethodChoice::Pickup,
        address_id: None,
        phone,
        expected_total_cents: None,
        vehicle: None,
    };
    let (booking, lines) = match checkout::place(&state, bearer, placing).await {
        Ok(placed) => placed,
        Err(Refused::NoPart { .. }) => return Err(not_found()),
        Err(Refused::BelowMinimum { part, .. }) => {
            return Err(below_minimum(&part, quantity_field))
        }
        Err(Refused::Short { part, .. }) => {
            // Nothing is taken; the part as it stands says why.
            check_quantity(&part, quantity, quantity_field)?;
            return Err(ApiError::Conflict("Not enough stock".into()));
        }
        Err(Refused::Other(e)) => return Err(e),
    };
    let inserted_id = booking.id.to_string();
    Ok((
        StatusCode::CREATED,
        Json(OrderPlaced {
            success: true,
            inserted_id,
            booking: Booking::new(booking, lines),
        }),
    ))
}

/// Refuses a quantity below the part's minimum order or above its stock.
/// A part that can no longer be ordered at all is "stock gone" (409).
pub(super) fn check_quantity(part: &PartInfo, quantity: i64, field: &str) -> Result<(), ApiError> {
    if quantity < part.minimum_order {
        return Err(below_minimum(part, field));
    }
    if quantity > part.available_quantity {
        if part.available_quantity < part.minimum_order {
            return Err(ApiError::Conflict("Not enough stock".into()));
        }
        return Err(ApiError::field(
            field,
            format!("Only {} in stock", part.available_quantity),
        ));
    }
    Ok(())
}

pub(super) fn below_minimum(part: &PartInfo, field: &str) -> ApiError {
    ApiError::field(
        field,
        format!("The minimum order for this part is {}", part.minimum_order),
    )
}

/// A buyer's orders, newest first: one's own, or any buyer's for an admin.
#[utoipa::path(get, path = "/api/booking", tag = "orders", security(("bearer" = [])),
    params(("buyer" = Option<String>, Query, description = "The buyer's e-mail; yours when left out")),
    responses((status = 200, body = Vec<Booking>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(super) async fn list_orders(
    State(state): State<AppState>,
    user: CurrentUser,
    mut params: Params,
) -> ApiResult<Json<Vec<Booking>>> {
    let buyer = params.raw("buyer").map(parse_email);
    params.finish()?;
    let buyer_id = match buyer {
        None => Some(user.id),
        Some(Some(email)) if email == user.email => Some(user.id),
        Some(_) if !user.is_admin() => {
            return Err(ApiError::Forbidden(
                "You can only see your own orders".into(),
            ));
        }
        Some(Some(email)) => users::find_by_email(&state.db, &email).await?.map(|u| u.id),
        Some(None) => None,
    };
    let Some(buyer_id) = buyer_id else {
        return Ok(Json(Vec::new()));
    };
    let rows = store::list_for_buyer(&state.db, buyer_id).await?;
    let mut lines = store::lines_of_buyer(&state.db, buyer_id).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| {
                let own = lines.remove(&r.id).unwrap_or_default();
                Booking::new(r, own)
            })
            .collect(),
    ))
}

/// Loads an order for `user`: their own, or for an admin any order when
/// `admin_may_read`. Anyone else's is "not found", never revealed.
pub(crate) async fn order_for(
    state: &AppState,
    user: &CurrentUser,
    id: &str,
    admin_may_read: bool,
) -> ApiResult<BookingRow> {
    let not_found = || ApiError::not_found("Order");
    let booking = store::find(&state.db, parse_id(id).ok_or_else(not_found)?)
        .await?
        .ok_or_else(not_found)?;
    if booking.buyer_id == user.id {
        return Ok(booking);
    }
    match (user.is_admin(), admin_may_read) {
        (true, true) => Ok(booking),
        (true, false) => Err(ApiError::Forbidden(
            "Only the buyer can pay for or cancel an order".into(),
        )),
        (false, _) => Err(not_found()),
    }
}

/// One order, for its buyer or an admin.
#[utoipa::path(get, path = "/api/booking/{id}", tag = "orders", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Booking), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Booking>> {
    let booking = order_for(&state, &user, &id, true).await?;
    Ok(Json(shown_one(&state.db, booking).await?))
}

/// Marks the buyer's order paid, only when `transactionId` names a
/// succeeded payment of this order's amount (docs/decisions.md, D4).
#[utoipa::path(patch, path = "/api/booking/{id}", tag = "orders", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = PayRequest,
    responses(
        (status = 200, body = Booking),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 402, description = "No succeeded payment for this order", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Cancelled, or paid with another payment", body = ErrorBody),
        (status = 503, description = "The card provider is not reachable", body = ErrorBody)))]
pub(super) async fn pay_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(PayRequest { transaction_id }): Body<PayRequest>,
) -> ApiResult<Json<Booking>> {
    let answered = pay(state, user, id, transaction_id).await;
    let outcome = match &answered {
        Ok(_) => "paid",
        Err(ApiError::PaymentRequired(_)) => "declined",
        Err(e) if e.status().is_server_error() => "unavailable",
        Err(_) => "refused",
    };
    let metrics = &crate::core::metrics::METRICS;
    crate::core::metrics::count(&metrics.payments, outcome);
    answered
}

/// `pay_order`'s work, its outcome counted by the caller.
async fn pay(
    state: AppState,
    user: CurrentUser,
    id: String,
    transaction_id: String,
) -> ApiResult<Json<Booking>> {
    let booking = order_for(&state, &user, &id, false).await?;
    if transition(booking.state(), Move::Pay).is_err() {
        return settled(&state, booking, &transaction_id).await;
    }
    if !state
        .payments
        .confirms(&state.db, &transaction_id, &booking)
        .await?
    {
        tracing::warn!(order = booking.id, buyer = ?user.email, "payment claim refused");
        return Err(ApiError::PaymentRequired(
            "The payment for this order has not succeeded".into(),
        ));
    }
    let notes = MoveNotes {
        transaction_id: Some(&transaction_id),
        ..MoveNotes::default()
    };
    match make_move(&state, &booking, Move::Pay, notes, &user.email, None).await {
        // The answer is the order as the payment's transaction wrote it.
        Ok(paid) => Ok(Json(paid.shown())),
        // Paid a moment ago by a double click or the provider's webhook, or
        // cancelled meanwhile.
        Err(ApiError::Conflict(_)) => {
            let booking = store::find(&state.db, booking.id)
                .await?
                .ok_or_else(|| ApiError::not_found("Order"))?;
            settled(&state, booking, &transaction_id).await
        }
        Err(e) => Err(e),
    }
}

/// An order the buyer can no longer pay: saying again that the payment that
/// paid it did is harmless; a payment that went through for an order
/// cancelled meanwhile is given back; anything else is refused as the table
/// says.
pub(super) async fn settled(
    state: &AppState,
    booking: BookingRow,
    transaction_id: &str,
) -> ApiResult<Json<Booking>> {
    let current = booking.state();
    if current.paid() && booking.transaction_id.as_deref() == Some(transaction_id) {
        return Ok(Json(shown_one(&state.db, booking).await?));
    }
    if current.fulfilment == state::Fulfilment::Cancelled
        && booking.transaction_id.as_deref() != Some(transaction_id)
        && state
            .payments
            .confirms(&state.db, transaction_id, &booking)
            .await?
    {
        let message = if holds::refund_unclaimed(state, &booking, transaction_id).await {
            "This order was cancelled before the payment arrived; the payment has been refunded"
        } else {
            "This order was cancelled before the payment arrived; the shop will refund the payment"
        };
        return Err(ApiError::Conflict(message.into()));
    }
    match transition(current, Move::Pay) {
        Err(message) => Err(ApiError::Conflict(message.into())),
        Ok(_) => Err(ApiError::Conflict(
            "This order is being paid; try again".into(),
        )),
    }
}

/// Cancels the buyer's unpaid order and gives its stock back. The order is
/// kept, with status `cancelled`.
#[utoipa::path(delete, path = "/api/booking/{id}", tag = "orders", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not unpaid and pending: paid (also when its payment has just gone through), shipped or cancelled", body = ErrorBody),
        (status = 429, description = "The buyer has cancelled too many orders lately", body = ErrorBody)))]
pub(super) async fn cancel_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let booking = order_for(&state, &user, &id, false).await?;
    // Only a cancel that can happen counts (docs/decisions.md, D32).
    if booking.state() == OrderState::NEW {
        state.check_cancel_rate(user.id).await?;
    }
    let notes = MoveNotes {
        cancel_reason: Some(CancelReason::Buyer),
        ..MoveNotes::default()
    };
    holds::cancel_unpaid(&state, &booking, notes, &user.email, None).await?;
    Ok(Json(DeletedCount { deleted_count: 1 }))
}
