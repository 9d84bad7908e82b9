//! The cart (docs/decisions.md, D19): a signed-in buyer's cart kept by the
//! shop and priced from its records, the problems a line can have, a
//! browser's cart priced for anyone and joined to the account at sign-in.

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

impl TestApp {
    /// The buyer's cart (panics on any error).
    pub async fn cart_of(&self, user: &User) -> Value {
        let response = self.get("/api/cart", Some(&user.token)).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// `POST /api/cart/lines` with `{partId, quantity}`.
    pub async fn add_to_cart(&self, user: &User, part_id: &str, quantity: i64) -> Response {
        self.post_json(
            "/api/cart/lines",
            Some(&user.token),
            &json!({"partId": part_id, "quantity": quantity}),
        )
        .await
    }

    /// Adds to the buyer's cart, which must succeed; answers the cart.
    pub async fn put_in_cart(&self, user: &User, part_id: &str, quantity: i64) -> Value {
        let response = self.add_to_cart(user, part_id, quantity).await;
        assert_eq!(response.status(), StatusCode::OK, "adding {part_id}");
        response.json().await.unwrap()
    }

    /// `PUT /api/cart/lines/{partId}` with `{quantity}`.
    pub async fn set_in_cart(&self, user: &User, part_id: &str, quantity: i64) -> Response {
        self.put_json(
            &format!("/api/cart/lines/{part_id}"),
            Some(&user.token),
            &json!({"quantity": quantity}),
        )
        .await
    }

    /// A part's stock now.
    pub async fn stock_of(&self, part_id: &str) -> i64 {
        self.part(part_id).await["availableQuantity"]
            .as_i64()
            .unwrap()
    }
}

/// A shop with an admin, a buyer and three parts: brake pads (stock 10,
/// minimum 2, $12.50), a disc (stock 4, minimum 1, $49.99) and a clip
/// (stock 100, minimum 5, $0.35).
pub struct Shop {
    pub app: TestApp,
    pub admin: User,
    pub buyer: User,
    pub pads: String,
    pub disc: String,
    pub clip: String,
}

pub async fn shop() -> Shop {
    shop_with(|_| {}).await
}

pub async fn shop_with(configure: impl FnOnce(&mut shop::Config)) -> Shop {
    let app = spawn_app_with(configure).await;
    let admin = app.admin().await;
    let pads = app.add_part(&admin, 10, 2, "12.50").await;
    let disc = app
        .add_part_with(
            &admin,
            json!({"name": "Front brake disc", "availableQuantity": 4, "minimumOrder": 1,
                   "price": "49.99", "sku": "BD-280"}),
        )
        .await;
    let clip = app
        .add_part_with(
            &admin,
            json!({"name": "Pad clip", "availableQuantity": 100, "minimumOrder": 5, "price": "0.35"}),
        )
        .await;
    let buyer = app.new_user().await;
    Shop {
        app,
        admin,
        buyer,
        pads,
        disc,
        clip,
    }
}

fn line<'a>(cart: &'a Value, part_id: &str) -> &'a Value {
    cart["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["partId"] == part_id)
        .unwrap_or_else(|| panic!("no line for {part_id} in {cart}"))
}

/// Checks the cart's lines are of `expected`, in that order.
fn assert_parts(cart: &Value, expected: &[&str]) {
    assert_eq!(part_ids(cart), expected, "{cart}");
}

fn part_ids(cart: &Value) -> Vec<String> {
    cart["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["partId"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_new_buyer_has_an_empty_cart() {
    let s = shop().await;
    assert_eq!(
        s.app.cart_of(&s.buyer).await,
        json!({"lines": [], "count": 0, "subtotal": 0.0, "coreCharges": 0.0, "ready": false})
    );
}

#[tokio::test]
async fn lines_are_priced_by_the_shop_in_the_order_they_were_added() {
    let s = shop().await;
    let app = &s.app;
    // Prices and totals sent along are ignored.
    let body = json!({"partId": s.disc, "quantity": 1, "price": 0.01, "unitPrice": 0.01,
                      "lineTotal": 0.01, "seenPrice": 0.01});
    let response = app
        .post_json("/api/cart/lines", Some(&s.buyer.token), &body)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    app.put_in_cart(&s.buyer, &s.clip, 7).await;
    app.put_in_cart(&s.buyer, &s.pads, 2).await;
    // More of a line already there adds to it and keeps its place.
    let cart = app.put_in_cart(&s.buyer, &s.clip, 3).await;

    assert_parts(&cart, &[&s.disc, &s.clip, &s.pads]);
    assert_eq!(
        line(&cart, &s.disc),
        &json!({
            "partId": s.disc, "partName": "Front brake disc", "sku": "BD-280",
            "img": "/api/image/abc.jpg", "unitPrice": 49.99, "quantity": 1, "lineTotal": 49.99,
            "minimumOrder": 1, "availableQuantity": 4, "weightKg": 0.0, "coreCharge": 0.0, "seenPrice": 49.99,
            "problem": null, "message": null
        })
    );
    let clip = line(&cart, &s.clip);
    assert_eq!(
        (&clip["quantity"], &clip["lineTotal"]),
        (&json!(10), &json!(3.5))
    );
    // 49.99 + 10 × 0.35 + 2 × 12.50, to the cent.
    assert_eq!(cart["subtotal"], json!(78.49));
    assert_eq!(cart["count"], 13);
    assert_eq!(cart["ready"], true);
    assert_eq!(app.cart_of(&s.buyer).await, cart);
    // A cart takes no stock.
    assert_eq!(app.stock_of(&s.disc).await, 4);
}

#[tokio::test]
async fn a_line_above_the_stock_or_below_the_minimum_is_refused_with_its_field() {
    let s = shop().await;
    let app = &s.app;
    let response = app.add_to_cart(&s.buyer, &s.pads, 11).await;
    expect_field_error(response, "quantity", "Only 10 in stock").await;
    let response = app.add_to_cart(&s.buyer, &s.pads, 1).await;
    expect_field_error(response, "quantity", "The minimum order for this part is 2").await;
    // The resulting quantity counts: 8 held and 3 more is above the stock.
    app.put_in_cart(&s.buyer, &s.pads, 8).await;
    let response = app.add_to_cart(&s.buyer, &s.pads, 3).await;
    expect_field_error(response, "quantity", "Only 10 in stock").await;
    let response = app.set_in_cart(&s.buyer, &s.pads, 1).await;
    expect_field_error(response, "quantity", "The minimum order for this part is 2").await;
    for quantity in [json!(0), json!(-1), json!(1.5), json!("many")] {
        let body = json!({"partId": s.pads, "quantity": quantity});
        let response = app
            .post_json("/api/cart/lines", Some(&s.buyer.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{quantity}");
    }
    for part in ["424242", "abc"] {
        let response = app.add_to_cart(&s.buyer, part, 2).await;
        expect_error(response, StatusCode::NOT_FOUND, "Part not found").await;
        let response = app.set_in_cart(&s.buyer, part, 2).await;
        expect_error(response, StatusCode::NOT_FOUND, "Part not found").await;
    }
    let cart = app.cart_of(&s.buyer).await;
    assert_parts(&cart, &[&s.pads]);
    assert_eq!(line(&cart, &s.pads)["quantity"], 8);
}

#[tokio::test]
async fn lines_are_set_and_removed_and_the_cart_emptied() {
    let s = shop().await;
    let app = &s.app;
    app.put_in_cart(&s.buyer, &s.pads, 2).await;
    app.put_in_cart(&s.buyer, &s.disc, 1).await;

    let response = app.set_in_cart(&s.buyer, &s.pads, 6).await;
    assert_eq!(response.status(), StatusCode::OK);
    let cart: Value = response.json().await.unwrap();
    assert_eq!(line(&cart, &s.pads)["quantity"], 6);
    assert_parts(&cart, &[&s.pads, &s.disc]);
    // Setting a part not in the cart adds it.
    let response = app.set_in_cart(&s.buyer, &s.clip, 5).await;
    let cart: Value = response.json().await.unwrap();
    assert_parts(&cart, &[&s.pads, &s.disc, &s.clip]);

    let response = app
        .delete(&format!("/api/cart/lines/{}", s.disc), Some(&s.buyer.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cart: Value = response.json().await.unwrap();
    assert_parts(&cart, &[&s.pads, &s.clip]);
    // Removing a line that is not there changes nothing.
    for part in [s.disc.as_str(), "424242", "abc"] {
        let response = app
            .delete(&format!("/api/cart/lines/{part}"), Some(&s.buyer.token))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.json::<Value>().await.unwrap(), cart);
    }

    let response = app.delete("/api/cart", Some(&s.buyer.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let empty =
        json!({"lines": [], "count": 0, "subtotal": 0.0, "coreCharges": 0.0, "ready": false});
    assert_eq!(response.json::<Value>().await.unwrap(), empty);
    assert_eq!(app.cart_of(&s.buyer).await, empty);
}

#[tokio::test]
async fn each_buyer_has_their_own_cart_and_it_needs_a_sign_in() {
    let s = shop().await;
    let app = &s.app;
    let other = app.new_user().await;
    app.put_in_cart(&s.buyer, &s.pads, 2).await;
    assert_eq!(app.cart_of(&other).await["lines"], json!([]));

    let body = json!({"partId": s.pads, "quantity": 2});
    for (method, path) in [
        (Method::GET, "/api/cart".to_owned()),
        (Method::DELETE, "/api/cart".to_owned()),
        (Method::POST, "/api/cart/lines".to_owned()),
        (Method::PUT, format!("/api/cart/lines/{}", s.pads)),
        (Method::DELETE, format!("/api/cart/lines/{}", s.pads)),
        (Method::POST, "/api/cart/merge".to_owned()),
    ] {
        let response = app.send_json(method.clone(), &path, None, &body).await;
        assert_eq!(
            response.status(),
            StatusCode::UNAUTHORIZED,
            "{method} {path}"
        );
    }
    assert_eq!(app.cart_of(&s.buyer).await["count"], 2);
}

#[tokio::test]
async fn a_cart_holds_at_most_a_hundred_lines() {
    let s = shop().await;
    let app = &s.app;
    let mut parts = Vec::new();
    for _ in 0..101 {
        parts.push(app.add_part(&s.admin, 5, 1, "1.00").await);
    }
    for part in &parts[..100] {
        app.put_in_cart(&s.buyer, part, 1).await;
    }
    let response = app.add_to_cart(&s.buyer, &parts[100], 1).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A cart holds at most 100 lines",
    )
    .await;
    // A line already there can still grow: 1 + 2 units.
    let cart = app.put_in_cart(&s.buyer, &parts[0], 2).await;
    assert_eq!(cart["lines"].as_array().unwrap().len(), 100);
    assert_eq!(cart["count"], 102);
}

#[tokio::test]
async fn a_line_shows_what_stands_in_the_way_of_ordering_it() {
    let s = shop().await;
    let (app, admin, buyer) = (&s.app, &s.admin, &s.buyer);
    let wheel = app.add_part(admin, 3, 1, "80.00").await;
    let bulb = app.add_part(admin, 9, 1, "12.50").await;
    let hose = app.add_part(admin, 9, 2, "5.00").await;
    app.put_in_cart(buyer, &s.pads, 4).await;
    app.put_in_cart(buyer, &s.disc, 3).await;
    app.put_in_cart(buyer, &wheel, 2).await;
    app.put_in_cart(buyer, &bulb, 1).await;
    app.put_in_cart(buyer, &hose, 2).await;
    assert_eq!(app.cart_of(buyer).await["ready"], true);

    // The pads are no longer sold; only 1 disc is left; the wheel's stock is
    // below its minimum order; the hose's minimum order rose; the bulb costs more.
    let response = app.delete_part(Some(&admin.token), &s.pads).await;
    assert_eq!(response.status(), StatusCode::OK);
    for (part, change) in [
        (&s.disc, json!({"availableQuantity": 1})),
        (&wheel, json!({"minimumOrder": 4})),
        (&hose, json!({"minimumOrder": 3})),
        (&bulb, json!({"price": "14.00"})),
    ] {
        let response = app.put_part(Some(&admin.token), part, &change).await;
        assert_eq!(response.status(), StatusCode::OK, "{change}");
    }

    let cart = app.cart_of(buyer).await;
    let problem = |part: &str| {
        let l = line(&cart, part);
        (l["problem"].clone(), l["message"].clone())
    };
    assert_eq!(
        problem(&s.pads),
        (json!("deleted"), json!("This part is no longer sold"))
    );
    assert_eq!(
        problem(&s.disc),
        (json!("notEnoughStock"), json!("Only 1 in stock"))
    );
    assert_eq!(
        problem(&wheel),
        (json!("outOfStock"), json!("Out of stock"))
    );
    assert_eq!(
        problem(&hose),
        (
            json!("belowMinimum"),
            json!("The minimum order for this part is 3")
        )
    );
    assert_eq!(
        problem(&bulb),
        (
            json!("priceChanged"),
            json!("The price changed from $12.50 to $14.00")
        )
    );
    let gone = line(&cart, &s.pads);
    assert_eq!(
        (
            &gone["partName"],
            &gone["unitPrice"],
            &gone["lineTotal"],
            &gone["quantity"]
        ),
        (&json!(""), &json!(0.0), &json!(0.0), &json!(4))
    );
    let bulb_line = line(&cart, &bulb);
    assert_eq!(
        (&bulb_line["unitPrice"], &bulb_line["seenPrice"]),
        (&json!(14.0), &json!(12.5))
    );
    // 3 × 49.99 + 2 × 80 + 14 + 2 × 5: the goods now, the gone line at 0.
    assert_eq!(cart["subtotal"], json!(333.97));
    assert_eq!(cart["ready"], false);

    // Only a changed price left: the cart can be ordered.
    for part in [&s.pads, &s.disc, &wheel, &hose] {
        app.delete(&format!("/api/cart/lines/{part}"), Some(&buyer.token))
            .await;
    }
    let cart = app.cart_of(buyer).await;
    assert_eq!(line(&cart, &bulb)["problem"], "priceChanged");
    assert_eq!(cart["ready"], true);
    // Setting the line again shows the price now.
    let response = app.set_in_cart(buyer, &bulb, 1).await;
    let cart: Value = response.json().await.unwrap();
    assert_eq!(line(&cart, &bulb)["problem"], Value::Null);
    assert_eq!(line(&cart, &bulb)["seenPrice"], 14.0);
}

#[tokio::test]
async fn a_browsers_cart_is_priced_for_anyone_and_nothing_is_written() {
    let s = shop().await;
    let app = &s.app;
    let body = json!({"lines": [
        {"partId": s.disc, "quantity": 2, "seenPrice": 45.00, "price": 0.01},
        {"partId": s.clip, "quantity": "5", "seenPrice": "0.35"},
        {"partId": "424242", "quantity": 1},
        {"partId": 99, "quantity": 1},
        {"partId": "abc", "quantity": 3},
        {"partId": s.pads, "quantity": 0},
    ]});
    let response = app.post_json("/api/cart/quote", None, &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let cart: Value = response.json().await.unwrap();
    assert_parts(&cart, &[&s.disc, &s.clip, "424242", "99", "abc", &s.pads]);
    let disc = line(&cart, &s.disc);
    assert_eq!(
        (&disc["unitPrice"], &disc["lineTotal"], &disc["problem"]),
        (&json!(49.99), &json!(99.98), &json!("priceChanged"))
    );
    assert_eq!(disc["message"], "The price changed from $45.00 to $49.99");
    assert_eq!(line(&cart, &s.clip)["problem"], Value::Null);
    for gone in ["424242", "99", "abc"] {
        assert_eq!(line(&cart, gone)["problem"], "deleted");
    }
    // A quantity below 1 is brought up to 1 (here below the minimum order).
    let pads = line(&cart, &s.pads);
    assert_eq!(
        (&pads["quantity"], &pads["problem"]),
        (&json!(1), &json!("belowMinimum"))
    );
    // 2 × 49.99 + 5 × 0.35 + 12.50
    assert_eq!(cart["subtotal"], json!(114.23));
    assert_eq!(cart["ready"], false);
    assert_eq!(app.count_sql("SELECT COUNT(*) FROM cart_lines").await, 0);
    assert_eq!(app.stock_of(&s.disc).await, 4);

    let response = app
        .post_json("/api/cart/quote", None, &json!({"lines": []}))
        .await;
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"lines": [], "count": 0, "subtotal": 0.0, "coreCharges": 0.0, "ready": false})
    );
    let too_many: Vec<Value> = (0..101)
        .map(|_| json!({"partId": s.pads, "quantity": 2}))
        .collect();
    let response = app
        .post_json("/api/cart/quote", None, &json!({"lines": too_many}))
        .await;
    expect_field_error(response, "lines", "A cart holds at most 100 lines").await;
    let response = app
        .post_json(
            "/api/cart/quote",
            None,
            &json!({"lines": [{"quantity": 2}]}),
        )
        .await;
    expect_field_error(response, "lines.0.partId", "Part is Required").await;
    // A fraction is no part's id: refused, not priced as a part that is gone.
    let response = app
        .post_json(
            "/api/cart/quote",
            None,
            &json!({"lines": [{"partId": 2.5, "quantity": 2}]}),
        )
        .await;
    expect_field_error(response, "lines.0.partId", "Part must be a part's id").await;
    let response = app
        .post_json(
            "/api/cart/quote",
            None,
            &json!({"lines": [{"partId": 0, "quantity": 2}]}),
        )
        .await;
    expect_field_error(response, "lines.0.partId", "Part must be a part's id").await;
    let response = app
        .post_json(
            "/api/cart/quote",
            None,
            &json!({"lines": [{"partId": "1\u{0}", "quantity": 2}]}),
        )
        .await;
    expect_field_error(
        response,
        "lines.0.partId",
        "Part must not contain NUL characters",
    )
    .await;
}

#[tokio::test]
async fn a_browsers_cart_joins_the_account_at_sign_in_once() {
    let s = shop().await;
    let app = &s.app;
    app.put_in_cart(&s.buyer, &s.pads, 4).await;
    app.put_in_cart(&s.buyer, &s.disc, 2).await;
    let browser = json!({"lines": [
        // Fewer than the account holds: the account's line stays.
        {"partId": s.pads, "quantity": 2, "seenPrice": 10.00},
        // More: the browser's quantity and seen price win.
        {"partId": s.disc, "quantity": 3, "seenPrice": 45.00},
        // New lines join after the account's, in the browser's order.
        {"partId": s.clip, "quantity": 5_000_000},
        {"partId": "424242", "quantity": 1},
        {"partId": "abc", "quantity": 1},
    ]});
    let response = app
        .post_json("/api/cart/merge", Some(&s.buyer.token), &browser)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cart: Value = response.json().await.unwrap();
    assert_parts(&cart, &[&s.pads, &s.disc, &s.clip]);
    let pads = line(&cart, &s.pads);
    assert_eq!(
        (&pads["quantity"], &pads["seenPrice"]),
        (&json!(4), &json!(12.5))
    );
    let disc = line(&cart, &s.disc);
    assert_eq!(
        (&disc["quantity"], &disc["seenPrice"]),
        (&json!(3), &json!(45.0))
    );
    assert_eq!(disc["problem"], "priceChanged");
    // Brought within 1 to 1,000,000, and seen at today's price.
    let clip = line(&cart, &s.clip);
    assert_eq!(
        (&clip["quantity"], &clip["seenPrice"]),
        (&json!(1_000_000), &json!(0.35))
    );
    assert_eq!(clip["problem"], "notEnoughStock");

    // The same browser cart again changes nothing.
    let again = app
        .post_json("/api/cart/merge", Some(&s.buyer.token), &browser)
        .await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.json::<Value>().await.unwrap(), cart);
    assert_eq!(app.cart_of(&s.buyer).await, cart);
    // An empty browser cart changes nothing either.
    let empty = app
        .post_json(
            "/api/cart/merge",
            Some(&s.buyer.token),
            &json!({"lines": []}),
        )
        .await;
    assert_eq!(empty.json::<Value>().await.unwrap(), cart);
}

#[tokio::test]
async fn a_join_never_passes_a_hundred_lines() {
    let s = shop().await;
    let app = &s.app;
    let mut parts = Vec::new();
    for _ in 0..102 {
        parts.push(app.add_part(&s.admin, 5, 1, "1.00").await);
    }
    for part in &parts[..99] {
        app.put_in_cart(&s.buyer, part, 1).await;
    }
    let browser: Vec<Value> = parts[97..]
        .iter()
        .map(|p| json!({"partId": p, "quantity": 2}))
        .collect();
    let response = app
        .post_json(
            "/api/cart/merge",
            Some(&s.buyer.token),
            &json!({"lines": browser}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cart: Value = response.json().await.unwrap();
    let ids = part_ids(&cart);
    assert_eq!(ids.len(), 100);
    // Lines already there took the larger quantity; one new line fit.
    assert_eq!(ids[99], parts[99]);
    assert_eq!(line(&cart, &parts[98])["quantity"], 2);
    assert!(!ids.contains(&parts[100]) && !ids.contains(&parts[101]));
}

#[tokio::test]
async fn amounts_in_messages_are_in_the_shops_currency() {
    let app = spawn_app_with(|c| c.currency = "EUR".into()).await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let part = app.add_part(&admin, 10, 1, "12.50").await;
    app.put_in_cart(&buyer, &part, 1).await;
    let response = app
        .put_part(Some(&admin.token), &part, &json!({"price": "14.00"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cart = app.cart_of(&buyer).await;
    assert_eq!(
        cart["lines"][0]["message"],
        "The price changed from €12.50 to €14.00"
    );
    let response = app
        .post_json(
            "/api/checkout",
            Some(&buyer.token),
            &json!({"expectedTotal": "12.50"}),
        )
        .await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "The total changed to €14.00; check the order again",
    )
    .await;
}
