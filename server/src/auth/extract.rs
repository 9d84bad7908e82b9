//! Who is calling: `CurrentUser` reads and checks the bearer token and loads
//! the user (with the role the database holds now); `Admin` also requires the
//! admin role.

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
        let role = user.role();
        Ok(CurrentUser {
            id: user.id,
            email: user.email,
            name: user.name,
            role,
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
