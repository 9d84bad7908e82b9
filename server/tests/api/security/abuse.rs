//! Nobody can turn the shop against others or hold it hostage
//! (docs/decisions.md, D32): order mail to an address nobody proved stays
//! within a budget, cancels are limited, an unpaid order's hold cannot be
//! renewed without end and a buyer's unpaid orders hold only so many units,
//! failed logins lock out the client that failed (and everyone only after
//! many clients fail, with a mailed link still letting the owner in),
//! sign-up mail counts against the mail limits, and the limits are counted
//! in the database, so two shops on one database count together.

use std::time::{Duration, Instant};

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::id_of;

/// A login for `email` that says it was forwarded for `client` (the shops
/// below trust 127.0.0.1 as their proxy).
async fn login_from(app: &TestApp, client: &str, email: &str, password: &str) -> Response {
    app.request(reqwest::Method::POST, "/api/auth/login", None)
        .header("x-forwarded-for", client)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .expect("request sent")
}

fn behind_proxy(config: &mut shop::Config) {
    config.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()];
}

/// Waits until the outbox holds no message that is neither sent nor given up.
async fn outbox_settled(app: &TestApp) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let waiting = app
            .count_sql(
                "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL",
            )
            .await;
        if waiting == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{waiting} messages never went out"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Places and cancels an order of `part` `times` times as `buyer`.
async fn order_and_cancel(app: &TestApp, buyer: &User, part: &str, times: usize) {
    for _ in 0..times {
        let id = id_of(&app.place_order(buyer, part, 1).await).to_owned();
        let response = app.cancel_order(Some(&buyer.token), &id).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn ordering_and_cancelling_mails_an_unproved_address_only_within_its_budget() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(url);
        c.mail_budget = 3;
    })
    .await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 50, 1, "12.50").await;
    // Someone signs up with an address that is not theirs (unverified
    // accounts may order) and loops placing and cancelling orders.
    let stranger = app.new_user().await;
    order_and_cancel(&app, &stranger, &part, 6).await;
    outbox_settled(&app).await;
    let order_mail = |to: &str| {
        capture
            .messages()
            .into_iter()
            .filter(|m| {
                m.recipients().iter().any(|r| r == to) && m.subject().starts_with("Order #")
            })
            .count()
    };
    assert_eq!(order_mail(&stranger.email), 3);
    let held_back = app
        .count_sql(&format!(
            "SELECT COUNT(*) FROM mail_outbox WHERE recipient = '{}' AND failed_at IS NOT NULL \
             AND sent_at IS NULL AND last_error LIKE '%budget%'",
            stranger.email
        ))
        .await;
    assert_eq!(held_back, 9);
    // The orders themselves all stand, cancelled, with their stock back.
    assert_eq!(app.orders_of(&stranger).await.len(), 6);
    assert_eq!(app.part(&part).await["availableQuantity"], 50);

    // Account mail to the address still goes out.
    let response = app
        .post_json(
            "/api/auth/forgot-password",
            None,
            &json!({"email": stranger.email}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    capture
        .wait_for_mail(&stranger.email, "Reset your password")
        .await;

    // A buyer whose address is proved gets every message.
    let owner = app.new_user().await;
    app.execute_sql(&format!(
        "UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000000Z' WHERE email = '{}'",
        owner.email
    ))
    .await;
    order_and_cancel(&app, &owner, &part, 4).await;
    outbox_settled(&app).await;
    assert_eq!(order_mail(&owner.email), 8);
}

#[tokio::test]
async fn a_buyer_cancelling_again_and_again_is_stopped_and_the_order_kept() {
    let app = spawn_app_with(|c| c.cancel_rate_limit = 2).await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 10, 1, "5.00").await;
    let buyer = app.new_user().await;
    order_and_cancel(&app, &buyer, &part, 2).await;
    let id = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    let response = app.cancel_order(Some(&buyer.token), &id).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    assert_eq!(
        error_of(response).await["error"],
        "You have cancelled several orders lately. Please wait a while before cancelling another."
    );
    // Nothing changed: the order still holds its unit.
    assert_eq!(app.order_of(&buyer, &id).await["status"], "unpaid");
    assert_eq!(app.part(&part).await["availableQuantity"], 9);
    // A cancel that cannot happen is answered as before, and not counted.
    let response = app.cancel_order(Some(&buyer.token), "999999").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_hold_renewed_again_and_again_still_runs_out() {
    let app = spawn_app_with(|c| {
        c.order_hold = Duration::from_secs(2);
        c.order_hold_max = Some(Duration::from_secs(4));
    })
    .await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 5, 1, "5.00").await;
    let buyer = app.new_user().await;
    let id = id_of(&app.place_order(&buyer, &part, 5).await).to_owned();
    // The buyer starts its payment again and again, more often than the
    // hold runs out; the order is still released once the longest hold ends.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let response = app
            .create_intent(Some(&buyer.token), &json!({"bookingId": id}))
            .await;
        if response.status() == StatusCode::CONFLICT {
            break;
        }
        assert_eq!(response.status(), StatusCode::OK);
        assert!(Instant::now() < deadline, "renewing kept the hold for 30 s");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let order = app.order_of(&buyer, &id).await;
    assert_eq!(order["status"], "cancelled");
    assert_eq!(order["cancelReason"], "expired");
    assert_eq!(app.part(&part).await["availableQuantity"], 5);
}

#[tokio::test]
async fn a_buyers_unpaid_orders_hold_at_most_so_many_units() {
    let app = spawn_app_with(|c| c.max_unpaid_units = 10).await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "1.00").await;
    let buyer = app.new_user().await;
    app.place_order(&buyer, &part, 6).await;
    let response = app.order(&buyer, &part, 5).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "Your unpaid orders may hold at most 10 units together; pay for or cancel one before ordering more",
    )
    .await;
    // The checkout counts the same units.
    let response = app
        .post_json(
            "/api/checkout",
            Some(&buyer.token),
            &json!({"lines": [{"partId": part, "quantity": 3}, {"partId": part, "quantity": 2}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    app.place_order(&buyer, &part, 4).await;
    assert_eq!(app.part(&part).await["availableQuantity"], 90);
    // Another buyer has room of their own.
    let other = app.new_user().await;
    app.place_order(&other, &part, 10).await;
}

#[tokio::test]
async fn failed_logins_from_one_client_do_not_lock_the_owner_out_elsewhere() {
    let app = spawn_app_with(behind_proxy).await;
    // Anyone can fail logins for the admin's address, however typed.
    for _ in 0..6 {
        let response = login_from(&app, "203.0.113.66", "ADMIN@example.com ", "guess").await;
        assert!(
            [StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS].contains(&response.status()),
            "{}",
            response.status()
        );
    }
    // That client is locked out of the address, even with the right password.
    let response = login_from(&app, "203.0.113.66", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    // The owner, from their own client, signs in.
    let response = login_from(&app, "198.51.100.20", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn failed_logins_from_many_clients_lock_the_address_until_a_mailed_link_is_used() {
    let app = spawn_app_with(behind_proxy).await;
    let owner = app.new_user().await;
    // Five wrong guesses from each of six clients: thirty in all.
    for client in 1..=6 {
        for _ in 0..5 {
            let response =
                login_from(&app, &format!("203.0.113.{client}"), &owner.email, "guess").await;
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        }
    }
    // Now the address is locked from anywhere, the owner's client too.
    let response = login_from(&app, "198.51.100.20", &owner.email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let refused = error_of(response).await;
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("Forgot password?"),
        "{refused}"
    );
    // A mailed reset link still lets the owner in, and lifts the lock.
    let response = app
        .post_json(
            "/api/auth/forgot-password",
            None,
            &json!({"email": owner.email}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let link = last_link(&app, &owner.email, "/reset-password").await;
    let response = app
        .post_json(
            "/api/auth/reset-password",
            None,
            &json!({"token": token_of(&link), "password": "new-secret-56"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = login_from(&app, "198.51.100.20", &owner.email, "new-secret-56").await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn two_shops_on_one_database_count_failed_logins_and_rates_together() {
    let app = spawn_app_with(|c| {
        behind_proxy(c);
        c.upload_rate_limit = 3;
    })
    .await;
    let other = app.restart_with(|_| {}).await;
    let owner = app.new_user().await;
    // Three wrong guesses at one shop and two at the other, from one client:
    // five in all, so the client is locked out at both.
    for (shop, _) in [(&app, 0), (&app, 1), (&app, 2), (&other, 3), (&other, 4)] {
        let response = login_from(shop, "203.0.113.9", &owner.email, "guess").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    for shop in [&app, &other] {
        let response = login_from(shop, "203.0.113.9", &owner.email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    }
    // Uploads: three a minute per client, whichever shop takes them.
    for shop in [&app, &other, &app] {
        let response = shop
            .upload_image(Some(&owner.token), png(2, 2), "part.png", "image/png")
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = other
        .upload_image(Some(&owner.token), png(2, 2), "part.png", "image/png")
        .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn signing_up_counts_against_the_account_mail_limits() {
    let app = spawn_app_with(|c| c.mail_rate_limit = 1).await;
    // One client may have four account e-mails an hour sent (four times the
    // per-address limit): four sign-ups, then no more.
    for _ in 0..4 {
        let response = app
            .signup("Ann Driver", &unique_email("many"), PASSWORD)
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let email = unique_email("one-too-many");
    let response = app.signup("Ann Driver", &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    // Nothing was made.
    let made = format!("SELECT COUNT(*) FROM users WHERE email = '{email}'");
    assert_eq!(app.count_sql(&made).await, 0);
}

#[tokio::test]
async fn a_sign_up_name_puts_no_text_or_links_into_the_shops_mail() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| c.smtp_url = Some(url)).await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 5, 1, "12.50").await;
    let name = "Ann\n\nYour card was charged $1,249.00. Call us at https://evil.example now";
    let email = unique_email("victim");
    let response = app.signup(name, &email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let buyer = User {
        email: email.clone(),
        name: name.into(),
        token: body["token"].as_str().unwrap().to_owned(),
    };
    let id = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    let verify = capture
        .wait_for_mail(&email, "Confirm your e-mail address")
        .await;
    let placed = capture
        .wait_for_mail(&email, &format!("Order #{id} placed"))
        .await;
    for mail in [verify, placed] {
        for part in [mail.text(), mail.html()] {
            assert!(!part.contains("evil.example"), "{part}");
            assert!(!part.contains("1,249.00"), "{part}");
            assert!(part.contains("Hello,"), "{part}");
        }
    }
}
