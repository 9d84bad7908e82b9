//! Requests released together end in one outcome the docs name
//! (docs/decisions.md, D33), with no 5xx and nothing half done: a refresh
//! beside a sign-out, two admins removing each other, a double checkout of
//! one cart, switches of the current vehicle, one tax place in several
//! cases, two refunds, and a removed admin's queued action.

use std::sync::Arc;

use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::{json, Value};
use tokio::sync::Barrier;

use crate::helpers::*;

/// Sends every request at the same moment (each waits at one barrier);
/// answers their statuses and bodies in the order given.
async fn at_once(requests: Vec<RequestBuilder>) -> Vec<(StatusCode, Value)> {
    let barrier = Arc::new(Barrier::new(requests.len()));
    let sent: Vec<_> = requests
        .into_iter()
        .map(|request| {
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                let response = request.send().await.expect("request sent");
                let status = response.status();
                let body = response.json::<Value>().await.unwrap_or(Value::Null);
                (status, body)
            })
        })
        .collect();
    let mut answers = Vec::with_capacity(sent.len());
    for task in sent {
        answers.push(task.await.expect("the request's task"));
    }
    answers
}

fn no_server_errors(answers: &[(StatusCode, Value)]) {
    for (status, body) in answers {
        assert!(!status.is_server_error(), "{status}: {body}");
    }
}

fn count(answers: &[(StatusCode, Value)], status: StatusCode) -> usize {
    answers.iter().filter(|(s, _)| *s == status).count()
}

/// A signed-in user's fresh token.
async fn sign_in(app: &TestApp, email: &str, password: &str) -> String {
    let response = app.login(email, password).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["token"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_refreshed_beside_a_sign_out_or_password_change_end_with_their_session() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let mut password = PASSWORD.to_owned();
    for round in 0..6 {
        let token = sign_in(&app, &user.email, &password).await;
        let mut requests: Vec<RequestBuilder> = (0..6)
            .map(|_| {
                app.request(
                    Method::PUT,
                    &format!("/api/user/{}", user.email),
                    Some(&token),
                )
            })
            .collect();
        // Half the rounds sign out everywhere, half change the password.
        let new_password = format!("changed-{round}-secret");
        requests.push(if round % 2 == 0 {
            app.request(Method::POST, "/api/auth/sign-out-everywhere", Some(&token))
        } else {
            app.request(Method::POST, "/api/auth/change-password", Some(&token))
                .json(&json!({"currentPassword": password, "newPassword": new_password}))
        });
        let answers = at_once(requests).await;
        no_server_errors(&answers);
        let (ended_by, _) = &answers[6];
        assert_eq!(*ended_by, StatusCode::OK, "round {round}");
        if round % 2 == 1 {
            password = new_password;
        }
        // Every token of the session, refreshed before, during or after
        // the change, has ended with it.
        for (status, body) in &answers[..6] {
            if *status == StatusCode::OK {
                let refreshed = body["token"].as_str().unwrap();
                let response = app.me(Some(refreshed)).await;
                assert_eq!(
                    response.status(),
                    StatusCode::UNAUTHORIZED,
                    "round {round}: a token refreshed beside the change still signs in"
                );
            } else {
                assert_eq!(*status, StatusCode::UNAUTHORIZED, "round {round}: {body}");
            }
        }
        assert_eq!(
            app.me(Some(&token)).await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_admins_removing_each_other_at_once_leave_one_of_them() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    for round in 0..6 {
        let one = app.new_user().await;
        let two = app.new_user().await;
        for user in [&one, &two] {
            let response = app.make_admin(Some(&owner.token), &user.email).await;
            assert_eq!(response.status(), StatusCode::OK);
        }
        let answers = at_once(vec![
            app.request(
                Method::DELETE,
                &format!("/api/user/admin/{}", two.email),
                Some(&one.token),
            ),
            app.request(
                Method::DELETE,
                &format!("/api/user/admin/{}", one.email),
                Some(&two.token),
            ),
        ])
        .await;
        no_server_errors(&answers);
        assert_eq!(
            count(&answers, StatusCode::OK),
            1,
            "round {round}: {answers:?}"
        );
        let admins: Vec<bool> = {
            let mut admins = Vec::new();
            for user in [&one, &two] {
                let response = app.is_admin(Some(&owner.token), &user.email).await;
                let body: Value = response.json().await.unwrap();
                admins.push(body["admin"].as_bool().unwrap());
            }
            admins
        };
        assert_eq!(
            admins.iter().filter(|a| **a).count(),
            1,
            "round {round}: {admins:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admins_actions_queued_behind_their_removal_are_refused() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let part = app.add_part(&owner, 100, 1, "5.00").await;
    for round in 0..4 {
        let removed = app.new_user().await;
        let response = app.make_admin(Some(&owner.token), &removed.email).await;
        assert_eq!(response.status(), StatusCode::OK);
        let promoted: Vec<User> = futures::future::join_all((0..4).map(|_| app.new_user())).await;
        let mut requests = vec![app.request(
            Method::DELETE,
            &format!("/api/user/admin/{}", removed.email),
            Some(&owner.token),
        )];
        for user in &promoted {
            requests.push(app.request(
                Method::PUT,
                &format!("/api/user/admin/{}", user.email),
                Some(&removed.token),
            ));
        }
        requests.push(
            app.request(
                Method::POST,
                &format!("/api/part/{part}/restock"),
                Some(&removed.token),
            )
            .json(&json!({"quantity": 1})),
        );
        let answers = at_once(requests).await;
        no_server_errors(&answers);
        assert_eq!(answers[0].0, StatusCode::OK, "round {round}");
        // Whatever the removed admin did was recorded before the removal,
        // or refused: nothing of theirs came after it.
        let response = app
            .get("/api/admin/audit?limit=100", Some(&owner.token))
            .await;
        let records: Vec<Value> = response.json().await.unwrap();
        let removal = records
            .iter()
            .find(|r| r["action"] == "user.adminRemoved" && r["subjectId"] == removed.email)
            .expect("the removal is recorded");
        let removal_id: i64 = removal["id"].as_str().unwrap().parse().unwrap();
        let mut done_by_removed = 0;
        for record in records.iter().filter(|r| r["byEmail"] == removed.email) {
            let id: i64 = record["id"].as_str().unwrap().parse().unwrap();
            assert!(id < removal_id, "round {round}: {record} after the removal");
            done_by_removed += 1;
        }
        for (status, body) in &answers[1..] {
            assert!(
                [
                    StatusCode::OK,
                    StatusCode::FORBIDDEN,
                    StatusCode::UNAUTHORIZED
                ]
                .contains(status),
                "round {round}: {status} {body}"
            );
        }
        let succeeded = answers[1..].iter().filter(|(s, _)| s.is_success()).count();
        assert_eq!(succeeded, done_by_removed, "round {round}: {answers:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_checked_out_several_times_at_once_is_ordered_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 50, 1, "4.00").await;
    for round in 0..4 {
        let buyer = app.new_user().await;
        let response = app
            .post_json(
                "/api/cart/lines",
                Some(&buyer.token),
                &json!({"partId": part, "quantity": 3}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        let requests = (0..8)
            .map(|_| {
                app.request(Method::POST, "/api/checkout", Some(&buyer.token))
                    .json(&json!({}))
            })
            .collect();
        let answers = at_once(requests).await;
        no_server_errors(&answers);
        assert_eq!(
            count(&answers, StatusCode::CREATED),
            1,
            "round {round}: {answers:?}"
        );
        for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
            assert_eq!(*status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(body["error"], "Your cart is empty");
        }
        assert_eq!(app.orders_of(&buyer).await.len(), 1, "round {round}");
    }
    assert_eq!(app.part(&part).await["availableQuantity"], 50 - 4 * 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn switching_the_current_vehicle_at_once_leaves_one_current_and_no_5xx() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    let mut ids = Vec::new();
    for year in 2010..2016 {
        let response = app
            .post_json(
                "/api/garage",
                Some(&buyer.token),
                &json!({"year": year, "make": "Toyota", "model": "Corolla"}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        ids.push(body["_id"].as_str().unwrap().to_owned());
    }
    for round in 0..4 {
        let mut requests: Vec<RequestBuilder> = (0..20)
            .map(|i| {
                let id = &ids[i % (ids.len() - 1)];
                app.request(
                    Method::POST,
                    &format!("/api/garage/{id}/current"),
                    Some(&buyer.token),
                )
            })
            .collect();
        if round == 3 {
            // A delete beside the switches.
            let last = ids.pop().unwrap();
            requests.push(app.request(
                Method::DELETE,
                &format!("/api/garage/{last}"),
                Some(&buyer.token),
            ));
        }
        let answers = at_once(requests).await;
        no_server_errors(&answers);
        assert!(answers.iter().all(|(s, _)| s.is_success()), "{answers:?}");
        let garage: Vec<Value> = app
            .get("/api/garage", Some(&buyer.token))
            .await
            .json()
            .await
            .unwrap();
        let current = garage.iter().filter(|v| v["current"] == true).count();
        assert_eq!(current, 1, "round {round}: {garage:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_place_gets_one_tax_rate_whatever_the_case_it_is_sent_in() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for (round, region) in ["ZQCE43F1", "Quebec", "nord-ouest"].iter().enumerate() {
        let cases = [
            region.to_uppercase(),
            region.to_lowercase(),
            region.to_string(),
            format!(" {} ", region.to_uppercase()),
        ];
        let requests = cases
            .iter()
            .map(|region| {
                app.request(Method::POST, "/api/admin/tax-rates", Some(&admin.token))
                    .json(&json!({"country": "CA", "region": region, "ratePercent": 5}))
            })
            .collect();
        let answers = at_once(requests).await;
        no_server_errors(&answers);
        assert_eq!(
            count(&answers, StatusCode::CREATED),
            1,
            "round {round}: {answers:?}"
        );
        assert_eq!(
            count(&answers, StatusCode::CONFLICT),
            3,
            "round {round}: {answers:?}"
        );
    }
    let rates: Vec<Value> = app
        .get("/api/admin/tax-rates", Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(rates.len(), 3, "{rates:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_refunds_of_one_order_at_once_refund_it_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 10, 1, "9.00").await;
    for round in 0..4 {
        let buyer = app.new_user().await;
        let order = app.place_order(&buyer, &part, 1).await;
        let id = order["_id"].as_str().unwrap().to_owned();
        let transaction = app.pay_with_test_card(&buyer, &id).await;
        let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
        assert_eq!(response.status(), StatusCode::OK);
        let requests = (0..2)
            .map(|_| {
                app.request(
                    Method::POST,
                    &format!("/api/admin/orders/{id}/refund"),
                    Some(&admin.token),
                )
            })
            .chain([app.request(
                Method::POST,
                &format!("/api/admin/orders/{id}/ship"),
                Some(&admin.token),
            )])
            .collect();
        let answers = at_once(requests).await;
        no_server_errors(&answers);
        let order = app.order_of(&buyer, &id).await;
        let refunded = answers[..2].iter().filter(|(s, _)| s.is_success()).count();
        let shipped = answers[2].0.is_success();
        // Refunded once, or shipped: never both, never twice.
        assert!(
            (refunded == 1 && !shipped && order["paymentStatus"] == "refunded")
                || (refunded == 0 && shipped && order["fulfilmentStatus"] == "shipped"),
            "round {round}: {answers:?} {order}"
        );
        let refunds = app
            .count_sql(&format!(
                "SELECT COUNT(*) FROM refunds WHERE booking_id = {id}"
            ))
            .await;
        assert_eq!(refunds, i64::from(refunded == 1), "round {round}");
    }
}

#[tokio::test]
async fn a_quote_of_lines_of_one_part_counts_their_units_together() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 5, 1, "3.00").await;
    let buyer = app.new_user().await;
    let response = app
        .post_json(
            "/api/checkout/quote",
            Some(&buyer.token),
            &json!({"lines": [{"partId": part, "quantity": 3}, {"partId": part, "quantity": 3}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let quote: Value = response.json().await.unwrap();
    assert_eq!(quote["ready"], false, "{quote}");
    assert_eq!(quote["lines"][0]["problem"], Value::Null);
    assert_eq!(quote["lines"][1]["problem"], "notEnoughStock");
    assert_eq!(quote["lines"][1]["message"], "Only 2 in stock");
    // The checkout of the same lines agrees.
    let response = app
        .post_json(
            "/api/checkout",
            Some(&buyer.token),
            &json!({"lines": [{"partId": part, "quantity": 3}, {"partId": part, "quantity": 3}]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn confirming_a_test_payment_of_a_refunded_order_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 5, 1, "3.00").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part, 1).await;
    let id = order["_id"].as_str().unwrap().to_owned();
    let intent = app.open_payment(&buyer, &id).await;
    let secret = intent["clientSecret"].as_str().unwrap().to_owned();
    let response = app.confirm_card(&buyer, &secret, "4242424242424242").await;
    assert_eq!(response.status(), StatusCode::OK);
    let paid: Value = response.json().await.unwrap();
    let transaction = paid["paymentIntent"]["id"].as_str().unwrap();
    let response = app.pay_order(Some(&buyer.token), &id, transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    // Asked again while the order stands paid: the same payment.
    let response = app.confirm_card(&buyer, &secret, "4242424242424242").await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .post_json(
            &format!("/api/admin/orders/{id}/refund"),
            Some(&admin.token),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app.confirm_card(&buyer, &secret, "4242424242424242").await;
    expect_error(response, StatusCode::CONFLICT, "This order was cancelled").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn units_added_to_one_cart_line_at_once_all_count() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "2.00").await;
    let buyer = app.new_user().await;
    let requests = (0..6)
        .map(|_| {
            app.request(Method::POST, "/api/cart/lines", Some(&buyer.token))
                .json(&json!({"partId": part, "quantity": 2}))
        })
        .collect();
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(count(&answers, StatusCode::OK), 6);
    let cart: Value = app
        .get("/api/cart", Some(&buyer.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(cart["lines"].as_array().unwrap().len(), 1, "{cart}");
    assert_eq!(cart["lines"][0]["quantity"], 12, "{cart}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_remembered_vehicle_merged_by_several_sign_ins_at_once_is_kept_once() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    let requests = (0..6)
        .map(|_| {
            app.request(Method::POST, "/api/garage/merge", Some(&buyer.token))
                .json(&json!({"year": 2014, "make": "Toyota", "model": "Corolla"}))
        })
        .collect();
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(count(&answers, StatusCode::CREATED), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::OK), 5, "{answers:?}");
    let garage: Vec<Value> = app
        .get("/api/garage", Some(&buyer.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(garage.len(), 1, "{garage:?}");
    assert_eq!(garage[0]["current"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_user_made_admin_by_two_admins_at_once_is_made_admin_once() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let second = app.new_user().await;
    let response = app.make_admin(Some(&owner.token), &second.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    let user = app.new_user().await;
    let path = format!("/api/user/admin/{}", user.email);
    let answers = at_once(vec![
        app.request(Method::PUT, &path, Some(&owner.token)),
        app.request(Method::PUT, &path, Some(&second.token)),
    ])
    .await;
    no_server_errors(&answers);
    let changed: Vec<i64> = answers
        .iter()
        .map(|(_, body)| body["modifiedCount"].as_i64().unwrap())
        .collect();
    assert_eq!(changed.iter().sum::<i64>(), 1, "{answers:?}");
    let records = app
        .count_sql(&format!(
            "SELECT COUNT(*) FROM audit_log WHERE action = 'user.madeAdmin' AND subject_id = '{}'",
            user.email
        ))
        .await;
    assert_eq!(records, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_link_used_twice_at_once_works_once() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app
        .post_json(
            "/api/auth/forgot-password",
            None,
            &json!({"email": user.email}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let link = last_link(&app, &user.email, "/reset-password").await;
    let token = token_of(&link);
    let requests = (0..4)
        .map(|i| {
            app.request(Method::POST, "/api/auth/reset-password", None)
                .json(&json!({"token": token, "password": format!("new-secret-{i}")}))
        })
        .collect();
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::BAD_REQUEST), 3, "{answers:?}");
    // The password set is the one the winner sent.
    let winner = answers
        .iter()
        .position(|(s, _)| *s == StatusCode::OK)
        .unwrap();
    let response = app
        .login(&user.email, &format!("new-secret-{winner}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_part_deleted_while_buyers_order_it_takes_no_order_after_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "6.00").await;
    let buyers: Vec<User> = futures::future::join_all((0..6).map(|_| app.new_user())).await;
    let mut requests: Vec<RequestBuilder> = buyers
        .iter()
        .map(|buyer| {
            app.request(Method::POST, "/api/booking", Some(&buyer.token))
                .json(&json!({"partId": part, "partOrder": 1}))
        })
        .collect();
    requests.push(app.request(
        Method::DELETE,
        &format!("/api/part/{part}"),
        Some(&admin.token),
    ));
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(answers[6].0, StatusCode::OK);
    for (status, body) in &answers[..6] {
        assert!(
            [StatusCode::CREATED, StatusCode::NOT_FOUND].contains(status),
            "{status}: {body}"
        );
    }
    assert_eq!(app.get_part(&part).await.status(), StatusCode::NOT_FOUND);
    // Orders placed before the delete keep their part's name and price.
    for buyer in &buyers {
        for order in app.orders_of(buyer).await {
            assert_eq!(order["unitPrice"], 6.0);
            assert!(!order["partName"].as_str().unwrap().is_empty());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_imports_of_one_new_part_number_at_once_add_it_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let file = "sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments\n\
                RACE-1,Race pads,Pads,/api/image/a.jpg,9.50,7,1,,,,,,\n";
    let requests = (0..3)
        .map(|_| {
            app.request(Method::POST, "/api/admin/parts/import", Some(&admin.token))
                .header("content-type", "text/csv")
                .body(file)
        })
        .collect();
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(count(&answers, StatusCode::OK), 3, "{answers:?}");
    let added: i64 = answers
        .iter()
        .map(|(_, b)| b["added"].as_i64().unwrap())
        .sum();
    let unchanged: i64 = answers
        .iter()
        .map(|(_, b)| b["unchanged"].as_i64().unwrap())
        .sum();
    assert_eq!((added, unchanged), (1, 2), "{answers:?}");
    let made = app
        .count_sql("SELECT COUNT(*) FROM parts WHERE sku = 'RACE-1'")
        .await;
    assert_eq!(made, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delivery_method_deleted_beside_checkouts_using_it_leaves_each_whole() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "10.00").await;
    let courier = app
        .add_shipping_method(
            &admin,
            json!({"name": "Courier", "basePrice": "4.95", "pricePerKg": "0"}),
        )
        .await;
    let buyers: Vec<User> = futures::future::join_all((0..5).map(|_| app.new_user())).await;
    let mut addresses = Vec::new();
    for buyer in &buyers {
        addresses.push(app.add_address(buyer, "US", "OR").await["_id"].clone());
    }
    let mut requests: Vec<RequestBuilder> = buyers
        .iter()
        .zip(&addresses)
        .map(|(buyer, address)| {
            app.request(Method::POST, "/api/checkout", Some(&buyer.token))
                .json(&json!({"deliveryMethod": courier, "addressId": address,
                              "lines": [{"partId": part, "quantity": 1}]}))
        })
        .collect();
    requests.push(app.request(
        Method::DELETE,
        &format!("/api/admin/shipping-methods/{courier}"),
        Some(&admin.token),
    ));
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(answers[5].0, StatusCode::OK);
    let mut placed = 0;
    for (status, body) in &answers[..5] {
        match *status {
            StatusCode::CREATED => {
                // Placed before the delete: with the courier's price.
                assert_eq!(body["booking"]["shipping"], 4.95, "{body}");
                placed += 1;
            }
            _ => assert!(status.is_client_error(), "{status}: {body}"),
        }
    }
    assert_eq!(app.part(&part).await["availableQuantity"], 100 - placed);
}

/// Delivery methods and tax rates are written the one way: a row deleted
/// twice at once is deleted once, the other delete answering 404, with one
/// audit record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delivery_method_or_tax_rate_deleted_twice_at_once_is_deleted_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let method = app
        .add_shipping_method(
            &admin,
            json!({"name": "Courier", "basePrice": "4.95", "pricePerKg": "0"}),
        )
        .await;
    let response = app
        .post_json(
            "/api/admin/tax-rates",
            Some(&admin.token),
            &json!({"country": "US", "region": "OR", "ratePercent": 5}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let rate = response.json::<Value>().await.unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    for (path, missing, action, subject) in [
        (
            format!("/api/admin/shipping-methods/{method}"),
            "Shipping method not found",
            "deliveryMethod.deleted",
            method.to_string(),
        ),
        (
            format!("/api/admin/tax-rates/{rate}"),
            "Tax rate not found",
            "taxRates.changed",
            format!("taxRates/{rate}"),
        ),
    ] {
        let answers = at_once(
            (0..2)
                .map(|_| app.request(Method::DELETE, &path, Some(&admin.token)))
                .collect(),
        )
        .await;
        no_server_errors(&answers);
        assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
        for (status, body) in &answers {
            match *status {
                StatusCode::OK => assert_eq!(body, &json!({"deletedCount": 1})),
                _ => {
                    assert_eq!(*status, StatusCode::NOT_FOUND, "{body}");
                    assert_eq!(body, &json!({"error": missing}));
                }
            }
        }
        let records = app
            .count_sql(&format!(
                "SELECT COUNT(*) FROM audit_log WHERE action = '{action}' \
                 AND subject_id = '{subject}' AND after_json IS NULL"
            ))
            .await;
        assert_eq!(records, 1, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shops_on_one_database_order_a_cart_once_and_keep_an_admin() {
    let app = spawn_app().await;
    let other = app.restart_with(|_| {}).await;
    let owner = app.admin().await;
    let part = app.add_part(&owner, 50, 1, "4.00").await;
    let buyer = app.new_user().await;
    let response = app
        .post_json(
            "/api/cart/lines",
            Some(&buyer.token),
            &json!({"partId": part, "quantity": 2}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let requests = (0..6)
        .map(|i| {
            let shop = if i % 2 == 0 { &app } else { &other };
            shop.request(Method::POST, "/api/checkout", Some(&buyer.token))
                .json(&json!({}))
        })
        .collect();
    let answers = at_once(requests).await;
    no_server_errors(&answers);
    assert_eq!(count(&answers, StatusCode::CREATED), 1, "{answers:?}");
    assert_eq!(app.orders_of(&buyer).await.len(), 1);

    let one = app.new_user().await;
    let two = app.new_user().await;
    for user in [&one, &two] {
        let response = app.make_admin(Some(&owner.token), &user.email).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let answers = at_once(vec![
        app.request(
            Method::DELETE,
            &format!("/api/user/admin/{}", two.email),
            Some(&one.token),
        ),
        other.request(
            Method::DELETE,
            &format!("/api/user/admin/{}", one.email),
            Some(&two.token),
        ),
    ])
    .await;
    no_server_errors(&answers);
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
}
