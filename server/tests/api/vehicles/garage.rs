//! My Garage (`/api/garage`): a signed-in buyer's vehicles, one of them
//! current; the browser's vehicle merged in at sign-in once however often
//! it is sent (docs/decisions.md, D25); at most 20; another buyer's
//! vehicles are not found.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

async fn garage(app: &TestApp, user: &User) -> Vec<Value> {
    let response = app.get("/api/garage", Some(&user.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    response.json().await.unwrap()
}

async fn add(app: &TestApp, user: &User, vehicle: &Value) -> reqwest::Response {
    app.post_json("/api/garage", Some(&user.token), vehicle)
        .await
}

async fn added(app: &TestApp, user: &User, vehicle: &Value) -> Value {
    let response = add(app, user, vehicle).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn merge(app: &TestApp, user: &User, vehicle: &Value) -> reqwest::Response {
    app.post_json("/api/garage/merge", Some(&user.token), vehicle)
        .await
}

async fn make_current(app: &TestApp, user: &User, id: &str) -> reqwest::Response {
    app.post_json(
        &format!("/api/garage/{id}/current"),
        Some(&user.token),
        &json!({}),
    )
    .await
}

fn current_of(vehicles: &[Value]) -> Vec<&str> {
    vehicles
        .iter()
        .filter(|v| v["current"] == true)
        .map(|v| v["_id"].as_str().unwrap())
        .collect()
}

fn corolla() -> Value {
    json!({"year": 2014, "make": "Toyota", "model": "Corolla"})
}

#[tokio::test]
async fn a_buyer_adds_switches_and_removes_vehicles() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    assert_eq!(garage(&app, &buyer).await, Vec::<Value>::new());

    let first = added(&app, &buyer, &corolla()).await;
    assert_eq!(first["nickname"], Value::Null);
    assert_eq!(
        (
            &first["year"],
            &first["make"],
            &first["model"],
            &first["engine"],
            &first["trim"],
            &first["vin"]
        ),
        (
            &json!(2014),
            &json!("Toyota"),
            &json!("Corolla"),
            &Value::Null,
            &Value::Null,
            &Value::Null
        )
    );
    assert_eq!(first["current"], true, "the first vehicle is current");

    let truck = added(
        &app,
        &buyer,
        &json!({"nickname": " Work truck ", "year": "2014", "make": " Ford", "model": "F-150 ",
                "engine": "5.0L   V8", "trim": "XLT", "vin": " 1ftfw1ef0eke12345 "}),
    )
    .await;
    assert_eq!(
        (
            &truck["nickname"],
            &truck["make"],
            &truck["model"],
            &truck["engine"],
            &truck["vin"]
        ),
        (
            &json!("Work truck"),
            &json!("Ford"),
            &json!("F-150"),
            &json!("5.0L V8"),
            &json!("1FTFW1EF0EKE12345")
        )
    );
    assert_eq!(
        truck["current"], false,
        "a later vehicle is not current by itself"
    );
    let truck_id = truck["_id"].as_str().unwrap().to_owned();
    let first_id = first["_id"].as_str().unwrap().to_owned();

    // Switch.
    let response = make_current(&app, &buyer, &truck_id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["current"], true);
    let vehicles = garage(&app, &buyer).await;
    assert_eq!(vehicles.len(), 2);
    assert_eq!(vehicles[0]["_id"], first_id.as_str(), "oldest first");
    assert_eq!(current_of(&vehicles), [truck_id.as_str()]);
    // Again: still one current vehicle.
    assert_eq!(
        make_current(&app, &buyer, &truck_id).await.status(),
        StatusCode::OK
    );
    assert_eq!(current_of(&garage(&app, &buyer).await), [truck_id.as_str()]);

    // Edit: the fields sent replace the vehicle's; current stays.
    let response = app
        .put_json(
            &format!("/api/garage/{truck_id}"),
            Some(&buyer.token),
            &json!({"year": 2013, "make": "Ford", "model": "F-150", "engine": "3.5L V6"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(
        (
            &edited["year"],
            &edited["engine"],
            &edited["nickname"],
            &edited["vin"],
            &edited["current"]
        ),
        (
            &json!(2013),
            &json!("3.5L V6"),
            &Value::Null,
            &Value::Null,
            &json!(true)
        )
    );

    // Remove the current one: none is current.
    let response = app
        .delete(&format!("/api/garage/{truck_id}"), Some(&buyer.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );
    let vehicles = garage(&app, &buyer).await;
    assert_eq!(vehicles.len(), 1);
    assert!(current_of(&vehicles).is_empty());
    let response = app
        .delete(&format!("/api/garage/{truck_id}"), Some(&buyer.token))
        .await;
    expect_error(response, StatusCode::NOT_FOUND, "Vehicle not found").await;
}

#[tokio::test]
async fn the_browsers_vehicle_joins_the_garage_at_sign_in_once() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    let truck = added(
        &app,
        &buyer,
        &json!({"year": 2014, "make": "Ford", "model": "F-150"}),
    )
    .await;
    assert_eq!(truck["current"], true);

    // Signed out, the browser remembered a 2014 Toyota Corolla.
    let response = merge(&app, &buyer, &corolla()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let merged: Value = response.json().await.unwrap();
    assert_eq!(
        merged["current"], true,
        "the vehicle being shopped for is current"
    );

    // Signing in again (another device, the same remembered vehicle, in
    // another case) adds nothing.
    for vehicle in [
        corolla(),
        json!({"year": 2014, "make": "TOYOTA", "model": " corolla "}),
    ] {
        let response = merge(&app, &buyer, &vehicle).await;
        assert_eq!(response.status(), StatusCode::OK);
        let again: Value = response.json().await.unwrap();
        assert_eq!(again["_id"], merged["_id"]);
        assert_eq!(again["current"], true);
    }
    let vehicles = garage(&app, &buyer).await;
    assert_eq!(vehicles.len(), 2);
    assert_eq!(current_of(&vehicles), [merged["_id"].as_str().unwrap()]);

    // Merging a vehicle already there makes it current again.
    let response = merge(
        &app,
        &buyer,
        &json!({"year": 2014, "make": "Ford", "model": "F-150"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        current_of(&garage(&app, &buyer).await),
        [truck["_id"].as_str().unwrap()]
    );

    // A different engine or a VIN makes a different vehicle; the same VIN
    // is one vehicle, whatever else is sent with it.
    let v6 = json!({"year": 2014, "make": "Ford", "model": "F-150", "engine": "3.5L V6"});
    assert_eq!(merge(&app, &buyer, &v6).await.status(), StatusCode::CREATED);
    let with_vin =
        json!({"year": 2014, "make": "Ford", "model": "F-150", "vin": "1FTFW1EF0EKE12345"});
    assert_eq!(
        merge(&app, &buyer, &with_vin).await.status(),
        StatusCode::CREATED
    );
    let renamed = json!({"year": 2014, "make": "Ford", "model": "F150", "nickname": "Truck", "vin": "1ftfw1ef0eke12345"});
    assert_eq!(merge(&app, &buyer, &renamed).await.status(), StatusCode::OK);
    assert_eq!(garage(&app, &buyer).await.len(), 4);

    // Adding (not merging) a vehicle already there is refused.
    expect_error(
        add(&app, &buyer, &corolla()).await,
        StatusCode::CONFLICT,
        "This vehicle is in your garage already",
    )
    .await;
}

#[tokio::test]
async fn a_garage_holds_twenty_vehicles() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    for year in 2000..2020 {
        added(
            &app,
            &buyer,
            &json!({"year": year, "make": "Honda", "model": "Civic"}),
        )
        .await;
    }
    let full = "Your garage holds at most 20 vehicles: remove one before adding another";
    let next = json!({"year": 2020, "make": "Honda", "model": "Civic"});
    expect_error(add(&app, &buyer, &next).await, StatusCode::CONFLICT, full).await;
    expect_error(merge(&app, &buyer, &next).await, StatusCode::CONFLICT, full).await;
    // One already there can still be merged.
    let there = json!({"year": 2005, "make": "Honda", "model": "Civic"});
    assert_eq!(merge(&app, &buyer, &there).await.status(), StatusCode::OK);
    assert_eq!(garage(&app, &buyer).await.len(), 20);
}

#[tokio::test]
async fn another_buyers_vehicles_are_not_found() {
    let app = spawn_app().await;
    let owner = app.new_user().await;
    let other = app.new_user().await;
    let vehicle = added(&app, &owner, &corolla()).await;
    let id = vehicle["_id"].as_str().unwrap();

    assert!(garage(&app, &other).await.is_empty());
    let path = format!("/api/garage/{id}");
    for response in [
        app.put_json(&path, Some(&other.token), &corolla()).await,
        app.delete(&path, Some(&other.token)).await,
        make_current(&app, &other, id).await,
        app.delete("/api/garage/abc", Some(&owner.token)).await,
        make_current(&app, &owner, "999999").await,
    ] {
        expect_error(response, StatusCode::NOT_FOUND, "Vehicle not found").await;
    }
    // The other buyer may keep the same vehicle in a garage of their own.
    let theirs = added(&app, &other, &corolla()).await;
    assert_ne!(theirs["_id"], vehicle["_id"]);
    let mine = garage(&app, &owner).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["current"], true, "untouched");

    // Signed out: 401.
    for response in [
        app.get("/api/garage", None).await,
        app.post_json("/api/garage", None, &corolla()).await,
        app.post_json("/api/garage/merge", None, &corolla()).await,
    ] {
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn a_vehicle_is_checked_field_by_field() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    let cases = [
        (
            json!({"make": "Toyota", "model": "Corolla"}),
            "year",
            "Year is Required",
        ),
        (
            json!({"year": 1949, "make": "Toyota", "model": "Corolla"}),
            "year",
            "Year must be at least 1950",
        ),
        (
            json!({"year": 2014, "make": " ", "model": "Corolla"}),
            "make",
            "Make is Required",
        ),
        (
            json!({"year": 2014, "make": "Toyota"}),
            "model",
            "Model is Required",
        ),
        (
            json!({"year": 2014, "make": "Toyota", "model": "Corolla", "vin": "2T1BURHE0EC12345"}),
            "vin",
            "A VIN has 17 characters; this one has 16",
        ),
        (
            json!({"year": 2014, "make": "Toyota", "model": "Corolla", "vin": "2T1BURHE0EC123457"}),
            "vin",
            "This VIN's check digit does not match: check for a mistyped character",
        ),
        (
            json!({"year": 2014, "make": "Toyota", "model": "Corolla", "engine": "x".repeat(41)}),
            "engine",
            "Engine must be at most 40 characters",
        ),
        (
            json!({"year": 2014, "make": "Toyota", "model": "Corolla", "nickname": 7}),
            "nickname",
            "Nickname must be text",
        ),
    ];
    for (body, field, message) in cases {
        let response = add(&app, &buyer, &body).await;
        expect_field_error(response, field, message).await;
    }
    // A blank VIN, engine or nickname counts as left out.
    let vehicle = added(
        &app,
        &buyer,
        &json!({"year": 2014, "make": "Toyota", "model": "Corolla", "vin": " ", "engine": "", "nickname": null}),
    )
    .await;
    assert_eq!(
        (&vehicle["vin"], &vehicle["engine"]),
        (&Value::Null, &Value::Null)
    );
}
