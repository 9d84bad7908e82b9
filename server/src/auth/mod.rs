//! Accounts and sign-in: password hashing, signed tokens, the extractors that
//! check who is calling, and the sign-up and login routes.

pub mod extract;
pub mod password;
pub mod routes;
pub mod token;

pub use extract::{Admin, CurrentUser};
