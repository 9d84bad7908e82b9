//! Wrong fields on every write: missing, wrong types, bad numbers, overlong
//! or NUL-bearing text. Each gets a 400 naming the field, and nothing is stored.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// Posts `body` as a new part and checks the 400 names `field` with `message`.
async fn refuse_part(app: &TestApp, admin: &User, body: Value, field: &str, message: &str) {
    let response = app.post_part(Some(&admin.token), &body).await;
    expect_field_error(response, field, message).await;
}

#[tokio::test]
async fn a_new_part_with_a_wrong_field_is_refused_and_not_stored() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let long_name = "n".repeat(201);
    let long_description = "d".repeat(5001);
    let cases: Vec<(&str, Option<Value>, &str)> = vec![
        ("name", None, "Name is Required"),
        ("name", Some(json!("   ")), "Name is Required"),
        ("name", Some(json!(123)), "Name must be text"),
        (
            "name",
            Some(json!(long_name)),
            "Name must be at most 200 characters",
        ),
        (
            "name",
            Some(json!("Pads\u{0}")),
            "Name must not contain NUL characters",
        ),
        ("description", None, "Description is Required"),
        (
            "description",
            Some(json!(long_description)),
            "Description must be at most 5000 characters",
        ),
        (
            "description",
            Some(json!("a\u{0}b")),
            "Description must not contain NUL characters",
        ),
        ("price", None, "Price is Required"),
        ("price", Some(json!("")), "Price is Required"),
        ("price", Some(json!("abc")), "Price must be a number"),
        ("price", Some(json!("12,50")), "Price must be a number"),
        ("price", Some(json!("1e3")), "Price must be a number"),
        ("price", Some(json!(true)), "Price must be a number"),
        ("price", Some(json!(-5)), "Price must be more than 0"),
        ("price", Some(json!("-0.50")), "Price must be more than 0"),
        ("price", Some(json!(0)), "Price must be more than 0"),
        (
            "price",
            Some(json!(12.345)),
            "Price can have at most two decimals",
        ),
        (
            "price",
            Some(json!("9.999")),
            "Price can have at most two decimals",
        ),
        (
            "price",
            Some(json!(1_000_000.01)),
            "Price must be at most 1000000",
        ),
        ("availableQuantity", None, "Quantity is Required"),
        ("availableQuantity", Some(json!("")), "Quantity is Required"),
        (
            "availableQuantity",
            Some(json!(-1)),
            "Quantity must be at least 0",
        ),
        (
            "availableQuantity",
            Some(json!(1.5)),
            "Quantity must be a whole number",
        ),
        (
            "availableQuantity",
            Some(json!("ten")),
            "Quantity must be a whole number",
        ),
        (
            "availableQuantity",
            Some(json!("2.5")),
            "Quantity must be a whole number",
        ),
        ("minimumOrder", None, "Quantity is Required"),
        (
            "minimumOrder",
            Some(json!(0)),
            "Quantity must be at least 1",
        ),
        (
            "minimumOrder",
            Some(json!(0.5)),
            "Quantity must be a whole number",
        ),
        (
            "minimumOrder",
            Some(json!({"n": 1})),
            "Quantity must be a whole number",
        ),
        ("img", None, "Image is Required"),
        (
            "img",
            Some(json!("javascript:alert(1)")),
            "Image must be the address of an uploaded image",
        ),
        (
            "img",
            Some(json!("/api/image/a.png\" onerror=\"x")),
            "Image must be the address of an uploaded image",
        ),
    ];
    for (field, value, message) in cases {
        refuse_part(
            &app,
            &admin,
            with(part_body(), field, value),
            field,
            message,
        )
        .await;
    }
    assert_eq!(app.parts("").await, (vec![], 0), "nothing was stored");
}

#[tokio::test]
async fn every_wrong_field_of_a_part_is_named_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = json!({"name": "", "price": "-1", "availableQuantity": 1.5, "minimumOrder": 3});
    let response = app.post_part(Some(&admin.token), &body).await;
    let error = expect_error(response, StatusCode::BAD_REQUEST, "Name is Required").await;
    assert_eq!(
        error["fields"],
        json!({
            "name": "Name is Required", "description": "Description is Required",
            "img": "Image is Required", "price": "Price must be more than 0",
            "availableQuantity": "Quantity must be a whole number"
        })
    );
}

#[tokio::test]
async fn text_at_its_limits_is_accepted() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    // Limits count characters, not bytes.
    let name = "é".repeat(200);
    let description = "ü".repeat(5000);
    let fields = json!({"name": name, "description": description, "availableQuantity": 0, "minimumOrder": 1});
    let id = app.add_part_with(&admin, fields).await;
    let part = app.part(&id).await;
    assert_eq!(part["name"], name);
    assert_eq!(part["description"], description);
    assert_eq!(part["availableQuantity"], 0);
}

#[tokio::test]
async fn a_minimum_order_above_the_stock_is_allowed_but_cannot_be_ordered() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let id = app.add_part(&admin, 3, 5, "5.00").await;
    let response = app.order(&buyer, &id, 5).await;
    expect_error(response, StatusCode::CONFLICT, "Not enough stock").await;
    assert_eq!(app.part(&id).await["availableQuantity"], 3);
}

#[tokio::test]
async fn a_bad_update_is_refused_and_the_part_is_unchanged() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 2, "34.99").await;
    let before = app.part(&id).await;
    let cases = [
        (
            json!({"price": "12.345"}),
            "price",
            "Price can have at most two decimals",
        ),
        (json!({"price": -1}), "price", "Price must be more than 0"),
        (
            json!({"availableQuantity": -4}),
            "availableQuantity",
            "Quantity must be at least 0",
        ),
        (
            json!({"minimumOrder": 1.5}),
            "minimumOrder",
            "Quantity must be a whole number",
        ),
        (json!({"name": ""}), "name", "Name is Required"),
        (
            json!({"name": "x".repeat(201)}),
            "name",
            "Name must be at most 200 characters",
        ),
        (
            json!({"description": "\u{0}"}),
            "description",
            "Description must not contain NUL characters",
        ),
        (json!({"img": 5}), "img", "Image must be text"),
        // A good field next to a bad one is not saved either.
        (
            json!({"name": "New name", "price": "abc"}),
            "price",
            "Price must be a number",
        ),
    ];
    for (body, field, message) in cases {
        let response = app.put_part(Some(&admin.token), &id, &body).await;
        expect_field_error(response, field, message).await;
    }
    assert_eq!(app.part(&id).await, before);
}

#[tokio::test]
async fn a_bad_review_is_refused_and_not_stored() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let cases = [
        (
            "name",
            json!("x".repeat(201)),
            "Name must be at most 200 characters",
        ),
        (
            "name",
            json!("A\u{0}nn"),
            "Name must not contain NUL characters",
        ),
        ("name", json!(["Ann"]), "Name must be text"),
        (
            "description",
            json!("x".repeat(5001)),
            "Description must be at most 5000 characters",
        ),
        ("description", json!(" \n\t "), "Description is Required"),
        (
            "img",
            json!("data:image/png;base64,AAAA"),
            "Image must be the address of an uploaded image",
        ),
    ];
    for (field, value, message) in cases {
        let body = with(review_body(), field, Some(value));
        let response = app.post_review(Some(&user.token), &body).await;
        expect_field_error(response, field, message).await;
    }
    assert!(app.reviews().await.is_empty());
}

#[tokio::test]
async fn a_bad_profile_is_refused_and_not_stored() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let cases = [
        (
            "education",
            json!("x".repeat(201)),
            "Education must be at most 200 characters",
        ),
        (
            "location",
            json!("x\u{0}"),
            "Location must not contain NUL characters",
        ),
        ("city", json!(7), "City must be text"),
        ("linkedin", json!("   "), "LinkedIn is Required"),
        (
            "phone",
            json!("1".repeat(40)),
            "Provide a valid Phone number",
        ),
        (
            "img",
            json!("ftp://example.com/a.png"),
            "Image must be the address of an uploaded image",
        ),
    ];
    for (field, value, message) in cases {
        let body = with(profile_body(), field, Some(value));
        let response = app.post_profile(Some(&user.token), &body).await;
        expect_field_error(response, field, message).await;
    }
    let response = app.profile(Some(&user.token)).await;
    assert_eq!(
        response.status(),
        StatusCode::NOT_FOUND,
        "nothing was stored"
    );
}

#[tokio::test]
async fn a_bad_order_is_refused_and_takes_no_stock() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let part = app.add_part(&admin, 10, 1, "5.00").await;
    let cases = [
        (json!({"partId": part}), "partOrder", "Quantity is Required"),
        (
            json!({"partId": part, "partOrder": ""}),
            "partOrder",
            "Quantity is Required",
        ),
        (
            json!({"partId": part, "partOrder": 1.5}),
            "partOrder",
            "Quantity must be a whole number",
        ),
        (
            json!({"partId": part, "partOrder": "two"}),
            "partOrder",
            "Quantity must be a whole number",
        ),
        (
            json!({"partId": part, "partOrder": 0}),
            "partOrder",
            "Quantity must be at least 1",
        ),
        (
            json!({"partId": part, "partOrder": -3}),
            "partOrder",
            "Quantity must be at least 1",
        ),
        (
            json!({"partId": part, "quantity": -3}),
            "quantity",
            "Quantity must be at least 1",
        ),
        (json!({"partOrder": 1}), "partId", "Part is Required"),
        (
            json!({"partId": " ", "partOrder": 1}),
            "partId",
            "Part is Required",
        ),
        (
            json!({"partId": true, "partOrder": 1}),
            "partId",
            "partId must be a part's id",
        ),
        (
            json!({"partId": part, "partOrder": 1, "phone": "call me"}),
            "phone",
            "Provide a valid Phone number",
        ),
    ];
    for (body, field, message) in cases {
        let response = app
            .post_json("/api/booking", Some(&buyer.token), &body)
            .await;
        expect_field_error(response, field, message).await;
    }
    assert_eq!(app.part(&part).await["availableQuantity"], 10);
    assert!(app.orders_of(&buyer).await.is_empty());
}

#[tokio::test]
async fn a_bad_sign_up_is_refused_and_makes_no_account() {
    let app = spawn_app().await;
    let body = json!({"name": "Ann", "email": "ann@example.com", "password": PASSWORD});
    let cases = [
        (
            "name",
            json!("x".repeat(201)),
            "Name must be at most 200 characters",
        ),
        (
            "name",
            json!("Ann\u{0}"),
            "Name must not contain NUL characters",
        ),
        ("email", json!(42), "Email must be text"),
        (
            "email",
            json!(format!("{}@example.com", "a".repeat(250))),
            "Provide a valid Email",
        ),
        ("password", json!(123456), "Password must be text"),
        (
            "password",
            json!("p".repeat(129)),
            "Password must be at most 128 characters",
        ),
    ];
    for (field, value, message) in cases {
        let response = app
            .post_json(
                "/api/auth/signup",
                None,
                &with(body.clone(), field, Some(value)),
            )
            .await;
        expect_field_error(response, field, message).await;
    }
    let response = app.login("ann@example.com", PASSWORD).await;
    assert_eq!(
        response.status(),
        StatusCode::UNAUTHORIZED,
        "no account was made"
    );
}
