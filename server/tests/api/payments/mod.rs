//! Paying an order with the built-in test provider: the amount is the
//! order's own (docs/decisions.md, D3), only its buyer pays it, and it becomes
//! paid only through a payment the provider confirms (docs/decisions.md, D4),
//! once however often asked.

mod stripe;
mod test_cards;
mod webhook;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::{id_of, shop_with_a_part};

#[tokio::test]
async fn paying_with_the_test_card_marks_the_order_paid_with_its_transaction_id() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);

    let intent = app.open_payment(&buyer, id).await;
    assert_eq!(intent["amount"], 2500);
    assert_eq!(intent["currency"], "usd");
    let secret = intent["clientSecret"].as_str().unwrap();
    assert!(
        secret.starts_with("pi_") && secret.contains("_secret_"),
        "{secret}"
    );

    let response = app.confirm_card(&buyer, secret, "4242424242424242").await;
    assert_eq!(response.status(), StatusCode::OK);
    let confirmed: Value = response.json().await.unwrap();
    let transaction = confirmed["paymentIntent"]["id"].as_str().unwrap();
    assert_eq!(
        confirmed,
        json!({"paymentIntent": {"id": transaction, "status": "succeeded"}})
    );
    assert!(secret.starts_with(&format!("{transaction}_secret_")));
    assert_eq!(
        app.order_of(&buyer, id).await["paid"],
        false,
        "paid only once claimed"
    );

    let response = app.pay_order(Some(&buyer.token), id, transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    let paid: Value = response.json().await.unwrap();
    assert_eq!(
        (&paid["status"], &paid["paid"], &paid["transactionId"]),
        (&json!("paid"), &json!(true), &json!(transaction))
    );
    assert_eq!(app.orders_of(&buyer).await, vec![paid]);
}

#[tokio::test]
async fn the_amount_comes_from_the_order_not_from_the_client() {
    let app = spawn_app_with(|c| c.currency = "EUR".into()).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "19.99").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 3).await;
    let body = json!({"bookingId": id_of(&order), "price": 0.01, "amount": 1, "currency": "usd"});
    let response = app.create_intent(Some(&buyer.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let intent: Value = response.json().await.unwrap();
    assert_eq!(
        (&intent["amount"], &intent["currency"]),
        (&json!(5997), &json!("eur"))
    );
    // A numeric booking id is the same order.
    let again = app
        .create_intent(
            Some(&buyer.token),
            &json!({"bookingId": order["_id"].as_str().unwrap().parse::<i64>().unwrap()}),
        )
        .await;
    assert_eq!(again.json::<Value>().await.unwrap(), intent);
}

#[tokio::test]
async fn opening_a_payment_needs_a_token_and_an_order_of_ones_own() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let body = json!({"bookingId": id_of(&order)});
    let response = app.create_intent(None, &body).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    for body in [
        json!({}),
        json!({"bookingId": ""}),
        json!({"bookingId": null}),
    ] {
        let response = app.create_intent(Some(&buyer.token), &body).await;
        expect_field_error(response, "bookingId", "Order is Required").await;
    }
    for unknown in ["424242", "abc"] {
        let response = app
            .create_intent(Some(&buyer.token), &json!({"bookingId": unknown}))
            .await;
        expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    }
    let other = app.new_user().await;
    let response = app.create_intent(Some(&other.token), &body).await;
    expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    let admin = app.admin().await;
    let response = app.create_intent(Some(&admin.token), &body).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.payments_of(id_of(&order)).await, 0);
}

#[tokio::test]
async fn a_paid_or_cancelled_order_cannot_be_paid_again() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let paid = app.place_order(&buyer, &part_id, 2).await;
    let transaction = app.pay_with_test_card(&buyer, id_of(&paid)).await;
    app.pay_order(Some(&buyer.token), id_of(&paid), &transaction)
        .await;
    let response = app
        .create_intent(Some(&buyer.token), &json!({"bookingId": id_of(&paid)}))
        .await;
    expect_error(response, StatusCode::CONFLICT, "This order is already paid").await;

    let cancelled = app.place_order(&buyer, &part_id, 2).await;
    let intent = app.open_payment(&buyer, id_of(&cancelled)).await;
    app.cancel_order(Some(&buyer.token), id_of(&cancelled))
        .await;
    let body = json!({"bookingId": id_of(&cancelled)});
    let response = app.create_intent(Some(&buyer.token), &body).await;
    expect_error(response, StatusCode::CONFLICT, "This order was cancelled").await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let response = app.confirm_card(&buyer, secret, "4242424242424242").await;
    expect_error(response, StatusCode::CONFLICT, "This order was cancelled").await;
    assert_eq!(
        app.order_of(&buyer, id_of(&cancelled)).await["status"],
        "cancelled"
    );
}

#[tokio::test]
async fn nobody_can_pay_or_mark_paid_someone_elses_order() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let other = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let intent = app.open_payment(&buyer, id).await;
    let secret = intent["clientSecret"].as_str().unwrap();

    let response = app.confirm_card(&other, secret, "4242424242424242").await;
    expect_error(response, StatusCode::NOT_FOUND, "Payment not found").await;
    let response = app
        .confirm_payment(None, &card_body(secret, "4242424242424242"))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // Paid by its buyer, the payment still cannot be claimed by anyone else.
    let transaction = app.pay_with_test_card(&buyer, id).await;
    let response = app.pay_order(Some(&other.token), id, &transaction).await;
    expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    let admin = app.admin().await;
    let response = app.pay_order(Some(&admin.token), id, &transaction).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.order_of(&buyer, id).await["paid"], false);
}

#[tokio::test]
async fn a_made_up_unconfirmed_or_reused_transaction_id_marks_nothing_paid() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let open = app.open_payment(&buyer, id).await;
    let unconfirmed = open["clientSecret"]
        .as_str()
        .unwrap()
        .split("_secret_")
        .next()
        .unwrap()
        .to_owned();
    // A payment of another order, by the same buyer or another one.
    let other_order = app.place_order(&buyer, &part_id, 2).await;
    let other_payment = app.pay_with_test_card(&buyer, id_of(&other_order)).await;
    let someone = app.new_user().await;
    let their_order = app.place_order(&someone, &part_id, 2).await;
    let their_payment = app.pay_with_test_card(&someone, id_of(&their_order)).await;

    app.expect_payments_refused(
        &buyer,
        id,
        &[
            "pi_made_up",
            &unconfirmed,
            &other_payment,
            &their_payment,
            "' OR 1=1 --",
        ],
    )
    .await;
    // The other order is still payable with its own payment, once.
    let response = app
        .pay_order(Some(&buyer.token), id_of(&other_order), &other_payment)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn asking_or_confirming_twice_never_makes_a_second_payment() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let first = app.open_payment(&buyer, id).await;
    assert_eq!(app.open_payment(&buyer, id).await, first);
    let secret = first["clientSecret"].as_str().unwrap();

    let confirmations = (0..2).map(|_| app.confirm_card(&buyer, secret, "4242424242424242"));
    let mut answers = Vec::new();
    for response in join_all(confirmations).await {
        assert_eq!(response.status(), StatusCode::OK);
        answers.push(response.json::<Value>().await.unwrap());
    }
    assert_eq!(answers[0], answers[1]);
    // Confirmed but not yet claimed: asking again hands back the same payment.
    assert_eq!(app.open_payment(&buyer, id).await, first);
    let again = app.confirm_card(&buyer, secret, "4000000000000002").await;
    assert_eq!(again.json::<Value>().await.unwrap(), answers[0]);

    let transaction = answers[0]["paymentIntent"]["id"].as_str().unwrap();
    for response in
        join_all((0..3).map(|_| app.pay_order(Some(&buyer.token), id, transaction))).await
    {
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(app.payments_of(id).await, 1);
    assert_eq!(app.order_of(&buyer, id).await["transactionId"], transaction);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 8);
}

#[tokio::test]
async fn opening_payments_at_once_for_one_order_opens_one() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let intents = join_all((0..4).map(|_| app.open_payment(&buyer, id))).await;
    assert!(intents.iter().all(|i| *i == intents[0]), "{intents:?}");
    assert_eq!(app.payments_of(id).await, 1);
}

#[tokio::test]
async fn payments_survive_a_restart() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let intent = app.open_payment(&buyer, id).await;
    let transaction = app.pay_with_test_card(&buyer, id).await;

    let restarted = app.restart_with(|_| {}).await;
    assert_eq!(restarted.open_payment(&buyer, id).await, intent);
    let response = restarted
        .pay_order(Some(&buyer.token), id, &transaction)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        restarted.order_of(&buyer, id).await["transactionId"],
        transaction
    );
    assert_eq!(restarted.payments_of(id).await, 1);
}

#[tokio::test]
async fn the_payment_routes_are_in_the_openapi_document() {
    let app = spawn_app().await;
    let doc = app.openapi().await;
    let routes = [
        (
            "/api/create-payment-intent",
            &["200", "400", "401", "404", "409"][..],
        ),
        (
            "/api/test-payments/confirm",
            &["200", "400", "401", "402", "404"][..],
        ),
        ("/api/webhooks/stripe", &["200", "400"][..]),
    ];
    for (path, statuses) in routes {
        let responses = &doc["paths"][path]["post"]["responses"];
        for status in statuses {
            assert!(
                responses.get(*status).is_some(),
                "{path} {status}: {responses}"
            );
        }
    }
    assert!(doc["paths"]["/api/booking/{id}"]["patch"]["responses"]
        .get("402")
        .is_some());
}
