//! Who may do what: every protected route wants a valid token, admin routes
//! want the admin role, and no token can be forged, replayed past its
//! expiry, or turned into more rights than its user has.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

const SECRET: &str = "a-known-test-secret-of-at-least-32-chars";

/// A shop whose signing key the test knows.
async fn spawn_app_with_known_key() -> TestApp {
    spawn_app_with(|c| c.token_secret = Some(SECRET.into())).await
}

/// The claims of a token the shop issued.
fn claims_of(token: &str) -> Value {
    let key = DecodingKey::from_secret(SECRET.as_bytes());
    jsonwebtoken::decode::<Value>(token, &key, &Validation::new(Algorithm::HS256))
        .expect("the shop's token verifies with its key")
        .claims
}

fn sign(claims: &Value, algorithm: Algorithm, key: &str) -> String {
    let key = EncodingKey::from_secret(key.as_bytes());
    jsonwebtoken::encode(&Header::new(algorithm), claims, &key).unwrap()
}

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Asserts `token` is refused on a user route and on an admin route.
async fn assert_refused(app: &TestApp, token: &str, what: &str) {
    let response = app.me(Some(token)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{what}");
    error_of(response).await;
    let response = app.post_part(Some(token), &part_body()).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{what}");
}

#[tokio::test]
async fn a_token_signed_with_the_shops_key_is_accepted() {
    // The forgeries below differ from this one in a single way each.
    let app = spawn_app_with_known_key().await;
    let admin = app.admin().await;
    let mut claims = claims_of(&admin.token);
    claims["exp"] = json!(now() + 600);
    let token = sign(&claims, Algorithm::HS256, SECRET);
    assert_eq!(app.whoami(&token).await["role"], "admin");
}

#[tokio::test]
async fn a_token_signed_with_another_key_is_refused() {
    let app = spawn_app_with_known_key().await;
    let admin = app.admin().await;
    let claims = claims_of(&admin.token);
    let forged = sign(
        &claims,
        Algorithm::HS256,
        "another-secret-that-is-long-enough-too",
    );
    assert_refused(&app, &forged, "wrong key").await;
}

#[tokio::test]
async fn an_unsigned_token_is_refused() {
    let app = spawn_app_with_known_key().await;
    let admin = app.admin().await;
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    let payload = URL_SAFE_NO_PAD.encode(claims_of(&admin.token).to_string());
    assert_refused(&app, &format!("{header}.{payload}."), "alg none").await;
    assert_refused(&app, &format!("{header}.{payload}"), "alg none, two parts").await;
}

#[tokio::test]
async fn a_token_signed_with_another_algorithm_is_refused() {
    let app = spawn_app_with_known_key().await;
    let admin = app.admin().await;
    let claims = claims_of(&admin.token);
    assert_refused(&app, &sign(&claims, Algorithm::HS512, SECRET), "HS512").await;
}

#[tokio::test]
async fn an_expired_token_is_refused() {
    let app = spawn_app_with_known_key().await;
    let user = app.new_user().await;
    let mut claims = claims_of(&user.token);
    claims["iat"] = json!(now() - 2 * 86_400);
    claims["exp"] = json!(now() - 3_600);
    let expired = sign(&claims, Algorithm::HS256, SECRET);
    let response = app.me(Some(&expired)).await;
    expect_error(
        response,
        StatusCode::UNAUTHORIZED,
        "Your session is invalid or has expired. Please sign in again.",
    )
    .await;
}

/// A token the shop signed for a user it does not have orders nothing: the
/// order desk reads the buyer and refuses the order as any request of an
/// unknown user is refused.
#[tokio::test]
async fn a_signed_token_of_no_such_user_places_no_order() {
    let app = spawn_app_with_known_key().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 10, 1, "5.00").await;
    let user = app.new_user().await;
    let mut claims = claims_of(&user.token);
    claims["sub"] = json!("987654");
    let nobody = sign(&claims, Algorithm::HS256, SECRET);
    let response = app
        .post_json(
            "/api/booking",
            Some(&nobody),
            &json!({"partId": part, "partOrder": 1}),
        )
        .await;
    expect_error(
        response,
        StatusCode::UNAUTHORIZED,
        "Your session is invalid or has expired. Please sign in again.",
    )
    .await;
    assert_eq!(app.stock_of(&part).await, 10);
}

#[tokio::test]
async fn a_token_without_an_expiry_is_refused() {
    let app = spawn_app_with_known_key().await;
    let user = app.new_user().await;
    let mut claims = claims_of(&user.token);
    claims.as_object_mut().unwrap().remove("exp");
    assert_refused(&app, &sign(&claims, Algorithm::HS256, SECRET), "no exp").await;
}

#[tokio::test]
async fn a_users_token_with_the_payload_of_an_admin_is_refused() {
    let app = spawn_app_with_known_key().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let parts: Vec<&str> = user.token.split('.').collect();
    let admin_payload = admin.token.split('.').nth(1).unwrap();
    let spliced = format!("{}.{admin_payload}.{}", parts[0], parts[2]);
    assert_refused(&app, &spliced, "spliced payload").await;
}

#[tokio::test]
async fn garbage_tokens_and_other_schemes_are_refused() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for token in ["garbage", "a.b.c", "", "Bearer", "null", "undefined"] {
        assert_refused(&app, token, token).await;
    }
    for header in [
        format!("Basic {}", user.token),
        format!("Token {}", user.token),
        user.token.clone(),
    ] {
        let response = app
            .request(Method::GET, "/api/me", None)
            .header("authorization", header)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        error_of(response).await;
    }
}

#[tokio::test]
async fn every_protected_route_wants_a_token() {
    let app = spawn_app().await;
    let routes = [
        (Method::GET, "/api/me"),
        (Method::PUT, "/api/user/ann@example.com"),
        (Method::POST, "/api/part"),
        (Method::PUT, "/api/part/1"),
        (Method::DELETE, "/api/part/1"),
        (Method::POST, "/api/review"),
        (Method::GET, "/api/user"),
        (Method::PUT, "/api/user/admin/ann@example.com"),
        (Method::GET, "/api/admin/ann@example.com"),
        (Method::POST, "/api/booking"),
        (Method::GET, "/api/booking"),
        (Method::GET, "/api/booking/1"),
        (Method::PATCH, "/api/booking/1"),
        (Method::DELETE, "/api/booking/1"),
        (Method::POST, "/api/profile"),
        (Method::GET, "/api/profile"),
        (Method::GET, "/api/profile/1"),
        (Method::POST, "/api/image"),
    ];
    for (method, path) in routes {
        let response = app
            .request(method.clone(), path, None)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        expect_error(response, StatusCode::UNAUTHORIZED, "Please sign in first").await;
    }
}

#[tokio::test]
async fn every_admin_route_refuses_a_user_with_403() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let part = app.add_part(&admin, 10, 1, "5.00").await;
    let routes = [
        (Method::POST, "/api/part".to_owned()),
        (Method::PUT, format!("/api/part/{part}")),
        (Method::DELETE, format!("/api/part/{part}")),
        (Method::GET, "/api/user".to_owned()),
        (Method::PUT, format!("/api/user/admin/{}", user.email)),
    ];
    for (method, path) in routes {
        let response = app
            .send_json(method.clone(), &path, Some(&user.token), &part_body())
            .await;
        expect_error(response, StatusCode::FORBIDDEN, "Only admins can do this").await;
    }
    assert_eq!(app.parts("").await.1, 1);
    assert_eq!(app.part(&part).await["price"], 5.0);
}

#[tokio::test]
async fn a_user_cannot_make_themself_admin() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.make_admin(Some(&user.token), &user.email).await;
    expect_error(response, StatusCode::FORBIDDEN, "Only admins can do this").await;
    // A role sent along with a token refresh changes nothing either.
    let body = json!({"email": user.email, "role": "admin"});
    let path = format!("/api/user/{}", user.email);
    let response = app.put_json(&path, Some(&user.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let fresh: Value = response.json().await.unwrap();
    assert_eq!(
        app.whoami(fresh["token"].as_str().unwrap()).await["role"],
        "user"
    );
    assert_eq!(app.whoami(&user.token).await["role"], "user");
    let check: Value = app
        .is_admin(Some(&user.token), &user.email)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(check, json!({"admin": false}));
}

#[tokio::test]
async fn a_buyer_cannot_reach_another_buyers_order_or_profile() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let victim = app.new_user().await;
    let snoop = app.new_user().await;
    let part = app.add_part(&admin, 10, 1, "5.00").await;
    let order = app.place_order(&victim, &part, 2).await;
    let order_id = order["_id"].as_str().unwrap();
    let profile: Value = app
        .post_profile(Some(&victim.token), &profile_body())
        .await
        .json()
        .await
        .unwrap();
    let profile_id = profile["insertedId"].as_str().unwrap();

    let token = Some(snoop.token.as_str());
    let list = app.list_orders(token, Some(&victim.email)).await;
    assert_eq!(list.status(), StatusCode::FORBIDDEN);
    // Upper case is the same buyer, and still not the snoop's.
    let list = app
        .list_orders(token, Some(&victim.email.to_uppercase()))
        .await;
    assert_eq!(list.status(), StatusCode::FORBIDDEN);
    for response in [
        app.get_order(token, order_id).await,
        app.pay_order(token, order_id, "pi_x").await,
        app.cancel_order(token, order_id).await,
        app.profile_by_id(token, profile_id).await,
    ] {
        assert_eq!(
            response.status(),
            StatusCode::NOT_FOUND,
            "{}",
            response.url()
        );
        let body = error_of(response).await;
        assert!(
            body.get("buyer").is_none() && body.get("city").is_none(),
            "{body}"
        );
    }
    let own: Vec<Value> = app.list_orders(token, None).await.json().await.unwrap();
    assert!(
        own.is_empty(),
        "the snoop's own list holds only the snoop's orders"
    );
    assert_eq!(app.order_of(&victim, order_id).await["status"], "unpaid");
}
