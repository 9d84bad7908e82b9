//! Helpers for card payments: the payment endpoints, card bodies, and
//! webhook signatures as the card provider makes them.

use hmac::{Hmac, Mac};
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};
use sha2::Sha256;

use super::{spawn_app_with, StripeStandIn, TestApp, User, STRIPE_SECRET_KEY};

/// The webhook secret the tests configure.
pub const WEBHOOK_SECRET: &str = "whsec_test_secret";

/// A confirm request for `client_secret` with a card that has not expired.
pub fn card_body(client_secret: &str, number: &str) -> Value {
    json!({
        "clientSecret": client_secret,
        "card": {"number": number, "expMonth": 12, "expYear": 2099, "cvc": "123"},
        "billingDetails": {"name": "Test Buyer", "email": "buyer@example.com"}
    })
}

/// A `Stripe-Signature` header for `body`, signed at `timestamp` with `secret`.
pub fn stripe_signature(secret: &str, timestamp: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{body}").as_bytes());
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

/// Now, in Unix seconds.
pub fn unix_now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// A `payment_intent.succeeded` event for `intent`, paying `cents` in `currency` for `order_id`.
pub fn succeeded_event(
    event_id: &str,
    intent: &str,
    order_id: &str,
    cents: i64,
    currency: &str,
) -> String {
    json!({
        "id": event_id, "object": "event", "type": "payment_intent.succeeded",
        "data": {"object": {
            "id": intent, "object": "payment_intent", "amount": cents, "currency": currency,
            "status": "succeeded", "client_secret": format!("{intent}_secret_abc"),
            "metadata": {"order_id": order_id}
        }}
    })
    .to_string()
}

/// A shop taking payments through a fresh stand-in for the card provider's
/// API, with its other settings changed by `configure`.
pub async fn spawn_stripe_app_with(
    configure: impl FnOnce(&mut shop::Config),
) -> (TestApp, StripeStandIn) {
    let stand_in = StripeStandIn::start().await;
    let base = stand_in.base.clone();
    let app = spawn_app_with(|c| {
        c.payment_provider = "stripe".into();
        c.stripe_secret_key = Some(STRIPE_SECRET_KEY.into());
        c.stripe_publishable_key = Some("pk_test_stand_in".into());
        c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
        c.stripe_api_base = base;
        configure(c);
    })
    .await;
    (app, stand_in)
}

/// The id of the intent a client secret (in an intent answer) belongs to.
pub fn intent_id(intent: &Value) -> String {
    let secret = intent["clientSecret"].as_str().unwrap();
    secret.split("_secret_").next().unwrap().to_owned()
}

impl TestApp {
    /// `POST /api/create-payment-intent` with `body`.
    pub async fn create_intent(&self, token: Option<&str>, body: &Value) -> Response {
        self.post_json("/api/create-payment-intent", token, body)
            .await
    }

    /// Opens the payment of `order_id` as `user`; answers `{clientSecret, amount, currency}`.
    pub async fn open_payment(&self, user: &User, order_id: &str) -> Value {
        let response = self
            .create_intent(Some(&user.token), &json!({"bookingId": order_id}))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// `POST /api/test-payments/confirm` with `body`.
    pub async fn confirm_payment(&self, token: Option<&str>, body: &Value) -> Response {
        self.post_json("/api/test-payments/confirm", token, body)
            .await
    }

    /// Pays `client_secret` with the card `number` as `user`.
    pub async fn confirm_card(&self, user: &User, client_secret: &str, number: &str) -> Response {
        self.confirm_payment(Some(&user.token), &card_body(client_secret, number))
            .await
    }

    /// Opens and confirms the payment of `order_id` with the card that
    /// succeeds; answers the intent's id, the order's `transactionId`.
    pub async fn pay_with_test_card(&self, user: &User, order_id: &str) -> String {
        let intent = self.open_payment(user, order_id).await;
        let secret = intent["clientSecret"].as_str().unwrap();
        let response = self.confirm_card(user, secret, "4242 4242 4242 4242").await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["paymentIntent"]["status"], "succeeded", "{body}");
        body["paymentIntent"]["id"].as_str().unwrap().to_owned()
    }

    /// Delivers a webhook event with an optional `Stripe-Signature` header.
    pub async fn post_webhook(&self, body: &str, signature: Option<&str>) -> Response {
        let mut request = self
            .request(Method::POST, "/api/webhooks/stripe", None)
            .header("content-type", "application/json")
            .body(body.to_owned());
        if let Some(signature) = signature {
            request = request.header("stripe-signature", signature);
        }
        request.send().await.expect("request sent")
    }

    /// Delivers a webhook event signed now with the tests' secret.
    pub async fn post_signed_webhook(&self, body: &str) -> Response {
        let signature = stripe_signature(WEBHOOK_SECRET, unix_now(), body);
        self.post_webhook(body, Some(&signature)).await
    }

    /// How many payments the shop has recorded for an order.
    pub async fn payments_of(&self, order_id: &str) -> i64 {
        self.count_sql(&format!(
            "SELECT COUNT(*) FROM payments WHERE booking_id = {order_id}"
        ))
        .await
    }
}
