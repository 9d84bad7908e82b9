//! The checkout (docs/decisions.md, D19): an order of several lines, from the
//! cart or from the lines sent, priced by the shop to the cent, its stock
//! taken all or nothing (also when buyers race), given back once, and paid
//! for at its total. These run with counter pickup, untaxed; delivery
//! prices and tax rates are in `checkout_pricing`.

use std::time::{Duration, Instant};

use futures::future::join_all;
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::cart::{shop, shop_with, Shop};
use crate::helpers::*;
use crate::orders::id_of;

impl TestApp {
    /// `POST /api/checkout` with `body` as `user`.
    pub async fn checkout(&self, user: &User, body: &Value) -> Response {
        self.post_json("/api/checkout", Some(&user.token), body)
            .await
    }

    /// A checkout that must succeed; answers the order.
    pub async fn checked_out(&self, user: &User, body: &Value) -> Value {
        let response = self.checkout(user, body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["success"], true);
        assert_eq!(body["insertedId"], body["booking"]["_id"]);
        body["booking"].clone()
    }

    /// `POST /api/checkout/quote` with `body` as `user` (panics on any error).
    pub async fn checkout_quote(&self, user: &User, body: &Value) -> Value {
        let response = self
            .post_json("/api/checkout/quote", Some(&user.token), body)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// How many orders the shop holds.
    pub async fn order_count(&self) -> i64 {
        self.count_sql("SELECT COUNT(*) FROM bookings").await
    }
}

fn lines(parts: &[(&str, i64)]) -> Value {
    json!({"lines": parts.iter().map(|(p, q)| json!({"partId": p, "quantity": q})).collect::<Vec<_>>()})
}

/// The stock of every part of the shop.
async fn stocks(s: &Shop) -> [i64; 3] {
    [
        s.app.stock_of(&s.pads).await,
        s.app.stock_of(&s.disc).await,
        s.app.stock_of(&s.clip).await,
    ]
}

#[tokio::test]
async fn the_cart_is_ordered_priced_to_the_cent_and_leaves_the_cart() {
    let s = shop().await;
    let app = &s.app;
    app.put_in_cart(&s.buyer, &s.pads, 3).await;
    app.put_in_cart(&s.buyer, &s.clip, 7).await;
    app.put_in_cart(&s.buyer, &s.disc, 1).await;

    let order = app.checked_out(&s.buyer, &json!({})).await;

    // 3 × 12.50 + 7 × 0.35 + 49.99 = 89.94
    assert_eq!(order["price"], json!(89.94));
    assert_eq!(
        (&order["shipping"], &order["tax"], &order["total"]),
        (&json!(0.0), &json!(0.0), &json!(89.94))
    );
    assert_eq!(
        order["deliveryMethod"],
        json!({"id": "pickup", "name": "Counter pickup"})
    );
    assert_eq!(order["deliveryAddress"], Value::Null);
    assert_eq!(
        order["lines"],
        json!([
            {"partId": s.pads, "partName": "Front brake pads", "sku": format!("PG-{:0>6}", s.pads),
             "unitPrice": 12.5, "quantity": 3, "price": 37.5, "weightKg": 0.0, "vehicle": null, "coreCharge": 0.0},
            {"partId": s.clip, "partName": "Pad clip", "sku": format!("PG-{:0>6}", s.clip),
             "unitPrice": 0.35, "quantity": 7, "price": 2.45, "weightKg": 0.0, "vehicle": null, "coreCharge": 0.0},
            {"partId": s.disc, "partName": "Front brake disc", "sku": "BD-280",
             "unitPrice": 49.99, "quantity": 1, "price": 49.99, "weightKg": 0.0, "vehicle": null, "coreCharge": 0.0},
        ])
    );
    // The first line, for the clients that read one part per order.
    assert_eq!(
        (
            &order["partId"],
            &order["partName"],
            &order["unitPrice"],
            &order["quantity"]
        ),
        (
            &json!(s.pads),
            &json!("Front brake pads"),
            &json!(12.5),
            &json!(3)
        )
    );
    assert_eq!(order["partOrder"], 3);
    assert_eq!(
        (&order["status"], &order["paid"]),
        (&json!("unpaid"), &json!(false))
    );
    assert!(order["holdExpiresAt"].is_string(), "{order}");
    assert_eq!(order["buyer"], s.buyer.email);

    assert_eq!(stocks(&s).await, [7, 3, 93]);
    assert_eq!(app.cart_of(&s.buyer).await["lines"], json!([]));
    assert_eq!(app.order_of(&s.buyer, id_of(&order)).await, order);
    assert_eq!(app.orders_of(&s.buyer).await, vec![order.clone()]);
    let response = app
        .admin_orders(Some(&s.admin.token), "?status=unpaid")
        .await;
    let listed: Vec<Value> = response.json().await.unwrap();
    assert_eq!(listed, vec![order]);
}

#[tokio::test]
async fn lines_sent_are_ordered_and_the_cart_is_left_alone() {
    let s = shop().await;
    let app = &s.app;
    let cart = app.put_in_cart(&s.buyer, &s.pads, 2).await;
    let order = app
        .checked_out(&s.buyer, &lines(&[(&s.disc, 2), (&s.clip, 5)]))
        .await;
    // 2 × 49.99 + 5 × 0.35
    assert_eq!(
        (&order["price"], &order["total"]),
        (&json!(101.73), &json!(101.73))
    );
    assert_eq!(order["lines"].as_array().unwrap().len(), 2);
    assert_eq!(stocks(&s).await, [10, 2, 95]);
    assert_eq!(app.cart_of(&s.buyer).await, cart);
}

#[tokio::test]
async fn the_vehicle_the_buyer_had_chosen_is_kept_on_every_line() {
    let s = shop().await;
    let app = &s.app;
    let mut body = lines(&[(&s.disc, 1), (&s.clip, 5)]);
    body["vehicle"] = json!("2014 Toyota Corolla 1.8L L4");
    let order = app.checked_out(&s.buyer, &body).await;
    for line in order["lines"].as_array().unwrap() {
        assert_eq!(line["vehicle"], "2014 Toyota Corolla 1.8L L4", "{line}");
    }
    // Read back later, as the buyer and the staff see it.
    let id = order["_id"].as_str().unwrap();
    let read: Value = app
        .get(&format!("/api/booking/{id}"), Some(&s.buyer.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(read["lines"][1]["vehicle"], "2014 Toyota Corolla 1.8L L4");
    // Without one (or blank), the lines say none; a cart's checkout too.
    let order = app.checked_out(&s.buyer, &lines(&[(&s.clip, 5)])).await;
    assert_eq!(order["lines"][0]["vehicle"], Value::Null);
    let mut blank = lines(&[(&s.clip, 5)]);
    blank["vehicle"] = json!("  ");
    let order = app.checked_out(&s.buyer, &blank).await;
    assert_eq!(order["lines"][0]["vehicle"], Value::Null);
    // Too long a name is refused with the field named, and nothing is placed.
    let before = app.order_count().await;
    let mut long = lines(&[(&s.clip, 5)]);
    long["vehicle"] = json!("x".repeat(201));
    let response = app.checkout(&s.buyer, &long).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let refused: Value = response.json().await.unwrap();
    assert!(refused["fields"]["vehicle"].is_string(), "{refused}");
    assert_eq!(app.order_count().await, before);
}

#[tokio::test]
async fn prices_and_totals_sent_by_the_client_are_ignored() {
    let s = shop().await;
    let body = json!({
        "price": 0.01, "shipping": 0, "tax": 0, "total": 0.01, "expectedTotal": null,
        "buyer": "someone@else.com", "deliveryMethod": "pickup", "phone": "+1 555 0100",
        "lines": [
            {"partId": s.pads, "quantity": 2, "price": 0.01, "unitPrice": 0.01, "lineTotal": 0.01},
            {"partId": s.disc, "quantity": "1", "unitPrice": 0, "partName": "Free disc"},
        ]
    });
    let order = s.app.checked_out(&s.buyer, &body).await;
    assert_eq!(
        (&order["price"], &order["total"]),
        (&json!(74.99), &json!(74.99))
    );
    assert_eq!(order["lines"][0]["unitPrice"], 12.5);
    assert_eq!(order["lines"][1]["partName"], "Front brake disc");
    assert_eq!(
        (&order["buyer"], &order["phone"]),
        (&json!(s.buyer.email), &json!("+1 555 0100"))
    );
}

#[tokio::test]
async fn a_line_short_of_stock_takes_nothing_and_is_named() {
    let s = shop().await;
    let app = &s.app;
    let response = app
        .checkout(
            &s.buyer,
            &lines(&[(&s.pads, 2), (&s.disc, 5), (&s.clip, 5)]),
        )
        .await;
    let body = expect_error(
        response,
        StatusCode::CONFLICT,
        "Line 2 (Front brake disc): Only 4 in stock",
    )
    .await;
    assert_eq!(
        body["fields"],
        json!({"lines.1.quantity": "Only 4 in stock"})
    );
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    assert_eq!(app.order_count().await, 0);

    // From the cart: the index is the cart's, and the cart stays as it was.
    app.put_in_cart(&s.buyer, &s.clip, 5).await;
    app.put_in_cart(&s.buyer, &s.pads, 2).await;
    let cart = app.put_in_cart(&s.buyer, &s.disc, 4).await;
    let other = app.new_user().await;
    app.checked_out(&other, &lines(&[(&s.disc, 4)])).await;
    let response = app.checkout(&s.buyer, &json!({})).await;
    let body = expect_error(
        response,
        StatusCode::CONFLICT,
        "Line 3 (Front brake disc): Out of stock",
    )
    .await;
    assert_eq!(body["fields"], json!({"lines.2.quantity": "Out of stock"}));
    assert_eq!(stocks(&s).await, [10, 0, 100]);
    assert_eq!(app.order_count().await, 1);
    let cart_now = app.cart_of(&s.buyer).await;
    assert_eq!(cart_now["lines"].as_array().unwrap().len(), 3);
    assert_eq!(cart_now["count"], cart["count"]);
}

#[tokio::test]
async fn a_line_naming_no_part_is_named_and_takes_nothing() {
    let s = shop().await;
    let app = &s.app;
    let gone = app.add_part(&s.admin, 5, 1, "3.00").await;
    app.delete_part(Some(&s.admin.token), &gone).await;
    for missing in [gone.as_str(), "424242", "abc"] {
        let response = app
            .checkout(
                &s.buyer,
                &lines(&[(&s.pads, 2), (missing, 1), (&s.disc, 1)]),
            )
            .await;
        let body = expect_error(response, StatusCode::NOT_FOUND, "Line 2: part not found").await;
        assert_eq!(body["fields"], json!({"lines.1.partId": "Part not found"}));
    }
    // In the cart: the part was deleted after it was put there.
    let doomed = app.add_part(&s.admin, 5, 1, "3.00").await;
    app.put_in_cart(&s.buyer, &s.pads, 2).await;
    app.put_in_cart(&s.buyer, &doomed, 1).await;
    app.delete_part(Some(&s.admin.token), &doomed).await;
    let response = app.checkout(&s.buyer, &json!({})).await;
    expect_error(response, StatusCode::NOT_FOUND, "Line 2: part not found").await;
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    assert_eq!(app.order_count().await, 0);
}

#[tokio::test]
async fn a_line_below_its_minimum_order_is_named_with_400() {
    let s = shop().await;
    let app = &s.app;
    let response = app
        .checkout(&s.buyer, &lines(&[(&s.disc, 1), (&s.clip, 4)]))
        .await;
    let body = expect_error(
        response,
        StatusCode::BAD_REQUEST,
        "Line 2 (Pad clip): The minimum order for this part is 5",
    )
    .await;
    assert_eq!(
        body["fields"],
        json!({"lines.1.quantity": "The minimum order for this part is 5"})
    );
    assert_eq!(stocks(&s).await, [10, 4, 100]);
}

#[tokio::test]
async fn two_lines_of_one_part_take_the_stock_of_both() {
    let s = shop().await;
    let app = &s.app;
    let response = app
        .checkout(
            &s.buyer,
            &lines(&[(&s.disc, 3), (&s.pads, 2), (&s.disc, 2)]),
        )
        .await;
    let body = expect_error(
        response,
        StatusCode::CONFLICT,
        "Line 3 (Front brake disc): Only 1 in stock",
    )
    .await;
    assert_eq!(
        body["fields"],
        json!({"lines.2.quantity": "Only 1 in stock"})
    );
    assert_eq!(stocks(&s).await, [10, 4, 100]);

    let order = app
        .checked_out(
            &s.buyer,
            &lines(&[(&s.disc, 3), (&s.pads, 2), (&s.disc, 1)]),
        )
        .await;
    let quantities: Vec<(Value, Value)> = order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["partId"].clone(), l["quantity"].clone()))
        .collect();
    assert_eq!(
        quantities,
        vec![
            (json!(s.disc), json!(3)),
            (json!(s.pads), json!(2)),
            (json!(s.disc), json!(1))
        ]
    );
    // 4 × 49.99 + 2 × 12.50
    assert_eq!(order["total"], json!(224.96));
    assert_eq!(stocks(&s).await, [8, 0, 100]);

    // Cancelled, both lines of the disc come back, once.
    let id = id_of(&order);
    let response = app.cancel_order(Some(&s.buyer.token), id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    let response = app.cancel_order(Some(&s.buyer.token), id).await;
    expect_error(response, StatusCode::CONFLICT, "This order was cancelled").await;
    assert_eq!(stocks(&s).await, [10, 4, 100]);
}

#[tokio::test]
async fn an_empty_cart_cannot_be_ordered() {
    let s = shop().await;
    let response = s.app.checkout(&s.buyer, &json!({})).await;
    let body = expect_error(response, StatusCode::BAD_REQUEST, "Your cart is empty").await;
    assert_eq!(body["fields"], json!({"lines": "Your cart is empty"}));
    let response = s.app.checkout(&s.buyer, &json!({"lines": []})).await;
    expect_field_error(response, "lines", "An order holds 1 to 100 lines").await;
    let response = s
        .app
        .post_json("/api/checkout", None, &lines(&[(&s.pads, 2)]))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = s
        .app
        .post_json("/api/checkout/quote", None, &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(s.app.order_count().await, 0);
}

#[tokio::test]
async fn a_delivery_method_the_shop_does_not_have_is_refused() {
    let s = shop().await;
    let app = &s.app;
    // (A delivery method's id that names none: see `checkout_pricing`.)
    for method in [json!("by camel"), json!("0"), json!(-3)] {
        let mut body = lines(&[(&s.pads, 2)]);
        body["deliveryMethod"] = method.clone();
        let response = app.checkout(&s.buyer, &body).await;
        expect_field_error(response, "deliveryMethod", "No such delivery method").await;
        let response = app
            .post_json("/api/checkout/quote", Some(&s.buyer.token), &body)
            .await;
        expect_field_error(response, "deliveryMethod", "No such delivery method").await;
    }
    assert_eq!(stocks(&s).await, [10, 4, 100]);
}

#[tokio::test]
async fn a_changed_price_is_pointed_out_and_a_changed_total_is_refused() {
    let s = shop().await;
    let app = &s.app;
    app.put_in_cart(&s.buyer, &s.pads, 2).await;
    app.put_in_cart(&s.buyer, &s.disc, 1).await;
    let quote = app.checkout_quote(&s.buyer, &json!({})).await;
    assert_eq!(
        (&quote["total"], &quote["ready"]),
        (&json!(74.99), &json!(true))
    );

    let response = app
        .put_part(Some(&s.admin.token), &s.disc, &json!({"price": "54.99"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let quote = app.checkout_quote(&s.buyer, &json!({})).await;
    let disc = &quote["lines"][1];
    assert_eq!(
        (&disc["problem"], &disc["message"]),
        (
            &json!("priceChanged"),
            &json!("The price changed from $49.99 to $54.99")
        )
    );
    assert_eq!(
        (&quote["price"], &quote["total"]),
        (&json!(79.99), &json!(79.99))
    );
    assert_eq!(quote["ready"], true);

    // Ordered at the total the buyer saw before: refused, nothing taken.
    let response = app
        .checkout(&s.buyer, &json!({"expectedTotal": 74.99}))
        .await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "The total changed to $79.99; check the order again",
    )
    .await;
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    assert_eq!(app.cart_of(&s.buyer).await["count"], 3);
    assert_eq!(app.order_count().await, 0);

    let order = app
        .checked_out(&s.buyer, &json!({"expectedTotal": "79.99"}))
        .await;
    assert_eq!(order["total"], json!(79.99));
    assert_eq!(stocks(&s).await, [8, 3, 100]);
}

#[tokio::test]
async fn the_quote_prices_lines_and_the_ways_to_travel_and_writes_nothing() {
    let s = shop().await;
    let app = &s.app;
    let body = json!({"deliveryMethod": "pickup", "lines": [
        {"partId": s.clip, "quantity": 9, "unitPrice": 0.01},
        {"partId": s.disc, "quantity": 5},
        {"partId": "424242", "quantity": 1},
    ]});
    let quote = app.checkout_quote(&s.buyer, &body).await;
    let problems: Vec<&Value> = quote["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["problem"])
        .collect();
    assert_eq!(
        problems,
        [&Value::Null, &json!("notEnoughStock"), &json!("deleted")]
    );
    // 9 × 0.35 + 5 × 49.99
    assert_eq!(quote["price"], json!(253.1));
    assert_eq!(
        (&quote["shipping"], &quote["tax"], &quote["total"]),
        (&json!(0.0), &json!(0.0), &json!(253.1))
    );
    assert_eq!(
        (&quote["taxRatePercent"], &quote["taxName"]),
        (&json!(0.0), &json!(""))
    );
    assert_eq!(quote["deliveryMethod"]["id"], "pickup");
    assert_eq!(quote["deliveryMethod"]["price"], json!(0.0));
    assert_eq!(quote["deliveryOptions"][0]["id"], "pickup");
    assert_eq!(quote["ready"], false);
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    assert_eq!(app.order_count().await, 0);

    // Without lines, the cart; an empty cart is not ready.
    let quote = app.checkout_quote(&s.buyer, &json!({})).await;
    assert_eq!(
        (&quote["lines"], &quote["ready"]),
        (&json!([]), &json!(false))
    );
    assert_eq!(quote["total"], json!(0.0));
}

#[tokio::test]
async fn a_buyer_holding_the_most_unpaid_orders_cannot_check_out() {
    let s = shop_with(|c| c.max_unpaid_orders = 1).await;
    let app = &s.app;
    app.checked_out(&s.buyer, &lines(&[(&s.pads, 2)])).await;
    app.put_in_cart(&s.buyer, &s.disc, 1).await;
    let response = app.checkout(&s.buyer, &json!({})).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "You have 1 unpaid orders; pay for or cancel one before ordering more",
    )
    .await;
    assert_eq!(stocks(&s).await, [8, 4, 100]);
    assert_eq!(app.cart_of(&s.buyer).await["count"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_buyers_racing_for_the_last_units_get_exactly_the_stock() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    // Ten discs and fifteen pads left; each buyer wants one disc and one pad.
    let disc = app
        .add_part_with(
            &admin,
            json!({"name": "Front brake disc", "availableQuantity": 10, "minimumOrder": 1, "price": "49.99"}),
        )
        .await;
    let pads = app.add_part(&admin, 15, 1, "12.50").await;
    let buyers = join_all((0..40).map(|_| app.new_user())).await;
    for (i, buyer) in buyers.iter().enumerate() {
        // Half the carts list the parts the other way round.
        let (first, second) = if i % 2 == 0 {
            (&disc, &pads)
        } else {
            (&pads, &disc)
        };
        app.put_in_cart(buyer, first, 1).await;
        app.put_in_cart(buyer, second, 1).await;
    }

    let app = &app;
    let results = join_all(buyers.iter().map(|buyer| async move {
        let response = app.checkout(buyer, &json!({})).await;
        (response.status(), response.json::<Value>().await.unwrap())
    }))
    .await;

    let won: Vec<&Value> = results
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .map(|(_, body)| &body["booking"])
        .collect();
    assert_eq!(won.len(), 10, "exactly the ten discs are sold: {results:?}");
    for (status, body) in results.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
        assert_eq!(*status, StatusCode::CONFLICT, "{body}");
        let message = body["error"].as_str().unwrap();
        assert!(
            message.ends_with("(Front brake disc): Out of stock"),
            "{body}"
        );
    }
    assert_eq!(app.stock_of(&disc).await, 0);
    assert_eq!(app.stock_of(&pads).await, 5);
    for order in &won {
        assert_eq!(order["lines"].as_array().unwrap().len(), 2, "{order}");
        assert_eq!(order["total"], json!(62.49));
    }
    let sold = |part: &str| {
        format!(
            "SELECT CAST(COALESCE(SUM(l.quantity), 0) AS BIGINT) FROM booking_lines l \
             JOIN bookings b ON b.id = l.booking_id \
             WHERE l.part_id = {part} AND b.fulfilment_status <> 'cancelled'"
        )
    };
    assert_eq!(app.count_sql(&sold(&disc)).await, 10);
    assert_eq!(app.count_sql(&sold(&pads)).await, 10);
    // The losers' carts are as they were; the winners' are empty.
    let mut full = 0;
    for buyer in &buyers {
        full += (app.cart_of(buyer).await["count"] == 2) as usize;
    }
    assert_eq!(full, 30);
}

#[tokio::test]
async fn cancelling_or_expiring_gives_every_line_back_once() {
    let s = shop_with(|c| c.order_hold = Duration::from_secs(3)).await;
    let app = &s.app;
    let order = app
        .checked_out(
            &s.buyer,
            &lines(&[(&s.pads, 2), (&s.disc, 1), (&s.clip, 5), (&s.pads, 3)]),
        )
        .await;
    assert_eq!(stocks(&s).await, [5, 3, 95]);
    let response = app
        .admin_move(Some(&s.admin.token), id_of(&order), "cancel")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cancelled: Value = response.json().await.unwrap();
    assert_eq!(cancelled["lines"], order["lines"]);
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    let response = app
        .admin_move(Some(&s.admin.token), id_of(&order), "cancel")
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let response = app.cancel_order(Some(&s.buyer.token), id_of(&order)).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(stocks(&s).await, [10, 4, 100]);

    // Left unpaid, the order expires and its lines come back.
    let order = app
        .checked_out(&s.buyer, &lines(&[(&s.disc, 4), (&s.clip, 6)]))
        .await;
    assert_eq!(stocks(&s).await, [10, 0, 94]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.order_of(&s.buyer, id_of(&order)).await["status"] != "cancelled" {
        assert!(Instant::now() < deadline, "the order never expired");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let expired = app.order_of(&s.buyer, id_of(&order)).await;
    assert_eq!(expired["cancelReason"], "expired");
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    // Later sweeps give nothing back twice: once one more order of clips
    // has expired, the sweep has run again since.
    let later = app.checked_out(&s.buyer, &lines(&[(&s.clip, 6)])).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.order_of(&s.buyer, id_of(&later)).await["status"] != "cancelled" {
        assert!(Instant::now() < deadline, "the later order never expired");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(stocks(&s).await, [10, 4, 100]);
}

#[tokio::test]
async fn an_order_of_lines_is_paid_and_refunded_at_its_total() {
    let s = shop().await;
    let app = &s.app;
    let order = app
        .checked_out(&s.buyer, &lines(&[(&s.disc, 2), (&s.clip, 5)]))
        .await;
    let id = id_of(&order);
    // 2 × 49.99 + 5 × 0.35, in cents.
    let intent = app.open_payment(&s.buyer, id).await;
    assert_eq!(intent["amount"], 10173);
    let transaction = app.pay_with_test_card(&s.buyer, id).await;
    let response = app.pay_order(Some(&s.buyer.token), id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    let paid: Value = response.json().await.unwrap();
    assert_eq!(
        (&paid["paid"], &paid["lines"]),
        (&json!(true), &order["lines"])
    );
    assert_eq!(stocks(&s).await, [10, 2, 95]);

    let response = app.admin_move(Some(&s.admin.token), id, "refund").await;
    assert_eq!(response.status(), StatusCode::OK);
    let refunded: Value = response.json().await.unwrap();
    assert_eq!(refunded["paymentStatus"], "refunded");
    assert_eq!(stocks(&s).await, [10, 4, 100]);
    assert_eq!(
        app.count_sql(&format!(
            "SELECT COUNT(*) FROM refunds WHERE booking_id = {id} AND amount_cents = 10173"
        ))
        .await,
        1
    );
    let response = app.admin_move(Some(&s.admin.token), id, "refund").await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(stocks(&s).await, [10, 4, 100]);
}

#[tokio::test]
async fn a_one_part_booking_is_an_order_of_one_line_picked_up() {
    let s = shop().await;
    let order = s.app.place_order(&s.buyer, &s.pads, 3).await;
    assert_eq!(
        order["lines"],
        json!([{"partId": s.pads, "partName": "Front brake pads",
                "sku": format!("PG-{:0>6}", s.pads), "unitPrice": 12.5, "quantity": 3,
                "price": 37.5, "weightKg": 0.0, "vehicle": null, "coreCharge": 0.0}])
    );
    assert_eq!(
        (&order["price"], &order["total"]),
        (&json!(37.5), &json!(37.5))
    );
    assert_eq!(order["deliveryMethod"]["id"], "pickup");
}

#[tokio::test]
async fn the_placed_mail_lists_every_line_and_the_total() {
    let s = shop().await;
    let app = &s.app;
    let order = app
        .checked_out(&s.buyer, &lines(&[(&s.pads, 2), (&s.disc, 1)]))
        .await;
    let subject = format!("Order #{} placed", id_of(&order));
    let mail = app.mail_with_subject(&s.buyer.email, &subject).await;
    for wanted in [
        "2 x Front brake pads at 12.50 USD: 25.00 USD",
        "1 x Front brake disc at 49.99 USD: 49.99 USD",
        "Shipping (Counter pickup): 0.00 USD",
        "Tax: 0.00 USD",
        "Total: 74.99 USD",
    ] {
        assert!(mail.body.contains(wanted), "{wanted}: {}", mail.body);
    }
}
