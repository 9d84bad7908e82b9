//! Health, the shop's public configuration, the OpenAPI document, and the
//! JSON answers for unknown API paths and wrong methods.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use serde::Serialize;
use utoipa::openapi::OpenApi;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::error::{ApiError, ApiResult, ErrorBody};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(ready))
        .routes(routes!(config))
        .routes(routes!(openapi))
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    pub status: String,
}

fn payment_provider_schema() -> utoipa::openapi::Object {
    crate::core::schema::one_of(&["test", "stripe"], "Who takes card payments.")
}

/// What the web app needs to know about the shop.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfig {
    pub shop_name: String,
    /// Lower-case ISO code, e.g. `usd`.
    pub currency: String,
    #[schema(schema_with = payment_provider_schema)]
    pub payment_provider: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stripe_publishable_key: Option<String>,
    pub google_sign_in: bool,
}

/// Answers once the database answers.
#[utoipa::path(get, path = "/api/health", tag = "system",
    responses((status = 200, body = Health), (status = 503, body = ErrorBody)))]
async fn health(State(state): State<AppState>) -> ApiResult<Json<Health>> {
    state.db.ping().await?;
    Ok(Json(Health {
        status: "ok".into(),
    }))
}

/// Whether this shop process should be sent traffic, and why not.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// Every check holds and the shop is not stopping.
    pub ready: bool,
    /// `ok`, or why the database does not answer.
    #[schema(example = "ok")]
    pub database: String,
    /// `ok`, or how many of the shop's migrations the database lacks.
    #[schema(example = "ok")]
    pub migrations: String,
    /// How mail leaves: `smtp` (`SHOP_SMTP_URL`) or `files` (written to the
    /// data folder, for trying the shop out).
    #[schema(example = "smtp")]
    pub mail: String,
    /// Who takes card payments: `test` or `stripe`.
    #[schema(example = "stripe")]
    pub payments: String,
    /// Told to stop: finishing its requests, taking no new ones soon.
    pub draining: bool,
}

/// Readiness, for a load balancer or an orchestrator: 200 when the shop
/// should be sent traffic, 503 with the same body when not (the database
/// does not answer, a migration is missing, or it is stopping). Liveness is
/// `GET /api/health`.
#[utoipa::path(get, path = "/api/ready", tag = "system",
    responses(
        (status = 200, description = "Ready", body = Readiness),
        (status = 503, description = "Not ready: the same body says why", body = Readiness)))]
async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Readiness>) {
    // The errors themselves go to the log, not to whoever asks.
    let (database, migrations) = match state.db.ping().await {
        Err(e) => {
            tracing::warn!(error = %e, "not ready: the database does not answer");
            ("not answering".to_owned(), "unknown".to_owned())
        }
        Ok(()) => match state.db.migrations_missing().await {
            Ok(0) => ("ok".to_owned(), "ok".to_owned()),
            Ok(n) => ("ok".to_owned(), format!("{n} not applied")),
            Err(e) => {
                tracing::warn!(error = %e, "not ready: the migrations cannot be read");
                ("ok".to_owned(), "cannot be read".to_owned())
            }
        },
    };
    let c = &state.config;
    let draining = state.is_draining();
    let ready = !draining && database == "ok" && migrations == "ok";
    let body = Readiness {
        ready,
        database,
        migrations,
        mail: if c.smtp_url.is_some() {
            "smtp"
        } else {
            "files"
        }
        .into(),
        payments: c.resolved_payment_provider().unwrap_or("test").to_owned(),
        draining,
    };
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(body))
}

/// The shop's name, currency and sign-in and payment options.
#[utoipa::path(get, path = "/api/config", tag = "system", responses((status = 200, body = PublicConfig)))]
async fn config(State(state): State<AppState>) -> Json<PublicConfig> {
    let c = &state.config;
    let stripe = c.payment_provider == "stripe";
    Json(PublicConfig {
        shop_name: c.shop_name.clone(),
        currency: c.currency.to_lowercase(),
        payment_provider: c.resolved_payment_provider().unwrap_or("test").to_owned(),
        stripe_publishable_key: if stripe {
            c.stripe_publishable_key.clone()
        } else {
            None
        },
        google_sign_in: c.google_sign_in(),
    })
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "system",
    responses((status = 200, description = "The OpenAPI 3 document of the shop's API", content_type = "application/json")))]
async fn openapi(Extension(doc): Extension<Arc<OpenApi>>) -> Json<OpenApi> {
    Json((*doc).clone())
}

/// Any `/api/...` path that names no route.
pub async fn api_not_found() -> ApiError {
    ApiError::NotFound("No such API route".into())
}

/// A known route called with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed("This method is not allowed on this route".into())
}
