//! Tax rates by place: admins keep one rate per country or region, in
//! percent with up to three decimals.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const RATES: &str = "/api/admin/tax-rates";

fn rate_body() -> Value {
    json!({"country": "us", "region": "CA", "name": "California sales tax", "ratePercent": 7.25})
}

async fn add_rate(app: &TestApp, admin: &User, body: &Value) -> Value {
    let response = app.post_json(RATES, Some(&admin.token), body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{body}");
    response.json().await.unwrap()
}

async fn rates(app: &TestApp, admin: &User) -> Vec<Value> {
    let response = app.get(RATES, Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_new_shop_has_no_tax_rates() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert!(rates(&app, &admin).await.is_empty());
}

#[tokio::test]
async fn an_admin_adds_a_rate_and_reads_it_back() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let rate = add_rate(&app, &admin, &rate_body()).await;
    let id = rate["_id"].as_str().unwrap();
    assert_eq!(
        rate,
        json!({
            "_id": id, "country": "US", "region": "CA", "name": "California sales tax",
            "ratePercent": 7.25, "appliesToShipping": true
        })
    );
    assert_eq!(rates(&app, &admin).await, vec![rate.clone()]);
    assert_eq!(
        app.count_sql(&format!("SELECT rate_ppm FROM tax_rates WHERE id = {id}"))
            .await,
        72_500
    );
}

#[tokio::test]
async fn a_rate_is_read_exactly_with_up_to_three_decimals() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (n, (sent, percent, ppm)) in [
        (json!("8.875"), json!(8.875), 88_750),
        (json!(0), json!(0.0), 0),
        (json!(100), json!(100.0), 1_000_000),
        (json!(0.001), json!(0.001), 10),
        (json!(0.1 + 0.2), json!(0.3), 3_000),
        (json!("19"), json!(19.0), 190_000),
    ]
    .into_iter()
    .enumerate()
    {
        let body = json!({"country": "US", "region": format!("R{n}"), "ratePercent": sent});
        let rate = add_rate(&app, &admin, &body).await;
        assert_eq!(rate["ratePercent"], percent, "{sent}");
        let id = rate["_id"].as_str().unwrap();
        let stored = app
            .count_sql(&format!("SELECT rate_ppm FROM tax_rates WHERE id = {id}"))
            .await;
        assert_eq!(stored, ppm, "{sent}");
    }
}

#[tokio::test]
async fn rates_are_listed_by_country_then_region() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (country, region) in [
        ("US", "NY"),
        ("CA", ""),
        ("US", ""),
        ("US", "CA"),
        ("DE", ""),
    ] {
        let body = json!({"country": country, "region": region, "ratePercent": 5});
        add_rate(&app, &admin, &body).await;
    }
    let places: Vec<(String, String)> = rates(&app, &admin)
        .await
        .iter()
        .map(|r| {
            (
                r["country"].as_str().unwrap().to_owned(),
                r["region"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("CA", ""),
        ("DE", ""),
        ("US", ""),
        ("US", "CA"),
        ("US", "NY"),
    ];
    assert_eq!(places, expected.map(|(c, r)| (c.to_owned(), r.to_owned())));
}

#[tokio::test]
async fn a_place_has_one_rate_in_any_case() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    add_rate(&app, &admin, &rate_body()).await;
    for region in ["CA", "ca", " Ca "] {
        let body = with(rate_body(), "region", Some(json!(region)));
        let response = app.post_json(RATES, Some(&admin.token), &body).await;
        let expected = format!("A tax rate for US-{} already exists", region.trim());
        expect_error(response, StatusCode::CONFLICT, &expected).await;
    }
    // The whole country is a place of its own, once.
    let country = json!({"country": "US", "ratePercent": 4});
    add_rate(&app, &admin, &country).await;
    let response = app.post_json(RATES, Some(&admin.token), &country).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A tax rate for US already exists",
    )
    .await;
    let blank_region = json!({"country": "us", "region": "  ", "ratePercent": 4});
    let response = app
        .post_json(RATES, Some(&admin.token), &blank_region)
        .await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A tax rate for US already exists",
    )
    .await;
    // Another country's region of the same name is another place.
    add_rate(
        &app,
        &admin,
        &json!({"country": "MX", "region": "CA", "ratePercent": 16}),
    )
    .await;
    assert_eq!(rates(&app, &admin).await.len(), 3);
}

#[tokio::test]
async fn an_admin_changes_and_deletes_a_rate() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let rate = add_rate(&app, &admin, &rate_body()).await;
    let other = add_rate(&app, &admin, &json!({"country": "US", "ratePercent": 0})).await;
    let id = rate["_id"].as_str().unwrap();
    let path = format!("{RATES}/{id}");

    let changed =
        json!({"country": "US", "region": "ca", "ratePercent": "7.5", "appliesToShipping": false});
    let response = app.put_json(&path, Some(&admin.token), &changed).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({
            "_id": id, "country": "US", "region": "ca", "name": "",
            "ratePercent": 7.5, "appliesToShipping": false
        }),
        "a PUT replaces every field; the rate keeps its own place"
    );
    // Moving it onto another rate's place is refused.
    let onto_other = json!({"country": "US", "ratePercent": 6});
    let response = app.put_json(&path, Some(&admin.token), &onto_other).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A tax rate for US already exists",
    )
    .await;

    let response = app.delete(&path, Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );
    assert_eq!(rates(&app, &admin).await, vec![other]);
    for path in [
        path.as_str(),
        "/api/admin/tax-rates/abc",
        "/api/admin/tax-rates/0",
    ] {
        let response = app.put_json(path, Some(&admin.token), &rate_body()).await;
        expect_error(response, StatusCode::NOT_FOUND, "Tax rate not found").await;
        let response = app.delete(path, Some(&admin.token)).await;
        expect_error(response, StatusCode::NOT_FOUND, "Tax rate not found").await;
    }
    // A deleted place may be given a rate again.
    add_rate(&app, &admin, &rate_body()).await;
}

#[tokio::test]
async fn wrong_rate_fields_are_each_named() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = add_rate(&app, &admin, &json!({"country": "GB", "ratePercent": 20})).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let rate_message = "Rate must be a percentage from 0 to 100";
    let cases = [
        ("country", None, "Country is Required"),
        (
            "country",
            Some(json!("USA")),
            "Country must be a two-letter country code",
        ),
        (
            "country",
            Some(json!("1A")),
            "Country must be a two-letter country code",
        ),
        (
            "region",
            Some(json!("x".repeat(101))),
            "Region must be at most 100 characters",
        ),
        (
            "name",
            Some(json!("x".repeat(101))),
            "Name must be at most 100 characters",
        ),
        ("ratePercent", None, "Rate is Required"),
        ("ratePercent", Some(json!(-1)), rate_message),
        ("ratePercent", Some(json!(100.001)), rate_message),
        ("ratePercent", Some(json!("8.2501")), rate_message),
        ("ratePercent", Some(json!("8%")), rate_message),
        ("ratePercent", Some(json!(true)), rate_message),
        (
            "appliesToShipping",
            Some(json!("no")),
            "Applies to shipping must be true or false",
        ),
    ];
    for (field, value, message) in cases {
        let body = with(rate_body(), field, value);
        let response = app.post_json(RATES, Some(&admin.token), &body).await;
        expect_field_error(response, field, message).await;
        let response = app
            .put_json(&format!("{RATES}/{id}"), Some(&admin.token), &body)
            .await;
        expect_field_error(response, field, message).await;
    }
    assert_eq!(
        rates(&app, &admin).await.len(),
        1,
        "nothing added or changed"
    );
    assert_eq!(rates(&app, &admin).await[0]["ratePercent"], 20.0);
}

#[tokio::test]
async fn only_admins_manage_tax_rates() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let rate = add_rate(&app, &admin, &rate_body()).await;
    let path = format!("{RATES}/{}", rate["_id"].as_str().unwrap());
    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(buyer.token.as_str()), StatusCode::FORBIDDEN),
    ] {
        let responses = [
            app.get(RATES, token).await,
            app.post_json(
                RATES,
                token,
                &with(rate_body(), "region", Some(json!("NV"))),
            )
            .await,
            app.put_json(
                &path,
                token,
                &with(rate_body(), "ratePercent", Some(json!(1))),
            )
            .await,
            app.delete(&path, token).await,
        ];
        for response in responses {
            assert_eq!(response.status(), status, "{}", response.url());
            error_of(response).await;
        }
    }
    assert_eq!(rates(&app, &admin).await, vec![rate]);
}
