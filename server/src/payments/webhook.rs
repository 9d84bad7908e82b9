//! `POST /api/webhooks/stripe`: the card provider tells the shop that an
//! intent succeeded. Only a request signed with STRIPE_WEBHOOK_SECRET is
//! believed (https://docs.stripe.com/webhooks#verify-manually). Each event
//! is handled once: the provider delivers an event again when it missed the
//! answer, so a repeated event id is acknowledged (200, `duplicate: true`)
//! and changes nothing.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::Sha256;
use sqlx::Any;
use utoipa::ToSchema;

use super::store;
use super::stripe::Intent;
use crate::app::state::AppState;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::parse_id;
use crate::orders::{
    self, log_move, transition, write_move, BookingRow, Fulfilment, Move, MoveNotes, Transition,
};

/// How far a signature's timestamp may be from now, in seconds.
pub const TOLERANCE_SECS: i64 = 300;

/// The answer to a delivery whose signature holds.
#[derive(Serialize, ToSchema)]
pub struct WebhookReceipt {
    pub received: bool,
    /// True when this event was handled before and was ignored this time.
    pub duplicate: bool,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: Value,
}

/// Checks a `Stripe-Signature` header (`t=TIMESTAMP,v1=HEX[,v1=...]`): one
/// `v1` must be the HMAC-SHA256 of `"{t}.{body}"` under `secret`, and `t`
/// within the tolerance of `now` (Unix seconds).
pub fn verify(secret: &str, header: &str, body: &[u8], now: i64) -> Result<(), &'static str> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for (key, value) in header
        .split(',')
        .filter_map(|part| part.trim().split_once('='))
    {
        match key {
            "t" => timestamp = value.parse::<i64>().ok().map(|t| (t, value)),
            "v1" => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let Some((timestamp, signed_timestamp)) = timestamp else {
        return Err("The Stripe-Signature header has no timestamp");
    };
    if signatures.is_empty() {
        return Err("The Stripe-Signature header has no v1 signature");
    }
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err("The webhook's timestamp is too far from now");
    }
    let mac = || {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
            .expect("HMAC takes a key of any length");
        mac.update(format!("{signed_timestamp}.").as_bytes());
        mac.update(body);
        mac
    };
    // `verify_slice` compares in constant time.
    if signatures.iter().any(|s| mac().verify_slice(s).is_ok()) {
        Ok(())
    } else {
        Err("The webhook signature does not match")
    }
}

/// Takes an event from the card provider; marks an order paid on
/// `payment_intent.succeeded` when the intent is that order's in full.
#[utoipa::path(post, path = "/api/webhooks/stripe", tag = "payments",
    params(("Stripe-Signature" = String, Header, description = "`t=TIMESTAMP,v1=HEX`, signed with the webhook secret")),
    request_body(content = Object, description = "A Stripe event", content_type = "application/json"),
    responses(
        (status = 200, body = WebhookReceipt),
        (status = 400, description = "The signature cannot be verified, or the body is no event", body = ErrorBody),
        (status = 413, body = ErrorBody)))]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<WebhookReceipt>> {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge("The request body is too large (1 MB at most)".into())
        }
        _ => ApiError::bad_request(rejection.body_text()),
    })?;
    let secret = state
        .config
        .stripe_webhook_secret
        .as_deref()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            ApiError::bad_request(
                "The webhook signature cannot be verified: no webhook secret is configured",
            )
        })?;
    let header = headers
        .get("stripe-signature")
        .and_then(|h| h.to_str().ok())
        .ok_or_else(|| ApiError::bad_request("The Stripe-Signature header is missing"))?;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    verify(secret, header, &body, now).map_err(|message| {
        tracing::warn!(?message, "webhook refused");
        ApiError::bad_request(message)
    })?;
    let event: Event = serde_json::from_slice(&body)
        .map_err(|_| ApiError::bad_request("The request body is not a Stripe event"))?;

    let (_turn, mut tx) = state.db.begin_write().await?;
    if !store::remember_event(&state.db, &mut *tx, &event.id, &event.kind).await? {
        tracing::info!(event = ?event.id, "webhook event seen before: ignored");
        return Ok(Json(WebhookReceipt {
            received: true,
            duplicate: true,
        }));
    }
    let settled = if event.kind == "payment_intent.succeeded" {
        settle(
            &state.db,
            &mut tx,
            &state.payments.currency,
            &state.config.staff_email(),
            event.data.object,
        )
        .await?
    } else {
        Settled::Nothing
    };
    tx.commit().await?;
    match settled {
        Settled::Paid(paid, pay) => {
            let notes = MoveNotes {
                transaction_id: paid.transaction_id.as_deref(),
                ..MoveNotes::default()
            };
            log_move(paid.id, &pay, notes, "stripe webhook");
        }
        Settled::Unclaimed(booking, intent) => {
            orders::refund_unclaimed(&state, &booking, &intent).await;
        }
        Settled::Nothing => {}
    }
    Ok(Json(WebhookReceipt {
        received: true,
        duplicate: false,
    }))
}

/// What a succeeded intent did to the shop's orders.
enum Settled {
    /// Its order was paid by the move: the order after it.
    Paid(BookingRow, Transition),
    /// It went through for an order cancelled meanwhile: to be refunded once
    /// the event is recorded.
    Unclaimed(BookingRow, String),
    Nothing,
}

/// Marks an intent's order paid when the intent pays it in full, as the
/// table of moves allows, written as every move is (`write_move`).
/// Anything else is logged for a person and acknowledged: sending it again
/// would not change it.
async fn settle(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    currency: &str,
    staff_email: &str,
    object: Value,
) -> ApiResult<Settled> {
    let Ok(intent) = serde_json::from_value::<Intent>(object) else {
        tracing::warn!("webhook: payment_intent.succeeded without an intent");
        return Ok(Settled::Nothing);
    };
    let order_id = intent.metadata.get("order_id").and_then(|id| parse_id(id));
    let booking = match order_id {
        Some(id) => orders::lock(db, &mut **tx, id).await?,
        None => None,
    };
    let Some(booking) = booking.filter(|b| intent.pays(b, currency)) else {
        tracing::warn!(intent = ?intent.id, "webhook: a succeeded intent pays no order of this shop");
        return Ok(Settled::Nothing);
    };
    store::save(db, &mut **tx, &intent.row(booking.id)).await?;
    let notes = MoveNotes {
        transaction_id: Some(&intent.id),
        ..MoveNotes::default()
    };
    // The buyer's pay as `make_move` makes it, in this event's transaction.
    if let Ok(pay) = transition(booking.state(), Move::Pay) {
        if let Some(paid) = write_move(db, tx, booking.id, &pay, notes, staff_email).await? {
            return Ok(Settled::Paid(paid.row, pay));
        }
    }
    if booking.transaction_id.as_deref() != Some(intent.id.as_str()) {
        if booking.state().fulfilment == Fulfilment::Cancelled {
            return Ok(Settled::Unclaimed(booking, intent.id));
        }
        // Money taken for an order paid otherwise.
        tracing::error!(order = booking.id, intent = ?intent.id, state = %booking.state(),
            "webhook: a second payment arrived for a paid order; refund it by hand");
    }
    Ok(Settled::Nothing)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";
    const BODY: &[u8] = br#"{"id":"evt_1"}"#;
    const NOW: i64 = 1_700_000_000;

    fn sign(secret: &str, t: i64, body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{t}.").as_bytes());
        mac.update(body);
        hex::encode(mac.finalize().into_bytes())
    }

    #[test]
    fn a_signature_over_the_timestamp_and_body_holds() {
        let header = format!("t={NOW},v1={}", sign(SECRET, NOW, BODY));
        assert_eq!(verify(SECRET, &header, BODY, NOW + TOLERANCE_SECS), Ok(()));
        // During a secret rotation the provider sends several signatures.
        let header = format!(
            "t={NOW},v1={},v0=ab,v1={}",
            sign("old", NOW, BODY),
            sign(SECRET, NOW, BODY)
        );
        assert_eq!(verify(SECRET, &header, BODY, NOW), Ok(()));
    }

    #[test]
    fn a_wrong_key_body_or_timestamp_is_refused() {
        let good = sign(SECRET, NOW, BODY);
        assert!(verify("whsec_other", &format!("t={NOW},v1={good}"), BODY, NOW).is_err());
        assert!(verify(SECRET, &format!("t={NOW},v1={good}"), b"{}", NOW).is_err());
        assert!(verify(SECRET, &format!("t={},v1={good}", NOW + 1), BODY, NOW).is_err());
        assert!(verify(
            SECRET,
            &format!("t={NOW},v1={good}"),
            BODY,
            NOW + TOLERANCE_SECS + 1
        )
        .is_err());
        for header in [
            "",
            "t=abc,v1=00",
            &format!("v1={good}"),
            &format!("t={NOW}"),
            "garbage",
        ] {
            assert!(verify(SECRET, header, BODY, NOW).is_err(), "{header}");
        }
    }
}
