//! Queries on the outbox (`mail_outbox`, migration 0007).
//!
//! A message is due while it is neither sent nor given up and its
//! `next_attempt_at` has come. A process claims one by moving that time to
//! the end of its claim, in one UPDATE that holds only while the message is
//! still due, so of several processes only one wins it; should that process
//! die while sending, the message is due again when the claim runs out.

use std::time::Duration;

use sea_query::{Expr, Iden, Order, Query, SelectStatement};
use sea_query_binder::SqlxBinder;

use super::Message;
use crate::core::db::bulk::{self, Rows};
use crate::core::db::{self, Db};

#[derive(Iden)]
enum MailOutbox {
    Table,
    Id,
    Recipient,
    Kind,
    Message,
    Subject,
    CreatedAt,
    NextAttemptAt,
    ClaimedBy,
    Attempts,
    LastError,
    SentAt,
    FailedAt,
}

/// A message claimed for sending.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub recipient: String,
    pub kind: String,
    pub message: String,
    /// Counting this one.
    pub attempts: i64,
}

/// Stores `message` for `to`, due at once, on `conn` (the caller's
/// transaction, whichever database it is on).
pub async fn insert(
    conn: &mut sqlx::AnyConnection,
    to: &str,
    message: &Message,
) -> sqlx::Result<()> {
    insert_all(conn, &[(to, message)]).await
}

/// Stores each message for its recipient, due at once, on `conn`, in one
/// statement on PostgreSQL and a few on SQLite (see `db::bulk`), so many
/// orders placed together write their messages at once.
pub async fn insert_all(
    conn: &mut sqlx::AnyConnection,
    messages: &[(&str, &Message)],
) -> sqlx::Result<()> {
    insert_all_after(conn, messages, Duration::ZERO).await
}

/// `insert_all`, each message due `after` from now.
pub async fn insert_all_after(
    conn: &mut sqlx::AnyConnection,
    messages: &[(&str, &Message)],
    after: Duration,
) -> sqlx::Result<()> {
    let now = db::now();
    let due = db::from_now(after);
    let backend = db::Backend::of(conn);
    let mut rows = Rows::new([
        MailOutbox::Recipient,
        MailOutbox::Kind,
        MailOutbox::Message,
        MailOutbox::Subject,
        MailOutbox::CreatedAt,
        MailOutbox::NextAttemptAt,
    ]);
    for (to, message) in messages {
        let json = serde_json::to_string(message).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        rows.push([
            to.trim().into(),
            message.kind().into(),
            json.into(),
            message.subject().into(),
            now.as_str().into(),
            due.as_str().into(),
        ]);
    }
    bulk::insert(backend, conn, MailOutbox::Table, rows).await?;
    Ok(())
}

/// The condition "not sent and not given up".
fn pending() -> sea_query::SimpleExpr {
    Expr::col(MailOutbox::SentAt)
        .is_null()
        .and(Expr::col(MailOutbox::FailedAt).is_null())
}

/// How many messages wait to be sent (due or not), and when the oldest of
/// them was written.
pub async fn waiting(db: &Db) -> sqlx::Result<(i64, Option<String>)> {
    let select = Query::select()
        .expr(Expr::col(MailOutbox::Id).count())
        .expr(Expr::col(MailOutbox::CreatedAt).min())
        .from(MailOutbox::Table)
        .and_where(pending())
        .to_owned();
    let found: Option<(i64, Option<String>)> = db.fetch_optional(&select).await?;
    Ok(found.unwrap_or((0, None)))
}

/// Up to `limit` messages due at `now`, the longest due first.
pub async fn due(db: &Db, now: &str, limit: u64) -> sqlx::Result<Vec<i64>> {
    let rows: Vec<(i64,)> = db.fetch_all(&due_statement(now, limit)).await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The query of [`due`]. Its order is the one of the index
/// `mail_outbox_due_idx`, so that reading the first `limit` due messages
/// never means sorting all of them.
pub fn due_statement(now: &str, limit: u64) -> SelectStatement {
    Query::select()
        .column(MailOutbox::Id)
        .from(MailOutbox::Table)
        .and_where(pending())
        .and_where(Expr::col(MailOutbox::NextAttemptAt).lte(now))
        .order_by(MailOutbox::NextAttemptAt, Order::Asc)
        .order_by(MailOutbox::Id, Order::Asc)
        .limit(limit)
        .to_owned()
}

/// Claims message `id` for `me` for `lease`, if it is still due: answers it,
/// or None when another process has it or it is sent.
pub async fn claim(db: &Db, id: i64, me: &str, lease: Duration) -> sqlx::Result<Option<Claimed>> {
    let now = db::now();
    let statement = Query::update()
        .table(MailOutbox::Table)
        .values([
            (MailOutbox::NextAttemptAt, db::from_now(lease).into()),
            (MailOutbox::ClaimedBy, me.into()),
            (MailOutbox::Attempts, Expr::col(MailOutbox::Attempts).add(1)),
        ])
        .and_where(Expr::col(MailOutbox::Id).eq(id))
        .and_where(pending())
        .and_where(Expr::col(MailOutbox::NextAttemptAt).lte(now))
        .returning(Query::returning().columns([
            MailOutbox::Id,
            MailOutbox::Recipient,
            MailOutbox::Kind,
            MailOutbox::Message,
            MailOutbox::Attempts,
        ]))
        .to_owned();
    db.fetch_optional(&statement).await
}

/// Records that `me` sent message `id`; answers whether its claim was still
/// `me`'s (if not, it ran out and another process may send it too).
pub async fn sent(db: &Db, id: i64, me: &str) -> sqlx::Result<bool> {
    let statement = Query::update()
        .table(MailOutbox::Table)
        .values([
            (MailOutbox::SentAt, db::now().into()),
            (MailOutbox::ClaimedBy, Option::<String>::None.into()),
            (MailOutbox::LastError, Option::<String>::None.into()),
        ])
        .and_where(Expr::col(MailOutbox::Id).eq(id))
        .and_where(Expr::col(MailOutbox::ClaimedBy).eq(me))
        .and_where(Expr::col(MailOutbox::SentAt).is_null())
        .to_owned();
    Ok(db.execute(&statement).await? == 1)
}

/// Records that sending message `id` failed with `error`: it is due again
/// after `retry_in`, or given up for good when `give_up`.
pub async fn failed(
    db: &Db,
    id: i64,
    me: &str,
    error: &str,
    retry_in: Duration,
    give_up: bool,
) -> sqlx::Result<bool> {
    let mut statement = Query::update();
    statement
        .table(MailOutbox::Table)
        .values([
            (MailOutbox::NextAttemptAt, db::from_now(retry_in).into()),
            (MailOutbox::ClaimedBy, Option::<String>::None.into()),
            (MailOutbox::LastError, error.into()),
        ])
        .and_where(Expr::col(MailOutbox::Id).eq(id))
        .and_where(Expr::col(MailOutbox::ClaimedBy).eq(me))
        .and_where(Expr::col(MailOutbox::SentAt).is_null());
    if give_up {
        statement.value(MailOutbox::FailedAt, db::now());
    }
    Ok(db.execute(&statement).await? == 1)
}

/// Deletes messages sent, or given up, more than `kept` ago: the outbox keeps
/// a while of history for questions about a message, not every message ever.
pub async fn delete_done(db: &Db, kept: Duration) -> sqlx::Result<u64> {
    let before = db::ago(kept);
    let statement = Query::delete()
        .from_table(MailOutbox::Table)
        .cond_where(
            sea_query::Cond::any()
                .add(Expr::col(MailOutbox::SentAt).lt(before.clone()))
                .add(Expr::col(MailOutbox::FailedAt).lt(before)),
        )
        .to_owned();
    db.execute(&statement).await
}

/// Gives up, unsent, the messages of `kind` to `to` with `subject` that are
/// still waiting for their time (neither sent nor given up, and not yet
/// due), saying `why`; answers how many. A message already due goes out.
pub async fn withdraw(
    conn: &mut sqlx::AnyConnection,
    to: &str,
    kind: &str,
    subject: &str,
    why: &str,
) -> sqlx::Result<u64> {
    let builder = db::Backend::of(conn).builder();
    let statement = Query::update()
        .table(MailOutbox::Table)
        .values([
            (MailOutbox::FailedAt, db::now().into()),
            (MailOutbox::LastError, why.into()),
        ])
        .and_where(pending())
        .and_where(Expr::col(MailOutbox::NextAttemptAt).gt(db::now()))
        .and_where(Expr::col(MailOutbox::Recipient).eq(to.trim()))
        .and_where(Expr::col(MailOutbox::Kind).eq(kind))
        .and_where(Expr::col(MailOutbox::Subject).eq(subject))
        .to_owned();
    let (sql, values) = statement.build_any_sqlx(builder);
    Ok(db::query(&sql, values)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}
