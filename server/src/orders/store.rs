//! Queries on orders (bookings) and their lines. An order's own row keeps
//! its figures (goods, shipping, tax, total) and, for the clients that read
//! one part per order, its first line's part, price and quantity; every line
//! is a row of `booking_lines`, written in the same transaction.

use std::collections::HashMap;

use sea_query::{Condition, Expr, Iden, Order, Query, SelectStatement};
use sqlx::Any;

use super::state::{Fulfilment, Move, OrderState, Payment, Transition};
use crate::core::db::{self, Db};

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
    /// What the buyer pays: goods + shipping + tax.
    pub total_cents: i64,
    /// `pickup` or a delivery method's id, and its name when ordered.
    pub delivery_method_id: String,
    pub delivery_method: String,
    /// Where a delivery goes: the address as the API showed it, as JSON.
    pub delivery_address: Option<String>,
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

const COLUMNS: [Bookings; 25] = [
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
];

const LINE_COLUMNS: [BookingLines; 9] = [
    BookingLines::BookingId,
    BookingLines::Position,
    BookingLines::PartId,
    BookingLines::PartName,
    BookingLines::Sku,
    BookingLines::UnitPriceCents,
    BookingLines::Quantity,
    BookingLines::PriceCents,
    BookingLines::WeightGrams,
];

fn select() -> SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Bookings::Table)
        .to_owned()
}

/// A line of an order about to be placed, priced from the part as it
/// stands once its stock is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine {
    pub part_id: i64,
    pub part_name: String,
    pub sku: String,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub weight_grams: i64,
}

impl NewLine {
    pub fn price_cents(&self) -> i64 {
        self.unit_price_cents * self.quantity
    }
}

/// An order about to be placed: its lines (at least one) in the buyer's
/// order, and its figures as priced by the shop.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub lines: Vec<NewLine>,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub delivery_method_id: String,
    pub delivery_method: String,
    /// The delivery address as JSON; None for pickup.
    pub delivery_address: Option<String>,
}

impl NewOrder {
    /// The goods: the sum of the lines' prices.
    pub fn goods_cents(&self) -> i64 {
        self.lines.iter().map(NewLine::price_cents).sum()
    }
}

/// An order to record: what it is, who places it, the phone they gave.
pub struct ToRecord<'a> {
    pub order: &'a NewOrder,
    pub buyer: Buyer<'a>,
    pub phone: Option<String>,
}

/// Records orders' rows in the caller's transaction, a few hundred to a
/// statement, each holding its stock until `hold_until`, and answers each
/// with the lines it is to have (which `insert_lines` writes), in the order
/// given. Every price was computed by the shop from its own records, never
/// taken from the client.
pub async fn insert(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    orders: &[ToRecord<'_>],
    hold_until: &str,
) -> Result<Vec<(BookingRow, Vec<LineRow>)>, sqlx::Error> {
    let now = db::now();
    let mut recorded = Vec::with_capacity(orders.len());
    for chunk in orders.chunks(200) {
        let mut statement = Query::insert()
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
                Bookings::ShippingCents,
                Bookings::TaxCents,
                Bookings::TotalCents,
                Bookings::DeliveryMethodId,
                Bookings::DeliveryMethod,
                Bookings::DeliveryAddress,
            ])
            .returning(Query::returning().columns(COLUMNS))
            .to_owned();
        for ToRecord {
            order,
            buyer,
            phone,
        } in chunk
        {
            let first = order.lines.first().expect("an order has at least one line");
            statement.values_panic([
                first.part_id.into(),
                first.part_name.clone().into(),
                first.unit_price_cents.into(),
                first.quantity.into(),
                order.goods_cents().into(),
                buyer.id.into(),
                buyer.email.into(),
                buyer.name.into(),
                phone.clone().into(),
                OrderState::NEW.status().into(),
                OrderState::NEW.payment.as_str().into(),
                OrderState::NEW.fulfilment.as_str().into(),
                now.clone().into(),
                now.clone().into(),
                hold_until.into(),
                order.shipping_cents.into(),
                order.tax_cents.into(),
                order.total_cents.into(),
                order.delivery_method_id.clone().into(),
                order.delivery_method.clone().into(),
                order.delivery_address.clone().into(),
            ]);
        }
        let mut rows: Vec<BookingRow> = db.fetch_all_on(&mut *conn, &statement).await?;
        // Both databases number the rows of one INSERT in the order of its
        // VALUES; RETURNING need not list them in that order.
        rows.sort_unstable_by_key(|row| row.id);
        if rows.len() != chunk.len() {
            return Err(sqlx::Error::RowNotFound);
        }
        for (row, to) in rows.into_iter().zip(chunk) {
            if row.buyer_id != to.buyer.id || row.total_cents != to.order.total_cents {
                return Err(sqlx::Error::Protocol(format!(
                    "order {} came back as another order's row",
                    row.id
                )));
            }
            let lines = to
                .order
                .lines
                .iter()
                .enumerate()
                .map(|(position, line)| LineRow {
                    booking_id: row.id,
                    position: position as i64,
                    part_id: line.part_id,
                    part_name: line.part_name.clone(),
                    sku: line.sku.clone(),
                    unit_price_cents: line.unit_price_cents,
                    quantity: line.quantity,
                    price_cents: line.price_cents(),
                    weight_grams: line.weight_grams,
                })
                .collect();
            recorded.push((row, lines));
        }
    }
    Ok(recorded)
}

/// Writes order lines, of one order or of many placed together, a few
/// hundred to a statement (within the databases' limits on parameters).
pub async fn insert_lines<'a>(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    lines: impl IntoIterator<Item = &'a LineRow>,
) -> Result<(), sqlx::Error> {
    let lines: Vec<&LineRow> = lines.into_iter().collect();
    for chunk in lines.chunks(500) {
        let mut insert = Query::insert()
            .into_table(BookingLines::Table)
            .columns(LINE_COLUMNS)
            .to_owned();
        for line in chunk {
            insert.values_panic([
                line.booking_id.into(),
                line.position.into(),
                line.part_id.into(),
                line.part_name.clone().into(),
                line.sku.clone().into(),
                line.unit_price_cents.into(),
                line.quantity.into(),
                line.price_cents.into(),
                line.weight_grams.into(),
            ]);
        }
        db.execute_on(&mut *conn, &insert).await?;
    }
    Ok(())
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
