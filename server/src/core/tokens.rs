//! The shop's access tokens: HS256-signed JWTs naming the user, with an
//! expiry. Only HS256 is accepted, so unsigned (`alg: none`) or re-signed
//! tokens fail. Roles are not in the token: they are read from the database
//! on every request, so a role change takes effect at once.
//!
//! A token also says when it was issued, to the microsecond (`iat_us`), when
//! its holder signed in (`auth_time`, seconds) and when its session's first
//! token was issued (`sid_us`, microseconds); a refresh keeps both of the
//! last. A session ends `SHOP_SESSION_MAX` after the sign-in however often it
//! is refreshed, and a password change or "sign out everywhere" ends every
//! session that began before it (`users.tokens_valid_after`), even within
//! the same second: a token refreshed at the same moment as the change, from
//! a session that began before it, is ended with it.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    pub email: String,
    pub iat: i64,
    pub exp: i64,
    /// When the token was issued, in microseconds since 1970 (tokens made
    /// before there was one count from `iat`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iat_us: Option<i64>,
    /// When its holder signed in, in seconds since 1970 (`iat` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_time: Option<i64>,
    /// When the session's first token was issued, in microseconds since
    /// 1970 (`iat_us` when absent: tokens made before there was one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid_us: Option<i64>,
}

impl Claims {
    /// When the token was issued, in microseconds since 1970.
    pub fn issued_us(&self) -> i64 {
        self.iat_us.unwrap_or(self.iat.saturating_mul(1_000_000))
    }

    /// When its holder signed in, in seconds since 1970.
    pub fn signed_in_at(&self) -> i64 {
        self.auth_time.unwrap_or(self.iat)
    }

    /// The session the token belongs to.
    pub fn session(&self) -> Session {
        Session {
            signed_in_at: self.signed_in_at(),
            started_us: self.sid_us.unwrap_or_else(|| self.issued_us()),
        }
    }
}

/// A signed-in session, which a refreshed token carries on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Session {
    /// When its holder signed in, in seconds since 1970.
    pub signed_in_at: i64,
    /// When its first token was issued, in microseconds since 1970: what a
    /// password change's or a sign-out's cut-off is held against.
    pub started_us: i64,
}

pub use crate::core::db::now_us;

/// The moment that ends every session begun so far: one microsecond after
/// now, so a token issued in this very microsecond ends too. A token issued
/// for the person making the change is issued at this moment, not before.
pub fn end_tokens_now() -> i64 {
    now_us() + 1
}

pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
    session_max: Duration,
}

impl Tokens {
    /// Tokens that last `ttl`, refreshed for at most `session_max` after the sign-in.
    pub fn new(secret: &[u8], ttl: Duration, session_max: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Tokens {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
            session_max,
        }
    }

    /// Signs a token for a user who has just signed in.
    pub fn issue(&self, user_id: i64, email: &str) -> anyhow::Result<String> {
        self.issue_with(user_id, email, None, 0)
    }

    /// Signs a token of `session` (a refresh), or of a new session beginning
    /// now when None, issued no earlier than `not_before_us` (microseconds:
    /// the user's `tokens_valid_after` just set, so that a new session is not
    /// ended with the others). It lasts the configured time, and never past
    /// the session's limit.
    pub fn issue_with(
        &self,
        user_id: i64,
        email: &str,
        session: Option<Session>,
        not_before_us: i64,
    ) -> anyhow::Result<String> {
        let issued_us = now_us().max(not_before_us);
        let now = issued_us.div_euclid(1_000_000);
        let session = session.unwrap_or(Session {
            signed_in_at: now,
            started_us: issued_us,
        });
        let exp = (now + self.ttl.as_secs() as i64).min(
            session
                .signed_in_at
                .saturating_add(self.session_max.as_secs() as i64),
        );
        let claims = Claims {
            sub: user_id.to_string(),
            email: email.to_owned(),
            iat: now,
            exp,
            iat_us: Some(issued_us),
            auth_time: Some(session.signed_in_at),
            sid_us: Some(session.started_us),
        };
        Ok(jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.encoding,
        )?)
    }

    /// How long after the sign-in a session ends, however often refreshed.
    pub fn session_max(&self) -> Duration {
        self.session_max
    }

    /// The claims of a valid, unexpired token signed with the shop's key.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|data| data.claims)
    }
}

/// The signing key: SHOP_TOKEN_SECRET, or one generated on first start and
/// kept in the data folder (readable by the shop's user only).
pub fn load_or_create_secret(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(secret) = configured.filter(|s| !s.is_empty()) {
        anyhow::ensure!(
            secret.len() >= 32,
            "SHOP_TOKEN_SECRET must be at least 32 characters long"
        );
        return Ok(secret.as_bytes().to_vec());
    }
    let path = data_dir.join("token-secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        return Ok(existing.trim().as_bytes().to_vec());
    }
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(&path) {
        Ok(mut file) => {
            file.write_all(secret.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(secret.into_bytes())
        }
        // Another shop process sharing this folder created it first.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Ok(std::fs::read_to_string(&path)?.trim().as_bytes().to_vec())
        }
        Err(e) => Err(e).with_context(|| format!("cannot create {}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_verifies_with_its_key_only() {
        let hour = Duration::from_secs(3600);
        let tokens = Tokens::new(b"0123456789abcdef0123456789abcdef", hour, hour);
        let token = tokens.issue(7, "ann@example.com").unwrap();
        assert_eq!(tokens.verify(&token).unwrap().sub, "7");
        let other = Tokens::new(b"another key that is long enough!!", hour, hour);
        assert!(other.verify(&token).is_none());
        assert!(tokens.verify("not.a.token").is_none());
    }

    #[test]
    fn a_refresh_keeps_the_sign_in_time_and_never_outlives_the_session() {
        let tokens = Tokens::new(
            b"0123456789abcdef0123456789abcdef",
            Duration::from_secs(24 * 3600),
            Duration::from_secs(30 * 24 * 3600),
        );
        let first = tokens.verify(&tokens.issue(7, "a@b.co").unwrap()).unwrap();
        assert_eq!(first.signed_in_at(), first.iat);
        assert_eq!(first.exp - first.iat, 24 * 3600);
        // Signed in 29.5 days ago: the refresh lasts only until day 30.
        let signed_in = first.iat - 29 * 24 * 3600 - 12 * 3600;
        let session = Session {
            signed_in_at: signed_in,
            started_us: first.issued_us() - 5,
        };
        let token = tokens.issue_with(7, "a@b.co", Some(session), 0).unwrap();
        let refreshed = tokens.verify(&token).unwrap();
        assert_eq!(refreshed.signed_in_at(), signed_in);
        assert_eq!(refreshed.exp, signed_in + 30 * 24 * 3600);
        // The session began when it began, however late the refresh.
        assert_eq!(refreshed.session(), session);
        assert!(refreshed.issued_us() > session.started_us);
        assert_eq!(first.session().started_us, first.issued_us());
        // Issued no earlier than asked, to the microsecond.
        let later = now_us() + 2_000_000;
        let token = tokens.issue_with(7, "a@b.co", None, later).unwrap();
        assert_eq!(tokens.verify(&token).unwrap().issued_us(), later);
    }
}
