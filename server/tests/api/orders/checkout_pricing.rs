//! The checkout with delivery and tax (docs/decisions.md, D19): delivery
//! priced by weight (free over a threshold), tax by the place the goods go
//! (the delivery address, or the trade counter for pickup), rounded half up
//! to the cent, and the card charged the total. The admin's delivery
//! methods, tax rates and counter, and the buyer's addresses, are set
//! through their own routes.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::cart::{shop, Shop};
use crate::helpers::*;
use crate::orders::id_of;

impl TestApp {
    /// Adds a delivery method as the admin; answers its id.
    pub async fn add_shipping_method(&self, admin: &User, body: Value) -> String {
        let response = self
            .post_json("/api/admin/shipping-methods", Some(&admin.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::CREATED, "{body}");
        let method: Value = response.json().await.unwrap();
        method["_id"].as_str().unwrap().to_owned()
    }

    /// Adds a tax rate as the admin.
    pub async fn add_tax_rate(&self, admin: &User, body: Value) {
        let response = self
            .post_json("/api/admin/tax-rates", Some(&admin.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::CREATED, "{body}");
    }

    /// Sets where the trade counter is.
    pub async fn set_counter(&self, admin: &User, country: &str, region: &str) {
        let body = json!({"name": "Trade counter", "line1": "1 Depot Road", "line2": "",
                          "city": "Springfield", "region": region, "postcode": "12345",
                          "country": country, "hours": "Mon-Fri 8-5", "phone": "+1 555 0100"});
        let response = self
            .put_json("/api/admin/counter", Some(&admin.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }

    /// Adds an address to the buyer's book; answers it as the shop shows it.
    pub async fn add_address(&self, user: &User, country: &str, region: &str) -> Value {
        let body = json!({"name": "Ann Driver", "line1": "12 Garage Lane", "city": "Fresno",
                          "region": region, "postcode": "93650", "country": country});
        let response = self
            .post_json("/api/addresses", Some(&user.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json().await.unwrap()
    }
}

/// The shop of `cart::shop`, the pads weighing 1.25 kg and the disc 7.3 kg,
/// with a courier at $4.95 plus $0.85 a kilogram, and the buyer's address
/// in California, where the tax is 8.25% of goods and shipping.
struct Priced {
    s: Shop,
    courier: String,
    address: Value,
}

async fn priced_shop() -> Priced {
    let s = shop().await;
    let app = &s.app;
    for (part, kg) in [(&s.pads, 1.25), (&s.disc, 7.3)] {
        let response = app
            .put_part(Some(&s.admin.token), part, &json!({"weightKg": kg}))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let courier = app
        .add_shipping_method(
            &s.admin,
            json!({"name": "Courier", "description": "Next working day",
                   "basePrice": "4.95", "pricePerKg": "0.85"}),
        )
        .await;
    app.add_tax_rate(
        &s.admin,
        json!({"country": "US", "region": "CA", "name": "CA sales tax", "ratePercent": 8.25}),
    )
    .await;
    let address = app.add_address(&s.buyer, "US", "CA").await;
    Priced {
        s,
        courier,
        address,
    }
}

fn courier_order(p: &Priced) -> Value {
    json!({
        "deliveryMethod": p.courier, "addressId": p.address["_id"],
        "lines": [{"partId": p.s.pads, "quantity": 2}, {"partId": p.s.disc, "quantity": 1}],
    })
}

async fn checkout(app: &TestApp, user: &User, body: &Value) -> Response {
    app.post_json("/api/checkout", Some(&user.token), body)
        .await
}

/// The mail telling the buyer their order is placed is written from the
/// order as the shop wrote it: its delivery, and when it comes, as the
/// method said.
#[tokio::test]
async fn the_placed_mail_of_a_delivery_says_how_and_when_it_comes() {
    let p = priced_shop().await;
    let (app, buyer) = (&p.s.app, &p.s.buyer);
    let response = checkout(app, buyer, &courier_order(&p)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order = response.json::<Value>().await.unwrap()["booking"].clone();
    let subject = format!("Order #{} placed", id_of(&order));
    let mail = app.mail_with_subject(&buyer.email, &subject).await;
    for wanted in [
        "Shipping (Courier, Next working day): 13.28 USD",
        "Total: 95.55 USD",
    ] {
        assert!(mail.body.contains(wanted), "{wanted}: {}", mail.body);
    }
}

#[tokio::test]
async fn a_delivery_is_priced_by_weight_and_taxed_where_it_goes() {
    let p = priced_shop().await;
    let (app, buyer) = (&p.s.app, &p.s.buyer);
    // Goods 2 × 12.50 + 49.99 = 74.99; weight 2 × 1.25 + 7.3 = 9.8 kg;
    // shipping 4.95 + 9.8 × 0.85 = 13.28; tax 8.25% of 88.27 = 7.282275 → 7.28.
    let quote = app.checkout_quote(buyer, &courier_order(&p)).await;
    assert_eq!(
        (
            &quote["price"],
            &quote["shipping"],
            &quote["tax"],
            &quote["total"]
        ),
        (&json!(74.99), &json!(13.28), &json!(7.28), &json!(95.55))
    );
    assert_eq!(
        (&quote["taxRatePercent"], &quote["taxName"]),
        (&json!(8.25), &json!("CA sales tax"))
    );
    assert_eq!(
        quote["deliveryMethod"],
        json!({"id": p.courier, "name": "Courier", "description": "Next working day", "price": 13.28, "regions": []})
    );
    let options: Vec<(Value, Value)> = quote["deliveryOptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].clone(), o["price"].clone()))
        .collect();
    assert_eq!(
        options,
        vec![
            (json!("pickup"), json!(0.0)),
            (json!(p.courier), json!(13.28))
        ]
    );

    let response = checkout(app, buyer, &courier_order(&p)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order = response.json::<Value>().await.unwrap()["booking"].clone();
    assert_eq!(
        (
            &order["price"],
            &order["shipping"],
            &order["tax"],
            &order["total"]
        ),
        (&json!(74.99), &json!(13.28), &json!(7.28), &json!(95.55))
    );
    assert_eq!(
        order["deliveryMethod"],
        json!({"id": p.courier, "name": "Courier"})
    );
    assert_eq!(order["deliveryAddress"], p.address);
    // The answer is the order as stored, its delivery included.
    assert_eq!(app.order_of(buyer, id_of(&order)).await, order);
    let weights: Vec<&Value> = order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["weightKg"])
        .collect();
    assert_eq!(weights, [&json!(1.25), &json!(7.3)]);

    // The card is charged the total, and a refund gives the total back.
    let id = id_of(&order);
    assert_eq!(app.open_payment(buyer, id).await["amount"], 9555);
    let transaction = app.pay_with_test_card(buyer, id).await;
    let response = app.pay_order(Some(&buyer.token), id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app.admin_move(Some(&p.s.admin.token), id, "refund").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        app.count_sql(&format!(
            "SELECT COUNT(*) FROM refunds WHERE booking_id = {id} AND amount_cents = 9555"
        ))
        .await,
        1
    );
}

#[tokio::test]
async fn a_delivery_over_the_threshold_is_free_and_a_rate_may_spare_shipping() {
    let p = priced_shop().await;
    let (app, admin, buyer) = (&p.s.app, &p.s.admin, &p.s.buyer);
    let free = app
        .add_shipping_method(
            admin,
            json!({"name": "Free over $70", "basePrice": "9.00", "pricePerKg": "2.00", "freeOver": "70.00"}),
        )
        .await;
    let mut body = courier_order(&p);
    body["deliveryMethod"] = json!(free);
    let quote = app.checkout_quote(buyer, &body).await;
    // Goods 74.99 ≥ 70: no shipping; tax 8.25% of 74.99 = 6.186675 → 6.19.
    assert_eq!(
        (&quote["shipping"], &quote["tax"], &quote["total"]),
        (&json!(0.0), &json!(6.19), &json!(81.18))
    );
    // Below the threshold: 9.00 + 2.5 kg × 2.00 = 14.00; tax 8.25% of 39.00
    // = 3.2175 → 3.22.
    body["lines"] = json!([{"partId": p.s.pads, "quantity": 2}]);
    let quote = app.checkout_quote(buyer, &body).await;
    assert_eq!(
        (
            &quote["price"],
            &quote["shipping"],
            &quote["tax"],
            &quote["total"]
        ),
        (&json!(25.0), &json!(14.0), &json!(3.22), &json!(42.22))
    );

    // A country-wide rate that spares shipping, for an address in Oregon.
    app.add_tax_rate(
        admin,
        json!({"country": "US", "name": "Federal", "ratePercent": 5, "appliesToShipping": false}),
    )
    .await;
    let oregon = app.add_address(buyer, "us", "OR").await;
    let body = json!({"deliveryMethod": p.courier, "addressId": oregon["_id"],
                      "lines": [{"partId": p.s.disc, "quantity": 1}]});
    // Shipping 4.95 + 7.3 × 0.85 = 11.155 → 11.16; tax 5% of 49.99 = 2.4995 → 2.50.
    let quote = app.checkout_quote(buyer, &body).await;
    assert_eq!(
        (
            &quote["shipping"],
            &quote["tax"],
            &quote["total"],
            &quote["taxName"]
        ),
        (&json!(11.16), &json!(2.5), &json!(63.65), &json!("Federal"))
    );
    let response = checkout(app, buyer, &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order = response.json::<Value>().await.unwrap()["booking"].clone();
    assert_eq!(order["total"], json!(63.65));
}

#[tokio::test]
async fn pickup_is_taxed_where_the_counter_is_rounded_half_up() {
    let s = shop().await;
    let app = &s.app;
    let bulb = app.add_part(&s.admin, 10, 1, "12.50").await;
    app.set_counter(&s.admin, "GB", "").await;
    app.add_tax_rate(
        &s.admin,
        json!({"country": "GB", "name": "VAT", "ratePercent": 5}),
    )
    .await;
    // 5% of 12.50 is 0.625: half a cent rounds up.
    let order = app.place_order(&s.buyer, &bulb, 1).await;
    assert_eq!(
        (
            &order["price"],
            &order["shipping"],
            &order["tax"],
            &order["total"]
        ),
        (&json!(12.5), &json!(0.0), &json!(0.63), &json!(13.13))
    );
    assert_eq!(order["deliveryMethod"]["id"], "pickup");
    assert_eq!(order["deliveryAddress"], Value::Null);
    assert_eq!(
        app.open_payment(&s.buyer, id_of(&order)).await["amount"],
        1313
    );
}

#[tokio::test]
async fn a_delivery_needs_the_buyers_own_address_and_a_method_the_shop_has() {
    let p = priced_shop().await;
    let (app, admin, buyer) = (&p.s.app, &p.s.admin, &p.s.buyer);
    let lines = json!([{"partId": p.s.pads, "quantity": 2}]);

    let body = json!({"deliveryMethod": p.courier, "lines": lines});
    let response = checkout(app, buyer, &body).await;
    expect_field_error(response, "addressId", "A delivery address is Required").await;

    let other = app.new_user().await;
    let theirs = app.add_address(&other, "US", "CA").await;
    for address in [theirs["_id"].clone(), json!("424242"), json!("abc")] {
        let body = json!({"deliveryMethod": p.courier, "addressId": address, "lines": lines});
        let response = checkout(app, buyer, &body).await;
        expect_error(response, StatusCode::NOT_FOUND, "Address not found").await;
    }
    // What is no id at all is refused as such, for pickup too.
    for (method, address) in [(json!(p.courier), json!(2.5)), (json!("pickup"), json!(0))] {
        let body = json!({"deliveryMethod": method, "addressId": address, "lines": lines});
        let response = checkout(app, buyer, &body).await;
        expect_field_error(response, "addressId", "Address must be an address's id").await;
    }

    let parked = app
        .add_shipping_method(
            admin,
            json!({"name": "Parked", "basePrice": "1.00", "pricePerKg": "0.50", "active": false}),
        )
        .await;
    for method in [json!(parked), json!("424242")] {
        let body = json!({"deliveryMethod": method, "addressId": p.address["_id"], "lines": lines});
        let response = checkout(app, buyer, &body).await;
        expect_field_error(response, "deliveryMethod", "No such delivery method").await;
    }
    assert_eq!(app.stock_of(&p.s.pads).await, 10);
    assert_eq!(app.order_count().await, 0);
}

#[tokio::test]
async fn a_changed_delivery_price_is_caught_by_the_expected_total() {
    let p = priced_shop().await;
    let (app, admin, buyer) = (&p.s.app, &p.s.admin, &p.s.buyer);
    let quote = app.checkout_quote(buyer, &courier_order(&p)).await;
    let response = app
        .put_json(
            &format!("/api/admin/shipping-methods/{}", p.courier),
            Some(&admin.token),
            &json!({"name": "Courier", "basePrice": "6.95", "pricePerKg": "0.85"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = courier_order(&p);
    body["expectedTotal"] = quote["total"].clone();
    let response = checkout(app, buyer, &body).await;
    // Shipping 15.28, tax 8.25% of 90.27 = 7.447275 → 7.45.
    expect_error(
        response,
        StatusCode::CONFLICT,
        "The total changed to $97.72; check the order again",
    )
    .await;
    assert_eq!(app.stock_of(&p.s.pads).await, 10);
    body["expectedTotal"] = json!(97.72);
    let response = checkout(app, buyer, &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn an_order_keeps_its_own_copy_of_the_address() {
    let p = priced_shop().await;
    let (app, buyer) = (&p.s.app, &p.s.buyer);
    let response = checkout(app, buyer, &courier_order(&p)).await;
    let order = response.json::<Value>().await.unwrap()["booking"].clone();
    let address_id = p.address["_id"].as_str().unwrap();
    let response = app
        .delete(&format!("/api/addresses/{address_id}"), Some(&buyer.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let kept = app.order_of(buyer, id_of(&order)).await;
    assert_eq!(kept["deliveryAddress"], p.address);
    assert_eq!(kept["total"], json!(95.55));
}
