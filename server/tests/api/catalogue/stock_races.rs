//! Many buyers at once: no unit is ever sold twice (docs/decisions.md, D10),
//! on either database.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

/// Every order of `buyers` placed at once, each for `quantity` units.
async fn order_all_at_once(
    app: &TestApp,
    buyers: &[User],
    part_id: &str,
    quantity: i64,
) -> Vec<(StatusCode, Value)> {
    let orders = buyers.iter().map(|buyer| async move {
        let response = app.order(buyer, part_id, quantity).await;
        (response.status(), response.json::<Value>().await.unwrap())
    });
    join_all(orders).await
}

async fn buyers(app: &TestApp, count: usize) -> Vec<User> {
    join_all((0..count).map(|_| app.new_user())).await
}

/// Units held by live (not cancelled) orders of a part, from the buyers' own lists.
async fn units_ordered(app: &TestApp, buyers: &[User], part_id: &str) -> i64 {
    let mut units = 0;
    for buyer in buyers {
        let orders: Vec<Value> = app
            .get("/api/booking", Some(&buyer.token))
            .await
            .json()
            .await
            .unwrap();
        units += orders
            .iter()
            .filter(|o| o["partId"] == part_id && o["status"] != "cancelled")
            .map(|o| o["quantity"].as_i64().unwrap())
            .sum::<i64>();
    }
    units
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_buyers_racing_for_ten_units_get_exactly_ten() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "19.99").await;
    let buyers = buyers(&app, 40).await;

    let results = order_all_at_once(&app, &buyers, &part_id, 1).await;

    let won = results
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .count();
    assert_eq!(won, 10, "exactly the stock is sold: {results:?}");
    for (status, body) in results.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
        assert_eq!(*status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["error"], "Not enough stock");
    }
    assert_eq!(app.part(&part_id).await["availableQuantity"], 0);
    assert_eq!(units_ordered(&app, &buyers, &part_id).await, 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_orders_of_several_units_never_oversell() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "5.00").await;
    let buyers = buyers(&app, 12).await;

    let results = order_all_at_once(&app, &buyers, &part_id, 3).await;

    let won = results
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .count() as i64;
    assert_eq!(won, 3, "three orders of 3 fit in 10 units: {results:?}");
    for (status, _) in results.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
        // A loser either lost the race (409) or saw the 1 unit left (400).
        assert!(
            *status == StatusCode::CONFLICT || *status == StatusCode::BAD_REQUEST,
            "{status}"
        );
    }
    let stock = app.part(&part_id).await["availableQuantity"]
        .as_i64()
        .unwrap();
    assert_eq!(stock, 1);
    assert_eq!(stock + units_ordered(&app, &buyers, &part_id).await, 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn cancelling_while_others_order_keeps_the_stock_balanced() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 20, 2, "7.25").await;
    let buyers = buyers(&app, 10).await;
    // Half the buyers hold an order of 2 each.
    let mut held = Vec::new();
    for buyer in &buyers[..5] {
        let body: Value = app.order(buyer, &part_id, 2).await.json().await.unwrap();
        held.push((
            buyer.clone(),
            body["insertedId"].as_str().unwrap().to_owned(),
        ));
    }
    // They cancel while the other half order 4 each.
    let app = &app;
    let cancels = held.iter().map(|(buyer, id)| async move {
        app.delete(&format!("/api/booking/{id}"), Some(&buyer.token))
            .await
    });
    let orders = buyers[5..]
        .iter()
        .map(|buyer| app.order(buyer, &part_id, 4));
    let (cancelled, placed) = tokio::join!(join_all(cancels), join_all(orders));

    assert!(cancelled.iter().all(|r| r.status() == StatusCode::OK));
    let placed = placed
        .iter()
        .filter(|r| r.status() == StatusCode::CREATED)
        .count() as i64;
    let stock = app.part(&part_id).await["availableQuantity"]
        .as_i64()
        .unwrap();
    assert_eq!(stock, 20 - placed * 4);
    assert_eq!(stock + units_ordered(app, &buyers, &part_id).await, 20);
}
