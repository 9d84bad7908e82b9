//! The returns handlers: the policy, a buyer's request, the lists, and the
//! staff's moves. Each move is one write transaction with its audit record
//! and its mail; a refund asks the card provider first, with the return
//! marked meanwhile, as an order's refund does.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::bodies::*;
use super::reasons::{Action, Condition, Named, Reason, State as ReturnState};
use super::refund::{self, Fee, Figures};
use super::store::{self, Changes, Filter, NewReturn, ReturnRow, StoredPolicy};
use crate::app::state::AppState;
use crate::core::caller::{Admin, CurrentUser};
use crate::core::db::{self, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Body, OptionalBody, Paged, Params};
use crate::core::money::cents_to_units;
use crate::mail::{self, Message};
use crate::orders::{self, BookingRow, Fulfilment, LineRow};
use crate::{audit, catalogue, shipping};

/// Returns per page when `limit` is left out.
const DEFAULT_LIMIT: u64 = 50;

fn policy_view(policy: StoredPolicy) -> ReturnPolicy {
    let (kind, amount) = match policy.fee {
        Fee::None => ("none", 0.0),
        Fee::Percent { basis_points } => ("percent", basis_points as f64 / 100.0),
        Fee::Fixed { cents } => ("fixed", cents_to_units(cents)),
    };
    ReturnPolicy {
        return_days: policy.return_days,
        restocking_fee: RestockingFee {
            kind: kind.into(),
            amount,
        },
        core_return_days: policy.core_return_days,
    }
}

/// The shop's return policy: the window and the restocking fee.
#[utoipa::path(get, path = "/api/return-policy", tag = "returns",
    responses((status = 200, body = ReturnPolicy)))]
pub(super) async fn get_policy(State(state): State<AppState>) -> ApiResult<Json<ReturnPolicy>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(policy_view(
        store::policy_on(&state.db, &mut conn).await?,
    )))
}

/// Sets the return policy.
#[utoipa::path(put, path = "/api/admin/return-policy", tag = "returns", security(("bearer" = [])),
    request_body = ReturnPolicyRequest,
    responses(
        (status = 200, body = ReturnPolicy),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn set_policy(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<ReturnPolicyRequest>,
) -> ApiResult<Json<ReturnPolicy>> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    let before = store::policy_on(db, &mut tx).await?;
    let policy = StoredPolicy {
        return_days: sent.return_days,
        fee: sent.restocking_fee,
        core_return_days: sent.core_return_days.unwrap_or(before.core_return_days),
    };
    store::save_policy(db, &mut tx, &policy).await?;
    audit::record(
        db,
        &mut tx,
        audit::Entry {
            by: (&admin).into(),
            action: audit::RETURN_POLICY_CHANGED,
            subject_type: "settings",
            subject_id: "returnPolicy".into(),
            before: serde_json::to_value(policy_view(before)).ok(),
            after: serde_json::to_value(policy_view(policy)).ok(),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Json(policy_view(policy)))
}

/// The return's number, as written on the parcel.
pub fn number(id: i64) -> String {
    format!("RMA-{id}")
}

/// An order's lines by their place on it, as a return names them (1 for
/// the first).
struct Placed<'a>(Vec<&'a LineRow>);

impl<'a> Placed<'a> {
    fn new(lines: &'a [LineRow]) -> Self {
        let mut sorted: Vec<&LineRow> = lines.iter().collect();
        sorted.sort_by_key(|line| line.position);
        Placed(sorted)
    }

    /// The line at `position`, if the order has one there.
    fn at(&self, position: i64) -> Option<&'a LineRow> {
        self.0.get(usize::try_from(position - 1).ok()?).copied()
    }
}

/// The order's figures a refund is worked out from.
fn order_figures(booking: &BookingRow, lines: &[LineRow]) -> refund::Order {
    refund::Order {
        goods_cents: lines.iter().map(|l| l.price_cents).sum(),
        tax_cents: booking.tax_cents,
        shipping_cents: booking.shipping_cents,
        shipping_tax_cents: booking.shipping_tax_cents,
    }
}

/// What a return sends back: each line's unit price, and its deposit,
/// times its quantity.
fn sent_of(row_lines: &[store::ReturnLineRow], placed: &Placed<'_>) -> refund::Sent {
    let mut sent = refund::Sent::default();
    for line in row_lines {
        if let Some(on_order) = placed.at(line.position) {
            sent.goods += on_order.unit_price_cents * line.quantity;
            sent.core += on_order.core_charge_cents * line.quantity;
        }
    }
    sent
}

/// What `row` refunds: its stored figures once refunded; nothing once
/// rejected or closed without a refund; else what it would refund now.
async fn figures_of(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    row: &ReturnRow,
    booking: &BookingRow,
    lines: &[LineRow],
    row_lines: &[store::ReturnLineRow],
    policy: &StoredPolicy,
) -> ApiResult<Figures> {
    if row.refund_id.is_some() {
        return Ok(Figures {
            goods: row.goods_cents,
            tax: row.tax_cents,
            delivery: row.delivery_cents,
            core: row.core_cents,
            fee: row.fee_cents,
            total: row.refund_cents,
        });
    }
    if matches!(row.state(), ReturnState::Rejected | ReturnState::Closed) {
        return Ok(Figures::default());
    }
    let reason = Reason::parse(&row.reason).unwrap_or(Reason::NoLongerNeeded);
    let sent = sent_of(row_lines, &Placed::new(lines));
    if reason == Reason::Core {
        return Ok(refund::core_figures(sent.core, row.deduction_cents));
    }
    let before = store::refunded_before(db, conn, booking.id).await?;
    Ok(refund::figures(
        order_figures(booking, lines),
        before,
        sent,
        reason,
        policy.fee,
    ))
}

/// The returns `rows` as shown, each with its order's lines and figures.
async fn shown(db: &Db, rows: Vec<ReturnRow>) -> ApiResult<Vec<ReturnView>> {
    let mut conn = db.pool.acquire().await?;
    shown_on(db, &mut conn, rows).await
}

/// `shown`, read on `conn`: a write's own transaction, so that a write
/// answers with what it wrote before it commits, never with a read after
/// it that could fail once the change is stored.
async fn shown_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    rows: Vec<ReturnRow>,
) -> ApiResult<Vec<ReturnView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut booking_ids: Vec<i64> = rows.iter().map(|r| r.booking_id).collect();
    booking_ids.sort_unstable();
    booking_ids.dedup();
    let return_lines = store::lines_of(db, &mut *conn, &ids).await?;
    let order_lines = orders::lines_of(db, &mut *conn, &booking_ids).await?;
    let policy = store::policy_on(db, &mut *conn).await?;
    let mut shown = Vec::with_capacity(rows.len());
    for row in rows {
        let booking = orders::find_on(db, &mut *conn, row.booking_id)
            .await?
            .ok_or_else(|| ApiError::not_found("Order"))?;
        let lines = order_lines
            .get(&row.booking_id)
            .cloned()
            .unwrap_or_default();
        let mine = return_lines.get(&row.id).cloned().unwrap_or_default();
        let figures = figures_of(db, &mut *conn, &row, &booking, &lines, &mine, &policy).await?;
        let placed = Placed::new(&lines);
        let view_lines = mine
            .iter()
            .filter_map(|l| {
                let line = placed.at(l.position)?;
                Some(ReturnLineView {
                    position: l.position,
                    part_id: line.part_id.to_string(),
                    part_name: line.part_name.clone(),
                    quantity: l.quantity,
                    unit_price: cents_to_units(line.unit_price_cents),
                    vehicle: line.vehicle.clone(),
                    core_charge: cents_to_units(line.core_charge_cents),
                })
            })
            .collect();
        shown.push(ReturnView {
            id: row.id.to_string(),
            number: number(row.id),
            booking_id: row.booking_id.to_string(),
            buyer_email: booking.buyer_email.clone(),
            buyer_name: booking.buyer_name.clone(),
            state: row.state.clone(),
            reason: row.reason.clone(),
            note: row.note.clone(),
            image: row.image.clone(),
            lines: view_lines,
            instructions: row.instructions.clone(),
            rejection: row.rejection.clone(),
            condition: row.condition.clone(),
            deduction: cents_to_units(row.deduction_cents),
            refund: ReturnRefund {
                goods: cents_to_units(figures.goods),
                tax: cents_to_units(figures.tax),
                delivery: cents_to_units(figures.delivery),
                core: cents_to_units(figures.core),
                fee: cents_to_units(figures.fee),
                total: cents_to_units(figures.total),
            },
            refund_id: row.refund_id.clone(),
            exchange_order_id: row.exchange_order_id.map(|id| id.to_string()),
            created_at: row.created_at.clone(),
            updated_at: row.updated_at.clone(),
        });
    }
    Ok(shown)
}

async fn shown_one(db: &Db, row: ReturnRow) -> ApiResult<ReturnView> {
    let mut conn = db.pool.acquire().await?;
    shown_one_on(db, &mut conn, row).await
}

async fn shown_one_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    row: ReturnRow,
) -> ApiResult<ReturnView> {
    let mut views = shown_on(db, conn, vec![row]).await?;
    views.pop().ok_or_else(|| ApiError::not_found("Return"))
}

/// The last day a return of an order delivered at `delivered_at` may be
/// asked for, and whether `now` is past it.
fn window_closed(delivered_at: &str, days: i64, now: &str) -> Option<String> {
    let delivered =
        time::OffsetDateTime::parse(delivered_at, &time::format_description::well_known::Rfc3339)
            .ok()?;
    let closes = delivered + time::Duration::days(days);
    let closes_text = db::format_time(closes);
    (now > closes_text.as_str()).then(|| closes.date().to_string())
}

/// Asks to send lines of a delivered or collected order back, within the
/// shop's return window (for a core, the old part sent back for its
/// deposit: within the core return window, and only lines that carry a
/// deposit). The buyer is mailed the return's number.
#[utoipa::path(post, path = "/api/booking/{id}/returns", tag = "returns", security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = ReturnRequest,
    responses(
        (status = 201, description = "The return, requested", body = ReturnView),
        (status = 400, description = "A wrong reason or line (`fields`)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such order of the buyer's", body = ErrorBody),
        (status = 409, description = "Not delivered or collected, or past the return window", body = ErrorBody)))]
pub(super) async fn request_return(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(sent): Body<ReturnRequest>,
) -> ApiResult<(StatusCode, Json<ReturnView>)> {
    let db = &state.db;
    let not_found = || ApiError::not_found("Order");
    let id = parse_id(&id).ok_or_else(not_found)?;
    let (turn, mut tx) = db.begin_write().await?;
    // The order's row is locked: two requests for its lines at once are
    // checked one after the other against what is left.
    let booking = orders::lock(db, &mut *tx, id)
        .await?
        .filter(|b| b.buyer_id == user.id)
        .ok_or_else(not_found)?;
    if booking.state().fulfilment != Fulfilment::Delivered {
        return Err(ApiError::Conflict(
            "Only a delivered or collected order can be returned".into(),
        ));
    }
    let policy = store::policy_on(db, &mut tx).await?;
    let delivered_at = booking
        .delivered_at
        .clone()
        .unwrap_or_else(|| booking.updated_at.clone());
    let core = sent.reason == Reason::Core;
    let (days, window) = if core {
        (policy.core_return_days, "core return window")
    } else {
        (policy.return_days, "return window")
    };
    if let Some(closed) = window_closed(&delivered_at, days, &db::now()) {
        return Err(ApiError::Conflict(format!(
            "The {window} for this order closed on {closed}"
        )));
    }
    let lines = orders::lines_of(db, &mut tx, &[booking.id])
        .await?
        .remove(&booking.id)
        .unwrap_or_default();
    let placed = Placed::new(&lines);
    let asked = store::asked_for(db, &mut tx, booking.id).await?;
    let mut wanted: Vec<(i64, i64)> = Vec::new();
    for (i, line) in sent.lines.iter().enumerate() {
        let field = |what: &str| format!("lines.{i}.{what}");
        let Some(on_order) = placed.at(line.position) else {
            return Err(ApiError::field(
                &field("position"),
                format!("Line {} is not on this order", line.position),
            ));
        };
        if core && on_order.core_charge_cents == 0 {
            return Err(ApiError::field(
                &field("position"),
                format!("Line {} carries no core charge", line.position),
            ));
        }
        if wanted.iter().any(|(p, _)| *p == line.position) {
            return Err(ApiError::field(
                &field("position"),
                format!("Line {} is named twice", line.position),
            ));
        }
        let left = on_order.quantity - asked.get(&line.position).copied().unwrap_or(0);
        if line.quantity > left {
            let message = match left {
                0 => format!("Line {}: nothing more can be returned", line.position),
                n => format!("Line {}: at most {n} more can be returned", line.position),
            };
            return Err(ApiError::field(&field("quantity"), message));
        }
        wanted.push((line.position, line.quantity));
    }
    let note = sent.note.as_deref().map_or("", str::trim);
    let row = store::insert(
        db,
        &mut tx,
        &NewReturn {
            booking_id: booking.id,
            buyer_id: user.id,
            reason: sent.reason.as_str(),
            note,
            image: sent.image.as_deref(),
            lines: &wanted,
        },
    )
    .await?;
    tell(&mut tx, &booking, &row, None, 0).await?;
    // The shop's own mailbox hears of it in the same transaction.
    let staff = Message::ReturnRequestedForStaff {
        id: row.id,
        number: number(row.id),
        order: booking.id,
        buyer: booking.buyer_name.clone(),
        buyer_email: booking.buyer_email.clone(),
        reason: sent.reason.words().into(),
        lines: wanted
            .iter()
            .filter_map(|(position, quantity)| {
                let line = placed.at(*position)?;
                Some(mail::Line {
                    part: line.part_name.clone(),
                    quantity: *quantity,
                    unit_price_cents: line.unit_price_cents,
                    amount_cents: line.unit_price_cents * quantity,
                })
            })
            .collect(),
        note: note.to_owned(),
    };
    mail::enqueue(&mut tx, &state.config.staff_email(), staff).await?;
    let (rma, reason) = (row.id, row.reason.clone());
    let shown = shown_one_on(db, &mut tx, row).await?;
    tx.commit().await?;
    drop(turn);
    tracing::info!(order = booking.id, rma, reason, "return requested");
    Ok((StatusCode::CREATED, Json(shown)))
}

/// Stores the mail that tells the buyer where their return stands, on `tx`.
async fn tell(
    tx: &mut sqlx::AnyConnection,
    booking: &BookingRow,
    row: &ReturnRow,
    detail: Option<String>,
    amount_cents: i64,
) -> ApiResult<()> {
    let message = Message::ReturnMoved {
        name: booking.buyer_name.clone(),
        number: number(row.id),
        order: booking.id,
        state: row.state.clone(),
        detail,
        amount_cents,
    };
    mail::enqueue(tx, &booking.buyer_email, message).await?;
    Ok(())
}

/// One page of the returns `buyer_id` made (None: everyone's), filtered
/// by `state` and `reason` as the query asks; newest first.
async fn list_page(
    state: &AppState,
    buyer_id: Option<i64>,
    mut params: Params,
) -> ApiResult<Paged<ReturnView>> {
    let wanted_state = params.choice("state", ReturnState::parse, &ReturnState::listed());
    let reason = params.choice("reason", Reason::parse, &Reason::listed());
    let page = params.page(Some(DEFAULT_LIMIT));
    params.finish()?;
    let filter = Filter {
        buyer_id,
        state: wanted_state.map(ReturnState::as_str),
        reason: reason.map(Reason::as_str),
    };
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT);
    let (rows, total) = store::list(&state.db, &filter, limit, page.offset).await?;
    Ok(Paged {
        items: shown(&state.db, rows).await?,
        total,
    })
}

/// The signed-in buyer's own returns (an admin's too: their own), newest
/// first, one page at a time; `X-Total-Count` is how many match in all.
#[utoipa::path(get, path = "/api/returns", tag = "returns", security(("bearer" = [])),
    params(
        ("state" = Option<String>, Query, pattern = "^(requested|approved|rejected|received|refunded|closed)$"),
        ("reason" = Option<String>, Query,
            pattern = "^(doesNotFit|faulty|damagedInTransit|wrongPartSent|noLongerNeeded|orderedByMistake|core)$"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<ReturnView>, headers(("X-Total-Count" = i64, description = "Returns matching in all"))),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(super) async fn list_returns(
    State(state): State<AppState>,
    user: CurrentUser,
    params: Params,
) -> ApiResult<Paged<ReturnView>> {
    list_page(&state, Some(user.id), params).await
}

/// Every buyer's returns, for the staff, newest first, one page at a time.
#[utoipa::path(get, path = "/api/admin/returns", tag = "returns", security(("bearer" = [])),
    params(
        ("state" = Option<String>, Query, pattern = "^(requested|approved|rejected|received|refunded|closed)$"),
        ("reason" = Option<String>, Query,
            pattern = "^(doesNotFit|faulty|damagedInTransit|wrongPartSent|noLongerNeeded|orderedByMistake|core)$"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<ReturnView>, headers(("X-Total-Count" = i64, description = "Returns matching in all"))),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn list_all_returns(
    State(state): State<AppState>,
    _admin: Admin,
    params: Params,
) -> ApiResult<Paged<ReturnView>> {
    list_page(&state, None, params).await
}

/// One return, for its buyer or an admin.
#[utoipa::path(get, path = "/api/returns/{id}", tag = "returns", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ReturnView),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn get_return(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ReturnView>> {
    let not_found = || ApiError::not_found("Return");
    let row = store::find(&state.db, parse_id(&id).ok_or_else(not_found)?)
        .await?
        .filter(|r| r.buyer_id == user.id || user.is_admin())
        .ok_or_else(not_found)?;
    Ok(Json(shown_one(&state.db, row).await?))
}

/// How to send a return back, when the staff leave it to the shop.
async fn default_instructions(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    booking: &BookingRow,
    id: i64,
) -> ApiResult<String> {
    if booking.delivery_method_id == "pickup" {
        return Ok(format!(
            "Bring the parts to the trade counter and give the number {}.",
            number(id)
        ));
    }
    let counter = shipping::counter_on(db, conn).await?;
    let place = counter.summary();
    let place = place.strip_prefix("Collect from ").unwrap_or(&place);
    Ok(format!(
        "Send the parts to {place}, with {} written on the parcel, or bring them to the counter.",
        number(id)
    ))
}

/// Moves return `id` on by `action`, for an admin: one write transaction
/// with its audit record and its mail; 409 when its state does not allow it.
async fn move_return(
    state: &AppState,
    admin: &CurrentUser,
    id: &str,
    action: Action,
    mut changes: Changes<'_>,
) -> ApiResult<ReturnView> {
    let db = &state.db;
    let not_found = || ApiError::not_found("Return");
    let id = parse_id(id).ok_or_else(not_found)?;
    if action == Action::Refund {
        return refund_return(state, admin, id).await;
    }
    let (turn, mut tx) = db.begin_write().await?;
    let row = store::lock(db, &mut tx, id).await?.ok_or_else(not_found)?;
    let (from, to) = action.moves();
    if !from.contains(&row.state()) || (action == Action::Close && refund_under_way(&row)) {
        return Err(ApiError::Conflict(action.refused(row.state())));
    }
    let booking = orders::find(db, row.booking_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Order"))?;
    let instructions;
    if action == Action::Approve && changes.instructions.is_none() {
        instructions = default_instructions(db, &mut tx, &booking, id).await?;
        changes.instructions = Some(&instructions);
    }
    let core = row.reason == Reason::Core.as_str();
    if let Some(deduction) = changes.deduction_cents.filter(|d| *d > 0) {
        deduction_allowed(db, &mut tx, &row, core, deduction).await?;
    }
    // Resalable units go back on the shelf, once: this move is made at
    // most once, in this transaction. An old part (a core) is not for sale:
    // it is counted among the cores received instead.
    if action == Action::Receive
        && !core
        && changes.condition == Some(Condition::Resalable.as_str())
    {
        let lines = orders::lines_of(db, &mut tx, &[booking.id])
            .await?
            .remove(&booking.id)
            .unwrap_or_default();
        let placed = Placed::new(&lines);
        let mine = store::lines_of(db, &mut tx, &[id])
            .await?
            .remove(&id)
            .unwrap_or_default();
        for line in mine {
            if let Some(on_order) = placed.at(line.position) {
                catalogue::return_stock(db, &mut *tx, on_order.part_id, line.quantity).await?;
            }
        }
    }
    let moved = store::move_to(db, &mut tx, id, from, to, &changes)
        .await?
        .ok_or_else(|| ApiError::Conflict(action.refused(row.state())))?;
    record(db, &mut tx, admin, action, &row, &moved).await?;
    let detail = match action {
        Action::Approve => moved.instructions.clone(),
        Action::Reject => moved.rejection.clone(),
        _ => None,
    };
    tell(&mut tx, &booking, &moved, detail, 0).await?;
    let shown = shown_one_on(db, &mut tx, moved).await?;
    tx.commit().await?;
    drop(turn);
    tracing::info!(rma = id, action = action.as_str(), by = ?admin.email, "return moved");
    Ok(shown)
}

/// Refuses a deduction from anything but a core's deposit, or one larger
/// than the deposit (400 on `deduction`).
async fn deduction_allowed(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    row: &ReturnRow,
    core: bool,
    deduction: i64,
) -> ApiResult<()> {
    if !core {
        return Err(ApiError::field(
            "deduction",
            "Only a core's deposit has a deduction",
        ));
    }
    let lines = orders::lines_of(db, tx, &[row.booking_id])
        .await?
        .remove(&row.booking_id)
        .unwrap_or_default();
    let mine = store::lines_of(db, &mut *tx, &[row.id])
        .await?
        .remove(&row.id)
        .unwrap_or_default();
    let deposit = sent_of(&mine, &Placed::new(&lines)).core;
    if deduction > deposit {
        return Err(ApiError::field(
            "deduction",
            format!(
                "The deduction must be at most the deposit, {}",
                crate::core::money::decimal(deposit)
            ),
        ));
    }
    Ok(())
}

/// Whether the card provider is being asked to refund `row` now: its mark
/// is recent (one left by a stopped shop runs out, as `start_refund_on` says).
fn refund_under_way(row: &ReturnRow) -> bool {
    row.refund_started_at
        .as_deref()
        .is_some_and(|mark| mark >= store::mark_holds_from().as_str())
}

/// Writes the move in the audit log: the state before and after, and what
/// the move set.
async fn record(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    admin: &CurrentUser,
    action: Action,
    before: &ReturnRow,
    after: &ReturnRow,
) -> ApiResult<()> {
    let snapshot = |r: &ReturnRow| {
        serde_json::json!({
            "state": r.state, "instructions": r.instructions, "rejection": r.rejection,
            "condition": r.condition, "refund": r.refund_id.as_ref().map(|_| cents_to_units(r.refund_cents)),
        })
    };
    audit::record(
        db,
        tx,
        audit::Entry {
            by: admin.into(),
            action: action.audit_name(),
            subject_type: "return",
            subject_id: before.id.to_string(),
            before: Some(snapshot(before)),
            after: Some(snapshot(after)),
        },
    )
    .await?;
    Ok(())
}

/// Refunds a received return: marks it (and the order: one refund of an
/// order at a time), has the card provider give back its figures' total,
/// then records the refund, the order's refunded amount, the audit record
/// and the mail in one transaction. When the provider does not refund,
/// the mark is taken off and nothing changes (503).
async fn refund_return(state: &AppState, admin: &CurrentUser, id: i64) -> ApiResult<ReturnView> {
    let db = &state.db;
    let not_found = || ApiError::not_found("Return");
    let (turn, mut tx) = db.begin_write().await?;
    let row = store::lock(db, &mut tx, id).await?.ok_or_else(not_found)?;
    if row.state() != ReturnState::Received {
        return Err(ApiError::Conflict(Action::Refund.refused(row.state())));
    }
    let booking = orders::lock(db, &mut *tx, row.booking_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Order"))?;
    let Some(mark) = store::start_refund_on(db, &mut tx, id, booking.id).await? else {
        return Err(ApiError::Conflict(
            "A refund of this order is under way; try again in a moment".into(),
        ));
    };
    let lines = orders::lines_of(db, &mut tx, &[booking.id])
        .await?
        .remove(&booking.id)
        .unwrap_or_default();
    let policy = store::policy_on(db, &mut tx).await?;
    let mine = store::lines_of(db, &mut tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    // Read with the mark, so a read that fails leaves no mark behind.
    let figures = figures_of(db, &mut tx, &row, &booking, &lines, &mine, &policy).await?;
    tx.commit().await?;
    drop(turn);
    let refund_id = if figures.total > 0 {
        let key = format!("refund-return-{id}-{}", row.created_at);
        match state
            .payments
            .refund_part(db, &booking, figures.total, &key)
            .await
        {
            Ok(refund_id) => refund_id,
            Err(e) => {
                store::abandon_refund(db, id, &mark).await?;
                return Err(e);
            }
        }
    } else {
        // A fee as large as the goods leaves nothing to give back.
        "nothing".to_owned()
    };
    let (turn, mut tx) = db.begin_write().await?;
    let changes = Changes {
        refund: Some((figures, &refund_id)),
        ..Changes::default()
    };
    let (from, to) = Action::Refund.moves();
    let Some(moved) = store::move_to(db, &mut tx, id, from, to, &changes).await? else {
        // Only this refund's mark lets the return out of received; never
        // reached, but never a refund recorded twice either.
        tracing::error!(rma = id, refund = ?refund_id, "return refunded at the provider but moved meanwhile");
        return Err(ApiError::Conflict(Action::Refund.refused(row.state())));
    };
    orders::add_refunded(db, &mut tx, booking.id, figures.total).await?;
    record(db, &mut tx, admin, Action::Refund, &row, &moved).await?;
    tell(&mut tx, &booking, &moved, None, figures.total).await?;
    let shown = shown_one_on(db, &mut tx, moved).await?;
    tx.commit().await?;
    drop(turn);
    tracing::info!(rma = id, order = booking.id, refund = ?refund_id, amount_cents = figures.total,
        by = ?admin.email, "return refunded");
    Ok(shown)
}

macro_rules! move_route {
    ($name:ident, $path:literal, $action:expr, $summary:literal, $conflict:literal) => {
        #[doc = $summary]
        #[utoipa::path(post, path = $path, tag = "returns", security(("bearer" = [])),
            params(("id" = String, Path)),
            responses(
                (status = 200, description = "The return after the move", body = ReturnView),
                (status = 401, body = ErrorBody),
                (status = 403, body = ErrorBody),
                (status = 404, body = ErrorBody),
                (status = 409, description = $conflict, body = ErrorBody),
                (status = 503, description = "Refund only: the card provider did not refund; nothing changed", body = ErrorBody)))]
        pub(super) async fn $name(
            State(state): State<AppState>,
            Admin(admin): Admin,
            Path(id): Path<String>,
        ) -> ApiResult<Json<ReturnView>> {
            move_return(&state, &admin, &id, $action, Changes::default())
                .await
                .map(Json)
        }
    };
}

move_route!(
    refund_one,
    "/api/admin/returns/{id}/refund",
    Action::Refund,
    "Refunds a received return through the card provider the order was paid with.",
    "Not received, or a refund of the order is under way"
);
move_route!(
    close_one,
    "/api/admin/returns/{id}/close",
    Action::Close,
    "Closes a rejected, received or refunded return.",
    "Requested, approved, already closed, or being refunded"
);

/// Approves a requested return, with how to send it back.
#[utoipa::path(post, path = "/api/admin/returns/{id}/approve", tag = "returns", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = ApproveRequest, description = "Optional"),
    responses(
        (status = 200, body = ReturnView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not requested", body = ErrorBody)))]
pub(super) async fn approve_one(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    OptionalBody(sent): OptionalBody<ApproveRequest>,
) -> ApiResult<Json<ReturnView>> {
    let instructions = sent.instructions.as_deref().map(str::trim);
    let changes = Changes {
        instructions,
        ..Changes::default()
    };
    move_return(&state, &admin, &id, Action::Approve, changes)
        .await
        .map(Json)
}

/// Rejects a requested return, saying why.
#[utoipa::path(post, path = "/api/admin/returns/{id}/reject", tag = "returns", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, body = ReturnView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not requested", body = ErrorBody)))]
pub(super) async fn reject_one(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(sent): Body<RejectRequest>,
) -> ApiResult<Json<ReturnView>> {
    let changes = Changes {
        rejection: Some(sent.reason.trim()),
        ..Changes::default()
    };
    move_return(&state, &admin, &id, Action::Reject, changes)
        .await
        .map(Json)
}

/// Receives an approved return, in the condition the staff found it;
/// resalable units go back on the shelf. A core (an old part) puts no
/// stock back, and may have a deduction taken off its deposit.
#[utoipa::path(post, path = "/api/admin/returns/{id}/receive", tag = "returns", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ReceiveRequest,
    responses(
        (status = 200, body = ReturnView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not approved", body = ErrorBody)))]
pub(super) async fn receive_one(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(sent): Body<ReceiveRequest>,
) -> ApiResult<Json<ReturnView>> {
    let changes = Changes {
        condition: Some(sent.condition.as_str()),
        deduction_cents: sent.deduction,
        ..Changes::default()
    };
    move_return(&state, &admin, &id, Action::Receive, changes)
        .await
        .map(Json)
}

/// Returns asked for in the last 30 UTC days (today included), by reason:
/// how many, how many refunded, and what they refunded; and the old parts
/// (cores) received back among them.
#[utoipa::path(get, path = "/api/admin/return-figures", tag = "returns", security(("bearer" = [])),
    responses(
        (status = 200, body = ReturnFigures),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn return_figures(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<ReturnFigures>> {
    let first = time::OffsetDateTime::now_utc().date() - time::Duration::days(29);
    let since = format!("{first}T00:00:00.000000Z");
    let rows = store::by_reason(&state.db, &since).await?;
    let cores_received = store::cores_received(&state.db, &since).await?;
    let by_reason = Reason::ALL
        .iter()
        .map(|reason| {
            let found = rows.iter().find(|(r, ..)| r == reason.as_str());
            let (returns, refunded, cents) = found.map_or((0, 0, 0), |(_, n, r, c)| (*n, *r, *c));
            ReasonFigures {
                reason: reason.as_str().into(),
                returns,
                refunded,
                amount: cents_to_units(cents),
            }
        })
        .collect();
    Ok(Json(ReturnFigures {
        by_reason,
        cores_received,
    }))
}

/// Links the order that replaces a part returned because it did not fit:
/// one of the buyer's own, placed after the return was asked for, not
/// cancelled, replacing no other return's part. The return is refunded on
/// receipt as any other (docs/decisions.md, D41).
#[utoipa::path(post, path = "/api/returns/{id}/exchange", tag = "returns", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = ReturnExchangeRequest,
    responses(
        (status = 200, description = "The return, with `exchangeOrderId`", body = ReturnView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such return or order of the buyer's", body = ErrorBody),
        (status = 409, description = "Not a return of a part that did not fit, over, already exchanged, or the order cannot replace it", body = ErrorBody)))]
pub(super) async fn link_exchange(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(sent): Body<ReturnExchangeRequest>,
) -> ApiResult<Json<ReturnView>> {
    let db = &state.db;
    let not_found = || ApiError::not_found("Return");
    let id = parse_id(&id).ok_or_else(not_found)?;
    let order_not_found = || ApiError::not_found("Order");
    let order_id = parse_id(sent.order_id.trim()).ok_or_else(order_not_found)?;
    let (turn, mut tx) = db.begin_write().await?;
    let row = store::lock(db, &mut tx, id)
        .await?
        .filter(|r| r.buyer_id == user.id)
        .ok_or_else(not_found)?;
    if row.reason != Reason::DoesNotFit.as_str() {
        return Err(ApiError::Conflict(
            "Only a part that did not fit is exchanged".into(),
        ));
    }
    if matches!(row.state(), ReturnState::Rejected | ReturnState::Closed) {
        return Err(ApiError::Conflict(format!(
            "A {} return is not exchanged",
            row.state
        )));
    }
    if let Some(linked) = row.exchange_order_id {
        return Err(ApiError::Conflict(format!(
            "This return is already exchanged for order #{linked}"
        )));
    }
    let order = orders::lock(db, &mut *tx, order_id)
        .await?
        .filter(|o| o.buyer_id == user.id)
        .ok_or_else(order_not_found)?;
    if order.id == row.booking_id
        || order.created_at < row.created_at
        || order.state().fulfilment == Fulfilment::Cancelled
    {
        return Err(ApiError::Conflict(
            "Only an order placed after the return, and not cancelled, replaces its part".into(),
        ));
    }
    if let Some(other) = store::exchanged_by(db, &mut tx, order.id).await? {
        return Err(ApiError::Conflict(format!(
            "Order #{} already replaces the part of {}",
            order.id,
            number(other.id)
        )));
    }
    // The unique index is the last word on an order replacing two parts.
    let linked = match store::link_exchange(db, &mut tx, id, order.id).await {
        Ok(linked) => linked,
        Err(e) if db::is_unique_violation(&e, "returns_exchange_once", "exchange_order_id") => None,
        Err(e) => return Err(e.into()),
    }
    .ok_or_else(|| ApiError::Conflict("This return or this order is already exchanged".into()))?;
    let shown = shown_one_on(db, &mut tx, linked).await?;
    tx.commit().await?;
    drop(turn);
    tracing::info!(rma = id, order = order.id, "exchange linked");
    Ok(Json(shown))
}
