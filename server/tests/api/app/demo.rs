//! Demo data (SHOP_DEMO_DATA): a new shop opens with parts, pictures and
//! reviews, and the admin account exists.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// Checks `url` serves an image.
async fn assert_serves_an_image(app: &TestApp, url: &str) {
    assert!(url.starts_with("/api/image/"), "{url}");
    let response = app.get(url, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(content_type.starts_with("image/"), "{url}: {content_type}");
    let bytes = response.bytes().await.unwrap();
    image::load_from_memory(&bytes).unwrap_or_else(|e| panic!("{url}: {e}"));
}

#[tokio::test]
async fn an_empty_shop_with_demo_data_opens_with_parts_pictures_and_reviews() {
    let app = spawn_app_with(|c| c.demo_data = true).await;

    let (parts, total) = app.parts("").await;
    assert!(
        (18..=25).contains(&parts.len()),
        "about 20 parts: {}",
        parts.len()
    );
    assert_eq!(total, parts.len() as i64);
    for part in &parts {
        assert!(!part["name"].as_str().unwrap().is_empty());
        assert!(part["price"].as_f64().unwrap() > 0.0, "{part}");
        assert!(part["minimumOrder"].as_i64().unwrap() >= 1, "{part}");
        assert!(
            part["availableQuantity"].as_i64().unwrap() >= part["minimumOrder"].as_i64().unwrap(),
            "a demo part can be ordered: {part}"
        );
        assert_serves_an_image(&app, part["img"].as_str().unwrap()).await;
    }

    let reviews = app.reviews().await;
    assert!(reviews.len() >= 3, "some reviews: {}", reviews.len());
    for review in &reviews {
        let rating = review["rating"].as_i64().unwrap();
        assert!((1..=5).contains(&rating), "{review}");
        assert_serves_an_image(&app, review["img"].as_str().unwrap()).await;
    }

    let admin = app.admin().await;
    assert_eq!(app.whoami(&admin.token).await["role"], "admin");
}

#[tokio::test]
async fn a_demo_part_can_be_ordered() {
    let app = spawn_app_with(|c| c.demo_data = true).await;
    let buyer = app.new_user().await;
    let (parts, _) = app.parts("?limit=1").await;
    let part = &parts[0];
    let id = part["_id"].as_str().unwrap();
    let minimum = part["minimumOrder"].as_i64().unwrap();
    let order = app.place_order(&buyer, id, minimum).await;
    assert_eq!(order["partName"], part["name"]);
    let expected = (part["price"].as_f64().unwrap() * minimum as f64 * 100.0).round();
    assert_eq!((order["price"].as_f64().unwrap() * 100.0).round(), expected);
}

#[tokio::test]
async fn without_demo_data_a_new_shop_is_empty_but_has_its_admin() {
    let app = spawn_app().await;
    assert_eq!(app.parts("").await.1, 0);
    assert!(app.reviews().await.is_empty());
    let users: Vec<Value> = app
        .users(Some(&app.admin().await.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(users.len(), 1);
    assert_eq!(users[0]["role"], "admin");
}

#[tokio::test]
async fn demo_data_is_loaded_once_and_only_into_a_shop_without_parts() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    app.add_part(&admin, 5, 1, "5.00").await;
    let restarted = app.restart_with(|c| c.demo_data = true).await;
    assert_eq!(
        restarted.parts("").await.1,
        1,
        "a shop with parts gets no demo data"
    );
    assert!(restarted.reviews().await.is_empty());

    let demo = spawn_app_with(|c| c.demo_data = true).await;
    let (parts, total) = demo.parts("").await;
    let restarted = demo.restart_with(|_| {}).await;
    assert_eq!(
        restarted.parts("").await,
        (parts, total),
        "not loaded twice"
    );
}

/// The VINs the README's "Finding parts" lists: each decodes to a vehicle
/// the demo parts fit, with this many parts (engine qualifiers counted).
const DEMO_VINS: [(&str, &str, &str, i64, i64); 7] = [
    ("2T1BURHE0EC123456", "Toyota", "Corolla", 2014, 6),
    ("4T1BF1FK0CU123456", "Toyota", "Camry", 2012, 4),
    ("19XFB2F59DE123456", "Honda", "Civic", 2013, 5),
    ("1FTFW1EF0EKE12345", "Ford", "F-150", 2014, 2),
    ("1FADP3F25EL123456", "Ford", "Focus", 2014, 4),
    ("3VW217AU5FM123456", "Volkswagen", "Golf", 2015, 2),
    ("WBA3A5C56EP123456", "BMW", "3 Series", 2014, 3),
];

#[tokio::test]
async fn the_demo_shows_qualifiers_superseded_numbers_and_vins() {
    let app = spawn_app_with(|c| c.demo_data = true).await;
    let (parts, _) = app.parts("").await;
    let fitments: Vec<&Value> = parts
        .iter()
        .flat_map(|p| p["fitments"].as_array().unwrap())
        .collect();
    for qualifier in ["engine", "axle", "side", "note"] {
        assert!(
            fitments.iter().any(|f| f.get(qualifier).is_some()),
            "a demo fitment has a {qualifier}"
        );
    }
    assert!(
        parts.iter().filter(|p| p["replaces"] != json!([])).count() >= 3,
        "a few demo parts supersede older numbers"
    );
    let (found, _) = app.parts("?q=04465-02220").await;
    assert_eq!(found[0]["sku"], "BRK-1042");
    assert_eq!(found[0]["matchedReplaced"], "04465-02220");

    for (vin, make, model, year, fitting) in DEMO_VINS {
        let response = app.get(&format!("/api/vin/{vin}"), None).await;
        assert_eq!(response.status(), StatusCode::OK, "{vin}");
        let vehicle: Value = response.json().await.unwrap();
        assert_eq!(
            vehicle["catalogueVehicle"],
            json!({"make": make, "model": model, "year": year}),
            "{vin}"
        );
        assert_eq!(vehicle["fittingParts"], fitting, "{vin}");
    }
}
