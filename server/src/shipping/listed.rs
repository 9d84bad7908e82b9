//! The one way an admin's list of settings rows is added to, replaced and
//! deleted: delivery methods and tax rates alike. Each write runs in one
//! write transaction with its checks (a row that must exist, a place that
//! must be free) and its audit record, so a racing admin sees either the
//! row before or after, never half; the database's unique keys stay the
//! last word (`Listed::write_error`). An id that names no row, a bad one
//! included, answers 404 for every verb.

use std::future::Future;

use sea_query::{Iden, SimpleExpr};
use serde::Serialize;

use super::store;
use crate::audit;
use crate::core::answers::DeletedCount;
use crate::core::caller::CurrentUser;
use crate::core::db::{Db, Row};
use crate::core::error::{ApiError, ApiResult};
use crate::core::input::parse_id;

/// What an audit record of a change says: its action, the kind of subject
/// and the subject's id (docs/api.md lists them).
pub(super) struct AuditName {
    pub action: &'static str,
    pub subject_type: &'static str,
    pub subject_id: String,
}

/// How a row changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Change {
    Added,
    Edited,
    Deleted,
}

/// A kind of settings row, described by the view the API answers with.
pub(super) trait Listed: From<Self::Row> + Serialize + Send {
    /// The row as stored.
    type Row: Row + Clone + Sync;
    /// The table's columns (`Table` among them, as `sea_query` writes it).
    type Column: Iden + Copy + Send + Sync + 'static;
    /// The body of a `POST` or `PUT`.
    type Request: Sync;

    /// What a 404 names: "Shipping method".
    const WHAT: &'static str;
    /// Where the rows are kept.
    const TABLE: store::Table<Self::Column>;

    /// The row's id.
    fn id(row: &Self::Row) -> i64;

    /// The columns a request writes, with their values.
    fn values(sent: &Self::Request) -> Vec<(Self::Column, SimpleExpr)>;

    /// The audit record's names for a change of the row `id`.
    fn audit_name(change: Change, id: i64) -> AuditName;

    /// A check the rows must pass before `sent` is written (over `except`,
    /// the row being replaced), run inside the write's transaction.
    fn check(
        _db: &Db,
        _conn: &mut sqlx::AnyConnection,
        _sent: &Self::Request,
        _except: Option<i64>,
    ) -> impl Future<Output = ApiResult<()>> + Send {
        async { Ok(()) }
    }

    /// What a failed write of `sent` means to the admin (a unique key a
    /// racing admin took first); a plain database error otherwise.
    fn write_error(_sent: &Self::Request, err: sqlx::Error) -> ApiError {
        err.into()
    }
}

fn not_found<L: Listed>() -> ApiError {
    ApiError::not_found(L::WHAT)
}

/// Adds a row: 201's body.
pub(super) async fn add<L: Listed>(db: &Db, by: &CurrentUser, sent: &L::Request) -> ApiResult<L> {
    let (_turn, mut tx) = db.begin_write().await?;
    L::check(db, &mut tx, sent, None).await?;
    let row = L::TABLE
        .insert_on(db, &mut tx, L::values(sent))
        .await
        .map_err(|e| L::write_error(sent, e))?;
    let id = L::id(&row);
    record::<L>(db, &mut tx, by, Change::Added, id, None, Some(&row)).await?;
    tx.commit().await.map_err(|e| L::write_error(sent, e))?;
    tracing::info!(what = L::WHAT, id, by = ?by.email, "settings row added");
    Ok(row.into())
}

/// Replaces every field of the row `id`.
pub(super) async fn replace<L: Listed>(
    db: &Db,
    by: &CurrentUser,
    id: &str,
    sent: &L::Request,
) -> ApiResult<L> {
    let id = parse_id(id).ok_or_else(not_found::<L>)?;
    let (_turn, mut tx) = db.begin_write().await?;
    let before = L::TABLE
        .row_on(db, &mut tx, id)
        .await?
        .ok_or_else(not_found::<L>)?;
    L::check(db, &mut tx, sent, Some(id)).await?;
    let row = L::TABLE
        .update_on(db, &mut tx, id, L::values(sent))
        .await
        .map_err(|e| L::write_error(sent, e))?
        .ok_or_else(not_found::<L>)?;
    record::<L>(
        db,
        &mut tx,
        by,
        Change::Edited,
        id,
        Some(&before),
        Some(&row),
    )
    .await?;
    tx.commit().await.map_err(|e| L::write_error(sent, e))?;
    tracing::info!(what = L::WHAT, id, by = ?by.email, "settings row changed");
    Ok(row.into())
}

/// Deletes the row `id`; 404 when there is none (deleted already).
pub(super) async fn delete<L: Listed>(
    db: &Db,
    by: &CurrentUser,
    id: &str,
) -> ApiResult<DeletedCount> {
    let id = parse_id(id).ok_or_else(not_found::<L>)?;
    let (_turn, mut tx) = db.begin_write().await?;
    let before = L::TABLE
        .row_on(db, &mut tx, id)
        .await?
        .ok_or_else(not_found::<L>)?;
    let deleted_count = L::TABLE.delete_on(db, &mut tx, id).await?;
    if deleted_count == 0 {
        return Err(not_found::<L>());
    }
    record::<L>(db, &mut tx, by, Change::Deleted, id, Some(&before), None).await?;
    tx.commit().await?;
    tracing::info!(what = L::WHAT, id, by = ?by.email, "settings row deleted");
    Ok(DeletedCount { deleted_count })
}

/// Records a change in the audit log, inside its transaction `tx`: the row
/// as the API shows it before and after (null when added or deleted).
async fn record<L: Listed>(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    by: &CurrentUser,
    change: Change,
    id: i64,
    before: Option<&L::Row>,
    after: Option<&L::Row>,
) -> Result<(), sqlx::Error> {
    let json =
        |row: Option<&L::Row>| row.and_then(|row| serde_json::to_value(L::from(row.clone())).ok());
    let name = L::audit_name(change, id);
    audit::record(
        db,
        tx,
        audit::Entry {
            by: by.into(),
            action: name.action,
            subject_type: name.subject_type,
            subject_id: name.subject_id,
            before: json(before),
            after: json(after),
        },
    )
    .await
}
