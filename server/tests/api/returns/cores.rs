//! Core charges (docs/decisions.md, D42): a part's deposit is charged as
//! its own untaxed figure of the order, and given back by a core return
//! (the old part, within its own window, less a deduction the staff state)
//! or with the new part when that is returned; a core puts no stock back.

use super::*;

/// An alternator at $189.99 carrying a $45.00 deposit, 5 in stock.
async fn alternator(s: &Shop) -> String {
    s.app
        .add_part_with(
            &s.admin,
            json!({"name": "Alternator 140 A, remanufactured", "availableQuantity": 5,
                   "minimumOrder": 1, "price": "189.99", "coreCharge": "45.00"}),
        )
        .await
}

/// A delivered order of 2 alternators and 1 disc, sent by a $10.00 courier
/// to California, taxed 8.25% on goods and delivery, paid with the test
/// card. Answers its id and the order as placed.
async fn delivered_with_cores(s: &Shop, alternator: &str) -> (String, Value) {
    let (courier, address) = courier_to_california(s).await;
    let lines = json!([{"partId": alternator, "quantity": 2}, {"partId": s.disc, "quantity": 1}]);
    // The quote shows the deposits beside the goods, untaxed.
    let response = s
        .app
        .post_json(
            "/api/checkout/quote",
            Some(&s.buyer.token),
            &json!({"deliveryMethod": courier, "addressId": address["_id"], "lines": lines}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let quote: Value = response.json().await.unwrap();
    // Goods 2 × 189.99 + 49.99 = 429.97; tax 8.25% of 439.97 = 36.297… → 36.30.
    assert_eq!(
        (
            &quote["price"],
            &quote["tax"],
            &quote["coreCharges"],
            &quote["total"]
        ),
        (&json!(429.97), &json!(36.3), &json!(90.0), &json!(566.27))
    );
    assert_eq!(quote["lines"][0]["coreCharge"], 45.0);
    assert_eq!(quote["lines"][1]["coreCharge"], 0.0);
    let body = json!({"deliveryMethod": courier, "addressId": address["_id"], "lines": lines,
        "expectedTotal": 566.27});
    delivered_order(s, body).await
}

#[tokio::test]
async fn a_core_charge_is_charged_untaxed_and_given_back_for_the_old_part() {
    let s = shop().await;
    let part = alternator(&s).await;
    assert_eq!(s.app.part(&part).await["coreCharge"], 45.0);
    assert_eq!(s.app.part(&s.disc).await["coreCharge"], 0.0);
    let stock_before = s.app.stock_of(&part).await;

    let (order, placed) = delivered_with_cores(&s, &part).await;
    assert_eq!(
        (&placed["coreCharges"], &placed["total"]),
        (&json!(90.0), &json!(566.27))
    );
    assert_eq!(placed["lines"][0]["coreCharge"], 45.0);
    assert_eq!(placed["lines"][1]["coreCharge"], 0.0);
    // The deposits are money held, not takings.
    let response = s
        .app
        .get("/api/admin/dashboard", Some(&s.admin.token))
        .await;
    let dashboard: Value = response.json().await.unwrap();
    let today = dashboard["days"].as_array().unwrap().last().unwrap();
    assert_eq!(today["revenue"], 476.27);
    // The placed mail lists the deposit as a line of its own.
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let deposit_mailed = || {
        s.app.mails_to(&s.buyer.email).iter().any(|m| {
            m.body
                .contains("Core deposit: Alternator 140 A, remanufactured")
        })
    };
    while !deposit_mailed() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(deposit_mailed());

    // Only a line that carries a deposit has a core to return.
    let response = s
        .app
        .ask_return(
            &s.buyer,
            &order,
            &json!({"reason": "core", "lines": [{"position": 2, "quantity": 1}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let error: Value = response.json().await.unwrap();
    assert_eq!(
        error["fields"]["lines.0.position"],
        "Line 2 carries no core charge"
    );

    let core = asked(&s, &order, "core", json!([{"position": 1, "quantity": 1}])).await;
    assert_eq!(core["lines"][0]["coreCharge"], 45.0);
    assert_eq!(
        core["refund"],
        json!({"goods": 0.0, "tax": 0.0, "delivery": 0.0, "core": 45.0, "fee": 0.0, "total": 45.0})
    );
    let n = id(&core);
    s.app.moved(&s.admin, &n, "approve", None).await;
    // A deduction is for a core, and never more than its deposit.
    let too_much = s
        .app
        .move_return(
            &s.admin,
            &n,
            "receive",
            Some(json!({"condition": "damaged", "deduction": 45.01})),
        )
        .await;
    expect_error(
        too_much,
        StatusCode::BAD_REQUEST,
        "The deduction must be at most the deposit, 45.00",
    )
    .await;
    let received = s
        .app
        .moved(
            &s.admin,
            &n,
            "receive",
            Some(json!({"condition": "damaged", "deduction": "12.50"})),
        )
        .await;
    assert_eq!(received["deduction"], 12.5);
    assert_eq!(received["refund"]["fee"], 12.5);
    assert_eq!(received["refund"]["total"], 32.5);
    // An old part is not for sale: the stock is as the order left it.
    assert_eq!(s.app.stock_of(&part).await, stock_before - 2);
    let refunded = s.app.moved(&s.admin, &n, "refund", None).await;
    assert_eq!(refunded["refund"]["total"], 32.5);
    assert_eq!(refunded["refund"]["core"], 45.0);
    let mine = s.app.order_of(&s.buyer, &order).await;
    assert_eq!(mine["refundedAmount"], 32.5);

    // The other alternator comes back new, as no longer needed, under a
    // 15% fee: its deposit comes back with it, untaxed and free of the fee.
    s.app
        .set_policy(
            &s.admin,
            json!({"returnDays": 30, "restockingFee": {"kind": "percent", "amount": 15}}),
        )
        .await;
    let unit = asked(
        &s,
        &order,
        "noLongerNeeded",
        json!([{"position": 1, "quantity": 1}]),
    )
    .await;
    // Tax on goods 8.25% of 429.97 = 35.47 (of 36.30); share of 189.99:
    // 15.672… → 15.67. Fee 15% of 189.99 = 28.4985 → 28.50.
    assert_eq!(
        unit["refund"],
        json!({"goods": 189.99, "tax": 15.67, "delivery": 0.0, "core": 45.0, "fee": 28.5,
               "total": 222.16})
    );
    // Each unit comes back once, as the part or as its core.
    let response = s
        .app
        .ask_return(
            &s.buyer,
            &order,
            &json!({"reason": "core", "lines": [{"position": 1, "quantity": 1}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let error: Value = response.json().await.unwrap();
    assert_eq!(
        error["fields"]["lines.0.quantity"],
        "Line 1: nothing more can be returned"
    );
    let n = id(&unit);
    s.app.moved(&s.admin, &n, "approve", None).await;
    // Only a core's deposit has a deduction.
    let response = s
        .app
        .move_return(
            &s.admin,
            &n,
            "receive",
            Some(json!({"condition": "resalable", "deduction": 5})),
        )
        .await;
    expect_error(
        response,
        StatusCode::BAD_REQUEST,
        "Only a core's deposit has a deduction",
    )
    .await;
    s.app
        .moved(
            &s.admin,
            &n,
            "receive",
            Some(json!({"condition": "resalable"})),
        )
        .await;
    assert_eq!(s.app.stock_of(&part).await, stock_before - 1);
    let refunded = s.app.moved(&s.admin, &n, "refund", None).await;
    assert_eq!(refunded["refund"]["total"], 222.16);
    let mine = s.app.order_of(&s.buyer, &order).await;
    assert_eq!(mine["refundedAmount"], 254.66);

    // The Returns page counts the cores received.
    let response = s
        .app
        .get("/api/admin/return-figures", Some(&s.admin.token))
        .await;
    let figures: Value = response.json().await.unwrap();
    assert_eq!(figures["coresReceived"], 1);
    let core_row = figures["byReason"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reason"] == "core")
        .unwrap()
        .clone();
    assert_eq!(
        core_row,
        json!({"reason": "core", "returns": 1, "refunded": 1, "amount": 32.5})
    );
}

#[tokio::test]
async fn a_core_has_its_own_window_set_with_the_return_policy() {
    let s = shop().await;
    let part = alternator(&s).await;
    let (order, _) = delivered_with_cores(&s, &part).await;
    let policy: Value = s
        .app
        .get("/api/return-policy", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(policy["coreReturnDays"], 90);
    let set_delivered = |days: u64| {
        let at = shop::core::db::ago(Duration::from_secs(days * 24 * 3600 - 3600));
        format!("UPDATE bookings SET delivered_at = '{at}' WHERE id = {order}")
    };
    let ask = |reason: &'static str| {
        let body = json!({"reason": reason, "lines": [{"position": 1, "quantity": 1}]});
        let (app, buyer, order) = (&s.app, &s.buyer, order.clone());
        async move { app.ask_return(buyer, &order, &body).await }
    };
    // 31 days after delivery: past the part's window, inside the core's.
    s.app.execute_sql(&set_delivered(31)).await;
    let response = ask("faulty").await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    asked(&s, &order, "core", json!([{"position": 1, "quantity": 1}])).await;
    // 91 days: the core's window closed a day ago.
    s.app.execute_sql(&set_delivered(91)).await;
    let response = ask("core").await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let error: Value = response.json().await.unwrap();
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("The core return window for this order closed on 20"),
        "{error}"
    );
    // A longer core window, set without restating the rest; the part's
    // window and fee stay.
    s.app
        .set_policy(
            &s.admin,
            json!({"returnDays": 30, "restockingFee": {"kind": "none"}, "coreReturnDays": 120}),
        )
        .await;
    asked(&s, &order, "core", json!([{"position": 1, "quantity": 1}])).await;
    s.app
        .set_policy(
            &s.admin,
            json!({"returnDays": 20, "restockingFee": {"kind": "none"}}),
        )
        .await;
    let policy: Value = s
        .app
        .get("/api/return-policy", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&policy["returnDays"], &policy["coreReturnDays"]),
        (&json!(20), &json!(120))
    );
}

#[tokio::test]
async fn a_core_charge_is_zero_or_an_amount() {
    let s = shop().await;
    let part = alternator(&s).await;
    for (sent, kept) in [(json!("0"), 0.0), (json!(22.5), 22.5), (json!("0.00"), 0.0)] {
        let response = s
            .app
            .put_part(Some(&s.admin.token), &part, &json!({"coreCharge": sent}))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "{sent}");
        assert_eq!(s.app.part(&part).await["coreCharge"], kept, "{sent}");
    }
    for wrong in [json!(-1), json!("ten"), json!(1.234)] {
        let response = s
            .app
            .put_part(Some(&s.admin.token), &part, &json!({"coreCharge": wrong}))
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{wrong}");
        let error: Value = response.json().await.unwrap();
        assert!(error["fields"]["coreCharge"]
            .as_str()
            .unwrap()
            .starts_with("Core charge "));
    }
}
