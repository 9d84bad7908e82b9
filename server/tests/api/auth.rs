use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn signing_up_answers_a_token_and_the_user() {
    let app = spawn_app().await;
    let response = app.signup("Ann Driver", "Ann@Example.com", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert!(body["token"]
        .as_str()
        .is_some_and(|t| t.split('.').count() == 3));
    assert_eq!(
        body["user"],
        json!({"email": "ann@example.com", "name": "Ann Driver", "role": "user"})
    );
}

#[tokio::test]
async fn a_role_in_the_signup_body_is_ignored() {
    let app = spawn_app().await;
    let body = json!({"name": "Mallory", "email": "mallory@example.com", "password": PASSWORD, "role": "admin"});
    let response = app.post_json("/api/auth/signup", None, &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["user"]["role"], "user");
    let me: Value = app
        .get("/api/me", body["token"].as_str())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["role"], "user");
}
