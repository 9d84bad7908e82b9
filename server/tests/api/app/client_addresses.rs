//! Who a client is, for rate limits: behind a trusted reverse proxy each
//! client is the address the proxy forwards (IPv6 clients counted by their
//! /64), and from anyone else `X-Forwarded-For` is ignored. Failed logins are
//! also counted per e-mail, whatever addresses they come from.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// A failed login (an e-mail nobody has) that says it was forwarded for `client`.
async fn login_forwarded_for(app: &TestApp, client: &str) -> Response {
    app.request(reqwest::Method::POST, "/api/auth/login", None)
        .header("x-forwarded-for", client)
        .json(&json!({"email": unique_email("nobody"), "password": PASSWORD}))
        .send()
        .await
        .expect("request sent")
}

async fn expect_invalid(response: Response) {
    expect_error(
        response,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
}

async fn expect_rate_limited(response: Response) -> Value {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    error_of(response).await
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_rate_limit() {
    let app = spawn_app_with(|config| {
        config.auth_rate_limit = 2;
        config.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()];
    })
    .await;
    for _ in 0..2 {
        expect_invalid(login_forwarded_for(&app, "203.0.113.1").await).await;
    }
    expect_rate_limited(login_forwarded_for(&app, "203.0.113.1").await).await;
    // Another client behind the same proxy has its own budget, and so has the
    // one a client claims to be left of the address the proxy saw.
    expect_invalid(login_forwarded_for(&app, "203.0.113.2").await).await;
    expect_invalid(login_forwarded_for(&app, "198.51.100.7, 203.0.113.3").await).await;
    expect_rate_limited(login_forwarded_for(&app, "198.51.100.8, 203.0.113.1").await).await;
}

#[tokio::test]
async fn ipv6_clients_share_a_rate_limit_with_their_64() {
    let app = spawn_app_with(|config| {
        config.auth_rate_limit = 2;
        config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    expect_invalid(login_forwarded_for(&app, "2001:db8:1:2::1").await).await;
    expect_invalid(login_forwarded_for(&app, "2001:db8:1:2::2").await).await;
    expect_rate_limited(login_forwarded_for(&app, "2001:db8:1:2:ffff::3").await).await;
    expect_invalid(login_forwarded_for(&app, "2001:db8:1:3::1").await).await;
}

#[tokio::test]
async fn without_a_trusted_proxy_x_forwarded_for_is_ignored() {
    let app = spawn_app_with(|config| config.auth_rate_limit = 2).await;
    expect_invalid(login_forwarded_for(&app, "203.0.113.1").await).await;
    expect_invalid(login_forwarded_for(&app, "203.0.113.2").await).await;
    // All three come from 127.0.0.1, whatever they say.
    expect_rate_limited(login_forwarded_for(&app, "203.0.113.3").await).await;
}

#[tokio::test]
async fn after_five_failed_logins_an_email_is_refused_for_a_while_while_others_sign_in() {
    let app = spawn_app().await;
    let target = app.new_user().await;
    let other = app.new_user().await;
    for _ in 0..5 {
        expect_invalid(app.login(&target.email, "wrong-password").await).await;
    }
    // Even the right password is refused now, with a readable 429.
    let response = app.login(&target.email, PASSWORD).await;
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after >= 1, "{retry_after}");
    let refused = expect_rate_limited(response).await;
    // As typed in another case, it is the same e-mail.
    expect_rate_limited(app.login(&target.email.to_uppercase(), PASSWORD).await).await;

    // Everyone else signs in as usual.
    let response = app.login(&other.email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);

    // An e-mail without an account is answered exactly the same way, so the
    // answers tell nothing about which accounts exist.
    let nobody = unique_email("nobody");
    for _ in 0..5 {
        expect_invalid(app.login(&nobody, "wrong-password").await).await;
    }
    let response = app.login(&nobody, PASSWORD).await;
    assert_eq!(expect_rate_limited(response).await, refused);
}

#[tokio::test]
async fn a_successful_login_forgets_the_failed_ones() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for _ in 0..4 {
        expect_invalid(app.login(&user.email, "wrong-password").await).await;
    }
    assert_eq!(
        app.login(&user.email, PASSWORD).await.status(),
        StatusCode::OK
    );
    for _ in 0..4 {
        expect_invalid(app.login(&user.email, "wrong-password").await).await;
    }
    assert_eq!(
        app.login(&user.email, PASSWORD).await.status(),
        StatusCode::OK
    );
}
