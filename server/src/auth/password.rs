//! Passwords are kept only as Argon2id hashes (the crate's defaults follow
//! OWASP's recommendation: 19 MiB, 2 passes).

use std::sync::OnceLock;

use anyhow::anyhow;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// Hashes a password (slow on purpose: run it off the async threads).
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow!("cannot hash password: {e}"))
    })
    .await?
}

/// Checks a password against a stored hash. With no hash (an unknown e-mail
/// or an account without a password) it still spends the same time, so the
/// answer's timing does not tell which e-mails have accounts.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let (hash, known) = match &stored {
            Some(h) => (h.as_str(), true),
            None => (dummy_hash(), false),
        };
        let parsed = PasswordHash::new(hash)
            .map_err(|e| anyhow!("stored password hash is malformed: {e}"))?;
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        Ok(known && matches)
    })
    .await?
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(b"no such account", &salt)
            .expect("hashing a constant works")
            .to_string()
    })
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_accepts_its_password_and_nothing_else() {
        let h = super::hash("hunter22".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("hunter22".into(), Some(h.clone()))
            .await
            .unwrap());
        assert!(!super::verify("hunter23".into(), Some(h)).await.unwrap());
        assert!(!super::verify("hunter22".into(), None).await.unwrap());
    }
}
