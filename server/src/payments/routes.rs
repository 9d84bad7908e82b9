//! Opening a payment for an order, and paying it with a card through the
//! built-in test provider.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use super::card::ConfirmRequest;
use super::{check_payable, test_provider};
use crate::app::state::AppState;
use crate::core::caller::CurrentUser;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{Rule, Text};
use crate::core::input::{Body, Form, SHORT_TEXT};
use crate::orders::{self, order_for};
use crate::request;

request! {
    /// The order to pay. A `price` sent along is ignored: the amount is the
    /// order's own (docs/decisions.md, D3).
    pub struct IntentRequest {
        booking_id: BookingId = "bookingId", "Order";
    }
}

/// An order's id: its text, or a whole number.
pub struct BookingId;

impl Rule for BookingId {
    type Out = String;
    fn read(form: &mut Form, name: &str, label: &str) -> String {
        match form.value(name) {
            Some(Value::Number(n)) => n.to_string(),
            _ => Text::<SHORT_TEXT>::read(form, name, label),
        }
    }
    fn schema() -> Value {
        json!({"oneOf": [Text::<SHORT_TEXT>::schema(), {"type": "integer", "minimum": 1}]})
    }
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

/// Opens the payment of the buyer's own unpaid order, for the total the
/// order was placed at (goods, shipping and tax). Asking again answers the same payment.
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
    Body(IntentRequest { booking_id }): Body<IntentRequest>,
) -> ApiResult<Json<IntentCreated>> {
    let booking = order_for(&state, &user, &booking_id, false).await?;
    check_payable(&booking)?;
    // Starting the payment holds the order's stock for another while, up
    // to the longest hold an order may have (D17).
    orders::renew_hold(
        &state.db,
        booking.id,
        orders::renewed_hold(&state, &booking),
    )
    .await?;
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
    Body(sent): Body<ConfirmRequest>,
) -> ApiResult<Json<Confirmed>> {
    if !state.payments.is_test() {
        return Err(ApiError::NotFound(
            "Test payments are off: this shop takes card payments through Stripe".into(),
        ));
    }
    let payment = test_provider::confirm(&state.db, &user, &sent.client_secret, &sent.card).await?;
    Ok(Json(Confirmed {
        payment_intent: IntentStatus {
            id: payment.id,
            status: payment.status,
        },
    }))
}
