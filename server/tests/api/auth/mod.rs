mod oidc;
mod recovery;

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
        json!({"email": "ann@example.com", "name": "Ann Driver", "role": "user", "emailVerified": false})
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

#[tokio::test]
async fn logging_in_answers_a_token_and_the_user_with_their_role() {
    let app = spawn_app().await;
    app.signup("Ann Driver", "ann@example.com", PASSWORD).await;

    let response = app.login("ann@example.com", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["user"],
        json!({"email": "ann@example.com", "name": "Ann Driver", "role": "user", "emailVerified": false})
    );
    let token = body["token"].as_str().unwrap();
    assert_eq!(app.whoami(token).await["email"], "ann@example.com");

    let admin: Value = app
        .login(ADMIN_EMAIL, ADMIN_PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(admin["user"]["role"], "admin");
}

#[tokio::test]
async fn an_email_is_trimmed_and_lower_cased_so_any_case_signs_in() {
    let app = spawn_app().await;
    let response = app.signup("Ann", "  Ann.Lee@Example.COM ", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["user"]["email"], "ann.lee@example.com");

    for spelling in [
        "ann.lee@example.com",
        "ANN.LEE@EXAMPLE.COM",
        " Ann.Lee@example.com",
    ] {
        let response = app.login(spelling, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK, "{spelling}");
    }
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_401() {
    let app = spawn_app().await;
    app.signup("Ann", "ann@example.com", PASSWORD).await;
    for (email, password) in [
        ("ann@example.com", "wrong-password"),
        ("nobody@example.com", PASSWORD),
        ("not-an-email", PASSWORD),
        (ADMIN_EMAIL, PASSWORD),
    ] {
        let response = app.login(email, password).await;
        expect_error(
            response,
            StatusCode::UNAUTHORIZED,
            "Invalid email or password",
        )
        .await;
    }
}

#[tokio::test]
async fn login_without_a_field_answers_400_with_the_spec_message() {
    let app = spawn_app().await;
    let cases = [
        (json!({"password": PASSWORD}), "email", "Email is Required"),
        (
            json!({"email": "  ", "password": PASSWORD}),
            "email",
            "Email is Required",
        ),
        (
            json!({"email": "ann@example.com"}),
            "password",
            "Password is Required",
        ),
        (
            json!({"email": "ann@example.com", "password": ""}),
            "password",
            "Password is Required",
        ),
    ];
    for (body, field, message) in cases {
        let response = app.post_json("/api/auth/login", None, &body).await;
        let error = expect_error(response, StatusCode::BAD_REQUEST, message).await;
        assert_eq!(error["fields"][field], message);
    }
}

#[tokio::test]
async fn ordinary_email_addresses_are_accepted_at_sign_up() {
    let app = spawn_app().await;
    for email in [
        "first.last@example.com",
        "ann+parts@example.com",
        "mary-jane@my-garage.co.uk",
        "x@mail.sub.example.org",
        "bob@example.engineering",
        "o'neil@example.ie",
        "user_99@example.io",
    ] {
        let response = app.signup("Someone", email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{email}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["user"]["email"], email);
    }
}

#[tokio::test]
async fn a_malformed_email_is_refused_with_provide_a_valid_email() {
    let app = spawn_app().await;
    for email in [
        "plain",
        "ann@",
        "@example.com",
        "ann@example",
        "ann@@example.com",
        "ann example@example.com",
        "ann@example..com",
        "ann@-example.com",
        ".ann@example.com",
    ] {
        let response = app.signup("Someone", email, PASSWORD).await;
        expect_field_error(response, "email", "Provide a valid Email").await;
    }
    let users: Vec<Value> = app
        .users(Some(&app.admin().await.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(users.len(), 1, "only the admin exists: {users:?}");
}

#[tokio::test]
async fn sign_up_names_every_missing_field_with_the_spec_messages() {
    let app = spawn_app().await;
    let response = app.post_json("/api/auth/signup", None, &json!({})).await;
    let error = expect_error(response, StatusCode::BAD_REQUEST, "Name is Required").await;
    assert_eq!(
        error["fields"],
        json!({"name": "Name is Required", "email": "Email is Required", "password": "Password is Required"})
    );
}

#[tokio::test]
async fn a_password_shorter_than_six_characters_is_refused() {
    let app = spawn_app().await;
    let response = app.signup("Ann", "ann@example.com", "12345").await;
    expect_field_error(response, "password", "Must be 6 characters or longer").await;
    let response = app.login("ann@example.com", "123456").await;
    assert_eq!(
        response.status(),
        StatusCode::UNAUTHORIZED,
        "no account was made"
    );
    let response = app.signup("Ann", "ann@example.com", "123456").await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_taken_email_gets_409_whatever_its_case() {
    let app = spawn_app().await;
    app.signup("Ann", "ann@example.com", PASSWORD).await;
    for email in ["ann@example.com", "ANN@Example.com", " ann@example.com "] {
        let response = app.signup("Impostor", email, "other-password").await;
        assert_eq!(response.status(), StatusCode::CONFLICT, "{email}");
        error_of(response).await;
    }
    // The first account is untouched.
    let body: Value = app
        .login("ann@example.com", PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["user"]["name"], "Ann");
}

#[tokio::test]
async fn me_answers_the_signed_in_user_and_401_without_a_token() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    assert_eq!(
        app.whoami(&user.token).await,
        json!({"email": user.email, "name": user.name, "role": "user", "emailVerified": false})
    );
    expect_error(
        app.me(None).await,
        StatusCode::UNAUTHORIZED,
        "Please sign in first",
    )
    .await;
}

#[tokio::test]
async fn a_user_gets_a_fresh_token_for_their_own_email() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for email in [user.email.clone(), user.email.to_uppercase()] {
        let response = app.refresh_token(Some(&user.token), &email).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body.as_object().unwrap().len(), 1, "{body}");
        let token = body["token"].as_str().unwrap();
        assert_eq!(app.whoami(token).await["email"], user.email);
    }
}

#[tokio::test]
async fn a_token_for_another_email_is_refused() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let other = app.new_user().await;
    for email in [other.email.as_str(), ADMIN_EMAIL, "nobody@example.com"] {
        let response = app.refresh_token(Some(&user.token), email).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{email}");
        let body = error_of(response).await;
        assert!(body.get("token").is_none());
    }
    let response = app.refresh_token(None, &user.email).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn too_many_sign_in_attempts_from_one_client_get_429() {
    let app = spawn_app_with(|c| c.auth_rate_limit = 3).await;
    for _ in 0..3 {
        let response = app.login("ann@example.com", PASSWORD).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.signup("Ann", "ann@example.com", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    error_of(response).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ups_racing_for_one_email_make_exactly_one_account() {
    let app = spawn_app().await;
    let attempts = (0..6).map(|i| {
        let email = if i % 2 == 0 {
            "race@example.com"
        } else {
            "RACE@example.com"
        };
        app.signup("Racer", email, PASSWORD)
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts)
        .await
        .iter()
        .map(|r| r.status())
        .collect();
    let created = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    assert_eq!(created, 1, "{statuses:?}");
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
}
