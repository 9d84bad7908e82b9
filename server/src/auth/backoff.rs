//! Failed logins. The per-client rate limit does not stop guessing one
//! account's password from many addresses, so each e-mail also has budgets
//! of attempts that did not succeed, kept in the database (table
//! `login_failures`) so that every shop process counts together:
//!
//! - **From one client** (`FROM_ONE_CLIENT`, the client counted as the rate
//!   limits count it): after 5 within 15 minutes that client's attempts for
//!   that e-mail are refused with 429 for a minute, twice as long each time
//!   it happens again, up to an hour. Anyone may fail logins for someone
//!   else's e-mail, so this lock stops only the client that failed: the
//!   owner, signing in from anywhere else, still gets in.
//! - **From anywhere** (`FROM_ANYWHERE`): after 30 within 15 minutes from
//!   any clients, every client's password attempts for the e-mail are
//!   refused for 5 minutes, doubling up to an hour: the brake on guessing
//!   from many addresses. The owner still gets in with a password-reset
//!   link, which signs in and lifts both locks.
//!
//! E-mails with no account are counted the same way, so the answers never
//! tell whether an account exists. An attempt is counted when it starts
//! and forgiven when it succeeds, so guesses sent all at once cannot slip
//! past the count while the password checks run.

use std::net::IpAddr;
use std::time::Duration;

use crate::core::db::{now_us, Backend, Db};
use crate::core::limits::dialect;

/// How many attempts that did not succeed lock a key, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Attempts that did not succeed before the key is locked.
    pub max_failures: i64,
    /// How long failed attempts are remembered.
    pub window: Duration,
    /// The first lock; each one after it lasts twice as long as the one before.
    pub first_lock: Duration,
    /// The longest lock.
    pub longest_lock: Duration,
}

/// One client's attempts at one e-mail.
pub const FROM_ONE_CLIENT: Policy = Policy {
    max_failures: 5,
    window: Duration::from_secs(15 * 60),
    first_lock: Duration::from_secs(60),
    longest_lock: Duration::from_secs(60 * 60),
};

/// Every client's attempts at one e-mail together.
pub const FROM_ANYWHERE: Policy = Policy {
    max_failures: 30,
    window: Duration::from_secs(15 * 60),
    first_lock: Duration::from_secs(5 * 60),
    longest_lock: Duration::from_secs(60 * 60),
};

/// Which lock refused an attempt, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Locked {
    /// This client's attempts at the e-mail.
    Here(Duration),
    /// Every client's.
    Everywhere(Duration),
}

/// A key's failed attempts (times in microseconds since 1970).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Record {
    /// Attempts counted since `since`.
    pub attempts: i64,
    pub since: i64,
    /// Locks so far; the next lasts `first_lock * 2^locks`.
    pub locks: i64,
    pub locked_until: Option<i64>,
    pub last_seen: i64,
}

impl Record {
    fn new(now: i64) -> Record {
        Record {
            attempts: 0,
            since: now,
            locks: 0,
            locked_until: None,
            last_seen: now,
        }
    }
}

fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}

fn duration(us: i64) -> Duration {
    Duration::from_micros(u64::try_from(us).unwrap_or(0))
}

/// One attempt on `record` at `now` under `policy`: the record as it
/// stands after it, and whether the attempt may go ahead (or how long the
/// key stays locked).
pub fn step(policy: Policy, mut record: Record, now: i64) -> (Record, Result<(), Duration>) {
    record.last_seen = now;
    if let Some(until) = record.locked_until {
        if until > now {
            return (record, Err(duration(until - now)));
        }
        record.locked_until = None;
    }
    if now - record.since > micros(policy.window) {
        record.attempts = 0;
        record.since = now;
    }
    if record.attempts >= policy.max_failures {
        let lock = policy
            .first_lock
            .saturating_mul(1 << record.locks.clamp(0, 16))
            .min(policy.longest_lock);
        record.locks += 1;
        record.locked_until = Some(now.saturating_add(micros(lock)));
        record.attempts = 0;
        record.since = now;
        return (record, Err(lock));
    }
    record.attempts += 1;
    (record, Ok(()))
}

/// The key of `client`'s attempts at `email` (normalised by the caller).
fn client_key(email: &str, client: IpAddr) -> String {
    format!("{client} {email}")
}

/// The key of every client's attempts at `email`.
fn anywhere_key(email: &str) -> String {
    format!("* {email}")
}

/// Counts one login attempt for `email` from `client` (its rate-limit
/// bucket): refused while either of its locks holds.
pub async fn attempt(db: &Db, email: &str, client: IpAddr) -> sqlx::Result<Result<(), Locked>> {
    let now = now_us();
    let (_turn, mut tx) = db.begin_write().await?;
    let here = count(
        db,
        &mut tx,
        &client_key(email, client),
        FROM_ONE_CLIENT,
        now,
    )
    .await?;
    let verdict = match here {
        Err(wait) => Err(Locked::Here(wait)),
        Ok(()) => count(db, &mut tx, &anywhere_key(email), FROM_ANYWHERE, now)
            .await?
            .map_err(Locked::Everywhere),
    };
    tx.commit().await?;
    Ok(verdict)
}

/// Counts one attempt on `key` under `policy`, in the caller's transaction;
/// on PostgreSQL the key's row is locked first, so attempts from several
/// processes at once are counted one after the other.
async fn count(
    db: &Db,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    policy: Policy,
    now: i64,
) -> sqlx::Result<Result<(), Duration>> {
    let fresh = Record::new(now);
    sqlx::query(&dialect(
        db,
        "INSERT INTO login_failures (name, attempts, since, locks, locked_until, last_seen) \
         VALUES ($1, $2, $3, $4, NULL, $5) ON CONFLICT (name) DO NOTHING",
    ))
    .bind(key)
    .bind(fresh.attempts)
    .bind(fresh.since)
    .bind(fresh.locks)
    .bind(fresh.last_seen)
    .execute(&mut **tx)
    .await?;
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let record: Record = sqlx::query_as(&dialect(
        db,
        &format!(
            "SELECT attempts, since, locks, locked_until, last_seen FROM login_failures \
             WHERE name = $1{lock}"
        ),
    ))
    .bind(key)
    .fetch_one(&mut **tx)
    .await?;
    let (record, verdict) = step(policy, record, now);
    sqlx::query(&dialect(
        db,
        "UPDATE login_failures SET attempts = $2, since = $3, locks = $4, locked_until = $5, \
         last_seen = $6 WHERE name = $1",
    ))
    .bind(key)
    .bind(record.attempts)
    .bind(record.since)
    .bind(record.locks)
    .bind(record.locked_until)
    .bind(record.last_seen)
    .execute(&mut **tx)
    .await?;
    Ok(verdict)
}

/// A successful sign-in for `email` from `client`, or a password-reset
/// link used: its failed attempts, from that client and from anywhere,
/// are forgotten and its locks lifted.
pub async fn succeeded(db: &Db, email: &str, client: IpAddr) -> sqlx::Result<()> {
    let (_turn, mut tx) = db.begin_write().await?;
    sqlx::query(&dialect(
        db,
        "DELETE FROM login_failures WHERE name = $1 OR name = $2",
    ))
    .bind(client_key(email, client))
    .bind(anywhere_key(email))
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Forgets the keys neither locked nor tried within the window.
pub async fn forget_quiet(db: &Db) -> sqlx::Result<u64> {
    let now = now_us();
    let quiet_since = now - micros(FROM_ONE_CLIENT.window.max(FROM_ANYWHERE.window));
    let (_turn, mut tx) = db.begin_write().await?;
    let forgotten = sqlx::query(&dialect(
        db,
        "DELETE FROM login_failures WHERE last_seen < $1 \
         AND (locked_until IS NULL OR locked_until < $2)",
    ))
    .bind(quiet_since)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(forgotten)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: i64 = 1_000_000;

    /// `n` attempts at `now`, each let through.
    fn tries(policy: Policy, mut record: Record, now: i64, n: i64) -> Record {
        for _ in 0..n {
            let (next, verdict) = step(policy, record, now);
            assert_eq!(verdict, Ok(()));
            record = next;
        }
        record
    }

    #[test]
    fn five_attempts_then_a_lock_that_doubles_up_to_the_longest() {
        let policy = FROM_ONE_CLIENT;
        let start = 1_000 * SECOND;
        let record = tries(policy, Record::new(start), start, 5);
        let (record, verdict) = step(policy, record, start);
        assert_eq!(verdict, Err(policy.first_lock));
        let (record, verdict) = step(policy, record, start + 20 * SECOND);
        assert_eq!(verdict, Err(policy.first_lock - Duration::from_secs(20)));
        // After the lock, five more tries; then twice as long.
        let after = start + micros(policy.first_lock);
        let record = tries(policy, record, after, 5);
        let (mut record, verdict) = step(policy, record, after);
        assert_eq!(verdict, Err(policy.first_lock * 2));
        let mut now = after;
        let mut lock = policy.first_lock * 2;
        for _ in 0..10 {
            now += micros(lock);
            record = tries(policy, record, now, 5);
            let (next, verdict) = step(policy, record, now);
            record = next;
            lock = verdict.unwrap_err();
        }
        assert_eq!(lock, policy.longest_lock);
    }

    #[test]
    fn failures_older_than_the_window_no_longer_count() {
        let policy = FROM_ANYWHERE;
        let start = 1_000 * SECOND;
        let record = tries(policy, Record::new(start), start, policy.max_failures);
        let later = start + micros(policy.window) + SECOND;
        let (_, verdict) = step(policy, record, later);
        assert_eq!(verdict, Ok(()));
    }

    #[test]
    fn the_keys_of_a_client_and_of_everywhere_never_meet() {
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        assert_ne!(
            client_key("ann@example.com", client),
            anywhere_key("ann@example.com")
        );
        // Typed text that is no e-mail cannot name another client's key.
        assert_ne!(
            anywhere_key("203.0.113.7 ann@example.com"),
            client_key("ann@example.com", client)
        );
    }
}
