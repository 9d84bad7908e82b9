//! Who is calling: `CurrentUser` reads and checks the bearer token and loads
//! the user (with the role the database holds now); `Admin` also requires the
//! admin role. A token issued before the user's `tokens_valid_after` (a
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

use crate::core::error::ApiError;
use crate::core::tokens::Session;
use crate::state::AppState;
use crate::users::store::{self, Role, UserRow};

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
        user: Option<&UserRow>,
        session_max: std::time::Duration,
    ) -> Result<CurrentUser, ApiError> {
        let user = user.ok_or_else(expired)?;
        let ended =
            || ApiError::Unauthorized("Your session has ended. Please log in again.".into());
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
            email_verified: user.email_verified(),
            email: user.email.clone(),
            name: user.name.clone(),
            role: user.role(),
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
        let user = store::find_by_id(&state.db, bearer.user_id).await?;
        bearer.admit(user.as_ref(), state.tokens.session_max())
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
