//! Queries on orders (bookings).

use sea_query::{Expr, Iden, Order, Query, SelectStatement};
use sqlx::Any;

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
    pub status: String,
    pub transaction_id: Option<String>,
    pub created_at: String,
}

/// Who places an order.
pub struct Buyer<'a> {
    pub id: i64,
    pub email: &'a str,
    pub name: &'a str,
}

const COLUMNS: [Bookings; 13] = [
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
    Bookings::Status,
    Bookings::TransactionId,
    Bookings::CreatedAt,
];

fn select() -> SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Bookings::Table)
        .to_owned()
}

/// Records an order for `part` as it stands after its stock was taken; the
/// price is computed here from the shop's own unit price (D3).
pub async fn insert<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    part: &PartRow,
    quantity: i64,
    buyer: &Buyer<'_>,
    phone: Option<String>,
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
            Bookings::CreatedAt,
            Bookings::UpdatedAt,
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
            "unpaid".into(),
            now.clone().into(),
            now.into(),
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

/// Cancels an unpaid order; answers the cancelled order, or None when it was
/// not unpaid (any more).
pub async fn cancel<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
) -> Result<Option<BookingRow>, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .values([
            (Bookings::Status, "cancelled".into()),
            (Bookings::UpdatedAt, db::now().into()),
        ])
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(Expr::col(Bookings::Status).eq("unpaid"))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(executor, &statement).await
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

/// Marks an unpaid order paid; answers whether it was still unpaid.
pub async fn mark_paid<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
    transaction_id: &str,
) -> Result<bool, sqlx::Error> {
    let statement = Query::update()
        .table(Bookings::Table)
        .values([
            (Bookings::Status, "paid".into()),
            (Bookings::TransactionId, transaction_id.into()),
            (Bookings::UpdatedAt, db::now().into()),
        ])
        .and_where(Expr::col(Bookings::Id).eq(id))
        .and_where(Expr::col(Bookings::Status).eq("unpaid"))
        .to_owned();
    Ok(db.execute_on(executor, &statement).await? == 1)
}
