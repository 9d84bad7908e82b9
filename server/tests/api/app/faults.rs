//! Faults (issue #6): the real `shop` binary killed with SIGKILL in the middle
//! of a burst of orders loses no answered order and half-writes none; two
//! shop processes on one PostgreSQL never sell a unit twice.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

impl ShopProcess {
    async fn buyer_token(&self) -> String {
        let body = json!({"name": "Buyer", "email": unique_email("burst"), "password": PASSWORD});
        self.token("/api/auth/signup", body).await
    }

    async fn add_part(&self, admin: &str, stock: i64) -> String {
        let body = with(part_body(), "availableQuantity", Some(json!(stock)));
        let body = with(body, "minimumOrder", Some(json!(1)));
        let response = self.post("/api/part", Some(admin), body).await.unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        body["insertedId"].as_str().unwrap().to_owned()
    }

    /// Orders `quantity` units; answers the new order's id when it was answered 201.
    async fn order(&self, buyer: &str, part: &str, quantity: i64) -> Option<String> {
        let body = json!({"partId": part, "partOrder": quantity});
        let response = self.post("/api/booking", Some(buyer), body).await.ok()?;
        if response.status() != StatusCode::CREATED {
            return None;
        }
        let body: Value = response.json().await.ok()?;
        Some(body["booking"]["_id"].as_str()?.to_owned())
    }
}

async fn scalar(db: &shop::Db, sql: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql)
        .fetch_one(&db.pool)
        .await
        .expect("the query runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shop_killed_mid_burst_keeps_every_answered_order_and_no_half_written_one() {
    if on_postgres() {
        return;
    }
    const STOCK: i64 = 100_000;
    const FIRED: usize = 300;
    let data = tempfile::tempdir().unwrap();
    let shop = ShopProcess::start(data.path(), None);
    let admin = shop.admin_token().await;
    let part = shop.add_part(&admin, STOCK).await;
    let buyers = join_all((0..6).map(|_| shop.buyer_token())).await;

    let done = AtomicUsize::new(0);
    let burst = join_all((0..FIRED).map(|i| {
        let (shop, buyer, part) = (&shop, &buyers[i % buyers.len()], &part);
        let done = &done;
        async move {
            let id = shop.order(buyer, part, 1 + (i % 3) as i64).await;
            done.fetch_add(1, Ordering::SeqCst);
            id
        }
    }));
    let pid = shop.child.id().to_string();
    let killer = async {
        // Once a sixth of the orders are answered, the rest are in flight.
        while done.load(Ordering::SeqCst) < FIRED / 6 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // SIGKILL: no graceful shutdown, no flush.
        let killed = Command::new("kill").args(["-9", &pid]).status();
        assert!(killed.expect("kill runs").success());
    };
    let (answered, ()) = tokio::join!(burst, killer);
    let answered: Vec<String> = answered.into_iter().flatten().collect();
    drop(shop);

    let shop = ShopProcess::start(data.path(), None);
    let db = shop::Db::connect(&format!(
        "sqlite://{}",
        data.path().join("shop.db").display()
    ))
    .await
    .unwrap();
    let mut missing = 0;
    for id in &answered {
        let sql = format!(
            "SELECT COUNT(*) FROM bookings WHERE id = {}",
            id.parse::<i64>().unwrap()
        );
        if scalar(&db, &sql).await != 1 {
            missing += 1;
        }
    }
    let found = scalar(&db, "SELECT COUNT(*) FROM bookings").await;
    let half_written = scalar(
        &db,
        "SELECT COUNT(*) FROM bookings WHERE price_cents <> unit_price_cents * quantity OR quantity < 1",
    )
    .await;
    let units = scalar(
        &db,
        "SELECT COALESCE(SUM(quantity), 0) FROM bookings WHERE status <> 'cancelled'",
    )
    .await;
    let stock = scalar(&db, "SELECT available_quantity FROM parts").await;
    println!(
        "kill -9 mid-burst: {FIRED} orders fired, {} answered 201, {found} found after restart, \
         {missing} answered but missing, {half_written} half-written, stock {stock} + ordered {units} = {} (start {STOCK})",
        answered.len(),
        stock + units
    );
    assert!(answered.len() < FIRED, "the shop died mid-burst");
    assert_eq!(missing, 0);
    assert_eq!(half_written, 0);
    assert!(found >= answered.len() as i64);
    assert_eq!(stock + units, STOCK, "no unit lost or made up");
    // The restarted shop serves on.
    let buyer = shop.buyer_token().await;
    assert!(shop.order(&buyer, &part, 1).await.is_some());
    db.pool.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shop_processes_on_one_postgresql_never_oversell() {
    if !on_postgres() {
        return;
    }
    const STOCK: i64 = 40;
    const FIRED: usize = 120;
    let database = PostgresDatabase::create().await;
    let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let first = ShopProcess::start(one.path(), Some(&database.url));
    let second = ShopProcess::start(two.path(), Some(&database.url));
    let admin = first.admin_token().await;
    let part = first.add_part(&admin, STOCK).await;
    let buyers = join_all((0..8).map(|_| first.buyer_token())).await;

    let answered = join_all((0..FIRED).map(|i| {
        let shop = if i % 2 == 0 { &first } else { &second };
        let (buyer, part) = (&buyers[i % buyers.len()], &part);
        async move { shop.order(buyer, part, 1).await }
    }))
    .await;
    let sold = answered.iter().flatten().count() as i64;
    let db = shop::Db::connect(&database.url).await.unwrap();
    let units = scalar(
        &db,
        "SELECT COALESCE(SUM(quantity), 0)::BIGINT FROM bookings WHERE status <> 'cancelled'",
    )
    .await;
    let stock = scalar(&db, "SELECT available_quantity::BIGINT FROM parts").await;
    db.pool.close().await;
    let oversold = (units - STOCK).max(0);
    println!(
        "two processes, one PostgreSQL: {FIRED} one-unit orders fired at {STOCK} units, {sold} answered 201, \
         {units} units in orders, {stock} left, {oversold} oversold"
    );
    assert_eq!(sold, STOCK);
    assert_eq!(units, STOCK);
    assert_eq!(stock, 0);
}
