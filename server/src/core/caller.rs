//! Who is calling: `CurrentUser` reads and checks the bearer token and loads
//! the account's standing (its role as the database holds it now, and when
//! its sessions end); `Admin` also requires the admin role. Every feature
//! stands on this, so it reads the `users` table itself, only what a
//! caller's check needs (`Standing`); the users feature owns the rest. A token issued before the user's `tokens_valid_after` (a
//! password change or reset, signing out everywhere) or whose sign-in is
//! older than `SHOP_SESSION_MAX` has ended.
//!
//! `Bearer` is the first half on its own: a token the shop signed, whose
//! user is read later with others' (the order desk reads the buyers of a
//! batch of orders in one query, in the batch's transaction) and checked
//! with `Bearer::admit`, as `CurrentUser` checks every other request's.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use std::collections::HashMap;

use sea_query::{Expr, Iden, Query};
use serde::Serialize;

use crate::app::state::AppState;
use crate::core::db::{bulk, Db};
use crate::core::error::ApiError;
use crate::core::tokens::Session;

/// An account's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
        }
    }

    /// The role a `users.role` holds: anything but `admin` is a user.
    pub fn of(stored: &str) -> Role {
        if stored == "admin" {
            Role::Admin
        } else {
            Role::User
        }
    }
}

/// The columns of `users` a caller's check reads.
#[derive(Iden)]
enum Users {
    Table,
    Id,
    Email,
    Name,
    Role,
    EmailVerifiedAt,
    TokensValidAfter,
}

/// An account as the check of a caller needs it, read now.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Standing {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: String,
    /// When the address was proved to be the owner's; None: not yet.
    pub email_verified_at: Option<String>,
    /// Sessions begun before this (microseconds since 1970) have ended.
    pub tokens_valid_after: Option<i64>,
}

fn standing_select() -> sea_query::SelectStatement {
    Query::select()
        .columns([
            Users::Id,
            Users::Email,
            Users::Name,
            Users::Role,
            Users::EmailVerifiedAt,
            Users::TokensValidAfter,
        ])
        .from(Users::Table)
        .to_owned()
}

/// The standing of the accounts among `ids` that exist, by id, read on the
/// caller's transaction (in one query: for the few hundred buyers of a
/// batch of orders at most).
pub async fn standings<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    ids: &[i64],
) -> Result<HashMap<i64, Standing>, sqlx::Error> {
    let statement = standing_select()
        .and_where(bulk::is_in(db.backend, Users::Id, ids))
        .to_owned();
    let rows: Vec<Standing> = db.fetch_all_on(executor, &statement).await?;
    Ok(rows.into_iter().map(|row| (row.id, row)).collect())
}

/// Whether `admin` is still an admin whose session holds, read in the
/// transaction of what they are doing (`conn`). On PostgreSQL the row is
/// locked against changes until the transaction ends, so a removal of the
/// role (which locks every admin's row) waits for the action, or the action
/// for the removal: never both at once. Refused: 403 as for any non-admin,
/// or 401 for an ended session.
pub async fn still_admin(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    admin: &CurrentUser,
) -> Result<(), ApiError> {
    let mut read = standing_select()
        .and_where(Expr::col(Users::Id).eq(admin.id))
        .to_owned();
    read.lock(sea_query::LockType::Share);
    let row: Option<Standing> = db.fetch_optional_on(conn, &read).await?;
    let Some(row) = row else {
        return Err(expired());
    };
    if row
        .tokens_valid_after
        .is_some_and(|after| admin.session.started_us < after)
    {
        return Err(ended());
    }
    if Role::of(&row.role) != Role::Admin {
        return Err(ApiError::Forbidden("Only admins can do this".into()));
    }
    Ok(())
}

fn ended() -> ApiError {
    ApiError::Unauthorized("Your session has ended. Please log in again.".into())
}

/// A signed-in user.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub email_verified: bool,
    /// The session the token belongs to, kept by refreshes.
    pub session: Session,
}

impl CurrentUser {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}

/// A signed-in admin.
#[derive(Debug, Clone)]
pub struct Admin(pub CurrentUser);

/// A caller with a valid, unexpired token signed by the shop; the user it
/// names is not read yet (`admit` checks the token against the user's row).
#[derive(Debug, Clone, Copy)]
pub struct Bearer {
    /// The user the token names.
    pub user_id: i64,
    session: Session,
}

impl Bearer {
    /// The signed-in user, given the row of `user_id` as the database holds
    /// it now: refused when the user is gone, when the token's session began
    /// before the user's `tokens_valid_after` (so a token refreshed at the
    /// same moment as a password change or sign-out ends with the session
    /// it came from), or when the sign-in is older than `session_max`.
    pub fn admit(
        &self,
        user: Option<&Standing>,
        session_max: std::time::Duration,
    ) -> Result<CurrentUser, ApiError> {
        let user = user.ok_or_else(expired)?;
        // Microseconds, so a token issued in the same second as a password
        // change, but before it, is told apart from the one the change gave.
        if user
            .tokens_valid_after
            .is_some_and(|after| self.session.started_us < after)
        {
            return Err(ended());
        }
        let age = time::OffsetDateTime::now_utc().unix_timestamp() - self.session.signed_in_at;
        if age > session_max.as_secs() as i64 {
            return Err(ended());
        }
        Ok(CurrentUser {
            id: user.id,
            email_verified: user.email_verified_at.is_some(),
            email: user.email.clone(),
            name: user.name.clone(),
            role: Role::of(&user.role),
            session: self.session,
        })
    }
}

fn expired() -> ApiError {
    ApiError::Unauthorized("Your session is invalid or has expired. Please sign in again.".into())
}

impl FromRequestParts<AppState> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .ok_or_else(|| ApiError::Unauthorized("Please sign in first".into()))?;
        let token = header
            .to_str()
            .ok()
            .and_then(|h| {
                h.strip_prefix("Bearer ")
                    .or_else(|| h.strip_prefix("bearer "))
            })
            .map(str::trim)
            .ok_or_else(|| {
                ApiError::Unauthorized("The Authorization header must be 'Bearer <token>'".into())
            })?;
        let claims = state.tokens.verify(token).ok_or_else(expired)?;
        let user_id: i64 = claims.sub.parse().map_err(|_| expired())?;
        Ok(Bearer {
            user_id,
            session: claims.session(),
        })
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let bearer = Bearer::from_request_parts(parts, state).await?;
        let mut found = standings(&state.db, &state.db.pool, &[bearer.user_id]).await?;
        bearer.admit(
            found.remove(&bearer.user_id).as_ref(),
            state.tokens.session_max(),
        )
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        if !user.is_admin() {
            return Err(ApiError::Forbidden("Only admins can do this".into()));
        }
        Ok(Admin(user))
    }
}
