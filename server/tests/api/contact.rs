//! The contact form (docs/decisions.md, D36): a message is stored, mailed
//! to the shop's own address through the real SMTP server, and listed for
//! the admins; bad input changes nothing; a client may send only a few.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn message(subject: &str) -> Value {
    json!({"email": " Ann@Example.com ", "subject": subject,
        "message": "Do you have front pads for a 2014 Corolla?\nTwo sets, please."})
}

/// How many messages the shop keeps.
async fn kept(app: &TestApp) -> i64 {
    app.count_sql("SELECT COUNT(*) FROM contact_messages").await
}

#[tokio::test]
async fn a_message_is_kept_mailed_to_the_shop_and_listed_for_the_admins() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(url);
        c.staff_email = Some("counter@parts.example".into());
    })
    .await;
    let admin = app.admin().await;
    capture.clear();

    // Anyone may send one: no sign-in.
    let response = app
        .post_json("/api/contact", None, &message("Pads for a Corolla"))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: Value = response.json().await.unwrap();
    let id = sent["insertedId"].as_str().unwrap().to_owned();

    let mail = capture
        .wait_for_mail("counter@parts.example", "Contact form: Pads for a Corolla")
        .await;
    assert!(
        mail.text().contains("From: ann@example.com"),
        "{}",
        mail.text()
    );
    assert!(mail.text().contains("Two sets, please."), "{}", mail.text());
    assert!(has_message_id(&mail));
    // The sender is written to by nobody: the form mails only the shop.
    assert_eq!(capture.messages().len(), 1);

    let response = app
        .get("/api/admin/contact-messages", Some(&admin.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["x-total-count"], "1");
    let listed: Value = response.json().await.unwrap();
    assert_eq!(listed[0]["_id"], id);
    assert_eq!(listed[0]["email"], "ann@example.com");
    assert_eq!(listed[0]["subject"], "Pads for a Corolla");
    assert!(listed[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("Do you have"));
    assert!(listed[0]["createdAt"].is_string());
}

#[tokio::test]
async fn without_a_contact_address_the_message_goes_to_the_shops_sender_address() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| c.smtp_url = Some(url)).await;
    let response = app.post_json("/api/contact", None, &message("Hours")).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    // SHOP_MAIL_FROM is "Parts Garage <shop@localhost>".
    capture
        .wait_for_mail("shop@localhost", "Contact form: Hours")
        .await;
}

#[tokio::test]
async fn a_wrong_message_is_refused_with_its_fields_and_nothing_is_kept() {
    let app = spawn_app().await;
    for (body, field) in [
        (
            json!({"email": "not an address", "subject": "Hi", "message": "Hello"}),
            "email",
        ),
        (
            json!({"email": "ann@example.com", "subject": "  ", "message": "Hello"}),
            "subject",
        ),
        (
            json!({"email": "ann@example.com", "subject": "Hi"}),
            "message",
        ),
        (
            json!({"email": "ann@example.com", "subject": "x".repeat(201), "message": "Hello"}),
            "subject",
        ),
        (
            json!({"email": "ann@example.com", "subject": "Hi", "message": "x".repeat(5001)}),
            "message",
        ),
    ] {
        let response = app.post_json("/api/contact", None, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let refused: Value = response.json().await.unwrap();
        assert!(refused["fields"][field].is_string(), "{refused}");
    }
    assert_eq!(kept(&app).await, 0);
    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'contact_received'")
            .await,
        0
    );
}

#[tokio::test]
async fn only_admins_read_the_messages() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    let response = app.get("/api/admin/contact-messages", None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app
        .get("/api/admin/contact-messages", Some(&buyer.token))
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_client_sending_message_after_message_is_stopped_and_nothing_more_is_kept() {
    let app = spawn_app_with(|c| c.contact_rate_limit = 2).await;
    for n in 0..2 {
        let response = app
            .post_json("/api/contact", None, &message(&format!("Question {n}")))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let response = app
        .post_json("/api/contact", None, &message("Question 3"))
        .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["error"],
        "You have sent several messages lately. Please wait a while, or call us."
    );
    assert_eq!(kept(&app).await, 2);
}
