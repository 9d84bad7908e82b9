//! Fitment qualifiers: a fitment may name an engine, a trim, an axle and a
//! side, and carry a note. The vehicle filter's `engine` and `position`
//! narrow by what a fitment names: a fitment without an engine (or
//! position) fits every engine (or position).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn sku_of(parts: &[Value]) -> Vec<&str> {
    parts.iter().map(|p| p["sku"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn qualifiers_are_stored_and_answered_only_where_given() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let fitments = json!([
        {"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019,
         "engine": " 1.8L   L4 ", "trim": " LE ", "axle": "FRONT", "side": "Left", "note": " Sold singly "},
        {"make": "Toyota", "model": "Camry", "yearFrom": 2012, "yearTo": 2017,
         "engine": "", "trim": null, "axle": " ", "side": null, "note": ""},
    ]);
    let id = app
        .add_part_with(&admin, json!({"fitments": fitments}))
        .await;
    let part = app.part(&id).await;
    assert_eq!(
        part["fitments"],
        json!([
            {"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019,
             "engine": "1.8L L4", "trim": "LE", "axle": "front", "side": "left", "note": "Sold singly"},
            {"make": "Toyota", "model": "Camry", "yearFrom": 2012, "yearTo": 2017},
        ]),
        "blank qualifiers are left out"
    );
    let (listed, _) = app.parts("").await;
    assert_eq!(listed[0]["fitments"], part["fitments"]);

    // An edit that sends the fitments replaces them, qualifiers and all.
    let change = json!({"fitments": [{"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019, "axle": "rear"}]});
    let response = app.put_part(Some(&admin.token), &id, &change).await;
    assert_eq!(response.json::<Value>().await.unwrap()["modifiedCount"], 1);
    assert_eq!(
        app.part(&id).await["fitments"],
        json!([{"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019, "axle": "rear"}])
    );
    // An edit without fitments keeps them.
    let response = app
        .put_part(Some(&admin.token), &id, &json!({"name": "Renamed"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.part(&id).await["fitments"][0]["axle"], "rear");
}

#[tokio::test]
async fn wrong_qualifiers_are_refused_naming_the_row() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let row = |extra: Value| {
        let mut f = json!({"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019});
        for (k, v) in extra.as_object().unwrap() {
            f[k] = v.clone();
        }
        json!({"fitments": [{"make": "Honda", "model": "Civic", "yearFrom": 2006, "yearTo": 2015}, f]})
    };
    let cases = [
        (
            row(json!({"axle": "middle"})),
            "Fitment 2: Axle must be front or rear",
        ),
        (
            row(json!({"side": "centre"})),
            "Fitment 2: Side must be left or right",
        ),
        (row(json!({"side": 1})), "Fitment 2: Side must be text"),
        (
            row(json!({"engine": "x".repeat(41)})),
            "Fitment 2: Engine must be at most 40 characters",
        ),
        (
            row(json!({"note": "n".repeat(201)})),
            "Fitment 2: Note must be at most 200 characters",
        ),
        (row(json!({"trim": ["LE"]})), "Fitment 2: Trim must be text"),
    ];
    for (fields, message) in cases {
        let mut body = part_body();
        body["fitments"] = fields["fitments"].clone();
        let response = app.post_part(Some(&admin.token), &body).await;
        expect_field_error(response, "fitments", message).await;
    }
}

/// Brake pads for the front axle, a left-front strut, an oil filter for the
/// 1.8 L engine, one for the 2.0 L, and wipers for any engine or position.
async fn catalogue(app: &TestApp) {
    let admin = app.admin().await;
    let corolla = |extra: Value| {
        let mut f = json!({"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019});
        for (k, v) in extra.as_object().unwrap() {
            f[k] = v.clone();
        }
        f
    };
    let parts = [
        ("PADS-F", json!([corolla(json!({"axle": "front"}))])),
        ("PADS-R", json!([corolla(json!({"axle": "rear"}))])),
        (
            "STRUT-FL",
            json!([corolla(json!({"axle": "front", "side": "left"}))]),
        ),
        (
            "STRUT-FR",
            json!([corolla(json!({"axle": "front", "side": "right"}))]),
        ),
        ("OIL-18", json!([corolla(json!({"engine": "1.8L L4"}))])),
        (
            "OIL-20",
            json!([corolla(json!({"engine": "2.0L L4"})), {"make": "Honda", "model": "Civic", "yearFrom": 2016, "yearTo": 2021, "engine": "1.8L L4"}]),
        ),
        ("WIPER", json!([corolla(json!({}))])),
    ];
    for (sku, fitments) in parts {
        app.add_part_with(&admin, json!({"sku": sku, "fitments": fitments}))
            .await;
    }
}

#[tokio::test]
async fn the_vehicle_filter_narrows_by_engine_and_position() {
    let app = spawn_app().await;
    catalogue(&app).await;
    let vehicle = "make=Toyota&model=Corolla&year=2015";
    let cases: [(&str, &[&str]); 9] = [
        (
            "",
            &[
                "PADS-F", "PADS-R", "STRUT-FL", "STRUT-FR", "OIL-18", "OIL-20", "WIPER",
            ],
        ),
        (
            "&engine=1.8L%20L4",
            &[
                "PADS-F", "PADS-R", "STRUT-FL", "STRUT-FR", "OIL-18", "WIPER",
            ],
        ),
        // Any case, any spacing.
        (
            "&engine=%201.8l%20%20l4",
            &[
                "PADS-F", "PADS-R", "STRUT-FL", "STRUT-FR", "OIL-18", "WIPER",
            ],
        ),
        (
            "&engine=3.0L%20V6",
            &["PADS-F", "PADS-R", "STRUT-FL", "STRUT-FR", "WIPER"],
        ),
        (
            "&position=front",
            &[
                "PADS-F", "STRUT-FL", "STRUT-FR", "OIL-18", "OIL-20", "WIPER",
            ],
        ),
        ("&position=REAR", &["PADS-R", "OIL-18", "OIL-20", "WIPER"]),
        (
            "&position=left",
            &["PADS-F", "PADS-R", "STRUT-FL", "OIL-18", "OIL-20", "WIPER"],
        ),
        (
            "&position=front-right",
            &["PADS-F", "STRUT-FR", "OIL-18", "OIL-20", "WIPER"],
        ),
        (
            "&position=front-left&engine=2.0L%20L4",
            &["PADS-F", "STRUT-FL", "OIL-20", "WIPER"],
        ),
    ];
    for (extra, expected) in cases {
        let (parts, total) = app.parts(&format!("?{vehicle}{extra}")).await;
        assert_eq!(sku_of(&parts), expected, "{extra}");
        assert_eq!(total, expected.len() as i64, "{extra}");
    }
    // Each fitment is judged as a whole: OIL-20 fits a Civic's 1.8 L, not
    // a Corolla's.
    let (parts, _) = app
        .parts("?make=Toyota&model=Corolla&engine=1.8L%20L4")
        .await;
    assert!(!sku_of(&parts).contains(&"OIL-20"));
    let (parts, _) = app
        .parts("?make=Honda&model=Civic&year=2018&engine=1.8l%20l4")
        .await;
    assert_eq!(sku_of(&parts), ["OIL-20"]);
}

#[tokio::test]
async fn engine_and_position_need_a_vehicle_and_a_known_value() {
    let app = spawn_app().await;
    let cases = [
        ("?engine=1.8L%20L4", "engine", "engine needs a model"),
        ("?make=Toyota&engine=1.8L%20L4", "engine", "engine needs a model"),
        ("?position=front", "position", "position needs a make"),
        (
            "?make=Toyota&position=middle",
            "position",
            "position must be one of front, rear, left, right, front-left, front-right, rear-left, rear-right",
        ),
        (
            &format!("?make=Toyota&model=Corolla&engine={}", "x".repeat(41)),
            "engine",
            "engine must be at most 40 characters",
        ),
    ];
    for (query, field, message) in cases {
        let response = app.list_parts(query).await;
        expect_field_error(response, field, message).await;
    }
    // Sent empty: not sent.
    let response = app.list_parts("?engine=&position=").await;
    assert_eq!(response.status(), StatusCode::OK);
}
