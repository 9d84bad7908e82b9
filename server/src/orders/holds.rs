//! Unpaid orders hold their stock for a while, not forever. An order is
//! placed holding its units until `SHOP_ORDER_HOLD` has passed, and starting
//! its payment holds them that long again, but never past
//! `SHOP_ORDER_HOLD_MAX` after it was placed; once the hold has run out, the
//! shop cancels the order (reason `expired`) and the units go back. One
//! buyer holds at most `SHOP_MAX_UNPAID_ORDERS` unpaid orders at once, of
//! at most `SHOP_MAX_UNPAID_UNITS` units together (docs/decisions.md, D17).
//!
//! Money and goods stay together: an order whose payment has gone through is
//! paid, never cancelled as unpaid (by its buyer, the staff or the expiry),
//! and a payment that goes through for an order cancelled meanwhile is
//! refunded at once.
//!
//! Every process sweeps for run-out holds. Each order is cancelled by one
//! conditional UPDATE that holds only while it is still unpaid with its hold
//! run out, so with several processes on one PostgreSQL database an order
//! expires once and its stock comes back once.

use std::time::Duration;

use sqlx::Any;

use super::state::{transition, Move, OrderState};
use super::store::{self, BookingRow, CancelReason, MoveNotes};
use super::{make_move, write_move, Moved};
use crate::app::state::AppState;
use crate::core::db;
use crate::core::error::{ApiError, ApiResult};

/// Orders expired per sweep at most; a longer backlog waits for the next.
const SWEEP_BATCH: u64 = 200;

/// When an order placed (or a payment started) now stops holding its stock.
pub fn hold_until(state: &AppState) -> String {
    db::from_now(state.config.order_hold)
}

/// How often to look for run-out holds: a tenth of the hold, between 50 ms
/// and 30 s, so an order is released soon after its time.
pub fn sweep_interval(hold: Duration) -> Duration {
    (hold / 10).clamp(Duration::from_millis(50), Duration::from_secs(30))
}

/// What a buyer's unpaid orders may still hold: how many more orders and
/// how many more units (None: no limit).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Room {
    pub orders: Option<i64>,
    pub units: Option<i64>,
}

impl Room {
    /// Whether an order of `units` more units still fits, after `orders`
    /// orders of `taken` units placed in the same transaction.
    pub fn refusal(
        &self,
        state: &AppState,
        orders: i64,
        taken: i64,
        units: i64,
    ) -> Option<ApiError> {
        if self.orders.is_some_and(|left| orders >= left) {
            return Some(too_many_unpaid(state));
        }
        if self.units.is_some_and(|left| taken + units > left) {
            return Some(too_many_units(state));
        }
        None
    }
}

/// Whether the shop limits what a buyer's unpaid orders hold.
pub fn limits_unpaid(state: &AppState) -> bool {
    state.config.max_unpaid_orders > 0 || state.config.max_unpaid_units > 0
}

/// The room the buyer's unpaid orders have left, read in the order's write
/// transaction. On PostgreSQL the caller has locked the buyer's row first
/// (`users::lock`), so two transactions at once cannot both use the same
/// room.
pub async fn unpaid_room(
    state: &AppState,
    tx: &mut sqlx::Transaction<'_, Any>,
    buyer_id: i64,
) -> ApiResult<Room> {
    let most_orders = i64::from(state.config.max_unpaid_orders);
    let most_units = i64::from(state.config.max_unpaid_units);
    if !limits_unpaid(state) {
        return Ok(Room::default());
    }
    let (orders, units) = store::unpaid_held(&state.db, &mut **tx, buyer_id).await?;
    Ok(Room {
        orders: (most_orders > 0).then_some(most_orders - orders),
        units: (most_units > 0).then_some(most_units - units),
    })
}

/// The refusal of an order from a buyer who holds the most unpaid orders
/// allowed.
pub fn too_many_unpaid(state: &AppState) -> ApiError {
    ApiError::Conflict(format!(
        "You have {} unpaid orders; pay for or cancel one before ordering more",
        state.config.max_unpaid_orders
    ))
}

/// The refusal of an order that would take a buyer's unpaid orders past
/// the most units they may hold together.
pub fn too_many_units(state: &AppState) -> ApiError {
    ApiError::Conflict(format!(
        "Your unpaid orders may hold at most {} units together; pay for or cancel one before ordering more",
        state.config.max_unpaid_units
    ))
}

/// When the hold of `booking`, an unpaid order whose payment is being
/// started now, runs out: the order hold from now, but never later than
/// `SHOP_ORDER_HOLD_MAX` after the order was placed, so renewing it again
/// and again cannot keep its stock from other buyers for good.
pub fn renewed_hold(state: &AppState, booking: &BookingRow) -> String {
    let renewed = time::OffsetDateTime::now_utc() + state.config.order_hold;
    let placed = time::OffsetDateTime::parse(
        &booking.created_at,
        &time::format_description::well_known::Rfc3339,
    );
    match placed {
        Ok(placed) => db::format_time(renewed.min(placed + state.config.order_hold_max())),
        // Written by the shop, so it always reads; if not, the hold is not renewed.
        Err(_) => booking
            .hold_until
            .clone()
            .unwrap_or_else(|| db::format_time(renewed)),
    }
}

/// In a write transaction about to cancel `booking`: when a payment of it has
/// gone through, pays the order with it instead and answers the paid order.
/// The order's row is locked first, so a payment being confirmed at the same
/// moment is either seen here or refused there.
pub async fn pay_if_charged(
    state: &AppState,
    tx: &mut sqlx::Transaction<'_, Any>,
    booking: &BookingRow,
) -> ApiResult<Option<BookingRow>> {
    let Some(booking) = store::lock(&state.db, &mut **tx, booking.id).await? else {
        return Ok(None);
    };
    // The card provider's side is the payments feature's, reached through
    // the state as every feature above the orders is.
    let Some(payment) = state
        .payments
        .succeeded_for(&state.db, tx, &booking)
        .await?
    else {
        return Ok(None);
    };
    let Ok(pay) = transition(booking.state(), Move::Pay) else {
        return Ok(None);
    };
    let notes = MoveNotes {
        transaction_id: Some(&payment.id),
        ..MoveNotes::default()
    };
    Ok(write_move(
        &state.db,
        tx,
        booking.id,
        &pay,
        notes,
        &state.config.staff_email(),
    )
    .await?
    .map(|paid| paid.row))
}

/// Cancels an unpaid order (its buyer, the staff, or the expiry with
/// `notes.cancel_reason`), first asking the card provider whether its payment
/// has gone through meanwhile: then it is paid instead, and the cancel is
/// refused (409).
pub async fn cancel_unpaid(
    state: &AppState,
    booking: &BookingRow,
    notes: MoveNotes<'_>,
    by: &str,
    admin: Option<&crate::core::caller::CurrentUser>,
) -> ApiResult<Moved> {
    if booking.state() == OrderState::NEW {
        if let Err(e) = state.payments.catch_up(&state.db, booking).await {
            // The payment's own news (the webhook, or the buyer's claim) will
            // still reach the shop; a payment for a cancelled order is refunded.
            tracing::warn!(order = booking.id, error = ?e, "cannot ask the card provider about the order's payment");
        }
    }
    make_move(state, booking, Move::Cancel, notes, by, admin).await
}

/// Gives back a payment that went through for an order already cancelled,
/// and logs it: money is never kept without the goods. A refund the provider
/// refuses is logged for a person to make. Answers whether the payment has
/// been refunded (now or before).
pub async fn refund_unclaimed(
    state: &AppState,
    booking: &BookingRow,
    transaction_id: &str,
) -> bool {
    match state.payments.refund_of(&state.db, booking.id).await {
        Ok(Some(refund)) if refund.payment_id == transaction_id => return true,
        Ok(_) => {}
        Err(e) => tracing::warn!(order = booking.id, error = ?e, "cannot read the order's refunds"),
    }
    match state
        .payments
        .refund_payment(&state.db, booking, transaction_id)
        .await
    {
        Ok(refund) => {
            tracing::warn!(order = booking.id, intent = ?transaction_id,
                refund = ?refund.id, amount_cents = refund.amount_cents,
                "a payment went through for a cancelled order: refunded");
            true
        }
        Err(e) => {
            tracing::error!(order = booking.id, intent = ?transaction_id, error = ?e,
                "a payment went through for a cancelled order and could not be refunded; refund it by hand");
            false
        }
    }
}

/// Cancels every unpaid order whose hold has run out (at most one batch);
/// answers how many were cancelled here.
pub async fn expire_due(state: &AppState) -> ApiResult<usize> {
    let now = db::now();
    let due = store::expired(&state.db, &now, SWEEP_BATCH).await?;
    let mut expired = 0;
    for booking in due {
        let notes = MoveNotes {
            cancel_reason: Some(CancelReason::Expired),
            hold_ended_by: Some(&now),
            ..MoveNotes::default()
        };
        match cancel_unpaid(state, &booking, notes, "the shop (hold ran out)", None).await {
            Ok(_) => expired += 1,
            // Paid (also just now, as its payment had gone through), renewed
            // or cancelled meanwhile, or expired by another process.
            Err(ApiError::Conflict(_)) => {}
            Err(e) => return Err(e),
        }
    }
    if expired > 0 {
        // Stock came back outside any request: the catalogue's kept answers
        // are out of date, here and in other shop processes.
        state.catalogue.invalidate().await;
    }
    Ok(expired)
}

/// Sweeps for run-out holds for as long as the shop runs.
pub async fn run(state: AppState) {
    let mut every = tokio::time::interval(sweep_interval(state.config.order_hold));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(e) = expire_due(&state).await {
            tracing::warn!(error = ?e, "cannot release unpaid orders now; trying again shortly");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_runs_often_enough_for_short_holds_and_rarely_for_long_ones() {
        assert_eq!(
            sweep_interval(Duration::from_secs(1)),
            Duration::from_millis(100)
        );
        assert_eq!(
            sweep_interval(Duration::from_millis(100)),
            Duration::from_millis(50)
        );
        assert_eq!(
            sweep_interval(Duration::from_secs(30 * 60)),
            Duration::from_secs(30)
        );
    }
}
