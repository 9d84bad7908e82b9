//! Orders (bookings): placing one takes the stock of all its lines in the
//! same transaction (docs/decisions.md, D10 and D19); cancelling an unpaid
//! one gives the stock back; an order becomes paid only through a confirmed
//! payment of its total (docs/decisions.md, D4).

mod admin;
pub mod checkout;
pub mod dashboard;
pub mod group;
pub mod holds;
mod messages;
pub mod state;
pub mod store;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::addresses::Address;
use crate::app::state::AppState;
use crate::catalogue::{self, PartId, PartInfo};
use crate::core::answers::grams_to_kg;
use crate::core::answers::DeletedCount;
use crate::core::caller::{Bearer, CurrentUser};
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{OptionalPhone, Sent, Text, Whole};
use crate::core::input::{parse_email, parse_id, Body, Params, MAX_QUANTITY};
use crate::core::money::cents_to_units;
use crate::core::schema;
use crate::mail;
use crate::request;
use crate::shipping::MethodChoice;
use crate::users;
use checkout::{Placing, Refused, Wanted};
use state::{OrderState, REFUND_UNDER_WAY, STATUSES};
use store::{CancelReason, LineRow};

pub use holds::{refund_unclaimed, renewed_hold};
pub use state::{transition, Fulfilment, Move, Payment, Transition};
pub use store::{find, lock, renew_hold, BookingRow, Bookings, MoveNotes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(place_order, list_orders))
        .routes(routes!(get_order, pay_order, cancel_order))
        .routes(routes!(dashboard::dashboard))
        .merge(admin::router())
        .merge(checkout::router())
}

/// An order as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    #[serde(rename = "_id")]
    pub id: String,
    /// The first line's part (an order placed with `POST /api/booking` has one line).
    pub part_id: String,
    pub part_name: String,
    /// The goods in currency units: the sum of the lines' prices.
    pub price: f64,
    /// The first line's unit price.
    pub unit_price: f64,
    /// The first line's quantity.
    pub quantity: i64,
    /// The same number as `quantity`, for clients that read it under this name.
    pub part_order: i64,
    /// Every line, in the order the buyer put them.
    pub lines: Vec<OrderLine>,
    /// The delivery charge in currency units (0 for counter pickup).
    pub shipping: f64,
    pub tax: f64,
    /// What the buyer pays, and the card is charged: `price + shipping + tax`.
    pub total: f64,
    /// How the order travels.
    pub delivery_method: OrderDelivery,
    /// Where a delivery goes, as the address stood when the order was placed; null for pickup.
    pub delivery_address: Option<Address>,
    pub buyer: String,
    pub buyer_name: String,
    pub phone: Option<String>,
    /// Whether `paymentStatus` is `paid`.
    pub paid: bool,
    pub transaction_id: Option<String>,
    #[schema(schema_with = status_schema)]
    pub status: String,
    #[schema(schema_with = payment_schema)]
    pub payment_status: String,
    #[schema(schema_with = fulfilment_schema)]
    pub fulfilment_status: String,
    pub created_at: String,
    /// When the order last changed (RFC 3339).
    pub updated_at: String,
    #[schema(schema_with = cancel_reason_schema)]
    pub cancel_reason: Option<String>,
    /// While the order is unpaid and open: when the shop cancels it unless it
    /// is paid (RFC 3339); null otherwise.
    pub hold_expires_at: Option<String>,
    /// Once shipped: who carries the parcel, when the shop said; null otherwise.
    pub carrier: Option<String>,
    /// Once shipped: the carrier's tracking number, when the shop gave it; null otherwise.
    pub tracking_number: Option<String>,
}

/// One line of an order, as it was ordered: a later change to the part
/// never changes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub part_id: String,
    pub part_name: String,
    pub sku: String,
    pub unit_price: f64,
    pub quantity: i64,
    /// `unitPrice × quantity`, in currency units.
    pub price: f64,
    /// The weight of one unit, in kilograms.
    pub weight_kg: f64,
}

/// How an order travels: `pickup` (the trade counter) or a delivery
/// method's id, with its name when the order was placed.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderDelivery {
    pub id: String,
    pub name: String,
}

// The documented values of an order's states.

fn status_schema() -> utoipa::openapi::Object {
    schema::one_of(
        &STATUSES,
        "Derived from the two states below: `cancelled` when cancelled, `shipped` when shipped \
         or delivered, else `paid` or `unpaid`.",
    )
}

fn payment_schema() -> utoipa::openapi::Object {
    schema::one_of(
        &state::Payment::ALL.map(state::Payment::as_str),
        "Where the order's money stands.",
    )
}

fn fulfilment_schema() -> utoipa::openapi::Object {
    schema::one_of(
        &state::Fulfilment::ALL.map(state::Fulfilment::as_str),
        "Where the order's parts stand.",
    )
}

fn cancel_reason_schema() -> utoipa::openapi::Object {
    schema::one_of_or_null(
        &CancelReason::ALL.map(CancelReason::as_str),
        "Why a cancelled order was cancelled: `buyer`, `admin` (the shop's staff) or `expired` \
         (not paid in time); null otherwise.",
    )
}

impl Booking {
    /// The order `r` with its `lines`, as the API shows it.
    pub fn new(r: BookingRow, lines: Vec<LineRow>) -> Self {
        let state = r.state();
        let delivery_address = r.delivery_address.as_deref().and_then(|json| {
            serde_json::from_str(json)
                .inspect_err(|e| tracing::error!(order = r.id, error = %e, "an order's delivery address is not readable"))
                .ok()
        });
        Booking {
            id: r.id.to_string(),
            part_id: r.part_id.to_string(),
            part_name: r.part_name,
            price: cents_to_units(r.price_cents),
            unit_price: cents_to_units(r.unit_price_cents),
            quantity: r.quantity,
            part_order: r.quantity,
            lines: lines
                .into_iter()
                .map(|l| OrderLine {
                    part_id: l.part_id.to_string(),
                    part_name: l.part_name,
                    sku: l.sku,
                    unit_price: cents_to_units(l.unit_price_cents),
                    quantity: l.quantity,
                    price: cents_to_units(l.price_cents),
                    weight_kg: grams_to_kg(l.weight_grams),
                })
                .collect(),
            shipping: cents_to_units(r.shipping_cents),
            tax: cents_to_units(r.tax_cents),
            total: cents_to_units(r.total_cents),
            delivery_method: OrderDelivery {
                id: r.delivery_method_id,
                name: r.delivery_method,
            },
            delivery_address,
            buyer: r.buyer_email,
            buyer_name: r.buyer_name,
            phone: r.phone,
            paid: state.paid(),
            transaction_id: r.transaction_id,
            status: state.status().to_owned(),
            payment_status: r.payment_status,
            fulfilment_status: r.fulfilment_status,
            created_at: r.created_at,
            updated_at: r.updated_at,
            cancel_reason: r.cancel_reason,
            hold_expires_at: r.hold_until,
            carrier: r.carrier,
            tracking_number: r.tracking_number,
        }
    }
}

/// Orders as the API shows them, their lines read in one query.
pub(crate) async fn shown(db: &Db, rows: Vec<BookingRow>) -> ApiResult<Vec<Booking>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut conn = db.pool.acquire().await?;
    let mut lines = store::lines_of(db, &mut conn, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let own = lines.remove(&r.id).unwrap_or_default();
            Booking::new(r, own)
        })
        .collect())
}

/// One order as the API shows it, with its lines.
pub(crate) async fn shown_one(db: &Db, row: BookingRow) -> ApiResult<Booking> {
    Ok(shown(db, vec![row]).await?.remove(0))
}

request! {
    /// An order to place. Price, buyer and part name are taken from the
    /// shop's records; any sent are ignored.
    pub struct OrderRequest {
        part_id: PartId = "partId", "Part";
        /// Units to order.
        part_order: Sent<Whole<1, MAX_QUANTITY>> = "partOrder", "Quantity";
        /// Another name for `partOrder`, read when `partOrder` is left out.
        quantity: Sent<Whole<1, MAX_QUANTITY>> = "quantity", "Quantity";
        phone: OptionalPhone = "phone", "Phone";
    }
    check(sent, form) {
        if sent.part_order.is_none() && sent.quantity.is_none() {
            form.fail("partOrder", "Quantity is Required");
        }
    }
}

impl OrderRequest {
    /// The units ordered, and the field that said so (for messages about it).
    fn units(&self) -> (i64, &'static str) {
        match (self.part_order, self.quantity) {
            (None, Some(units)) => (units, "quantity"),
            (units, _) => (units.unwrap_or(0), "partOrder"),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPlaced {
    pub success: bool,
    pub inserted_id: String,
    pub booking: Booking,
}

request! {
    pub struct PayRequest {
        /// The id of the succeeded payment.
        transaction_id: Text<255> = "transactionId", "Transaction id";
    }
}

/// Places an order of one part, picked up at the trade counter: an order of
/// one line, placed as the checkout places any order. The stock is taken in
/// the same transaction.
#[utoipa::path(post, path = "/api/booking", tag = "orders", security(("bearer" = [])), request_body = OrderRequest,
    responses(
        (status = 201, body = OrderPlaced),
        (status = 400, description = "Below the minimum order or above the stock", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such part", body = ErrorBody),
        (status = 409, description = "Not enough stock", body = ErrorBody)))]
async fn place_order(
    State(state): State<AppState>,
    bearer: Bearer,
    Body(sent): Body<OrderRequest>,
) -> ApiResult<(StatusCode, Json<OrderPlaced>)> {
    let (quantity, quantity_field) = sent.units();
    let OrderRequest { part_id, phone, .. } = sent;
    let not_found = || ApiError::not_found("Part");
    let part_id = part_id.ok_or_else(not_found)?;
    let placing = Placing {
        lines: Some(vec![Wanted {
            part_id: Some(part_id),
            quantity,
        }]),
        method: MethodChoice::Pickup,
        address_id: None,
        phone,
        expected_total_cents: None,
    };
    let (booking, lines) = match checkout::place(&state, bearer, placing).await {
        Ok(placed) => placed,
        Err(Refused::NoPart { .. }) => return Err(not_found()),
        Err(Refused::BelowMinimum { part, .. }) => {
            return Err(below_minimum(&part, quantity_field))
        }
        Err(Refused::Short { part, .. }) => {
            // Nothing is taken; the part as it stands says why.
            check_quantity(&part, quantity, quantity_field)?;
            return Err(ApiError::Conflict("Not enough stock".into()));
        }
        Err(Refused::Other(e)) => return Err(e),
    };
    let inserted_id = booking.id.to_string();
    Ok((
        StatusCode::CREATED,
        Json(OrderPlaced {
            success: true,
            inserted_id,
            booking: Booking::new(booking, lines),
        }),
    ))
}

/// Refuses a quantity below the part's minimum order or above its stock.
/// A part that can no longer be ordered at all is "stock gone" (409).
fn check_quantity(part: &PartInfo, quantity: i64, field: &str) -> Result<(), ApiError> {
    if quantity < part.minimum_order {
        return Err(below_minimum(part, field));
    }
    if quantity > part.available_quantity {
        if part.available_quantity < part.minimum_order {
            return Err(ApiError::Conflict("Not enough stock".into()));
        }
        return Err(ApiError::field(
            field,
            format!("Only {} in stock", part.available_quantity),
        ));
    }
    Ok(())
}

fn below_minimum(part: &PartInfo, field: &str) -> ApiError {
    ApiError::field(
        field,
        format!("The minimum order for this part is {}", part.minimum_order),
    )
}

/// A buyer's orders, newest first: one's own, or any buyer's for an admin.
#[utoipa::path(get, path = "/api/booking", tag = "orders", security(("bearer" = [])),
    params(("buyer" = Option<String>, Query, description = "The buyer's e-mail; yours when left out")),
    responses((status = 200, body = Vec<Booking>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_orders(
    State(state): State<AppState>,
    user: CurrentUser,
    mut params: Params,
) -> ApiResult<Json<Vec<Booking>>> {
    let buyer = params.raw("buyer").map(parse_email);
    params.finish()?;
    let buyer_id = match buyer {
        None => Some(user.id),
        Some(Some(email)) if email == user.email => Some(user.id),
        Some(_) if !user.is_admin() => {
            return Err(ApiError::Forbidden(
                "You can only see your own orders".into(),
            ));
        }
        Some(Some(email)) => users::find_by_email(&state.db, &email).await?.map(|u| u.id),
        Some(None) => None,
    };
    let Some(buyer_id) = buyer_id else {
        return Ok(Json(Vec::new()));
    };
    let rows = store::list_for_buyer(&state.db, buyer_id).await?;
    let mut lines = store::lines_of_buyer(&state.db, buyer_id).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| {
                let own = lines.remove(&r.id).unwrap_or_default();
                Booking::new(r, own)
            })
            .collect(),
    ))
}

/// Loads an order for `user`: their own, or for an admin any order when
/// `admin_may_read`. Anyone else's is "not found", never revealed.
pub(crate) async fn order_for(
    state: &AppState,
    user: &CurrentUser,
    id: &str,
    admin_may_read: bool,
) -> ApiResult<BookingRow> {
    let not_found = || ApiError::not_found("Order");
    let booking = store::find(&state.db, parse_id(id).ok_or_else(not_found)?)
        .await?
        .ok_or_else(not_found)?;
    if booking.buyer_id == user.id {
        return Ok(booking);
    }
    match (user.is_admin(), admin_may_read) {
        (true, true) => Ok(booking),
        (true, false) => Err(ApiError::Forbidden(
            "Only the buyer can pay for or cancel an order".into(),
        )),
        (false, _) => Err(not_found()),
    }
}

/// One order, for its buyer or an admin.
#[utoipa::path(get, path = "/api/booking/{id}", tag = "orders", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Booking), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Booking>> {
    let booking = order_for(&state, &user, &id, true).await?;
    Ok(Json(shown_one(&state.db, booking).await?))
}

/// Marks the buyer's order paid, only when `transactionId` names a
/// succeeded payment of this order's amount (docs/decisions.md, D4).
#[utoipa::path(patch, path = "/api/booking/{id}", tag = "orders", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = PayRequest,
    responses(
        (status = 200, body = Booking),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 402, description = "No succeeded payment for this order", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Cancelled, or paid with another payment", body = ErrorBody),
        (status = 503, description = "The card provider is not reachable", body = ErrorBody)))]
async fn pay_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(PayRequest { transaction_id }): Body<PayRequest>,
) -> ApiResult<Json<Booking>> {
    let booking = order_for(&state, &user, &id, false).await?;
    if transition(booking.state(), Move::Pay).is_err() {
        return settled(&state, booking, &transaction_id).await;
    }
    if !state
        .payments
        .confirms(&state.db, &transaction_id, &booking)
        .await?
    {
        tracing::warn!(order = booking.id, buyer = ?user.email, "payment claim refused");
        return Err(ApiError::PaymentRequired(
            "The payment for this order has not succeeded".into(),
        ));
    }
    let notes = MoveNotes {
        transaction_id: Some(&transaction_id),
        ..MoveNotes::default()
    };
    match make_move(&state, &booking, Move::Pay, notes, &user.email, None).await {
        Ok(paid) => Ok(Json(shown_one(&state.db, paid).await?)),
        // Paid a moment ago by a double click or the provider's webhook, or
        // cancelled meanwhile.
        Err(ApiError::Conflict(_)) => {
            let booking = store::find(&state.db, booking.id)
                .await?
                .ok_or_else(|| ApiError::not_found("Order"))?;
            settled(&state, booking, &transaction_id).await
        }
        Err(e) => Err(e),
    }
}

/// An order the buyer can no longer pay: saying again that the payment that
/// paid it did is harmless; a payment that went through for an order
/// cancelled meanwhile is given back; anything else is refused as the table
/// says.
async fn settled(
    state: &AppState,
    booking: BookingRow,
    transaction_id: &str,
) -> ApiResult<Json<Booking>> {
    let current = booking.state();
    if current.paid() && booking.transaction_id.as_deref() == Some(transaction_id) {
        return Ok(Json(shown_one(&state.db, booking).await?));
    }
    if current.fulfilment == state::Fulfilment::Cancelled
        && booking.transaction_id.as_deref() != Some(transaction_id)
        && state
            .payments
            .confirms(&state.db, transaction_id, &booking)
            .await?
    {
        let message = if holds::refund_unclaimed(state, &booking, transaction_id).await {
            "This order was cancelled before the payment arrived; the payment has been refunded"
        } else {
            "This order was cancelled before the payment arrived; the shop will refund the payment"
        };
        return Err(ApiError::Conflict(message.into()));
    }
    match transition(current, Move::Pay) {
        Err(message) => Err(ApiError::Conflict(message.into())),
        Ok(_) => Err(ApiError::Conflict(
            "This order is being paid; try again".into(),
        )),
    }
}

/// Makes `action` on `booking` as the table of moves allows it from the
/// state the order is in, in a write transaction of its own (see
/// `write_move`). When someone else changed the order first, the move is
/// refused as the table says for its new state. A move that cancels records
/// why from `notes`. `by` names who moves it, for the log; a move by an
/// admin (`admin`) is recorded in the audit log in the same transaction.
pub(crate) async fn make_move(
    state: &AppState,
    booking: &BookingRow,
    action: Move,
    notes: MoveNotes<'_>,
    by: &str,
    admin: Option<&crate::core::caller::CurrentUser>,
) -> ApiResult<BookingRow> {
    let t = transition(booking.state(), action).map_err(|m| ApiError::Conflict(m.into()))?;
    let (turn, mut tx) = state.db.begin_write().await?;
    if action == Move::Cancel {
        // Money taken means the order is paid, not cancelled as unpaid.
        if let Some(paid) = holds::pay_if_charged(state, &mut tx, booking).await? {
            tx.commit().await?;
            drop(turn);
            tracing::info!(order = booking.id, intent = ?paid.transaction_id, by = ?by,
                "order moved: pay (its payment had gone through), not cancel");
            return Err(ApiError::Conflict(PAID_MEANWHILE.into()));
        }
    }
    let Some(moved) = write_move(&state.db, &mut tx, booking.id, &t, notes).await? else {
        drop(tx);
        drop(turn);
        return Err(refused_now(state, booking.id, action).await);
    };
    if let (Some(admin), Some(what)) = (admin, audit_action(action)) {
        crate::audit::record(
            &state.db,
            &mut tx,
            crate::audit::Entry {
                by: admin.into(),
                action: what,
                subject_type: "order",
                subject_id: booking.id.to_string(),
                before: Some(audit_json(booking)),
                after: Some(audit_json(&moved)),
            },
        )
        .await?;
    }
    tx.commit().await?;
    log_move(booking.id, &t, notes, by);
    Ok(moved)
}

/// The audit log's name for an admin's move of an order.
fn audit_action(action: Move) -> Option<&'static str> {
    match action {
        Move::Ship => Some(crate::audit::ORDER_SHIPPED),
        Move::Deliver => Some(crate::audit::ORDER_DELIVERED),
        Move::Cancel => Some(crate::audit::ORDER_CANCELLED),
        Move::Refund => Some(crate::audit::ORDER_REFUNDED),
        _ => None,
    }
}

/// An order as the audit log shows it before and after a move.
fn audit_json(booking: &BookingRow) -> serde_json::Value {
    serde_json::json!({
        "paymentStatus": booking.payment_status,
        "fulfilmentStatus": booking.fulfilment_status,
        "carrier": booking.carrier,
        "trackingNumber": booking.tracking_number,
        "cancelReason": booking.cancel_reason,
        "totalCents": booking.total_cents,
    })
}

/// Writes the move `t`, which the table gave for the state order `id` was
/// read in, inside the write transaction `tx`: one conditional UPDATE (the
/// order must still be in `t.from`), with the stock given back in the same
/// transaction when the move says so, and the message telling the buyer of
/// it (`messages`) stored in the outbox. Answers the order after the move, or
/// None when it was no longer in that state and nothing was written. Every
/// move of an order is written here: by `make_move`, and by whoever pays an
/// order within a transaction of their own (the card provider's webhook, a
/// cancel finding the payment had gone through).
pub(crate) async fn write_move(
    db: &crate::core::db::Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: i64,
    t: &state::Transition,
    notes: MoveNotes<'_>,
) -> ApiResult<Option<BookingRow>> {
    let Some(moved) = store::apply(db, &mut **tx, id, t, notes).await? else {
        return Ok(None);
    };
    let lines = store::lines_of(db, tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    if t.gives_stock_back {
        // Every line's units, once: the UPDATE above holds only once.
        let units = catalogue::units_per_part(lines.iter().map(|l| (l.part_id, l.quantity)));
        for (part_id, quantity) in units {
            catalogue::return_stock(db, &mut **tx, part_id, quantity).await?;
        }
    }
    // The buyer hears of it if, and only if, the move commits.
    if let Some(message) = messages::after_move(&moved, &lines, t.action) {
        mail::enqueue(tx, &moved.buyer_email, message).await?;
    }
    Ok(Some(moved))
}

/// Logs a move written by `write_move`, once its transaction is committed.
pub(crate) fn log_move(id: i64, t: &state::Transition, notes: MoveNotes<'_>, by: &str) {
    tracing::info!(order = id, action = t.action.as_str(), from = %t.from, to = %t.to,
        intent = ?notes.transaction_id, reason = ?notes.cancel_reason.map(CancelReason::as_str),
        by = ?by, "order moved");
}

/// The answer to cancelling an order whose payment has gone through.
pub const PAID_MEANWHILE: &str =
    "This order has been paid: its payment went through, so it can no longer be cancelled";

/// Why `action` cannot be made on order `id` as it stands now.
async fn refused_now(state: &AppState, id: i64, action: Move) -> ApiError {
    let current = match store::find(&state.db, id).await {
        Ok(Some(current)) => current,
        Ok(None) => return ApiError::not_found("Order"),
        Err(e) => return e.into(),
    };
    match transition(current.state(), action) {
        Err(message) => ApiError::Conflict(message.into()),
        // Still in the move's state: a refund holds it.
        Ok(_) => ApiError::Conflict(REFUND_UNDER_WAY.into()),
    }
}

/// Cancels the buyer's unpaid order and gives its stock back. The order is
/// kept, with status `cancelled`.
#[utoipa::path(delete, path = "/api/booking/{id}", tag = "orders", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not unpaid and pending: paid (also when its payment has just gone through), shipped or cancelled", body = ErrorBody),
        (status = 429, description = "The buyer has cancelled too many orders lately", body = ErrorBody)))]
async fn cancel_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let booking = order_for(&state, &user, &id, false).await?;
    // Only a cancel that can happen counts (docs/decisions.md, D32).
    if booking.state() == OrderState::NEW {
        state.check_cancel_rate(user.id).await?;
    }
    let notes = MoveNotes {
        cancel_reason: Some(CancelReason::Buyer),
        ..MoveNotes::default()
    };
    holds::cancel_unpaid(&state, &booking, notes, &user.email, None).await?;
    Ok(Json(DeletedCount { deleted_count: 1 }))
}
