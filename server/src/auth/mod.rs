//! Accounts and sign-in: password hashing, signed tokens, the extractors that
//! check who is calling, the sign-up and login routes, recovering accounts
//! (resets, verification, password changes, signing out everywhere) and
//! Google sign-in.

pub mod account_tokens;
pub mod backoff;
pub mod google;
pub mod password;
pub mod recovery;
pub mod routes;
