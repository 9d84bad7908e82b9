//! Failed logins per account. The per-address rate limit does not stop
//! guessing one account's password from many addresses, so each e-mail also
//! has a budget: after `MAX_FAILURES` attempts that did not succeed within
//! `WINDOW`, attempts for that e-mail are refused with 429 for a while, twice
//! as long each time it happens again, until a login succeeds. E-mails with
//! no account are counted the same way, so the answers never tell whether an
//! account exists.
//!
//! An attempt is counted when it starts and forgiven when it succeeds, so
//! guesses sent all at once cannot slip past the count while the password
//! checks run.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Attempts that did not succeed before an e-mail is locked.
pub const MAX_FAILURES: u32 = 5;
/// How long failed attempts are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// The first lock; each one after it lasts twice as long as the one before.
pub const FIRST_LOCK: Duration = Duration::from_secs(60);
/// The longest lock.
pub const LONGEST_LOCK: Duration = Duration::from_secs(60 * 60);
/// E-mails remembered at most; the oldest quiet ones are forgotten first.
const MAX_EMAILS: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Record {
    /// Attempts counted since `since`.
    attempts: u32,
    since: Instant,
    /// Locks so far; the next lasts `FIRST_LOCK * 2^locks`.
    locks: u32,
    locked_until: Option<Instant>,
    last_seen: Instant,
}

/// The failed-login counts of every e-mail tried recently.
#[derive(Default)]
pub struct LoginBackoff {
    records: Mutex<HashMap<String, Record>>,
}

impl LoginBackoff {
    /// Counts one login attempt for `email` (normalised by the caller); when
    /// the e-mail is locked, answers how long until it may be tried again.
    pub fn attempt(&self, email: &str, now: Instant) -> Result<(), Duration> {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        if records.len() >= MAX_EMAILS && !records.contains_key(email) {
            forget_quiet(&mut records, now);
            if records.len() >= MAX_EMAILS {
                // Still full of active e-mails: make room by the oldest.
                if let Some(oldest) = records
                    .iter()
                    .min_by_key(|(_, r)| r.last_seen)
                    .map(|(k, _)| k.clone())
                {
                    records.remove(&oldest);
                }
            }
        }
        let record = records.entry(email.to_owned()).or_insert(Record {
            attempts: 0,
            since: now,
            locks: 0,
            locked_until: None,
            last_seen: now,
        });
        record.last_seen = now;
        if let Some(until) = record.locked_until {
            if until > now {
                return Err(until - now);
            }
            record.locked_until = None;
        }
        if now.duration_since(record.since) > WINDOW {
            record.attempts = 0;
            record.since = now;
        }
        if record.attempts >= MAX_FAILURES {
            let lock = FIRST_LOCK
                .saturating_mul(1 << record.locks.min(16))
                .min(LONGEST_LOCK);
            record.locks += 1;
            record.locked_until = Some(now + lock);
            record.attempts = 0;
            record.since = now;
            return Err(lock);
        }
        record.attempts += 1;
        Ok(())
    }

    /// A successful login: the e-mail's record is forgotten.
    pub fn succeeded(&self, email: &str) {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        records.remove(email);
    }

    /// Forgets e-mails neither locked nor tried within the window.
    pub fn forget_quiet(&self, now: Instant) {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        forget_quiet(&mut records, now);
    }
}

fn forget_quiet(records: &mut HashMap<String, Record>, now: Instant) {
    records.retain(|_, r| {
        r.locked_until.is_some_and(|until| until > now) || now.duration_since(r.last_seen) <= WINDOW
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_attempts_then_a_lock_that_doubles() {
        let backoff = LoginBackoff::default();
        let start = Instant::now();
        for _ in 0..MAX_FAILURES {
            assert_eq!(backoff.attempt("ann@example.com", start), Ok(()));
        }
        assert_eq!(backoff.attempt("ann@example.com", start), Err(FIRST_LOCK));
        let later = start + Duration::from_secs(20);
        assert_eq!(
            backoff.attempt("ann@example.com", later),
            Err(FIRST_LOCK - Duration::from_secs(20))
        );
        // Another e-mail is not affected.
        assert_eq!(backoff.attempt("bob@example.com", later), Ok(()));
        // After the lock, five more tries; then twice as long.
        let after = start + FIRST_LOCK;
        for _ in 0..MAX_FAILURES {
            assert_eq!(backoff.attempt("ann@example.com", after), Ok(()));
        }
        assert_eq!(
            backoff.attempt("ann@example.com", after),
            Err(FIRST_LOCK * 2)
        );
        // The lock never grows past the longest.
        let mut now = after;
        let mut lock = FIRST_LOCK * 2;
        for _ in 0..10 {
            now += lock;
            for _ in 0..MAX_FAILURES {
                backoff.attempt("ann@example.com", now).unwrap();
            }
            lock = backoff.attempt("ann@example.com", now).unwrap_err();
        }
        assert_eq!(lock, LONGEST_LOCK);
    }

    #[test]
    fn success_and_time_forget_failures() {
        let backoff = LoginBackoff::default();
        let start = Instant::now();
        for _ in 0..MAX_FAILURES {
            backoff.attempt("ann@example.com", start).unwrap();
        }
        backoff.succeeded("ann@example.com");
        assert_eq!(backoff.attempt("ann@example.com", start), Ok(()));
        // Failures older than the window no longer count.
        for _ in 1..MAX_FAILURES {
            backoff.attempt("ann@example.com", start).unwrap();
        }
        let later = start + WINDOW + Duration::from_secs(1);
        assert_eq!(backoff.attempt("ann@example.com", later), Ok(()));
        backoff.forget_quiet(later + WINDOW + Duration::from_secs(1));
        assert!(backoff.records.lock().unwrap().is_empty());
    }
}
