//! Group commit: orders placed at the same moment share one write
//! transaction.
//!
//! Every order goes to one desk, a task that takes the orders waiting for
//! it (up to `MOST_AT_ONCE`) and places them in one transaction: each
//! order's checks run on its own, in the order they came, and a refused
//! order gives back what it took within the transaction, so the others go
//! on. Only once the transaction has committed is any buyer answered that
//! their order was placed, so an order answered 201 survives the process
//! being killed. Should the database fail partway, nothing of the batch is
//! kept and its orders are placed again one transaction each, so each
//! buyer is told what happened to their own order.
//!
//! One transaction a batch saves its BEGIN and COMMIT (on PostgreSQL, the
//! flush to disk), the tariff reads and the separate inserts of lines and
//! messages per order; and on one busy part, its row is locked once for the
//! batch instead of once an order.

use std::sync::OnceLock;

use tokio::sync::{mpsc, oneshot};

use super::checkout::{self, Placing, Refused, Taken};
use super::store::{BookingRow, LineRow};
use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::shipping::Tariffs;
use crate::state::{AppState, WeakState};

/// Most orders placed in one transaction.
const MOST_AT_ONCE: usize = 256;

type Placed = Result<(BookingRow, Vec<LineRow>), Refused>;

/// An order waiting for the desk, and where its answer goes.
struct Job {
    user: CurrentUser,
    placing: Placing,
    answer: oneshot::Sender<Placed>,
}

/// Where orders wait to be placed. The desk's task starts with the first
/// order and ends when the shop's state is dropped.
#[derive(Default)]
pub struct Desk {
    queue: OnceLock<mpsc::UnboundedSender<Job>>,
}

/// Places `placing` for `user` with whatever other orders are waiting.
pub async fn place(state: &AppState, user: &CurrentUser, placing: Placing) -> Placed {
    let queue = state.orders.queue.get_or_init(|| {
        let (sender, receiver) = mpsc::unbounded_channel();
        tokio::spawn(desk(state.downgrade(), receiver));
        sender
    });
    let (answer, answered) = oneshot::channel();
    let job = Job {
        user: user.clone(),
        placing,
        answer,
    };
    queue.send(job).map_err(|_| {
        Refused::Other(ApiError::Internal(anyhow::anyhow!(
            "the order desk stopped"
        )))
    })?;
    answered.await.map_err(|_| {
        Refused::Other(ApiError::Internal(anyhow::anyhow!(
            "the order desk dropped an order without an answer"
        )))
    })?
}

async fn desk(state: WeakState, mut queue: mpsc::UnboundedReceiver<Job>) {
    let mut batch = Vec::new();
    while queue.recv_many(&mut batch, MOST_AT_ONCE).await > 0 {
        let Some(state) = state.upgrade() else {
            return;
        };
        let jobs = std::mem::take(&mut batch);
        // Its own task, so that a panic costs only this batch's answers
        // (their senders are dropped: each buyer is answered 500).
        let _ = tokio::spawn(async move { place_batch(&state, jobs).await }).await;
    }
}

/// How a batch's transaction failed.
enum Failure {
    /// Before any order was tried (no turn to write, no connection) or at
    /// the commit: every order of the batch is answered with it.
    Whole(ApiError),
    /// While an order was being placed: the batch is rolled back and its
    /// orders placed again one at a time.
    Partway(ApiError),
}

async fn place_batch(state: &AppState, jobs: Vec<Job>) {
    let results = match together(state, &jobs).await {
        Ok(results) => results,
        Err(Failure::Partway(e)) if jobs.len() > 1 => {
            tracing::warn!(error = %e, orders = jobs.len(),
                "placing orders together failed; placing them one at a time");
            let mut results = Vec::with_capacity(jobs.len());
            for job in &jobs {
                let mut alone = match together(state, std::slice::from_ref(job)).await {
                    Ok(result) => result,
                    Err(Failure::Whole(e) | Failure::Partway(e)) => vec![Err(Refused::Other(e))],
                };
                results.push(alone.pop().expect("one answer for one order"));
            }
            results
        }
        Err(Failure::Whole(e) | Failure::Partway(e)) => {
            let mut results: Vec<Placed> = Vec::with_capacity(jobs.len());
            for _ in 1..jobs.len() {
                results.push(Err(Refused::Other(same_failure(&e))));
            }
            results.insert(0, Err(Refused::Other(e)));
            results
        }
    };
    for (job, result) in jobs.into_iter().zip(results) {
        // A buyer who stopped waiting still has the order (in My Orders).
        let _ = job.answer.send(result);
    }
}

/// Places `jobs` in one transaction; answers each order's outcome in turn.
async fn together(state: &AppState, jobs: &[Job]) -> Result<Vec<Placed>, Failure> {
    let db = &state.db;
    let (turn, mut tx) = db
        .begin_write()
        .await
        .map_err(|e| Failure::Whole(e.into()))?;
    let mut tariffs = Tariffs::default();
    let mut outcomes: Vec<Result<Taken, Refused>> = Vec::with_capacity(jobs.len());
    for job in jobs {
        let outcome =
            checkout::take_order(state, &mut tx, &mut tariffs, &job.user, &job.placing).await;
        if let Err(refused) = &outcome {
            if refused.is_failure() {
                let Err(Refused::Other(e)) = outcome else {
                    unreachable!("a failure is Refused::Other")
                };
                return Err(Failure::Partway(e));
            }
        }
        outcomes.push(outcome);
    }
    let taken: Vec<&Taken> = outcomes.iter().filter_map(|o| o.as_ref().ok()).collect();
    checkout::finish(db, &mut tx, &taken)
        .await
        .map_err(|e| Failure::Partway(e.into()))?;
    tx.commit().await.map_err(|e| Failure::Whole(e.into()))?;
    drop(turn);

    let mut placed = Vec::with_capacity(jobs.len());
    for (outcome, job) in outcomes.into_iter().zip(jobs) {
        placed.push(outcome.map(|Taken { booking, lines, .. }| {
            tracing::info!(order = booking.id, lines = lines.len(),
                total_cents = booking.total_cents, delivery = ?booking.delivery_method_id,
                buyer = ?job.user.email, "order placed");
            (booking, lines)
        }));
    }
    Ok(placed)
}

/// The answer to give each other order of a batch that failed as a whole
/// with `e`: the same status and message.
fn same_failure(e: &ApiError) -> ApiError {
    match e {
        ApiError::Unavailable(message) => ApiError::Unavailable(message.clone()),
        ApiError::Busy {
            message,
            retry_after_secs,
        } => ApiError::Busy {
            message: message.clone(),
            retry_after_secs: *retry_after_secs,
        },
        other => ApiError::Internal(anyhow::anyhow!("{other:#}")),
    }
}
