//! Queries on payments (one row per payment intent) and on the card
//! provider's webhook events already handled.

use sea_query::{Expr, Iden, OnConflict, Order, Query, SelectStatement};
use sqlx::Any;

use crate::core::db::{self, Db};
use crate::orders::BookingRow;

/// The status of an intent that has taken the money.
pub const SUCCEEDED: &str = "succeeded";
/// The status of an intent waiting for a card (new, or after a refusal).
pub const OPEN: &str = "requires_payment_method";

#[derive(Iden)]
enum Payments {
    Table,
    Id,
    BookingId,
    ClientSecret,
    AmountCents,
    Currency,
    Status,
    CardLast4,
    FailureCode,
    CreatedAt,
    UpdatedAt,
}

#[derive(Iden)]
enum WebhookEvents {
    Table,
    Id,
    Type,
    ReceivedAt,
}

/// A payment intent: its id is the `transactionId` that pays its order.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaymentRow {
    pub id: String,
    pub booking_id: i64,
    pub client_secret: String,
    pub amount_cents: i64,
    pub currency: String,
    pub status: String,
}

fn select() -> SelectStatement {
    Query::select()
        .columns([
            Payments::Id,
            Payments::BookingId,
            Payments::ClientSecret,
            Payments::AmountCents,
            Payments::Currency,
            Payments::Status,
        ])
        .from(Payments::Table)
        .to_owned()
}

/// The intent a client secret belongs to.
pub async fn find_by_secret(
    db: &Db,
    client_secret: &str,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    db.fetch_optional(
        &select()
            .and_where(Expr::col(Payments::ClientSecret).eq(client_secret))
            .to_owned(),
    )
    .await
}

/// The newest intent for an order's amount and currency, if it has one.
pub async fn latest_for<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    booking: &BookingRow,
    currency: &str,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    db.fetch_optional_on(executor, &newest_of(booking, currency))
        .await
}

/// The newest intent for an order's amount and currency.
fn newest_of(booking: &BookingRow, currency: &str) -> SelectStatement {
    select()
        .and_where(Expr::col(Payments::BookingId).eq(booking.id))
        .and_where(Expr::col(Payments::AmountCents).eq(booking.total_cents))
        .and_where(Expr::col(Payments::Currency).eq(currency))
        .order_by(Payments::CreatedAt, Order::Desc)
        .limit(1)
        .to_owned()
}

/// Records an intent. One already recorded keeps its row, except that a
/// success reported by the provider is always written down.
pub async fn save<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    payment: &PaymentRow,
) -> Result<u64, sqlx::Error> {
    let now = db::now();
    let on_conflict = if payment.status == SUCCEEDED {
        OnConflict::column(Payments::Id)
            .update_columns([Payments::Status, Payments::UpdatedAt])
            .to_owned()
    } else {
        OnConflict::column(Payments::Id).do_nothing().to_owned()
    };
    let statement = Query::insert()
        .into_table(Payments::Table)
        .columns([
            Payments::Id,
            Payments::BookingId,
            Payments::ClientSecret,
            Payments::AmountCents,
            Payments::Currency,
            Payments::Status,
            Payments::CreatedAt,
            Payments::UpdatedAt,
        ])
        .values_panic([
            payment.id.clone().into(),
            payment.booking_id.into(),
            payment.client_secret.clone().into(),
            payment.amount_cents.into(),
            payment.currency.clone().into(),
            payment.status.clone().into(),
            now.clone().into(),
            now.into(),
        ])
        .on_conflict(on_conflict)
        .to_owned();
    db.execute_on(executor, &statement).await
}

/// Settles an intent that has not succeeded yet: succeeded with the card's
/// last four digits, or refused with the provider's code (still open).
pub async fn settle<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: &str,
    outcome: Result<&str, &str>,
) -> Result<u64, sqlx::Error> {
    let (status, last4, failure) = match outcome {
        Ok(last4) => (SUCCEEDED, Some(last4), None),
        Err(code) => (OPEN, None, Some(code)),
    };
    let statement = Query::update()
        .table(Payments::Table)
        .values([
            (Payments::Status, status.into()),
            (Payments::CardLast4, last4.into()),
            (Payments::FailureCode, failure.into()),
            (Payments::UpdatedAt, db::now().into()),
        ])
        .and_where(Expr::col(Payments::Id).eq(id))
        .and_where(Expr::col(Payments::Status).ne(SUCCEEDED))
        .to_owned();
    db.execute_on(executor, &statement).await
}

/// Whether `transaction_id` names a succeeded payment of exactly this order's
/// amount, in the shop's currency (docs/decisions.md, D4).
pub async fn succeeded(
    db: &Db,
    transaction_id: &str,
    booking: &BookingRow,
    currency: &str,
) -> Result<bool, sqlx::Error> {
    let select = select()
        .and_where(Expr::col(Payments::Id).eq(transaction_id))
        .and_where(Expr::col(Payments::BookingId).eq(booking.id))
        .and_where(Expr::col(Payments::AmountCents).eq(booking.total_cents))
        .and_where(Expr::col(Payments::Currency).eq(currency))
        .and_where(Expr::col(Payments::Status).eq(SUCCEEDED))
        .to_owned();
    Ok(db.fetch_optional::<PaymentRow>(&select).await?.is_some())
}

/// A succeeded payment of exactly this order's amount, in the shop's
/// currency, if it has one.
pub async fn succeeded_for<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    booking: &BookingRow,
    currency: &str,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    let select = newest_of(booking, currency)
        .and_where(Expr::col(Payments::Status).eq(SUCCEEDED))
        .to_owned();
    db.fetch_optional_on(executor, &select).await
}

/// Notes a webhook event as handled; answers false when it already was.
pub async fn remember_event<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: &str,
    kind: &str,
) -> Result<bool, sqlx::Error> {
    let statement = Query::insert()
        .into_table(WebhookEvents::Table)
        .columns([
            WebhookEvents::Id,
            WebhookEvents::Type,
            WebhookEvents::ReceivedAt,
        ])
        .values_panic([id.into(), kind.into(), db::now().into()])
        .on_conflict(
            OnConflict::column(WebhookEvents::Id)
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    Ok(db.execute_on(executor, &statement).await? == 1)
}

#[derive(Iden)]
enum Refunds {
    Table,
    Id,
    BookingId,
    PaymentId,
    AmountCents,
    Currency,
    Status,
    CreatedAt,
}

/// A refund the payment provider made: the whole amount of one order.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundRow {
    pub id: String,
    pub booking_id: i64,
    pub payment_id: String,
    pub amount_cents: i64,
    pub currency: String,
    pub status: String,
}

/// Records a refund; an order already refunded keeps its first record.
/// Answers the order's refund as recorded.
pub async fn save_refund(db: &Db, refund: &RefundRow) -> Result<RefundRow, sqlx::Error> {
    let statement = Query::insert()
        .into_table(Refunds::Table)
        .columns([
            Refunds::Id,
            Refunds::BookingId,
            Refunds::PaymentId,
            Refunds::AmountCents,
            Refunds::Currency,
            Refunds::Status,
            Refunds::CreatedAt,
        ])
        .values_panic([
            refund.id.clone().into(),
            refund.booking_id.into(),
            refund.payment_id.clone().into(),
            refund.amount_cents.into(),
            refund.currency.clone().into(),
            refund.status.clone().into(),
            db::now().into(),
        ])
        .on_conflict(
            OnConflict::column(Refunds::BookingId)
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    db.execute(&statement).await?;
    refund_of(db, refund.booking_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)
}

/// The refund recorded for an order, if any.
pub async fn refund_of(db: &Db, booking_id: i64) -> Result<Option<RefundRow>, sqlx::Error> {
    let select = Query::select()
        .columns([
            Refunds::Id,
            Refunds::BookingId,
            Refunds::PaymentId,
            Refunds::AmountCents,
            Refunds::Currency,
            Refunds::Status,
        ])
        .from(Refunds::Table)
        .and_where(Expr::col(Refunds::BookingId).eq(booking_id))
        .to_owned();
    db.fetch_optional(&select).await
}
