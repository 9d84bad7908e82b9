//! An order moved: locked, its state changed by one conditional update (so
//! of two moves at once one wins), its hold renewed or run out, and a
//! refund marked while it is under way.

use sea_query::{Expr, Order, Query};
use sqlx::Any;

use super::*;
use crate::core::db::{self, Db};
use crate::orders::state::{Move, OrderState, Transition};

/// Locks an order's row for the rest of the transaction (a write that
/// changes nothing), so that payments for it are opened one at a time;
/// answers the order as it stands.
pub async fn lock<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
) -> Result<Option<BookingRow>, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .value(Bookings::UpdatedAt, Expr::col(Bookings::UpdatedAt))
        .and_where(Expr::col(Bookings::Id).eq(id))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(executor, &statement).await
}

/// What a move records beside the new state, and what else must still hold.
#[derive(Debug, Default, Clone, Copy)]
pub struct MoveNotes<'a> {
    /// Paying: the payment's id.
    pub transaction_id: Option<&'a str>,
    /// Cancelling: why.
    pub cancel_reason: Option<CancelReason>,
    /// Expiring: the order's hold must have run out before this time, so a
    /// payment started meanwhile keeps it.
    pub hold_ended_by: Option<&'a str>,
    /// Shipping: who carries the parcel, and its tracking number.
    pub carrier: Option<&'a str>,
    pub tracking_number: Option<&'a str>,
}

/// Why an order was cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelReason {
    Buyer,
    Admin,
    Expired,
}

impl CancelReason {
    pub const ALL: [CancelReason; 3] = [
        CancelReason::Buyer,
        CancelReason::Admin,
        CancelReason::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CancelReason::Buyer => "buyer",
            CancelReason::Admin => "admin",
            CancelReason::Expired => "expired",
        }
    }
}

/// Makes the move `t` on order `id`, in one UPDATE that holds only while
/// the order is still in `t.from` (and, but for a refund, no refund of it is
/// under way); answers the order after the move, or None when it was not
/// in that state (any more). A move out of unpaid ends the order's hold.
pub async fn apply<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
    t: &Transition,
    notes: MoveNotes<'_>,
) -> Result<Option<BookingRow>, sqlx::Error> {
    let mut update = Query::update();
    update
        .table(Bookings::Table)
        .values([
            (Bookings::PaymentStatus, t.to.payment.as_str().into()),
            (Bookings::FulfilmentStatus, t.to.fulfilment.as_str().into()),
            (Bookings::Status, t.to.status().into()),
            (Bookings::UpdatedAt, db::now().into()),
            (Bookings::RefundStartedAt, Option::<String>::None.into()),
            (Bookings::HoldUntil, Option::<String>::None.into()),
        ])
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(in_state(t.from))
        .returning(Query::returning().columns(COLUMNS));
    if let Some(transaction_id) = notes.transaction_id {
        update.value(Bookings::TransactionId, transaction_id);
    }
    if let Some(reason) = notes.cancel_reason {
        update.value(Bookings::CancelReason, reason.as_str());
    }
    if let Some(carrier) = notes.carrier {
        update.value(Bookings::Carrier, carrier);
    }
    if let Some(tracking_number) = notes.tracking_number {
        update.value(Bookings::TrackingNumber, tracking_number);
    }
    if let Some(time) = notes.hold_ended_by {
        update.and_where(Expr::col(Bookings::HoldUntil).lte(time));
    }
    if t.action != Move::Refund {
        update.and_where(Expr::col(Bookings::RefundStartedAt).is_null());
    }
    if t.action == Move::Deliver {
        // The return window starts now.
        update.value(Bookings::DeliveredAt, db::now());
    }
    db.fetch_optional_on(executor, &update).await
}

/// Starts an unpaid order's hold again (its payment is being started), up
/// to `hold_until`; answers whether the order was still unpaid and open.
pub async fn renew_hold(db: &Db, id: i64, hold_until: String) -> Result<bool, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .value(Bookings::HoldUntil, hold_until)
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(in_state(OrderState::NEW))
        .to_owned();
    Ok(db.execute(&statement).await? == 1)
}

/// Unpaid orders whose hold ran out by `now`, the longest expired first.
pub async fn expired(db: &Db, now: &str, limit: u64) -> Result<Vec<BookingRow>, sqlx::Error> {
    db.fetch_all(
        &select()
            .and_where(in_state(OrderState::NEW))
            .and_where(Expr::col(Bookings::HoldUntil).lte(now))
            .order_by(Bookings::HoldUntil, Order::Asc)
            .limit(limit)
            .to_owned(),
    )
    .await
}

/// How many unpaid, open orders a buyer holds, and how many units their
/// lines hold together.
pub async fn unpaid_held<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    buyer_id: i64,
) -> Result<(i64, i64), sqlx::Error> {
    let held: Option<(i64, i64)> = db
        .fetch_optional_on(
            executor,
            &Query::select()
                .expr(Expr::cust("CAST(COUNT(DISTINCT bookings.id) AS BIGINT)"))
                .expr(Expr::cust(
                    "CAST(COALESCE(SUM(booking_lines.quantity), 0) AS BIGINT)",
                ))
                .from(Bookings::Table)
                .left_join(
                    BookingLines::Table,
                    Expr::col((BookingLines::Table, BookingLines::BookingId))
                        .equals((Bookings::Table, Bookings::Id)),
                )
                .and_where(Expr::col((Bookings::Table, Bookings::BuyerId)).eq(buyer_id))
                .and_where(in_state(OrderState::NEW))
                .to_owned(),
        )
        .await?;
    Ok(held.unwrap_or((0, 0)))
}

/// How long a refund's mark holds off another: one started longer ago is
/// taken to have died with its process, and may be started again.
pub const REFUND_MARK_HOLDS: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Notes that the payment provider is being asked to refund order `id`, while
/// it is paid and not shipped and no other refund of it is under way: it
/// cannot be shipped until the refund is over. Answers the mark (its start
/// time, for `abandon_refund`), or None when the order was not in that
/// state.
pub async fn start_refund(
    db: &Db,
    id: i64,
    from: OrderState,
) -> Result<Option<String>, sqlx::Error> {
    let mark = db::now();
    let statement = Query::update()
        .table(Bookings::Table)
        .value(Bookings::RefundStartedAt, mark.clone())
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(in_state(from))
        .and_where(
            Expr::col(Bookings::RefundStartedAt)
                .is_null()
                .or(Expr::col(Bookings::RefundStartedAt).lt(db::ago(REFUND_MARK_HOLDS))),
        )
        .to_owned();
    Ok((db.execute(&statement).await? == 1).then_some(mark))
}

/// Forgets a refund that the payment provider did not make: the mark
/// `start_refund` answered, and no later one.
pub async fn abandon_refund(db: &Db, id: i64, mark: &str) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .value(Bookings::RefundStartedAt, Option::<String>::None)
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(Expr::col(Bookings::RefundStartedAt).eq(mark))
        .to_owned();
    db.execute(&statement).await
}

/// Adds `cents` to what order `id`'s returns have refunded, on the caller's
/// transaction; the column's CHECK keeps it within the order's total.
pub async fn add_refunded(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    id: i64,
    cents: i64,
) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .value(
            Bookings::RefundedCents,
            Expr::col(Bookings::RefundedCents).add(cents),
        )
        .value(Bookings::UpdatedAt, db::now())
        .and_where(Expr::col(Bookings::Id).eq(id))
        .to_owned();
    db.execute_on(tx, &statement).await
}
