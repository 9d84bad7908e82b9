//! The shop's accounts: how they are stored and read, the role each has,
//! and how a user is shown. Who may change a role, and the mail that tells
//! the user, is `staff`, a floor up.

pub mod store;

pub use store::{
    change, create, find_by_email, find_by_email_for_update, find_by_google_subject, find_by_id,
    find_by_id_on, list, lock, make_admin_on, remove_admin_on, AccountChange, Created, NewUser,
    Removed, Role, UserRow,
};

use serde::Serialize;
use utoipa::ToSchema;

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
