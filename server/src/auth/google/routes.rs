//! The three Google sign-in routes (see the module's documentation).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::accounts::{find_or_create, Found, GoogleUser};
use super::provider::{OidcProvider, SignInError};
use super::store::{self, unix_now, Flow, Handoff};
use super::{
    browser_cookie, browser_key, random_hex, safe_redirect, sha256_hex, Refusal, FLOW_SECONDS,
    HANDOFF_SECONDS,
};
use crate::app::state::AppState;
use crate::core::client::ClientIp;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::Text;
use crate::core::input::{parse_email, Body, Params, SHORT_TEXT};
use crate::request;
use crate::users;
use crate::users::UserView;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(callback))
        .routes(routes!(exchange))
}

#[derive(Deserialize, Default)]
struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
    iss: Option<String>,
}

request! {
    pub struct ExchangeRequest {
        /// The one-time code from `/login/google?code=...`.
        code: Text<SHORT_TEXT> = "code", "Code";
    }
}

/// A finished Google sign-in.
#[derive(Serialize, ToSchema)]
pub struct GoogleSignIn {
    pub token: String,
    pub user: UserView,
    /// The path inside the shop to open now (the `redirect` the sign-in started with).
    #[schema(example = "/dashboard")]
    pub redirect: String,
}

fn provider(state: &AppState) -> ApiResult<&OidcProvider> {
    state
        .google
        .as_deref()
        .ok_or_else(|| ApiError::NotFound("Google sign-in is not enabled on this shop".into()))
}

/// A 302 that no cache keeps, with an optional cookie.
fn found(location: &str, cookie: Option<String>) -> Response {
    let mut response = (
        StatusCode::FOUND,
        [
            (header::LOCATION, location.to_owned()),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
    )
        .into_response();
    if let Some(cookie) = cookie.and_then(|c| c.parse().ok()) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// Back to the login page, which explains the refusal.
fn to_login(refusal: Refusal) -> Response {
    found(&format!("/login?google_error={}", refusal.code()), None)
}

/// Starts a Google sign-in: sends the browser to the provider.
#[utoipa::path(get, path = "/api/auth/google/start", tag = "auth",
    params(("redirect" = Option<String>, Query,
        description = "Path inside the shop to return to afterwards (starts with a single `/`); `/` when absent")),
    responses(
        (status = 302, description = "To the provider's sign-in page (sets the HttpOnly sign-in cookie); \
            to `/login?google_error=unavailable` when the provider cannot be reached",
            headers(("Location" = String), ("Set-Cookie" = String))),
        (status = 400, description = "`redirect` is not a path inside the shop", body = ErrorBody),
        (status = 404, description = "Google sign-in is not configured", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody)))]
async fn start(
    State(state): State<AppState>,
    client: ClientIp,
    headers: HeaderMap,
    mut params: Params,
) -> ApiResult<Response> {
    let provider = provider(&state)?;
    let redirect = params.raw("redirect").map(str::to_owned);
    params.finish()?;
    let redirect = match redirect.as_deref() {
        None | Some("") => "/".to_owned(),
        Some(raw) => safe_redirect(raw).ok_or_else(|| {
            tracing::warn!(%client, redirect = ?raw, "Google sign-in refused: redirect outside the shop");
            ApiError::field("redirect", "The redirect must be a path inside the shop, such as /dashboard")
        })?,
    };
    state.check_auth_rate(client.0).await?;
    let authorization = match provider.authorize().await {
        Ok(authorization) => authorization,
        Err(e) => {
            tracing::error!(%client, error = ?e.to_string(), "Google sign-in cannot start");
            return Ok(to_login(Refusal::Unavailable));
        }
    };
    store::delete_expired(&state.db).await?;
    // One key per browser, reused while it lasts, so two tabs may sign in at once.
    let key = browser_key(&headers).unwrap_or_else(random_hex);
    let flow = Flow {
        state: authorization.state,
        browser_hash: sha256_hex(&key),
        nonce: authorization.nonce,
        pkce_verifier: authorization.pkce_verifier,
        redirect,
        expires_at: unix_now() + FLOW_SECONDS,
    };
    store::insert_flow(&state.db, &flow).await?;
    tracing::info!(%client, "Google sign-in started");
    let secure = state.config.public_url.starts_with("https://");
    Ok(found(
        &authorization.url,
        Some(browser_cookie(&key, secure)),
    ))
}

/// Where the provider sends the browser back: finishes the sign-in.
#[utoipa::path(get, path = "/api/auth/google/callback", tag = "auth",
    params(
        ("code" = Option<String>, Query, description = "The provider's authorization code"),
        ("state" = Option<String>, Query, description = "The state the sign-in started with"),
        ("error" = Option<String>, Query, description = "The provider's refusal, if any"),
        ("iss" = Option<String>, Query, description = "The provider's issuer (RFC 9207)")),
    responses(
        (status = 302, description = "Signed in: to `/login/google?code=ONE_TIME_CODE` (see \
            `POST /api/auth/google/exchange`). Refused: to `/login?google_error=REASON`, REASON one of \
            `cancelled`, `state`, `unverified`, `email`, `failed`, `unavailable`, `linked`",
            headers(("Location" = String))),
        (status = 404, description = "Google sign-in is not configured", body = ErrorBody)))]
async fn callback(
    State(state): State<AppState>,
    client: ClientIp,
    headers: HeaderMap,
    query: Result<Query<CallbackQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let provider = provider(&state)?;
    let query = query.map(|Query(q)| q).unwrap_or_default();
    match finish(&state, provider, &headers, query).await? {
        Ok(code) => Ok(found(&format!("/login/google?code={code}"), None)),
        Err((refusal, reason)) => {
            tracing::warn!(%client, refusal = refusal.code(), ?reason, "failed Google sign-in");
            Ok(to_login(refusal))
        }
    }
}

type Refused = (Refusal, String);

/// Checks the provider's answer and signs the person in; answers the
/// hand-off code, or why the sign-in was refused.
async fn finish(
    state: &AppState,
    provider: &OidcProvider,
    headers: &HeaderMap,
    query: CallbackQuery,
) -> ApiResult<Result<String, Refused>> {
    let refuse = |refusal, reason: &str| Ok(Err((refusal, reason.to_owned())));
    let Some(flow_state) = query.state.as_deref() else {
        return refuse(Refusal::State, "no state");
    };
    // Taken before anything else is checked, so a state never works twice.
    let Some(flow) = store::take_flow(&state.db, flow_state).await? else {
        return refuse(Refusal::State, "unknown or already used state");
    };
    let key = browser_key(headers);
    if key.map(|k| sha256_hex(&k)).as_deref() != Some(flow.browser_hash.as_str()) {
        return refuse(Refusal::State, "the state belongs to another browser");
    }
    if flow.expires_at < unix_now() {
        return refuse(Refusal::State, "the sign-in took too long");
    }
    if let Some(error) = &query.error {
        let description = query.error_description.as_deref().unwrap_or("");
        return refuse(
            Refusal::Cancelled,
            &format!("provider answered {error}: {description}"),
        );
    }
    if query
        .iss
        .as_deref()
        .is_some_and(|iss| iss != provider.issuer())
    {
        return refuse(Refusal::Failed, "the answer names another issuer");
    }
    let Some(code) = query.code.as_deref() else {
        return refuse(Refusal::Failed, "no code");
    };
    let identity = match provider
        .finish(code, &flow.pkce_verifier, &flow.nonce)
        .await
    {
        Ok(identity) => identity,
        Err(e @ SignInError::Unavailable(_)) => {
            return refuse(Refusal::Unavailable, &e.to_string())
        }
        Err(e) => return refuse(Refusal::Failed, &e.to_string()),
    };
    let Some(email) = identity.email.as_deref().and_then(parse_email) else {
        return refuse(Refusal::Email, "no usable e-mail address in the ID token");
    };
    if identity.email_verified != Some(true) {
        return refuse(
            Refusal::Unverified,
            &format!("{email} is not verified by the provider"),
        );
    }
    let person = GoogleUser {
        subject: &identity.subject,
        email: &email,
        name: identity.name.as_deref(),
    };
    let (user, created) = match find_or_create(state, &person).await? {
        Found::Account(user, created) => (user, created),
        Found::LinkedElsewhere => {
            return refuse(
                Refusal::Linked,
                &format!("{email}'s account is linked to another Google account"),
            )
        }
    };
    let code = random_hex();
    let handoff = Handoff {
        browser_hash: flow.browser_hash,
        user_id: user.id,
        redirect: flow.redirect,
        expires_at: unix_now() + HANDOFF_SECONDS,
    };
    store::insert_handoff(&state.db, &sha256_hex(&code), &handoff).await?;
    if created {
        tracing::info!(user = ?user.email, subject = ?identity.subject, "account created with Google");
    }
    tracing::info!(user = ?user.email, subject = ?identity.subject, "signed in with Google");
    Ok(Ok(code))
}

/// Swaps the one-time code of a finished Google sign-in for the shop's token.
#[utoipa::path(post, path = "/api/auth/google/exchange", tag = "auth", request_body = ExchangeRequest,
    responses(
        (status = 200, description = "Signed in", body = GoogleSignIn),
        (status = 400, description = "No code", body = ErrorBody),
        (status = 401, description = "Unknown, used or expired code, or another browser's", body = ErrorBody),
        (status = 404, description = "Google sign-in is not configured", body = ErrorBody)))]
async fn exchange(
    State(state): State<AppState>,
    client: ClientIp,
    headers: HeaderMap,
    Body(ExchangeRequest { code }): Body<ExchangeRequest>,
) -> ApiResult<Json<GoogleSignIn>> {
    provider(&state)?;

    let expired = || {
        tracing::warn!(%client, "failed Google sign-in: hand-off code refused");
        ApiError::Unauthorized(
            "This Google sign-in has expired or was already used. Please try again.".into(),
        )
    };
    let handoff = store::take_handoff(&state.db, &sha256_hex(&code))
        .await?
        .ok_or_else(expired)?;
    let same_browser = browser_key(&headers).map(|k| sha256_hex(&k)) == Some(handoff.browser_hash);
    if !same_browser || handoff.expires_at < unix_now() {
        return Err(expired());
    }
    let user = users::find_by_id(&state.db, handoff.user_id)
        .await?
        .ok_or_else(expired)?;
    let token = state.tokens.issue(user.id, &user.email)?;
    Ok(Json(GoogleSignIn {
        token,
        user: user.into(),
        redirect: handoff.redirect,
    }))
}
