//! Every query of the audit log: records inserted, and read a filtered
//! page at a time.

use sea_query::{Cond, Expr, Iden, Order, Query};
use serde_json::Value;

use super::{AuditRecord, Entry};
use crate::core::db::{self, Db};

#[derive(Iden)]
enum AuditLog {
    Table,
    Id,
    CreatedAt,
    ActorId,
    ActorEmail,
    Action,
    SubjectType,
    SubjectId,
    BeforeJson,
    AfterJson,
}

#[derive(sqlx::FromRow)]
struct AuditRow {
    id: i64,
    created_at: String,
    actor_id: i64,
    actor_email: String,
    action: String,
    subject_type: String,
    subject_id: String,
    before_json: Option<String>,
    after_json: Option<String>,
}

impl From<AuditRow> for AuditRecord {
    fn from(row: AuditRow) -> Self {
        let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
        AuditRecord {
            id: row.id.to_string(),
            at: row.created_at,
            by_id: row.actor_id.to_string(),
            by_email: row.actor_email,
            action: row.action,
            subject_type: row.subject_type,
            subject_id: row.subject_id,
            before: json(row.before_json),
            after: json(row.after_json),
        }
    }
}

/// Which records to read; every filter given must hold.
pub(super) struct Filter {
    pub action: Option<&'static str>,
    /// The admin's e-mail, lower-case.
    pub by: Option<String>,
    pub subject_type: Option<&'static str>,
    pub subject_id: Option<String>,
    /// At or after, as the log's UTC text.
    pub from: Option<String>,
    /// Before, as the log's UTC text.
    pub to: Option<String>,
}

/// Inserts a record on `conn`.
pub(super) async fn insert(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    entry: Entry<'_>,
) -> Result<(), sqlx::Error> {
    let json = |value: Option<Value>| value.map(|v| v.to_string());
    let insert = Query::insert()
        .into_table(AuditLog::Table)
        .columns([
            AuditLog::CreatedAt,
            AuditLog::ActorId,
            AuditLog::ActorEmail,
            AuditLog::Action,
            AuditLog::SubjectType,
            AuditLog::SubjectId,
            AuditLog::BeforeJson,
            AuditLog::AfterJson,
        ])
        .values_panic([
            db::now().into(),
            entry.by.id().into(),
            entry.by.email().into(),
            entry.action.into(),
            entry.subject_type.into(),
            entry.subject_id.into(),
            json(entry.before).into(),
            json(entry.after).into(),
        ])
        .to_owned();
    db.execute_on(conn, &insert).await.map(|_| ())
}

/// A page of the records matching `filter`, newest first, and how many
/// match in all.
pub(super) async fn page(
    db: &Db,
    filter: &Filter,
    limit: u64,
    offset: u64,
) -> Result<(Vec<AuditRecord>, i64), sqlx::Error> {
    let mut cond = Cond::all();
    if let Some(action) = filter.action {
        cond = cond.add(Expr::col(AuditLog::Action).eq(action));
    }
    if let Some(by) = &filter.by {
        cond = cond.add(Expr::col(AuditLog::ActorEmail).eq(by.as_str()));
    }
    if let Some(subject_type) = filter.subject_type {
        cond = cond.add(Expr::col(AuditLog::SubjectType).eq(subject_type));
    }
    if let Some(subject_id) = &filter.subject_id {
        cond = cond.add(Expr::col(AuditLog::SubjectId).eq(subject_id.as_str()));
    }
    if let Some(from) = &filter.from {
        cond = cond.add(Expr::col(AuditLog::CreatedAt).gte(from.as_str()));
    }
    if let Some(to) = &filter.to {
        cond = cond.add(Expr::col(AuditLog::CreatedAt).lt(to.as_str()));
    }
    let rows: Vec<AuditRow> = db
        .fetch_all(
            &Query::select()
                .columns([
                    AuditLog::Id,
                    AuditLog::CreatedAt,
                    AuditLog::ActorId,
                    AuditLog::ActorEmail,
                    AuditLog::Action,
                    AuditLog::SubjectType,
                    AuditLog::SubjectId,
                    AuditLog::BeforeJson,
                    AuditLog::AfterJson,
                ])
                .from(AuditLog::Table)
                .cond_where(cond.clone())
                .order_by(AuditLog::Id, Order::Desc)
                .limit(limit)
                .offset(offset)
                .to_owned(),
        )
        .await?;
    let (total,): (i64,) = db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(AuditLog::Id).count())
                .from(AuditLog::Table)
                .cond_where(cond)
                .to_owned(),
        )
        .await?;
    Ok((rows.into_iter().map(AuditRecord::from).collect(), total))
}
