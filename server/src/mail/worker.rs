//! The worker every shop process runs: it claims the messages that are due
//! and sends them. A message that fails is tried again after
//! `SHOP_MAIL_RETRY`, twice as long after each failure (at most an hour), for
//! as long as the mail server is down; one the mail server refuses for good
//! is given up after a few tries and logged. A message is sent at least once;
//! only a process that dies between sending and recording it sends it again.
//!
//! Order mail to an address that is not verified is sent within a budget
//! (`SHOP_MAIL_BUDGET` an hour per address, counted in the database across
//! processes; docs/decisions.md, D32): anyone may sign up with someone
//! else's address, and without it placing and cancelling orders would mail
//! that stranger without end. A message past the budget is not sent and is
//! recorded as given up; the order it tells of stands, and the buyer sees
//! it in My Orders. Account mail (verification and reset links, password
//! changes) is limited where it is asked for instead.

use std::sync::Arc;
use std::time::Duration;

use rand::RngCore;
use tokio_util::sync::CancellationToken;

use super::outbox::{self, Claimed};
use super::{render, Mailer, Message};
use crate::app::state::AppState;
use crate::core::db::{self, Db};
use crate::core::limits::{self, Rate};
use crate::users;

/// How often a process looks for messages due.
const POLL: Duration = Duration::from_millis(500);
/// Messages claimed per round at most.
const BATCH: u64 = 50;
/// How long a claim lasts: a process that stops while sending leaves the
/// message to the others after this.
pub const CLAIM_FOR: Duration = Duration::from_secs(5 * 60);
/// The longest wait between two tries.
const MAX_WAIT: Duration = Duration::from_secs(60 * 60);
/// Tries of a message the mail server refuses for good before giving it up.
const PERMANENT_TRIES: i64 = 5;

/// Sends the outbox until `stop` is cancelled. A message being sent then is
/// sent and recorded; no other is claimed, so a stopping shop leaves the rest
/// to the next process at once rather than when a claim runs out.
pub async fn run(state: AppState, mailer: Arc<Mailer>, stop: CancellationToken) {
    let me = claim_token();
    let rules = Rules {
        retry: state.config.mail_retry,
        budget: Rate::per_hour(state.config.mail_budget),
    };
    let mut every = tokio::time::interval(POLL);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            () = stop.cancelled() => break,
        }
        if let Err(e) = send_due(&state.db, &mailer, &me, rules, &stop).await {
            tracing::warn!(error = ?e, "cannot read the outbox now; trying again shortly");
        }
    }
    tracing::info!("mail worker stopped");
}

/// A random name for this process's claims.
fn claim_token() -> String {
    let mut bytes = [0u8; 12];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// How long to wait after the `attempts`th try failed: `retry`, doubled
/// with each failure, at most an hour (or `retry`, if that is longer).
pub fn backoff(retry: Duration, attempts: i64) -> Duration {
    let doublings = attempts.saturating_sub(1).clamp(0, 20) as u32;
    let wait = retry.saturating_mul(1 << doublings);
    wait.min(MAX_WAIT.max(retry))
}

/// How the worker sends: the first wait after a failure, and the budget
/// of order mail to an unverified address (None: no budget).
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    pub retry: Duration,
    pub budget: Option<Rate>,
}

/// Sends the messages due now (at most one batch) as the process `me`,
/// claiming none once `stop` is cancelled; answers how many went out.
pub async fn send_due(
    db: &Db,
    mailer: &Mailer,
    me: &str,
    rules: Rules,
    stop: &CancellationToken,
) -> sqlx::Result<usize> {
    let mut sent = 0;
    for id in outbox::due(db, &db::now(), BATCH).await? {
        if stop.is_cancelled() {
            break;
        }
        // Another process may have claimed it since.
        let Some(claimed) = outbox::claim(db, id, me, CLAIM_FOR).await? else {
            continue;
        };
        if send_one(db, mailer, me, rules, &claimed).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Whether `message` to `to` is past the budget of order mail to an
/// unverified address: counts it against the budget when it is order mail
/// to such an address.
async fn over_budget(
    db: &Db,
    budget: Option<Rate>,
    to: &str,
    message: &Message,
) -> sqlx::Result<bool> {
    let Some(budget) = budget else {
        return Ok(false);
    };
    if message.order().is_none() {
        return Ok(false);
    }
    let verified = users::find_by_email(db, to)
        .await?
        .is_some_and(|user| user.email_verified());
    if verified {
        return Ok(false);
    }
    let key = format!("mail-budget {}", to.trim().to_lowercase());
    Ok(limits::take(db, &key, budget).await?.is_err())
}

async fn send_one(
    db: &Db,
    mailer: &Mailer,
    me: &str,
    rules: Rules,
    claimed: &Claimed,
) -> sqlx::Result<bool> {
    let retry = rules.retry;
    let message: Message = match serde_json::from_str(&claimed.message) {
        Ok(message) => message,
        Err(e) => {
            // Written by a shop that knew a message this one does not.
            let error = format!("cannot read the message ({}): {e}", claimed.kind);
            tracing::error!(mail = claimed.id, kind = ?claimed.kind, error = ?error, "mail given up");
            outbox::failed(db, claimed.id, me, &error, retry, true).await?;
            return Ok(false);
        }
    };
    if over_budget(db, rules.budget, &claimed.recipient, &message).await? {
        let error =
            "not sent: past the hourly budget of order mail to an address that is not verified";
        tracing::warn!(mail = claimed.id, to = ?claimed.recipient, kind = ?claimed.kind,
            "order mail to an unverified address past its budget; not sent");
        outbox::failed(db, claimed.id, me, error, retry, true).await?;
        return Ok(false);
    }
    let rendered = render(&message, &mailer.letterhead);
    match mailer.send(claimed.id, &claimed.recipient, &rendered).await {
        Ok(destination) => {
            if !outbox::sent(db, claimed.id, me).await? {
                tracing::warn!(
                    mail = claimed.id,
                    "mail sent after its claim ran out; it may go out twice"
                );
            }
            if mailer.writes_files() {
                tracing::info!(mail = claimed.id, to = ?claimed.recipient, subject = ?rendered.subject,
                    file = ?destination, "mail written to a file (no SHOP_SMTP_URL)");
            } else {
                tracing::info!(mail = claimed.id, to = ?claimed.recipient, subject = ?rendered.subject,
                    server = ?destination, attempts = claimed.attempts, "mail sent");
            }
            Ok(true)
        }
        Err(e) => {
            let give_up = e.permanent && claimed.attempts >= PERMANENT_TRIES;
            let wait = backoff(retry, claimed.attempts);
            outbox::failed(db, claimed.id, me, &e.message, wait, give_up).await?;
            if give_up {
                tracing::error!(mail = claimed.id, to = ?claimed.recipient, subject = ?rendered.subject,
                    attempts = claimed.attempts, error = ?e.message, "mail refused for good; given up");
            } else {
                tracing::warn!(mail = claimed.id, to = ?claimed.recipient, attempts = claimed.attempts,
                    retry_in_ms = wait.as_millis() as u64, error = ?e.message, "mail not sent; will try again");
            }
            Ok(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_an_hour() {
        let retry = Duration::from_secs(30);
        assert_eq!(backoff(retry, 1), Duration::from_secs(30));
        assert_eq!(backoff(retry, 2), Duration::from_secs(60));
        assert_eq!(backoff(retry, 4), Duration::from_secs(240));
        assert_eq!(backoff(retry, 8), MAX_WAIT);
        assert_eq!(backoff(retry, 1_000), MAX_WAIT);
        assert_eq!(backoff(retry, 0), retry);
        // A first wait longer than the cap is kept.
        let long = Duration::from_secs(2 * 60 * 60);
        assert_eq!(backoff(long, 3), long);
    }
}
