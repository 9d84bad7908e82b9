//! Group commit: orders placed at the same moment share one write
//! transaction.
//!
//! Every order goes to one desk, a task that takes the orders waiting for
//! it (up to `MOST_AT_ONCE`) and places them in one transaction. Each order
//! is still checked on its own, in the order they came, against the stock
//! the orders before it left, and a refused order takes nothing. Only once
//! the transaction has committed is any buyer answered that their order
//! was placed, so an order answered 201 survives the process being killed.
//! Should the database fail partway, nothing of the batch is kept and its
//! orders are placed again one transaction each, so each buyer is told
//! what happened to their own order.
//!
//! A batch costs about as many statements as one order did: its buyers
//! are read in one (each order's token is checked against its buyer's row
//! there, as any signed-in request's is, rather than with a query of its
//! own before the order reaches the desk), its parts read and locked in
//! one (in ascending id order, as every writer locks parts), their stock
//! taken in one, its orders, lines and messages written in one each (on
//! SQLite in pieces of 16, 32, … rows and one of the rest), the tariffs
//! read once; and one commit (on PostgreSQL, one flush to disk). A busy
//! part's row is locked once for the batch instead of once an order. None
//! of these statements changes its text with the batch's size, so each is
//! prepared once per connection (`core::db::bulk`).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use tokio::sync::{mpsc, oneshot, Mutex};

use super::checkout::{self, Accepted, Placing, Refused};
use super::holds;
use super::store::{BookingRow, LineRow};
use crate::app::state::{AppState, WeakState};
use crate::catalogue;
use crate::core::caller::{self, Bearer, CurrentUser};
use crate::core::db::Backend;
use crate::core::error::ApiError;
use crate::shipping::Tariffs;
use crate::users;

/// Most orders placed in one transaction.
const MOST_AT_ONCE: usize = 256;

type Placed = Result<(BookingRow, Vec<LineRow>), Refused>;

/// An order waiting for the desk, and where its answer goes.
struct Job {
    bearer: Bearer,
    placing: Placing,
    answer: oneshot::Sender<Placed>,
}

/// Where orders wait to be placed. The desks' tasks start with the first
/// order and end when the shop's state is dropped.
#[derive(Default)]
pub struct Desk {
    queue: OnceLock<mpsc::UnboundedSender<Job>>,
}

/// Places `placing` for the holder of `bearer` with whatever other orders
/// are waiting.
pub async fn place(state: &AppState, bearer: Bearer, placing: Placing) -> Placed {
    let queue = state.orders.queue.get_or_init(|| {
        let (sender, receiver) = mpsc::unbounded_channel();
        open_desks(state, Arc::new(Mutex::new(receiver)));
        sender
    });
    let (answer, answered) = oneshot::channel();
    let job = Job {
        bearer,
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

/// Starts the desks on a thread of their own, with a runtime of its own:
/// a batch's statements go to the database one after another, and each
/// answer wakes the desk, which on the shop's runtime would wait behind
/// every request being read and answered at that moment. Should the
/// runtime or the thread not start, the desks run on the shop's runtime.
fn open_desks(state: &AppState, queue: Arc<Mutex<mpsc::UnboundedReceiver<Job>>>) {
    let count = desks(state.db.backend);
    let all = |queue| every_desk(state.downgrade(), queue, count);
    let failed = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => {
            let desks = all(queue.clone());
            match std::thread::Builder::new()
                .name("order-desk".into())
                .spawn(move || runtime.block_on(desks))
            {
                Ok(_) => return,
                Err(e) => e,
            }
        }
        Err(e) => e,
    };
    tracing::warn!(error = %failed,
        "cannot start the order desks' thread; placing orders on the shop's runtime");
    tokio::spawn(all(queue));
}

/// `count` desks taking orders from `queue`, until the shop's state is dropped.
async fn every_desk(state: WeakState, queue: Arc<Mutex<mpsc::UnboundedReceiver<Job>>>, count: u32) {
    let mut desks = tokio::task::JoinSet::new();
    for _ in 0..count {
        desks.spawn(desk(state.clone(), queue.clone()));
    }
    while desks.join_next().await.is_some() {}
}

/// How many batches are placed at once. SQLite writes one transaction at a
/// time, so one desk. On PostgreSQL a second and third desk gather and
/// check their batches while another's commit is on its way to the disk;
/// each batch locks all its parts in one statement, in ascending id order,
/// so two batches never wait for each other in a circle.
fn desks(backend: Backend) -> u32 {
    match backend {
        Backend::Sqlite => 1,
        Backend::Postgres => crate::core::db::ORDER_CONNECTIONS,
    }
}

async fn desk(state: WeakState, queue: Arc<Mutex<mpsc::UnboundedReceiver<Job>>>) {
    let mut batch = Vec::new();
    loop {
        // The desk that takes the queue takes every order waiting in it.
        if queue.lock().await.recv_many(&mut batch, MOST_AT_ONCE).await == 0 {
            return;
        }
        let Some(state) = state.upgrade() else {
            return;
        };
        let jobs = std::mem::take(&mut batch);
        tracing::debug!(orders = jobs.len(), "placing orders together");
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
    let metrics = &crate::core::metrics::METRICS;
    metrics.desk_batch.observe(results.len() as f64);
    for (job, result) in jobs.into_iter().zip(results) {
        let outcome = match &result {
            Ok(_) => {
                metrics.orders_placed.inc();
                "placed"
            }
            Err(refused) if refused.is_failure() => "failed",
            Err(_) => "refused",
        };
        crate::core::metrics::count(&metrics.checkouts, outcome);
        // A buyer who stopped waiting still has the order (in My Orders).
        let _ = job.answer.send(result);
    }
}

/// Places `jobs` in one transaction; answers each order's outcome in turn.
/// Three steps: each order is read (its buyer, whose token must still hold,
/// its lines, address, the buyer's room for unpaid orders, the tariffs it
/// will be priced with); the parts of all of them are read and locked at
/// once; then each order in turn is
/// checked and priced against the parts as the orders before it left them,
/// and all that passed are written together.
async fn together(state: &AppState, jobs: &[Job]) -> Result<Vec<Placed>, Failure> {
    let db = &state.db;
    let (turn, mut tx) = db
        .begin_orders()
        .await
        .map_err(|e| Failure::Whole(e.into()))?;
    let partway = |refused: Refused| match refused {
        Refused::Other(e) => Failure::Partway(e),
        _ => unreachable!("only Refused::Other is a failure"),
    };

    // The buyers, read once for the batch: an order whose token no longer
    // holds (the account gone, or its sessions ended) is refused.
    let mut buyers: Vec<i64> = jobs.iter().map(|job| job.bearer.user_id).collect();
    buyers.sort_unstable();
    buyers.dedup();
    let rows = caller::standings(db, &mut *tx, &buyers)
        .await
        .map_err(|e| Failure::Whole(e.into()))?;
    let session_max = state.tokens.session_max();
    let admitted: Vec<Result<CurrentUser, ApiError>> = jobs
        .iter()
        .map(|job| job.bearer.admit(rows.get(&job.bearer.user_id), session_max))
        .collect();
    drop(rows);

    // Each buyer's room for unpaid orders, in ascending id order, as the
    // parts are below. On PostgreSQL, where other desks place orders at the
    // same moment, the row of a buyer whose room is counted, or whose cart
    // is ordered, is locked first: a second transaction for that buyer waits
    // for this one, then counts the orders and reads the cart it left.
    let from_cart: HashSet<i64> = jobs
        .iter()
        .zip(&admitted)
        .filter(|(job, _)| job.placing.lines.is_none())
        .filter_map(|(_, user)| user.as_ref().ok().map(|u| u.id))
        .collect();
    let mut buyers: Vec<i64> = admitted.iter().flatten().map(|user| user.id).collect();
    buyers.sort_unstable();
    buyers.dedup();
    let mut room = HashMap::with_capacity(buyers.len());
    for id in buyers {
        let locks = holds::limits_unpaid(state) || from_cart.contains(&id);
        if locks && db.backend == Backend::Postgres {
            users::lock(db, &mut *tx, id)
                .await
                .map_err(|e| Failure::Partway(e.into()))?;
        }
        let left = holds::unpaid_room(state, &mut tx, id)
            .await
            .map_err(Failure::Partway)?;
        room.insert(id, left);
    }
    // Each order's buyer (None: refused) and what it asks for.
    let mut users = Vec::with_capacity(jobs.len());
    let mut asked = Vec::with_capacity(jobs.len());
    for (job, admitted) in jobs.iter().zip(admitted) {
        let user = match admitted {
            Ok(user) => user,
            Err(refused) => {
                users.push(None);
                asked.push(Err(Refused::Other(refused)));
                continue;
            }
        };
        let left = room[&user.id];
        match checkout::ask(state, &mut tx, &user, &job.placing, left).await {
            Err(refused) if refused.is_failure() => return Err(partway(refused)),
            outcome => asked.push(outcome),
        }
        users.push(Some(user));
    }
    // The tariffs, read before the parts are locked below: a busy part's
    // lock is held from that read to the commit, and other desks' batches
    // of the part wait that long, so as few statements as can be run in it.
    let mut tariffs = Tariffs::default();
    for (job, asked) in jobs.iter().zip(&asked) {
        if let Ok(asked) = asked {
            checkout::read_tariffs(db, &mut tx, &mut tariffs, asked, &job.placing)
                .await
                .map_err(|e| Failure::Partway(e.into()))?;
        }
    }
    let ids: Vec<i64> = asked.iter().flatten().flat_map(|a| a.part_ids()).collect();
    let mut parts = catalogue::lock_stock(db, &mut tx, &ids)
        .await
        .map_err(|e| Failure::Partway(e.into()))?;

    let mut placed_by: HashMap<i64, (i64, i64)> = HashMap::new();
    let mut carts_ordered: HashSet<i64> = HashSet::new();
    let mut accepted = Vec::with_capacity(jobs.len());
    // Each order's outcome: its place among the accepted, or its refusal.
    let mut outcomes: Vec<Result<usize, Refused>> = Vec::with_capacity(jobs.len());
    for ((job, user), asked) in jobs.iter().zip(&users).zip(asked) {
        let (user, asked) = match (user, asked) {
            (Some(user), Ok(asked)) => (user, asked),
            (_, Err(refused)) => {
                outcomes.push(Err(refused));
                continue;
            }
            (None, Ok(_)) => unreachable!("an order without its buyer is not asked"),
        };
        // A cart is ordered once: a second checkout of it in the same
        // transaction finds it as the first leaves it, empty.
        let from_cart = job.placing.lines.is_none();
        if from_cart && carts_ordered.contains(&user.id) {
            outcomes.push(Err(ApiError::field("lines", "Your cart is empty").into()));
            continue;
        }
        // The buyer's orders and units placed so far in this transaction.
        let placed = placed_by.entry(user.id).or_default();
        if let Some(refused) = room[&user.id].refusal(state, placed.0, placed.1, asked.units()) {
            outcomes.push(Err(refused.into()));
            continue;
        }
        let checked = checkout::check(
            db,
            &mut tx,
            &mut tariffs,
            &mut parts,
            &asked,
            &job.placing,
            &state.currency,
        )
        .await;
        match checked {
            Ok(order) => {
                if from_cart {
                    carts_ordered.insert(user.id);
                }
                placed.0 += 1;
                placed.1 += asked.units();
                outcomes.push(Ok(accepted.len()));
                accepted.push(Accepted {
                    order,
                    user,
                    phone: job.placing.phone.clone(),
                    from_cart,
                });
            }
            Err(refused) if refused.is_failure() => return Err(partway(refused)),
            Err(refused) => outcomes.push(Err(refused)),
        }
    }
    let written = checkout::record(state, &mut tx, &accepted)
        .await
        .map_err(|e| Failure::Partway(e.into()))?;
    tx.commit().await.map_err(|e| Failure::Whole(e.into()))?;
    drop(turn);

    let mut written: Vec<Option<(BookingRow, Vec<LineRow>)>> =
        written.into_iter().map(Some).collect();
    let mut placed = Vec::with_capacity(jobs.len());
    for (outcome, user) in outcomes.into_iter().zip(&users) {
        placed.push(outcome.map(|i| {
            let (booking, lines) = written[i].take().expect("each order written once");
            tracing::info!(order = booking.id, lines = lines.len(),
                total_cents = booking.total_cents, delivery = ?booking.delivery_method_id,
                buyer = ?user.as_ref().map(|u| &u.email), "order placed");
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
