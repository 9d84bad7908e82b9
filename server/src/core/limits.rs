//! Limits on attempts (sign-ins, uploads, reviews, account mail, cancels,
//! mail to unverified addresses), counted in the database so that every
//! shop process on it counts together: N processes on one PostgreSQL
//! database allow what one would, not N times as much (table
//! `attempt_limits`, migration 0017).
//!
//! Each limit is a generic cell rate, as a keyed token bucket would be: a
//! `Rate` of `count` per `per` lets `count` attempts through at once, then
//! one more every `per / count`. A key's row keeps `allowed_at`, the moment
//! by which every attempt counted so far is paid off; an attempt pushes it
//! on by one share, and is let through only while it then lies at most `per`
//! ahead. One conditional upsert decides and counts, so two processes
//! counting the same key at once never both take the last attempt.

use std::time::Duration;

use crate::core::db::{now_us, Backend, Db};

/// `count` attempts per `per`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub per: Duration,
}

impl Rate {
    /// `count` a minute; None (no limit) for 0.
    pub fn per_minute(count: u32) -> Option<Rate> {
        Rate::new(count, Duration::from_secs(60))
    }

    /// `count` an hour; None (no limit) for 0.
    pub fn per_hour(count: u32) -> Option<Rate> {
        Rate::new(count, Duration::from_secs(3600))
    }

    fn new(count: u32, per: Duration) -> Option<Rate> {
        (count > 0).then_some(Rate { count, per })
    }

    /// One attempt's share of the period, in microseconds.
    fn share_us(self) -> i64 {
        (micros(self.per) / i64::from(self.count)).max(1)
    }
}

fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}

/// Counts one attempt of `key` against `rate`: Ok when it may go ahead, or
/// how long until the next one may.
pub async fn take(db: &Db, key: &str, rate: Rate) -> sqlx::Result<Result<(), Duration>> {
    let now = now_us();
    let share = rate.share_us();
    let per = micros(rate.per);
    let later = match db.backend {
        Backend::Sqlite => "MAX",
        Backend::Postgres => "GREATEST",
    };
    let upsert = format!(
        "INSERT INTO attempt_limits (name, allowed_at) VALUES ($1, $2 + $3) \
         ON CONFLICT (name) DO UPDATE SET allowed_at = {later}(attempt_limits.allowed_at, $2) + $3 \
         WHERE {later}(attempt_limits.allowed_at, $2) + $3 - $2 <= $4 \
         RETURNING allowed_at"
    );
    let (_turn, mut tx) = db.begin_write().await?;
    let counted: Option<(i64,)> = sqlx::query_as(&dialect(db, &upsert))
        .bind(key)
        .bind(now)
        .bind(share)
        .bind(per)
        .fetch_optional(&mut *tx)
        .await?;
    let verdict = match counted {
        Some(_) => Ok(()),
        None => {
            let (allowed_at,): (i64,) = sqlx::query_as(&dialect(
                db,
                "SELECT allowed_at FROM attempt_limits WHERE name = $1",
            ))
            .bind(key)
            .fetch_one(&mut *tx)
            .await?;
            let wait = allowed_at.max(now) + share - now - per;
            Err(Duration::from_micros(u64::try_from(wait).unwrap_or(0)))
        }
    };
    tx.commit().await?;
    Ok(verdict)
}

/// Forgets the keys whose attempts are all paid off: they count as new.
pub async fn forget_paid_off(db: &Db) -> sqlx::Result<u64> {
    let (_turn, mut tx) = db.begin_write().await?;
    let done = sqlx::query(&dialect(
        db,
        "DELETE FROM attempt_limits WHERE allowed_at < $1",
    ))
    .bind(now_us())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(done)
}

/// `sql` with PostgreSQL's numbered parameters (`$1`) written as SQLite's
/// (`?1`) on SQLite; both may name a parameter more than once.
pub fn dialect(db: &Db, sql: &str) -> String {
    match db.backend {
        Backend::Postgres => sql.to_owned(),
        Backend::Sqlite => sql.replace('$', "?"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_of_none_is_no_limit_and_a_share_is_never_zero() {
        assert_eq!(Rate::per_minute(0), None);
        let rate = Rate::per_hour(4).unwrap();
        assert_eq!(rate.share_us(), 900_000_000);
        let many = Rate {
            count: u32::MAX,
            per: Duration::from_secs(1),
        };
        assert_eq!(many.share_us(), 1);
    }
}
