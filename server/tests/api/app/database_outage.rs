//! A database that is briefly unreachable or locked: the shop answers 503
//! with a JSON error while it is gone and serves again by itself once it is
//! back, with no restart.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

#[tokio::test]
async fn a_briefly_unreachable_postgresql_gives_503_and_the_shop_recovers_alone() {
    if !on_postgres() {
        // SQLite has no server to lose: see the locked-file test below.
        return;
    }
    let app = spawn_app().await;
    assert_eq!(app.get("/api/part", None).await.status(), StatusCode::OK);

    let db = app.postgres().expect("a PostgreSQL database");
    db.refuse_connections().await;
    let response = app.get("/api/part", None).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = response.json().await.expect("a JSON error");
    assert_eq!(
        body["error"],
        "The shop's database is not reachable right now. Please try again shortly."
    );
    // The health check says so too.
    assert_eq!(
        app.get("/api/health", None).await.status(),
        StatusCode::SERVICE_UNAVAILABLE
    );

    db.allow_connections().await;
    let started = Instant::now();
    loop {
        let status = app.get("/api/part", None).await.status();
        if status == StatusCode::OK {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the shop did not recover: {status}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(app.get("/api/health", None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_sqlite_file_locked_by_another_program_gives_503_busy_and_the_shop_recovers_alone() {
    use sqlx::Executor;
    if on_postgres() {
        return;
    }
    // A short busy timeout, so the test waits a moment rather than 10 seconds.
    let app = spawn_app_with(|c| c.db_busy_timeout = Duration::from_millis(200)).await;
    let admin = app.admin().await;
    // Another program takes the write lock and keeps it past the shop's busy timeout.
    let other = shop::Db::connect(&app.config.database_url())
        .await
        .expect("the shop's database");
    let mut lock = other.pool.acquire().await.expect("a connection");
    lock.execute("BEGIN EXCLUSIVE").await.expect("the lock");

    let response = app.post_part(Some(&admin.token), &part_body()).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    // Busy, not gone: the answer says so and when to try again.
    assert_eq!(response.headers()["retry-after"], "5");
    let body: Value = response.json().await.expect("a JSON error");
    assert_eq!(
        body,
        serde_json::json!({
            "error": "The shop's database is busy right now. Please try again in a few seconds."
        })
    );
    // Reading goes on meanwhile (write-ahead log).
    assert_eq!(app.get("/api/part", None).await.status(), StatusCode::OK);

    lock.execute("ROLLBACK").await.expect("the lock is let go");
    drop(lock);
    other.pool.close().await;
    let response = app.post_part(Some(&admin.token), &part_body()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_payment_recorded_while_connections_are_cut_is_never_answered_503() {
    if !on_postgres() {
        return;
    }
    let app = spawn_app_with(|config| {
        config.max_unpaid_orders = 0;
        config.max_unpaid_units = 0;
    })
    .await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "5.00").await;
    let buyer = app.new_user().await;
    // Orders with payments that went through, waiting to be claimed.
    let mut claims = Vec::new();
    for _ in 0..25 {
        let order = app.place_order(&buyer, &part, 1).await["_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let intent = app.open_payment(&buyer, &order).await;
        let secret = intent["clientSecret"].as_str().unwrap();
        let confirmed = app
            .confirm_card(&buyer, secret, "4242 4242 4242 4242")
            .await;
        let body: Value = confirmed.json().await.unwrap();
        let transaction = body["paymentIntent"]["id"].as_str().unwrap().to_owned();
        claims.push((order, transaction));
    }
    // The database server closes the shop's connections again and again
    // while the buyer claims each payment.
    let db = app.postgres().expect("a PostgreSQL database");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let cutter = {
        let stop = stop.clone();
        async move {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                db.terminate_connections().await;
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
        }
    };
    let claiming = async {
        let mut answers = Vec::new();
        for (order, transaction) in &claims {
            let response = app.pay_order(Some(&buyer.token), order, transaction).await;
            answers.push(response.status());
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        answers
    };
    let ((), answers) = tokio::join!(cutter, claiming);
    let mut unavailable = 0;
    for ((order, _), status) in claims.iter().zip(&answers) {
        let now = app.order_of(&buyer, order).await;
        match *status {
            StatusCode::OK => assert_eq!(now["paymentStatus"], "paid", "order {order}"),
            // Told the payment could not be recorded: it was not.
            StatusCode::SERVICE_UNAVAILABLE => {
                unavailable += 1;
                assert_eq!(
                    now["paymentStatus"], "unpaid",
                    "order {order} paid, answered 503"
                );
            }
            other => panic!("order {order}: {other}"),
        }
    }
    println!(
        "payments claimed while connections were cut: {} answered 200, {unavailable} 503 (none recorded)",
        answers.len() - unavailable
    );
}
