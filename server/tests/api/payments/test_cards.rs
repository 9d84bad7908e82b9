//! The built-in test provider's cards (the README's "Card payments"): each
//! test number's outcome, expiry and CVC checks, and a 400 naming each
//! malformed card field.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::{id_of, shop_with_a_part};

/// A shop, a buyer and the client secret of their unpaid order's payment.
async fn open_payment() -> (TestApp, User, String, String) {
    let (app, buyer, part_id) = shop_with_a_part().await;
    let order = app.place_order(&buyer, &part_id, 2).await;
    let intent = app.open_payment(&buyer, id_of(&order)).await;
    let secret = intent["clientSecret"].as_str().unwrap().to_owned();
    (app, buyer, id_of(&order).to_owned(), secret)
}

/// Checks a 402 card refusal with its message and code.
async fn expect_declined(response: reqwest::Response, message: &str, code: &str) {
    assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"error": message, "code": code}));
}

#[tokio::test]
async fn each_test_card_gives_its_documented_outcome_and_leaves_the_order_unpaid() {
    let (app, buyer, order_id, secret) = open_payment().await;
    let refused = [
        (
            "4000 0000 0000 0002",
            "Your card was declined.",
            "card_declined",
        ),
        (
            "4000 0000 0000 9995",
            "Your card has insufficient funds.",
            "insufficient_funds",
        ),
        (
            "4000 0000 0000 0069",
            "Your card has expired.",
            "expired_card",
        ),
        (
            "4000 0000 0000 0127",
            "Your card's security code is incorrect.",
            "incorrect_cvc",
        ),
        (
            "4242 4242 4242 4241",
            "Your card number is invalid.",
            "invalid_number",
        ),
        (
            "1234 5678 9012 3456",
            "Your card number is invalid.",
            "invalid_number",
        ),
    ];
    for (number, message, code) in refused {
        let response = app.confirm_card(&buyer, &secret, number).await;
        expect_declined(response, message, code).await;
        let order = app.order_of(&buyer, &order_id).await;
        assert_eq!(
            (&order["status"], &order["paid"]),
            (&json!("unpaid"), &json!(false))
        );
    }
    // A refusal leaves the payment open: the buyer tries another card.
    let response = app.confirm_card(&buyer, &secret, "4242424242424242").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.payments_of(&order_id).await, 1);
}

#[tokio::test]
async fn a_card_that_is_no_test_card_is_declined_as_in_test_mode() {
    let (app, buyer, _, secret) = open_payment().await;
    let response = app
        .confirm_card(&buyer, &secret, "4111 1111 1111 1111")
        .await;
    let body = expect_error(
        response,
        StatusCode::PAYMENT_REQUIRED,
        "Your card was declined. This shop takes test cards only, such as 4242 4242 4242 4242.",
    )
    .await;
    assert_eq!(body["code"], "card_declined");
}

#[tokio::test]
async fn an_expiry_in_the_past_is_refused_as_expired() {
    let (app, buyer, order_id, secret) = open_payment().await;
    let today = time::OffsetDateTime::now_utc();
    let last_month = today.replace_day(1).unwrap() - time::Duration::days(1);
    for (month, year) in [
        (json!(1), json!(2020)),
        (json!(last_month.month() as u8), json!(last_month.year())),
        (json!("12"), json!("19")),
    ] {
        let mut body = card_body(&secret, "4242424242424242");
        body["card"]["expMonth"] = month;
        body["card"]["expYear"] = year;
        let response = app.confirm_payment(Some(&buyer.token), &body).await;
        expect_declined(response, "Your card has expired.", "expired_card").await;
    }
    // The card is good until the end of its expiry month, and a short year works.
    let mut body = card_body(&secret, "4242424242424242");
    body["card"]["expMonth"] = json!(today.month() as u8);
    body["card"]["expYear"] = json!(today.year() % 100);
    let response = app.confirm_payment(Some(&buyer.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.order_of(&buyer, &order_id).await["paid"], false);
}

#[tokio::test]
async fn a_cvc_must_be_3_or_4_digits() {
    let (app, buyer, _, secret) = open_payment().await;
    for cvc in [
        json!("12"),
        json!("12345"),
        json!("abc"),
        json!(12),
        json!(true),
    ] {
        let mut body = card_body(&secret, "4242424242424242");
        body["card"]["cvc"] = cvc.clone();
        let response = app.confirm_payment(Some(&buyer.token), &body).await;
        let error = expect_field_error(response, "card.cvc", "CVC must be 3 or 4 digits").await;
        assert_eq!(
            error["fields"].as_object().unwrap().len(),
            1,
            "{cvc}: {error}"
        );
    }
    let mut body = card_body(&secret, "4242424242424242");
    body["card"]["cvc"] = json!("1234");
    let response = app.confirm_payment(Some(&buyer.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn each_malformed_field_is_named_with_its_dotted_path() {
    let (app, buyer, _, secret) = open_payment().await;
    let empty_card = json!({"clientSecret": secret, "card": {}});
    let response = app.confirm_payment(Some(&buyer.token), &empty_card).await;
    let error = error_of(response).await;
    assert_eq!(
        error["fields"],
        json!({
            "card.number": "Card number is Required", "card.expMonth": "Expiry month is Required",
            "card.expYear": "Expiry year is Required", "card.cvc": "CVC is Required"
        })
    );

    let wrong = json!({
        "card": {"number": "4242 4242 abcd", "expMonth": 13, "expYear": 1999, "cvc": "123"},
        "billingDetails": {"email": "not-an-address"}
    });
    let response = app.confirm_payment(Some(&buyer.token), &wrong).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let error = error_of(response).await;
    assert_eq!(
        error["fields"],
        json!({
            "clientSecret": "Client secret is Required",
            "card.number": "Card number must be 12 to 19 digits",
            "card.expMonth": "Expiry month must be at most 12",
            "card.expYear": "Expiry year must be a year such as 2030",
            "billingDetails.email": "Provide a valid Email"
        })
    );

    let response = app
        .confirm_payment(Some(&buyer.token), &json!({"clientSecret": secret}))
        .await;
    expect_field_error(response, "card", "Card is Required").await;
    let short = card_body(&secret, "4242 4242");
    let response = app.confirm_payment(Some(&buyer.token), &short).await;
    expect_field_error(
        response,
        "card.number",
        "Card number must be 12 to 19 digits",
    )
    .await;
}

#[tokio::test]
async fn an_unknown_client_secret_answers_404() {
    let (app, buyer, _, secret) = open_payment().await;
    for unknown in [format!("{secret}x"), "pi_nope_secret_nope".into()] {
        let response = app.confirm_card(&buyer, &unknown, "4242424242424242").await;
        expect_error(response, StatusCode::NOT_FOUND, "Payment not found").await;
    }
}
