//! The shop's access tokens: HS256-signed JWTs naming the user, with an
//! expiry. Only HS256 is accepted, so unsigned (`alg: none`) or re-signed
//! tokens fail. Roles are not in the token: they are read from the database
//! on every request, so a role change takes effect at once.

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
}

pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
}

impl Tokens {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Tokens {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
        }
    }

    /// Signs a token for a user that lasts the configured time.
    pub fn issue(&self, user_id: i64, email: &str) -> anyhow::Result<String> {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let claims = Claims {
            sub: user_id.to_string(),
            email: email.to_owned(),
            iat: now,
            exp: now + self.ttl.as_secs() as i64,
        };
        Ok(jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.encoding,
        )?)
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
        let tokens = Tokens::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let token = tokens.issue(7, "ann@example.com").unwrap();
        assert_eq!(tokens.verify(&token).unwrap().sub, "7");
        let other = Tokens::new(
            b"another key that is long enough!!",
            Duration::from_secs(60),
        );
        assert!(other.verify(&token).is_none());
        assert!(tokens.verify("not.a.token").is_none());
    }
}
