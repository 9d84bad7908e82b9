//! Superseded part numbers: a part lists the older numbers it replaces
//! (`replaces`), kept as entered and compared like OEM numbers; the `q`
//! search finds the part by any of them and says which one matched
//! (`matchedReplaced`).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn a_search_for_an_old_number_finds_the_part_that_replaces_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pads = app
        .add_part_with(
            &admin,
            json!({"sku": "BRK-1042", "oemNumbers": ["04465-33450"], "replaces": [" 04465-02220 ", "brk 1040"]}),
        )
        .await;
    app.add_part_with(
        &admin,
        json!({"sku": "FLT-1", "oemNumbers": ["90915-YZZD4"]}),
    )
    .await;
    let part = app.part(&pads).await;
    assert_eq!(
        part["replaces"],
        json!(["04465-02220", "brk 1040"]),
        "trimmed, as entered"
    );
    assert_eq!(part["matchedReplaced"], Value::Null);

    for q in [
        "04465-02220",
        "0446502220",
        "04465%2002220",
        "04465.022",
        "BRK1040",
        "brk-1040",
    ] {
        let (found, total) = app.parts(&format!("?q={q}")).await;
        assert_eq!(total, 1, "{q}");
        assert_eq!(found[0]["sku"], "BRK-1042", "{q}");
        let matched = if q.to_lowercase().starts_with("brk") {
            "brk 1040"
        } else {
            "04465-02220"
        };
        assert_eq!(found[0]["matchedReplaced"], matched, "{q}");
    }
    // Found by its own numbers: no superseded number matched.
    for q in ["04465-33450", "BRK-1042", "pads"] {
        let (found, _) = app.parts(&format!("?q={q}")).await;
        if let Some(part) = found.first() {
            assert_eq!(part["matchedReplaced"], Value::Null, "{q}");
        }
    }
    let (found, _) = app.parts("?q=04465-33450").await;
    assert_eq!(found.len(), 1);
    // Without q nothing matched; every part still lists what it replaces.
    let (all, _) = app.parts("").await;
    assert!(all.iter().all(|p| p["matchedReplaced"].is_null()));
    assert_eq!(all[1]["replaces"], json!([]));
}

#[tokio::test]
async fn an_edit_replaces_the_whole_list_and_the_search_follows() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app
        .add_part_with(&admin, json!({"replaces": ["OLD-1", "OLD-2"]}))
        .await;
    let response = app
        .put_part(Some(&admin.token), &id, &json!({"replaces": ["OLD-3"]}))
        .await;
    assert_eq!(response.json::<Value>().await.unwrap()["modifiedCount"], 1);
    assert_eq!(app.part(&id).await["replaces"], json!(["OLD-3"]));
    assert_eq!(app.parts("?q=OLD-1").await.1, 0);
    assert_eq!(app.parts("?q=old3").await.1, 1);
    // Left out or null: kept.
    for change in [json!({"name": "Renamed"}), json!({"replaces": null})] {
        let response = app.put_part(Some(&admin.token), &id, &change).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(app.part(&id).await["replaces"], json!(["OLD-3"]));
    }
    // Deleting the part removes its numbers from the search.
    assert_eq!(
        app.delete_part(Some(&admin.token), &id).await.status(),
        StatusCode::OK
    );
    assert_eq!(app.parts("?q=OLD-3").await.1, 0);
}

#[tokio::test]
async fn wrong_superseded_numbers_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let cases = [
        (json!("OLD-1"), "Replaced numbers must be a list"),
        (json!(["OLD-1", 7]), "Replaced number 2 must be text"),
        (
            json!(["--"]),
            "Replaced number 1 must have letters or digits",
        ),
        (
            json!(["X".repeat(41)]),
            "Replaced number 1 must be at most 40 characters",
        ),
        (json!(vec!["A"; 21]), "Replaced numbers: at most 20"),
    ];
    for (replaces, message) in cases {
        let mut body = part_body();
        body["replaces"] = replaces;
        let response = app.post_part(Some(&admin.token), &body).await;
        expect_field_error(response, "replaces", message).await;
    }
}
