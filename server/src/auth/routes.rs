//! Sign-up, login, "who am I" and token refresh (tokens only after proof of
//! identity: a password, a sign-up or a finished Google sign-in).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{AuthResponse, TokenResponse};
use crate::app::state::AppState;
use crate::auth::password;
use crate::core::caller::CurrentUser;
use crate::core::client::ClientIp;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{Email, NewPassword, Password, Text};
use crate::core::input::{parse_email, Body, SHORT_TEXT};
use crate::request;
use crate::users::UserView;
use crate::users::{self, Created, NewUser, Role};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signup))
        .routes(routes!(login))
        .routes(routes!(me))
        .routes(routes!(refresh_token))
}

request! {
    /// Sign-up body. Any `role` sent is ignored: every new account is a user.
    pub struct SignupRequest {
        name: Text<SHORT_TEXT> = "name", "Name", example = "Ann Driver";
        email: Email = "email", "Email", example = "ann@example.com";
        password: NewPassword = "password", "Password", example = "secret12";
    }
}

request! {
    pub struct LoginRequest {
        /// Any text: an address without an account is an ordinary failed
        /// sign-in (401).
        email: Text<320> = "email", "Email";
        password: Password = "password", "Password";
    }
}

/// Creates an account and signs it in; a link to verify the address is mailed to it.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth", request_body = SignupRequest,
    responses(
        (status = 201, description = "Account created", body = AuthResponse),
        (status = 400, description = "Missing or malformed field", body = ErrorBody),
        (status = 409, description = "E-mail already taken", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody)))]
async fn signup(
    State(state): State<AppState>,
    client: ClientIp,
    Body(sent): Body<SignupRequest>,
) -> ApiResult<(StatusCode, Json<AuthResponse>)> {
    state.check_auth_rate(client.0).await?;
    let SignupRequest {
        name,
        email,
        password,
    } = sent;
    // The verification link it mails counts as account mail (D32).
    state.check_mail_rate(client.0, &email).await?;

    let hash = password::hash(password).await?;
    let (_turn, mut tx) = state.db.begin_write().await?;
    let new = NewUser {
        email: &email,
        name: &name,
        password_hash: Some(&hash),
        role: Role::User,
        email_verified: false,
        google_subject: None,
    };
    let user = match users::create(&state.db, &mut *tx, new).await? {
        Created::Yes(user) => user,
        Created::EmailTaken => {
            return Err(ApiError::Conflict(
                "An account with this email already exists".into(),
            ))
        }
    };
    super::recovery::send_verification(&state, &mut tx, &user).await?;
    tx.commit().await?;
    tracing::info!(user = ?user.email, %client, "account created");
    let token = state.tokens.issue(user.id, &user.email)?;
    Ok((
        StatusCode::CREATED,
        Json(AuthResponse {
            token,
            user: user.into(),
        }),
    ))
}

/// Signs in with e-mail and password.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 400, description = "Missing field", body = ErrorBody),
        (status = 401, description = "Invalid email or password", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody)))]
async fn login(
    State(state): State<AppState>,
    client: ClientIp,
    Body(sent): Body<LoginRequest>,
) -> ApiResult<Json<AuthResponse>> {
    state.check_auth_rate(client.0).await?;
    let LoginRequest {
        email: typed,
        password,
    } = sent;

    let invalid = || ApiError::Unauthorized("Invalid email or password".into());
    let email = parse_email(&typed);
    // Counted per e-mail whether or not it has an account (see `auth::backoff`).
    let attempt_key = email.as_deref().unwrap_or(&typed).to_owned();
    state.check_login_backoff(&attempt_key, client.0).await?;
    let user = match &email {
        Some(email) => users::find_by_email(&state.db, email).await?,
        None => None,
    };
    let stored_hash = user.as_ref().and_then(|u| u.password_hash.clone());
    if !password::verify(password, stored_hash).await? {
        tracing::warn!(email = ?typed, %client, "failed sign-in");
        return Err(invalid());
    }
    let user = user.ok_or_else(invalid)?;
    state.login_succeeded(&attempt_key, client.0).await;
    tracing::info!(user = ?user.email, %client, "signed in");
    let token = state.tokens.issue(user.id, &user.email)?;
    Ok(Json(AuthResponse {
        token,
        user: user.into(),
    }))
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/me", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = UserView), (status = 401, body = ErrorBody)))]
async fn me(user: CurrentUser) -> Json<UserView> {
    Json(UserView {
        email: user.email,
        name: user.name,
        role: user.role,
        email_verified: user.email_verified,
    })
}

/// A fresh token for the signed-in user, who must be the one named
/// (docs/decisions.md, D2). It keeps the session's sign-in time, so a
/// session ends `SHOP_SESSION_MAX` after its sign-in however often refreshed.
#[utoipa::path(put, path = "/api/user/{email}", tag = "auth", security(("bearer" = [])),
    params(("email" = String, Path, description = "The signed-in user's e-mail")),
    responses(
        (status = 200, body = TokenResponse),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Another user's e-mail", body = ErrorBody)))]
async fn refresh_token(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(email): Path<String>,
) -> ApiResult<Json<TokenResponse>> {
    if parse_email(&email).as_deref() != Some(user.email.as_str()) {
        return Err(ApiError::Forbidden(
            "You can only get a token for your own account".into(),
        ));
    }
    Ok(Json(TokenResponse {
        token: state
            .tokens
            .issue_with(user.id, &user.email, Some(user.session), 0)?,
    }))
}
