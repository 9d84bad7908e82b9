//! Restocks sent again: a restock carries an `Idempotency-Key` made once per
//! attempt, and a repeat of it (a retry after a lost answer or a 503, two
//! retries at once) adds the units once and answers as the first did.

use futures::future::join_all;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

async fn restock(app: &TestApp, admin: &User, id: &str, key: &str, quantity: i64) -> Response {
    app.request(
        Method::POST,
        &format!("/api/part/{id}/restock"),
        Some(&admin.token),
    )
    .header("Idempotency-Key", key)
    .json(&json!({ "quantity": quantity }))
    .send()
    .await
    .expect("request sent")
}

async fn stock(app: &TestApp, id: &str) -> i64 {
    app.part(id).await["availableQuantity"].as_i64().unwrap()
}

/// How many restocks of part `id` the audit log holds.
async fn restock_records(app: &TestApp, admin: &User, id: &str) -> String {
    app.get(
        &format!("/api/admin/audit?action=part.restocked&subjectId={id}"),
        Some(&admin.token),
    )
    .await
    .headers()["x-total-count"]
        .to_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn a_retry_with_the_same_key_adds_once_and_answers_as_the_first() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;

    let first = restock(&app, &admin, &id, "restock-1", 5).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first: Value = first.json().await.unwrap();
    assert_eq!(first["availableQuantity"], 15);

    let again = restock(&app, &admin, &id, "restock-1", 5).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    assert_eq!(stock(&app, &id).await, 15);
    assert_eq!(restock_records(&app, &admin, &id).await, "1");
}

#[tokio::test]
async fn retries_sent_at_once_add_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;

    let answers = join_all((0..8).map(|_| restock(&app, &admin, &id, "at-once", 7))).await;
    let mut bodies = Vec::new();
    for answer in answers {
        assert_eq!(answer.status(), StatusCode::OK);
        bodies.push(answer.json::<Value>().await.unwrap());
    }
    assert!(
        bodies.iter().all(|b| b["availableQuantity"] == 17),
        "{bodies:?}"
    );
    assert_eq!(stock(&app, &id).await, 17);
    assert_eq!(restock_records(&app, &admin, &id).await, "1");
}

#[tokio::test]
async fn restocks_with_different_keys_each_add() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;
    for (key, expected) in [("first", 15), ("second", 20)] {
        let response = restock(&app, &admin, &id, key, 5).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.json::<Value>().await.unwrap()["availableQuantity"],
            expected
        );
    }
    // Without a key every restock adds, as before keys existed.
    let response = app
        .post_json(
            &format!("/api/part/{id}/restock"),
            Some(&admin.token),
            &json!({"quantity": 5}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stock(&app, &id).await, 25);
    assert_eq!(restock_records(&app, &admin, &id).await, "3");
}

#[tokio::test]
async fn a_key_is_each_admins_own() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let other = app.new_user().await;
    let response = app.make_admin(Some(&admin.token), &other.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    let id = app.add_part(&admin, 10, 1, "9.99").await;
    for who in [&admin, &other] {
        let response = restock(&app, who, &id, "same-key", 5).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(stock(&app, &id).await, 20);
}

#[tokio::test]
async fn a_key_sent_again_for_another_restock_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;
    let other_part = app.add_part(&admin, 10, 1, "9.99").await;
    assert_eq!(
        restock(&app, &admin, &id, "used", 5).await.status(),
        StatusCode::OK
    );

    let message = format!(
        "This Idempotency-Key was already used for another restock (5 units of part {id}). Send a new key for a new restock."
    );
    expect_error(
        restock(&app, &admin, &id, "used", 6).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        &message,
    )
    .await;
    expect_error(
        restock(&app, &admin, &other_part, "used", 5).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        &message,
    )
    .await;
    assert_eq!(stock(&app, &id).await, 15);
    assert_eq!(stock(&app, &other_part).await, 10);
}

#[tokio::test]
async fn a_refused_restock_keeps_no_key() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;
    let response = restock(&app, &admin, &id, "too-many", 999_995).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // Nothing was added, so the key is free for the restock the admin meant.
    let response = restock(&app, &admin, &id, "too-many", 5).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stock(&app, &id).await, 15);
}

#[tokio::test]
async fn a_bad_key_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;
    for key in ["", "has space", &"k".repeat(101)] {
        expect_error(
            restock(&app, &admin, &id, key, 5).await,
            StatusCode::BAD_REQUEST,
            "Idempotency-Key must be 1 to 100 letters, digits or punctuation, without spaces (a UUID, for one)",
        )
        .await;
    }
    assert_eq!(stock(&app, &id).await, 10);
}

#[tokio::test]
async fn a_restock_answered_busy_added_nothing_and_its_retry_adds_once() {
    use sqlx::Executor;
    if on_postgres() {
        // Another program locking the file is SQLite's case.
        return;
    }
    let app = spawn_app_with(|c| c.db_busy_timeout = std::time::Duration::from_millis(200)).await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "9.99").await;
    let other = shop::Db::connect(&app.config.database_url())
        .await
        .expect("the shop's database");
    let mut lock = other.pool.acquire().await.expect("a connection");
    lock.execute("BEGIN EXCLUSIVE").await.expect("the lock");

    let response = restock(&app, &admin, &id, "while-busy", 5).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()["retry-after"], "5");
    assert_eq!(stock(&app, &id).await, 10);

    lock.execute("ROLLBACK").await.expect("the lock is let go");
    drop(lock);
    other.pool.close().await;
    for _ in 0..2 {
        let response = restock(&app, &admin, &id, "while-busy", 5).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.json::<Value>().await.unwrap()["availableQuantity"],
            15
        );
    }
    assert_eq!(stock(&app, &id).await, 15);
}
