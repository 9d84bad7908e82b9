//! Accounts and sign-in: password hashing, signed tokens, the extractors that
//! check who is calling, the sign-up and login routes, and Google sign-in.

pub mod backoff;
pub mod extract;
pub mod google;
pub mod password;
pub mod routes;
pub mod token;

pub use extract::{Admin, CurrentUser};
