//! Queries on orders (bookings) and their lines. An order's own row keeps
//! its figures (goods, shipping, tax, total) and, for the clients that read
//! one part per order, its first line's part, price and quantity; every line
//! is a row of `booking_lines`, written in the same transaction.

pub mod dashboard;
mod insert;
mod moves;

pub use insert::{insert, insert_lines, NewLine, NewOrder, ToRecord};
pub use moves::{
    abandon_refund, add_refunded, apply, expired, lock, renew_hold, start_refund, unpaid_held,
    CancelReason, MoveNotes, REFUND_MARK_HOLDS,
};

use std::collections::HashMap;

use sea_query::{Condition, Expr, Iden, Order, Query, SelectStatement};

use super::state::{Fulfilment, OrderState, Payment};
use crate::core::db::Db;

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
    ShippingCents,
    TaxCents,
    TotalCents,
    DeliveryMethodId,
    DeliveryMethod,
    DeliveryAddress,
    DeliveryTime,
    DeliveredAt,
    ShippingTaxCents,
    RefundedCents,
    CoreChargesCents,
}

#[derive(Iden)]
pub enum BookingLines {
    Table,
    BookingId,
    Position,
    PartId,
    PartName,
    Sku,
    UnitPriceCents,
    Quantity,
    PriceCents,
    WeightGrams,
    Vehicle,
    CoreChargeCents,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingRow {
    pub id: i64,
    /// The first line's part, name, unit price and quantity.
    pub part_id: i64,
    pub part_name: String,
    pub unit_price_cents: i64,
    pub quantity: i64,
    /// The goods: the sum of the lines' prices.
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
    pub shipping_cents: i64,
    pub tax_cents: i64,
    /// What the buyer pays: goods + shipping + tax + core charges.
    pub total_cents: i64,
    /// `pickup` or a delivery method's id, and its name when ordered.
    pub delivery_method_id: String,
    pub delivery_method: String,
    /// Where a delivery goes: the address as the API showed it, as JSON.
    pub delivery_address: Option<String>,
    /// When the parts come, as the method said at checkout; "" for pickup.
    pub delivery_time: String,
    /// When it was marked delivered (or collected); its return window
    /// starts then.
    pub delivered_at: Option<String>,
    /// The part of `tax_cents` charged on the delivery.
    pub shipping_tax_cents: i64,
    /// What its returns have refunded so far.
    pub refunded_cents: i64,
    /// The deposits on its lines' parts (core charges), untaxed: a part of
    /// `total_cents`.
    pub core_charges_cents: i64,
}

/// One line of an order, as it was ordered.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LineRow {
    pub booking_id: i64,
    pub position: i64,
    pub part_id: i64,
    pub part_name: String,
    pub sku: String,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub price_cents: i64,
    pub weight_grams: i64,
    /// The vehicle the buyer had chosen when ordering, as they named it.
    pub vehicle: Option<String>,
    /// The deposit on one unit (its core charge), as ordered; 0: none.
    pub core_charge_cents: i64,
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

const COLUMNS: [Bookings; 30] = [
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
    Bookings::ShippingCents,
    Bookings::TaxCents,
    Bookings::TotalCents,
    Bookings::DeliveryMethodId,
    Bookings::DeliveryMethod,
    Bookings::DeliveryAddress,
    Bookings::DeliveryTime,
    Bookings::DeliveredAt,
    Bookings::ShippingTaxCents,
    Bookings::RefundedCents,
    Bookings::CoreChargesCents,
];

const LINE_COLUMNS: [BookingLines; 11] = [
    BookingLines::BookingId,
    BookingLines::Position,
    BookingLines::PartId,
    BookingLines::PartName,
    BookingLines::Sku,
    BookingLines::UnitPriceCents,
    BookingLines::Quantity,
    BookingLines::PriceCents,
    BookingLines::WeightGrams,
    BookingLines::Vehicle,
    BookingLines::CoreChargeCents,
];

fn select() -> SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Bookings::Table)
        .to_owned()
}

/// The lines of the orders `ids`, each order's in position order (read in
/// chunks, so any number of orders stays within the databases' limits on
/// parameters).
pub async fn lines_of(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<LineRow>>, sqlx::Error> {
    let mut all: HashMap<i64, Vec<LineRow>> = HashMap::new();
    for chunk in ids.chunks(500) {
        let select = Query::select()
            .columns(LINE_COLUMNS)
            .from(BookingLines::Table)
            .and_where(Expr::col(BookingLines::BookingId).is_in(chunk.iter().copied()))
            .order_by(BookingLines::BookingId, Order::Asc)
            .order_by(BookingLines::Position, Order::Asc)
            .to_owned();
        let rows: Vec<LineRow> = db.fetch_all_on(&mut *conn, &select).await?;
        for line in rows {
            all.entry(line.booking_id).or_default().push(line);
        }
    }
    Ok(all)
}

/// The lines of every order of a buyer, in one query.
pub async fn lines_of_buyer(
    db: &Db,
    buyer_id: i64,
) -> Result<HashMap<i64, Vec<LineRow>>, sqlx::Error> {
    let select = Query::select()
        .columns(LINE_COLUMNS)
        .from(BookingLines::Table)
        .and_where(
            Expr::col(BookingLines::BookingId).in_subquery(
                Query::select()
                    .column(Bookings::Id)
                    .from(Bookings::Table)
                    .and_where(Expr::col(Bookings::BuyerId).eq(buyer_id))
                    .to_owned(),
            ),
        )
        .order_by(BookingLines::BookingId, Order::Asc)
        .order_by(BookingLines::Position, Order::Asc)
        .to_owned();
    let rows: Vec<LineRow> = db.fetch_all(&select).await?;
    let mut all: HashMap<i64, Vec<LineRow>> = HashMap::new();
    for line in rows {
        all.entry(line.booking_id).or_default().push(line);
    }
    Ok(all)
}

pub async fn find(db: &Db, id: i64) -> Result<Option<BookingRow>, sqlx::Error> {
    db.fetch_optional(
        &select()
            .and_where(Expr::col(Bookings::Id).eq(id))
            .to_owned(),
    )
    .await
}

/// `find`, on `conn` (a write's own transaction, so its answer is what
/// the write left).
pub async fn find_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    id: i64,
) -> Result<Option<BookingRow>, sqlx::Error> {
    db.fetch_optional_on(
        conn,
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
    pub(crate) fn condition(&self) -> Condition {
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

/// How many orders match `filter`.
pub async fn count(db: &Db, filter: &Filter) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(Bookings::Id).count())
                .from(Bookings::Table)
                .cond_where(filter.condition())
                .to_owned(),
        )
        .await?;
    Ok(total)
}
