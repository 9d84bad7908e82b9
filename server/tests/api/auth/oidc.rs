//! "Sign in with Google" (OpenID Connect, code flow with PKCE, state and
//! nonce) against a real provider (`oidc-provider`, see helpers/oidc.rs), and
//! ID tokens made wrong on purpose by a stand-in provider.

use reqwest::{StatusCode, Url};
use serde_json::{json, Value};

use crate::helpers::*;

/// A shop with Google sign-in and the real provider it uses, which knows `accounts`.
async fn shop_with_provider(accounts: &[ProviderAccount<'_>]) -> (TestApp, RealProvider) {
    let port = free_port();
    let callback = format!("http://127.0.0.1:{port}{CALLBACK_PATH}");
    let provider = RealProvider::start(&callback, accounts).await;
    let app = spawn_app_with(google_settings(port, &provider.issuer)).await;
    (app, provider)
}

/// A shop with Google sign-in through the stand-in provider.
async fn shop_with_stand_in(defect: Defect) -> (TestApp, StandInProvider) {
    let provider = StandInProvider::start(defect).await;
    let app = spawn_app_with(google_settings(free_port(), &provider.issuer)).await;
    (app, provider)
}

fn verified<'a>(email: &'a str, name: &'a str) -> ProviderAccount<'a> {
    ProviderAccount {
        email,
        name,
        email_verified: true,
    }
}

#[tokio::test]
async fn a_first_google_sign_in_creates_a_user_without_a_password_and_returns_to_the_page() {
    let email = unique_email("google");
    let (app, _provider) = shop_with_provider(&[verified(&email, "Gina Google")]).await;
    assert_eq!(app.config().await["googleSignIn"], true);
    let browser = Browser::default();

    let landed = browser.sign_in(&app, "/purchase/7?qty=2", &email).await;
    let signed_in = browser.collect(&app, &landed).await;

    assert_eq!(signed_in["redirect"], "/purchase/7?qty=2");
    let user =
        json!({"email": email, "name": "Gina Google", "role": "user", "emailVerified": true});
    assert_eq!(signed_in["user"], user);
    assert_eq!(app.whoami(signed_in["token"].as_str().unwrap()).await, user);
    let without_password = format!(
        "SELECT COUNT(*) FROM users WHERE email = '{email}' AND password_hash IS NULL AND role = 'user'"
    );
    assert_eq!(app.count_sql(&without_password).await, 1);
    // No password was ever set, so none signs in.
    let response = app.login(&email, "").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let response = app.login(&email, PASSWORD).await;
    expect_error(
        response,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
}

#[tokio::test]
async fn a_google_sign_in_with_a_known_verified_email_signs_into_that_account() {
    let email = unique_email("known");
    let (app, _provider) = shop_with_provider(&[
        verified(&email.to_uppercase(), "Another Name"),
        verified(ADMIN_EMAIL, "Google Admin"),
    ])
    .await;
    let response = app.signup("Ann Driver", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let session: Value = response.json().await.unwrap();
    // The account's owner proved the address while signed in with the
    // password, so it keeps its password (any other is taken over: see the
    // recovery tests).
    let link = last_link(&app, &email, "/verify-email").await;
    let response = app
        .post_json(
            "/api/auth/verify-email",
            session["token"].as_str(),
            &json!({"token": token_of(&link)}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    let browser = Browser::default();
    let landed = browser.sign_in(&app, "/dashboard", &email).await;
    let signed_in = browser.collect(&app, &landed).await;
    assert_eq!(signed_in["redirect"], "/dashboard");
    let me = app.whoami(signed_in["token"].as_str().unwrap()).await;
    assert_eq!(
        me,
        json!({"email": email, "name": "Ann Driver", "role": "user", "emailVerified": true})
    );
    let count = format!("SELECT COUNT(*) FROM users WHERE email = '{email}'");
    assert_eq!(app.count_sql(&count).await, 1);
    assert_eq!(app.login(&email, PASSWORD).await.status(), StatusCode::OK);

    // The admin keeps the admin role, read from the database.
    let browser = Browser::default();
    let landed = browser.sign_in(&app, "/", ADMIN_EMAIL).await;
    let signed_in = browser.collect(&app, &landed).await;
    assert_eq!(signed_in["user"]["role"], "admin");
    assert_eq!(signed_in["redirect"], "/");
}

#[tokio::test]
async fn a_google_account_signs_into_the_account_it_is_linked_to_whatever_its_address() {
    let email = unique_email("google");
    let (app, _provider) = shop_with_provider(&[verified(&email, "Gina Google")]).await;
    let browser = Browser::default();
    let landed = browser.sign_in(&app, "/", &email).await;
    let first = browser.collect(&app, &landed).await;
    assert_eq!(first["user"]["email"], email);
    // The account is linked by the provider's id for the person, not only
    // its address: the account's address changing does not unlink it.
    let moved = unique_email("moved");
    app.execute_sql(&format!(
        "UPDATE users SET email = '{moved}' WHERE email = '{email}'"
    ))
    .await;

    let browser = Browser::default();
    let landed = browser.sign_in(&app, "/", &email).await;
    let second = browser.collect(&app, &landed).await;
    assert_eq!(second["user"]["email"], moved);
    let made = format!("SELECT COUNT(*) FROM users WHERE email = '{email}'");
    assert_eq!(app.count_sql(&made).await, 0);
}

#[tokio::test]
async fn another_google_account_cannot_take_an_account_linked_to_one() {
    let email = unique_email("linked");
    let (app, _provider) = shop_with_provider(&[verified(&email, "Gina Google")]).await;
    let response = app.signup("Ann Driver", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    // Linked to a Google account other than the one the provider knows as
    // this address now (a recycled address, say).
    app.execute_sql(&format!(
        "UPDATE users SET google_subject = 'google-person-0' WHERE email = '{email}'"
    ))
    .await;

    let landed = Browser::default().sign_in(&app, "/", &email).await;
    assert_eq!(refusal(&landed), "linked");
    // Nothing changed: the password still signs in.
    assert_eq!(app.login(&email, PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_unverified_google_email_is_refused_and_no_account_is_made() {
    let email = unique_email("unverified");
    let account = ProviderAccount {
        email: &email,
        name: "Una Verified",
        email_verified: false,
    };
    let (app, _provider) = shop_with_provider(&[account]).await;

    let landed = Browser::default().sign_in(&app, "/", &email).await;
    assert_eq!(refusal(&landed), "unverified");
    let count = format!("SELECT COUNT(*) FROM users WHERE email = '{email}'");
    assert_eq!(app.count_sql(&count).await, 0);
}

#[tokio::test]
async fn a_wrong_state_or_another_browsers_state_is_refused() {
    let email = unique_email("state");
    let (app, _provider) = shop_with_provider(&[verified(&email, "Stan State")]).await;
    let browser = Browser::default();

    let at_provider = browser.start_at_provider(&app, "/").await;
    let callback = browser.through_provider(at_provider, &email).await;
    let forged = with_param(&callback, "state", "forged-state");
    assert_eq!(refusal(&browser.callback(&forged).await), "state");

    // The right state, opened by a browser that did not start the sign-in
    // (no cookie): refused, and the state is used up.
    let stranger = Browser::default();
    assert_eq!(refusal(&stranger.callback(&callback).await), "state");
    assert_eq!(refusal(&browser.callback(&callback).await), "state");
}

#[tokio::test]
async fn a_replayed_callback_or_code_is_refused() {
    let email = unique_email("replay");
    let (app, _provider) = shop_with_provider(&[verified(&email, "Rita Replay")]).await;
    let browser = Browser::default();

    let at_provider = browser.start_at_provider(&app, "/").await;
    let first = browser.through_provider(at_provider, &email).await;
    let landed = browser.callback(&first).await;
    browser.collect(&app, &landed).await;
    // The same answer again: its state is used up.
    assert_eq!(refusal(&browser.callback(&first).await), "state");

    // The used code with a fresh state: the provider refuses the code.
    let at_provider = browser.start_at_provider(&app, "/").await;
    let second = browser.through_provider(at_provider, &email).await;
    let replay = with_param(&second, "code", &query_param(&first, "code").unwrap());
    assert_eq!(refusal(&browser.callback(&replay).await), "failed");
}

#[tokio::test]
async fn the_hand_off_code_works_once_and_only_in_the_browser_that_signed_in() {
    let email = unique_email("handoff");
    let (app, _provider) = shop_with_provider(&[verified(&email, "Hal Handoff")]).await;
    let browser = Browser::default();
    let landed = browser.sign_in(&app, "/", &email).await;
    let code = query_param(&landed, "code").unwrap();
    let used_up = "This Google sign-in has expired or was already used. Please try again.";

    // Another browser cannot collect it, and trying uses it up.
    let response = Browser::default().exchange(&app, &code).await;
    expect_error(response, StatusCode::UNAUTHORIZED, used_up).await;
    let response = browser.exchange(&app, &code).await;
    expect_error(response, StatusCode::UNAUTHORIZED, used_up).await;

    let landed = browser.sign_in(&app, "/", &email).await;
    browser.collect(&app, &landed).await;
    let code = query_param(&landed, "code").unwrap();
    let response = browser.exchange(&app, &code).await;
    expect_error(response, StatusCode::UNAUTHORIZED, used_up).await;
    let response = browser.exchange(&app, "").await;
    expect_field_error(response, "code", "Code is Required").await;
}

#[tokio::test]
async fn a_sign_in_cancelled_at_the_provider_comes_back_with_a_reason() {
    let (app, _provider) = shop_with_provider(&[]).await;
    let browser = Browser::default();
    let at_provider = browser.start_at_provider(&app, "/").await;
    let state = query_param(&at_provider, "state").unwrap();
    let mut callback = Url::parse(&app.url(CALLBACK_PATH)).unwrap();
    callback
        .query_pairs_mut()
        .append_pair("error", "access_denied")
        .append_pair("state", &state);
    assert_eq!(refusal(&browser.callback(&callback).await), "cancelled");
}

#[tokio::test]
async fn the_authorization_request_uses_pkce_state_and_nonce() {
    let (app, _provider) = shop_with_provider(&[]).await;
    let browser = Browser::default();
    let response = browser.start(&app, "/").await;
    let cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.starts_with("shop_google_signin="), "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/api/auth/google"] {
        assert!(cookie.contains(attribute), "{cookie} lacks {attribute}");
    }
    let at_provider = location(response.url(), &response);
    for param in ["state", "nonce", "code_challenge"] {
        assert!(
            query_param(&at_provider, param).is_some_and(|v| v.len() >= 22),
            "{param}"
        );
    }
    assert_eq!(
        query_param(&at_provider, "code_challenge_method").as_deref(),
        Some("S256")
    );
    assert_eq!(
        query_param(&at_provider, "response_type").as_deref(),
        Some("code")
    );
    assert_eq!(
        query_param(&at_provider, "client_id").as_deref(),
        Some(CLIENT_ID)
    );
    assert_eq!(
        query_param(&at_provider, "redirect_uri"),
        Some(app.url(CALLBACK_PATH))
    );
}

#[tokio::test]
async fn return_paths_outside_the_shop_are_refused() {
    let (app, _provider) = shop_with_stand_in(Defect::None).await;
    let browser = Browser::default();
    for evil in [
        "https://evil.example",
        "//evil.example",
        "/\\evil.example",
        "evil.example",
    ] {
        let response = browser.start(&app, evil).await;
        assert!(response.headers().get("location").is_none(), "{evil}");
        let message = "The redirect must be a path inside the shop, such as /dashboard";
        expect_field_error(response, "redirect", message).await;
    }
}

#[tokio::test]
async fn a_well_formed_id_token_from_the_stand_in_signs_in() {
    let (app, _provider) = shop_with_stand_in(Defect::None).await;
    let browser = Browser::default();
    let at_provider = browser.start_at_provider(&app, "/blogs").await;
    let callback = browser.through_provider(at_provider, "").await;
    let signed_in = browser
        .collect(&app, &browser.callback(&callback).await)
        .await;
    assert_eq!(signed_in["user"]["email"], "stand.in@example.com");
    assert_eq!(signed_in["user"]["name"], "Stand In");
    assert_eq!(signed_in["redirect"], "/blogs");
}

/// Signs in through the stand-in handing out tokens with `defect`; answers the refusal.
async fn refusal_for(defect: Defect) -> String {
    let (app, _provider) = shop_with_stand_in(defect).await;
    let browser = Browser::default();
    let at_provider = browser.start_at_provider(&app, "/").await;
    let callback = browser.through_provider(at_provider, "").await;
    let reason = refusal(&browser.callback(&callback).await);
    let count = "SELECT COUNT(*) FROM users WHERE email = 'stand.in@example.com'";
    assert_eq!(
        app.count_sql(count).await,
        0,
        "no account for a refused token"
    );
    reason
}

#[tokio::test]
async fn an_id_token_for_another_audience_is_refused() {
    assert_eq!(refusal_for(Defect::OtherAudience).await, "failed");
}

#[tokio::test]
async fn an_expired_id_token_is_refused() {
    assert_eq!(refusal_for(Defect::Expired).await, "failed");
}

#[tokio::test]
async fn an_id_token_with_a_bad_signature_is_refused() {
    assert_eq!(refusal_for(Defect::ForeignKey).await, "failed");
}

#[tokio::test]
async fn an_unsigned_id_token_is_refused() {
    assert_eq!(refusal_for(Defect::Unsigned).await, "failed");
}

#[tokio::test]
async fn an_id_token_for_another_sign_in_is_refused() {
    assert_eq!(refusal_for(Defect::OtherNonce).await, "failed");
}

#[tokio::test]
async fn an_id_token_from_another_issuer_is_refused() {
    assert_eq!(refusal_for(Defect::OtherIssuer).await, "failed");
}

#[tokio::test]
async fn the_shop_starts_before_its_provider_and_finds_it_once_it_is_up() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let issuer = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let app = spawn_app_with(google_settings(free_port(), &issuer)).await;
    let browser = Browser::default();

    let response = browser.start(&app, "/").await;
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(refusal(&location(response.url(), &response)), "unavailable");

    let port = issuer.rsplit(':').next().unwrap();
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}"))
        .await
        .unwrap();
    let _provider = StandInProvider::start_on(listener, Defect::None).await;
    let at_provider = browser.start_at_provider(&app, "/").await;
    assert!(at_provider.as_str().starts_with(&issuer), "{at_provider}");
}

#[tokio::test]
async fn without_a_client_id_google_sign_in_is_off() {
    let app = spawn_app().await;
    assert_eq!(app.config().await["googleSignIn"], false);
    let message = "Google sign-in is not enabled on this shop";
    for path in [
        "/api/auth/google/start?redirect=/",
        "/api/auth/google/callback?code=x&state=y",
    ] {
        expect_error(app.get(path, None).await, StatusCode::NOT_FOUND, message).await;
    }
    let response = app
        .post_json("/api/auth/google/exchange", None, &json!({"code": "x"}))
        .await;
    expect_error(response, StatusCode::NOT_FOUND, message).await;
}

#[tokio::test]
async fn the_google_routes_are_in_the_openapi_document() {
    let app = spawn_app().await;
    let doc: Value = app.openapi().await;
    let paths = &doc["paths"];
    for (path, method, status) in [
        ("/api/auth/google/start", "get", "302"),
        ("/api/auth/google/start", "get", "400"),
        ("/api/auth/google/callback", "get", "302"),
        ("/api/auth/google/exchange", "post", "200"),
        ("/api/auth/google/exchange", "post", "401"),
    ] {
        assert!(
            paths[path][method]["responses"][status].is_object(),
            "{method} {path} documents {status}"
        );
    }
}
