//! Unpaid orders hold their stock for a while, not forever; one buyer holds
//! only so many of them; and money and goods stay together: a charged order
//! is never cancelled as unpaid, and a payment that lands on an order
//! cancelled meanwhile is refunded.

use std::time::Duration;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::id_of;

/// Polls the order until `done` holds (at most 20 s); answers it.
async fn wait_for_order(
    app: &TestApp,
    buyer: &User,
    id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..200 {
        let order = app.order_of(buyer, id).await;
        if done(&order) {
            return order;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "order {id} never got there: {}",
        app.order_of(buyer, id).await
    );
}

fn cancelled(order: &Value) -> bool {
    order["status"] == "cancelled"
}

/// A shop whose unpaid orders hold for `hold`, with a part of 10 in stock
/// at $9.99, and a buyer's order for `quantity` of it: answers the shop, the
/// buyer, the part's id and the order.
async fn one_order(hold: Duration, quantity: i64) -> (TestApp, User, String, Value) {
    let app = spawn_app_with(|c| c.order_hold = hold).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, quantity).await;
    (app, buyer, part_id, order)
}

#[tokio::test]
async fn an_unpaid_order_is_released_once_its_hold_runs_out() {
    let (app, buyer, part_id, order) = one_order(Duration::from_secs(1), 4).await;
    let id = id_of(&order);
    assert!(order["holdExpiresAt"].is_string(), "{order}");
    assert_eq!(order["cancelReason"], Value::Null);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 6);

    let order = wait_for_order(&app, &buyer, id, cancelled).await;
    assert_eq!(
        (
            &order["cancelReason"],
            &order["holdExpiresAt"],
            &order["paid"]
        ),
        (&json!("expired"), &Value::Null, &json!(false))
    );
    assert_eq!(app.part(&part_id).await["availableQuantity"], 10);
    // The admin's list says why too.
    let admin = app.admin().await;
    let listed: Vec<Value> = app
        .get("/api/admin/orders?status=cancelled", Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["cancelReason"], "expired");
}

#[tokio::test]
async fn starting_the_payment_holds_the_order_for_another_while() {
    let (app, buyer, _, order) = one_order(Duration::from_secs(3600), 1).await;
    let id = id_of(&order);
    let placed_hold = order["holdExpiresAt"].as_str().unwrap().to_owned();

    // Holds are written to the microsecond: a request later is later.
    app.open_payment(&buyer, id).await;

    let renewed = app.order_of(&buyer, id).await["holdExpiresAt"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(renewed > placed_hold, "{renewed} after {placed_hold}");
}

#[tokio::test]
async fn cancelled_orders_say_who_cancelled_them() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let buyer = app.new_user().await;
    let by_buyer = app.place_order(&buyer, &part_id, 1).await;
    let by_staff = app.place_order(&buyer, &part_id, 1).await;

    let response = app.cancel_order(Some(&buyer.token), id_of(&by_buyer)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let path = format!("/api/admin/orders/{}/cancel", id_of(&by_staff));
    let response = app.post_json(&path, Some(&admin.token), &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);

    assert_eq!(
        app.order_of(&buyer, id_of(&by_buyer)).await["cancelReason"],
        "buyer"
    );
    assert_eq!(
        app.order_of(&buyer, id_of(&by_staff)).await["cancelReason"],
        "admin"
    );
    // A refund by the staff cancels the order too, and says so.
    let refunded = app.place_order(&buyer, &part_id, 1).await;
    let transaction = app.pay_with_test_card(&buyer, id_of(&refunded)).await;
    let response = app
        .pay_order(Some(&buyer.token), id_of(&refunded), &transaction)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let path = format!("/api/admin/orders/{}/refund", id_of(&refunded));
    let response = app.post_json(&path, Some(&admin.token), &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let order = app.order_of(&buyer, id_of(&refunded)).await;
    assert_eq!(
        (&order["status"], &order["cancelReason"]),
        (&json!("cancelled"), &json!("admin"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_shops_on_one_database_release_each_order_once() {
    let app = spawn_app_with(|c| c.order_hold = Duration::from_secs(1)).await;
    let other = app.restart_with(|_| {}).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 100, 1, "9.99").await;
    let buyers = join_all((0..10).map(|_| app.new_user())).await;
    let mut orders = Vec::new();
    for buyer in &buyers {
        for quantity in [1, 2] {
            orders.push((buyer, app.place_order(buyer, &part_id, quantity).await));
        }
    }
    assert_eq!(app.part(&part_id).await["availableQuantity"], 70);

    for (buyer, order) in &orders {
        wait_for_order(&app, buyer, id_of(order), cancelled).await;
    }
    // The shops sweep again: later orders expire, and nothing more may
    // come back. The stock is read from the database:
    // on SQLite a shop's kept catalogue answers do not learn of another
    // process's release, and either shop may have released every order.
    for shop in [&app, &other] {
        let later = shop.place_order(&buyers[0], &part_id, 1).await;
        wait_for_order(shop, &buyers[0], id_of(&later), cancelled).await;
    }
    let stock = format!("SELECT available_quantity FROM parts WHERE id = {part_id}");
    assert_eq!(app.count_sql(&stock).await, 100);
    assert_eq!(other.count_sql(&stock).await, 100);
}

#[tokio::test]
async fn a_buyer_holds_at_most_the_allowed_number_of_unpaid_orders() {
    let app = spawn_app_with(|c| c.max_unpaid_orders = 3).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 100, 1, "9.99").await;
    let buyer = app.new_user().await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(id_of(&app.place_order(&buyer, &part_id, 1).await).to_owned());
    }

    let response = app.order(&buyer, &part_id, 1).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "You have 3 unpaid orders; pay for or cancel one before ordering more",
    )
    .await;
    assert_eq!(app.part(&part_id).await["availableQuantity"], 97);
    // Another buyer is not held back.
    let other = app.new_user().await;
    assert_eq!(
        app.order(&other, &part_id, 1).await.status(),
        StatusCode::CREATED
    );

    // Paying for one, or cancelling one, makes room.
    let transaction = app.pay_with_test_card(&buyer, &ids[0]).await;
    let response = app
        .pay_order(Some(&buyer.token), &ids[0], &transaction)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        app.order(&buyer, &part_id, 1).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        app.order(&buyer, &part_id, 1).await.status(),
        StatusCode::CONFLICT
    );
    app.cancel_order(Some(&buyer.token), &ids[1]).await;
    assert_eq!(
        app.order(&buyer, &part_id, 1).await.status(),
        StatusCode::CREATED
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn orders_placed_at_once_cannot_pass_the_unpaid_limit_together() {
    let app = spawn_app_with(|c| c.max_unpaid_orders = 3).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 100, 1, "9.99").await;
    let buyer = app.new_user().await;

    let responses = join_all((0..12).map(|_| app.order(&buyer, &part_id, 1))).await;

    let placed = responses
        .iter()
        .filter(|r| r.status() == StatusCode::CREATED)
        .count();
    assert_eq!(placed, 3);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 97);
}

#[tokio::test]
async fn an_order_whose_payment_went_through_cannot_be_cancelled_as_unpaid() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    // The card is charged, but the buyer's page never reports it.
    let transaction = app.pay_with_test_card(&buyer, id).await;

    let response = app.cancel_order(Some(&buyer.token), id).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "This order has been paid: its payment went through, so it can no longer be cancelled",
    )
    .await;
    let order = app.order_of(&buyer, id).await;
    assert_eq!(
        (&order["status"], &order["transactionId"]),
        (&json!("paid"), &json!(transaction))
    );
    assert_eq!(app.part(&part_id).await["availableQuantity"], 8);
    let path = format!("/api/admin/orders/{id}/cancel");
    let response = app.post_json(&path, Some(&admin.token), &json!({})).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 8);
}

#[tokio::test]
async fn an_order_whose_payment_went_through_is_paid_not_expired() {
    let (app, buyer, part_id, order) = one_order(Duration::from_secs(1), 2).await;
    let id = id_of(&order);
    let transaction = app.pay_with_test_card(&buyer, id).await;

    let order = wait_for_order(&app, &buyer, id, |o| o["status"] != "unpaid").await;
    assert_eq!(
        (&order["status"], &order["transactionId"]),
        (&json!("paid"), &json!(transaction))
    );
    assert_eq!(app.part(&part_id).await["availableQuantity"], 8);
}

#[tokio::test]
async fn a_card_cannot_be_charged_for_an_order_released_meanwhile() {
    let (app, buyer, _, order) = one_order(Duration::from_secs(1), 2).await;
    let id = id_of(&order);
    let intent = app.open_payment(&buyer, id).await;
    wait_for_order(&app, &buyer, id, cancelled).await;

    let secret = intent["clientSecret"].as_str().unwrap();
    let response = app
        .confirm_card(&buyer, secret, "4242 4242 4242 4242")
        .await;
    expect_error(response, StatusCode::CONFLICT, "This order was cancelled").await;
    let charged = app
        .count_sql(&format!(
            "SELECT COUNT(*) FROM payments WHERE booking_id = {id} AND status = 'succeeded'"
        ))
        .await;
    assert_eq!(charged, 0);
}

/// A Stripe shop whose orders hold for a second, and a buyer's order for two
/// $12.50 units whose payment was started and which has since expired.
struct ExpiredOrder {
    app: TestApp,
    stand_in: StripeStandIn,
    buyer: User,
    part_id: String,
    id: String,
    intent: String,
}

async fn expired_stripe_order() -> ExpiredOrder {
    let (app, stand_in) = spawn_stripe_app_with(|c| c.order_hold = Duration::from_secs(1)).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "12.50").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order).to_owned();
    let intent = intent_id(&app.open_payment(&buyer, &id).await);
    wait_for_order(&app, &buyer, &id, cancelled).await;
    ExpiredOrder {
        app,
        stand_in,
        buyer,
        part_id,
        id,
        intent,
    }
}

#[tokio::test]
async fn a_stripe_payment_that_lands_after_the_order_expired_is_refunded() {
    let ExpiredOrder {
        app,
        stand_in,
        buyer,
        part_id,
        id,
        intent,
    } = expired_stripe_order().await;
    let id = id.as_str();
    assert!(stand_in.refunds().is_empty());

    // The buyer's card goes through at the provider after all.
    stand_in.set(&intent, "status", json!("succeeded"));
    let event = succeeded_event("evt_late", &intent, id, 2500, "usd");
    let response = app.post_signed_webhook(&event).await;
    assert_eq!(response.status(), StatusCode::OK);

    let refunds = stand_in.refunds();
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(
        (&refunds[0]["payment_intent"], &refunds[0]["amount"]),
        (&json!(intent), &json!(2500))
    );
    let recorded = app
        .count_sql(&format!(
            "SELECT COUNT(*) FROM refunds WHERE booking_id = {id}"
        ))
        .await;
    assert_eq!(recorded, 1);
    let order = app.order_of(&buyer, id).await;
    assert_eq!(
        (&order["status"], &order["paid"]),
        (&json!("cancelled"), &json!(false))
    );
    assert_eq!(app.part(&part_id).await["availableQuantity"], 10);

    // The buyer's page reporting the same payment later changes nothing more.
    let response = app.pay_order(Some(&buyer.token), id, &intent).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(stand_in.refunds().len(), 1);
}

#[tokio::test]
async fn a_stripe_payment_reported_by_the_buyer_after_expiry_is_refunded() {
    let ExpiredOrder {
        app,
        stand_in,
        buyer,
        id,
        intent,
        ..
    } = expired_stripe_order().await;
    let id = id.as_str();
    stand_in.set(&intent, "status", json!("succeeded"));
    let response = app.pay_order(Some(&buyer.token), id, &intent).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "This order was cancelled before the payment arrived; the payment has been refunded",
    )
    .await;
    assert_eq!(stand_in.refunds().len(), 1);
}

#[tokio::test]
async fn cancelling_a_stripe_order_whose_payment_went_through_pays_it_instead() {
    let (app, stand_in) = spawn_stripe_app_with(|_| {}).await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "12.50").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);
    let intent = intent_id(&app.open_payment(&buyer, id).await);
    // Charged at the provider; neither the page nor the webhook has told the shop.
    stand_in.set(&intent, "status", json!("succeeded"));

    let response = app.cancel_order(Some(&buyer.token), id).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let order = app.order_of(&buyer, id).await;
    assert_eq!(
        (&order["status"], &order["transactionId"]),
        (&json!("paid"), &json!(intent))
    );
    assert_eq!(app.part(&part_id).await["availableQuantity"], 8);
    assert!(stand_in.refunds().is_empty());
}

#[tokio::test]
async fn a_late_payment_the_provider_will_not_refund_is_not_said_to_be_refunded() {
    let ExpiredOrder {
        app,
        stand_in,
        buyer,
        id,
        intent,
        ..
    } = expired_stripe_order().await;
    stand_in.set(&intent, "status", json!("succeeded"));
    stand_in.refuse_refunds("processing_error");

    let response = app.pay_order(Some(&buyer.token), &id, &intent).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "This order was cancelled before the payment arrived; the shop will refund the payment",
    )
    .await;
    assert!(stand_in.refunds().is_empty());
    let recorded = app
        .count_sql(&format!(
            "SELECT COUNT(*) FROM refunds WHERE booking_id = {id}"
        ))
        .await;
    assert_eq!(recorded, 0);
}
