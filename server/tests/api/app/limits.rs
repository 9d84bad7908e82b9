//! Limits that keep one busy or hostile client from starving the others: a
//! request that cannot get a database connection in time is answered 503
//! instead of waiting, and clients that never finish their headers do not
//! stop the shop from answering everyone else and are disconnected once the
//! request timeout has passed.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::*;

/// Another program's connection to the shop's database, holding `table`
/// (on SQLite the whole file) against writes until it rolls back; reads go on.
async fn lock_against_writes(
    app: &TestApp,
    table: &str,
) -> (shop::Db, sqlx::pool::PoolConnection<sqlx::Any>) {
    use sqlx::Executor;
    let other = shop::Db::connect(&app.config.database_url())
        .await
        .expect("the shop's database");
    let mut lock = other.pool.acquire().await.expect("a connection");
    if on_postgres() {
        lock.execute("BEGIN").await.expect("a transaction");
        lock.execute(format!("LOCK TABLE {table} IN EXCLUSIVE MODE").as_str())
            .await
            .expect("the lock");
    } else {
        lock.execute("BEGIN EXCLUSIVE").await.expect("the lock");
    }
    (other, lock)
}

#[tokio::test]
async fn a_request_that_cannot_get_a_database_connection_gets_503_quickly() {
    use sqlx::Executor;
    let app = spawn_app_with(|config| {
        config.db_pool_size = Some(1);
        config.db_acquire_timeout = Duration::from_millis(300);
    })
    .await;
    let admin = app.admin().await;

    // Another program locks the reviews table against writes; reading goes on.
    let (other, mut lock) = lock_against_writes(&app, "reviews").await;

    // A new review (one statement on the pool, unlike the write transactions,
    // which on SQLite have a connection of their own) waits for the lock,
    // holding the shop's only pooled connection.
    let writer = {
        let request = app
            .request(reqwest::Method::POST, "/api/review", Some(&admin.token))
            .json(&review_body());
        tokio::spawn(async move { request.send().await.expect("request sent").status() })
    };

    // Meanwhile a reader cannot get a connection: 503 after the acquire
    // timeout, well before the write gives up (busy timeout 10 s on SQLite,
    // never on PostgreSQL).
    let started = Instant::now();
    let refused = loop {
        let sent = Instant::now();
        // Reviews: the catalogue may be answered from memory, with no connection.
        let response = app.get("/api/review", None).await;
        if response.status() == StatusCode::SERVICE_UNAVAILABLE {
            assert!(
                sent.elapsed() < Duration::from_secs(4),
                "the 503 took {:?}",
                sent.elapsed()
            );
            break response;
        }
        assert_eq!(response.status(), StatusCode::OK);
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "the write never held the only connection"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let body: Value = refused.json().await.expect("a JSON error");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("database")),
        "{body}"
    );

    lock.execute("ROLLBACK").await.expect("the lock is let go");
    drop(lock);
    other.pool.close().await;
    assert_eq!(writer.await.expect("the writer"), StatusCode::CREATED);
    assert_eq!(app.get("/api/part", None).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/health", None).await.status(), StatusCode::OK);
}

/// Another program holding the write lock for a moment makes the shop's write
/// transactions wait their turn, not fail: on SQLite they begin IMMEDIATE,
/// where the busy timeout applies (a deferred one that has read first would
/// be refused at once when it tries to write).
#[tokio::test]
async fn a_write_waits_for_another_programs_lock_then_goes_through() {
    use sqlx::Executor;
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (other, mut lock) = lock_against_writes(&app, "parts").await;

    let writer = {
        let request = app
            .request(reqwest::Method::POST, "/api/part", Some(&admin.token))
            .json(&part_body());
        tokio::spawn(async move { request.send().await.expect("request sent").status() })
    };
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(!writer.is_finished(), "the write did not wait for the lock");

    lock.execute("ROLLBACK").await.expect("the lock is let go");
    drop(lock);
    other.pool.close().await;
    assert_eq!(writer.await.expect("the writer"), StatusCode::CREATED);
    let parts: Value = app
        .get("/api/part", None)
        .await
        .json()
        .await
        .expect("parts");
    assert!(
        parts
            .as_array()
            .expect("a list")
            .iter()
            .any(|p| p["name"] == part_body()["name"]),
        "{parts}"
    );
}

#[tokio::test]
async fn clients_that_never_finish_their_headers_do_not_starve_the_others() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let address = app.address.trim_start_matches("http://").to_owned();

    let outcome = tokio::time::timeout(Duration::from_secs(20), async {
        // 300 connections send half a request and then nothing more.
        let mut slow = Vec::new();
        for _ in 0..300 {
            let mut stream = TcpStream::connect(&address).await.expect("connected");
            stream
                .write_all(b"GET /api/part HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                .await
                .expect("half a request sent");
            slow.push(stream);
        }

        // Everyone else is still answered, and correctly.
        for _ in 0..3 {
            let health = app.get("/api/health", None).await;
            assert_eq!(health.status(), StatusCode::OK);
            let parts = app.get("/api/part", None).await;
            assert_eq!(parts.status(), StatusCode::OK);
            let parts: Value = parts.json().await.expect("a JSON list");
            assert!(parts.is_array() || parts.is_object(), "{parts}");
            let login = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
            assert_eq!(login.status(), StatusCode::OK);
            let body: Value = login.json().await.expect("a JSON answer");
            assert!(body["token"].is_string(), "{body}");
        }
        let created = app.post_part(Some(&admin.token), &part_body()).await;
        assert_eq!(created.status(), StatusCode::CREATED);

        drop(slow);
        assert_eq!(app.get("/api/health", None).await.status(), StatusCode::OK);
    })
    .await;
    assert!(outcome.is_ok(), "the shop stopped answering");
}

#[tokio::test]
async fn a_client_that_never_finishes_its_headers_is_disconnected_after_the_request_timeout() {
    let app = spawn_app_with(|config| config.request_timeout = Duration::from_millis(500)).await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&address).await.expect("connected");
    stream
        .write_all(b"GET /api/part HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .await
        .expect("half a request sent");
    // The shop hangs up: the read ends (with or without an answer) instead of
    // waiting forever.
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection is still open");
    assert_eq!(app.get("/api/health", None).await.status(), StatusCode::OK);
}
