//! The audit log's handler: it only reads.

use axum::extract::State;

use super::{store, AuditRecord, ACTIONS, DEFAULT_LIMIT, SUBJECTS};
use crate::app::state::AppState;
use crate::core::caller::Admin;
use crate::core::db;
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::input::{Paged, Params};

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
pub(super) async fn list_audit(
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
    let filter = store::Filter {
        action,
        by,
        subject_type,
        subject_id,
        from,
        to,
    };
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT);
    let (rows, total) = store::page(&state.db, &filter, limit, page.offset).await?;
    Ok(Paged { items: rows, total })
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
