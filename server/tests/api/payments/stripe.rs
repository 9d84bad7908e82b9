//! SHOP_PAYMENT_PROVIDER=stripe against a local stand-in for the card
//! provider's API: the requests the shop sends, and an order marked paid
//! only when the provider says its intent succeeded for that order's amount,
//! currency and id.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::id_of;

/// A shop taking payments through the stand-in, with a $12.50 part and a buyer.
async fn stripe_shop() -> (TestApp, StripeStandIn, User, String) {
    let (app, stand_in) = spawn_stripe_app_with(|_| {}).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 2, "12.50").await;
    let buyer = app.new_user().await;
    (app, stand_in, buyer, part_id)
}

#[tokio::test]
async fn opening_a_payment_creates_an_intent_as_the_provider_documents() {
    let (app, stand_in, buyer, part_id) = stripe_shop().await;
    let config = app.config().await;
    assert_eq!(config["paymentProvider"], "stripe");
    assert_eq!(config["stripePublishableKey"], "pk_test_stand_in");
    let order = app.place_order(&buyer, &part_id, 3).await;
    let body = json!({"bookingId": id_of(&order), "price": 0.5});
    let response = app.create_intent(Some(&buyer.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let intent: Value = response.json().await.unwrap();
    assert_eq!(
        intent,
        json!({"clientSecret": "pi_standin1_secret_standin", "amount": 3750, "currency": "usd"})
    );

    let requests = stand_in.requests();
    assert_eq!(requests.len(), 1);
    let create = &requests[0];
    assert_eq!(
        (&create.method, create.path.as_str()),
        (&Method::POST, "/v1/payment_intents")
    );
    assert_eq!(
        create.header("authorization"),
        Some(format!("Bearer {STRIPE_SECRET_KEY}").as_str())
    );
    assert!(create
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/x-www-form-urlencoded")));
    assert_eq!(create.field("amount"), Some("3750"));
    assert_eq!(create.field("currency"), Some("usd"));
    assert_eq!(create.field("metadata[order_id]"), Some(id_of(&order)));
    let key = create
        .header("idempotency-key")
        .expect("an Idempotency-Key");
    assert!(
        key.starts_with(&format!("order-{}-", id_of(&order))),
        "{key}"
    );
}

#[tokio::test]
async fn asking_twice_opens_one_intent_and_each_order_has_its_own_key() {
    let (app, stand_in, buyer, part_id) = stripe_shop().await;
    let first = app.place_order(&buyer, &part_id, 2).await;
    let intent = app.open_payment(&buyer, id_of(&first)).await;
    assert_eq!(app.open_payment(&buyer, id_of(&first)).await, intent);
    assert_eq!(
        stand_in.requests().len(),
        1,
        "the recorded intent is reused"
    );

    let second = app.place_order(&buyer, &part_id, 2).await;
    let other = app.open_payment(&buyer, id_of(&second)).await;
    assert_ne!(other["clientSecret"], intent["clientSecret"]);
    let keys: Vec<String> = stand_in
        .requests()
        .iter()
        .map(|r| r.header("idempotency-key").unwrap().to_owned())
        .collect();
    assert_ne!(keys[0], keys[1]);
    assert_eq!(app.payments_of(id_of(&first)).await, 1);
}

#[tokio::test]
async fn an_order_is_paid_only_once_the_provider_says_its_intent_succeeded() {
    let (app, stand_in, buyer, part_id) = stripe_shop().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let transaction = intent_id(&app.open_payment(&buyer, id).await);

    let response = app.pay_order(Some(&buyer.token), id, &transaction).await;
    assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED);
    let retrieve = stand_in.requests().pop().unwrap();
    assert_eq!(retrieve.method, Method::GET);
    assert_eq!(retrieve.path, format!("/v1/payment_intents/{transaction}"));
    assert_eq!(
        retrieve.header("authorization"),
        Some(format!("Bearer {STRIPE_SECRET_KEY}").as_str())
    );

    // The buyer's browser confirms the intent with the provider.
    stand_in.set(&transaction, "status", json!("succeeded"));
    let response = app.pay_order(Some(&buyer.token), id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    let paid: Value = response.json().await.unwrap();
    assert_eq!(
        (&paid["paid"], &paid["transactionId"]),
        (&json!(true), &json!(transaction))
    );
    let again = app.pay_order(Some(&buyer.token), id, &transaction).await;
    assert_eq!(again.status(), StatusCode::OK);
    let response = app
        .create_intent(Some(&buyer.token), &json!({"bookingId": id}))
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(app.payments_of(id).await, 1);
}

#[tokio::test]
async fn an_intent_with_the_wrong_amount_currency_order_or_status_is_not_accepted() {
    let (app, stand_in, buyer, part_id) = stripe_shop().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let transaction = intent_id(&app.open_payment(&buyer, id).await);
    let other = app.place_order(&buyer, &part_id, 4).await;
    let other_transaction = intent_id(&app.open_payment(&buyer, id_of(&other)).await);
    stand_in.set(&other_transaction, "status", json!("succeeded"));

    let tampered = [
        ("status", json!("processing")),
        ("status", json!("requires_capture")),
        ("amount", json!(2499)),
        ("currency", json!("eur")),
        ("metadata", json!({"order_id": id_of(&other)})),
        ("metadata", json!({})),
    ];
    for (field, value) in tampered {
        let original = stand_in.intent(&transaction);
        stand_in.set(&transaction, "status", json!("succeeded"));
        stand_in.set(&transaction, field, value.clone());
        let response = app.pay_order(Some(&buyer.token), id, &transaction).await;
        assert_eq!(
            response.status(),
            StatusCode::PAYMENT_REQUIRED,
            "{field}: {value}"
        );
        stand_in.set(&transaction, field, original[field].clone());
    }
    let before = stand_in.requests().len();
    for made_up in [
        other_transaction.as_str(),
        "pi_unknown",
        "pi_../../v1/customers",
        "ch_123",
    ] {
        let response = app.pay_order(Some(&buyer.token), id, made_up).await;
        assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED, "{made_up}");
    }
    assert_eq!(
        stand_in.requests().len(),
        before + 2,
        "only well-formed ids are looked up"
    );
    assert_eq!(app.order_of(&buyer, id).await["paid"], false);
    assert_eq!(app.order_of(&buyer, id_of(&other)).await["paid"], false);
}

#[tokio::test]
async fn a_signed_webhook_pays_a_stripe_order() {
    let (app, _stand_in, buyer, part_id) = stripe_shop().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let transaction = intent_id(&app.open_payment(&buyer, id_of(&order)).await);
    let event = succeeded_event("evt_1", &transaction, id_of(&order), 2500, "usd");
    let response = app.post_signed_webhook(&event).await;
    assert_eq!(response.status(), StatusCode::OK);
    let order = app.order_of(&buyer, id_of(&order)).await;
    assert_eq!(
        (&order["paid"], &order["transactionId"]),
        (&json!(true), &json!(transaction))
    );
}

#[tokio::test]
async fn test_payments_are_off_when_stripe_takes_the_payments() {
    let (app, _stand_in, buyer, part_id) = stripe_shop().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let intent = app.open_payment(&buyer, id_of(&order)).await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let response = app.confirm_card(&buyer, secret, "4242424242424242").await;
    expect_error(
        response,
        StatusCode::NOT_FOUND,
        "Test payments are off: this shop takes card payments through Stripe",
    )
    .await;
    assert_eq!(app.order_of(&buyer, id_of(&order)).await["paid"], false);
}

#[tokio::test]
async fn an_unreachable_or_refusing_provider_answers_503_and_pays_nothing() {
    // A port nothing listens on any more.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    for (api_base, key) in [
        (base, STRIPE_SECRET_KEY),
        (StripeStandIn::start().await.base, "sk_test_wrong"),
    ] {
        let app = spawn_app_with(|c| {
            c.payment_provider = "stripe".into();
            c.stripe_secret_key = Some(key.into());
            c.stripe_api_base = api_base;
        })
        .await;
        let admin = app.admin().await;
        let part_id = app.add_part(&admin, 10, 2, "12.50").await;
        let buyer = app.new_user().await;
        let order = app.place_order(&buyer, &part_id, 2).await;
        let body = json!({"bookingId": id_of(&order)});
        let response = app.create_intent(Some(&buyer.token), &body).await;
        let message = "Card payments are not available right now. Please try again shortly.";
        expect_error(response, StatusCode::SERVICE_UNAVAILABLE, message).await;
        let response = app
            .pay_order(Some(&buyer.token), id_of(&order), "pi_123")
            .await;
        expect_error(response, StatusCode::SERVICE_UNAVAILABLE, message).await;
        assert_eq!(app.order_of(&buyer, id_of(&order)).await["paid"], false);
    }
}
