//! Accounts people can recover and trust: password resets by mailed link,
//! address verification, changing the password, signing out everywhere, the
//! session limit, the mail rate limits, and Google sign-in meeting an
//! account whose address nobody proved.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const RESET_ASKED: &str =
    "If an account has this address, a link to reset its password is on its way.";
const LINK_USED: &str = "This link has expired or was already used. Ask for a new one.";
const ENDED: &str = "Your session has ended. Please log in again.";
const NEW_PASSWORD: &str = "new-secret-34";

impl TestApp {
    async fn forgot_password(&self, email: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/forgot-password",
            None,
            &json!({ "email": email }),
        )
        .await
    }

    async fn reset_password(&self, token: &str, password: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/reset-password",
            None,
            &json!({ "token": token, "password": password }),
        )
        .await
    }

    async fn verify_email(&self, token: &str) -> reqwest::Response {
        self.post_json("/api/auth/verify-email", None, &json!({ "token": token }))
            .await
    }

    /// Opens a verification link while signed in with `session`.
    async fn verify_email_signed_in(&self, token: &str, session: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/verify-email",
            Some(session),
            &json!({ "token": token }),
        )
        .await
    }

    async fn resend_verification(&self, token: &str) -> reqwest::Response {
        self.post_json("/api/auth/verify-email/resend", Some(token), &json!({}))
            .await
    }

    async fn change_password(&self, token: &str, current: &str, new: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/change-password",
            Some(token),
            &json!({ "currentPassword": current, "newPassword": new }),
        )
        .await
    }

    async fn sign_out_everywhere(&self, token: Option<&str>) -> reqwest::Response {
        self.request(
            reqwest::Method::POST,
            "/api/auth/sign-out-everywhere",
            token,
        )
        .send()
        .await
        .expect("request sent")
    }

    /// Signs in with the password and answers the token.
    async fn token_for(&self, email: &str, password: &str) -> String {
        let response = self.login(email, password).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        body["token"].as_str().unwrap().to_owned()
    }

    /// Asks for a reset link for `email` and answers its token (the
    /// `count`th link mailed to the address).
    async fn reset_token(&self, email: &str, count: usize) -> String {
        let response = self.forgot_password(email).await;
        assert_eq!(response.status(), StatusCode::OK);
        let links = self.links_to(email, "/reset-password", count).await;
        token_of(&links[count - 1])
    }

    async fn expect_ended(&self, token: &str) {
        expect_error(self.me(Some(token)).await, StatusCode::UNAUTHORIZED, ENDED).await;
    }

    /// Whether a "password changed" message went to `email`.
    /// Waits until the outbox has written out everything stored so far.
    async fn outbox_written(&self) {
        let deadline = std::time::Instant::now() + Duration::from_secs(15);
        while self
            .count_sql(
                "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL",
            )
            .await
            > 0
        {
            assert!(
                std::time::Instant::now() < deadline,
                "the outbox never emptied"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Whether a "password changed" message went to `email`, once the outbox
    /// has written out everything stored so far.
    async fn told_password_changed(&self, email: &str) -> bool {
        self.outbox_written().await;
        self.mails_to(email).iter().any(|mail| {
            mail.subject.to_lowercase().contains("password")
                && mail.link("/reset-password").is_none()
        })
    }
}

#[tokio::test]
async fn forgot_password_answers_the_same_whether_or_not_the_address_has_an_account() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let stranger = unique_email("nobody");

    let known = app.forgot_password(&user.email).await;
    assert_eq!(known.status(), StatusCode::OK);
    let known: Value = known.json().await.unwrap();
    let unknown = app.forgot_password(&stranger).await;
    assert_eq!(unknown.status(), StatusCode::OK);
    let unknown: Value = unknown.json().await.unwrap();
    assert_eq!(known, json!({ "message": RESET_ASKED }));
    assert_eq!(unknown, known);

    let link = last_link(&app, &user.email, "/reset-password").await;
    assert!(
        link.starts_with(&format!("{}/reset-password?token=", app.config.public_url)),
        "{link}"
    );
    assert!(app.mails_to(&stranger).is_empty());

    // Any case and spaces: the same address.
    let response = app
        .forgot_password(&format!("  {}  ", user.email.to_uppercase()))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    app.links_to(&user.email, "/reset-password", 2).await;

    let response = app.forgot_password("not an address").await;
    expect_field_error(response, "email", "Provide a valid Email").await;
    let response = app
        .post_json("/api/auth/forgot-password", None, &json!({}))
        .await;
    expect_field_error(response, "email", "Email is Required").await;
}

#[tokio::test]
async fn a_reset_link_works_once_and_ends_every_earlier_session() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let other_device = app.token_for(&user.email, PASSWORD).await;
    let token = app.reset_token(&user.email, 1).await;
    // Stored hashed: the token itself is nowhere in the database.
    let stored = format!("SELECT COUNT(*) FROM account_tokens WHERE token_hash = '{token}'");
    assert_eq!(app.count_sql(&stored).await, 0);

    // A password sign-up would refuse leaves the link unused.
    let response = app.reset_password(&token, "short").await;
    expect_field_error(response, "password", "Must be 6 characters or longer").await;

    let response = app.reset_password(&token, NEW_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    // The link reached the address, so the address is proved.
    assert_eq!(
        body["user"],
        json!({"email": user.email, "name": user.name, "role": "user", "emailVerified": true})
    );
    let fresh = body["token"].as_str().unwrap();
    assert_eq!(app.whoami(fresh).await["email"], user.email);

    // Every token issued before the reset has ended, in the same second too.
    app.expect_ended(&user.token).await;
    app.expect_ended(&other_device).await;
    let response = app.refresh_token(Some(&other_device), &user.email).await;
    expect_error(response, StatusCode::UNAUTHORIZED, ENDED).await;

    // The old password no longer signs in; the new one does.
    let response = app.login(&user.email, PASSWORD).await;
    expect_error(
        response,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    app.token_for(&user.email, NEW_PASSWORD).await;

    // The link works once.
    let response = app.reset_password(&token, "another-pass-56").await;
    let body = expect_field_error(response, "token", LINK_USED).await;
    assert_eq!(body["error"], LINK_USED);
    app.token_for(&user.email, NEW_PASSWORD).await;

    assert!(app.told_password_changed(&user.email).await);
}

#[tokio::test]
async fn an_expired_or_unknown_reset_link_is_refused() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let token = app.reset_token(&user.email, 1).await;
    app.execute_sql(
        "UPDATE account_tokens SET expires_at = '2000-01-01T00:00:00.000000Z' \
         WHERE purpose = 'reset_password'",
    )
    .await;
    let response = app.reset_password(&token, NEW_PASSWORD).await;
    expect_field_error(response, "token", LINK_USED).await;
    let response = app.reset_password(&"ab".repeat(32), NEW_PASSWORD).await;
    expect_field_error(response, "token", LINK_USED).await;
    let response = app
        .post_json(
            "/api/auth/reset-password",
            None,
            &json!({"password": NEW_PASSWORD}),
        )
        .await;
    expect_field_error(response, "token", "Token is Required").await;

    // Nothing changed: the old password and the old token still work.
    app.token_for(&user.email, PASSWORD).await;
    app.whoami(&user.token).await;
    assert!(!app.told_password_changed(&user.email).await);
}

#[tokio::test]
async fn a_new_password_makes_older_reset_links_worthless() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let first = app.reset_token(&user.email, 1).await;
    let second = app.reset_token(&user.email, 2).await;
    assert_ne!(first, second);
    let response = app.reset_password(&second, NEW_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app.reset_password(&first, "another-pass-56").await;
    expect_field_error(response, "token", LINK_USED).await;
    // A verification link is no reset link.
    let verify = last_link(&app, &user.email, "/verify-email").await;
    let response = app
        .reset_password(&token_of(&verify), "another-pass-56")
        .await;
    expect_field_error(response, "token", LINK_USED).await;
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let other_device = app.token_for(&user.email, PASSWORD).await;

    let response = app
        .change_password(&user.token, "not-the-password", NEW_PASSWORD)
        .await;
    let body = expect_field_error(
        response,
        "currentPassword",
        "The current password is not right",
    )
    .await;
    assert_eq!(body["error"], "The current password is not right");
    let response = app.change_password(&user.token, PASSWORD, "short").await;
    expect_field_error(response, "newPassword", "Must be 6 characters or longer").await;
    let response = app
        .post_json(
            "/api/auth/change-password",
            Some(&user.token),
            &json!({"currentPassword": PASSWORD}),
        )
        .await;
    expect_field_error(response, "newPassword", "Password is Required").await;
    let response = app
        .post_json(
            "/api/auth/change-password",
            None,
            &json!({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // Nothing changed yet.
    app.whoami(&other_device).await;

    let response = app
        .change_password(&user.token, PASSWORD, NEW_PASSWORD)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let fresh = body["token"].as_str().unwrap();
    assert_eq!(app.whoami(fresh).await["email"], user.email);
    app.expect_ended(&user.token).await;
    app.expect_ended(&other_device).await;
    let response = app.login(&user.email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let newest = app.token_for(&user.email, NEW_PASSWORD).await;
    app.whoami(&newest).await;
    app.whoami(fresh).await;
    assert!(app.told_password_changed(&user.email).await);
}

#[tokio::test]
async fn signing_out_everywhere_ends_this_token_and_every_other() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let other_device = app.token_for(&user.email, PASSWORD).await;
    let bystander = app.new_user().await;

    assert_eq!(
        app.sign_out_everywhere(None).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let response = app.sign_out_everywhere(Some(&user.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"signedOut": true})
    );
    app.expect_ended(&user.token).await;
    app.expect_ended(&other_device).await;
    expect_error(
        app.sign_out_everywhere(Some(&user.token)).await,
        StatusCode::UNAUTHORIZED,
        ENDED,
    )
    .await;
    // Other accounts keep their sessions; signing in again works.
    app.whoami(&bystander.token).await;
    let again = app.token_for(&user.email, PASSWORD).await;
    app.whoami(&again).await;
}

/// Sends 12 orders and checkouts of one unit of `part` at the same moment,
/// every other one with the token `ended` (whose session has ended) and the
/// rest with `valid`: each of the first must be refused with 401, each of the
/// others placed.
async fn order_together(app: &TestApp, part: &str, ended: &str, valid: &str) {
    let order = json!({"partId": part, "partOrder": 1});
    let checkout = json!({"lines": [{"partId": part, "quantity": 1}]});
    let sent = (0..12).map(|i| {
        let is_ended = i % 2 == 0;
        let token = if is_ended { ended } else { valid };
        let (path, body) = if i % 4 < 2 {
            ("/api/booking", &order)
        } else {
            ("/api/checkout", &checkout)
        };
        async move { (is_ended, app.post_json(path, Some(token), body).await) }
    });
    for (is_ended, response) in futures::future::join_all(sent).await {
        if is_ended {
            expect_error(response, StatusCode::UNAUTHORIZED, ENDED).await;
        } else {
            assert_eq!(response.status(), StatusCode::CREATED);
        }
    }
}

/// An order's token is checked against its buyer as the order desk places
/// it, with the other orders waiting at that moment: an ended session's
/// orders and checkouts are refused and take nothing, while another
/// buyer's, sent at the same moment, are placed.
#[tokio::test]
async fn an_ended_session_places_no_order_while_others_at_the_same_moment_do() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "5.00").await;
    let user = app.new_user().await;
    let bystander = app.new_user().await;
    let response = app.sign_out_everywhere(Some(&user.token)).await;
    assert_eq!(response.status(), StatusCode::OK);

    order_together(&app, &part, &user.token, &bystander.token).await;
    assert_eq!(app.stock_of(&part).await, 100 - 6, "only the bystander's");
    assert_eq!(app.orders_of(&bystander).await.len(), 6);
    let again = User {
        token: app.token_for(&user.email, PASSWORD).await,
        ..user
    };
    assert!(app.orders_of(&again).await.is_empty());
}

/// The order desk reads a buyer's row once for all the orders waiting, and
/// checks each order's own token against it: the same buyer's token from
/// before signing out everywhere and the one from signing in again, sent
/// together, are told apart.
#[tokio::test]
async fn a_buyers_ended_token_and_new_token_at_the_same_moment_are_told_apart() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "5.00").await;
    let user = app.new_user().await;
    let response = app.sign_out_everywhere(Some(&user.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let again = User {
        token: app.token_for(&user.email, PASSWORD).await,
        ..user.clone()
    };

    order_together(&app, &part, &user.token, &again.token).await;
    assert_eq!(app.stock_of(&part).await, 100 - 6, "only the new token's");
    assert_eq!(app.orders_of(&again).await.len(), 6);
}

#[tokio::test]
async fn the_verification_link_mailed_at_sign_up_marks_the_address_verified() {
    let app = spawn_app().await;
    let email = unique_email("verify");
    let response = app.signup("Vera Fied", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["user"]["emailVerified"], false);
    let token = body["token"].as_str().unwrap().to_owned();
    assert_eq!(app.whoami(&token).await["emailVerified"], false);

    let link = last_link(&app, &email, "/verify-email").await;
    assert!(
        link.starts_with(&format!("{}/verify-email?token=", app.config.public_url)),
        "{link}"
    );
    let response = app.verify_email(&token_of(&link)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"email": email, "emailVerified": true})
    );
    assert_eq!(
        app.whoami(&token).await,
        json!({"email": email, "name": "Vera Fied", "role": "user", "emailVerified": true})
    );
    // Once only; and nothing more to verify.
    let response = app.verify_email(&token_of(&link)).await;
    expect_field_error(response, "token", LINK_USED).await;
    expect_error(
        app.resend_verification(&token).await,
        StatusCode::CONFLICT,
        "Your e-mail address is already verified.",
    )
    .await;
    let response = app.verify_email("").await;
    expect_field_error(response, "token", "Token is Required").await;
}

#[tokio::test]
async fn a_new_verification_link_can_be_asked_for_and_old_ones_expire() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    app.links_to(&user.email, "/verify-email", 1).await;
    assert_eq!(
        app.post_json("/api/auth/verify-email/resend", None, &json!({}))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    let response = app.resend_verification(&user.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"message": format!("A new link is on its way to {}.", user.email)})
    );
    let links = app.links_to(&user.email, "/verify-email", 2).await;
    assert_ne!(links[0], links[1]);

    // Both expire after 48 hours.
    app.execute_sql(
        "UPDATE account_tokens SET expires_at = '2000-01-01T00:00:00.000000Z' \
         WHERE purpose = 'verify_email'",
    )
    .await;
    for link in &links {
        let response = app.verify_email(&token_of(link)).await;
        expect_field_error(response, "token", LINK_USED).await;
    }
    assert_eq!(app.whoami(&user.token).await["emailVerified"], false);
    // A body-less request works as well.
    let response = app
        .request(
            reqwest::Method::POST,
            "/api/auth/verify-email/resend",
            Some(&user.token),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let links = app.links_to(&user.email, "/verify-email", 3).await;
    let response = app.verify_email(&token_of(&links[2])).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.whoami(&user.token).await["emailVerified"], true);
    // The admin named by the shop's settings counts as verified.
    let admin = app.admin().await;
    assert_eq!(app.whoami(&admin.token).await["emailVerified"], true);
}

/// `token`'s claims with its sign-in moved `ago` into the past, signed
/// with `secret` as the shop signs its tokens: a session begun then.
fn signed_in_ago(token: &str, secret: &str, ago: Duration) -> String {
    use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
    let key = DecodingKey::from_secret(secret.as_bytes());
    let mut claims = jsonwebtoken::decode::<Value>(token, &key, &Validation::new(Algorithm::HS256))
        .expect("the shop's token")
        .claims;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    claims["auth_time"] = json!(now - ago.as_secs() as i64);
    let key = EncodingKey::from_secret(secret.as_bytes());
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &key).unwrap()
}

#[tokio::test]
async fn a_session_ends_at_its_limit_however_often_it_is_refreshed() {
    // The clock is not waited on: the session's sign-in is set in the past
    // in a token signed with the shop's own key.
    const SECRET: &str = "a-known-test-secret-of-at-least-32-chars";
    let session_max = Duration::from_secs(3600);
    let app = spawn_app_with(|config| {
        config.session_max = session_max;
        config.token_secret = Some(SECRET.into());
    })
    .await;
    let user = app.new_user().await;
    // Signed in all but a minute of the session's limit ago.
    let old = signed_in_ago(&user.token, SECRET, session_max - Duration::from_secs(60));
    let response = app.refresh_token(Some(&old), &user.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    let refreshed: Value = response.json().await.unwrap();
    let refreshed = refreshed["token"].as_str().unwrap().to_owned();
    app.whoami(&refreshed).await;
    // The refresh keeps the sign-in, so it lasts only until the limit.
    let claims = |token: &str| {
        let key = jsonwebtoken::DecodingKey::from_secret(SECRET.as_bytes());
        let validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
        jsonwebtoken::decode::<Value>(token, &key, &validation)
            .unwrap()
            .claims
    };
    let (old_claims, new_claims) = (claims(&old), claims(&refreshed));
    assert_eq!(new_claims["auth_time"], old_claims["auth_time"]);
    assert_eq!(
        new_claims["exp"].as_i64().unwrap(),
        old_claims["auth_time"].as_i64().unwrap() + session_max.as_secs() as i64
    );
    // Past the limit, the session has ended, refreshed or not.
    let ended = signed_in_ago(&refreshed, SECRET, session_max + Duration::from_secs(1));
    app.expect_ended(&ended).await;
    let ended = signed_in_ago(&user.token, SECRET, session_max + Duration::from_secs(1));
    app.expect_ended(&ended).await;
    let response = app.refresh_token(Some(&ended), &user.email).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // Signing in again starts a new session.
    let again = app.token_for(&user.email, PASSWORD).await;
    app.whoami(&again).await;
}

#[tokio::test]
async fn mail_requests_are_limited_per_address_and_per_client() {
    // Two per address an hour, eight per client.
    let app = spawn_app_with(|config| config.mail_rate_limit = 2).await;
    let too_many = "Too many e-mails asked for. Please wait a while and try again.";
    // The sign-up's own link, resending and resetting share the address's
    // budget (D32).
    let user = app.new_user().await;
    assert_eq!(
        app.resend_verification(&user.token).await.status(),
        StatusCode::OK
    );
    let response = app.forgot_password(&user.email).await;
    assert!(response.headers().contains_key("retry-after"));
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, too_many).await;
    let response = app.resend_verification(&user.token).await;
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, too_many).await;
    // The same for forgot-password, for an address with an account or without.
    let known = app.new_user().await;
    assert_eq!(
        app.forgot_password(&known.email).await.status(),
        StatusCode::OK
    );
    expect_error(
        app.forgot_password(&known.email).await,
        StatusCode::TOO_MANY_REQUESTS,
        too_many,
    )
    .await;
    let nobody = unique_email("nobody");
    assert_eq!(app.forgot_password(&nobody).await.status(), StatusCode::OK);
    // Eight asked for from this client (the refused ones count too): a
    // ninth, for a fresh address, is refused.
    expect_error(
        app.forgot_password(&unique_email("fresh")).await,
        StatusCode::TOO_MANY_REQUESTS,
        too_many,
    )
    .await;
    // One reset link went to the known address, not two, once every link
    // asked for is made and written out.
    app.outbox_written().await;
    assert_eq!(
        app.links_to(&known.email, "/reset-password", 1).await.len(),
        1
    );
}

/// A shop with Google sign-in whose provider vouches for `email`.
async fn shop_with_google(email: &str) -> (TestApp, RealProvider) {
    let port = free_port();
    let callback = format!("http://127.0.0.1:{port}{CALLBACK_PATH}");
    let account = ProviderAccount {
        email,
        name: "Gina Owner",
        email_verified: true,
    };
    let provider = RealProvider::start(&callback, &[account]).await;
    let app = spawn_app_with(google_settings(port, &provider.issuer)).await;
    (app, provider)
}

async fn google_sign_in(app: &TestApp, email: &str) -> Value {
    let browser = Browser::default();
    let landed = browser.sign_in(app, "/", email).await;
    browser.collect(app, &landed).await
}

#[tokio::test]
async fn google_takes_over_an_account_whose_address_nobody_proved() {
    let email = unique_email("squatted");
    let (app, _provider) = shop_with_google(&email).await;
    // A stranger signs up with the address first and never proves it.
    let response = app.signup("Stranger", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let stranger: Value = response.json().await.unwrap();
    let stranger = stranger["token"].as_str().unwrap().to_owned();

    let signed_in = google_sign_in(&app, &email).await;
    assert_eq!(signed_in["user"]["emailVerified"], true);
    let owner = signed_in["token"].as_str().unwrap();
    assert_eq!(app.whoami(owner).await["emailVerified"], true);

    // The stranger's session and password are gone.
    app.expect_ended(&stranger).await;
    let response = app.login(&email, PASSWORD).await;
    expect_error(
        response,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    let without_password =
        format!("SELECT COUNT(*) FROM users WHERE email = '{email}' AND password_hash IS NULL");
    assert_eq!(app.count_sql(&without_password).await, 1);
    // The owner may choose a password through the mailed link.
    let token = app.reset_token(&email, 1).await;
    assert_eq!(
        app.reset_password(&token, NEW_PASSWORD).await.status(),
        StatusCode::OK
    );
    app.token_for(&email, NEW_PASSWORD).await;
}

#[tokio::test]
async fn google_joins_an_account_whose_owner_proved_its_password_and_keeps_it() {
    let email = unique_email("proved");
    let (app, _provider) = shop_with_google(&email).await;
    let response = app.signup("Ann Owner", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let session = body["token"].as_str().unwrap().to_owned();
    // The link is opened while signed in with the password: whoever set the
    // password reads the address's mail.
    let link = last_link(&app, &email, "/verify-email").await;
    assert_eq!(
        app.verify_email_signed_in(&token_of(&link), &session)
            .await
            .status(),
        StatusCode::OK
    );

    let signed_in = google_sign_in(&app, &email).await;
    assert_eq!(
        signed_in["user"],
        json!({"email": email, "name": "Ann Owner", "role": "user", "emailVerified": true})
    );
    app.whoami(&session).await;
    app.token_for(&email, PASSWORD).await;
}

#[tokio::test]
async fn google_takes_over_an_account_whose_owner_only_opened_the_verification_link() {
    let email = unique_email("clicked");
    let (app, _provider) = shop_with_google(&email).await;
    // A stranger signs up with the owner's address; the shop mails the
    // owner "Confirm your e-mail address", and the owner opens the link,
    // which needs no sign-in.
    let response = app.signup("Stranger", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let stranger: Value = response.json().await.unwrap();
    let stranger = stranger["token"].as_str().unwrap().to_owned();
    let link = last_link(&app, &email, "/verify-email").await;
    assert_eq!(
        app.verify_email(&token_of(&link)).await.status(),
        StatusCode::OK
    );

    // The owner signs in with Google: the stranger's password and sessions
    // end, though the address was verified, and the owner is told.
    let signed_in = google_sign_in(&app, &email).await;
    assert_eq!(signed_in["user"]["emailVerified"], true);
    app.expect_ended(&stranger).await;
    expect_error(
        app.login(&email, PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    app.outbox_written().await;
    let linked = app
        .mails_to(&email)
        .into_iter()
        .find(|mail| mail.subject == "Google sign-in was added to your account")
        .expect("the owner is told Google sign-in was added");
    assert!(linked.body.contains("Forgot password?"), "{}", linked.body);
    // The account's name, typed by the stranger, is not repeated.
    assert!(!linked.body.contains("Stranger"), "{}", linked.body);
}

#[tokio::test]
async fn a_verification_link_opened_with_another_accounts_session_proves_no_password() {
    let email = unique_email("squatted");
    let (app, _provider) = shop_with_google(&email).await;
    let response = app.signup("Stranger", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let link = last_link(&app, &email, "/verify-email").await;
    let bystander = app.new_user().await;
    assert_eq!(
        app.verify_email_signed_in(&token_of(&link), &bystander.token)
            .await
            .status(),
        StatusCode::OK
    );
    google_sign_in(&app, &email).await;
    let without_password =
        format!("SELECT COUNT(*) FROM users WHERE email = '{email}' AND password_hash IS NULL");
    assert_eq!(app.count_sql(&without_password).await, 1);
}

#[tokio::test]
async fn housekeeping_deletes_spent_links_and_old_mail_and_keeps_the_rest() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    assert_eq!(
        app.forgot_password(&user.email).await.status(),
        StatusCode::OK
    );
    let links = "SELECT COUNT(*) FROM account_tokens";
    // The sign-up's verification link and the reset link; the reset link
    // expired long ago.
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while app.count_sql(links).await < 2 {
        assert!(std::time::Instant::now() < deadline, "no reset link made");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    app.execute_sql(
        "UPDATE account_tokens SET expires_at = '2020-01-01T00:00:00.000000Z' \
         WHERE purpose = 'reset_password'",
    )
    .await;
    // Both messages sent; the first of them long ago.
    app.outbox_written().await;
    app.execute_sql(
        "UPDATE mail_outbox SET sent_at = '2020-01-01T00:00:00.000000Z' \
         WHERE id = (SELECT MIN(id) FROM mail_outbox)",
    )
    .await;
    let outbox = "SELECT COUNT(*) FROM mail_outbox";
    let messages = app.count_sql(outbox).await;

    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let deleted =
        shop::auth::account_tokens::delete_spent(&db, shop::app::startup::KEEP_SPENT_LINKS)
            .await
            .unwrap();
    assert_eq!(deleted, 1);
    assert_eq!(shop::mail::forget_done(&db).await.unwrap(), 1);
    db.pool.close().await;

    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM account_tokens WHERE purpose = 'verify_email'")
            .await,
        1,
        "the open verification link stays"
    );
    assert_eq!(app.count_sql(links).await, 1);
    assert_eq!(app.count_sql(outbox).await, messages - 1);
}
