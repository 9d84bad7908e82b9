//! Bad request bodies on every write: malformed JSON, JSON that is not an
//! object, a wrong content type, too many bytes. Each gets a clear 4xx JSON
//! error, never a 500. Wrong fields are in `bad_fields`.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// A shop holding one of everything a write could change: the admin, a
/// buyer, a part and the buyer's order.
struct Shop {
    app: TestApp,
    admin: User,
    buyer: User,
    part: String,
    before: Value,
}

impl Shop {
    async fn new() -> Shop {
        let app = spawn_app().await;
        let admin = app.admin().await;
        let buyer = app.new_user().await;
        let part = app.add_part(&admin, 10, 1, "5.00").await;
        app.place_order(&buyer, &part, 1).await;
        let before = state_of(&app, &admin, &buyer, &part).await;
        Shop {
            app,
            admin,
            buyer,
            part,
            before,
        }
    }

    /// Every write route in scope, with a token that may use it.
    async fn writes(&self) -> Vec<(Method, String, Option<String>)> {
        let admin = self.admin.token.clone();
        let user = self.buyer.token.clone();
        let order = &self.app.orders_of(&self.buyer).await[0]["_id"];
        let order = order.as_str().unwrap();
        vec![
            (Method::POST, "/api/auth/signup".into(), None),
            (Method::POST, "/api/auth/login".into(), None),
            (Method::POST, "/api/part".into(), Some(admin.clone())),
            (Method::PUT, format!("/api/part/{}", self.part), Some(admin)),
            (Method::POST, "/api/review".into(), Some(user.clone())),
            (Method::POST, "/api/booking".into(), Some(user.clone())),
            (
                Method::PATCH,
                format!("/api/booking/{order}"),
                Some(user.clone()),
            ),
            (Method::POST, "/api/profile".into(), Some(user)),
        ]
    }

    /// Checks no write changed anything.
    async fn assert_unchanged(&self) {
        let now = state_of(&self.app, &self.admin, &self.buyer, &self.part).await;
        assert_eq!(now, self.before, "nothing was stored");
    }
}

/// Everything the writes could have changed, as the API shows it.
async fn state_of(app: &TestApp, admin: &User, buyer: &User, part: &str) -> Value {
    let users: Value = app.users(Some(&admin.token)).await.json().await.unwrap();
    let profile = app.profile(Some(&buyer.token)).await.status().as_u16();
    json!({
        "parts": app.parts("").await.0, "part": app.part(part).await,
        "reviews": app.reviews().await, "orders": app.orders_of(buyer).await,
        "users": users, "profile": profile,
    })
}

#[tokio::test]
async fn malformed_json_gets_a_json_400_on_every_write() {
    let shop = Shop::new().await;
    let app = &shop.app;
    for (method, path, token) in shop.writes().await {
        for body in [r#"{"name": "#, "{'name': 'x'}", "", "nul\u{0}"] {
            let response = app
                .send_raw(
                    method.clone(),
                    &path,
                    token.as_deref(),
                    "application/json",
                    body,
                )
                .await;
            assert_eq!(
                response.status(),
                StatusCode::BAD_REQUEST,
                "{method} {path} {body:?}"
            );
            assert!(is_json(&response));
            let error = error_of(response).await;
            assert!(
                error["error"]
                    .as_str()
                    .unwrap()
                    .starts_with("Malformed JSON"),
                "{error}"
            );
        }
    }
    shop.assert_unchanged().await;
}

#[tokio::test]
async fn json_that_is_not_an_object_gets_400_on_every_write() {
    let shop = Shop::new().await;
    let app = &shop.app;
    for (method, path, token) in shop.writes().await {
        for body in [json!([1, 2]), json!("text"), json!(42), json!(null)] {
            let response = app
                .send_json(method.clone(), &path, token.as_deref(), &body)
                .await;
            expect_error(
                response,
                StatusCode::BAD_REQUEST,
                "The request body must be a JSON object",
            )
            .await;
        }
    }
    shop.assert_unchanged().await;
}

#[tokio::test]
async fn a_body_that_is_not_json_gets_415_on_every_write() {
    let shop = Shop::new().await;
    let app = &shop.app;
    let message = "Send the request body as JSON with Content-Type: application/json";
    for (method, path, token) in shop.writes().await {
        for content_type in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ] {
            let response = app
                .send_raw(
                    method.clone(),
                    &path,
                    token.as_deref(),
                    content_type,
                    r#"{"a":1}"#,
                )
                .await;
            expect_error(response, StatusCode::UNSUPPORTED_MEDIA_TYPE, message).await;
        }
        let response = app
            .request(method.clone(), &path, token.as_deref())
            .body(r#"{"a":1}"#)
            .send()
            .await
            .unwrap();
        expect_error(response, StatusCode::UNSUPPORTED_MEDIA_TYPE, message).await;
    }
    shop.assert_unchanged().await;
}

#[tokio::test]
async fn a_json_body_over_one_megabyte_gets_413_on_every_write() {
    let shop = Shop::new().await;
    let app = &shop.app;
    let big = json!({"name": "x".repeat(1024 * 1024 + 1)});
    for (method, path, token) in shop.writes().await {
        let response = app
            .send_json(method.clone(), &path, token.as_deref(), &big)
            .await;
        expect_error(
            response,
            StatusCode::PAYLOAD_TOO_LARGE,
            "The request body is too large (1 MB at most)",
        )
        .await;
    }
    shop.assert_unchanged().await;
}
