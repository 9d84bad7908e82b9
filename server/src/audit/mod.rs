//! The audit log: who did what, when, to what, and how it stood before and
//! after, for every admin action. Records are written in the same write
//! transaction as the action wherever the action has one, so the two commit
//! (or roll back) together. The shop only inserts records: no route edits or
//! deletes one, and `GET /api/admin/audit` only reads them.

mod routes;
mod store;

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::caller::still_admin;
use crate::core::caller::CurrentUser;
use crate::core::db::Db;
use crate::core::error::RefusedInTransaction;

/// Records per page when `limit` is left out.
pub const DEFAULT_LIMIT: u64 = 50;

/// Every action the log records, as its `action` says it.
pub const ACTIONS: [&str; 23] = [
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
    RETURN_APPROVED,
    RETURN_REJECTED,
    RETURN_RECEIVED,
    RETURN_REFUNDED,
    RETURN_CLOSED,
    RETURN_POLICY_CHANGED,
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
pub const RETURN_APPROVED: &str = "return.approved";
pub const RETURN_REJECTED: &str = "return.rejected";
pub const RETURN_RECEIVED: &str = "return.received";
pub const RETURN_REFUNDED: &str = "return.refunded";
pub const RETURN_CLOSED: &str = "return.closed";
pub const RETURN_POLICY_CHANGED: &str = "returnPolicy.changed";

/// The kinds of subject an action is done to.
pub const SUBJECTS: [&str; 7] = [
    "part",
    "catalogue",
    "order",
    "user",
    "deliveryMethod",
    "settings",
    "return",
];

/// Who did an action: an admin through the shop, or the shop's operator
/// at its command line (`shop make-admin`), recorded as user id 0 and
/// [`COMMAND_LINE`].
#[derive(Debug, Clone, Copy)]
pub enum Actor<'a> {
    Admin(&'a CurrentUser),
    CommandLine,
    /// The admin who started work the shop finishes on its own (a catalogue
    /// import's job): their role was checked in the transaction that
    /// started it, which the record names.
    StartedBy {
        id: i64,
        email: &'a str,
    },
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
            Actor::StartedBy { id, .. } => *id,
        }
    }

    fn email(&self) -> String {
        match self {
            Actor::Admin(user) => user.email.clone(),
            Actor::CommandLine => COMMAND_LINE.to_owned(),
            Actor::StartedBy { email, .. } => (*email).to_owned(),
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
    store::insert(db, conn, entry).await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::list_audit))
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
    /// `deliveryMethod`, `settings` or `return`.
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
