//! The shop's mail, against a real SMTP server (Python's aiosmtpd, started on
//! 127.0.0.1 by the tests): a message arrives with its recipient, subject,
//! text and HTML; the outbox keeps messages through a restart while the
//! mail server is down and sends them once it is back; two shops on one
//! database send each message once; with no mail server the message is an
//! .eml file in the data folder. Then each order message, in the
//! transaction of the change it tells of.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::id_of;

/// A shop sending its mail to `capture`, with an admin, a part ($12.50,
/// 20 in stock) and a buyer.
async fn shop_mailing(capture: &SmtpCapture) -> (TestApp, User, String, User) {
    let url = capture.url();
    let app = spawn_app_with(|c| c.smtp_url = Some(url)).await;
    let shop = stock_and_buyer(app).await;
    capture.clear();
    shop
}

/// A shop with an admin, a part and a buyer, whose sign-up message (the
/// address's verification) has gone out and is cleared away, so a test sees
/// only the messages it causes.
async fn stock_and_buyer(app: TestApp) -> (TestApp, User, String, User) {
    let admin = app.admin().await;
    let part = app
        .add_part_with(&admin, json!({"name": "Front brake pads", "price": "12.50", "availableQuantity": 20, "minimumOrder": 1}))
        .await;
    let buyer = app.new_user().await;
    forget_sign_up_mail(&app).await;
    (app, admin, part, buyer)
}

/// Waits until the sign-ups' verification messages are handled (sent, or
/// tried and kept for later when the mail server is down), then removes them
/// from the outbox and the data folder.
async fn forget_sign_up_mail(app: &TestApp) {
    let signed_up = outbox_count(app, "kind = 'verify_email'").await;
    wait_for_outbox(
        app,
        "kind = 'verify_email' AND (sent_at IS NOT NULL OR last_error IS NOT NULL)",
        signed_up,
    )
    .await;
    app.execute_sql("DELETE FROM mail_outbox").await;
    for file in eml_files(&app.config.data_dir.join("mail")) {
        std::fs::remove_file(file).unwrap();
    }
}

/// `SELECT COUNT(*) FROM mail_outbox WHERE <condition>`.
async fn outbox_count(app: &TestApp, condition: &str) -> i64 {
    app.count_sql(&format!(
        "SELECT COUNT(*) FROM mail_outbox WHERE {condition}"
    ))
    .await
}

/// Waits up to 20 s for `condition` on the outbox to hold for `n` messages.
async fn wait_for_outbox(app: &TestApp, condition: &str, n: i64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while outbox_count(app, condition).await < n {
        assert!(
            Instant::now() < deadline,
            "no {n} outbox messages with {condition}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_message_arrives_with_its_recipient_subject_and_both_parts() {
    let capture = SmtpCapture::start().await;
    let (app, _admin, part, buyer) = shop_mailing(&capture).await;
    let order = app.place_order(&buyer, &part, 2).await;
    let id = id_of(&order);

    let mail = capture
        .wait_for_mail(&buyer.email, &format!("Order #{id} placed"))
        .await;
    assert_eq!(mail.recipients(), vec![buyer.email.clone()]);
    assert!(mail.to().contains(&buyer.email), "{}", mail.to());
    assert_eq!(mail.from(), "Parts Garage <shop@localhost>");
    assert!(mail.has_both_parts(), "{:?}", mail.0["contentTypes"]);
    for part in [mail.text(), mail.html()] {
        assert!(part.contains("Front brake pads"), "{part}");
        assert!(part.contains("25.00 USD"), "{part}");
        assert!(part.contains("Parts Garage"), "{part}");
        assert!(part.contains(&app.config.public_url), "{part}");
        assert!(part.contains(&format!("/dashboard/payment/{id}")), "{part}");
    }
    assert!(
        mail.text().contains(&format!("Hello {},", buyer.name)),
        "{}",
        mail.text()
    );
    assert!(mail.html().contains("<table"), "{}", mail.html());
    wait_for_outbox(&app, "sent_at IS NOT NULL", 1).await;
    assert_eq!(outbox_count(&app, "sent_at IS NULL").await, 0);
}

#[tokio::test]
async fn every_message_has_a_message_id_of_its_own_in_the_shops_domain() {
    let capture = SmtpCapture::start().await;
    let (app, _admin, part, buyer) = shop_mailing(&capture).await;
    let first = id_of(&app.place_order(&buyer, &part, 2).await).to_owned();
    let second = id_of(&app.place_order(&buyer, &part, 2).await).to_owned();
    let a = capture
        .wait_for_mail(&buyer.email, &format!("Order #{first} placed"))
        .await;
    let b = capture
        .wait_for_mail(&buyer.email, &format!("Order #{second} placed"))
        .await;
    for mail in [&a, &b] {
        assert!(
            mail.message_id().starts_with('<') && mail.message_id().ends_with("@localhost>"),
            "{}",
            mail.message_id()
        );
    }
    assert_ne!(a.message_id(), b.message_id());
}

#[tokio::test]
async fn values_in_the_html_part_are_escaped() {
    let capture = SmtpCapture::start().await;
    let (app, admin, _, buyer) = shop_mailing(&capture).await;
    let part = app
        .add_part_with(&admin, json!({"name": "<b>Bold</b> & pads", "price": "1.00", "availableQuantity": 5, "minimumOrder": 1}))
        .await;
    let id = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    let mail = capture
        .wait_for_mail(&buyer.email, &format!("Order #{id} placed"))
        .await;
    assert!(
        mail.html()
            .contains("&#60;b&#62;Bold&#60;/b&#62; &#38; pads")
            || mail.html().contains("&lt;b&gt;Bold&lt;/b&gt; &amp; pads"),
        "{}",
        mail.html()
    );
    assert!(!mail.html().contains("<b>Bold"), "{}", mail.html());
    assert!(
        mail.text().contains("<b>Bold</b> & pads"),
        "{}",
        mail.text()
    );
}

#[tokio::test]
async fn the_outbox_keeps_messages_through_a_restart_while_the_mail_server_is_down() {
    // Nothing listens on the port yet: the mail server is down.
    let port = free_port();
    let app = spawn_app_with(|c| c.smtp_url = Some(smtp_url(port))).await;
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    let id = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    // Tried and failed, and kept, with when to try again.
    wait_for_outbox(
        &app,
        "attempts >= 2 AND last_error IS NOT NULL AND sent_at IS NULL",
        1,
    )
    .await;
    app.stop().await;
    assert_eq!(
        outbox_count(&app, "sent_at IS NULL AND failed_at IS NULL").await,
        1
    );

    // The mail server comes up on its port, and the shop starts again.
    let capture = SmtpCapture::start_on(port).await;
    let restarted = app.restart_with(|_| {}).await;
    let mail = capture
        .wait_for_mail(&buyer.email, &format!("Order #{id} placed"))
        .await;
    assert!(mail.has_both_parts());
    wait_for_outbox(&restarted, "sent_at IS NOT NULL", 1).await;
    let later = later_mail_sent(&restarted, &capture).await;
    assert_eq!(arrived_but(&capture, &later).len(), 1, "sent once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_shops_on_one_database_send_each_message_once() {
    let capture = SmtpCapture::start().await;
    let (app, _admin, part, _) = shop_mailing(&capture).await;
    let other = app.restart_with(|_| {}).await;
    let buyers = futures::future::join_all((0..6).map(|_| app.new_user())).await;
    forget_sign_up_mail(&app).await;
    capture.clear();
    let mut orders = Vec::new();
    for (i, buyer) in buyers.iter().enumerate() {
        for _ in 0..2 {
            // Half the orders through each shop.
            let shop = if i % 2 == 0 { &app } else { &other };
            orders.push(id_of(&shop.place_order(buyer, &part, 1).await).to_owned());
        }
    }
    let messages = capture.wait_for(orders.len()).await;
    wait_for_outbox(&app, "sent_at IS NOT NULL", orders.len() as i64).await;
    // Later mail has gone out through each shop since: nothing more goes out.
    let later = later_mail_sent(&app, &capture).await;
    let later_too = later_mail_sent(&other, &capture).await;
    let messages_now: Vec<Mail> = arrived_but(&capture, &later)
        .into_iter()
        .filter(|m| !m.recipients().contains(&later_too))
        .collect();
    assert_eq!(messages_now.len(), orders.len(), "{messages:?}");
    let mut subjects: Vec<String> = messages_now
        .iter()
        .map(|m| m.subject().to_owned())
        .collect();
    subjects.sort();
    let mut expected: Vec<String> = orders
        .iter()
        .map(|id| format!("Order #{id} placed"))
        .collect();
    expected.sort();
    assert_eq!(subjects, expected);
}

/// The `.eml` files in `dir`, oldest first.
fn eml_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "eml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[tokio::test]
async fn without_a_mail_server_each_message_is_an_eml_file_in_the_data_folder() {
    let app = spawn_app().await;
    assert_eq!(app.config.smtp_url, None);
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    let id = id_of(&app.place_order(&buyer, &part, 3).await).to_owned();
    let folder = app.config.data_dir.join("mail");
    let deadline = Instant::now() + Duration::from_secs(20);
    while eml_files(&folder).is_empty() {
        assert!(
            Instant::now() < deadline,
            "no .eml file in {}",
            folder.display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let files = eml_files(&folder);
    assert_eq!(files.len(), 1, "{files:?}");
    let mail = read_eml(&files[0]);
    assert_eq!(mail.subject(), format!("Order #{id} placed"));
    assert!(mail.to().contains(&buyer.email));
    assert!(mail.has_both_parts());
    assert!(mail.text().contains("37.50 USD"), "{}", mail.text());
    assert!(has_message_id(&mail), "{}", mail.message_id());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&folder), 0o700);
        assert_eq!(mode(&files[0]), 0o600);
    }
    wait_for_outbox(&app, "sent_at IS NOT NULL", 1).await;
}

#[tokio::test]
async fn a_mail_server_address_that_cannot_be_used_stops_the_shop_from_starting() {
    for url in ["http://mail.example.com", "smtp://", "not a url"] {
        let data = tempfile::tempdir().unwrap();
        let mut config = shop::Config::defaults(data.path());
        config.smtp_url = Some(url.into());
        let error = shop::Application::build(config)
            .await
            .err()
            .expect(url)
            .to_string();
        assert!(error.contains("SHOP_SMTP_URL"), "{url}: {error}");
    }
}

// The order messages.

/// Waits for the one message about order `id` whose subject is `subject`,
/// and checks no other came with that subject.
async fn the_mail(capture: &SmtpCapture, buyer: &User, subject: &str) -> Mail {
    let mail = capture.wait_for_mail(&buyer.email, subject).await;
    let alike = capture
        .messages()
        .into_iter()
        .filter(|m| m.subject() == subject)
        .count();
    assert_eq!(alike, 1, "{subject} sent {alike} times");
    assert!(mail.has_both_parts());
    mail
}

/// Waits until a message stored now, to an address of its own, has gone
/// out through `app`: the mail workers have taken later mail since, so a
/// second copy of anything stored before would have had its chance too.
/// Answers that address, to leave its message out of a count.
async fn later_mail_sent(app: &TestApp, capture: &SmtpCapture) -> String {
    // A sign-up stores its verification link.
    let later = app.new_user().await;
    capture
        .wait_for_mail(&later.email, "Confirm your e-mail address")
        .await;
    later.email
}

/// Every message that arrived, but the one to `later`.
fn arrived_but(capture: &SmtpCapture, later: &str) -> Vec<Mail> {
    capture
        .messages()
        .into_iter()
        .filter(|m| !m.recipients().iter().any(|r| r == later))
        .collect()
}

/// A paid order going by courier to the buyer's address (not collected at
/// the counter): checked out, then paid with the test card.
async fn paid_delivery(app: &TestApp, admin: &User, buyer: &User, part: &str) -> String {
    let method = app
        .add_shipping_method(
            admin,
            json!({"name": "Courier", "description": "2–4 working days", "basePrice": 5, "pricePerKg": 0}),
        )
        .await;
    let address = app.add_address(buyer, "US", "CA").await;
    let response = app
        .post_json(
            "/api/checkout",
            Some(&buyer.token),
            &json!({"deliveryMethod": method, "addressId": address["_id"],
                    "lines": [{"partId": part, "quantity": 2}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let placed: Value = response.json().await.unwrap();
    let id = placed["insertedId"].as_str().unwrap().to_owned();
    let transaction = app.pay_with_test_card(buyer, &id).await;
    let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    id
}

/// A paid order: placed and paid with the test card through the buyer's page.
async fn paid_order(app: &TestApp, buyer: &User, part: &str) -> (String, String) {
    let id = id_of(&app.place_order(buyer, part, 2).await).to_owned();
    let transaction = app.pay_with_test_card(buyer, &id).await;
    let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    (id, transaction)
}

#[tokio::test]
async fn paying_on_the_buyers_page_sends_payment_received() {
    let capture = SmtpCapture::start().await;
    let (app, _admin, part, buyer) = shop_mailing(&capture).await;
    let (id, transaction) = paid_order(&app, &buyer, &part).await;
    let mail = the_mail(
        &capture,
        &buyer,
        &format!("Payment received for order #{id}"),
    )
    .await;
    assert!(mail.text().contains(&transaction), "{}", mail.text());
    assert!(mail.text().contains("25.00 USD"), "{}", mail.text());
}

#[tokio::test]
async fn a_buyer_who_pays_at_once_gets_the_receipt_alone_and_one_who_waits_the_reminder() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(url);
        c.order_mail_delay = Duration::from_secs(3600);
    })
    .await;
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    capture.clear();
    let id = id_of(&app.place_order(&buyer, &part, 2).await).to_owned();
    // "Pay for it here" waits; paying now withdraws it.
    assert_eq!(
        outbox_count(
            &app,
            "kind = 'order_placed' AND sent_at IS NULL AND failed_at IS NULL"
        )
        .await,
        1
    );
    let transaction = app.pay_with_test_card(&buyer, &id).await;
    let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        outbox_count(
            &app,
            "kind = 'order_placed' AND failed_at IS NOT NULL AND last_error LIKE 'withdrawn%'"
        )
        .await,
        1
    );
    // The receipt lists what was bought and how it comes.
    let receipt = the_mail(
        &capture,
        &buyer,
        &format!("Payment received for order #{id}"),
    )
    .await;
    assert!(
        receipt.text().contains("2 x Front brake pads: 25.00 USD"),
        "{}",
        receipt.text()
    );
    assert!(
        receipt.text().contains("How it comes: Counter pickup"),
        "{}",
        receipt.text()
    );
    assert!(
        receipt
            .text()
            .contains("when it is ready to collect at the counter"),
        "{}",
        receipt.text()
    );
    let later = later_mail_sent(&app, &capture).await;
    assert!(arrived_but(&capture, &later)
        .iter()
        .all(|m| !m.subject().ends_with("placed")));

    // One who does not pay gets it once the delay has passed.
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(capture.url());
        c.order_mail_delay = Duration::from_secs(2);
    })
    .await;
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    let id = id_of(&app.place_order(&buyer, &part, 2).await).to_owned();
    let placed = capture
        .wait_for_mail(&buyer.email, &format!("Order #{id} placed"))
        .await;
    assert!(placed.text().contains(&format!("/dashboard/payment/{id}")));
}

#[tokio::test]
async fn a_paid_order_is_mailed_to_the_shop_to_pack_once() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(url);
        c.staff_email = Some("orders@parts.example".into());
    })
    .await;
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    capture.clear();
    // Placing it tells the shop nothing: only a paid order is to be packed.
    let id = id_of(&app.place_order(&buyer, &part, 2).await).to_owned();
    capture
        .wait_for_mail(&buyer.email, &format!("Order #{id} placed"))
        .await;
    assert!(capture
        .messages()
        .iter()
        .all(|m| !m.recipients().iter().any(|r| r == "orders@parts.example")));
    let transaction = app.pay_with_test_card(&buyer, &id).await;
    let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    let mail = capture
        .wait_for_mail("orders@parts.example", &format!("New paid order #{id}"))
        .await;
    assert!(
        mail.text().contains("2 x Front brake pads"),
        "{}",
        mail.text()
    );
    assert!(mail.text().contains("25.00 USD"), "{}", mail.text());
    assert!(mail.text().contains(&buyer.email), "{}", mail.text());
    assert!(mail.text().contains("Counter pickup"), "{}", mail.text());
    assert!(
        mail.text()
            .contains(&format!("/dashboard/manage-orders/{id}")),
        "{}",
        mail.text()
    );
    // Paid again (the same confirmation twice): still one message to the shop.
    let again = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert!(again.status().is_success() || again.status() == StatusCode::CONFLICT);
    let later = later_mail_sent(&app, &capture).await;
    let to_shop = arrived_but(&capture, &later)
        .into_iter()
        .filter(|m| m.subject() == format!("New paid order #{id}"))
        .count();
    assert_eq!(to_shop, 1);
}

#[tokio::test]
async fn a_payment_the_webhook_reports_sends_payment_received() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(url);
        c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
    })
    .await;
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    let id = id_of(&app.place_order(&buyer, &part, 2).await).to_owned();
    let event = succeeded_event("evt_mail", "pi_mailhook", &id, 2500, "usd");
    assert_eq!(
        app.post_signed_webhook(&event).await.status(),
        StatusCode::OK
    );
    // Delivered again by the provider: acknowledged, and no second message.
    assert_eq!(
        app.post_signed_webhook(&event).await.status(),
        StatusCode::OK
    );
    let mail = the_mail(
        &capture,
        &buyer,
        &format!("Payment received for order #{id}"),
    )
    .await;
    assert!(mail.text().contains("pi_mailhook"), "{}", mail.text());
    later_mail_sent(&app, &capture).await;
    the_mail(
        &capture,
        &buyer,
        &format!("Payment received for order #{id}"),
    )
    .await;
}

async fn ship(app: &TestApp, admin: &User, id: &str, body: Option<Value>) -> reqwest::Response {
    let path = format!("/api/admin/orders/{id}/ship");
    match body {
        Some(body) => app.post_json(&path, Some(&admin.token), &body).await,
        None => app
            .request(reqwest::Method::POST, &path, Some(&admin.token))
            .send()
            .await
            .unwrap(),
    }
}

#[tokio::test]
async fn shipping_with_a_carrier_and_tracking_number_shows_and_mails_them() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    let id = paid_delivery(&app, &admin, &buyer, &part).await;
    let body = json!({"carrier": " UPS ", "trackingNumber": "1Z999AA10123456784"});
    let response = ship(&app, &admin, &id, Some(body)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let shipped: Value = response.json().await.unwrap();
    assert_eq!(
        (
            &shipped["fulfilmentStatus"],
            &shipped["carrier"],
            &shipped["trackingNumber"]
        ),
        (
            &json!("shipped"),
            &json!("UPS"),
            &json!("1Z999AA10123456784")
        )
    );
    let mine = app.order_of(&buyer, &id).await;
    assert_eq!(
        (&mine["carrier"], &mine["trackingNumber"]),
        (&json!("UPS"), &json!("1Z999AA10123456784"))
    );
    let mail = the_mail(&capture, &buyer, &format!("Order #{id} has shipped")).await;
    for part in [mail.text(), mail.html()] {
        assert!(
            part.contains("UPS") && part.contains("1Z999AA10123456784"),
            "{part}"
        );
        assert!(part.contains("Front brake pads"), "{part}");
    }
}

#[tokio::test]
async fn the_receipt_of_a_delivery_says_how_it_comes_and_where_to() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    let id = paid_delivery(&app, &admin, &buyer, &part).await;
    let receipt = the_mail(
        &capture,
        &buyer,
        &format!("Payment received for order #{id}"),
    )
    .await;
    for part in [receipt.text(), receipt.html()] {
        // When the parts come, as the method said at checkout.
        assert!(
            part.contains("How it comes: Courier (2–4 working days)"),
            "{part}"
        );
        assert!(part.contains("when it ships"), "{part}");
        assert!(
            part.contains("To: Ann Driver, 12 Garage Lane, Fresno CA 93650, US"),
            "{part}"
        );
    }
}

#[tokio::test]
async fn a_pickup_order_is_made_ready_to_collect_not_shipped() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    // A booking is collected at the counter.
    let (id, _) = paid_order(&app, &buyer, &part).await;
    let response = ship(&app, &admin, &id, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let mail = the_mail(
        &capture,
        &buyer,
        &format!("Order #{id} is ready to collect"),
    )
    .await;
    for part in [mail.text(), mail.html()] {
        assert!(
            part.contains("ready to collect at the trade counter"),
            "{part}"
        );
        assert!(part.contains("Front brake pads"), "{part}");
    }
    let later = later_mail_sent(&app, &capture).await;
    assert!(arrived_but(&capture, &later)
        .iter()
        .all(|m| !m.subject().contains("has shipped")));
    // Collected: its last step, told by nothing more.
    let response = app.admin_move(Some(&admin.token), &id, "deliver").await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn shipping_without_a_body_still_ships_and_says_nothing_of_tracking() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    let id = paid_delivery(&app, &admin, &buyer, &part).await;
    let response = ship(&app, &admin, &id, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let shipped: Value = response.json().await.unwrap();
    assert_eq!(
        (&shipped["carrier"], &shipped["trackingNumber"]),
        (&Value::Null, &Value::Null)
    );
    let mail = the_mail(&capture, &buyer, &format!("Order #{id} has shipped")).await;
    assert!(!mail.text().contains("Tracking"), "{}", mail.text());
    // An empty object, and blank fields, ship alike.
    let (other, _) = paid_order(&app, &buyer, &part).await;
    let response = ship(
        &app,
        &admin,
        &other,
        Some(json!({"carrier": "  ", "trackingNumber": null})),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let shipped: Value = response.json().await.unwrap();
    assert_eq!(shipped["carrier"], Value::Null);
}

#[tokio::test]
async fn a_wrong_shipping_body_is_refused_and_nothing_ships_or_is_mailed() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    let (id, _) = paid_order(&app, &buyer, &part).await;
    let long = "x".repeat(61);
    let response = ship(&app, &admin, &id, Some(json!({"carrier": long}))).await;
    expect_field_error(response, "carrier", "Carrier must be at most 60 characters").await;
    let response = ship(&app, &admin, &id, Some(json!({"trackingNumber": 12}))).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    error_of(response).await;
    let response = app
        .send_raw(
            reqwest::Method::POST,
            &format!("/api/admin/orders/{id}/ship"),
            Some(&admin.token),
            "application/json",
            "{not json",
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // A buyer may not ship, body or not.
    let response = ship(&app, &buyer, &id, Some(json!({"carrier": "UPS"}))).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        app.order_of(&buyer, &id).await["fulfilmentStatus"],
        "pending"
    );
    the_mail(
        &capture,
        &buyer,
        &format!("Payment received for order #{id}"),
    )
    .await;
    assert_eq!(outbox_count(&app, "kind = 'order_shipped'").await, 0);
}

#[tokio::test]
async fn cancelling_by_the_buyer_or_the_staff_sends_order_cancelled() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    let mine = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    assert_eq!(
        app.cancel_order(Some(&buyer.token), &mine).await.status(),
        StatusCode::OK
    );
    let mail = the_mail(&capture, &buyer, &format!("Order #{mine} was cancelled")).await;
    assert!(mail.text().contains("You cancelled it."), "{}", mail.text());

    let staff = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    let response = app
        .post_json(
            &format!("/api/admin/orders/{staff}/cancel"),
            Some(&admin.token),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mail = the_mail(&capture, &buyer, &format!("Order #{staff} was cancelled")).await;
    assert!(
        mail.text().contains("The shop cancelled it."),
        "{}",
        mail.text()
    );
}

#[tokio::test]
async fn an_order_whose_hold_runs_out_sends_order_cancelled_once() {
    let capture = SmtpCapture::start().await;
    let url = capture.url();
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(url);
        c.order_hold = Duration::from_secs(1);
    })
    .await;
    let (app, _admin, part, buyer) = stock_and_buyer(app).await;
    let id = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    let mail = the_mail(&capture, &buyer, &format!("Order #{id} was cancelled")).await;
    assert!(mail.text().contains("not paid in time"), "{}", mail.text());
    later_mail_sent(&app, &capture).await;
    the_mail(&capture, &buyer, &format!("Order #{id} was cancelled")).await;
}

#[tokio::test]
async fn a_refund_sends_refund_issued_and_no_cancel_message() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    let (id, _) = paid_order(&app, &buyer, &part).await;
    let response = app
        .post_json(
            &format!("/api/admin/orders/{id}/refund"),
            Some(&admin.token),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mail = the_mail(&capture, &buyer, &format!("Refund issued for order #{id}")).await;
    assert!(mail.text().contains("25.00 USD"), "{}", mail.text());
    assert_eq!(outbox_count(&app, "kind = 'order_cancelled'").await, 0);
}

#[tokio::test]
async fn a_refused_order_or_move_stores_no_message() {
    let capture = SmtpCapture::start().await;
    let (app, admin, part, buyer) = shop_mailing(&capture).await;
    // More than the stock: refused, nothing stored.
    assert_eq!(
        app.order(&buyer, &part, 21).await.status(),
        StatusCode::BAD_REQUEST
    );
    // Shipping an unpaid order: refused, nothing stored.
    let id = id_of(&app.place_order(&buyer, &part, 1).await).to_owned();
    assert_eq!(
        ship(&app, &admin, &id, None).await.status(),
        StatusCode::CONFLICT
    );
    capture.wait_for(1).await;
    let later = later_mail_sent(&app, &capture).await;
    assert_eq!(outbox_count(&app, "kind <> 'verify_email'").await, 1);
    assert_eq!(arrived_but(&capture, &later).len(), 1);
}

/// The worker looks for due mail every half second. Its query must need no
/// sort on either database, whatever the database knows of the table: a
/// plan with a sort read every waiting message on each look, so a backlog
/// (orders placed faster than mail goes out) made every look slower.
/// PostgreSQL is asked for the plan it keeps for a prepared statement, made
/// here while the outbox is empty, as a shop's own is made soon after start.
#[tokio::test]
async fn looking_for_due_mail_never_sorts_the_outbox() {
    use sqlx::Row;
    let app = spawn_app().await;
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let mut conn = db.pool.acquire().await.unwrap();
    let now = "2999-01-01T00:00:00.000000Z";
    let (sql, values) = db.sql(&shop::mail::due_statement(now, 50));
    // The plan's text is the fourth column on SQLite, the only one on PostgreSQL.
    let (rows, column) = match db.backend {
        shop::Backend::Sqlite => {
            let explain = format!("EXPLAIN QUERY PLAN {sql}");
            let rows = sqlx::query_with(&explain, values)
                .fetch_all(&mut *conn)
                .await
                .unwrap();
            (rows, 3)
        }
        shop::Backend::Postgres => {
            for statement in [
                "SET plan_cache_mode = force_generic_plan".to_owned(),
                format!("PREPARE due AS {sql}"),
            ] {
                sqlx::raw_sql(&statement).execute(&mut *conn).await.unwrap();
            }
            let rows = sqlx::raw_sql(&format!("EXPLAIN EXECUTE due('{now}', 50)"))
                .fetch_all(&mut *conn)
                .await
                .unwrap();
            (rows, 0)
        }
    };
    let plan: Vec<String> = rows.iter().map(|r| r.get::<String, _>(column)).collect();
    assert!(
        plan.iter().any(|line| line.contains("mail_outbox_due_idx")),
        "{plan:#?}"
    );
    assert!(
        !plan
            .iter()
            .any(|line| line.contains("Sort") || line.contains("TEMP B-TREE")),
        "{plan:#?}"
    );
    drop(conn);
    db.pool.close().await;
}
