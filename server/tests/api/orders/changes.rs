//! Changing an order: its buyer cancels it while unpaid (stock comes back,
//! the order stays as `cancelled`), or pays it only through a succeeded
//! payment of its own amount (docs/decisions.md, D4). Nobody else may do either.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::{id_of, shop_with_a_part};

#[tokio::test]
async fn cancelling_keeps_the_order_as_cancelled_and_gives_the_stock_back() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 4).await;
    assert_eq!(app.part(&part_id).await["availableQuantity"], 6);

    let response = app.cancel_order(Some(&buyer.token), id_of(&order)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );

    assert_eq!(app.part(&part_id).await["availableQuantity"], 10);
    let orders = app.orders_of(&buyer).await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["_id"], order["_id"]);
    assert_eq!(orders[0]["status"], "cancelled");
    assert_eq!(orders[0]["paid"], false);
    assert_eq!(orders[0]["price"], 50.0);
}

#[tokio::test]
async fn a_cancelled_order_cannot_be_cancelled_again() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 4).await;
    app.cancel_order(Some(&buyer.token), id_of(&order)).await;
    let again = app.cancel_order(Some(&buyer.token), id_of(&order)).await;
    expect_error(again, StatusCode::CONFLICT, "This order was cancelled").await;
    assert_eq!(
        app.part(&part_id).await["availableQuantity"],
        10,
        "stock given back once"
    );
}

#[tokio::test]
async fn nobody_but_the_buyer_cancels_an_order() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let admin = app.admin().await;
    let other = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 4).await;
    let id = id_of(&order);

    let response = app.cancel_order(Some(&other.token), id).await;
    expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    let response = app.cancel_order(Some(&admin.token), id).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    error_of(response).await;
    let response = app.cancel_order(None, id).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    assert_eq!(app.order_of(&buyer, id).await["status"], "unpaid");
    assert_eq!(app.part(&part_id).await["availableQuantity"], 6);
}

#[tokio::test]
async fn cancelling_or_paying_an_unknown_order_answers_404() {
    let (app, buyer, _) = shop_with_a_part().await;
    for id in ["424242", "abc", "0"] {
        let response = app.cancel_order(Some(&buyer.token), id).await;
        expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
        let response = app.pay_order(Some(&buyer.token), id, "pi_x").await;
        expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    }
}

#[tokio::test]
async fn a_made_up_transaction_id_pays_nothing() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    app.expect_payments_refused(&buyer, id, &["pi_made_up", "txn_123", "' OR 1=1 --"])
        .await;
}

#[tokio::test]
async fn paying_without_a_transaction_id_answers_400() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let path = format!("/api/booking/{}", id_of(&order));
    for body in [
        json!({}),
        json!({"transactionId": ""}),
        json!({"transactionId": 42}),
    ] {
        let response = app
            .send_json(reqwest::Method::PATCH, &path, Some(&buyer.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let error = error_of(response).await;
        assert!(error["fields"].get("transactionId").is_some(), "{error}");
    }
    assert_eq!(
        app.order_of(&buyer, id_of(&order)).await["status"],
        "unpaid"
    );
}

#[tokio::test]
async fn nobody_but_the_buyer_pays_for_an_order() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let admin = app.admin().await;
    let other = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let response = app.pay_order(Some(&other.token), id, "pi_x").await;
    expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    let response = app.pay_order(Some(&admin.token), id, "pi_x").await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let response = app.pay_order(None, id, "pi_x").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.order_of(&buyer, id).await["status"], "unpaid");
}

/// Records a payment as the provider would confirm it (no route in this
/// suite's scope creates one).
async fn record_payment(app: &TestApp, id: &str, order_id: &str, cents: i64, status: &str) {
    app.execute_sql(&format!(
        "INSERT INTO payments (id, booking_id, client_secret, amount_cents, currency, status, created_at, updated_at) \
         VALUES ('{id}', {order_id}, '{id}_secret', {cents}, 'usd', '{status}', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')"
    ))
    .await;
}

#[tokio::test]
async fn only_a_succeeded_payment_of_the_orders_own_amount_pays_it() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let other_order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    record_payment(&app, "pi_short", id, 2499, "succeeded").await;
    record_payment(&app, "pi_pending", id, 2500, "requires_payment_method").await;
    record_payment(&app, "pi_other", id_of(&other_order), 2500, "succeeded").await;
    record_payment(&app, "pi_good", id, 2500, "succeeded").await;

    for refused in ["pi_short", "pi_pending", "pi_other"] {
        let response = app.pay_order(Some(&buyer.token), id, refused).await;
        assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED, "{refused}");
    }
    let response = app.pay_order(Some(&buyer.token), id, "pi_good").await;
    assert_eq!(response.status(), StatusCode::OK);
    let paid: Value = response.json().await.unwrap();
    assert_eq!(
        (&paid["status"], &paid["paid"], &paid["transactionId"]),
        (&json!("paid"), &json!(true), &json!("pi_good"))
    );
    assert_eq!(app.order_of(&buyer, id).await, paid);
    assert_eq!(
        app.order_of(&buyer, id_of(&other_order)).await["paid"],
        false
    );
}

#[tokio::test]
async fn a_paid_order_cannot_be_cancelled_nor_paid_twice() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    record_payment(&app, "pi_good", id, 2500, "succeeded").await;
    let response = app.pay_order(Some(&buyer.token), id, "pi_good").await;
    assert_eq!(response.status(), StatusCode::OK);

    let response = app.cancel_order(Some(&buyer.token), id).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A paid order cannot be cancelled; refund it instead",
    )
    .await;
    assert_eq!(app.part(&part_id).await["availableQuantity"], 8);
    // Saying it again is harmless; another payment id is not.
    let again = app.pay_order(Some(&buyer.token), id, "pi_good").await;
    assert_eq!(again.status(), StatusCode::OK);
    let other = app.pay_order(Some(&buyer.token), id, "pi_else").await;
    expect_error(other, StatusCode::CONFLICT, "This order is already paid").await;
}

#[tokio::test]
async fn a_cancelled_order_cannot_be_paid() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    app.cancel_order(Some(&buyer.token), id).await;
    // The card goes through after the order was cancelled: the money goes back.
    record_payment(&app, "pi_good", id, 2500, "succeeded").await;
    let response = app.pay_order(Some(&buyer.token), id, "pi_good").await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "This order was cancelled before the payment arrived; the payment has been refunded",
    )
    .await;
    assert_eq!(app.order_of(&buyer, id).await["status"], "cancelled");
    let refunds = app
        .count_sql(&format!(
            "SELECT COUNT(*) FROM refunds WHERE booking_id = {id} AND payment_id = 'pi_good'"
        ))
        .await;
    assert_eq!(refunds, 1);
    // Cancelling an order whose payment has gone through pays it instead.
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    record_payment(&app, "pi_second", id, 2500, "succeeded").await;
    let response = app.cancel_order(Some(&buyer.token), id).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(app.order_of(&buyer, id).await["status"], "paid");
}
