//! A part's catalogue fields (part number, OEM numbers, category, fitments,
//! reorder level), the categories and vehicles lists, and restocking.

mod cache;
mod command_import;
mod fitment_qualifiers;
mod import;
mod import_jobs;
mod part_edits;
mod part_pages;
mod parts;
mod ranking;
mod restock_retries;
mod search;
mod stock_races;
mod superseded_numbers;
mod unpaged;
mod vehicles;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const CATEGORIES: [&str; 14] = [
    "Brakes",
    "Engine",
    "Filters",
    "Suspension",
    "Steering",
    "Electrical",
    "Lighting",
    "Cooling",
    "Exhaust",
    "Transmission",
    "Body",
    "Interior",
    "Wheels & Tyres",
    "Other",
];

/// The blocks of ids whose count is not their parts' (D54): 0 when
/// `part_blocks` is right.
const BLOCKS_WRONG: &str = "SELECT COUNT(*) FROM part_blocks AS b \
     WHERE b.parts <> (SELECT COUNT(*) FROM parts AS p WHERE p.id / 1024 = b.block)";

fn this_year() -> i64 {
    i64::from(time::OffsetDateTime::now_utc().year())
}

fn fitment(make: &str, model: &str, from: i64, to: i64) -> Value {
    json!({"make": make, "model": model, "yearFrom": from, "yearTo": to})
}

async fn restock(app: &TestApp, token: Option<&str>, id: &str, body: &Value) -> reqwest::Response {
    app.post_json(&format!("/api/part/{id}/restock"), token, body)
        .await
}

async fn get_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_part_added_without_catalogue_fields_gets_the_defaults() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let part = app.part(&id).await;
    assert_eq!(part["sku"], format!("PG-{:06}", id.parse::<i64>().unwrap()));
    assert_eq!(part["category"], "Other");
    assert_eq!(part["oemNumbers"], json!([]));
    assert_eq!(part["fitments"], json!([]));
    assert_eq!(part["reorderLevel"], 5);
    assert_eq!(part["lowStock"], false);
}

#[tokio::test]
async fn catalogue_fields_are_stored_trimmed_and_shown_everywhere() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let fields = json!({
        "sku": "  brk-1042/a ", "category": "Brakes",
        "oemNumbers": [" 04465-33450 ", "04465 02220"],
        "fitments": [fitment(" Toyota ", "Camry ", 2012, 2017), fitment("Toyota", "Corolla", 2014, 2019)],
        "reorderLevel": 60, "availableQuantity": 60,
    });
    let id = app.add_part_with(&admin, fields).await;
    let part = app.part(&id).await;
    assert_eq!(part["sku"], "BRK-1042/A");
    assert_eq!(part["category"], "Brakes");
    assert_eq!(part["oemNumbers"], json!(["04465-33450", "04465 02220"]));
    assert_eq!(
        part["fitments"],
        json!([
            fitment("Toyota", "Camry", 2012, 2017),
            fitment("Toyota", "Corolla", 2014, 2019)
        ])
    );
    assert_eq!(part["reorderLevel"], 60);
    assert_eq!(
        part["lowStock"], true,
        "60 in stock is at the reorder level"
    );
    let (listed, _) = app.parts("").await;
    assert_eq!(listed[0], part, "the list shows the same part");
}

#[tokio::test]
async fn a_part_number_is_unique_in_any_case() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let first = app.add_part_with(&admin, json!({"sku": "BRK-1042"})).await;
    let other = app.add_part_with(&admin, json!({"sku": "BRK-1043"})).await;
    for sku in ["BRK-1042", "brk-1042", " Brk-1042 "] {
        let body = with(part_body(), "sku", Some(json!(sku)));
        let response = app.post_part(Some(&admin.token), &body).await;
        expect_error(
            response,
            StatusCode::CONFLICT,
            "Another part already has the part number BRK-1042",
        )
        .await;
        let response = app
            .put_part(
                Some(&admin.token),
                &other,
                &json!({"sku": sku, "name": "Changed"}),
            )
            .await;
        expect_error(
            response,
            StatusCode::CONFLICT,
            "Another part already has the part number BRK-1042",
        )
        .await;
    }
    assert_eq!(app.parts("").await.1, 2, "no part was added");
    let unchanged = app.part(&other).await;
    assert_eq!(
        (&unchanged["sku"], &unchanged["name"]),
        (&json!("BRK-1043"), &json!("Front brake pads"))
    );
    // A part keeps its own number, in any case.
    let response = app
        .put_part(
            Some(&admin.token),
            &first,
            &json!({"sku": "brk-1042", "name": "Renamed"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.part(&first).await["sku"], "BRK-1042");
}

#[tokio::test]
async fn a_generated_part_number_never_takes_one_an_admin_typed() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let first: i64 = app.add_part(&admin, 5, 1, "1.00").await.parse().unwrap();
    let next = format!("PG-{:06}", first + 1);
    let typed = app
        .add_part_with(&admin, json!({"sku": next.to_lowercase()}))
        .await;
    assert_eq!(typed, (first + 1).to_string());
    let generated = app.add_part(&admin, 5, 1, "1.00").await;
    let id: i64 = generated.parse().unwrap();
    let sku = app.part(&generated).await["sku"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(sku, format!("PG-{id:06}"), "its own id's number is free");
    // Now an admin types the number the next part would get.
    let next = format!("PG-{:06}", id + 1);
    let typed = app.add_part_with(&admin, json!({"sku": next})).await;
    let after: i64 = typed.parse().unwrap();
    let generated = app.add_part(&admin, 5, 1, "1.00").await;
    let expected = format!("PG-{:06}", after + 1);
    assert_eq!(app.part(&generated).await["sku"], expected);
    let skus: Vec<String> = app
        .parts("")
        .await
        .0
        .iter()
        .map(|p| p["sku"].as_str().unwrap().to_owned())
        .collect();
    let mut unique = skus.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), skus.len(), "{skus:?}");
}

/// Wrong catalogue fields: (field, value sent, message).
fn bad_fields() -> Vec<(&'static str, Value, String)> {
    let next = this_year() + 1;
    let one = |f: Value| json!([f]);
    vec![
        (
            "sku",
            json!("BRK_1042"),
            "Part number may only have letters, digits, spaces, -, . and /".into(),
        ),
        (
            "sku",
            json!("BRK-1042\t"),
            "Part number may only have letters, digits, spaces, -, . and /".into(),
        ),
        (
            "sku",
            json!("X".repeat(41)),
            "Part number must be at most 40 characters".into(),
        ),
        ("sku", json!(1042), "Part number must be text".into()),
        (
            "category",
            json!("brakes"),
            format!("Category must be one of {}", CATEGORIES.join(", ")),
        ),
        (
            "category",
            json!("Tyres"),
            format!("Category must be one of {}", CATEGORIES.join(", ")),
        ),
        ("category", json!(3), "Category must be text".into()),
        (
            "oemNumbers",
            json!("04465-33450"),
            "OEM numbers must be a list".into(),
        ),
        (
            "oemNumbers",
            json!(vec!["A1"; 21]),
            "OEM numbers: at most 20".into(),
        ),
        (
            "oemNumbers",
            json!([""]),
            "OEM number 1 must have letters or digits".into(),
        ),
        (
            "oemNumbers",
            json!(["A1", " -/ "]),
            "OEM number 2 must have letters or digits".into(),
        ),
        (
            "oemNumbers",
            json!(["1".repeat(41)]),
            "OEM number 1 must be at most 40 characters".into(),
        ),
        (
            "oemNumbers",
            json!([44653]),
            "OEM number 1 must be text".into(),
        ),
        (
            "oemNumbers",
            json!(["A1\u{0}"]),
            "OEM number 1 must not contain NUL characters".into(),
        ),
        (
            "fitments",
            json!({"make": "Toyota"}),
            "Fitments must be a list".into(),
        ),
        (
            "fitments",
            json!(vec![fitment("Ford", "Focus", 2012, 2018); 101]),
            "Fitments: at most 100".into(),
        ),
        (
            "fitments",
            json!(["Toyota Corolla"]),
            "Fitment 1 must be an object".into(),
        ),
        (
            "fitments",
            one(json!({"model": "Corolla", "yearFrom": 2009, "yearTo": 2019})),
            "Fitment 1: Make is Required".into(),
        ),
        (
            "fitments",
            one(fitment("Toyota", " ", 2009, 2019)),
            "Fitment 1: Model is Required".into(),
        ),
        (
            "fitments",
            one(fitment(&"M".repeat(61), "Corolla", 2009, 2019)),
            "Fitment 1: Make must be at most 60 characters".into(),
        ),
        (
            "fitments",
            one(fitment("Toyota", "Corolla", 1949, 2019)),
            "Fitment 1: Year from must be at least 1950".into(),
        ),
        (
            "fitments",
            one(fitment("Toyota", "Corolla", 2009, next + 1)),
            format!("Fitment 1: Year to must be at most {next}"),
        ),
        (
            "fitments",
            one(fitment("Toyota", "Corolla", 2019, 2009)),
            "Fitment 1: Year from must not be after year to".into(),
        ),
        (
            "fitments",
            one(json!({"make": "Toyota", "model": "Corolla", "yearFrom": 2009.5, "yearTo": 2019})),
            "Fitment 1: Year from must be a whole number".into(),
        ),
        (
            "fitments",
            json!([fitment("Toyota", "Corolla", 2009, 2019), {"make": "Ford", "model": "Focus", "yearFrom": 2012}]),
            "Fitment 2: Year to is Required".into(),
        ),
        (
            "reorderLevel",
            json!(-1),
            "Reorder level must be at least 0".into(),
        ),
        (
            "reorderLevel",
            json!(1.5),
            "Reorder level must be a whole number".into(),
        ),
        (
            "reorderLevel",
            json!("lots"),
            "Reorder level must be a whole number".into(),
        ),
        (
            "reorderLevel",
            json!(1_000_001),
            "Reorder level must be at most 1000000".into(),
        ),
    ]
}

#[tokio::test]
async fn a_wrong_catalogue_field_answers_400_and_stores_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app
        .add_part_with(&admin, json!({"sku": "KEEP-1", "oemNumbers": ["A-1"], "fitments": [fitment("Honda", "Civic", 2006, 2015)]}))
        .await;
    let before = app.part(&id).await;
    for (field, value, message) in bad_fields() {
        let body = with(part_body(), field, Some(value.clone()));
        let response = app.post_part(Some(&admin.token), &body).await;
        expect_field_error(response, field, &message).await;
        let mut change = json!({"name": "Changed"});
        change[field] = value;
        let response = app.put_part(Some(&admin.token), &id, &change).await;
        expect_field_error(response, field, &message).await;
    }
    assert_eq!(app.parts("").await.1, 1, "no part was added");
    assert_eq!(app.part(&id).await, before, "the part is unchanged");
}

#[tokio::test]
async fn blank_or_null_catalogue_fields_count_as_left_out() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let fields = json!({"sku": "  ", "category": "", "oemNumbers": null, "fitments": null, "reorderLevel": null});
    let id = app.add_part_with(&admin, fields.clone()).await;
    let part = app.part(&id).await;
    assert!(part["sku"].as_str().unwrap().starts_with("PG-"), "{part}");
    assert_eq!(
        (&part["category"], &part["reorderLevel"]),
        (&json!("Other"), &json!(5))
    );
    let response = app.put_part(Some(&admin.token), &id, &fields).await;
    assert_eq!(response.json::<Value>().await.unwrap()["modifiedCount"], 0);
}

#[tokio::test]
async fn an_update_replaces_the_lists_sent_and_keeps_the_rest() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let fields = json!({
        "sku": "SUS-1", "category": "Suspension", "oemNumbers": ["A-1", "B-2"],
        "fitments": [fitment("Honda", "Civic", 2006, 2015)], "reorderLevel": 3,
    });
    let id = app.add_part_with(&admin, fields).await;

    let response = app
        .put_part(Some(&admin.token), &id, &json!({"oemNumbers": ["C-3"]}))
        .await;
    assert_eq!(response.json::<Value>().await.unwrap()["modifiedCount"], 1);
    let part = app.part(&id).await;
    assert_eq!(part["oemNumbers"], json!(["C-3"]));
    assert_eq!(
        part["fitments"],
        json!([fitment("Honda", "Civic", 2006, 2015)])
    );
    assert_eq!(
        (&part["sku"], &part["category"], &part["reorderLevel"]),
        (&json!("SUS-1"), &json!("Suspension"), &json!(3))
    );

    let change = json!({"fitments": [], "category": "Steering", "reorderLevel": 0, "sku": "str-9"});
    app.put_part(Some(&admin.token), &id, &change).await;
    let part = app.part(&id).await;
    assert_eq!(part["fitments"], json!([]));
    assert_eq!(part["oemNumbers"], json!(["C-3"]));
    assert_eq!(
        (&part["sku"], &part["category"], &part["reorderLevel"]),
        (&json!("STR-9"), &json!("Steering"), &json!(0))
    );

    // An edit form may send the whole part back, read-only fields and all.
    let response = app.put_part(Some(&admin.token), &id, &part).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["modifiedCount"], 0);
    assert_eq!(app.part(&id).await, part);
}

#[tokio::test]
async fn the_categories_come_in_the_shops_order_with_their_counts() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for category in ["Brakes", "Brakes", "Wheels & Tyres", "Lighting"] {
        app.add_part_with(&admin, json!({"category": category}))
            .await;
    }
    app.add_part(&admin, 5, 1, "1.00").await;
    let categories = get_json(&app, "/api/category").await;
    let expected: Vec<Value> = CATEGORIES
        .iter()
        .map(|&name| {
            let count = match name {
                "Brakes" => 2,
                "Wheels & Tyres" | "Lighting" | "Other" => 1,
                _ => 0,
            };
            json!({"name": name, "count": count})
        })
        .collect();
    assert_eq!(categories, json!(expected));
}

#[tokio::test]
async fn the_vehicles_are_makes_and_models_a_to_z_with_their_widest_years() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert_eq!(get_json(&app, "/api/vehicle").await, json!([]));
    let parts = [
        vec![
            fitment("Toyota", "Corolla", 2009, 2013),
            fitment("Honda", "Civic", 2006, 2011),
        ],
        vec![
            fitment("toyota", "corolla", 2014, 2019),
            fitment("Toyota", "Camry", 2012, 2017),
        ],
        vec![
            fitment("BMW", "3 Series", 2012, 2019),
            fitment("Honda", "Civic", 2012, 2015),
        ],
    ];
    for fitments in parts {
        app.add_part_with(&admin, json!({"fitments": fitments}))
            .await;
    }
    let vehicles = get_json(&app, "/api/vehicle").await;
    let model =
        |model: &str, from: i64, to: i64| json!({"model": model, "yearFrom": from, "yearTo": to});
    assert_eq!(
        vehicles,
        json!([
            {"make": "BMW", "models": [model("3 Series", 2012, 2019)]},
            {"make": "Honda", "models": [model("Civic", 2006, 2015)]},
            {"make": "Toyota", "models": [model("Camry", 2012, 2017), model("Corolla", 2009, 2019)]},
        ])
    );
}

#[tokio::test]
async fn deleting_a_part_removes_its_numbers_and_vehicles() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app
        .add_part_with(&admin, json!({"oemNumbers": ["04465-33450"], "fitments": [fitment("Ford", "Focus", 2012, 2018)]}))
        .await;
    app.delete_part(Some(&admin.token), &id).await;
    assert_eq!(get_json(&app, "/api/vehicle").await, json!([]));
    assert_eq!(app.parts("?q=04465-33450").await.1, 0);
    assert_eq!(app.parts("?make=Ford").await.1, 0);
}

#[tokio::test]
async fn an_admin_restocks_a_part_and_gets_it_back() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let response = restock(&app, Some(&admin.token), &id, &json!({"quantity": 25})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let part: Value = response.json().await.unwrap();
    assert_eq!(part["_id"], id);
    assert_eq!(part["availableQuantity"], 75);
    assert_eq!(part, app.part(&id).await);
    let response = restock(&app, Some(&admin.token), &id, &json!({"quantity": "5"})).await;
    assert_eq!(
        response.json::<Value>().await.unwrap()["availableQuantity"],
        80
    );
}

#[tokio::test]
async fn only_an_admin_restocks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let body = json!({"quantity": 5});
    assert_eq!(
        restock(&app, None, &id, &body).await.status(),
        StatusCode::UNAUTHORIZED
    );
    expect_error(
        restock(&app, Some(&buyer.token), &id, &body).await,
        StatusCode::FORBIDDEN,
        "Only admins can do this",
    )
    .await;
    assert_eq!(app.part(&id).await["availableQuantity"], 50);
}

#[tokio::test]
async fn a_bad_restock_quantity_or_unknown_part_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    for (quantity, message) in [
        (json!(0), "Quantity must be at least 1"),
        (json!(-1), "Quantity must be at least 1"),
        (json!(1.5), "Quantity must be a whole number"),
        (json!("ten"), "Quantity must be a whole number"),
        (json!(null), "Quantity is Required"),
        (json!(1_000_001), "Quantity must be at most 1000000"),
        (
            json!(999_951),
            "Stock can be at most 1000000: this part has 50",
        ),
    ] {
        let response = restock(
            &app,
            Some(&admin.token),
            &id,
            &json!({"quantity": quantity}),
        )
        .await;
        expect_field_error(response, "quantity", message).await;
    }
    let response = restock(&app, Some(&admin.token), &id, &json!({})).await;
    expect_field_error(response, "quantity", "Quantity is Required").await;
    assert_eq!(app.part(&id).await["availableQuantity"], 50);
    let response = restock(&app, Some(&admin.token), &id, &json!({"quantity": 999_950})).await;
    assert_eq!(
        response.json::<Value>().await.unwrap()["availableQuantity"],
        1_000_000
    );
    for unknown in ["999999", "abc", "0"] {
        let response = restock(&app, Some(&admin.token), unknown, &json!({"quantity": 1})).await;
        expect_error(response, StatusCode::NOT_FOUND, "Part not found").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn orders_and_restocks_at_the_same_time_all_add_up() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 100, 1, "5.00").await;
    let buyers = join_all((0..4).map(|_| app.new_user())).await;
    let orders = buyers
        .iter()
        .flat_map(|buyer| (0..5).map(move |_| buyer))
        .map(|buyer| {
            let (app, id) = (&app, &id);
            async move { app.order(buyer, id, 3).await.status() }
        });
    let restocks = (0..10).map(|_| {
        let (app, id, token) = (&app, &id, &admin.token);
        async move {
            restock(app, Some(token), id, &json!({"quantity": 7}))
                .await
                .status()
        }
    });
    let (orders, restocks) = tokio::join!(join_all(orders), join_all(restocks));
    assert!(
        orders.iter().all(|s| *s == StatusCode::CREATED),
        "{orders:?}"
    );
    assert!(
        restocks.iter().all(|s| *s == StatusCode::OK),
        "{restocks:?}"
    );
    assert_eq!(
        app.part(&id).await["availableQuantity"],
        100 - 20 * 3 + 10 * 7
    );
}

#[tokio::test]
async fn low_stock_follows_the_stock_and_the_reorder_level() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let id = app.add_part(&admin, 10, 1, "5.00").await;
    assert_eq!(app.part(&id).await["lowStock"], false);
    app.place_order(&buyer, &id, 5).await;
    assert_eq!(
        app.part(&id).await["lowStock"],
        true,
        "5 left, reorder level 5"
    );
    app.put_part(Some(&admin.token), &id, &json!({"reorderLevel": 4}))
        .await;
    assert_eq!(app.part(&id).await["lowStock"], false);
    app.put_part(Some(&admin.token), &id, &json!({"reorderLevel": 20}))
        .await;
    assert_eq!(app.part(&id).await["lowStock"], true);
    let response = restock(&app, Some(&admin.token), &id, &json!({"quantity": 16})).await;
    assert_eq!(response.json::<Value>().await.unwrap()["lowStock"], false);
}
