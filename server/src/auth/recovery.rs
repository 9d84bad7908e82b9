//! Accounts people can recover and trust (docs/decisions.md, D21): a
//! password reset by a mailed link, checking the address by a mailed link,
//! changing the password, and signing out everywhere. A new password, by
//! change or reset, ends every token issued before it (the answer's own new
//! token excepted) and is announced to the address.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{AuthResponse, TokenResponse};
use crate::app::state::AppState;
use crate::auth::account_tokens::{self, Purpose};
use crate::auth::password;
use crate::core::caller::{Bearer, CurrentUser};
use crate::core::client::ClientIp;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{Email, NewPassword, Password, Text};
use crate::core::input::{Body, SHORT_TEXT};
use crate::core::tokens::end_tokens_now;
use crate::mail::{self, Message};
use crate::request;
use crate::users::UserView;
use crate::users::{self, AccountChange, UserRow};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
        .routes(routes!(change_password))
        .routes(routes!(sign_out_everywhere))
}

/// The answer to every password-reset request, whether or not the address
/// has an account, so the answer does not tell.
pub const RESET_ASKED: &str =
    "If an account has this address, a link to reset its password is on its way.";
/// A link that does not work (unknown, expired, used, or for something else).
pub const LINK_USED: &str = "This link has expired or was already used. Ask for a new one.";

request! {
    /// Asks for a password-reset link.
    pub struct ForgotPasswordRequest {
        email: Email = "email", "Email", example = "ann@example.com";
    }
}

request! {
    /// Chooses a new password with a mailed reset link.
    pub struct ResetPasswordRequest {
        /// The `token` of the link `/reset-password?token=...`.
        token: Text<SHORT_TEXT> = "token", "Token";
        /// The new password (the rules of sign-up).
        password: NewPassword = "password", "Password", example = "new-secret12";
    }
}

request! {
    /// Proves the account's address with a mailed verification link.
    pub struct VerifyEmailRequest {
        /// The `token` of the link `/verify-email?token=...`.
        token: Text<SHORT_TEXT> = "token", "Token";
    }
}

request! {
    /// Changes the signed-in account's password.
    pub struct ChangePasswordRequest {
        current_password: Password = "currentPassword", "Current password";
        /// The new password (the rules of sign-up).
        new_password: NewPassword = "newPassword", "New password", example = "new-secret12";
    }
}

/// A message for the person.
#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// An address just verified.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    pub email: String,
    pub email_verified: bool,
}

/// Every session of the account has ended.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedOut {
    pub signed_out: bool,
}

/// Makes a verification link for `user` and mails it, on the caller's
/// transaction.
pub async fn send_verification(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &UserRow,
) -> sqlx::Result<()> {
    mail_link(state, conn, user, Purpose::VerifyEmail).await
}

/// Makes a reset link for `user` and mails it, in a transaction of its own.
async fn send_reset(state: &AppState, user: &UserRow) -> ApiResult<()> {
    let (_turn, mut tx) = state.db.begin_write().await?;
    mail_link(state, &mut tx, user, Purpose::ResetPassword).await?;
    tx.commit().await?;
    Ok(())
}

/// Makes a one-time link for `purpose` and stores its message to `user`, on
/// the caller's transaction.
async fn mail_link(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &UserRow,
    purpose: Purpose,
) -> sqlx::Result<()> {
    let token =
        account_tokens::create(&state.db, &mut *conn, user.id, &user.email, purpose).await?;
    let link = mail::link(state, &format!("{}?token={token}", purpose.page()));
    let name = user.name.clone();
    let message = match purpose {
        Purpose::VerifyEmail => Message::VerifyEmail { name, link },
        Purpose::ResetPassword => Message::PasswordReset { name, link },
    };
    mail::enqueue(conn, &user.email, message).await
}

/// Sets a new password for `user` on the caller's transaction: every token
/// issued so far ends, open reset links are used up, and the address is told.
/// `link_proved` is None for a change made with the current password (the
/// password stays proved as it was), and for a reset link whether it went
/// to the account's own address: then the address is verified and the
/// password proved to be its owner's (D21). Answers the moment the old
/// tokens end, for the caller's new token.
async fn set_password(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &UserRow,
    hash: &str,
    link_proved: Option<bool>,
) -> sqlx::Result<i64> {
    let ended_before = end_tokens_now();
    let change = AccountChange {
        password_hash: Some(Some(hash)),
        verify_email: link_proved == Some(true),
        prove_password: link_proved,
        end_tokens_before: Some(ended_before),
        ..AccountChange::default()
    };
    users::change(&state.db, &mut *conn, user.id, change).await?;
    account_tokens::use_up_all(&state.db, &mut *conn, user.id, Purpose::ResetPassword).await?;
    let message = Message::PasswordChanged {
        name: user.name.clone(),
    };
    mail::enqueue(conn, &user.email, message).await?;
    Ok(ended_before)
}

/// Mails a link to reset the password, if the address has an account.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "auth",
    request_body = ForgotPasswordRequest,
    responses(
        (status = 200, description = "The same answer whether or not the address has an account", body = MessageResponse),
        (status = 429, description = "Too many e-mails asked for this address or by this client", body = ErrorBody)))]
async fn forgot_password(
    State(state): State<AppState>,
    client: ClientIp,
    Body(ForgotPasswordRequest { email }): Body<ForgotPasswordRequest>,
) -> ApiResult<Json<MessageResponse>> {
    state.check_mail_rate(client.0, &email).await?;
    match users::find_by_email(&state.db, &email).await? {
        Some(user) => {
            tracing::info!(user = ?user.email, %client, "password reset asked for");
            // The link is made and mailed after the answer, so the answer
            // takes as long whether or not the address has an account.
            let state = state.clone();
            tokio::spawn(async move {
                if let Err(e) = send_reset(&state, &user).await {
                    tracing::error!(user = ?user.email, error = %e, "cannot send a password-reset link");
                }
            });
        }
        None => {
            tracing::info!(email = ?email, %client, "password reset asked for an address without an account");
        }
    }
    Ok(Json(MessageResponse {
        message: RESET_ASKED.into(),
    }))
}

/// Sets a new password with a reset link, and signs in. The link works once
/// and for an hour; every token issued before ends.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth",
    request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "Password set, signed in", body = AuthResponse),
        (status = 400, description = "Expired, used or unknown link (field `token`), or a password \
            sign-up would refuse", body = ErrorBody)))]
async fn reset_password(
    State(state): State<AppState>,
    client: ClientIp,
    Body(sent): Body<ResetPasswordRequest>,
) -> ApiResult<Json<AuthResponse>> {
    let refused = || {
        tracing::warn!(%client, "password reset refused: link expired, used or unknown");
        ApiError::field("token", LINK_USED)
    };
    // A quick look first, so a dead link costs no password hash.
    if !account_tokens::is_open(&state.db, &sent.token, Purpose::ResetPassword).await? {
        return Err(refused());
    }
    let hash = password::hash(sent.password).await?;
    let (turn, mut tx) = state.db.begin_write().await?;
    let redeemed = account_tokens::redeem(&state.db, &mut *tx, &sent.token, Purpose::ResetPassword)
        .await?
        .ok_or_else(refused)?;
    let user = users::find_by_id_on(&state.db, &mut *tx, redeemed.user_id)
        .await?
        .ok_or_else(refused)?;
    // The link reached the address, which proves it is the owner's.
    let proved = redeemed.email == user.email;
    let ended_before = set_password(&state, &mut tx, &user, &hash, Some(proved)).await?;
    tx.commit().await?;
    drop(turn);
    state.login_succeeded(&user.email, client.0).await;
    tracing::info!(user = ?user.email, %client, "password reset; earlier sessions ended");
    let token = state
        .tokens
        .issue_with(user.id, &user.email, None, ended_before)?;
    let mut view = UserView::from(user);
    view.email_verified |= proved;
    Ok(Json(AuthResponse { token, user: view }))
}

/// Proves the account's address with the link mailed to it (valid 48 hours,
/// once). Opened while signed in to that account, it also proves that the
/// account's password is the address owner's (D21).
#[utoipa::path(post, path = "/api/auth/verify-email", tag = "auth",
    request_body = VerifyEmailRequest, security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The address is verified", body = EmailVerified),
        (status = 400, description = "Expired, used or unknown link (field `token`)", body = ErrorBody)))]
async fn verify_email(
    State(state): State<AppState>,
    client: ClientIp,
    caller: Result<Bearer, ApiError>,
    Body(sent): Body<VerifyEmailRequest>,
) -> ApiResult<Json<EmailVerified>> {
    let refused = || {
        tracing::warn!(%client, "e-mail verification refused: link expired, used or unknown");
        ApiError::field("token", LINK_USED)
    };
    let (_turn, mut tx) = state.db.begin_write().await?;
    let redeemed = account_tokens::redeem(&state.db, &mut *tx, &sent.token, Purpose::VerifyEmail)
        .await?
        .ok_or_else(refused)?;
    let user = users::find_by_id_on(&state.db, &mut *tx, redeemed.user_id)
        .await?
        .filter(|user| user.email == redeemed.email)
        .ok_or_else(refused)?;
    // Signed in with the account's password (a session of this account that
    // still holds, checked against its row as it is now).
    let signed_in = caller
        .ok()
        .filter(|bearer| bearer.user_id == user.id)
        .is_some_and(|bearer| {
            bearer
                .admit(Some(&user.standing()), state.tokens.session_max())
                .is_ok()
        });
    let change = AccountChange {
        verify_email: true,
        prove_password: (signed_in && user.password_hash.is_some()).then_some(true),
        ..AccountChange::default()
    };
    users::change(&state.db, &mut *tx, user.id, change).await?;
    tx.commit().await?;
    tracing::info!(user = ?user.email, %client, signed_in, "e-mail address verified");
    Ok(Json(EmailVerified {
        email: user.email,
        email_verified: true,
    }))
}

/// Mails a new verification link to the signed-in account's address.
#[utoipa::path(post, path = "/api/auth/verify-email/resend", tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A new link is on its way", body = MessageResponse),
        (status = 401, body = ErrorBody),
        (status = 409, description = "The address is already verified", body = ErrorBody),
        (status = 429, description = "Too many e-mails asked for this address or by this client", body = ErrorBody)))]
async fn resend_verification(
    State(state): State<AppState>,
    client: ClientIp,
    user: CurrentUser,
) -> ApiResult<Json<MessageResponse>> {
    if user.email_verified {
        return Err(ApiError::Conflict(
            "Your e-mail address is already verified.".into(),
        ));
    }
    state.check_mail_rate(client.0, &user.email).await?;
    let row = users::find_by_id(&state.db, user.id)
        .await?
        .ok_or_else(|| {
            ApiError::Unauthorized("Your session has ended. Please log in again.".into())
        })?;
    let (_turn, mut tx) = state.db.begin_write().await?;
    send_verification(&state, &mut tx, &row).await?;
    tx.commit().await?;
    tracing::info!(user = ?user.email, %client, "verification link sent again");
    Ok(Json(MessageResponse {
        message: format!("A new link is on its way to {}.", user.email),
    }))
}

/// Changes the password; every other token of the account ends.
#[utoipa::path(post, path = "/api/auth/change-password", tag = "auth",
    security(("bearer" = [])), request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "Changed: the new token is the account's only one", body = TokenResponse),
        (status = 400, description = "The current password is not right (field `currentPassword`), or \
            the new one is a password sign-up would refuse", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 429, description = "Too many wrong passwords for this account", body = ErrorBody)))]
async fn change_password(
    State(state): State<AppState>,
    client: ClientIp,
    user: CurrentUser,
    Body(sent): Body<ChangePasswordRequest>,
) -> ApiResult<Json<TokenResponse>> {
    // Wrong current passwords count as failed sign-ins, so a stolen token
    // cannot be used to guess the password.
    state.check_login_backoff(&user.email, client.0).await?;
    let row = users::find_by_id(&state.db, user.id)
        .await?
        .ok_or_else(|| {
            ApiError::Unauthorized("Your session has ended. Please log in again.".into())
        })?;
    if !password::verify(sent.current_password, row.password_hash.clone()).await? {
        tracing::warn!(user = ?user.email, %client, "password change refused: wrong current password");
        return Err(ApiError::field(
            "currentPassword",
            "The current password is not right",
        ));
    }
    state.login_succeeded(&user.email, client.0).await;
    let hash = password::hash(sent.new_password).await?;
    let (_turn, mut tx) = state.db.begin_write().await?;
    let ended_before = set_password(&state, &mut tx, &row, &hash, None).await?;
    tx.commit().await?;
    tracing::info!(user = ?user.email, %client, "password changed; other sessions ended");
    Ok(Json(TokenResponse {
        token: state
            .tokens
            .issue_with(user.id, &user.email, None, ended_before)?,
    }))
}

/// Ends every session of the account, this one included.
#[utoipa::path(post, path = "/api/auth/sign-out-everywhere", tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every token of the account has ended", body = SignedOut),
        (status = 401, body = ErrorBody)))]
async fn sign_out_everywhere(
    State(state): State<AppState>,
    client: ClientIp,
    user: CurrentUser,
) -> ApiResult<Json<SignedOut>> {
    let change = AccountChange {
        end_tokens_before: Some(end_tokens_now()),
        ..AccountChange::default()
    };
    users::change(&state.db, &state.db.pool, user.id, change).await?;
    tracing::info!(user = ?user.email, %client, "signed out everywhere");
    Ok(Json(SignedOut { signed_out: true }))
}
