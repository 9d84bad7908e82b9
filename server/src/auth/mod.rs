//! Accounts and sign-in: password hashing, signed tokens, the extractors that
//! check who is calling, the sign-up and login routes, recovering accounts
//! (resets, verification, password changes, signing out everywhere) and
//! Google sign-in.

pub mod account_tokens;
pub mod answers;
pub mod backoff;
pub mod google;
pub mod password;
pub mod recovery;
pub mod routes;

pub use answers::{AuthResponse, TokenResponse};

use utoipa_axum::router::OpenApiRouter;

use crate::app::state::AppState;

/// Signing up and in, recovering an account, and Google sign-in.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::router())
        .merge(recovery::router())
        .merge(google::router())
}
