//! How orders travel: the weight of parts, the delivery methods an admin
//! offers, the trade counter, and what buyers see of them.

mod tax;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn a_parts_weight_goes_in_and_comes_back_in_kilograms() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part_with(&admin, json!({"weightKg": 1.25})).await;
    assert_eq!(app.part(&id).await["weightKg"], 1.25);
    assert_eq!(
        app.count_sql(&format!("SELECT weight_grams FROM parts WHERE id = {id}"))
            .await,
        1250
    );

    // Text, three decimals, and a binary fraction a hair off.
    for (sent, kg, grams) in [
        (json!("0.005"), json!(0.005), 5),
        (json!(0.1 + 0.2), json!(0.3), 300),
        (json!(1000), json!(1000.0), 1_000_000),
        (json!("12"), json!(12.0), 12_000),
        (json!(0), json!(0.0), 0),
    ] {
        let response = app
            .put_part(Some(&admin.token), &id, &json!({"weightKg": sent}))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "{sent}");
        assert_eq!(app.part(&id).await["weightKg"], kg, "{sent}");
        let stored = app
            .count_sql(&format!("SELECT weight_grams FROM parts WHERE id = {id}"))
            .await;
        assert_eq!(stored, grams, "{sent}");
    }
}

#[tokio::test]
async fn a_weight_left_out_is_nothing_on_a_new_part_and_unchanged_on_an_edit() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 5, 1, "9.99").await;
    assert_eq!(app.part(&id).await["weightKg"], 0.0);
    let response = app
        .put_part(Some(&admin.token), &id, &json!({"weightKg": "2.5"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .put_part(
            Some(&admin.token),
            &id,
            &json!({"name": "Renamed", "weightKg": null}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let part = app.part(&id).await;
    assert_eq!(
        (&part["name"], &part["weightKg"]),
        (&json!("Renamed"), &json!(2.5))
    );
    let (listed, _) = app.parts("").await;
    assert_eq!(listed[0]["weightKg"], 2.5, "the catalogue shows it too");
}

#[tokio::test]
async fn a_weight_out_of_range_or_too_precise_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 5, 1, "9.99").await;
    let message = "Weight must be in kilograms, from 0 to 1000";
    for wrong in [
        json!(-1),
        json!("-0.5"),
        json!(1000.001),
        json!("1.0005"),
        json!(0.0001),
        json!("heavy"),
        json!("1e3"),
        json!(true),
        json!([1]),
    ] {
        let response = app
            .post_part(
                Some(&admin.token),
                &with(part_body(), "weightKg", Some(wrong.clone())),
            )
            .await;
        expect_field_error(response, "weightKg", message).await;
        let response = app
            .put_part(Some(&admin.token), &id, &json!({"weightKg": wrong}))
            .await;
        expect_field_error(response, "weightKg", message).await;
    }
    assert_eq!(app.part(&id).await["weightKg"], 0.0, "unchanged");
}

/// A complete, valid delivery method.
fn method_body() -> Value {
    json!({
        "name": "Standard delivery", "description": "2–4 working days",
        "basePrice": 5.95, "pricePerKg": "0.50", "freeOver": 150
    })
}

/// Adds a delivery method as the admin; answers it.
async fn add_method(app: &TestApp, admin: &User, body: &Value) -> Value {
    let response = app
        .post_json("/api/admin/shipping-methods", Some(&admin.token), body)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

/// What everyone sees: the counter and the methods they may choose.
async fn public(app: &TestApp) -> Value {
    let response = app.get("/api/shipping-methods", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn admin_methods(app: &TestApp, admin: &User) -> Vec<Value> {
    let response = app
        .get("/api/admin/shipping-methods", Some(&admin.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn default_counter() -> Value {
    json!({
        "name": "Trade counter", "line1": "", "line2": "", "city": "", "region": "",
        "postcode": "", "country": "US", "hours": "", "phone": ""
    })
}

#[tokio::test]
async fn a_new_shop_offers_only_its_counter_with_the_default_details() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert_eq!(
        public(&app).await,
        json!({"counter": default_counter(), "methods": []})
    );
    assert!(admin_methods(&app, &admin).await.is_empty());
}

#[tokio::test]
async fn an_admin_adds_a_delivery_method_and_buyers_see_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let method = add_method(&app, &admin, &method_body()).await;
    let id = method["_id"].as_str().unwrap().to_owned();
    assert_eq!(
        method,
        json!({
            "_id": id, "name": "Standard delivery", "description": "2–4 working days",
            "basePrice": 5.95, "pricePerKg": 0.5, "freeOver": 150.0, "active": true,
            "regions": []
        })
    );
    assert_eq!(admin_methods(&app, &admin).await, vec![method.clone()]);
    assert_eq!(public(&app).await["methods"], json!([method]));
}

#[tokio::test]
async fn a_method_may_cost_nothing_and_never_be_free() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({"name": "Local van", "basePrice": 0, "pricePerKg": "0.00", "freeOver": null});
    let method = add_method(&app, &admin, &body).await;
    assert_eq!(method["basePrice"], 0.0);
    assert_eq!(method["pricePerKg"], 0.0);
    assert_eq!(method["freeOver"], Value::Null);
    assert_eq!(method["description"], "");
    assert_eq!(method["active"], true);
}

#[tokio::test]
async fn the_public_list_hides_inactive_methods_and_keeps_the_order_of_ids() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let standard = add_method(&app, &admin, &method_body()).await;
    let hidden = add_method(
        &app,
        &admin,
        &with(method_body(), "active", Some(json!(false))),
    )
    .await;
    let express = add_method(
        &app,
        &admin,
        &json!({"name": "Express", "basePrice": "14.95", "pricePerKg": 1.2}),
    )
    .await;
    assert_eq!(hidden["active"], false);
    let shown = public(&app).await["methods"].clone();
    assert_eq!(shown, json!([standard, express]));
    assert_eq!(
        admin_methods(&app, &admin).await,
        vec![standard.clone(), hidden.clone(), express.clone()]
    );

    // Switched on, it shows; switched off, it goes.
    let path = format!(
        "/api/admin/shipping-methods/{}",
        hidden["_id"].as_str().unwrap()
    );
    let response = app
        .put_json(&path, Some(&admin.token), &method_body())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(public(&app).await["methods"].as_array().unwrap().len(), 3);
    let path = format!(
        "/api/admin/shipping-methods/{}",
        standard["_id"].as_str().unwrap()
    );
    let response = app
        .put_json(
            &path,
            Some(&admin.token),
            &with(method_body(), "active", Some(json!(false))),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let names: Vec<Value> = public(&app).await["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["_id"].clone())
        .collect();
    assert_eq!(names, [hidden["_id"].clone(), express["_id"].clone()]);
}

#[tokio::test]
async fn an_admin_changes_and_deletes_a_method() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let method = add_method(&app, &admin, &method_body()).await;
    let id = method["_id"].as_str().unwrap();
    let path = format!("/api/admin/shipping-methods/{id}");
    let changed = json!({"name": "Economy", "basePrice": "3.5", "pricePerKg": 0.25});
    let response = app.put_json(&path, Some(&admin.token), &changed).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({
            "_id": id, "name": "Economy", "description": "", "basePrice": 3.5,
            "pricePerKg": 0.25, "freeOver": null, "active": true, "regions": []
        }),
        "a PUT replaces every field"
    );
    let response = app.delete(&path, Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );
    assert!(admin_methods(&app, &admin).await.is_empty());
    for path in [
        path.as_str(),
        "/api/admin/shipping-methods/abc",
        "/api/admin/shipping-methods/0",
    ] {
        let response = app.put_json(path, Some(&admin.token), &method_body()).await;
        expect_error(response, StatusCode::NOT_FOUND, "Shipping method not found").await;
        let response = app.delete(path, Some(&admin.token)).await;
        expect_error(response, StatusCode::NOT_FOUND, "Shipping method not found").await;
    }
}

#[tokio::test]
async fn wrong_method_fields_are_each_named() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = add_method(&app, &admin, &method_body()).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let cases = [
        ("name", None, "Name is Required"),
        (
            "name",
            Some(json!("x".repeat(101))),
            "Name must be at most 100 characters",
        ),
        (
            "description",
            Some(json!("x".repeat(201))),
            "Description must be at most 200 characters",
        ),
        ("basePrice", None, "Base price is Required"),
        ("basePrice", Some(json!(-1)), "Base price must be 0 or more"),
        (
            "basePrice",
            Some(json!("-0.01")),
            "Base price must be 0 or more",
        ),
        (
            "basePrice",
            Some(json!("5.955")),
            "Base price can have at most two decimals",
        ),
        (
            "basePrice",
            Some(json!("cheap")),
            "Base price must be a number",
        ),
        (
            "basePrice",
            Some(json!(1_000_001)),
            "Base price must be at most 1000000",
        ),
        ("pricePerKg", None, "Price per kg is Required"),
        (
            "pricePerKg",
            Some(json!(-0.5)),
            "Price per kg must be 0 or more",
        ),
        ("freeOver", Some(json!(0)), "Free over must be more than 0"),
        ("freeOver", Some(json!("x")), "Free over must be a number"),
        ("active", Some(json!("yes")), "Active must be true or false"),
        ("active", Some(json!(1)), "Active must be true or false"),
    ];
    for (field, value, message) in cases {
        let body = with(method_body(), field, value);
        let response = app
            .post_json("/api/admin/shipping-methods", Some(&admin.token), &body)
            .await;
        expect_field_error(response, field, message).await;
        let response = app
            .put_json(
                &format!("/api/admin/shipping-methods/{id}"),
                Some(&admin.token),
                &body,
            )
            .await;
        expect_field_error(response, field, message).await;
    }
    assert_eq!(admin_methods(&app, &admin).await.len(), 1, "nothing added");
}

#[tokio::test]
async fn an_admin_sets_the_trade_counter() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let counter = json!({
        "name": "Parts Garage trade counter", "line1": "1200 Harbor Blvd", "line2": "Gate B",
        "city": "Oakland", "region": "CA", "postcode": "94607", "country": "us",
        "hours": "Mon–Fri 7:30–17:30", "phone": "+1 510 555 0142"
    });
    let response = app
        .put_json("/api/admin/counter", Some(&admin.token), &counter)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.unwrap();
    let expected = with(counter, "country", Some(json!("US")));
    assert_eq!(saved, expected);
    assert_eq!(public(&app).await["counter"], expected);

    // Again, with only what is required: the rest is blank.
    let response = app
        .put_json(
            "/api/admin/counter",
            Some(&admin.token),
            &json!({"name": "Depot", "country": "CA"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut expected = default_counter();
    expected["name"] = json!("Depot");
    expected["country"] = json!("CA");
    assert_eq!(public(&app).await["counter"], expected);
}

#[tokio::test]
async fn wrong_counter_fields_are_each_named() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({"name": "Depot", "country": "US"});
    let cases = [
        ("name", None, "Name is Required"),
        (
            "name",
            Some(json!("x".repeat(101))),
            "Name must be at most 100 characters",
        ),
        ("country", None, "Country is Required"),
        (
            "country",
            Some(json!("USA")),
            "Country must be a two-letter country code",
        ),
        (
            "hours",
            Some(json!("x".repeat(201))),
            "Hours must be at most 200 characters",
        ),
        ("line1", Some(json!(12)), "Address line 1 must be text"),
        (
            "phone",
            Some(json!("x".repeat(201))),
            "Phone must be at most 200 characters",
        ),
    ];
    for (field, value, message) in cases {
        let response = app
            .put_json(
                "/api/admin/counter",
                Some(&admin.token),
                &with(body.clone(), field, value),
            )
            .await;
        expect_field_error(response, field, message).await;
    }
    assert_eq!(public(&app).await["counter"], default_counter());
}

#[tokio::test]
async fn only_admins_manage_delivery_and_the_counter() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let method = add_method(&app, &admin, &method_body()).await;
    let path = format!(
        "/api/admin/shipping-methods/{}",
        method["_id"].as_str().unwrap()
    );
    let counter = json!({"name": "Depot", "country": "US"});
    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(buyer.token.as_str()), StatusCode::FORBIDDEN),
    ] {
        let responses = [
            app.get("/api/admin/shipping-methods", token).await,
            app.post_json("/api/admin/shipping-methods", token, &method_body())
                .await,
            app.put_json(&path, token, &method_body()).await,
            app.delete(&path, token).await,
            app.put_json("/api/admin/counter", token, &counter).await,
        ];
        for response in responses {
            assert_eq!(response.status(), status, "{}", response.url());
            error_of(response).await;
        }
    }
    assert_eq!(admin_methods(&app, &admin).await, vec![method]);
    assert_eq!(public(&app).await["counter"], default_counter());
}

#[tokio::test]
async fn demo_data_brings_two_delivery_methods_a_counter_and_weights() {
    let app = spawn_app_with(|c| c.demo_data = true).await;
    let shown = public(&app).await;
    let methods = shown["methods"].as_array().unwrap();
    assert_eq!(methods.len(), 2, "{shown}");
    for method in methods {
        assert!(method["basePrice"].as_f64().unwrap() > 0.0, "{method}");
        assert!(method["pricePerKg"].as_f64().unwrap() > 0.0, "{method}");
        assert_eq!(method["active"], true);
    }
    let counter = &shown["counter"];
    for field in [
        "name", "line1", "city", "region", "postcode", "hours", "phone",
    ] {
        assert!(
            counter[field].as_str().is_some_and(|s| !s.is_empty()),
            "{field} in {counter}"
        );
    }
    assert_eq!(counter["country"], "US");
    let (parts, _) = app.parts("").await;
    for part in &parts {
        assert!(part["weightKg"].as_f64().unwrap() > 0.0, "{part}");
    }
    // Loaded once: a restart adds no second set.
    let again = app.restart_with(|_| {}).await;
    assert_eq!(public(&again).await["methods"].as_array().unwrap().len(), 2);
}

/// The pricing the checkout uses, run on the shop's own database.
mod pricing {
    use shop::shipping::{self, MethodChoice, Quote};

    use super::*;

    async fn quote(
        app: &TestApp,
        goods_cents: i64,
        weight_grams: i64,
        method: MethodChoice,
        address: Option<(i64, i64)>,
    ) -> Result<Quote, shop::core::error::ApiError> {
        let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
        let mut conn = db.pool.acquire().await.unwrap();
        let address = match address {
            Some((user, id)) => shop::addresses::find_for_user(&db, &mut conn, user, id)
                .await
                .unwrap(),
            None => None,
        };
        let quote = shipping::quote(
            &db,
            &mut conn,
            goods_cents,
            weight_grams,
            method,
            address.as_ref(),
        )
        .await;
        drop(conn);
        db.close().await;
        quote
    }

    /// Adds an address for `user`; answers (user id, address id).
    async fn address(app: &TestApp, user: &User, country: &str, region: &str) -> (i64, i64) {
        let body = json!({
            "name": "Ann", "line1": "1 Main St", "city": "Town", "postcode": "12345",
            "country": country, "region": region
        });
        let response = app
            .post_json("/api/addresses", Some(&user.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let address: Value = response.json().await.unwrap();
        let user_id = app
            .count_sql(&format!(
                "SELECT id FROM users WHERE email = '{}'",
                user.email
            ))
            .await;
        (user_id, address["_id"].as_str().unwrap().parse().unwrap())
    }

    async fn set_rate(app: &TestApp, admin: &User, body: Value) {
        let response = app
            .post_json("/api/admin/tax-rates", Some(&admin.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }

    #[tokio::test]
    async fn pickup_is_free_and_taxed_where_the_counter_is() {
        let app = spawn_app().await;
        let admin = app.admin().await;
        // Defaults: a counter in the US, no rates: goods only.
        let plain = quote(&app, 4_299, 1_900, MethodChoice::Pickup, None)
            .await
            .unwrap();
        assert_eq!(
            (plain.shipping_cents, plain.tax_cents, plain.total_cents),
            (0, 0, 4_299)
        );
        assert_eq!(
            (plain.method_id.as_str(), plain.method_name.as_str()),
            ("pickup", "Counter pickup")
        );
        assert_eq!((plain.tax_rate_ppm, plain.tax_name.as_str()), (0, ""));

        let counter = json!({"name": "Depot", "country": "US", "region": "oh"});
        let response = app
            .put_json("/api/admin/counter", Some(&admin.token), &counter)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        set_rate(
            &app,
            &admin,
            json!({"country": "US", "region": "OH", "name": "Ohio", "ratePercent": 7.25}),
        )
        .await;
        let taxed = quote(&app, 4_299, 1_900, MethodChoice::Pickup, None)
            .await
            .unwrap();
        // 7.25% of 42.99 = 311.6775 cents: 312.
        assert_eq!(
            (taxed.shipping_cents, taxed.tax_cents, taxed.total_cents),
            (0, 312, 4_611)
        );
        assert_eq!(
            (taxed.tax_rate_ppm, taxed.tax_name.as_str()),
            (72_500, "Ohio")
        );
    }

    #[tokio::test]
    async fn delivery_is_priced_by_weight_and_taxed_where_it_goes() {
        let app = spawn_app().await;
        let admin = app.admin().await;
        let buyer = app.new_user().await;
        let method = add_method(&app, &admin, &method_body()).await;
        let id: i64 = method["_id"].as_str().unwrap().parse().unwrap();
        let california = address(&app, &buyer, "us", " ca ").await;
        let texas = address(&app, &buyer, "US", "TX").await;
        set_rate(
            &app,
            &admin,
            json!({"country": "US", "ratePercent": 5, "appliesToShipping": false}),
        )
        .await;
        set_rate(
            &app,
            &admin,
            json!({"country": "US", "region": "CA", "ratePercent": 8.25}),
        )
        .await;

        // $10.00 of goods, 2.001 kg: 5.95 + 0.50 × 2.001 (100.05 cents: 100) = 6.95;
        // 8.25% of 16.95 = 139.8375 cents: 140.
        let q = quote(
            &app,
            1_000,
            2_001,
            MethodChoice::Delivery(id),
            Some(california),
        )
        .await
        .unwrap();
        assert_eq!(
            (q.shipping_cents, q.tax_cents, q.total_cents),
            (695, 140, 1_835)
        );
        assert_eq!(
            (q.method_id, q.method_name),
            (id.to_string(), "Standard delivery".to_owned())
        );
        assert_eq!(q.tax_rate_ppm, 82_500);

        // Texas has no rate of its own: the country's, on the goods only (5% of 10.00).
        let q = quote(&app, 1_000, 2_001, MethodChoice::Delivery(id), Some(texas))
            .await
            .unwrap();
        assert_eq!(
            (q.shipping_cents, q.tax_cents, q.total_cents),
            (695, 50, 1_745)
        );

        // Free from $150.00 exactly.
        let q = quote(&app, 15_000, 2_001, MethodChoice::Delivery(id), Some(texas))
            .await
            .unwrap();
        assert_eq!(
            (q.shipping_cents, q.tax_cents, q.total_cents),
            (0, 750, 15_750)
        );
        let q = quote(&app, 14_999, 0, MethodChoice::Delivery(id), Some(texas))
            .await
            .unwrap();
        assert_eq!(q.shipping_cents, 595);
    }

    #[tokio::test]
    async fn an_unknown_or_inactive_method_or_a_missing_address_is_refused() {
        let app = spawn_app().await;
        let admin = app.admin().await;
        let buyer = app.new_user().await;
        let home = address(&app, &buyer, "US", "CA").await;
        let inactive = add_method(
            &app,
            &admin,
            &with(method_body(), "active", Some(json!(false))),
        )
        .await;
        let inactive: i64 = inactive["_id"].as_str().unwrap().parse().unwrap();
        let active = add_method(&app, &admin, &method_body()).await;
        let active: i64 = active["_id"].as_str().unwrap().parse().unwrap();
        for method in [
            MethodChoice::Delivery(inactive),
            MethodChoice::Delivery(999_999),
        ] {
            let Err(shop::core::error::ApiError::BadRequest { fields, .. }) =
                quote(&app, 1_000, 0, method, Some(home)).await
            else {
                panic!("{method:?} is refused")
            };
            assert_eq!(fields["deliveryMethod"], "No such delivery method");
        }
        let Err(shop::core::error::ApiError::BadRequest { fields, .. }) =
            quote(&app, 1_000, 0, MethodChoice::Delivery(active), None).await
        else {
            panic!("an address is needed")
        };
        assert_eq!(fields["addressId"], "A delivery address is Required");
    }

    #[tokio::test]
    async fn the_options_are_pickup_then_each_active_method_priced() {
        let app = spawn_app().await;
        let admin = app.admin().await;
        add_method(&app, &admin, &method_body()).await;
        add_method(
            &app,
            &admin,
            &with(method_body(), "active", Some(json!(false))),
        )
        .await;
        let express = json!({"name": "Express", "description": "Next day", "basePrice": 14.95, "pricePerKg": 1.2});
        add_method(&app, &admin, &express).await;
        let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
        let mut conn = db.pool.acquire().await.unwrap();
        let options = shipping::options(&db, &mut conn, 2_000, 2_500, None)
            .await
            .unwrap();
        drop(conn);
        db.close().await;
        let shown: Vec<(String, f64)> = options.iter().map(|o| (o.name.clone(), o.price)).collect();
        // 5.95 + 0.50 × 2.5 = 7.20; 14.95 + 1.20 × 2.5 = 17.95.
        assert_eq!(
            shown,
            [
                ("Counter pickup".to_owned(), 0.0),
                ("Standard delivery".to_owned(), 7.2),
                ("Express".to_owned(), 17.95)
            ]
        );
        assert_eq!(options[0].id, "pickup");
        assert_eq!(options[0].description, "Collect from Trade counter");
        assert_eq!(options[2].description, "Next day");
    }

    #[tokio::test]
    async fn a_method_for_some_places_is_offered_and_sold_only_there() {
        let app = spawn_app().await;
        let admin = app.admin().await;
        let buyer = app.new_user().await;
        let columbus = address(&app, &buyer, "US", " oh ").await;
        let fresno = address(&app, &buyer, "US", "CA").await;
        let toronto = address(&app, &buyer, "ca", "ON").await;
        let courier = json!({
            "name": "Local courier", "description": "Same day in Ohio",
            "basePrice": 9, "pricePerKg": 0, "regions": ["us-OH", "US-Oh", "CA"]
        });
        let courier = add_method(&app, &admin, &courier).await;
        // Each place once, the country upper-case, the region as sent.
        assert_eq!(courier["regions"], json!(["US-OH", "CA"]));
        let id: i64 = courier["_id"].as_str().unwrap().parse().unwrap();

        for served in [columbus, toronto] {
            let q = quote(&app, 1_000, 0, MethodChoice::Delivery(id), Some(served))
                .await
                .unwrap();
            assert_eq!(q.shipping_cents, 900);
        }
        let Err(shop::core::error::ApiError::BadRequest { fields, .. }) =
            quote(&app, 1_000, 0, MethodChoice::Delivery(id), Some(fresno)).await
        else {
            panic!("Fresno is not served")
        };
        assert_eq!(
            fields["deliveryMethod"],
            "Local courier does not deliver to this address"
        );

        // The options for an address leave it out where it does not go.
        let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
        let mut conn = db.pool.acquire().await.unwrap();
        let mut offered = Vec::new();
        for (user, address_id) in [columbus, fresno] {
            let row = shop::addresses::find_for_user(&db, &mut conn, user, address_id)
                .await
                .unwrap();
            let options = shipping::options(&db, &mut conn, 1_000, 0, row.as_ref())
                .await
                .unwrap();
            offered.push(options.len());
        }
        let everywhere = shipping::options(&db, &mut conn, 1_000, 0, None)
            .await
            .unwrap();
        drop(conn);
        db.close().await;
        assert_eq!(offered, [2, 1]);
        assert_eq!(everywhere[1].regions, ["US-OH", "CA"]);

        // The checkout itself refuses it for Fresno and writes nothing.
        let part = app.add_part(&admin, 10, 1, "10.00").await;
        let body = json!({
            "lines": [{"partId": part, "quantity": 1}],
            "deliveryMethod": id.to_string(), "addressId": fresno.1.to_string()
        });
        let response = app
            .post_json("/api/checkout", Some(&buyer.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(app.count_sql("SELECT COUNT(*) FROM bookings").await, 0);
    }

    #[tokio::test]
    async fn places_that_are_not_places_are_refused() {
        let app = spawn_app().await;
        let admin = app.admin().await;
        for regions in [json!(["Ohio"]), json!(["US-"]), json!("US"), json!([1])] {
            let body = with(method_body(), "regions", Some(regions.clone()));
            let response = app
                .post_json("/api/admin/shipping-methods", Some(&admin.token), &body)
                .await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{regions}");
            let error: Value = response.json().await.unwrap();
            assert_eq!(
                error["fields"]["regions"],
                "Regions must be a list of at most 100 places such as \"US\" or \"US-OH\""
            );
        }
        assert!(admin_methods(&app, &admin).await.is_empty());
    }
}
