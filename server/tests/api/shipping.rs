//! How orders travel: the weight of parts, the delivery methods an admin
//! offers, the trade counter, and what buyers see of them.

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
        .put_part(Some(&admin.token), &id, &json!({"name": "Renamed", "weightKg": null}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let part = app.part(&id).await;
    assert_eq!((&part["name"], &part["weightKg"]), (&json!("Renamed"), &json!(2.5)));
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
            .post_part(Some(&admin.token), &with(part_body(), "weightKg", Some(wrong.clone())))
            .await;
        expect_field_error(response, "weightKg", message).await;
        let response = app
            .put_part(Some(&admin.token), &id, &json!({"weightKg": wrong}))
            .await;
        expect_field_error(response, "weightKg", message).await;
    }
    assert_eq!(app.part(&id).await["weightKg"], 0.0, "unchanged");
}
