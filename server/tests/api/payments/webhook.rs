//! `POST /api/webhooks/stripe`: only an event signed with the webhook
//! secret, at most 300 s old, is believed; a `payment_intent.succeeded`
//! event pays its order once. A repeated event id is acknowledged and
//! ignored.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::id_of;

/// A shop with the webhook secret set, a buyer and their unpaid $25 order.
async fn shop_with_an_order() -> (TestApp, User, String) {
    let app = spawn_app_with(|c| c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into())).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 2, "12.50").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    (app, buyer, id_of(&order).to_owned())
}

async fn expect_received(response: reqwest::Response, duplicate: bool) {
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"received": true, "duplicate": duplicate}));
}

#[tokio::test]
async fn a_correctly_signed_succeeded_event_marks_the_order_paid() {
    let (app, buyer, order_id) = shop_with_an_order().await;
    let event = succeeded_event("evt_1", "pi_hook1", &order_id, 2500, "usd");
    expect_received(app.post_signed_webhook(&event).await, false).await;
    let order = app.order_of(&buyer, &order_id).await;
    assert_eq!(
        (&order["status"], &order["paid"], &order["transactionId"]),
        (&json!("paid"), &json!(true), &json!("pi_hook1"))
    );
    // The buyer's page claiming the same payment afterwards is answered alike.
    let response = app
        .pay_order(Some(&buyer.token), &order_id, "pi_hook1")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.payments_of(&order_id).await, 1);
}

#[tokio::test]
async fn a_wrong_signature_or_a_stale_timestamp_is_refused_and_changes_nothing() {
    let (app, buyer, order_id) = shop_with_an_order().await;
    let event = succeeded_event("evt_1", "pi_hook1", &order_id, 2500, "usd");
    let now = unix_now();
    let tampered = event.replace("2500", "2501");
    let good = stripe_signature(WEBHOOK_SECRET, now, &event);
    let refusals = [
        (
            event.as_str(),
            Some(stripe_signature("whsec_wrong", now, &event)),
        ),
        (tampered.as_str(), Some(good.clone())),
        (
            event.as_str(),
            Some(stripe_signature(WEBHOOK_SECRET, now - 301, &event)),
        ),
        (
            event.as_str(),
            Some(stripe_signature(WEBHOOK_SECRET, now + 301, &event)),
        ),
        (event.as_str(), Some(good.replace("v1=", "v0="))),
        (event.as_str(), Some(format!("t={now},v1=nothex"))),
        (event.as_str(), Some("garbage".into())),
        (event.as_str(), None),
    ];
    for (body, signature) in refusals {
        let response = app.post_webhook(body, signature.as_deref()).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{signature:?}");
        error_of(response).await;
    }
    assert_eq!(app.order_of(&buyer, &order_id).await["paid"], false);
    assert_eq!(app.payments_of(&order_id).await, 0);
    // Still within the tolerance, the good signature holds.
    expect_received(app.post_webhook(&event, Some(&good)).await, false).await;
}

#[tokio::test]
async fn a_replayed_event_is_acknowledged_but_does_nothing_twice() {
    let (app, buyer, order_id) = shop_with_an_order().await;
    let event = succeeded_event("evt_1", "pi_hook1", &order_id, 2500, "usd");
    let signature = stripe_signature(WEBHOOK_SECRET, unix_now(), &event);
    expect_received(app.post_webhook(&event, Some(&signature)).await, false).await;
    // The very same delivery again, and again signed afresh.
    expect_received(app.post_webhook(&event, Some(&signature)).await, true).await;
    expect_received(app.post_signed_webhook(&event).await, true).await;
    assert_eq!(app.payments_of(&order_id).await, 1);
    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM webhook_events").await,
        1
    );

    // The event id is what counts: the same id can never pay a second order.
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "5").await;
    let second = app.place_order(&buyer, &part_id, 1).await;
    let reused = succeeded_event("evt_1", "pi_hook2", id_of(&second), 500, "usd");
    expect_received(app.post_signed_webhook(&reused).await, true).await;
    assert_eq!(app.order_of(&buyer, id_of(&second)).await["paid"], false);
    assert_eq!(app.payments_of(id_of(&second)).await, 0);
    let fresh = succeeded_event("evt_2", "pi_hook2", id_of(&second), 500, "usd");
    expect_received(app.post_signed_webhook(&fresh).await, false).await;
    assert_eq!(app.order_of(&buyer, id_of(&second)).await["paid"], true);
}

#[tokio::test]
async fn without_a_webhook_secret_every_delivery_answers_400() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 2, "12.50").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let event = succeeded_event("evt_1", "pi_hook1", id_of(&order), 2500, "usd");
    for secret in [WEBHOOK_SECRET, ""] {
        let signature = stripe_signature(secret, unix_now(), &event);
        let response = app.post_webhook(&event, Some(&signature)).await;
        expect_error(
            response,
            StatusCode::BAD_REQUEST,
            "The webhook signature cannot be verified: no webhook secret is configured",
        )
        .await;
    }
    assert_eq!(app.order_of(&buyer, id_of(&order)).await["paid"], false);
}

#[tokio::test]
async fn a_signed_event_that_does_not_pay_an_order_in_full_marks_nothing_paid() {
    let (app, buyer, order_id) = shop_with_an_order().await;
    let other = app.new_user().await;
    let events = [
        succeeded_event("evt_1", "pi_hook1", &order_id, 2499, "usd"),
        succeeded_event("evt_2", "pi_hook1", &order_id, 2500, "eur"),
        succeeded_event("evt_3", "pi_hook1", "424242", 2500, "usd"),
        succeeded_event("evt_4", "pi_hook1", "not-an-id", 2500, "usd"),
        succeeded_event("evt_5", "pi_hook1", &order_id, 2500, "usd")
            .replace("payment_intent.succeeded", "payment_intent.payment_failed"),
        succeeded_event("evt_6", "pi_hook1", &order_id, 2500, "usd")
            .replace("\"status\":\"succeeded\"", "\"status\":\"processing\""),
        json!({"id": "evt_7", "type": "payment_intent.succeeded", "data": {"object": {"id": 1}}})
            .to_string(),
    ];
    for event in &events {
        expect_received(app.post_signed_webhook(event).await, false).await;
    }
    assert_eq!(app.order_of(&buyer, &order_id).await["paid"], false);
    assert_eq!(app.payments_of(&order_id).await, 0);
    assert!(app.orders_of(&other).await.is_empty());
}

#[tokio::test]
async fn a_signed_body_that_is_no_event_answers_400() {
    let (app, _, _) = shop_with_an_order().await;
    for body in ["not json", "{}", "[1,2]", r#"{"id": "evt_1"}"#] {
        let response = app.post_signed_webhook(body).await;
        expect_error(
            response,
            StatusCode::BAD_REQUEST,
            "The request body is not a Stripe event",
        )
        .await;
    }
}
