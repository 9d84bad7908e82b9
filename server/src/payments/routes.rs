//! Opening a payment for an order, and paying it with a card through the
//! built-in test provider.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{card, check_payable, test_provider};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::input::{Form, JsonObject, SHORT_TEXT};
use crate::orders::{self, holds, order_for};
use crate::state::AppState;

/// The order to pay. A `price` sent along is ignored: the amount is the
/// order's own (docs/decisions.md, D3).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct IntentRequest {
    booking_id: String,
}

/// What the browser needs to pay: the intent's secret, and the amount it
/// will take.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntentCreated {
    pub client_secret: String,
    /// In cents.
    pub amount: i64,
    /// Lower-case ISO code, e.g. `usd`.
    pub currency: String,
}

/// A card, as the buyer typed it.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct CardDetails {
    /// Spaces between the digits are allowed.
    #[schema(example = "4242 4242 4242 4242")]
    number: String,
    #[schema(minimum = 1, maximum = 12)]
    exp_month: i64,
    /// Four digits, or two.
    exp_year: i64,
    /// 3 or 4 digits.
    cvc: String,
}

/// Who pays; both optional, an e-mail must be valid.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct BillingDetails {
    name: Option<String>,
    email: Option<String>,
}

/// A card payment for the intent `clientSecret` names.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ConfirmRequest {
    client_secret: String,
    card: CardDetails,
    billing_details: Option<BillingDetails>,
}

/// A payment intent and where it stands.
#[derive(Serialize, ToSchema)]
pub struct IntentStatus {
    /// The `transactionId` that pays the order.
    pub id: String,
    #[schema(example = "succeeded")]
    pub status: String,
}

/// The answer to a card payment that succeeded.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmed {
    pub payment_intent: IntentStatus,
}

/// Opens the payment of the buyer's own unpaid order, for the amount the
/// order was placed at. Asking again answers the same payment.
#[utoipa::path(post, path = "/api/create-payment-intent", tag = "payments", security(("bearer" = [])),
    request_body = IntentRequest,
    responses(
        (status = 200, body = IntentCreated),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "An admin cannot pay a buyer's order", body = ErrorBody),
        (status = 404, description = "No such order of yours", body = ErrorBody),
        (status = 409, description = "The order is paid or cancelled", body = ErrorBody),
        (status = 503, description = "The card provider is not reachable", body = ErrorBody)))]
pub async fn create_payment_intent(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonObject(body): JsonObject,
) -> ApiResult<Json<IntentCreated>> {
    let mut form = Form::new(&body);
    let booking_id = match body.get("bookingId") {
        Some(Value::Number(n)) => n.to_string(),
        _ => form.text("bookingId", "Order", SHORT_TEXT),
    };
    form.finish()?;
    let booking = order_for(&state, &user, &booking_id, false).await?;
    check_payable(&booking)?;
    // Starting the payment holds the order's stock for another while.
    orders::store::renew_hold(&state.db, booking.id, holds::hold_until(&state)).await?;
    let payment = state.payments.open_intent(&state.db, &booking).await?;
    tracing::info!(order = booking.id, intent = ?payment.id, buyer = ?user.email, "payment opened");
    Ok(Json(IntentCreated {
        client_secret: payment.client_secret,
        amount: payment.amount_cents,
        currency: payment.currency,
    }))
}

/// Pays an intent with a card, as the card provider's test mode would: only
/// with the built-in test provider, and only for the buyer's own order.
#[utoipa::path(post, path = "/api/test-payments/confirm", tag = "payments", security(("bearer" = [])),
    request_body = ConfirmRequest,
    responses(
        (status = 200, body = Confirmed),
        (status = 400, description = "A card field is wrong (`fields` keyed `card.number`, ...)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 402, description = "The card was refused: `error` and `code`", body = ErrorBody),
        (status = 404, description = "No such payment of yours, or test payments are off", body = ErrorBody),
        (status = 409, description = "The order is paid or cancelled", body = ErrorBody)))]
pub async fn confirm_test_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonObject(body): JsonObject,
) -> ApiResult<Json<Confirmed>> {
    if !state.payments.is_test() {
        return Err(ApiError::NotFound(
            "Test payments are off: this shop takes card payments through Stripe".into(),
        ));
    }
    let mut form = Form::new(&body);
    let client_secret = form.text("clientSecret", "Client secret", SHORT_TEXT);
    let card = card::read(&mut form, &body);
    form.finish()?;
    let payment = test_provider::confirm(&state.db, &user, &client_secret, &card).await?;
    Ok(Json(Confirmed {
        payment_intent: IntentStatus {
            id: payment.id,
            status: payment.status,
        },
    }))
}
