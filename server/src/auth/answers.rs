//! What signing in answers: a token, with the account as others may see
//! it, or a fresh token alone.

use serde::Serialize;
use utoipa::ToSchema;

use crate::users::UserView;

#[derive(Serialize, ToSchema)]
pub struct AuthResponse {
    pub token: String,
    pub user: UserView,
}

#[derive(Serialize, ToSchema)]
pub struct TokenResponse {
    pub token: String,
}
