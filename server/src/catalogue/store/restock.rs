//! Stock put back and added: a cancelled order's units returned, and an
//! admin's restock, remembered under its `Idempotency-Key` so a retry adds
//! nothing twice (docs/decisions.md, D31).

use sea_query::{Expr, Iden, Query};
use sqlx::Any;

use super::*;
use crate::audit::{self, Entry};
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Db};

/// Puts `quantity` units back (a cancelled order); a deleted part stays deleted.
pub async fn return_stock<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
    quantity: i64,
) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Parts::Table)
        .value(
            Parts::AvailableQuantity,
            Expr::col(Parts::AvailableQuantity).add(quantity),
        )
        .and_where(Expr::col(Parts::Id).eq(id))
        .to_owned();
    db.execute_on(executor, &statement).await
}

#[derive(Iden)]
pub(super) enum RestockRequests {
    Table,
    AdminId,
    RequestKey,
    PartId,
    Quantity,
    CreatedAt,
    AnswerJson,
}

/// How long a restock's `Idempotency-Key` is remembered.
pub const RESTOCK_KEY_KEPT: time::Duration = time::Duration::days(1);

/// What became of a restock.
pub enum Restocked {
    /// The units were added: the part afterwards, read in the same transaction.
    Added(Box<PartRow>, Details),
    /// Nothing was added: the part does not exist or its stock would pass `max`.
    Refused,
    /// The admin sent this key before: what they asked for then, and the
    /// answer they were given (nothing was added now).
    Repeated {
        part_id: i64,
        quantity: i64,
        answer: Option<String>,
    },
}

/// A restock sent before with the same key.
#[derive(sqlx::FromRow)]
pub(super) struct RestockRequestRow {
    part_id: i64,
    quantity: i64,
    answer_json: Option<String>,
}

/// Adds `quantity` units to the stock in one statement, as long as the
/// stock stays at most `max`. The restock, its audit record (the stock
/// before and after) and the part it answers are one transaction.
///
/// With a `key` (the admin's `Idempotency-Key`) the request is recorded
/// first, under a unique (admin, key): a repeat, even one sent while the
/// first is still running, finds the first one instead of adding again, and
/// gets its answer (`answer` makes it, stored with the request).
pub async fn restock(
    db: &Db,
    id: i64,
    quantity: i64,
    max: i64,
    by: &CurrentUser,
    key: Option<&str>,
    answer: impl FnOnce(&PartRow, &Details) -> String,
) -> Result<Restocked, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    if let Some(key) = key {
        let insert = Query::insert()
            .into_table(RestockRequests::Table)
            .columns([
                RestockRequests::AdminId,
                RestockRequests::RequestKey,
                RestockRequests::PartId,
                RestockRequests::Quantity,
                RestockRequests::CreatedAt,
            ])
            .values_panic([
                by.id.into(),
                key.into(),
                id.into(),
                quantity.into(),
                db::now().into(),
            ])
            .to_owned();
        match db.execute_on(&mut *tx, &insert).await {
            Ok(_) => {}
            Err(e)
                if db::is_unique_violation(
                    &e,
                    "restock_requests_key",
                    "restock_requests.admin_id",
                ) =>
            {
                tx.rollback().await?;
                let first: RestockRequestRow = db
                    .fetch_one(
                        &Query::select()
                            .columns([
                                RestockRequests::PartId,
                                RestockRequests::Quantity,
                                RestockRequests::AnswerJson,
                            ])
                            .from(RestockRequests::Table)
                            .and_where(Expr::col(RestockRequests::AdminId).eq(by.id))
                            .and_where(Expr::col(RestockRequests::RequestKey).eq(key))
                            .to_owned(),
                    )
                    .await?;
                return Ok(Restocked::Repeated {
                    part_id: first.part_id,
                    quantity: first.quantity,
                    answer: first.answer_json,
                });
            }
            Err(e) => return Err(e),
        }
        let forgotten = time::OffsetDateTime::now_utc() - RESTOCK_KEY_KEPT;
        db.execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(RestockRequests::Table)
                .and_where(Expr::col(RestockRequests::CreatedAt).lt(db::format_time(forgotten)))
                .to_owned(),
        )
        .await?;
    }
    let statement = Query::update()
        .table(Parts::Table)
        .values([
            (
                Parts::AvailableQuantity,
                Expr::col(Parts::AvailableQuantity).add(quantity),
            ),
            (Parts::UpdatedAt, db::now().into()),
        ])
        .and_where(Expr::col(Parts::Id).eq(id))
        .and_where(Expr::col(Parts::AvailableQuantity).lte(max - quantity))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let Some(row) = db
        .fetch_optional_on::<PartRow>(&mut *tx, &statement)
        .await?
    else {
        // Rolled back: the key is not kept, so a later try is judged afresh.
        return Ok(Restocked::Refused);
    };
    audit::record(
        db,
        &mut tx,
        Entry {
            by: by.into(),
            action: audit::PART_RESTOCKED,
            subject_type: "part",
            subject_id: id.to_string(),
            before: Some(serde_json::json!({
                "sku": row.sku,
                "availableQuantity": row.available_quantity - quantity,
            })),
            after: Some(serde_json::json!({
                "sku": row.sku,
                "availableQuantity": row.available_quantity,
                "added": quantity,
            })),
        },
    )
    .await?;
    let details = details_on(db, &mut tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    if let Some(key) = key {
        db.execute_on(
            &mut *tx,
            &Query::update()
                .table(RestockRequests::Table)
                .value(RestockRequests::AnswerJson, answer(&row, &details))
                .and_where(Expr::col(RestockRequests::AdminId).eq(by.id))
                .and_where(Expr::col(RestockRequests::RequestKey).eq(key))
                .to_owned(),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Restocked::Added(Box::new(row), details))
}
