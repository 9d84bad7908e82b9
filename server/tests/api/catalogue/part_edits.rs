//! Editing a part never oversells: the stock moves only by orders, cancels,
//! expiries, refunds, restocks and an admin's stock change, and a stock
//! change that states the stock it saw is refused once orders moved it.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::json;
use sqlx::Executor;

use crate::helpers::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn description_edits_racing_orders_never_put_sold_units_back() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 60, 1, "9.99").await;
    let buyers = join_all((0..30).map(|_| app.new_user())).await;

    let orders = buyers.iter().map(|buyer| app.order(buyer, &part_id, 1));
    let edits = (0..30).map(|n| {
        let body = json!({"description": format!("Edit number {n}.")});
        let (app, admin, part_id) = (&app, &admin, &part_id);
        async move { app.put_part(Some(&admin.token), part_id, &body).await }
    });
    let (orders, edits) = tokio::join!(join_all(orders), join_all(edits));

    for response in &orders {
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    for response in &edits {
        assert_eq!(response.status(), StatusCode::OK);
    }
    let part = app.part(&part_id).await;
    assert_eq!(part["availableQuantity"], 30, "60 less the 30 units sold");
    assert!(part["description"]
        .as_str()
        .unwrap()
        .starts_with("Edit number"));
}

#[tokio::test]
async fn an_edit_without_the_stock_leaves_the_stock_alone() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let buyer = app.new_user().await;
    app.place_order(&buyer, &part_id, 4).await;

    let response = app
        .put_part(
            Some(&admin.token),
            &part_id,
            &json!({"name": "Renamed", "price": "11.50"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let part = app.part(&part_id).await;
    assert_eq!(
        (&part["name"], &part["price"], &part["availableQuantity"]),
        (&json!("Renamed"), &json!(11.5), &json!(6))
    );
}

#[tokio::test]
async fn a_stock_change_stating_the_stock_it_saw_is_refused_once_orders_moved_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    // The admin opens the edit form with 10 in stock; a buyer then takes 3.
    let buyer = app.new_user().await;
    app.place_order(&buyer, &part_id, 3).await;

    let stale = json!({"name": "New name", "availableQuantity": 25, "availableQuantitySeen": 10});
    let response = app.put_part(Some(&admin.token), &part_id, &stale).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "The stock changed since you saw it: 7 in stock now. Check it and try again.",
    )
    .await;
    let part = app.part(&part_id).await;
    assert_eq!(
        (&part["availableQuantity"], &part["name"]),
        (&json!(7), &json!("Front brake pads")),
        "nothing changed"
    );

    let fresh = json!({"availableQuantity": 25, "availableQuantitySeen": 7});
    let response = app.put_part(Some(&admin.token), &part_id, &fresh).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 25);
}

/// Another transaction taking `units` of `part_id` at this moment, as an
/// order does, not yet committed: on SQLite it holds the write lock, on
/// PostgreSQL the part's row.
async fn taking_stock(app: &TestApp, part_id: &str, units: i64) -> sqlx::AnyConnection {
    let mut conn = app.write_transaction().await;
    conn.execute(
        format!(
            "UPDATE parts SET available_quantity = available_quantity - {units} WHERE id = {part_id}"
        )
        .as_str(),
    )
    .await
    .expect("units taken");
    conn
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_stock_change_waits_for_an_order_taking_stock_and_sees_what_it_took() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    // The admin saw 10; an order's transaction is taking 3 as the change
    // arrives, and commits a moment later.
    let mut order = taking_stock(&app, &part_id, 3).await;
    let change = json!({"availableQuantity": 25, "availableQuantitySeen": 10});
    let started = std::time::Instant::now();
    let edit = async {
        let response = app.put_part(Some(&admin.token), &part_id, &change).await;
        (response, started.elapsed())
    };
    let commit = async {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        order.execute("COMMIT").await.expect("committed");
    };
    let ((response, took), ()) = tokio::join!(edit, commit);
    assert!(
        took >= std::time::Duration::from_millis(450),
        "the edit waited for the order's transaction ({took:?})"
    );

    expect_error(
        response,
        StatusCode::CONFLICT,
        "The stock changed since you saw it: 7 in stock now. Check it and try again.",
    )
    .await;
    assert_eq!(
        app.part(&part_id).await["availableQuantity"],
        7,
        "the units the order took stay taken"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_part_deleted_many_times_at_once_is_deleted_once_with_one_record() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;

    let answers = join_all((0..6).map(|_| app.delete_part(Some(&admin.token), &part_id))).await;

    let mut statuses: Vec<StatusCode> = answers.iter().map(|r| r.status()).collect();
    statuses.sort();
    assert_eq!(
        statuses,
        [vec![StatusCode::OK], vec![StatusCode::NOT_FOUND; 5]].concat()
    );
    let response = app
        .get(
            &format!("/api/admin/audit?action=part.deleted&subjectId={part_id}"),
            Some(&admin.token),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["x-total-count"].to_str().unwrap(),
        "1",
        "one deletion, one record"
    );
}

#[tokio::test]
async fn the_stock_seen_must_be_a_whole_number() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let body = json!({"availableQuantity": 5, "availableQuantitySeen": "lots"});
    let response = app.put_part(Some(&admin.token), &part_id, &body).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let error = error_of(response).await;
    assert!(
        error["fields"]["availableQuantitySeen"].is_string(),
        "{error}"
    );
    assert_eq!(app.part(&part_id).await["availableQuantity"], 10);
}

#[tokio::test]
async fn a_stock_figure_sent_alone_is_set_as_the_admin_counted_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let response = app
        .put_part(
            Some(&admin.token),
            &part_id,
            &json!({"availableQuantity": 4}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.part(&part_id).await["availableQuantity"], 4);
}
