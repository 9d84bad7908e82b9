//! "Sign in with Google": the OpenID Connect authorization code flow with
//! PKCE, state and nonce, run by the server: a token is handed out only once the provider has
//! proved who the user is.
//!
//! 1. `GET /api/auth/google/start?redirect=PATH` keeps the state, nonce, PKCE
//!    verifier and PATH in `oidc_flows`, bound to this browser by an HttpOnly,
//!    SameSite=Lax cookie holding a random key (the row keeps only its hash),
//!    and sends the browser to the provider.
//! 2. `GET /api/auth/google/callback` takes that row (once), checks the cookie,
//!    exchanges the code, verifies the ID token, and finds the account the
//!    Google account is linked to, else the one with its verified e-mail
//!    (linking it), or creates one. The shop's token is not put in any URL:
//!    the browser goes to the web app's `/login/google?code=...` with a
//!    one-time code that lasts a minute, and failures go to
//!    `/login?google_error=REASON`, which the app turns into a message.
//! 3. `POST /api/auth/google/exchange {code}` from the same browser swaps the
//!    code for `{token, user, redirect}`; the app then opens PATH.

mod accounts;
pub mod provider;
mod routes;
pub mod store;

use axum::http::{header, HeaderMap};
use rand::RngCore;
use sha2::{Digest, Sha256};

pub use provider::OidcProvider;
pub use routes::router;

/// The cookie that binds a sign-in to the browser that started it.
const COOKIE: &str = "shop_google_signin";
/// Only the sign-in routes ever see the cookie.
const COOKIE_PATH: &str = "/api/auth/google";
/// How long a sign-in may take at the provider.
const FLOW_SECONDS: i64 = 600;
/// How long the web app has to collect the token after the provider's answer.
const HANDOFF_SECONDS: i64 = 60;
/// Longest return path accepted.
const MAX_REDIRECT_CHARS: usize = 2000;

/// Why a Google sign-in was refused, as the web app's login page shows it
/// (`/login?google_error=<code>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The person cancelled, or the provider refused, at the provider.
    Cancelled,
    /// Unknown, used or expired state, or another browser's.
    State,
    /// The provider has not verified the e-mail address.
    Unverified,
    /// The provider gave no usable e-mail address.
    Email,
    /// The code or the ID token was not accepted.
    Failed,
    /// The provider could not be reached.
    Unavailable,
    /// The address's account is linked to another Google account.
    Linked,
}

impl Refusal {
    /// The code the web app reads.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Cancelled => "cancelled",
            Refusal::State => "state",
            Refusal::Unverified => "unverified",
            Refusal::Email => "email",
            Refusal::Failed => "failed",
            Refusal::Unavailable => "unavailable",
            Refusal::Linked => "linked",
        }
    }
}

/// The return path if it stays inside the shop: one leading `/` (not `//`
/// or `/\`, which browsers read as another host), no scheme, no control
/// characters. Anything else would make the sign-in an open redirect.
pub fn safe_redirect(raw: &str) -> Option<String> {
    let ok = raw.starts_with('/')
        && !raw.starts_with("//")
        && !raw.starts_with("/\\")
        && raw.chars().count() <= MAX_REDIRECT_CHARS
        && !raw.chars().any(|c| c.is_control() || c == '\\');
    ok.then(|| raw.to_owned())
}

/// 32 random bytes as hex.
fn random_hex() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// SHA-256 as hex: what the database keeps of cookie keys and hand-off codes.
fn sha256_hex(value: &str) -> String {
    hex::encode(Sha256::digest(value.as_bytes()))
}

/// The browser key from the request's cookie, if it holds a well-formed one.
fn browser_key(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_owned())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` value for the browser key; `Secure` when the shop is on https.
fn browser_cookie(key: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={key}; Path={COOKIE_PATH}; Max-Age={FLOW_SECONDS}; HttpOnly; SameSite=Lax{secure}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn only_paths_inside_the_shop_are_return_paths() {
        for good in [
            "/",
            "/dashboard",
            "/purchase/7?x=1#top",
            "/a//b",
            "/%2F%2Fevil",
        ] {
            assert_eq!(safe_redirect(good).as_deref(), Some(good), "{good}");
        }
        for bad in [
            "",
            "dashboard",
            "//evil.example",
            "///evil.example",
            "/\\evil.example",
            "/\\/evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            " /dashboard",
            "/dash\nboard",
            "/dash\\board",
        ] {
            assert_eq!(safe_redirect(bad), None, "{bad:?}");
        }
        assert_eq!(safe_redirect(&format!("/{}", "a".repeat(3000))), None);
    }

    #[test]
    fn the_browser_key_is_read_from_its_cookie_only() {
        let key = random_hex();
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("other=1; {COOKIE}={key}; x=y")).unwrap(),
        );
        assert_eq!(browser_key(&headers), Some(key.clone()));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("{COOKIE}=not-hex")).unwrap(),
        );
        assert_eq!(browser_key(&headers), None);
        assert_eq!(browser_key(&HeaderMap::new()), None);
        assert!(browser_cookie(&key, true).ends_with("HttpOnly; SameSite=Lax; Secure"));
        assert_ne!(sha256_hex(&key), key);
    }
}
