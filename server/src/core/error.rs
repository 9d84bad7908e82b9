//! The one error type of the HTTP layer. Every failure becomes JSON
//! `{"error": "...", "fields"?: {...}}` with the status that fits (see the README);
//! causes of 5xx answers go to the log, never to the client.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Field name → message, for 400 answers about particular fields.
pub type FieldErrors = BTreeMap<String, String>;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest {
        message: String,
        fields: FieldErrors,
    },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    PaymentRequired(String),
    /// A card the card provider refused: 402 with the provider's `code`.
    #[error("{message}")]
    CardDeclined { message: String, code: String },
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    /// A refusal naming fields under a status other than 400: a line of an
    /// order that names no part (404) or asks for more than is in stock (409).
    #[error("{message}")]
    Refused {
        status: StatusCode,
        message: String,
        fields: FieldErrors,
    },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    #[error("{0}")]
    Unavailable(String),
    /// The database is there but busy (SQLite's file locked by another
    /// program past the busy timeout): 503 with `Retry-After`.
    #[error("{message}")]
    Busy {
        message: String,
        retry_after_secs: u64,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// A 400 without field details.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            message: message.into(),
            fields: FieldErrors::new(),
        }
    }

    /// A 400 naming one wrong field.
    pub fn field(name: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut fields = FieldErrors::new();
        fields.insert(name.to_owned(), message.clone());
        ApiError::BadRequest { message, fields }
    }

    pub fn not_found(what: &str) -> Self {
        ApiError::NotFound(format!("{what} not found"))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::PaymentRequired(_) | ApiError::CardDeclined { .. } => {
                StatusCode::PAYMENT_REQUIRED
            }
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Refused { status, .. } => *status,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The body of every error answer, as documented in the OpenAPI document.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A message a person can read.
    pub error: String,
    /// One entry per wrong field, keyed by the field's name as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, String>>)]
    pub fields: Option<FieldErrors>,
    /// Why a card was refused (`card_declined`, `expired_card`, ...), on 402 card answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let code = match &self {
            ApiError::CardDeclined { code, .. } => Some(code.clone()),
            _ => None,
        };
        let (message, fields) = match &self {
            ApiError::Internal(cause) => {
                // `{:#}` and Debug: the causes on one line, their own line breaks escaped.
                tracing::error!(error = ?format!("{cause:#}"), "request failed");
                (
                    "Something went wrong on our side. Please try again.".to_owned(),
                    None,
                )
            }
            ApiError::Unavailable(message) | ApiError::Busy { message, .. } => {
                tracing::warn!(%message, "service unavailable");
                (message.clone(), None)
            }
            ApiError::BadRequest { message, fields }
            | ApiError::Refused {
                message, fields, ..
            } => (
                message.clone(),
                (!fields.is_empty()).then(|| fields.clone()),
            ),
            other => (other.to_string(), None),
        };
        let mut response = (
            status,
            axum::Json(ErrorBody {
                error: message,
                fields,
                code,
            }),
        )
            .into_response();
        if let ApiError::TooManyRequests {
            retry_after_secs, ..
        }
        | ApiError::Busy {
            retry_after_secs, ..
        } = self
        {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs.max(1)),
            );
        }
        response
    }
}

/// A refusal decided inside a transaction whose code passes on only
/// `sqlx::Error` (the caller's role and session, checked where an admin's
/// action is written: `audit::record`). It travels as `sqlx::Error::Decode`,
/// rolls the transaction back like any error, and is answered as the
/// `ApiError` it holds.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct RefusedInTransaction(pub ApiError);

impl RefusedInTransaction {
    /// `refusal` as an error of the transaction's code.
    pub fn into_sqlx(refusal: ApiError) -> sqlx::Error {
        sqlx::Error::Decode(Box::new(RefusedInTransaction(refusal)))
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        let err = match err {
            sqlx::Error::Decode(inner) => match inner.downcast::<RefusedInTransaction>() {
                Ok(refused) => return refused.0,
                Err(inner) => sqlx::Error::Decode(inner),
            },
            other => other,
        };
        match &err {
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => {
                unavailable(&err)
            }
            sqlx::Error::Database(db) if is_database_busy(db.code().as_deref()) => busy(&err),
            sqlx::Error::Database(db)
                if is_database_going_away(db.code().as_deref(), db.message()) =>
            {
                unavailable(&err)
            }
            _ => ApiError::Internal(err.into()),
        }
    }
}

/// How long a client is asked to wait before trying again when the database
/// is busy, in seconds.
pub const BUSY_RETRY_AFTER_SECS: u64 = 5;

/// SQLite's answers for a file another program keeps locked past the busy
/// timeout: SQLITE_BUSY, SQLITE_LOCKED and their extended codes; and
/// PostgreSQL's deadlock_detected, when two transactions wait for rows the
/// other holds and one is rolled back (an admin's edit and an import
/// counting the same vehicles in a different order, say): nothing of it was
/// written, and the same request sent again goes through.
fn is_database_busy(code: Option<&str>) -> bool {
    matches!(
        code,
        Some("5" | "6" | "261" | "262" | "517" | "773" | "40P01")
    )
}

/// PostgreSQL's answers for a server that is shutting down, starting up, or
/// refusing connections to the shop's database, and lost connections.
fn is_database_going_away(code: Option<&str>, message: &str) -> bool {
    match code {
        // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
        Some("57P01" | "57P02" | "57P03" | "53300") => true,
        // object_not_in_prerequisite_state: here only "database ... is not
        // currently accepting connections" (ALLOW_CONNECTIONS false).
        Some("55000") => message.contains("accepting connections"),
        // connection_exception and its kinds
        Some(code) => code.len() == 5 && code.starts_with("08"),
        None => false,
    }
}

fn unavailable(err: &sqlx::Error) -> ApiError {
    tracing::error!(error = ?err, "database unreachable");
    ApiError::Unavailable(
        "The shop's database is not reachable right now. Please try again shortly.".into(),
    )
}

fn busy(err: &sqlx::Error) -> ApiError {
    tracing::error!(error = ?err, "database busy");
    ApiError::Busy {
        message: "The shop's database is busy right now. Please try again in a few seconds.".into(),
        retry_after_secs: BUSY_RETRY_AFTER_SECS,
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
