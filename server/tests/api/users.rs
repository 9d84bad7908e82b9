//! The users list, making admins, and the admin check.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn an_admin_lists_every_user_with_email_name_and_role_only() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;

    let response = app.users(Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let users: Vec<Value> = response.json().await.unwrap();
    assert_eq!(
        users,
        vec![
            json!({"email": ADMIN_EMAIL, "name": "Shop Admin", "role": "admin", "emailVerified": true}),
            json!({"email": user.email, "name": user.name, "role": "user", "emailVerified": false}),
        ]
    );
}

#[tokio::test]
async fn the_users_list_is_for_admins_only() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    expect_error(
        app.users(None).await,
        StatusCode::UNAUTHORIZED,
        "Please sign in first",
    )
    .await;
    expect_error(
        app.users(Some(&user.token)).await,
        StatusCode::FORBIDDEN,
        "Only admins can do this",
    )
    .await;
}

#[tokio::test]
async fn an_admin_makes_a_user_admin_with_immediate_effect_on_their_token() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let denied = app.post_part(Some(&user.token), &part_body()).await;
    assert_eq!(denied.status(), StatusCode::FORBIDDEN);

    // The e-mail in the path is read like any other: any case is the same user.
    let response = app
        .make_admin(Some(&admin.token), &user.email.to_uppercase())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"modifiedCount": 1})
    );

    // The token issued before still works, now with the admin role.
    assert_eq!(app.whoami(&user.token).await["role"], "admin");
    let allowed = app.post_part(Some(&user.token), &part_body()).await;
    assert_eq!(allowed.status(), StatusCode::CREATED);
    let check: Value = app
        .is_admin(Some(&user.token), &user.email)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(check, json!({"admin": true}));
}

#[tokio::test]
async fn making_an_admin_admin_again_modifies_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = app.make_admin(Some(&admin.token), ADMIN_EMAIL).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"modifiedCount": 0})
    );
}

#[tokio::test]
async fn making_an_unknown_email_admin_answers_404() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for email in ["nobody@example.com", "not-an-email"] {
        let response = app.make_admin(Some(&admin.token), email).await;
        expect_error(response, StatusCode::NOT_FOUND, "User not found").await;
    }
}

#[tokio::test]
async fn only_an_admin_can_make_admins() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let other = app.new_user().await;
    let response = app.make_admin(Some(&user.token), &other.email).await;
    expect_error(response, StatusCode::FORBIDDEN, "Only admins can do this").await;
    let response = app.make_admin(None, &other.email).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.whoami(&other.token).await["role"], "user");
}

#[tokio::test]
async fn a_user_asks_whether_they_are_admin() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.is_admin(Some(&user.token), &user.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"admin": false})
    );
    let response = app.is_admin(None, &user.email).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_admin_asks_about_anyone_but_a_user_only_about_themself() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    for (email, answer) in [
        (ADMIN_EMAIL, true),
        (user.email.as_str(), false),
        ("nobody@example.com", false),
    ] {
        let response = app.is_admin(Some(&admin.token), email).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, json!({"admin": answer}), "{email}");
    }
    let response = app.is_admin(Some(&user.token), ADMIN_EMAIL).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    error_of(response).await;
}
