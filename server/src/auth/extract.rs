//! Who is calling: `CurrentUser` reads and checks the bearer token and loads
//! the user (with the role the database holds now); `Admin` also requires the
//! admin role. A token issued before the user's `tokens_valid_after` (a
//! password change or reset, signing out everywhere) or whose sign-in is
//! older than `SHOP_SESSION_MAX` has ended.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::error::ApiError;
use crate::state::AppState;
use crate::users::store::{self, Role};

/// A signed-in user.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub email_verified: bool,
    /// When this session signed in (seconds since 1970), kept by refreshes.
    pub signed_in_at: i64,
}

impl CurrentUser {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}

/// A signed-in admin.
#[derive(Debug, Clone)]
pub struct Admin(pub CurrentUser);

impl FromRequestParts<AppState> for CurrentUser {
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
        let expired = || {
            ApiError::Unauthorized(
                "Your session is invalid or has expired. Please sign in again.".into(),
            )
        };
        let claims = state.tokens.verify(token).ok_or_else(expired)?;
        let id: i64 = claims.sub.parse().map_err(|_| expired())?;
        let user = store::find_by_id(&state.db, id)
            .await?
            .ok_or_else(expired)?;
        let ended =
            || ApiError::Unauthorized("Your session has ended. Please log in again.".into());
        // Microseconds, so a token issued in the same second as a password
        // change, but before it, is told apart from the one the change gave.
        if user
            .tokens_valid_after
            .is_some_and(|after| claims.issued_us() < after)
        {
            return Err(ended());
        }
        let age = time::OffsetDateTime::now_utc().unix_timestamp() - claims.signed_in_at();
        if age > state.tokens.session_max().as_secs() as i64 {
            return Err(ended());
        }
        let role = user.role();
        Ok(CurrentUser {
            id: user.id,
            email_verified: user.email_verified(),
            email: user.email,
            name: user.name,
            role,
            signed_in_at: claims.signed_in_at(),
        })
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
