//! Running the shop: readiness beside liveness, a request id on every
//! answer and log line, JSON logs that hold no secret, and a stop (SIGTERM)
//! that says "not ready" first, finishes what it is doing, and sends each
//! message of a mail backlog exactly once.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn readiness_says_what_it_checked() {
    let app = spawn_app().await;
    let response = app.get("/api/ready", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["ready"], true);
    assert_eq!(body["database"], "ok");
    assert_eq!(body["migrations"], "ok");
    assert_eq!(body["payments"], "test");
    assert_eq!(body["draining"], false);
    assert!(body["mail"] == "smtp" || body["mail"] == "files", "{body}");
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_a_plain_one_sent_is_kept() {
    let app = spawn_app().await;
    let mut seen = Vec::new();
    for path in ["/api/health", "/api/part", "/", "/api/no-such-route"] {
        let response = app.get(path, None).await;
        let id = response.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(!id.is_empty(), "{path}");
        assert!(!seen.contains(&id), "{path}: {id} twice");
        seen.push(id);
    }
    let sent = app
        .request(reqwest::Method::GET, "/api/health", None)
        .header("x-request-id", "lb-7f3a.42")
        .send()
        .await
        .unwrap();
    assert_eq!(sent.headers()["x-request-id"], "lb-7f3a.42");
    let odd = app
        .request(reqwest::Method::GET, "/api/health", None)
        .header("x-request-id", "a b \"c\"")
        .send()
        .await
        .unwrap();
    let replaced = odd.headers()["x-request-id"].to_str().unwrap();
    assert!(!replaced.contains(' '), "{replaced}");
}

#[tokio::test]
async fn json_logs_carry_the_request_id_and_never_a_password_token_or_card() {
    let dir = tempfile::tempdir().unwrap();
    let shop = ShopProcess::start_with(
        dir.path(),
        None,
        &[
            ("SHOP_LOG_FORMAT", "json"),
            (
                "RUST_LOG",
                "debug,sqlx=warn,hyper=warn,h2=warn,reqwest=warn,rustls=warn",
            ),
        ],
    );
    let email = unique_email("logs");
    let token = shop
        .token(
            "/api/auth/signup",
            json!({"name": "Log Reader", "email": email, "password": PASSWORD}),
        )
        .await;
    let admin = shop.admin_token().await;
    let part = json!({"name": "Pads", "description": "Front", "img": "/api/image/x.jpg",
        "price": 20, "availableQuantity": 5, "minimumOrder": 1});
    let response = shop.post("/api/part", Some(&admin), part).await.unwrap();
    let part: Value = response.json().await.unwrap();
    let part = part["insertedId"].as_str().unwrap().to_owned();
    let response = shop
        .post(
            "/api/booking",
            Some(&token),
            json!({"partId": part, "partOrder": 1}),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let order: Value = response.json().await.unwrap();
    let order = order["booking"]["_id"].as_str().unwrap().to_owned();
    let response = shop
        .post(
            "/api/create-payment-intent",
            Some(&token),
            json!({"bookingId": order}),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let intent: Value = response.json().await.unwrap();
    let secret = intent["clientSecret"].as_str().unwrap().to_owned();
    let card = "4242424242424242";
    let response = shop
        .post(
            "/api/test-payments/confirm",
            Some(&token),
            card_body(&secret, card),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let request_id = response.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_owned();
    // The log is written a moment after the answer.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let log = shop.log();
    assert!(log.len() > 10, "{log:?}");
    for line in &log {
        let parsed: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("a log line is not JSON ({e}): {line}"));
        assert!(parsed["level"].is_string(), "{line}");
        let kept_secret = "faults-test-secret";
        for secret in [
            PASSWORD,
            &token,
            &admin,
            card,
            ADMIN_PASSWORD,
            &secret,
            kept_secret,
        ] {
            assert!(!line.contains(secret), "a secret in the log: {line}");
        }
    }
    let of_payment: Vec<&String> = log
        .iter()
        .filter(|line| line.contains(&request_id))
        .collect();
    assert!(
        of_payment.iter().any(|line| line.contains("\"answered\"")),
        "the payment's lines carry its id: {log:?}"
    );
}

#[tokio::test]
async fn a_stopping_shop_says_it_is_draining_answers_meanwhile_and_exits() {
    let dir = tempfile::tempdir().unwrap();
    let mut shop = ShopProcess::start_with(dir.path(), None, &[("SHOP_DRAIN_DELAY", "3s")]);
    assert_eq!(
        shop.get("/api/ready").await.unwrap().status(),
        StatusCode::OK
    );
    let stopped_at = Instant::now();
    shop.terminate();
    // Within the drain delay: not ready, and still answering.
    let draining = loop {
        let response = shop.get("/api/ready").await.unwrap();
        if response.status() == StatusCode::SERVICE_UNAVAILABLE {
            break response.json::<Value>().await.unwrap();
        }
        assert!(
            stopped_at.elapsed() < Duration::from_secs(2),
            "never draining"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(
        (&draining["ready"], &draining["draining"]),
        (&json!(false), &json!(true))
    );
    assert_eq!(
        shop.get("/api/health").await.unwrap().status(),
        StatusCode::OK
    );
    let status = shop.exited(Duration::from_secs(20)).await;
    assert!(status.success(), "{status:?}");
    assert!(
        stopped_at.elapsed() >= Duration::from_secs(3),
        "left before its drain delay"
    );
}

#[tokio::test]
async fn a_stop_during_a_mail_backlog_sends_each_message_once() {
    // A mail server that takes a while over each message, as a real one
    // across the internet does: the stop comes while one is being sent.
    let capture = SmtpCapture::start_slow(Duration::from_millis(300)).await;
    let dir = tempfile::tempdir().unwrap();
    let smtp = capture.url();
    let settings = [("SHOP_SMTP_URL", smtp.as_str()), ("SHOP_MAIL_RETRY", "1s")];
    let mut shop = ShopProcess::start_with(dir.path(), None, &settings);
    const BUYERS: usize = 12;
    let mut emails = Vec::new();
    for n in 0..BUYERS {
        let email = unique_email(&format!("backlog{n}"));
        shop.token(
            "/api/auth/signup",
            json!({"name": "Buyer", "email": email, "password": PASSWORD}),
        )
        .await;
        emails.push(email);
    }
    // Stopped once a few are out and the rest wait.
    let deadline = Instant::now() + Duration::from_secs(30);
    while capture.messages().len() < 3 {
        assert!(Instant::now() < deadline, "no mail went out");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    shop.terminate();
    let status = shop.exited(Duration::from_secs(20)).await;
    assert!(status.success(), "{status:?}");
    let before_restart = capture.messages().len();
    assert!(
        before_restart < BUYERS,
        "the backlog was gone before the stop"
    );

    // The next process sends the rest at once: nothing is left claimed by
    // the stopped one.
    let _next = ShopProcess::start_with(dir.path(), None, &settings);
    let all = tokio::time::timeout(Duration::from_secs(60), capture.wait_for(BUYERS))
        .await
        .expect("the rest is sent within a minute, not when a claim runs out");
    assert_eq!(all.len(), BUYERS);
    // And nothing twice, even a little later.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut per_recipient: HashMap<String, usize> = HashMap::new();
    for mail in capture.messages() {
        *per_recipient.entry(mail.to().to_owned()).or_default() += 1;
    }
    for email in &emails {
        let sent = per_recipient
            .iter()
            .filter(|(to, _)| to.contains(email.as_str()))
            .map(|(_, n)| *n)
            .sum::<usize>();
        assert_eq!(sent, 1, "{email}: {per_recipient:?}");
    }
}

#[tokio::test]
async fn metrics_are_off_unless_a_token_or_an_address_list_turns_them_on() {
    let off = spawn_app().await;
    let response = off.get("/metrics", None).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    let app = spawn_app_with(|config| {
        config.metrics_token = Some("scrape-me-please".into());
    })
    .await;
    let response = app.get("/metrics", None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.get("/metrics", Some("a-wrong-token")).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // Something to count: a part read twice (the second from memory), an
    // order placed, a route that does not exist.
    let admin = app.admin().await;
    let part = app.add_part(&admin, 10, 1, "9.99").await;
    for _ in 0..2 {
        assert_eq!(
            app.get(&format!("/api/part/{part}"), None).await.status(),
            StatusCode::OK
        );
    }
    let buyer = app.new_user().await;
    app.place_order(&buyer, &part, 1).await;
    app.get("/api/no-such-thing-at-all", None).await;

    let response = app.get("/metrics", Some("scrape-me-please")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/openmetrics-text"));
    let text = response.text().await.unwrap();
    for expected in [
        "shop_http_requests_total{route=\"/api/part/{id}\",method=\"GET\",status=\"200\"}",
        "shop_http_requests_total{route=\"unmatched\",method=\"GET\",status=\"404\"}",
        "shop_http_request_duration_seconds_bucket{le=",
        "shop_orders_placed_total ",
        "shop_checkouts_total{outcome=\"placed\"}",
        "shop_order_desk_batch_size_count ",
        "shop_catalogue_cache_lookups_total{outcome=\"hit\"}",
        "shop_mail_outbox_depth ",
        "shop_mail_outbox_oldest_seconds ",
        "shop_db_pool_connections ",
        "shop_db_pool_wait_seconds_count ",
        "shop_process_resident_memory_bytes ",
    ] {
        assert!(text.contains(expected), "{expected} in:\n{text}");
    }
    // No label names a part or an order.
    assert!(!text.contains(&format!("/api/part/{part}\"")), "{text}");
}

#[tokio::test]
async fn metrics_answer_a_listed_address_without_a_token() {
    let app = spawn_app_with(|config| {
        config.metrics_allow = vec!["127.0.0.0/8".parse().unwrap()];
    })
    .await;
    let response = app.get("/metrics", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.unwrap();
    assert!(
        text.contains("shop_process_resident_memory_bytes"),
        "{text}"
    );
}
