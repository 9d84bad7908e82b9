//! The audit log: every admin action leaves a record of who, when, what
//! and how it stood before and after; the log is filtered and paged, read
//! only, and for admins only.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// The audit log as `query` filters it: its records and `X-Total-Count`.
async fn audit(app: &TestApp, admin: &User, query: &str) -> (Vec<Value>, i64) {
    let response = app
        .get(&format!("/api/admin/audit{query}"), Some(&admin.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let total = response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    (response.json().await.unwrap(), total)
}

/// The newest record of `action` on `subject_id`.
async fn last(app: &TestApp, admin: &User, action: &str, subject_id: &str) -> Value {
    let (records, total) = audit(
        app,
        admin,
        &format!("?action={action}&subjectId={}", urlencode(subject_id)),
    )
    .await;
    assert!(total >= 1, "no {action} record for {subject_id}");
    records[0].clone()
}

fn urlencode(text: &str) -> String {
    text.replace('@', "%40").replace('/', "%2F")
}

async fn admin_move(app: &TestApp, admin: &User, id: &str, action: &str) {
    let response = app
        .request(
            Method::POST,
            &format!("/api/admin/orders/{id}/{action}"),
            Some(&admin.token),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{action}");
}

/// A paid order of the part by `buyer`; answers its id.
async fn paid_order(app: &TestApp, buyer: &User, part_id: &str) -> String {
    let order = app.place_order(buyer, part_id, 2).await;
    let id = order["_id"].as_str().unwrap().to_owned();
    let transaction = app.pay_with_test_card(buyer, &id).await;
    let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    id
}

#[tokio::test]
async fn every_admin_action_is_recorded_with_who_what_before_and_after() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;

    // Parts: added, edited, restocked, deleted.
    let id = app
        .add_part_with(&admin, json!({"sku": "AUD-1", "availableQuantity": 10}))
        .await;
    let added = last(&app, &admin, "part.added", &id).await;
    assert_eq!(added["byEmail"], admin.email);
    assert_eq!(added["subjectType"], "part");
    assert_eq!(added["before"], Value::Null);
    assert_eq!(added["after"]["sku"], "AUD-1");
    assert_eq!(added["after"]["priceCents"], 3499);
    assert!(added["at"].as_str().unwrap().ends_with('Z'));

    let response = app
        .put_part(Some(&admin.token), &id, &json!({"name": "Rear pads"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let edited = last(&app, &admin, "part.edited", &id).await;
    assert_eq!(edited["before"]["name"], "Front brake pads");
    assert_eq!(edited["after"]["name"], "Rear pads");
    assert_eq!(edited["after"]["availableQuantity"], 10);

    // An edit that changes nothing records nothing.
    let response = app
        .put_part(Some(&admin.token), &id, &json!({"name": "Rear pads"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (_, edits) = audit(&app, &admin, &format!("?action=part.edited&subjectId={id}")).await;
    assert_eq!(edits, 1);

    let response = app
        .post_json(
            &format!("/api/part/{id}/restock"),
            Some(&admin.token),
            &json!({"quantity": 5}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let restocked = last(&app, &admin, "part.restocked", &id).await;
    assert_eq!(restocked["before"]["availableQuantity"], 10);
    assert_eq!(restocked["after"]["availableQuantity"], 15);

    // Orders: shipped, delivered, cancelled, refunded.
    let shipped = paid_order(&app, &buyer, &id).await;
    admin_move(&app, &admin, &shipped, "ship").await;
    let record = last(&app, &admin, "order.shipped", &shipped).await;
    assert_eq!(record["subjectType"], "order");
    assert_eq!(record["before"]["fulfilmentStatus"], "pending");
    assert_eq!(record["after"]["fulfilmentStatus"], "shipped");
    admin_move(&app, &admin, &shipped, "deliver").await;
    let record = last(&app, &admin, "order.delivered", &shipped).await;
    assert_eq!(record["after"]["fulfilmentStatus"], "delivered");

    let refunded = paid_order(&app, &buyer, &id).await;
    admin_move(&app, &admin, &refunded, "refund").await;
    let record = last(&app, &admin, "order.refunded", &refunded).await;
    assert_eq!(record["before"]["paymentStatus"], "paid");
    assert_eq!(record["after"]["paymentStatus"], "refunded");

    let order = app.place_order(&buyer, &id, 2).await;
    let cancelled = order["_id"].as_str().unwrap().to_owned();
    admin_move(&app, &admin, &cancelled, "cancel").await;
    let record = last(&app, &admin, "order.cancelled", &cancelled).await;
    assert_eq!(record["after"]["fulfilmentStatus"], "cancelled");

    // A buyer's own cancel is not an admin action.
    let order = app.place_order(&buyer, &id, 2).await;
    let own = order["_id"].as_str().unwrap().to_owned();
    let response = app.cancel_order(Some(&buyer.token), &own).await;
    assert!(response.status().is_success());
    let (_, total) = audit(&app, &admin, &format!("?subjectType=order&subjectId={own}")).await;
    assert_eq!(total, 0);

    let response = app.delete_part(Some(&admin.token), &id).await;
    assert_eq!(response.status(), StatusCode::OK);
    let deleted = last(&app, &admin, "part.deleted", &id).await;
    assert_eq!(deleted["before"]["name"], "Rear pads");
    assert_eq!(deleted["after"], Value::Null);

    // A user made admin.
    let response = app.make_admin(Some(&admin.token), &buyer.email).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "user.madeAdmin", &buyer.email).await;
    assert_eq!(record["before"]["role"], "user");
    assert_eq!(record["after"]["role"], "admin");

    // Settings: delivery methods, the counter, tax rates.
    let body = json!({
        "name": "Standard", "description": "2–4 days",
        "basePrice": 5.95, "pricePerKg": "0.50", "freeOver": 150
    });
    let response = app
        .post_json("/api/admin/shipping-methods", Some(&admin.token), &body)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let method: Value = response.json().await.unwrap();
    let method_id = method["_id"].as_str().unwrap().to_owned();
    let record = last(&app, &admin, "deliveryMethod.added", &method_id).await;
    assert_eq!(record["after"]["name"], "Standard");
    let path = format!("/api/admin/shipping-methods/{method_id}");
    let body = json!({
        "name": "Express", "description": "1 day",
        "basePrice": 9.95, "pricePerKg": "0.50", "freeOver": 150
    });
    let response = app.put_json(&path, Some(&admin.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "deliveryMethod.edited", &method_id).await;
    assert_eq!(
        (&record["before"]["name"], &record["after"]["name"]),
        (&json!("Standard"), &json!("Express"))
    );
    let response = app.delete(&path, Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "deliveryMethod.deleted", &method_id).await;
    assert_eq!(record["before"]["name"], "Express");
    assert_eq!(record["after"], Value::Null);

    let response = app
        .put_json(
            "/api/admin/counter",
            Some(&admin.token),
            &json!({"name": "Depot", "country": "CA"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "counter.changed", "counter").await;
    assert_eq!(record["before"]["name"], "Trade counter");
    assert_eq!(record["after"]["name"], "Depot");

    let body = json!({"country": "us", "region": "CA", "name": "CA tax", "ratePercent": 7.25});
    let response = app
        .post_json("/api/admin/tax-rates", Some(&admin.token), &body)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let rate: Value = response.json().await.unwrap();
    let rate_id = rate["_id"].as_str().unwrap();
    let subject = format!("taxRates/{rate_id}");
    let record = last(&app, &admin, "taxRates.changed", &subject).await;
    assert_eq!(record["before"], Value::Null);
    assert_eq!(record["after"]["name"], "CA tax");
    let path = format!("/api/admin/tax-rates/{rate_id}");
    let body = with(body, "ratePercent", Some(json!(8)));
    let response = app.put_json(&path, Some(&admin.token), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "taxRates.changed", &subject).await;
    assert_eq!(record["before"]["ratePercent"], 7.25);
    assert_eq!(record["after"]["ratePercent"], 8.0);
    let response = app.delete(&path, Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "taxRates.changed", &subject).await;
    assert_eq!(record["after"], Value::Null);

    // Everything was done by the admin; the filters narrow it down.
    let (_, all) = audit(&app, &admin, "").await;
    let (_, by_admin) = audit(&app, &admin, &format!("?by={}", urlencode(&admin.email))).await;
    assert_eq!(all, by_admin);
    assert_eq!(all, 16);
    let (_, parts) = audit(&app, &admin, &format!("?subjectType=part&subjectId={id}")).await;
    assert_eq!(parts, 4);
    let (_, nobody) = audit(&app, &admin, "?by=nobody%40example.com").await;
    assert_eq!(nobody, 0);
}

#[tokio::test]
async fn the_log_is_paged_newest_first_and_filtered_by_time() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(
            app.add_part_with(&admin, json!({"sku": format!("PAGE-{n}")}))
                .await,
        );
    }
    let (page, total) = audit(&app, &admin, "?limit=2&offset=1").await;
    assert_eq!(total, 5);
    let subjects: Vec<&str> = page
        .iter()
        .map(|r| r["subjectId"].as_str().unwrap())
        .collect();
    assert_eq!(subjects, [ids[3].as_str(), ids[2].as_str()]);

    let (all, _) = audit(&app, &admin, "").await;
    let first_at = all.last().unwrap()["at"].as_str().unwrap().to_owned();
    let (_, from_first) = audit(&app, &admin, &format!("?from={first_at}")).await;
    assert_eq!(from_first, 5);
    let (_, before_first) = audit(&app, &admin, &format!("?to={first_at}")).await;
    assert_eq!(before_first, 0);
    let (_, future) = audit(&app, &admin, "?from=2999-01-01T00:00:00Z").await;
    assert_eq!(future, 0);
    let (_, past) = audit(&app, &admin, "?to=2000-01-01T00:00:00%2B02:00").await;
    assert_eq!(past, 0);
}

#[tokio::test]
async fn wrong_filters_are_named() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = app
        .get(
            "/api/admin/audit?action=part.burned&subjectType=car&from=yesterday&limit=0",
            Some(&admin.token),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    for field in ["action", "subjectType", "from", "limit"] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
}

#[tokio::test]
async fn only_admins_read_the_log_and_no_one_can_change_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    app.add_part(&admin, 5, 1, "10").await;
    let response = app.get("/api/admin/audit", Some(&buyer.token)).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let response = app.get("/api/admin/audit", None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // There is no route that edits or deletes a record.
    let (records, _) = audit(&app, &admin, "").await;
    let id = records[0]["id"].as_str().unwrap();
    for method in [Method::PUT, Method::PATCH, Method::DELETE] {
        for path in [
            "/api/admin/audit".to_owned(),
            format!("/api/admin/audit/{id}"),
        ] {
            let response = app
                .request(method.clone(), &path, Some(&admin.token))
                .json(&json!({"action": "part.deleted"}))
                .send()
                .await
                .unwrap();
            assert!(
                [StatusCode::NOT_FOUND, StatusCode::METHOD_NOT_ALLOWED]
                    .contains(&response.status()),
                "{method} {path}: {}",
                response.status()
            );
        }
    }
    let (after, total) = audit(&app, &admin, "").await;
    assert_eq!((after, total), (records, 1));
}

#[tokio::test]
async fn the_database_itself_refuses_to_change_or_delete_a_record() {
    use sqlx::Executor;
    let app = spawn_app().await;
    let admin = app.admin().await;
    app.add_part(&admin, 5, 1, "10").await;
    let db = shop::Db::connect(&app.config.database_url())
        .await
        .expect("the shop's database");
    let mut statements = vec![
        "UPDATE audit_log SET actor_email = 'someone@example.com'",
        "DELETE FROM audit_log",
    ];
    if on_postgres() {
        statements.push("TRUNCATE audit_log");
    }
    for sql in statements {
        let refused = db.pool.execute(sql).await.expect_err(sql);
        assert!(
            refused.to_string().contains("append-only"),
            "{sql}: {refused}"
        );
    }
    db.pool.close().await;
    let (records, total) = audit(&app, &admin, "").await;
    assert_eq!(total, 1);
    assert_eq!(records[0]["byEmail"], ADMIN_EMAIL);
}

#[tokio::test]
async fn making_an_admin_at_the_command_line_and_exporting_the_catalogue_are_recorded() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["make-admin", &user.email])
        .env_clear()
        .env("SHOP_DATA_DIR", &app.config.data_dir)
        .env(
            "SHOP_DATABASE_URL",
            app.config.database_url.clone().unwrap_or_default(),
        )
        .output()
        .expect("the shop binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record = last(&app, &admin, "user.madeAdmin", &user.email).await;
    assert_eq!(record["byEmail"], "command line");
    assert_eq!(record["byId"], "0");
    assert_eq!(record["before"], json!({"role": "user"}));
    assert_eq!(record["after"], json!({"role": "admin"}));

    app.add_part(&admin, 5, 1, "10").await;
    let response = app.get("/api/admin/parts/export", Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record = last(&app, &admin, "parts.exported", "export").await;
    assert_eq!(record["byEmail"], ADMIN_EMAIL);
    assert_eq!(record["subjectType"], "catalogue");
    assert_eq!(record["after"], json!({"parts": 1}));
}

/// The Audit Log page offers each action and subject in its filters, in
/// words: a new action the page does not know would be missing from them.
#[test]
fn the_web_apps_audit_filters_know_every_action_and_subject() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/features/admin/diff.ts");
    let page = std::fs::read_to_string(&path).expect("the web app's Audit Log filters");
    for action in shop::audit::ACTIONS {
        assert!(
            page.matches(&format!("'{action}'")).count() >= 2,
            "{action} is not in AUDIT_ACTIONS and ACTION_LABELS of {}",
            path.display()
        );
    }
    for subject in shop::audit::SUBJECTS {
        assert!(
            page.contains(&format!("'{subject}'")),
            "{subject} is not in SUBJECT_TYPES"
        );
    }
}
