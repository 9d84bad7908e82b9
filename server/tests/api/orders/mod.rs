//! Orders: placing one at the shop's price within the part's limits
//! (docs/decisions.md, D3 and D10), and reading them. Cancelling and paying
//! are in `order_changes`.

mod changes;
mod checkout;
mod checkout_pricing;
mod dashboard;
mod group_commit;
mod holds;
mod states;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// A shop with one part (stock 10, minimum 2, $12.50) and a buyer.
pub async fn shop_with_a_part() -> (TestApp, User, String) {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 2, "12.50").await;
    let buyer = app.new_user().await;
    (app, buyer, part_id)
}

pub fn id_of(order: &Value) -> &str {
    order["_id"].as_str().unwrap()
}

#[tokio::test]
async fn placing_an_order_answers_the_order_priced_by_the_shop() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let response = app.order(&buyer, &part_id, 3).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], true);
    let order = &body["booking"];
    assert_eq!(body["insertedId"], order["_id"]);
    assert!(order["_id"].is_string());
    assert_eq!(order["partId"], part_id);
    assert_eq!(order["partName"], "Front brake pads");
    assert_eq!(order["unitPrice"], 12.5);
    assert_eq!(order["price"], 37.5);
    assert_eq!(order["quantity"], 3);
    assert_eq!(order["partOrder"], 3);
    assert_eq!(order["buyer"], buyer.email);
    assert_eq!(order["buyerName"], buyer.name);
    assert_eq!(order["paid"], false);
    assert_eq!(order["transactionId"], Value::Null);
    assert_eq!(order["status"], "unpaid");
    let created = order["createdAt"].as_str().unwrap();
    time::OffsetDateTime::parse(created, &time::format_description::well_known::Rfc3339)
        .expect("createdAt is RFC 3339");

    assert_eq!(app.part(&part_id).await["availableQuantity"], 7);
    assert_eq!(app.order_of(&buyer, id_of(order)).await, *order);
}

#[tokio::test]
async fn the_spec_clients_extra_fields_are_accepted_and_ignored() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let body = json!({
        "partId": part_id, "partOrder": "2", "partName": "Free stuff", "price": 0.01,
        "buyer": "someone@else.com", "buyerName": "Someone Else", "phone": "+1 555 0100"
    });
    let response = app
        .post_json("/api/booking", Some(&buyer.token), &body)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order: Value = response.json().await.unwrap();
    let order = &order["booking"];
    assert_eq!(order["price"], 25.0);
    assert_eq!(order["partName"], "Front brake pads");
    assert_eq!(order["buyer"], buyer.email);
    assert_eq!(order["buyerName"], buyer.name);
    assert_eq!(order["phone"], "+1 555 0100");
}

#[tokio::test]
async fn an_order_below_the_minimum_or_above_the_stock_answers_400() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let response = app.order(&buyer, &part_id, 1).await;
    expect_field_error(
        response,
        "partOrder",
        "The minimum order for this part is 2",
    )
    .await;
    let response = app.order(&buyer, &part_id, 11).await;
    expect_field_error(response, "partOrder", "Only 10 in stock").await;
    assert_eq!(app.part(&part_id).await["availableQuantity"], 10);
    assert!(app.orders_of(&buyer).await.is_empty());
}

#[tokio::test]
async fn an_order_when_the_stock_is_gone_answers_409() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    app.place_order(&buyer, &part_id, 9).await;
    let response = app.order(&buyer, &part_id, 2).await;
    expect_error(response, StatusCode::CONFLICT, "Not enough stock").await;
    assert_eq!(app.part(&part_id).await["availableQuantity"], 1);
    assert_eq!(app.orders_of(&buyer).await.len(), 1);
}

#[tokio::test]
async fn the_whole_stock_can_be_ordered() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    app.place_order(&buyer, &part_id, 10).await;
    assert_eq!(app.part(&part_id).await["availableQuantity"], 0);
}

#[tokio::test]
async fn ordering_an_unknown_part_answers_404() {
    let (app, buyer, _) = shop_with_a_part().await;
    for part_id in [json!("424242"), json!(424242), json!("abc")] {
        let body = json!({"partId": part_id, "partOrder": 2});
        let response = app
            .post_json("/api/booking", Some(&buyer.token), &body)
            .await;
        expect_error(response, StatusCode::NOT_FOUND, "Part not found").await;
    }
}

#[tokio::test]
async fn ordering_needs_a_token() {
    let (app, _, part_id) = shop_with_a_part().await;
    let body = json!({"partId": part_id, "partOrder": 2});
    let response = app.post_json("/api/booking", None, &body).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 10);
}

#[tokio::test]
async fn a_buyer_lists_their_own_orders_newest_first() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let other = app.new_user().await;
    let first = app.place_order(&buyer, &part_id, 2).await;
    app.place_order(&other, &part_id, 2).await;
    let second = app.place_order(&buyer, &part_id, 3).await;

    let expected = vec![second, first];
    assert_eq!(app.orders_of(&buyer).await, expected);
    let without_buyer: Vec<Value> = app
        .list_orders(Some(&buyer.token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(without_buyer, expected);
}

#[tokio::test]
async fn a_buyer_with_no_orders_gets_an_empty_list() {
    let (app, buyer, _) = shop_with_a_part().await;
    assert!(app.orders_of(&buyer).await.is_empty());
}

#[tokio::test]
async fn another_buyers_order_list_is_refused() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let other = app.new_user().await;
    app.place_order(&other, &part_id, 2).await;
    let response = app
        .list_orders(Some(&buyer.token), Some(&other.email))
        .await;
    expect_error(
        response,
        StatusCode::FORBIDDEN,
        "You can only see your own orders",
    )
    .await;
    let response = app.list_orders(None, Some(&buyer.email)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_admin_lists_any_buyers_orders() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let admin = app.admin().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let response = app
        .list_orders(Some(&admin.token), Some(&buyer.email))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Vec<Value>>().await.unwrap(), vec![order]);
    let response = app
        .list_orders(Some(&admin.token), Some("nobody@example.com"))
        .await;
    assert_eq!(
        response.json::<Vec<Value>>().await.unwrap(),
        Vec::<Value>::new()
    );
}

#[tokio::test]
async fn one_order_is_shown_to_its_buyer_and_an_admin_only() {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let admin = app.admin().await;
    let other = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let id = id_of(&order);

    let response = app.get_order(Some(&admin.token), id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap(), order);
    // Someone else's order is "not found", exactly like one that does not exist.
    let foreign = app.get_order(Some(&other.token), id).await;
    expect_error(foreign, StatusCode::NOT_FOUND, "Order not found").await;
    let missing = app.get_order(Some(&other.token), "424242").await;
    expect_error(missing, StatusCode::NOT_FOUND, "Order not found").await;
    let response = app.get_order(None, id).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
