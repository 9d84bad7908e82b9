//! Health, the shop's public configuration, the OpenAPI document, and the
//! JSON answers for unknown API paths and wrong methods.

use std::sync::Arc;

use axum::extract::State;
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
