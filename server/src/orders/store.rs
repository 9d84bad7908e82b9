//! Queries on orders (bookings).

use sea_query::{Condition, Expr, Iden, Order, Query, SelectStatement};
use sqlx::Any;

use super::state::{Fulfilment, Move, OrderState, Payment, Transition};
use crate::db::{self, Db};
use crate::parts::store::PartRow;

#[derive(Iden)]
pub enum Bookings {
    Table,
    Id,
    PartId,
    PartName,
    UnitPriceCents,
    Quantity,
    PriceCents,
    BuyerId,
    BuyerEmail,
    BuyerName,
    Phone,
    Status,
    TransactionId,
    CreatedAt,
    UpdatedAt,
    PaymentStatus,
    FulfilmentStatus,
    RefundStartedAt,
    HoldUntil,
    CancelReason,
    Carrier,
    TrackingNumber,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingRow {
    pub id: i64,
    pub part_id: i64,
    pub part_name: String,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub price_cents: i64,
    pub buyer_id: i64,
    pub buyer_email: String,
    pub buyer_name: String,
    pub phone: Option<String>,
    pub transaction_id: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub payment_status: String,
    pub fulfilment_status: String,
    /// While unpaid and open: when the order stops holding its stock.
    pub hold_until: Option<String>,
    /// `buyer`, `admin` or `expired` once cancelled.
    pub cancel_reason: Option<String>,
    /// Once shipped, when the staff said: who carries it, and its tracking number.
    pub carrier: Option<String>,
    pub tracking_number: Option<String>,
}

impl BookingRow {
    /// Where the order stands. The columns' CHECK constraints hold them to
    /// the lists `state.rs` knows.
    pub fn state(&self) -> OrderState {
        OrderState {
            payment: Payment::parse(&self.payment_status)
                .expect("payment_status is one of the known payments"),
            fulfilment: Fulfilment::parse(&self.fulfilment_status)
                .expect("fulfilment_status is one of the known fulfilments"),
        }
    }
}

/// Who places an order.
pub struct Buyer<'a> {
    pub id: i64,
    pub email: &'a str,
    pub name: &'a str,
}

const COLUMNS: [Bookings; 19] = [
    Bookings::Id,
    Bookings::PartId,
    Bookings::PartName,
    Bookings::UnitPriceCents,
    Bookings::Quantity,
    Bookings::PriceCents,
    Bookings::BuyerId,
    Bookings::BuyerEmail,
    Bookings::BuyerName,
    Bookings::Phone,
    Bookings::TransactionId,
    Bookings::CreatedAt,
    Bookings::UpdatedAt,
    Bookings::PaymentStatus,
    Bookings::FulfilmentStatus,
    Bookings::HoldUntil,
    Bookings::CancelReason,
    Bookings::Carrier,
    Bookings::TrackingNumber,
];

fn select() -> SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Bookings::Table)
        .to_owned()
}

/// Records an order for `part` as it stands after its stock was taken,
/// holding its stock until `hold_until`; the price is computed here from the
/// shop's own unit price, never taken from the client.
pub async fn insert<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    part: &PartRow,
    quantity: i64,
    buyer: &Buyer<'_>,
    phone: Option<String>,
    hold_until: String,
) -> Result<BookingRow, sqlx::Error> {
    let now = db::now();
    let statement = Query::insert()
        .into_table(Bookings::Table)
        .columns([
            Bookings::PartId,
            Bookings::PartName,
            Bookings::UnitPriceCents,
            Bookings::Quantity,
            Bookings::PriceCents,
            Bookings::BuyerId,
            Bookings::BuyerEmail,
            Bookings::BuyerName,
            Bookings::Phone,
            Bookings::Status,
            Bookings::PaymentStatus,
            Bookings::FulfilmentStatus,
            Bookings::CreatedAt,
            Bookings::UpdatedAt,
            Bookings::HoldUntil,
        ])
        .values_panic([
            part.id.into(),
            part.name.clone().into(),
            part.price_cents.into(),
            quantity.into(),
            (part.price_cents * quantity).into(),
            buyer.id.into(),
            buyer.email.into(),
            buyer.name.into(),
            phone.into(),
            OrderState::NEW.status().into(),
            OrderState::NEW.payment.as_str().into(),
            OrderState::NEW.fulfilment.as_str().into(),
            now.clone().into(),
            now.into(),
            hold_until.into(),
        ])
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let (sql, values) = db.sql(&statement);
    sqlx::query_as_with::<_, BookingRow, _>(&sql, values)
        .fetch_one(executor)
        .await
}

pub async fn find(db: &Db, id: i64) -> Result<Option<BookingRow>, sqlx::Error> {
    db.fetch_optional(
        &select()
            .and_where(Expr::col(Bookings::Id).eq(id))
            .to_owned(),
    )
    .await
}

/// A buyer's orders, newest first.
pub async fn list_for_buyer(db: &Db, buyer_id: i64) -> Result<Vec<BookingRow>, sqlx::Error> {
    db.fetch_all(
        &select()
            .and_where(Expr::col(Bookings::BuyerId).eq(buyer_id))
            .order_by(Bookings::Id, Order::Desc)
            .to_owned(),
    )
    .await
}

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

/// How many unpaid, open orders a buyer holds.
pub async fn unpaid_count<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    buyer_id: i64,
) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db
        .fetch_optional_on(
            executor,
            &Query::select()
                .expr(Expr::col(Bookings::Id).count())
                .from(Bookings::Table)
                .and_where(Expr::col(Bookings::BuyerId).eq(buyer_id))
                .and_where(in_state(OrderState::NEW))
                .to_owned(),
        )
        .await?
        .unwrap_or((0,));
    Ok(n)
}

/// Notes that the payment provider is being asked to refund order `id`, while
/// it is paid and not shipped: it cannot be shipped until the refund is over.
/// Answers whether the order was in that state.
pub async fn start_refund(db: &Db, id: i64, from: OrderState) -> Result<bool, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .value(Bookings::RefundStartedAt, db::now())
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(in_state(from))
        .to_owned();
    Ok(db.execute(&statement).await? == 1)
}

/// Forgets a refund that the payment provider did not make.
pub async fn abandon_refund(db: &Db, id: i64) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .value(Bookings::RefundStartedAt, Option::<String>::None)
        .and_where(Expr::col(Bookings::Id).eq(id))
        .to_owned();
    db.execute(&statement).await
}

/// The condition "the order is in state `s`".
fn in_state(s: OrderState) -> sea_query::SimpleExpr {
    Expr::col(Bookings::PaymentStatus)
        .eq(s.payment.as_str())
        .and(Expr::col(Bookings::FulfilmentStatus).eq(s.fulfilment.as_str()))
}

/// Which orders the admin's list shows; None is "any".
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub payment: Option<Payment>,
    pub fulfilment: Option<Fulfilment>,
    /// One of the derived statuses the API shows (`status`).
    pub status: Option<&'static str>,
}

impl Filter {
    fn condition(&self) -> Condition {
        let mut all = Condition::all();
        if let Some(p) = self.payment {
            all = all.add(Expr::col(Bookings::PaymentStatus).eq(p.as_str()));
        }
        if let Some(f) = self.fulfilment {
            all = all.add(Expr::col(Bookings::FulfilmentStatus).eq(f.as_str()));
        }
        if let Some(status) = self.status {
            // The states with that status, from the one derivation in state.rs.
            let mut any = Condition::any();
            for s in OrderState::with_status(status) {
                any = any.add(in_state(s));
            }
            all = all.add(any);
        }
        all
    }
}

/// Every buyer's orders matching `filter`, newest first: one page of them,
/// and how many match in all.
pub async fn list_all(
    db: &Db,
    filter: &Filter,
    limit: u64,
    offset: u64,
) -> Result<(Vec<BookingRow>, i64), sqlx::Error> {
    let page = select()
        .cond_where(filter.condition())
        .order_by(Bookings::Id, Order::Desc)
        .limit(limit)
        .offset(offset)
        .to_owned();
    let rows = db.fetch_all(&page).await?;
    let (total,): (i64,) = db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(Bookings::Id).count())
                .from(Bookings::Table)
                .cond_where(filter.condition())
                .to_owned(),
        )
        .await?;
    Ok((rows, total))
}
