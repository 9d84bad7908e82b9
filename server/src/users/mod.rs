//! Users as admins see them: the list, making and removing admins, and the
//! admin check.

pub mod store;

pub use store::{
    change, create, find_by_email, find_by_email_for_update, find_by_google_subject, find_by_id,
    find_by_id_on, lock, AccountChange, Created, NewUser, Role, UserRow,
};

mod routes;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_users))
        .routes(routes!(routes::make_admin, routes::remove_admin))
        .routes(routes!(routes::is_admin))
}

/// A user as others may see them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub email: String,
    pub name: String,
    pub role: Role,
    /// Whether the address is proved to be the account owner's (a link
    /// mailed to it was opened, or Google vouches for it).
    pub email_verified: bool,
}

impl From<UserRow> for UserView {
    fn from(user: UserRow) -> Self {
        UserView {
            role: user.role(),
            email_verified: user.email_verified(),
            email: user.email,
            name: user.name,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminCheck {
    pub admin: bool,
}
