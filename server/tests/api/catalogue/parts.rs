//! The catalogue: listing, searching and reading parts; admins add, change
//! and delete them.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// Adds three parts, oldest first; answers their ids.
async fn three_parts(app: &TestApp, admin: &User) -> Vec<String> {
    let mut ids = Vec::new();
    for (name, description) in [
        ("Brake Disc", "Vented front disc, 280 mm."),
        ("Oil Filter", "Spin-on filter with a drain-back valve."),
        ("Brake Pads", "Ceramic pads; quiet and low dust."),
    ] {
        let fields = json!({"name": name, "description": description});
        ids.push(app.add_part_with(admin, fields).await);
    }
    ids
}

fn names(parts: &[Value]) -> Vec<&str> {
    parts.iter().map(|p| p["name"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn an_admin_adds_a_part_and_everyone_reads_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = app.post_part(Some(&admin.token), &part_body()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let id = body["insertedId"].as_str().expect("insertedId is a string");

    let part = app.part(id).await;
    assert_eq!(part["_id"], id);
    assert_eq!(part["name"], "Front brake pads");
    assert_eq!(part["description"], "Ceramic pads for the front axle.");
    assert_eq!(part["availableQuantity"], 50);
    assert_eq!(part["minimumOrder"], 2);
    assert_eq!(part["price"], 34.99);
    assert_eq!(part["img"], "/api/image/abc.jpg");
}

#[tokio::test]
async fn a_price_may_be_a_number_or_numeric_text_in_currency_units() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (sent, shown) in [
        (json!(12.5), 12.5),
        (json!("12.50"), 12.5),
        (json!(" 7 "), 7.0),
        (json!(1000), 1000.0),
        (json!("0.01"), 0.01),
    ] {
        let id = app.add_part_with(&admin, json!({"price": sent})).await;
        assert_eq!(app.part(&id).await["price"], shown, "{sent}");
    }
}

#[tokio::test]
async fn text_is_stored_exactly_as_sent() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let name = "  Bosch «Aerotwin» 600 mm — wiper <b>blade</b> & 'clip'  ";
    let description = "Line one\nLine two\twith a tab, ümlauts and 🚗.";
    let id = app
        .add_part_with(&admin, json!({"name": name, "description": description}))
        .await;
    let part = app.part(&id).await;
    assert_eq!(part["name"], name);
    assert_eq!(part["description"], description);
}

#[tokio::test]
async fn the_list_is_oldest_first_with_a_total_count() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let ids = three_parts(&app, &admin).await;
    let (parts, total) = app.parts("").await;
    assert_eq!(total, 3);
    assert_eq!(names(&parts), ["Brake Disc", "Oil Filter", "Brake Pads"]);
    let listed: Vec<&str> = parts.iter().map(|p| p["_id"].as_str().unwrap()).collect();
    assert_eq!(listed, ids);
    for field in [
        "availableQuantity",
        "minimumOrder",
        "price",
        "img",
        "description",
    ] {
        assert!(parts[0].get(field).is_some(), "{field} in {}", parts[0]);
    }
}

#[tokio::test]
async fn an_empty_shop_lists_no_parts() {
    let app = spawn_app().await;
    assert_eq!(app.parts("").await, (vec![], 0));
}

#[tokio::test]
async fn limit_and_offset_page_through_the_list_and_the_total_counts_all() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    three_parts(&app, &admin).await;
    let (page, total) = app.parts("?limit=2").await;
    assert_eq!((names(&page), total), (vec!["Brake Disc", "Oil Filter"], 3));
    let (page, total) = app.parts("?limit=2&offset=2").await;
    assert_eq!((names(&page), total), (vec!["Brake Pads"], 3));
    let (page, total) = app.parts("?offset=1").await;
    assert_eq!((names(&page), total), (vec!["Oil Filter", "Brake Pads"], 3));
    let (page, total) = app.parts("?offset=10").await;
    assert_eq!((page.len(), total), (0, 3));
    let (page, total) = app.parts("?limit=1&offset=9223372036854775807").await;
    assert_eq!((page.len(), total), (0, 3));
}

#[tokio::test]
async fn q_finds_every_word_in_the_name_or_description_in_any_case() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    three_parts(&app, &admin).await;
    let cases: [(&str, &[&str]); 6] = [
        ("brake", &["Brake Disc", "Brake Pads"]),
        ("BRAKE", &["Brake Disc", "Brake Pads"]),
        ("ceramic", &["Brake Pads"]),
        ("brake%20VENTED", &["Brake Disc"]),
        ("filter%20ceramic", &[]),
        ("%25", &[]),
    ];
    for (q, expected) in cases {
        let (parts, total) = app.parts(&format!("?q={q}")).await;
        assert_eq!(names(&parts), expected, "q={q}");
        assert_eq!(total, expected.len() as i64, "q={q}");
    }
    let (parts, total) = app.parts("?q=brake&limit=1&offset=1").await;
    assert_eq!((names(&parts), total), (vec!["Brake Pads"], 2));
}

#[tokio::test]
async fn a_bad_limit_or_offset_answers_400() {
    let app = spawn_app().await;
    for (query, field) in [
        ("?limit=0", "limit"),
        ("?limit=101", "limit"),
        ("?limit=-1", "limit"),
        ("?limit=ten", "limit"),
        ("?limit=1.5", "limit"),
        ("?offset=-1", "offset"),
        ("?offset=x", "offset"),
        ("?offset=9223372036854775808", "offset"),
    ] {
        let response = app.list_parts(query).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body = error_of(response).await;
        assert!(body["fields"].get(field).is_some(), "{query}: {body}");
    }
    let (parts, _) = app.parts("?limit=100").await;
    assert!(parts.is_empty());
}

#[tokio::test]
async fn an_unknown_part_answers_404() {
    let app = spawn_app().await;
    for id in ["999999", "0", "-1", "abc", "99999999999999999999999"] {
        expect_error(
            app.get_part(id).await,
            StatusCode::NOT_FOUND,
            "Part not found",
        )
        .await;
    }
}

#[tokio::test]
async fn only_an_admin_adds_parts() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.post_part(None, &part_body()).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.post_part(Some(&user.token), &part_body()).await;
    expect_error(response, StatusCode::FORBIDDEN, "Only admins can do this").await;
    assert_eq!(app.parts("").await.1, 0);
}

#[tokio::test]
async fn updating_a_part_changes_only_the_fields_sent() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let before = app.part(&id).await;

    let body = json!({"price": "29.50", "availableQuantity": 8});
    let response = app.put_part(Some(&admin.token), &id, &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"matchedCount": 1, "modifiedCount": 1})
    );

    let after = app.part(&id).await;
    assert_eq!(after["price"], 29.5);
    assert_eq!(after["availableQuantity"], 8);
    for field in ["name", "description", "img", "minimumOrder", "createdAt"] {
        assert_eq!(after[field], before[field], "{field}");
    }
}

#[tokio::test]
async fn an_update_ignores_id_and_place_order_in_the_body() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let other = app.add_part(&admin, 5, 1, "1.00").await;
    // The whole part sent back, as an edit form may, with _id and placeOrder.
    let mut body = app.part(&id).await;
    body["_id"] = json!(other);
    body["placeOrder"] = json!(7);
    body["name"] = json!("Rear brake pads");

    let response = app.put_part(Some(&admin.token), &id, &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let part = app.part(&id).await;
    assert_eq!(part["_id"], id);
    assert_eq!(part["name"], "Rear brake pads");
    assert!(part.get("placeOrder").is_none(), "{part}");
    assert_eq!(
        app.part(&other).await["price"],
        1.0,
        "the other part is untouched"
    );
}

#[tokio::test]
async fn an_update_that_changes_nothing_reports_no_modification() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let response = app
        .put_part(
            Some(&admin.token),
            &id,
            &json!({"price": 34.99, "minimumOrder": "2"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"matchedCount": 1, "modifiedCount": 0})
    );
}

#[tokio::test]
async fn updating_an_unknown_part_answers_404() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for id in ["424242", "abc"] {
        let response = app
            .put_part(Some(&admin.token), id, &json!({"name": "X"}))
            .await;
        expect_error(response, StatusCode::NOT_FOUND, "Part not found").await;
    }
}

#[tokio::test]
async fn only_an_admin_updates_parts() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let body = json!({"price": "0.01"});
    let response = app.put_part(None, &id, &body).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.put_part(Some(&user.token), &id, &body).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.part(&id).await["price"], 34.99);
}

#[tokio::test]
async fn an_admin_deletes_a_part_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let response = app.delete_part(Some(&admin.token), &id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );
    assert_eq!(app.get_part(&id).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.parts("").await.1, 0);
    let again = app.delete_part(Some(&admin.token), &id).await;
    expect_error(again, StatusCode::NOT_FOUND, "Part not found").await;
}

#[tokio::test]
async fn only_an_admin_deletes_parts() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    assert_eq!(
        app.delete_part(None, &id).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.delete_part(Some(&user.token), &id).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.part(&id).await["_id"], id);
}

#[tokio::test]
async fn orders_keep_the_name_and_price_of_a_deleted_or_changed_part() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let id = app.add_part(&admin, 50, 2, "34.99").await;
    let order = app.place_order(&buyer, &id, 3).await;

    let change = json!({"name": "Renamed", "price": "99.00"});
    app.put_part(Some(&admin.token), &id, &change).await;
    let kept = app.order_of(&buyer, order["_id"].as_str().unwrap()).await;
    assert_eq!(
        (&kept["partName"], &kept["unitPrice"], &kept["price"]),
        (&json!("Front brake pads"), &json!(34.99), &json!(104.97))
    );

    let response = app.delete_part(Some(&admin.token), &id).await;
    assert_eq!(response.status(), StatusCode::OK);
    let orders = app.orders_of(&buyer).await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["partName"], "Front brake pads");
    assert_eq!(orders[0]["unitPrice"], 34.99);
    assert_eq!(orders[0]["price"], 104.97);
    assert_eq!(orders[0]["partId"], id);
}
