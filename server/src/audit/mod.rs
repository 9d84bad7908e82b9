//! The audit log: who did what, when, to what, and how it stood before and
//! after, for every admin action. Records are written in the same write
//! transaction as the action wherever the action has one, so the two commit
//! (or roll back) together. The shop only inserts records: no route edits or
//! deletes one, and `GET /api/admin/audit` only reads them.

use sea_query::{Cond, Expr, Iden, Order, Query};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use axum::extract::State;

use crate::app::state::AppState;
use crate::core::caller::still_admin;
use crate::core::caller::{Admin, CurrentUser};
use crate::core::db::{self, Db};
use crate::core::error::{ApiResult, ErrorBody, RefusedInTransaction};
use crate::core::input::{Paged, Params};

/// Records per page when `limit` is left out.
pub const DEFAULT_LIMIT: u64 = 50;

/// Every action the log records, as its `action` says it.
pub const ACTIONS: [&str; 17] = [
    PART_ADDED,
    PART_EDITED,
    PART_DELETED,
    PART_RESTOCKED,
    PARTS_IMPORTED,
    PARTS_EXPORTED,
    ORDER_SHIPPED,
    ORDER_DELIVERED,
    ORDER_CANCELLED,
    ORDER_REFUNDED,
    USER_MADE_ADMIN,
    USER_ADMIN_REMOVED,
    DELIVERY_METHOD_ADDED,
    DELIVERY_METHOD_EDITED,
    DELIVERY_METHOD_DELETED,
    COUNTER_CHANGED,
    TAX_RATES_CHANGED,
];
pub const PART_ADDED: &str = "part.added";
pub const PART_EDITED: &str = "part.edited";
pub const PART_DELETED: &str = "part.deleted";
pub const PART_RESTOCKED: &str = "part.restocked";
pub const PARTS_IMPORTED: &str = "parts.imported";
pub const PARTS_EXPORTED: &str = "parts.exported";
pub const ORDER_SHIPPED: &str = "order.shipped";
pub const ORDER_DELIVERED: &str = "order.delivered";
pub const ORDER_CANCELLED: &str = "order.cancelled";
pub const ORDER_REFUNDED: &str = "order.refunded";
pub const USER_MADE_ADMIN: &str = "user.madeAdmin";
pub const USER_ADMIN_REMOVED: &str = "user.adminRemoved";
pub const DELIVERY_METHOD_ADDED: &str = "deliveryMethod.added";
pub const DELIVERY_METHOD_EDITED: &str = "deliveryMethod.edited";
pub const DELIVERY_METHOD_DELETED: &str = "deliveryMethod.deleted";
pub const COUNTER_CHANGED: &str = "counter.changed";
pub const TAX_RATES_CHANGED: &str = "taxRates.changed";

/// The kinds of subject an action is done to.
pub const SUBJECTS: [&str; 6] = [
    "part",
    "catalogue",
    "order",
    "user",
    "deliveryMethod",
    "settings",
];

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

/// Who did an action: an admin through the shop, or the shop's operator
/// at its command line (`shop make-admin`), recorded as user id 0 and
/// [`COMMAND_LINE`].
#[derive(Debug, Clone, Copy)]
pub enum Actor<'a> {
    Admin(&'a CurrentUser),
    CommandLine,
}

/// The `byEmail` of an action taken at the shop's command line.
pub const COMMAND_LINE: &str = "command line";

impl<'a> From<&'a CurrentUser> for Actor<'a> {
    fn from(user: &'a CurrentUser) -> Self {
        Actor::Admin(user)
    }
}

impl Actor<'_> {
    fn id(&self) -> i64 {
        match self {
            Actor::Admin(user) => user.id,
            Actor::CommandLine => 0,
        }
    }

    fn email(&self) -> String {
        match self {
            Actor::Admin(user) => user.email.clone(),
            Actor::CommandLine => COMMAND_LINE.to_owned(),
        }
    }
}

/// One admin action to record.
pub struct Entry<'a> {
    pub by: Actor<'a>,
    pub action: &'static str,
    pub subject_type: &'static str,
    pub subject_id: String,
    /// How the subject stood before (None: it did not exist).
    pub before: Option<Value>,
    /// How it stands after (None: it no longer exists).
    pub after: Option<Value>,
}

/// Writes a record, on `conn` (the action's own transaction, where it has
/// one), once the admin who acts is found to be one still, in that same
/// transaction (`caller::still_admin`): an action whose admin lost the role, or
/// whose session ended, before it was written is refused and rolled back
/// with everything it did.
pub async fn record(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    entry: Entry<'_>,
) -> Result<(), sqlx::Error> {
    if let Actor::Admin(admin) = entry.by {
        still_admin(db, &mut *conn, admin)
            .await
            .map_err(RefusedInTransaction::into_sqlx)?;
    }
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

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_audit))
}

/// One record of the audit log.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRecord {
    pub id: String,
    /// When, as an RFC 3339 UTC timestamp.
    pub at: String,
    /// The admin's user id and e-mail.
    pub by_id: String,
    pub by_email: String,
    #[schema(example = "part.edited")]
    pub action: String,
    /// What it was done to: `part`, `catalogue`, `order`, `user`,
    /// `deliveryMethod` or `settings`.
    #[schema(example = "part")]
    pub subject_type: String,
    /// The part's or order's id, the user's e-mail, the delivery method's
    /// id, or the setting's name (`counter`, `taxRates`).
    #[schema(example = "42")]
    pub subject_id: String,
    /// The subject before the action (null: it did not exist).
    #[schema(value_type = Option<Object>)]
    pub before: Option<Value>,
    /// The subject after the action (null: it no longer exists).
    #[schema(value_type = Option<Object>)]
    pub after: Option<Value>,
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

/// The audit log, newest first, one page at a time; `X-Total-Count` is how
/// many records match the filters in all. Read only: records cannot be
/// edited or deleted through the shop.
#[utoipa::path(get, path = "/api/admin/audit", tag = "audit", security(("bearer" = [])),
    params(
        ("action" = Option<String>, Query, description = "Only this action, e.g. `part.edited`"),
        ("by" = Option<String>, Query, description = "Only actions by the admin with this e-mail"),
        ("subjectType" = Option<String>, Query, description = "Only actions on this kind of subject: `part`, `catalogue`, `order`, `user`, `deliveryMethod` or `settings`"),
        ("subjectId" = Option<String>, Query, description = "Only actions on this subject (with or without `subjectType`), e.g. a part's id"),
        ("from" = Option<String>, Query, description = "Only records at or after this RFC 3339 UTC time (`2026-01-31T00:00:00Z`)"),
        ("to" = Option<String>, Query, description = "Only records before this RFC 3339 UTC time"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100, description = "Records per page, 50 unless given"),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<AuditRecord>, headers(("X-Total-Count" = i64, description = "Records matching in all"))),
        (status = 400, description = "A filter or the page is wrong (`fields`)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
async fn list_audit(
    State(state): State<AppState>,
    _admin: Admin,
    mut params: Params,
) -> ApiResult<Paged<AuditRecord>> {
    let action = params.given_choice(
        "action",
        |a| ACTIONS.into_iter().find(|known| *known == a),
        &format!("one of {}", ACTIONS.join(", ")),
    );
    let by = params
        .text("by", 254)
        .map(|email| email.trim().to_lowercase());
    let subject_type = params.given_choice(
        "subjectType",
        |s| SUBJECTS.into_iter().find(|known| *known == s),
        &format!("one of {}", SUBJECTS.join(", ")),
    );
    let subject_id = params.text("subjectId", 254);
    let from = timestamp(&mut params, "from");
    let to = timestamp(&mut params, "to");
    let page = params.page(Some(DEFAULT_LIMIT));
    params.finish()?;
    let mut cond = Cond::all();
    if let Some(action) = action {
        cond = cond.add(Expr::col(AuditLog::Action).eq(action));
    }
    if let Some(by) = by {
        cond = cond.add(Expr::col(AuditLog::ActorEmail).eq(by));
    }
    if let Some(subject_type) = subject_type {
        cond = cond.add(Expr::col(AuditLog::SubjectType).eq(subject_type));
    }
    if let Some(subject_id) = subject_id {
        cond = cond.add(Expr::col(AuditLog::SubjectId).eq(subject_id));
    }
    if let Some(from) = from {
        cond = cond.add(Expr::col(AuditLog::CreatedAt).gte(from));
    }
    if let Some(to) = to {
        cond = cond.add(Expr::col(AuditLog::CreatedAt).lt(to));
    }
    let rows: Vec<AuditRow> = state
        .db
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
                .limit(page.limit.unwrap_or(DEFAULT_LIMIT))
                .offset(page.offset)
                .to_owned(),
        )
        .await?;
    let (total,): (i64,) = state
        .db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(AuditLog::Id).count())
                .from(AuditLog::Table)
                .cond_where(cond)
                .to_owned(),
        )
        .await?;
    Ok(Paged {
        items: rows.into_iter().map(AuditRecord::from).collect(),
        total,
    })
}

/// An RFC 3339 time parameter, as the log's fixed-width UTC text (so it
/// compares as the stored times do).
fn timestamp(params: &mut Params, name: &str) -> Option<String> {
    let raw = params.given(name)?.to_owned();
    match time::OffsetDateTime::parse(&raw, &time::format_description::well_known::Rfc3339) {
        Ok(at) => Some(db::format_time(at)),
        Err(_) => {
            params.fail(
                name,
                format!("{name} must be an RFC 3339 time such as 2026-01-31T00:00:00Z"),
            );
            None
        }
    }
}
