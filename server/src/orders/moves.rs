//! Every move of an order, pay included: made as the table of moves
//! (`state`) allows from the state the order is in, in one write transaction
//! with its stock, its message and (for an admin) its audit record.

use super::*;
use crate::app::state::AppState;
use crate::catalogue::{self};
use crate::core::error::{ApiError, ApiResult};
use crate::mail;
use state::REFUND_UNDER_WAY;
use store::CancelReason;

/// Makes `action` on `booking` as the table of moves allows it from the
/// state the order is in, in a write transaction of its own (see
/// `write_move`). When someone else changed the order first, the move is
/// refused as the table says for its new state. A move that cancels records
/// why from `notes`. `by` names who moves it, for the log; a move by an
/// admin (`admin`) is recorded in the audit log in the same transaction.
pub(crate) async fn make_move(
    state: &AppState,
    booking: &BookingRow,
    action: Move,
    notes: MoveNotes<'_>,
    by: &str,
    admin: Option<&crate::core::caller::CurrentUser>,
) -> ApiResult<Moved> {
    let t = transition(booking.state(), action).map_err(|m| ApiError::Conflict(m.into()))?;
    let (turn, mut tx) = state.db.begin_write().await?;
    if action == Move::Cancel {
        // Money taken means the order is paid, not cancelled as unpaid.
        if let Some(paid) = holds::pay_if_charged(state, &mut tx, booking).await? {
            tx.commit().await?;
            drop(turn);
            tracing::info!(order = booking.id, intent = ?paid.transaction_id, by = ?by,
                "order moved: pay (its payment had gone through), not cancel");
            return Err(ApiError::Conflict(PAID_MEANWHILE.into()));
        }
    }
    let Some(moved) = write_move(
        &state.db,
        &mut tx,
        booking.id,
        &t,
        notes,
        &state.config.staff_email(),
    )
    .await?
    else {
        drop(tx);
        drop(turn);
        return Err(refused_now(state, booking.id, action).await);
    };
    if let (Some(admin), Some(what)) = (admin, audit_action(action)) {
        crate::audit::record(
            &state.db,
            &mut tx,
            crate::audit::Entry {
                by: admin.into(),
                action: what,
                subject_type: "order",
                subject_id: booking.id.to_string(),
                before: Some(audit_json(booking)),
                after: Some(audit_json(&moved.row)),
            },
        )
        .await?;
    }
    tx.commit().await?;
    log_move(booking.id, &t, notes, by);
    Ok(moved)
}

/// An order after a move, with its lines, both as read in the move's
/// transaction: the answer comes from what was written, never from a read
/// after the commit, which could fail although the move was made.
#[derive(Debug, Clone)]
pub struct Moved {
    pub row: BookingRow,
    pub lines: Vec<store::LineRow>,
}

impl Moved {
    /// The order as the API shows it.
    pub fn shown(self) -> Booking {
        Booking::new(self.row, self.lines)
    }
}

/// The audit log's name for an admin's move of an order.
pub(super) fn audit_action(action: Move) -> Option<&'static str> {
    match action {
        Move::Ship => Some(crate::audit::ORDER_SHIPPED),
        Move::Deliver => Some(crate::audit::ORDER_DELIVERED),
        Move::Cancel => Some(crate::audit::ORDER_CANCELLED),
        Move::Refund => Some(crate::audit::ORDER_REFUNDED),
        _ => None,
    }
}

/// An order as the audit log shows it before and after a move.
pub(super) fn audit_json(booking: &BookingRow) -> serde_json::Value {
    serde_json::json!({
        "paymentStatus": booking.payment_status,
        "fulfilmentStatus": booking.fulfilment_status,
        "carrier": booking.carrier,
        "trackingNumber": booking.tracking_number,
        "cancelReason": booking.cancel_reason,
        "totalCents": booking.total_cents,
    })
}

/// Writes the move `t`, which the table gave for the state order `id` was
/// read in, inside the write transaction `tx`: one conditional UPDATE (the
/// order must still be in `t.from`), with the stock given back in the same
/// transaction when the move says so, and the message telling the buyer of
/// it (`messages`) stored in the outbox. Answers the order after the move
/// with its lines, or None when it was no longer in that state and nothing
/// was written. Every
/// move of an order is written here: by `make_move`, and by whoever pays an
/// order within a transaction of their own (the card provider's webhook, a
/// cancel finding the payment had gone through).
pub(crate) async fn write_move(
    db: &crate::core::db::Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: i64,
    t: &state::Transition,
    notes: MoveNotes<'_>,
    staff_email: &str,
) -> ApiResult<Option<Moved>> {
    let Some(moved) = store::apply(db, &mut **tx, id, t, notes).await? else {
        return Ok(None);
    };
    let lines = store::lines_of(db, tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    if t.gives_stock_back {
        // Every line's units, once: the UPDATE above holds only once.
        let units = catalogue::units_per_part(lines.iter().map(|l| (l.part_id, l.quantity)));
        for (part_id, quantity) in units {
            catalogue::return_stock(db, &mut **tx, part_id, quantity).await?;
        }
    }
    // Paid or cancelled before "Order #N placed" went out: it never goes.
    if matches!(t.action, Move::Pay | Move::Cancel) {
        let why = "withdrawn: the order was paid or cancelled before this was sent";
        mail::withdraw_placed(tx, &moved.buyer_email, moved.id, why).await?;
    }
    // The buyer hears of it if, and only if, the move commits.
    if let Some(message) = messages::after_move(&moved, &lines, t.action) {
        mail::enqueue(tx, &moved.buyer_email, message).await?;
    }
    // And the shop hears of every paid order, to pack it.
    if t.action == Move::Pay {
        mail::enqueue(tx, staff_email, messages::paid_for_staff(&moved, &lines)).await?;
    }
    Ok(Some(Moved { row: moved, lines }))
}

/// Logs a move written by `write_move`, once its transaction is committed.
pub(crate) fn log_move(id: i64, t: &state::Transition, notes: MoveNotes<'_>, by: &str) {
    tracing::info!(order = id, action = t.action.as_str(), from = %t.from, to = %t.to,
        intent = ?notes.transaction_id, reason = ?notes.cancel_reason.map(CancelReason::as_str),
        by = ?by, "order moved");
}

/// The answer to cancelling an order whose payment has gone through.
pub const PAID_MEANWHILE: &str =
    "This order has been paid: its payment went through, so it can no longer be cancelled";

/// Why `action` cannot be made on order `id` as it stands now.
pub(super) async fn refused_now(state: &AppState, id: i64, action: Move) -> ApiError {
    let current = match store::find(&state.db, id).await {
        Ok(Some(current)) => current,
        Ok(None) => return ApiError::not_found("Order"),
        Err(e) => return e.into(),
    };
    match transition(current.state(), action) {
        Err(message) => ApiError::Conflict(message.into()),
        // Still in the move's state: a refund holds it.
        Ok(_) => ApiError::Conflict(REFUND_UNDER_WAY.into()),
    }
}
