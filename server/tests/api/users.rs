//! The users list, making and removing admins (each mailed to the user),
//! and the admin check.

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

/// A new user made admin by the shop's admin.
async fn second_admin(app: &TestApp, admin: &User) -> User {
    let user = app.new_user().await;
    let response = app.make_admin(Some(&admin.token), &user.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    user
}

/// The roles of every account, by e-mail.
async fn roles(app: &TestApp, admin: &User) -> Vec<(String, String)> {
    let users: Vec<Value> = app.users(Some(&admin.token)).await.json().await.unwrap();
    users
        .iter()
        .map(|u| {
            (
                u["email"].as_str().unwrap().to_owned(),
                u["role"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_admin_removes_another_admin_whose_tokens_end() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let other = second_admin(&app, &admin).await;
    assert_eq!(app.whoami(&other.token).await["role"], "admin");

    // Any case is the same user, as when making an admin.
    let response = app
        .remove_admin(Some(&admin.token), &other.email.to_uppercase())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"modifiedCount": 1})
    );

    // The token they held as an admin has ended (docs/decisions.md, D21).
    expect_error(
        app.me(Some(&other.token)).await,
        StatusCode::UNAUTHORIZED,
        "Your session has ended. Please log in again.",
    )
    .await;
    // They keep their account, as a user.
    let login = app.login(&other.email, PASSWORD).await;
    assert_eq!(login.status(), StatusCode::OK);
    let token = login.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(app.whoami(&token).await["role"], "user");
    let denied = app.post_part(Some(&token), &part_body()).await;
    expect_error(denied, StatusCode::FORBIDDEN, "Only admins can do this").await;

    // The audit log says who did it, and the role before and after.
    let records: Vec<Value> = app
        .get(
            "/api/admin/audit?action=user.adminRemoved",
            Some(&admin.token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["byEmail"], ADMIN_EMAIL);
    assert_eq!(records[0]["subjectType"], "user");
    assert_eq!(records[0]["subjectId"], other.email.as_str());
    assert_eq!(records[0]["before"], json!({"role": "admin"}));
    assert_eq!(records[0]["after"], json!({"role": "user"}));
}

#[tokio::test]
async fn removing_the_admin_role_of_a_user_modifies_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let response = app.remove_admin(Some(&admin.token), &user.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"modifiedCount": 0})
    );
    // Their session goes on, and nothing is recorded.
    assert_eq!(app.whoami(&user.token).await["role"], "user");
    let total = app
        .get(
            "/api/admin/audit?action=user.adminRemoved",
            Some(&admin.token),
        )
        .await
        .headers()["x-total-count"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(total, "0");
}

#[tokio::test]
async fn the_last_admin_is_never_removed() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = app.remove_admin(Some(&admin.token), ADMIN_EMAIL).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "This is the shop's last admin: make another user an admin first.",
    )
    .await;
    assert_eq!(app.whoami(&admin.token).await["role"], "admin");
}

#[tokio::test]
async fn an_admin_never_removes_themself() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let other = second_admin(&app, &admin).await;
    let response = app.remove_admin(Some(&admin.token), ADMIN_EMAIL).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "You cannot remove your own admin role. Another admin can do it.",
    )
    .await;
    // Both stay admins, with their sessions.
    assert_eq!(app.whoami(&admin.token).await["role"], "admin");
    assert_eq!(app.whoami(&other.token).await["role"], "admin");
}

#[tokio::test]
async fn removing_an_unknown_email_answers_404() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for email in ["nobody@example.com", "not-an-email"] {
        let response = app.remove_admin(Some(&admin.token), email).await;
        expect_error(response, StatusCode::NOT_FOUND, "User not found").await;
    }
}

#[tokio::test]
async fn only_an_admin_removes_admins() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let response = app.remove_admin(Some(&user.token), ADMIN_EMAIL).await;
    expect_error(response, StatusCode::FORBIDDEN, "Only admins can do this").await;
    let response = app.remove_admin(None, ADMIN_EMAIL).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.whoami(&admin.token).await["role"], "admin");
}

#[tokio::test]
async fn two_admins_removing_each_other_at_once_leave_one_admin() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let other = second_admin(&app, &admin).await;

    let (first, second) = tokio::join!(
        app.remove_admin(Some(&admin.token), &other.email),
        app.remove_admin(Some(&other.token), ADMIN_EMAIL),
    );
    let statuses = [first.status(), second.status()];
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{statuses:?}"
    );
    // The other was refused: the last admin (409), or its session had already ended (401).
    assert!(
        statuses
            .iter()
            .any(|s| [StatusCode::CONFLICT, StatusCode::UNAUTHORIZED].contains(s)),
        "{statuses:?}"
    );
    let winner = if first.status() == StatusCode::OK {
        &admin
    } else {
        &other
    };
    let admins: Vec<String> = roles(&app, winner)
        .await
        .into_iter()
        .filter(|(_, role)| role == "admin")
        .map(|(email, _)| email)
        .collect();
    assert_eq!(admins, vec![winner.email.clone()]);
}

#[tokio::test]
async fn a_user_is_mailed_when_made_admin_and_when_the_role_is_removed() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| c.smtp_url = Some(url)).await;
    let admin = app.admin().await;
    let other = app.new_user().await;
    capture.clear();

    let response = app.make_admin(Some(&admin.token), &other.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    let made = capture
        .wait_for_mail(&other.email, "You are now an admin of the shop")
        .await;
    assert!(
        made.text().contains("made your account an admin"),
        "{}",
        made.text()
    );

    let response = app.remove_admin(Some(&admin.token), &other.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    let removed = capture
        .wait_for_mail(&other.email, "Your admin role was removed")
        .await;
    assert!(
        removed.text().contains("signed out everywhere"),
        "{}",
        removed.text()
    );

    // A change refused or not made mails nobody: removing a user who is no
    // admin, making an admin admin again, the last admin removing themself.
    let again = app.remove_admin(Some(&admin.token), &other.email).await;
    assert_eq!(again.status(), StatusCode::OK);
    let admin_again = app.make_admin(Some(&admin.token), ADMIN_EMAIL).await;
    assert_eq!(admin_again.status(), StatusCode::OK);
    let oneself = app.remove_admin(Some(&admin.token), ADMIN_EMAIL).await;
    assert_eq!(oneself.status(), StatusCode::CONFLICT);
    // The worker has had time to send anything stored with them.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let about_roles: Vec<String> = capture
        .messages()
        .iter()
        .map(|m| m.subject().to_owned())
        .filter(|subject| subject.contains("admin"))
        .collect();
    assert_eq!(about_roles.len(), 2, "{about_roles:?}");
}
