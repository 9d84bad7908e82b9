//! The contact form's handlers.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;

use super::{store, ContactMessage, ContactRequest, DEFAULT_MESSAGES};
use crate::app::state::AppState;
use crate::core::answers::InsertedId;
use crate::core::caller::Admin;
use crate::core::client::ClientIp;
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::input::{Body, Paged, Params};

/// Sends the shop a message: stored, mailed to the shop's address and
/// listed for the admins; a few an hour from one client (429 beyond).
#[utoipa::path(post, path = "/api/contact", tag = "contact", request_body = ContactRequest,
    responses(
        (status = 201, body = InsertedId),
        (status = 400, body = ErrorBody),
        (status = 429, description = "This client has sent several messages lately", body = ErrorBody)))]
pub(super) async fn send_message(
    State(state): State<AppState>,
    client: ClientIp,
    Body(sent): Body<ContactRequest>,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    state.check_contact_rate(client.0).await?;
    let id = store::insert(&state.db, &state.config.staff_email(), &sent).await?;
    tracing::info!(id, "contact message received");
    Ok((
        StatusCode::CREATED,
        Json(InsertedId {
            inserted_id: id.to_string(),
        }),
    ))
}

/// The messages sent with the contact form, newest first (`X-Total-Count`
/// says how many there are).
#[utoipa::path(get, path = "/api/admin/contact-messages", tag = "contact", security(("bearer" = [])),
    params(
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<ContactMessage>, headers(("X-Total-Count" = i64, description = "Messages in all"))),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn list_messages(
    State(state): State<AppState>,
    _admin: Admin,
    mut params: Params,
) -> ApiResult<Paged<ContactMessage>> {
    let page = params.page(Some(DEFAULT_MESSAGES));
    params.finish()?;
    let (items, total) = store::page(&state.db, &page).await?;
    Ok(Paged { items, total })
}
