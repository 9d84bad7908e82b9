//! The sales dashboard: its figures against orders placed and paid through
//! the API, every one of the last 30 days present, admins only, and every
//! query answered from an index.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::orders::dashboard::Statements;
use shop::Backend;
use sqlx::Row;

use crate::helpers::*;

async fn dashboard(app: &TestApp, admin: &User) -> Value {
    let response = app.get("/api/admin/dashboard", Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// An order of `quantity` units of the part, paid with the test card;
/// answers its id.
async fn paid(app: &TestApp, buyer: &User, part: &str, quantity: i64) -> String {
    let order = app.place_order(buyer, part, quantity).await;
    let id = order["_id"].as_str().unwrap().to_owned();
    let transaction = app.pay_with_test_card(buyer, &id).await;
    let response = app.pay_order(Some(&buyer.token), &id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);
    id
}

async fn admin_move(app: &TestApp, admin: &User, id: &str, action: &str) -> Value {
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
    response.json().await.unwrap()
}

/// An order's total in cents, as its buyer sees it.
async fn total_cents(app: &TestApp, buyer: &User, id: &str) -> i64 {
    (app.order_of(buyer, id).await["total"].as_f64().unwrap() * 100.0).round() as i64
}

#[tokio::test]
async fn the_figures_are_those_of_the_orders_placed() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let a = app
        .add_part_with(
            &admin,
            json!({"sku": "DASH-A", "name": "Alternator", "price": "50.00",
                "availableQuantity": 100, "minimumOrder": 1}),
        )
        .await;
    let b = app
        .add_part_with(
            &admin,
            json!({"sku": "DASH-B", "name": "Belt", "price": "25.50",
                "availableQuantity": 100, "minimumOrder": 1}),
        )
        .await;
    let c = app
        .add_part_with(
            &admin,
            json!({"sku": "DASH-C", "name": "Cap", "availableQuantity": 3, "reorderLevel": 5}),
        )
        .await;

    // Nothing sold yet: 30 days of zeros.
    let empty = dashboard(&app, &admin).await;
    let days = empty["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    let today = time::OffsetDateTime::now_utc().date();
    assert_eq!(days[29]["date"], today.to_string());
    assert_eq!(
        days[0]["date"],
        (today - time::Duration::days(29)).to_string()
    );
    assert!(days.iter().all(|d| d["orders"] == 0 && d["revenue"] == 0.0));
    assert_eq!(empty["topByUnits"], json!([]));

    let o1 = paid(&app, &buyer, &a, 3).await;
    let o2 = paid(&app, &buyer, &b, 3).await;
    app.place_order(&buyer, &a, 1).await; // unpaid
    let o4 = paid(&app, &buyer, &b, 1).await;
    admin_move(&app, &admin, &o4, "ship").await;
    let o5 = paid(&app, &buyer, &a, 2).await;
    admin_move(&app, &admin, &o5, "refund").await;

    let paid_cents = total_cents(&app, &buyer, &o1).await
        + total_cents(&app, &buyer, &o2).await
        + total_cents(&app, &buyer, &o4).await;
    let refunded_cents = total_cents(&app, &buyer, &o5).await;

    let figures = dashboard(&app, &admin).await;
    let days = figures["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    assert_eq!(days[29]["orders"], 5);
    assert_eq!(days[29]["revenue"], json!(paid_cents as f64 / 100.0));
    assert!(days[..29]
        .iter()
        .all(|d| d["orders"] == 0 && d["revenue"] == 0.0));
    assert_eq!(
        figures["orders"],
        json!({"paid": 2, "unpaid": 1, "shipped": 1})
    );
    // B: 4 units for 102.00; A: 3 units (the refunded 2 do not count) for 150.00.
    let top = |list: &Value| -> Vec<(String, i64, f64)> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["sku"].as_str().unwrap().to_owned(),
                    p["units"].as_i64().unwrap(),
                    p["revenue"].as_f64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(
        top(&figures["topByUnits"]),
        [("DASH-B".into(), 4, 102.0), ("DASH-A".into(), 3, 150.0)]
    );
    assert_eq!(
        top(&figures["topByRevenue"]),
        [("DASH-A".into(), 3, 150.0), ("DASH-B".into(), 4, 102.0)]
    );
    assert_eq!(figures["topByUnits"][1]["partId"], a);
    assert_eq!(figures["topByUnits"][1]["name"], "Alternator");
    assert_eq!(
        figures["lowStock"],
        json!([{"_id": c, "sku": "DASH-C", "name": "Cap",
            "availableQuantity": 3, "reorderLevel": 5}])
    );
    assert_eq!(figures["lowStockCount"], 1);
    assert_eq!(
        figures["refunds"],
        json!({"count": 1, "amount": refunded_cents as f64 / 100.0})
    );
}

#[tokio::test]
async fn only_admins_see_the_dashboard() {
    let app = spawn_app().await;
    let buyer = app.new_user().await;
    let response = app.get("/api/admin/dashboard", Some(&buyer.token)).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let response = app.get("/api/admin/dashboard", None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

/// Each statement's query plan, one line per step (sequential scans
/// priced out on PostgreSQL, so the plan shows whether an index can answer).
async fn plans(app: &TestApp) -> Vec<String> {
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let mut conn = db.pool.acquire().await.unwrap();
    if db.backend == Backend::Postgres {
        sqlx::query("SET enable_seqscan = off")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let statements = Statements::new("2026-01-01T00:00:00.000000Z");
    let mut plans = Vec::new();
    for statement in statements.all() {
        let (sql, values) = db.sql(statement);
        let (explain, column) = match db.backend {
            Backend::Sqlite => (format!("EXPLAIN QUERY PLAN {sql}"), 3),
            Backend::Postgres => (format!("EXPLAIN {sql}"), 0),
        };
        let rows = sqlx::query_with(&explain, values)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
        let lines: Vec<String> = rows.iter().map(|r| r.get::<String, _>(column)).collect();
        plans.push(lines.join("\n"));
    }
    drop(conn);
    db.pool.close().await;
    plans
}

/// 20,000 orders, each with a line, and 2,000 refunds written straight into
/// the database, nearly all of them long before the dashboard's days.
async fn many_orders(app: &TestApp) {
    let series = if on_postgres() {
        "SELECT i FROM generate_series(1, 20000) AS s(i)"
    } else {
        "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 20000) SELECT i FROM s"
    };
    app.execute_sql(&format!(
        "INSERT INTO bookings (part_id, part_name, unit_price_cents, quantity, price_cents, \
         buyer_id, buyer_email, buyer_name, created_at, updated_at, payment_status, total_cents) \
         SELECT i % 100, 'Part', 100, 1, 100, 1, 'b@example.com', 'B', \
         CASE WHEN i % 500 = 0 THEN '2026-06-01T00:00:00.000000Z' ELSE '2020-01-01T00:00:00.000000Z' END, 't', \
         CASE i % 3 WHEN 0 THEN 'paid' WHEN 1 THEN 'unpaid' ELSE 'refunded' END, 100 FROM ({series}) AS n"
    ))
    .await;
    app.execute_sql(
        "INSERT INTO booking_lines (booking_id, position, part_id, part_name, unit_price_cents, quantity, price_cents) \
         SELECT id, 0, part_id, 'Part', 100, 1, 100 FROM bookings",
    )
    .await;
    app.execute_sql(
        "INSERT INTO refunds (id, booking_id, payment_id, amount_cents, currency, status, created_at) \
         SELECT 're_' || id, id, 'pi_' || id, 100, 'usd', 'succeeded', created_at FROM bookings \
         WHERE id % 10 = 0",
    )
    .await;
    if on_postgres() {
        app.execute_sql("ANALYZE").await;
    }
}

#[tokio::test]
async fn every_figure_is_read_from_an_index() {
    let app = spawn_app().await;
    many_orders(&app).await;
    let plans = plans(&app).await;
    // The top parts: the paid orders of the days by their index, and
    // their lines by theirs (booking_id).
    let lines = if on_postgres() {
        "booking_lines_position_key"
    } else {
        "sqlite_autoindex_booking_lines_1"
    };
    // Each statement's indexes, each `a|b` where the planner may take either.
    let paid_days = "bookings_payment_created_idx|bookings_created_idx";
    let expected: [&[&str]; 6] = [
        &["bookings_created_idx"],
        &[paid_days, lines],
        &[paid_days, lines],
        &["parts_low_stock_idx"],
        &["parts_low_stock_idx"],
        &["refunds_created_idx"],
    ];
    for (plan, indexes) in plans.iter().zip(expected) {
        for index in indexes {
            assert!(
                index.split('|').any(|i| plan.contains(i)),
                "{index} is not used:\n{plan}"
            );
        }
        // The low-stock index holds only the parts low on stock: SQLite's
        // "SCAN" of it reads those, not the catalogue.
        let full_scan = plan.lines().any(|l| {
            let l = l.trim();
            let partial = l.ends_with("INDEX parts_low_stock_idx");
            l.contains("Seq Scan") || (l.starts_with("SCAN ") && !partial)
        });
        assert!(!full_scan, "a table is read whole:\n{plan}");
    }
}

/// No index of the parts holds their stock, so taking an order's stock
/// writes no index entry: on PostgreSQL the new row version stays on its
/// page (a heap-only update), and orders of a busy part do not wait on
/// index writes while its row is locked. The low-stock index holds the
/// generated `low_stock` instead, which changes only when a part crosses
/// its reorder level.
#[tokio::test]
async fn taking_stock_writes_no_index_entry() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id: i64 = app.add_part(&admin, 100, 1, "5.00").await.parse().unwrap();
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let indexes = match db.backend {
        Backend::Postgres => "SELECT indexdef FROM pg_indexes WHERE tablename = 'parts'",
        Backend::Sqlite => {
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'parts' \
             AND sql IS NOT NULL"
        }
    };
    let indexes: Vec<String> = sqlx::query_scalar(indexes)
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert!(indexes.iter().any(|i| i.contains("parts_low_stock_idx")));
    for index in &indexes {
        assert!(!index.contains("available_quantity"), "{index}");
    }
    if db.backend == Backend::Postgres {
        let mut tx = db.pool.begin().await.unwrap();
        shop::catalogue::stock::take(&db, &mut tx, &[(id, 1)])
            .await
            .unwrap();
        let (updated, heap_only): (i64, i64) = sqlx::query_as(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables \
             WHERE relname = 'parts'",
        )
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        assert_eq!((updated, heap_only), (1, 1), "a heap-only update");
        tx.rollback().await.unwrap();
    }
    db.pool.close().await;
}
