//! Passwords are kept only as Argon2id hashes (the crate's defaults follow
//! OWASP's recommendation: 19 MiB, 2 passes).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use anyhow::anyhow;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// How many hashes run at once (0: one per CPU core); set before the first one.
static MOST_AT_ONCE: AtomicUsize = AtomicUsize::new(0);

/// Caps how many passwords are hashed or checked at once: each takes 19 MiB
/// while it runs, so a burst of sign-ups would otherwise grow the process.
pub fn limit_concurrency(most: Option<usize>) {
    MOST_AT_ONCE.store(most.unwrap_or(0), Ordering::Relaxed);
}

async fn turn() -> anyhow::Result<tokio::sync::SemaphorePermit<'static>> {
    static HASHING: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    let permits = HASHING.get_or_init(|| {
        let most = match MOST_AT_ONCE.load(Ordering::Relaxed) {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        };
        tokio::sync::Semaphore::new(most)
    });
    Ok(permits.acquire().await?)
}

/// Hashes a password (slow on purpose: run it off the async threads).
pub async fn hash(password: String) -> anyhow::Result<String> {
    let _turn = turn().await?;
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
    let _turn = turn().await?;
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
