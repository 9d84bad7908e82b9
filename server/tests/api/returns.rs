//! Returns (docs/decisions.md, D40): a buyer asks to send lines of a
//! delivered order back within the window; the staff approve or reject,
//! receive (resalable units back on the shelf, once) and refund in part
//! through the card provider, to the cent; every refused move is 409 and
//! changes nothing.

use std::time::Duration;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cart::{shop, Shop};
use crate::helpers::*;

/// A $10.00 courier to California and the buyer's address there, taxed
/// 8.25% on goods and delivery: the courier's id and the address.
async fn courier_to_california(s: &Shop) -> (String, Value) {
    let (app, admin, buyer) = (&s.app, &s.admin, &s.buyer);
    let courier = app
        .add_shipping_method(
            admin,
            json!({"name": "Courier", "basePrice": 10, "pricePerKg": 0}),
        )
        .await;
    app.add_tax_rate(
        admin,
        json!({"country": "US", "region": "CA", "ratePercent": 8.25}),
    )
    .await;
    (courier, app.add_address(buyer, "US", "CA").await)
}

/// The buyer's order of `body` (the checkout's), paid with the test card,
/// shipped and delivered: its id and the order as placed.
async fn delivered_order(s: &Shop, body: Value) -> (String, Value) {
    let (app, admin, buyer) = (&s.app, &s.admin, &s.buyer);
    let response = app
        .post_json("/api/checkout", Some(&buyer.token), &body)
        .await;
    let status = response.status();
    let placed: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{placed}");
    let id = placed["insertedId"].as_str().unwrap().to_owned();
    let transaction = app.pay_with_test_card(buyer, &id).await;
    let paid = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(paid.status(), StatusCode::OK);
    for action in ["ship", "deliver"] {
        let moved = app.admin_move(Some(&admin.token), &id, action).await;
        assert_eq!(moved.status(), StatusCode::OK, "{action}");
    }
    (id, placed["booking"].clone())
}

/// A delivered order of the shop's buyer: 2 pads at $12.50 and 1 disc at
/// $49.99, sent by a $10.00 courier to California, taxed 8.25% on goods and
/// delivery; paid with the test card. Answers its id.
async fn delivered(s: &Shop) -> String {
    let (courier, address) = courier_to_california(s).await;
    let body = json!({"deliveryMethod": courier, "addressId": address["_id"],
        "lines": [{"partId": s.pads, "quantity": 2}, {"partId": s.disc, "quantity": 1}]});
    delivered_order(s, body).await.0
}

impl TestApp {
    /// `POST /api/booking/{id}/returns` as `user`.
    async fn ask_return(&self, user: &User, order: &str, body: &Value) -> reqwest::Response {
        self.post_json(
            &format!("/api/booking/{order}/returns"),
            Some(&user.token),
            body,
        )
        .await
    }

    /// `POST /api/admin/returns/{id}/{action}` as `user`, with `body`.
    async fn move_return(
        &self,
        user: &User,
        id: &str,
        action: &str,
        body: Option<Value>,
    ) -> reqwest::Response {
        let path = format!("/api/admin/returns/{id}/{action}");
        match body {
            Some(body) => self.post_json(&path, Some(&user.token), &body).await,
            None => self
                .request(reqwest::Method::POST, &path, Some(&user.token))
                .send()
                .await
                .unwrap(),
        }
    }

    /// A move that must succeed; answers the return after it.
    async fn moved(&self, user: &User, id: &str, action: &str, body: Option<Value>) -> Value {
        let response = self.move_return(user, id, action, body).await;
        assert_eq!(response.status(), StatusCode::OK, "{action}");
        response.json().await.unwrap()
    }

    async fn set_policy(&self, admin: &User, body: Value) {
        let response = self
            .put_json("/api/admin/return-policy", Some(&admin.token), &body)
            .await;
        assert_eq!(response.status(), StatusCode::OK, "{body}");
    }
}

/// Asks to return `lines` for `reason`; answers the return.
async fn asked(s: &Shop, order: &str, reason: &str, lines: Value) -> Value {
    let response = s
        .app
        .ask_return(&s.buyer, order, &json!({"reason": reason, "lines": lines}))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

fn id(value: &Value) -> String {
    value["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_buyer_returns_a_line_and_the_staff_approve_receive_and_refund_it() {
    let s = shop().await;
    let order = delivered(&s).await;
    s.app
        .set_policy(
            &s.admin,
            json!({"returnDays": 30, "restockingFee": {"kind": "percent", "amount": 15}}),
        )
        .await;
    let pads_before = s.app.stock_of(&s.pads).await;

    let rma = asked(
        &s,
        &order,
        "doesNotFit",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    assert_eq!(rma["state"], "requested");
    assert_eq!(rma["number"], format!("RMA-{}", id(&rma)));
    assert_eq!(rma["bookingId"], order.as_str());
    assert_eq!(
        rma["lines"],
        json!([{"position": 1, "partId": s.pads, "partName": "Front brake pads",
                "quantity": 1, "unitPrice": 12.5, "vehicle": null, "coreCharge": 0.0}])
    );
    // 12.50 of 74.99 of goods: 8.25% tax on goods is 6.19 (of 7.01 in
    // all), its share 1.0318… → 1.03; the fee 15% of 12.50 = 1.875 → 1.88.
    assert_eq!(
        rma["refund"],
        json!({"goods": 12.5, "tax": 1.03, "delivery": 0.0, "core": 0.0, "fee": 1.88, "total": 11.65})
    );

    let approved = s.app.moved(&s.admin, &id(&rma), "approve", None).await;
    assert_eq!(approved["state"], "approved");
    let instructions = approved["instructions"].as_str().unwrap();
    assert!(
        instructions.contains(&format!("RMA-{}", id(&rma))),
        "{instructions}"
    );
    let received = s
        .app
        .moved(
            &s.admin,
            &id(&rma),
            "receive",
            Some(json!({"condition": "resalable"})),
        )
        .await;
    assert_eq!(received["condition"], "resalable");
    assert_eq!(s.app.stock_of(&s.pads).await, pads_before + 1);

    let refunded = s.app.moved(&s.admin, &id(&rma), "refund", None).await;
    assert_eq!(refunded["state"], "refunded");
    assert!(refunded["refundId"].as_str().unwrap().starts_with("re_"));
    assert_eq!(refunded["refund"]["total"], 11.65);
    let mine = s.app.order_of(&s.buyer, &order).await;
    assert_eq!(mine["refundedAmount"], 11.65);
    // Partly refunded: the order stays paid and delivered.
    assert_eq!(
        (&mine["paymentStatus"], &mine["fulfilmentStatus"]),
        (&json!("paid"), &json!("delivered"))
    );

    let closed = s.app.moved(&s.admin, &id(&rma), "close", None).await;
    assert_eq!(closed["state"], "closed");
    assert_eq!(closed["refund"]["total"], 11.65);

    // The buyer was told each step; the audit log has each staff move.
    let about_returns = || -> Vec<String> {
        s.app
            .mails_to(&s.buyer.email)
            .iter()
            .map(|m| m.subject.clone())
            .filter(|subject| subject.contains("RMA-"))
            .collect()
    };
    // The mail worker writes them a moment after each move.
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while about_returns().len() < 5 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let subjects = about_returns();
    let n = id(&rma);
    assert_eq!(
        subjects,
        [
            format!("Return RMA-{n} requested"),
            format!("Return RMA-{n} approved: how to send it back"),
            format!("Return RMA-{n} received"),
            format!("Return RMA-{n} refunded"),
            format!("Return RMA-{n} closed"),
        ]
    );
    // The shop's mailbox heard of the request, with what and why.
    let staff = s.app.mails_to(&s.app.config.staff_email());
    let request = staff
        .iter()
        .find(|m| m.subject == format!("New return RMA-{n} for order #{order}"))
        .expect("the shop is told of the request");
    assert!(
        request.body.contains("because: doesn't fit"),
        "{}",
        request.body
    );
    assert!(
        request.body.contains("1 x Front brake pads: 12.50 USD"),
        "{}",
        request.body
    );
    let records: Vec<Value> = s
        .app
        .get("/api/admin/audit?subjectType=return", Some(&s.admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(records.len(), 4, "{records:?}");
}

#[tokio::test]
async fn every_move_the_state_does_not_allow_is_refused_and_changes_nothing() {
    let s = shop().await;
    let order = delivered(&s).await;
    let rma = asked(
        &s,
        &order,
        "noLongerNeeded",
        json!([{"position": 2, "quantity": 1}]),
    )
    .await;
    let n = id(&rma);
    let refused = [
        (
            "receive",
            Some(json!({"condition": "damaged"})),
            "A requested return cannot be received",
        ),
        ("refund", None, "A requested return cannot be refunded"),
        ("close", None, "A requested return cannot be closed"),
    ];
    for (action, body, message) in refused {
        expect_error(
            s.app.move_return(&s.admin, &n, action, body).await,
            StatusCode::CONFLICT,
            message,
        )
        .await;
    }
    // A rejection says why.
    let response = s
        .app
        .move_return(&s.admin, &n, "reject", Some(json!({})))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let rejected = s
        .app
        .moved(
            &s.admin,
            &n,
            "reject",
            Some(json!({"reason": "Fitted and used."})),
        )
        .await;
    assert_eq!(
        (&rejected["state"], &rejected["rejection"]),
        (&json!("rejected"), &json!("Fitted and used."))
    );
    assert_eq!(rejected["refund"]["total"], 0.0);
    for (action, message) in [
        ("approve", "A rejected return cannot be approved"),
        ("reject", "A rejected return cannot be rejected"),
        ("refund", "A rejected return cannot be refunded"),
    ] {
        let body = (action == "reject").then(|| json!({"reason": "again"}));
        expect_error(
            s.app.move_return(&s.admin, &n, action, body).await,
            StatusCode::CONFLICT,
            message,
        )
        .await;
    }
    s.app.moved(&s.admin, &n, "close", None).await;
    expect_error(
        s.app.move_return(&s.admin, &n, "close", None).await,
        StatusCode::CONFLICT,
        "A closed return cannot be closed",
    )
    .await;
    // A rejected return asks for nothing: its line may be asked for again.
    asked(
        &s,
        &order,
        "noLongerNeeded",
        json!([{"position": 2, "quantity": 1}]),
    )
    .await;
    // Approved, then received damaged: nothing goes back on the shelf.
    let disc_before = s.app.stock_of(&s.disc).await;
    let again = asked(
        &s,
        &order,
        "faulty",
        json!([{"position": 1, "quantity": 2}]),
    )
    .await;
    s.app
        .moved(
            &s.admin,
            &id(&again),
            "approve",
            Some(json!({"instructions": "Bring it in."})),
        )
        .await;
    expect_error(
        s.app
            .move_return(&s.admin, &id(&again), "approve", None)
            .await,
        StatusCode::CONFLICT,
        "An approved return cannot be approved",
    )
    .await;
    let received = s
        .app
        .moved(
            &s.admin,
            &id(&again),
            "receive",
            Some(json!({"condition": "damaged"})),
        )
        .await;
    assert_eq!(received["instructions"], "Bring it in.");
    assert_eq!(s.app.stock_of(&s.disc).await, disc_before);
    // Only admins move returns.
    let response = s
        .app
        .move_return(&s.buyer, &id(&again), "refund", None)
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_return_is_asked_for_within_the_window_and_for_what_is_left() {
    let s = shop().await;
    let order = delivered(&s).await;
    let set_delivered = |days: u64| {
        let at = shop::core::db::ago(Duration::from_secs(days * 24 * 3600 - 3600));
        format!("UPDATE bookings SET delivered_at = '{at}' WHERE id = {order}")
    };
    // 29 days (less an hour) ago: inside the 30-day window.
    s.app.execute_sql(&set_delivered(29)).await;
    asked(
        &s,
        &order,
        "orderedByMistake",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    // 31 days ago: closed a day ago.
    s.app.execute_sql(&set_delivered(31)).await;
    let response = s
        .app
        .ask_return(
            &s.buyer,
            &order,
            &json!({"reason": "faulty", "lines": [{"position": 1, "quantity": 1}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let error: Value = response.json().await.unwrap();
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("The return window for this order closed on 20"),
        "{error}"
    );
    // A longer window lets it in again.
    s.app
        .set_policy(
            &s.admin,
            json!({"returnDays": 45, "restockingFee": {"kind": "none"}}),
        )
        .await;
    let lines = json!([{"position": 1, "quantity": 2}]);
    let response = s
        .app
        .ask_return(
            &s.buyer,
            &order,
            &json!({"reason": "faulty", "lines": lines}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let error: Value = response.json().await.unwrap();
    assert_eq!(
        error["fields"]["lines.0.quantity"],
        "Line 1: at most 1 more can be returned"
    );
    let wrong = [
        (json!({"reason": "faulty", "lines": [{"position": 3, "quantity": 1}]}), "lines.0.position", "Line 3 is not on this order"),
        (json!({"reason": "bored", "lines": [{"position": 1, "quantity": 1}]}), "reason",
            "Reason must be one of doesNotFit, faulty, damagedInTransit, wrongPartSent, noLongerNeeded, orderedByMistake or core"),
        (json!({"reason": "faulty", "lines": [{"position": 2, "quantity": 1}, {"position": 2, "quantity": 1}]}),
            "lines.1.position", "Line 2 is named twice"),
    ];
    for (body, field, message) in wrong {
        let response = s.app.ask_return(&s.buyer, &order, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["fields"][field], message, "{body}");
    }
    asked(
        &s,
        &order,
        "faulty",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    let response = s
        .app
        .ask_return(
            &s.buyer,
            &order,
            &json!({"reason": "faulty", "lines": [{"position": 1, "quantity": 1}]}),
        )
        .await;
    let error: Value = response.json().await.unwrap();
    assert_eq!(
        error["fields"]["lines.0.quantity"],
        "Line 1: nothing more can be returned"
    );
    assert_eq!(s.app.count_sql("SELECT COUNT(*) FROM returns").await, 2);

    // Someone else's order is no order of theirs; an undelivered one cannot go back.
    let stranger = s.app.new_user().await;
    let body = json!({"reason": "faulty", "lines": [{"position": 2, "quantity": 1}]});
    expect_error(
        s.app.ask_return(&stranger, &order, &body).await,
        StatusCode::NOT_FOUND,
        "Order not found",
    )
    .await;
    let fresh = s.app.place_order(&s.buyer, &s.clip, 5).await;
    expect_error(
        s.app
            .ask_return(&s.buyer, fresh["_id"].as_str().unwrap(), &body)
            .await,
        StatusCode::CONFLICT,
        "Only a delivered or collected order can be returned",
    )
    .await;
    // Each sees their own returns; the admin sees all.
    let theirs = s.app.get("/api/returns", Some(&stranger.token)).await;
    assert_eq!(theirs.headers()["x-total-count"], "0");
    let mine = s
        .app
        .get("/api/returns?state=requested", Some(&s.buyer.token))
        .await;
    assert_eq!(mine.headers()["x-total-count"], "2");
    let first: Vec<Value> = mine.json().await.unwrap();
    let response = s
        .app
        .get(
            &format!("/api/returns/{}", id(&first[0])),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let all = s
        .app
        .get("/api/admin/returns?reason=faulty", Some(&s.admin.token))
        .await;
    assert_eq!(all.headers()["x-total-count"], "1");
    // The admin's own list is their own: they made none.
    let own = s.app.get("/api/returns", Some(&s.admin.token)).await;
    assert_eq!(own.headers()["x-total-count"], "0");
    let denied = s.app.get("/api/admin/returns", Some(&s.buyer.token)).await;
    assert_eq!(denied.status(), StatusCode::FORBIDDEN);
}

/// Approves, receives and refunds `rma`; answers its refund figures.
async fn refunded(s: &Shop, rma: Value) -> Value {
    let n = id(&rma);
    s.app.moved(&s.admin, &n, "approve", None).await;
    s.app
        .moved(
            &s.admin,
            &n,
            "receive",
            Some(json!({"condition": "notAsSent"})),
        )
        .await;
    s.app.moved(&s.admin, &n, "refund", None).await["refund"].clone()
}

#[tokio::test]
async fn the_sellers_fault_refunds_the_delivery_once_and_waives_the_fee() {
    let s = shop().await;
    let order = delivered(&s).await;
    s.app
        .set_policy(
            &s.admin,
            json!({"returnDays": 30, "restockingFee": {"kind": "fixed", "amount": 5}}),
        )
        .await;
    // Tax: 8.25% of 84.99 is 7.01, of the goods alone 6.19, so 0.82 on
    // the delivery. The disc, faulty: 49.99 + its tax share 6.19 × 49.99 /
    // 74.99 = 4.1264… → 4.13, and the delivery 10.00 with its 0.82; no fee.
    let disc = asked(
        &s,
        &order,
        "faulty",
        json!([{"position": 2, "quantity": 1}]),
    )
    .await;
    assert_eq!(
        refunded(&s, disc).await,
        json!({"goods": 49.99, "tax": 4.13, "delivery": 10.82, "core": 0.0, "fee": 0.0, "total": 64.94})
    );
    // One pad, wrong part sent: the delivery was refunded already.
    let pad = asked(
        &s,
        &order,
        "wrongPartSent",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    assert_eq!(
        refunded(&s, pad).await,
        json!({"goods": 12.5, "tax": 1.03, "delivery": 0.0, "core": 0.0, "fee": 0.0, "total": 13.53})
    );
    // The last pad, no longer needed: the fixed fee, and the tax left
    // (6.19 - 4.13 - 1.03 = 1.03).
    let last = asked(
        &s,
        &order,
        "noLongerNeeded",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    assert_eq!(
        refunded(&s, last).await,
        json!({"goods": 12.5, "tax": 1.03, "delivery": 0.0, "core": 0.0, "fee": 5.0, "total": 8.53})
    );
    // 64.94 + 13.53 + 8.53 of the 92.00 paid (74.99 + 10.00 + 7.01).
    let mine = s.app.order_of(&s.buyer, &order).await;
    assert_eq!(mine["total"], 92.0);
    assert_eq!(mine["refundedAmount"], 87.0);
    // The figures count them by reason.
    let figures: Value = s
        .app
        .get("/api/admin/return-figures", Some(&s.admin.token))
        .await
        .json()
        .await
        .unwrap();
    let faulty = json!({"reason": "faulty", "returns": 1, "refunded": 1, "amount": 64.94});
    assert_eq!(figures["byReason"][1], faulty);
    assert_eq!(
        figures["byReason"][0],
        json!({"reason": "doesNotFit", "returns": 0, "refunded": 0, "amount": 0.0})
    );
    assert_eq!(figures["byReason"].as_array().unwrap().len(), 7);
    assert_eq!(figures["coresReceived"], 0);
}

#[tokio::test]
async fn two_staff_receiving_one_return_at_once_put_its_stock_back_once() {
    let s = shop().await;
    let order = delivered(&s).await;
    let rma = asked(
        &s,
        &order,
        "doesNotFit",
        json!([{"position": 1, "quantity": 2}]),
    )
    .await;
    let n = id(&rma);
    s.app.moved(&s.admin, &n, "approve", None).await;
    let other = s.app.new_user().await;
    assert_eq!(
        s.app
            .make_admin(Some(&s.admin.token), &other.email)
            .await
            .status(),
        StatusCode::OK
    );
    let before = s.app.stock_of(&s.pads).await;
    let body = json!({"condition": "resalable"});
    let answers = join_all([
        s.app
            .move_return(&s.admin, &n, "receive", Some(body.clone())),
        s.app.move_return(&other, &n, "receive", Some(body.clone())),
    ])
    .await;
    let mut statuses: Vec<StatusCode> = answers.iter().map(|r| r.status()).collect();
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    assert_eq!(s.app.stock_of(&s.pads).await, before + 2);
}

#[tokio::test]
async fn a_refund_the_provider_refuses_marks_nothing_and_a_retry_refunds_once() {
    let (app, stand_in) =
        spawn_stripe_app_with(|c| c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into())).await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 10, 1, "20.00").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part, 3).await;
    let order = order["_id"].as_str().unwrap().to_owned();
    let opened = app.open_payment(&buyer, &order).await;
    let secret = opened["clientSecret"].as_str().unwrap();
    let intent = secret.split("_secret_").next().unwrap().to_owned();
    stand_in.set(&intent, "status", json!("succeeded"));
    assert_eq!(
        app.pay_order(Some(&buyer.token), &order, &intent)
            .await
            .status(),
        StatusCode::OK
    );
    for action in ["ship", "deliver"] {
        assert_eq!(
            app.admin_move(Some(&admin.token), &order, action)
                .await
                .status(),
            StatusCode::OK
        );
    }
    let response = app
        .ask_return(
            &buyer,
            &order,
            &json!({"reason": "faulty", "lines": [{"position": 1, "quantity": 2}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let n = id(&response.json::<Value>().await.unwrap());
    app.moved(&admin, &n, "approve", None).await;
    app.moved(&admin, &n, "receive", Some(json!({"condition": "damaged"})))
        .await;

    stand_in.refuse_refunds("charge_disputed");
    let response = app.move_return(&admin, &n, "refund", None).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let still: Value = app
        .get(&format!("/api/returns/{n}"), Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&still["state"], &still["refundId"]),
        (&json!("received"), &Value::Null)
    );
    assert_eq!(app.order_of(&buyer, &order).await["refundedAmount"], 0.0);

    // Allowed again: one partial refund of 40.00 (pickup, untaxed).
    stand_in.allow_refunds();
    let refunded = app.moved(&admin, &n, "refund", None).await;
    assert_eq!(refunded["refund"]["total"], 40.0);
    let refunds = stand_in.refunds();
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(
        (&refunds[0]["amount"], &refunds[0]["payment_intent"]),
        (&json!(4000), &json!(intent))
    );
    assert_eq!(refunded["refundId"], refunds[0]["id"]);
    expect_error(
        app.move_return(&admin, &n, "refund", None).await,
        StatusCode::CONFLICT,
        "A refunded return cannot be refunded",
    )
    .await;
    assert_eq!(stand_in.refunds().len(), 1);
    assert_eq!(app.order_of(&buyer, &order).await["refundedAmount"], 40.0);

    // The provider then tells of the refund by webhook, twice: acknowledged,
    // and nothing is refunded or recorded again.
    let event = json!({"id": "evt_refund_1", "object": "event", "type": "charge.refunded",
        "data": {"object": {"id": "ch_1", "object": "charge", "payment_intent": intent, "amount_refunded": 4000,
            "refunds": {"data": [refunds[0].clone()]}}}})
    .to_string();
    for duplicate in [false, true] {
        let response = app.post_signed_webhook(&event).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, json!({"received": true, "duplicate": duplicate}));
    }
    assert_eq!(stand_in.refunds().len(), 1);
    assert_eq!(app.order_of(&buyer, &order).await["refundedAmount"], 40.0);
    let after: Value = app
        .get(&format!("/api/returns/{n}"), Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(after["state"], "refunded");
}

#[tokio::test]
async fn the_return_policy_is_public_and_set_by_admins_only() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let policy: Value = app
        .get("/api/return-policy", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        policy,
        json!({"returnDays": 30, "restockingFee": {"kind": "none", "amount": 0.0}, "coreReturnDays": 90})
    );
    let body = json!({"returnDays": 60, "restockingFee": {"kind": "percent", "amount": 12.5}});
    let buyer = app.new_user().await;
    let response = app
        .put_json("/api/admin/return-policy", Some(&buyer.token), &body)
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    app.set_policy(&admin, body).await;
    let policy: Value = app
        .get("/api/return-policy", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        policy,
        json!({"returnDays": 60, "restockingFee": {"kind": "percent", "amount": 12.5},
               "coreReturnDays": 90})
    );
    for (wrong, field) in [
        (
            json!({"returnDays": 0, "restockingFee": {"kind": "none"}}),
            "returnDays",
        ),
        (
            json!({"returnDays": 30, "restockingFee": {"kind": "percent", "amount": 101}}),
            "restockingFee.amount",
        ),
        (
            json!({"returnDays": 30, "restockingFee": {"kind": "some"}}),
            "restockingFee.kind",
        ),
        (
            json!({"returnDays": 30, "restockingFee": {"kind": "fixed"}}),
            "restockingFee.amount",
        ),
    ] {
        let response = app
            .put_json("/api/admin/return-policy", Some(&admin.token), &wrong)
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{wrong}");
        let error: Value = response.json().await.unwrap();
        assert!(error["fields"][field].is_string(), "{wrong}: {error}");
    }
    let policy: Value = app
        .get("/api/return-policy", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(policy["returnDays"], 60);
}

#[tokio::test]
async fn refunds_pressed_at_once_refund_each_return_once_and_never_two_of_an_order_together() {
    let s = shop().await;
    let order = delivered(&s).await;
    let pads = asked(
        &s,
        &order,
        "faulty",
        json!([{"position": 1, "quantity": 2}]),
    )
    .await;
    let disc = asked(
        &s,
        &order,
        "faulty",
        json!([{"position": 2, "quantity": 1}]),
    )
    .await;
    for rma in [&pads, &disc] {
        s.app.moved(&s.admin, &id(rma), "approve", None).await;
        s.app
            .moved(
                &s.admin,
                &id(rma),
                "receive",
                Some(json!({"condition": "damaged"})),
            )
            .await;
    }
    // One return refunded twice at once, and the order's other return with them.
    let answers = join_all([
        s.app.move_return(&s.admin, &id(&pads), "refund", None),
        s.app.move_return(&s.admin, &id(&pads), "refund", None),
        s.app.move_return(&s.admin, &id(&disc), "refund", None),
    ])
    .await;
    let statuses: Vec<StatusCode> = answers.iter().map(|r| r.status()).collect();
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    assert!(statuses.contains(&StatusCode::OK), "{statuses:?}");
    // Whatever was refused is refunded after, once.
    for rma in [&pads, &disc] {
        let now: Value = s
            .app
            .get(&format!("/api/returns/{}", id(rma)), Some(&s.admin.token))
            .await
            .json()
            .await
            .unwrap();
        if now["state"] == "received" {
            s.app.moved(&s.admin, &id(rma), "refund", None).await;
        }
    }
    let refunded: Vec<Value> = s
        .app
        .get("/api/admin/returns?state=refunded", Some(&s.admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(refunded.len(), 2);
    // The delivery went back once; together they give back the whole order.
    let delivery: f64 = refunded
        .iter()
        .map(|r| r["refund"]["delivery"].as_f64().unwrap())
        .sum();
    assert_eq!(delivery, 10.82);
    let mine = s.app.order_of(&s.buyer, &order).await;
    assert_eq!(mine["refundedAmount"], 92.0);
    assert_eq!(
        s.app
            .count_sql("SELECT COUNT(*) FROM returns WHERE refund_id IS NOT NULL")
            .await,
        2
    );
}

/// `POST /api/returns/{id}/exchange` as the buyer.
async fn link(s: &Shop, rma: &Value, body: Value) -> reqwest::Response {
    let path = format!("/api/returns/{}/exchange", id(rma));
    s.app.post_json(&path, Some(&s.buyer.token), &body).await
}

#[tokio::test]
async fn a_part_that_did_not_fit_is_exchanged_for_an_order_placed_after() {
    let s = shop().await;
    let order = delivered(&s).await;
    let misfit = asked(
        &s,
        &order,
        "doesNotFit",
        json!([{"position": 2, "quantity": 1}]),
    )
    .await;
    let faulty = asked(
        &s,
        &order,
        "faulty",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    // The order being returned, or one placed before, cannot replace it.
    expect_error(
        link(&s, &misfit, json!({"orderId": order})).await,
        StatusCode::CONFLICT,
        "Only an order placed after the return, and not cancelled, replaces its part",
    )
    .await;
    let replacement = s.app.place_order(&s.buyer, &s.clip, 5).await;
    let replacement = replacement["_id"].as_str().unwrap().to_owned();
    expect_error(
        link(&s, &faulty, json!({"orderId": replacement})).await,
        StatusCode::CONFLICT,
        "Only a part that did not fit is exchanged",
    )
    .await;
    // Someone else cannot link their order, nor to another's return.
    let stranger = s.app.new_user().await;
    let theirs = s.app.place_order(&stranger, &s.clip, 5).await;
    expect_error(
        link(&s, &misfit, json!({"orderId": theirs["_id"]})).await,
        StatusCode::NOT_FOUND,
        "Order not found",
    )
    .await;
    let response = s
        .app
        .post_json(
            &format!("/api/returns/{}/exchange", id(&misfit)),
            Some(&stranger.token),
            &json!({"orderId": theirs["_id"]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    let response = link(&s, &misfit, json!({"orderId": replacement})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let linked: Value = response.json().await.unwrap();
    assert_eq!(linked["exchangeOrderId"], replacement.as_str());
    expect_error(
        link(&s, &misfit, json!({"orderId": replacement})).await,
        StatusCode::CONFLICT,
        &format!("This return is already exchanged for order #{replacement}"),
    )
    .await;
    // The staff see it; the refund still waits for the part to come back.
    let seen: Value = s
        .app
        .get(
            &format!("/api/returns/{}", id(&misfit)),
            Some(&s.admin.token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&seen["exchangeOrderId"], &seen["state"]),
        (&json!(replacement), &json!("requested"))
    );
}

mod cores;
