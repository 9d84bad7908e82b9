//! The contact form (docs/decisions.md, D36): anyone may send the shop a
//! message from the home page. It is stored, mailed to the shop's own
//! address in the same transaction (so it is mailed if and only if it is
//! kept), and listed for the admins, newest first. A client may send a few
//! an hour; the sender gets no mail back, so nobody can use the form to
//! have the shop write to an address that is not theirs.
//!
//! Here: the message as the API takes and shows it; `routes` the handlers,
//! `store` every query.

mod routes;
mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::input::rules::{Email, Text};
use crate::core::input::{LONG_TEXT, SHORT_TEXT};
use crate::request;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::send_message))
        .routes(routes!(routes::list_messages))
}

request! {
    /// A message from the contact form.
    pub struct ContactRequest {
        /// Where the shop answers.
        email: Email = "email", "Email";
        subject: Text<SHORT_TEXT> = "subject", "Subject";
        message: Text<LONG_TEXT> = "message", "Message";
    }
}

/// A message as the admins read it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    #[serde(rename = "_id")]
    pub id: String,
    /// The sender's address, as they typed it (trimmed, lower-case).
    #[schema(example = "ann@example.com")]
    pub email: String,
    pub subject: String,
    pub message: String,
    pub created_at: String,
}

/// Most messages listed when no `limit` is given.
const DEFAULT_MESSAGES: u64 = 50;
