//! VIN lookup (`GET /api/vin/{vin}`): real-world VINs of the catalogue's
//! makes decode offline to their vehicles, with the parts that fit them;
//! VINs that are not VINs are refused with a message a person can act on
//! (docs/decisions.md, D24).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

async fn lookup(app: &TestApp, vin: &str) -> reqwest::Response {
    app.get(&format!("/api/vin/{vin}"), None).await
}

async fn decoded(app: &TestApp, vin: &str) -> Value {
    let response = lookup(app, vin).await;
    assert_eq!(response.status(), StatusCode::OK, "{vin}");
    response.json().await.unwrap()
}

fn fitment(make: &str, model: &str, from: i64, to: i64) -> Value {
    json!({"make": make, "model": model, "yearFrom": from, "yearTo": to})
}

/// A catalogue of parts for a few of the vehicles the VINs below are.
async fn catalogue(app: &TestApp) {
    let admin = app.admin().await;
    let parts = [
        json!([
            {"make": "Toyota", "model": "Corolla", "yearFrom": 2009, "yearTo": 2019, "engine": "1.8L L4"},
            {"make": "Ford", "model": "F-150", "yearFrom": 2011, "yearTo": 2020, "engine": "5.0L V8"},
        ]),
        json!([fitment("toyota", "corolla", 2014, 2019)]),
        json!([fitment("Toyota", "Corolla", 2009, 2013)]),
        json!([{"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019, "engine": "2.0L L4"}]),
        json!([fitment("BMW", "3 Series", 2012, 2019)]),
        json!([fitment("ford", "f-150", 2011, 2014)]),
    ];
    for fitments in parts {
        app.add_part_with(&admin, json!({"fitments": fitments}))
            .await;
    }
}

#[tokio::test]
async fn real_vins_of_the_catalogues_makes_decode_to_their_vehicles() {
    let app = spawn_app().await;
    let cases = [
        ("2T1BURHE0EC123456", 2014, "Toyota", "Corolla", "1.8L L4"),
        ("4T1BF1FK0CU123456", 2012, "Toyota", "Camry", "2.5L L4"),
        ("19XFB2F59DE123456", 2013, "Honda", "Civic", "1.8L L4"),
        ("1FTFW1EF0EKE12345", 2014, "Ford", "F-150", "5.0L V8"),
        ("1FADP3F25EL123456", 2014, "Ford", "Focus", "2.0L L4"),
        (
            "3VW217AU5FM123456",
            2015,
            "Volkswagen",
            "Golf",
            "1.8L 4-cyl",
        ),
        ("WBA3A5C56EP123456", 2014, "BMW", "328i", "2.0L 4-cyl"),
    ];
    for (vin, year, make, model, engine) in cases {
        let vehicle = decoded(&app, vin).await;
        assert_eq!(vehicle["vin"], vin);
        assert_eq!(
            (
                &vehicle["year"],
                &vehicle["make"],
                &vehicle["model"],
                &vehicle["engine"]
            ),
            (&json!(year), &json!(make), &json!(model), &json!(engine)),
            "{vehicle}"
        );
        assert!(vehicle["body"].is_string(), "{vehicle}");
    }
    let corolla = decoded(&app, "2T1BURHE0EC123456").await;
    assert_eq!(corolla["trim"], "L/LE");
    assert_eq!(corolla["engineCode"], "2ZR-FE");
    assert_eq!(corolla["displacementL"], 1.8);
    assert_eq!(corolla["cylinders"], 4);
    assert_eq!(corolla["fuel"], "Gasoline");
    assert_eq!(corolla["checkDigitChecked"], true);
    let bmw = decoded(&app, "WBA3A5C56EP123456").await;
    assert_eq!(bmw["series"], "3-Series");
    assert_eq!(bmw["checkDigitChecked"], false, "a European VIN");
}

#[tokio::test]
async fn a_vin_counts_the_parts_fitting_its_vehicle_and_engine() {
    let app = spawn_app().await;
    catalogue(&app).await;
    // 2014 Corolla, 1.8 L: the 1.8 part, the part for any engine; not the
    // 2009-2013 part nor the 2.0 L one.
    let corolla = decoded(&app, "2t1burhe0ec123456").await;
    assert_eq!(corolla["vin"], "2T1BURHE0EC123456", "upper-cased");
    assert_eq!(
        corolla["catalogueVehicle"],
        json!({"make": "Toyota", "model": "Corolla", "year": 2014})
    );
    assert_eq!(corolla["fittingParts"], 2);
    assert_eq!(
        app.parts("?make=Toyota&model=Corolla&year=2014&engine=1.8L%20L4")
            .await
            .1,
        2,
        "the same count as the catalogue's filter"
    );
    // A BMW 328i is a 3 Series in the catalogue: its series stands in.
    let bmw = decoded(&app, "WBA3A5C56EP123456").await;
    assert_eq!(
        bmw["catalogueVehicle"],
        json!({"make": "BMW", "model": "3 Series", "year": 2014})
    );
    assert_eq!(bmw["fittingParts"], 1);
    // A 2014 F-150 with the 5.0 L V8 fits both F-150 parts,
    // a 2013 with the 3.5 L V6 only the one without an engine.
    let v8 = decoded(&app, "1FTFW1EF0EKE12345").await;
    assert_eq!(v8["catalogueVehicle"]["model"], "F-150");
    assert_eq!(v8["fittingParts"], 2);
    let v6 = decoded(&app, "1FTFW1ET9DFA12345").await;
    assert_eq!(
        (&v6["year"], &v6["engine"]),
        (&json!(2013), &json!("3.5L V6"))
    );
    assert_eq!(v6["fittingParts"], 1);
    // A vehicle no part lists.
    let camry = decoded(&app, "4T1BF1FK0CU123456").await;
    assert_eq!(camry["catalogueVehicle"], Value::Null);
    assert_eq!(camry["fittingParts"], 0);
}

#[tokio::test]
async fn what_is_not_a_vin_is_refused_with_a_reason() {
    let app = spawn_app().await;
    let cases = [
        (
            "2T1BURHE0EC12345",
            "A VIN has 17 characters; this one has 16",
        ),
        (
            "2T1BURHE0EC1234567",
            "A VIN has 17 characters; this one has 18",
        ),
        (
            "2T1BURHE0EC12345O",
            "A VIN never contains I, O or Q; this one has O at position 17: it may be a 1 or a 0",
        ),
        (
            "2T1BURHE0EC1234%2A6",
            "A VIN has only letters and digits; this one has '*' at position 16",
        ),
        (
            // One digit of a good VIN mistyped.
            "2T1BURHE0EC123457",
            "This VIN's check digit does not match: check for a mistyped character",
        ),
        (
            "1FTFW1EF1EKE12345",
            "This VIN's check digit does not match: check for a mistyped character",
        ),
    ];
    for (vin, message) in cases {
        let body = expect_error(lookup(&app, vin).await, StatusCode::BAD_REQUEST, message).await;
        assert_eq!(body["fields"]["vin"], message);
    }
}

#[tokio::test]
async fn a_valid_vin_the_data_cannot_decode_is_not_found() {
    let app = spawn_app().await;
    // A VIN from outside North America need not carry a check digit, but
    // no maker has this code.
    let response = lookup(&app, "9ZZ11111111111111").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body = error_of(response).await;
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("does not know the maker of this VIN (9ZZ)")
            && message.contains("choose the vehicle by year, make and model"),
        "{message}"
    );
    // A German VIN whose position 9 is not the check digit still decodes.
    let golf = decoded(&app, "WVWDB7AJ5DW123456").await;
    assert_eq!(
        (&golf["make"], &golf["model"]),
        (&json!("Volkswagen"), &json!("Golf"))
    );
    assert_eq!(golf["checkDigitChecked"], false);
}
