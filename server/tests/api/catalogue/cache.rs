//! The catalogue answered from memory: every write is seen by the next read
//! of the list and of the part, ETags and 304s, gzip only when asked, and on
//! PostgreSQL two shops on one database see each other's writes.

use std::io::Read;

use futures::future::join_all;
use reqwest::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, VARY,
};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// The part as the list shows it and as its own page shows it, each read
/// twice (the second read is the one kept in memory).
async fn seen(app: &TestApp, id: &str) -> (Option<Value>, Option<Value>) {
    let mut views = Vec::new();
    for _ in 0..2 {
        let (parts, total) = app.parts("?limit=100").await;
        assert_eq!(total as usize, parts.len());
        let listed = parts.into_iter().find(|p| p["_id"] == id);
        let response = app.get_part(id).await;
        let own = match response.status() {
            StatusCode::OK => Some(response.json::<Value>().await.unwrap()),
            StatusCode::NOT_FOUND => None,
            other => panic!("GET /api/part/{id}: {other}"),
        };
        views.push((listed, own));
    }
    assert_eq!(views[0], views[1], "a second read answers the same");
    views.pop().unwrap()
}

async fn stock_seen(app: &TestApp, id: &str) -> i64 {
    let (listed, own) = seen(app, id).await;
    let listed = listed.expect("the part is listed");
    let own = own.expect("the part is found");
    assert_eq!(listed, own, "the list and the part agree");
    own["availableQuantity"].as_i64().unwrap()
}

#[tokio::test]
async fn every_kind_of_write_is_seen_by_the_next_read_of_the_list_and_the_part() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let id = app.add_part(&admin, 10, 1, "25.00").await;
    assert_eq!(stock_seen(&app, &id).await, 10);

    // A new part.
    let other = app.add_part(&admin, 4, 1, "9.50").await;
    assert_eq!(stock_seen(&app, &other).await, 4);
    assert_eq!(app.parts("").await.1, 2);

    // A changed part.
    let response = app
        .put_part(
            Some(&admin.token),
            &id,
            &json!({"price": 31.25, "name": "Brake disc"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (listed, own) = seen(&app, &id).await;
    assert_eq!(own.as_ref().unwrap()["price"], 31.25);
    assert_eq!(own.as_ref().unwrap()["name"], "Brake disc");
    assert_eq!(listed, own);

    // An order takes stock; cancelling it gives the stock back.
    let order = app.place_order(&buyer, &id, 3).await;
    assert_eq!(stock_seen(&app, &id).await, 7);
    let order_id = order["_id"].as_str().unwrap();
    let response = app.cancel_order(Some(&buyer.token), order_id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stock_seen(&app, &id).await, 10);

    // A paid order keeps its stock taken.
    let order = app.place_order(&buyer, &id, 2).await;
    let order_id = order["_id"].as_str().unwrap();
    assert_eq!(stock_seen(&app, &id).await, 8);
    let transaction = app.pay_with_test_card(&buyer, order_id).await;
    let response = app
        .pay_order(Some(&buyer.token), order_id, &transaction)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.order_of(&buyer, order_id).await["status"], "paid");
    assert_eq!(stock_seen(&app, &id).await, 8);

    // A deleted part is gone from both.
    let response = app.delete_part(Some(&admin.token), &other).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(seen(&app, &other).await, (None, None));
    assert_eq!(app.parts("").await.1, 1);

    // The same query written another way answers the same.
    let (a, _) = app.parts("?limit=5&offset=0").await;
    let (b, _) = app.parts("?offset=0&limit=5").await;
    assert_eq!(a, b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn reads_racing_orders_end_on_the_exact_stock() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 100, 1, "5.00").await;
    let buyers = join_all((0..10).map(|_| app.new_user())).await;
    assert_eq!(stock_seen(&app, &id).await, 100);

    let orders = buyers.iter().map(|buyer| {
        let (app, id) = (&app, &id);
        async move { app.order(buyer, id, 2).await.status() }
    });
    let reads = (0..20).map(|i| {
        let (app, id) = (&app, &id);
        async move {
            let response = if i % 2 == 0 {
                app.get_part(id).await
            } else {
                app.list_parts("?limit=100").await
            };
            response.status()
        }
    });
    let (ordered, read) = futures::join!(join_all(orders), join_all(reads));
    assert!(
        ordered.iter().all(|s| *s == StatusCode::CREATED),
        "{ordered:?}"
    );
    assert!(read.iter().all(|s| *s == StatusCode::OK), "{read:?}");
    assert_eq!(stock_seen(&app, &id).await, 80);
}

#[tokio::test]
async fn answers_carry_a_strong_etag_and_a_matching_if_none_match_gets_304() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "25.00").await;
    for path in [format!("/api/part/{id}"), "/api/part?limit=10".to_owned()] {
        let response = app.get(&path, None).await;
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        let etag = headers[ETAG].to_str().unwrap().to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"'),
            "strong: {etag}"
        );
        assert_eq!(headers[CACHE_CONTROL], "no-cache");
        assert_eq!(headers[VARY], "Accept-Encoding");
        let body = response.text().await.unwrap();

        for if_none_match in [
            etag.clone(),
            format!("W/{etag}"),
            format!("\"other\", {etag}"),
        ] {
            let response = app
                .request(Method::GET, &path, None)
                .header(IF_NONE_MATCH, &if_none_match)
                .send()
                .await
                .unwrap();
            assert_eq!(
                response.status(),
                StatusCode::NOT_MODIFIED,
                "{if_none_match}"
            );
            assert_eq!(response.headers()[ETAG].to_str().unwrap(), etag);
            assert!(response.text().await.unwrap().is_empty());
        }
        let response = app
            .request(Method::GET, &path, None)
            .header(IF_NONE_MATCH, "\"something-else\"")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.text().await.unwrap(), body);
    }

    // A write that leaves the part as it was keeps its ETag; one that changes it does not.
    let path = format!("/api/part/{id}");
    let etag = app.get(&path, None).await.headers()[ETAG].clone();
    app.add_part(&admin, 1, 1, "1.00").await;
    let response = app
        .request(Method::GET, &path, None)
        .header(IF_NONE_MATCH, etag.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
    let response = app
        .put_part(Some(&admin.token), &id, &json!({"availableQuantity": 9}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .request(Method::GET, &path, None)
        .header(IF_NONE_MATCH, etag.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_ne!(response.headers()[ETAG], etag);
    let part: Value = response.json().await.unwrap();
    assert_eq!(part["availableQuantity"], 9);
}

fn gunzip(bytes: &[u8]) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .expect("a gzip body");
    text
}

#[tokio::test]
async fn gzip_is_sent_only_to_clients_that_ask_for_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for _ in 0..3 {
        app.add_part_with(
            &admin,
            json!({"description": "Fits most small cars. ".repeat(40)}),
        )
        .await;
    }
    let get = |accept: Option<&'static str>| {
        let mut request = app.request(Method::GET, "/api/part", None);
        if let Some(accept) = accept {
            request = request.header(ACCEPT_ENCODING, accept);
        }
        request.send()
    };

    let plain = get(None).await.unwrap();
    assert_eq!(plain.status(), StatusCode::OK);
    assert!(plain.headers().get(CONTENT_ENCODING).is_none());
    let plain_etag = plain.headers()[ETAG].clone();
    let plain = plain.text().await.unwrap();
    let parts: Vec<Value> = serde_json::from_str(&plain).expect("plain JSON");
    assert_eq!(parts.len(), 3);

    for accept in ["gzip", "gzip, deflate, br", "br;q=1, gzip;q=0.5", "*"] {
        let response = get(Some(accept)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[CONTENT_ENCODING], "gzip", "{accept}");
        assert_eq!(response.headers()[VARY], "Accept-Encoding");
        assert_ne!(
            response.headers()[ETAG],
            plain_etag,
            "each encoding has its own ETag"
        );
        assert_eq!(response.headers()["x-total-count"], "3");
        let bytes = response.bytes().await.unwrap();
        assert!(bytes.len() < plain.len());
        assert_eq!(gunzip(&bytes), plain);
    }
    for accept in ["identity", "br, deflate", "gzip;q=0", "*, gzip;q=0"] {
        let response = get(Some(accept)).await.unwrap();
        assert!(
            response.headers().get(CONTENT_ENCODING).is_none(),
            "{accept}"
        );
        assert_eq!(response.headers()[ETAG], plain_etag);
        assert_eq!(response.text().await.unwrap(), plain);
    }
}

#[tokio::test]
async fn errors_are_not_kept() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = app.list_parts("?limit=0").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.headers().get(ETAG).is_none());
    let id = app.add_part(&admin, 3, 1, "2.00").await;
    assert_eq!(
        app.delete_part(Some(&admin.token), &id).await.status(),
        StatusCode::OK
    );
    assert_eq!(app.get_part(&id).await.status(), StatusCode::NOT_FOUND);
    let again = app.add_part(&admin, 3, 1, "2.00").await;
    assert_eq!(app.part(&again).await["availableQuantity"], 3);
    assert_eq!(app.get_part(&id).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn junk_writes_and_writes_elsewhere_leave_the_kept_catalogue_alone() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "25.00").await;
    assert_eq!(stock_seen(&app, &id).await, 10);
    // Changed behind the shop's back: a kept answer still says 10, so it
    // shows whether the answers were dropped.
    app.execute_sql(&format!(
        "UPDATE parts SET available_quantity = 6 WHERE id = {id}"
    ))
    .await;
    let buyer = app.new_user().await;
    for _ in 0..3 {
        // Anyone's junk: no route, no token, a bad body, a wrong password.
        let response = app.post_json("/api/no-such-route", None, &json!({})).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let response = app.post_json("/api/part", None, &json!({})).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let response = app
            .post_json("/api/booking", Some(&buyer.token), &json!({"partId": "x"}))
            .await;
        assert!(response.status().is_client_error());
        let response = app.login(&buyer.email, "wrong-password").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        // A buyer's own writes that never touch parts.
        let response = app
            .post_json(
                "/api/cart/lines",
                Some(&buyer.token),
                &json!({"partId": id, "quantity": 1}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    assert_eq!(stock_seen(&app, &id).await, 10);
    // A write that changes the catalogue drops them.
    app.place_order(&buyer, &id, 1).await;
    assert_eq!(stock_seen(&app, &id).await, 5);
}

#[tokio::test]
async fn with_the_cache_off_changes_made_outside_the_shop_show_at_once() {
    let app = spawn_app_with(|c| c.catalogue_cache = false).await;
    let admin = app.admin().await;
    let id = app.add_part(&admin, 10, 1, "25.00").await;
    assert_eq!(stock_seen(&app, &id).await, 10);
    app.execute_sql(&format!(
        "UPDATE parts SET available_quantity = 6 WHERE id = {id}"
    ))
    .await;
    assert_eq!(stock_seen(&app, &id).await, 6);
    // Nothing is kept, so there is nothing to revalidate against.
    let response = app.get_part(&id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get(ETAG).is_none());
}

#[tokio::test]
async fn two_shops_on_one_postgresql_database_see_each_others_writes() {
    if !on_postgres() {
        // One SQLite file is served by one shop process.
        return;
    }
    let first = spawn_app().await;
    let second = first.restart_with(|_| {}).await;
    let admin = first.admin().await;
    let buyer = first.new_user().await;

    let id = first.add_part(&admin, 10, 1, "25.00").await;
    assert_eq!(stock_seen(&first, &id).await, 10);
    assert_eq!(stock_seen(&second, &id).await, 10);

    let other = second.add_part(&admin, 5, 1, "1.00").await;
    assert_eq!(stock_seen(&first, &other).await, 5);

    let response = second
        .put_part(Some(&admin.token), &id, &json!({"name": "Oil filter"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(seen(&first, &id).await.1.unwrap()["name"], "Oil filter");

    let order = first.place_order(&buyer, &id, 4).await;
    assert_eq!(stock_seen(&second, &id).await, 6);
    let response = second
        .cancel_order(Some(&buyer.token), order["_id"].as_str().unwrap())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stock_seen(&first, &id).await, 10);

    let response = first.delete_part(Some(&admin.token), &other).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(seen(&second, &other).await, (None, None));
}
