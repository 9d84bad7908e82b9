//! The address book: each buyer keeps up to 20 addresses of their own, one
//! of them the default, and never sees anyone else's.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// A complete, valid address.
fn address_body() -> Value {
    json!({
        "name": "Ann Driver", "line1": "1200 Harbor Blvd", "line2": "Unit 4",
        "city": "Oakland", "region": "CA", "postcode": "94607", "country": "us",
        "phone": "+1 510 555 0100"
    })
}

/// Adds `body` to `user`'s address book; answers the address.
async fn add(app: &TestApp, user: &User, body: &Value) -> Value {
    let response = app
        .post_json("/api/addresses", Some(&user.token), body)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn book(app: &TestApp, user: &User) -> Vec<Value> {
    let response = app.get("/api/addresses", Some(&user.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn ids(addresses: &[Value]) -> Vec<&str> {
    addresses
        .iter()
        .map(|a| a["_id"].as_str().unwrap())
        .collect()
}

fn default_of(addresses: &[Value]) -> Vec<&str> {
    addresses
        .iter()
        .filter(|a| a["isDefault"] == true)
        .map(|a| a["_id"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_buyer_adds_an_address_and_reads_it_back() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let address = add(&app, &ann, &address_body()).await;
    assert!(address["_id"].as_str().is_some_and(|id| !id.is_empty()));
    assert_eq!(address["name"], "Ann Driver");
    assert_eq!(address["line1"], "1200 Harbor Blvd");
    assert_eq!(address["line2"], "Unit 4");
    assert_eq!(address["city"], "Oakland");
    assert_eq!(address["region"], "CA");
    assert_eq!(address["postcode"], "94607");
    assert_eq!(address["country"], "US", "stored upper-case");
    assert_eq!(address["phone"], "+1 510 555 0100");
    assert_eq!(
        address["isDefault"], true,
        "the first address is the default"
    );
    assert_eq!(book(&app, &ann).await, vec![address]);
}

#[tokio::test]
async fn optional_fields_may_be_left_out() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let body = json!({
        "name": "Ann", "line1": "1 Main St", "city": "Reno", "postcode": "89501", "country": "US"
    });
    let address = add(&app, &ann, &body).await;
    assert_eq!(address["line2"], "");
    assert_eq!(address["region"], "");
    assert_eq!(address["phone"], Value::Null);
    // A blank phone, as a form sends it, is left out too (and documented so).
    let mut blank = body.clone();
    blank["phone"] = json!("");
    assert_eq!(add(&app, &ann, &blank).await["phone"], Value::Null);
    let document = app.openapi().await;
    let phone = &document["components"]["schemas"]["AddressRequest"]["properties"]["phone"];
    let text = phone["oneOf"]
        .as_array()
        .and_then(|kinds| kinds.iter().find(|k| k["type"] == "string"))
        .expect("a phone is documented as text or null");
    assert!(
        text["pattern"].as_str().unwrap().ends_with(")?$"),
        "the documented pattern takes a blank phone: {phone}"
    );
}

#[tokio::test]
async fn wrong_fields_are_each_named() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let post = |body: Value| {
        let (app, ann) = (&app, &ann);
        async move {
            app.post_json("/api/addresses", Some(&ann.token), &body)
                .await
        }
    };
    let cases = [
        ("name", json!(" "), "Name is Required"),
        (
            "name",
            json!("x".repeat(101)),
            "Name must be at most 100 characters",
        ),
        ("line1", Value::Null, "Address line 1 is Required"),
        (
            "line1",
            json!("x".repeat(201)),
            "Address line 1 must be at most 200 characters",
        ),
        (
            "line2",
            json!("x".repeat(201)),
            "Address line 2 must be at most 200 characters",
        ),
        ("city", json!(""), "City is Required"),
        (
            "city",
            json!("x".repeat(101)),
            "City must be at most 100 characters",
        ),
        (
            "region",
            json!("x".repeat(101)),
            "Region must be at most 100 characters",
        ),
        (
            "postcode",
            json!("x".repeat(21)),
            "Postcode must be at most 20 characters",
        ),
        ("postcode", Value::Null, "Postcode is Required"),
        (
            "country",
            json!("USA"),
            "Country must be a two-letter country code",
        ),
        (
            "country",
            json!("U1"),
            "Country must be a two-letter country code",
        ),
        (
            "country",
            json!(1),
            "Country must be a two-letter country code",
        ),
        ("country", Value::Null, "Country is Required"),
        ("phone", json!("call me"), "Provide a valid Phone number"),
        ("isDefault", json!("yes"), "Default must be true or false"),
    ];
    for (field, value, message) in cases {
        let value = (!value.is_null()).then_some(value);
        let response = post(with(address_body(), field, value)).await;
        expect_field_error(response, field, message).await;
    }
    let everything_wrong = json!({"name": "", "country": "x", "isDefault": 1});
    let body = error_of(post(everything_wrong).await).await;
    for field in ["name", "line1", "city", "postcode", "country", "isDefault"] {
        assert!(body["fields"][field].is_string(), "{field} in {body}");
    }
    assert!(book(&app, &ann).await.is_empty(), "nothing was saved");
}

#[tokio::test]
async fn the_default_comes_first_then_the_newest() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let first = add(&app, &ann, &address_body()).await;
    let second = add(
        &app,
        &ann,
        &with(address_body(), "city", Some(json!("Fresno"))),
    )
    .await;
    let third = add(
        &app,
        &ann,
        &with(address_body(), "city", Some(json!("Chico"))),
    )
    .await;
    assert_eq!(second["isDefault"], false);
    assert_eq!(third["isDefault"], false);
    let listed = book(&app, &ann).await;
    assert_eq!(
        ids(&listed),
        [&first["_id"], &third["_id"], &second["_id"]].map(|v| v.as_str().unwrap())
    );
}

#[tokio::test]
async fn making_an_address_the_default_takes_the_mark_from_the_other() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let first = add(&app, &ann, &address_body()).await;
    let second = add(
        &app,
        &ann,
        &with(address_body(), "isDefault", Some(json!(true))),
    )
    .await;
    assert_eq!(second["isDefault"], true);
    let listed = book(&app, &ann).await;
    assert_eq!(default_of(&listed), [second["_id"].as_str().unwrap()]);
    assert_eq!(ids(&listed)[0], second["_id"]);

    // Back to the first one, by an edit.
    let id = first["_id"].as_str().unwrap();
    let response = app
        .put_json(
            &format!("/api/addresses/{id}"),
            Some(&ann.token),
            &with(address_body(), "isDefault", Some(json!(true))),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let listed = book(&app, &ann).await;
    assert_eq!(default_of(&listed), [id]);
}

#[tokio::test]
async fn the_default_stays_the_default_when_an_edit_says_false() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let first = add(&app, &ann, &address_body()).await;
    let second = add(&app, &ann, &address_body()).await;
    let id = first["_id"].as_str().unwrap();
    let changed = json!({
        "name": "Ann D.", "line1": "9 Pine St", "city": "Sacramento", "region": "ca",
        "postcode": "95814", "country": "US", "isDefault": false
    });
    let response = app
        .put_json(&format!("/api/addresses/{id}"), Some(&ann.token), &changed)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let address: Value = response.json().await.unwrap();
    assert_eq!(address["_id"], id);
    assert_eq!(address["isDefault"], true);
    assert_eq!(address["name"], "Ann D.");
    assert_eq!(address["line2"], "", "a PUT replaces every field");
    assert_eq!(address["phone"], Value::Null);
    assert_eq!(address["region"], "ca");
    // And a non-default address left without isDefault stays as it is.
    let other = second["_id"].as_str().unwrap();
    let response = app
        .put_json(
            &format!("/api/addresses/{other}"),
            Some(&ann.token),
            &address_body(),
        )
        .await;
    let address: Value = response.json().await.unwrap();
    assert_eq!(address["isDefault"], false);
    assert_eq!(default_of(&book(&app, &ann).await), [id]);
}

#[tokio::test]
async fn deleting_the_default_makes_the_newest_left_the_default() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let first = add(&app, &ann, &address_body()).await;
    let second = add(&app, &ann, &address_body()).await;
    let third = add(&app, &ann, &address_body()).await;
    let _ = second;
    let id = first["_id"].as_str().unwrap();
    let response = app
        .delete(&format!("/api/addresses/{id}"), Some(&ann.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );
    let listed = book(&app, &ann).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(default_of(&listed), [third["_id"].as_str().unwrap()]);

    // Deleting one that is not the default leaves the default alone.
    let other = ids(&listed)[1].to_owned();
    let response = app
        .delete(&format!("/api/addresses/{other}"), Some(&ann.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let listed = book(&app, &ann).await;
    assert_eq!(default_of(&listed), [third["_id"].as_str().unwrap()]);

    // The last one goes too; the next address is the default again.
    let last = third["_id"].as_str().unwrap();
    let response = app
        .delete(&format!("/api/addresses/{last}"), Some(&ann.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(book(&app, &ann).await.is_empty());
    let again = add(&app, &ann, &address_body()).await;
    assert_eq!(again["isDefault"], true);

    let response = app
        .delete(&format!("/api/addresses/{last}"), Some(&ann.token))
        .await;
    expect_error(response, StatusCode::NOT_FOUND, "Address not found").await;
}

#[tokio::test]
async fn an_address_book_holds_at_most_twenty_addresses() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    for _ in 0..20 {
        add(&app, &ann, &address_body()).await;
    }
    let response = app
        .post_json("/api/addresses", Some(&ann.token), &address_body())
        .await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "An address book holds at most 20 addresses",
    )
    .await;
    let listed = book(&app, &ann).await;
    assert_eq!(listed.len(), 20);
    assert_eq!(default_of(&listed).len(), 1);
    // Another buyer's book is not full.
    let bob = app.new_user().await;
    add(&app, &bob, &address_body()).await;
    // Room again after a delete.
    let id = ids(&listed)[5].to_owned();
    let response = app
        .delete(&format!("/api/addresses/{id}"), Some(&ann.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    add(&app, &ann, &address_body()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn addresses_added_at_once_never_pass_the_limit_or_lose_the_default() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let posts = (0..25).map(|n| {
        let body = with(address_body(), "isDefault", Some(json!(n % 2 == 0)));
        let (app, ann) = (&app, &ann);
        async move {
            app.post_json("/api/addresses", Some(&ann.token), &body)
                .await
        }
    });
    let responses = join_all(posts).await;
    let created = responses
        .iter()
        .filter(|r| r.status() == StatusCode::CREATED)
        .count();
    let refused = responses
        .iter()
        .filter(|r| r.status() == StatusCode::CONFLICT)
        .count();
    assert_eq!((created, refused), (20, 5));
    let listed = book(&app, &ann).await;
    assert_eq!(listed.len(), 20);
    assert_eq!(default_of(&listed).len(), 1, "exactly one default");
}

#[tokio::test]
async fn someone_elses_address_is_not_found() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let bob = app.new_user().await;
    let admin = app.admin().await;
    let address = add(&app, &ann, &address_body()).await;
    let path = format!("/api/addresses/{}", address["_id"].as_str().unwrap());
    for user in [&bob, &admin] {
        let response = app
            .put_json(&path, Some(&user.token), &address_body())
            .await;
        expect_error(response, StatusCode::NOT_FOUND, "Address not found").await;
        let response = app.delete(&path, Some(&user.token)).await;
        expect_error(response, StatusCode::NOT_FOUND, "Address not found").await;
        assert!(book(&app, user).await.is_empty());
    }
    for path in [
        "/api/addresses/999999",
        "/api/addresses/abc",
        "/api/addresses/0",
    ] {
        let response = app.put_json(path, Some(&ann.token), &address_body()).await;
        expect_error(response, StatusCode::NOT_FOUND, "Address not found").await;
        let response = app.delete(path, Some(&ann.token)).await;
        expect_error(response, StatusCode::NOT_FOUND, "Address not found").await;
    }
    let listed = book(&app, &ann).await;
    assert_eq!(listed, vec![address], "unchanged");
}

#[tokio::test]
async fn signed_out_callers_are_turned_away() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let address = add(&app, &ann, &address_body()).await;
    let path = format!("/api/addresses/{}", address["_id"].as_str().unwrap());
    let response = app.get("/api/addresses", None).await;
    expect_error(response, StatusCode::UNAUTHORIZED, "Please sign in first").await;
    let response = app.post_json("/api/addresses", None, &address_body()).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.put_json(&path, None, &address_body()).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.delete(&path, None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(book(&app, &ann).await.len(), 1);
}
