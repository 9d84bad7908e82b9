//! Faults: the real `shop` binary killed with SIGKILL in the middle of a
//! burst of orders loses no answered order and half-writes none; two shop
//! processes on one PostgreSQL never sell a unit twice; three behind nginx
//! lose nothing when one of them is killed mid-load.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

impl ShopClient {
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

/// One buyer's order sent through the balancer: its status and, when it
/// was 201, the new order's id.
async fn order_through(
    client: &reqwest::Client,
    address: &str,
    buyer: &str,
    part: &str,
) -> (StatusCode, Option<String>) {
    let response = client
        .post(format!("{address}/api/booking"))
        .bearer_auth(buyer)
        .json(&json!({"partId": part, "partOrder": 1}))
        .timeout(Duration::from_secs(30))
        .send()
        .await
        .expect("nginx answers");
    let status = response.status();
    if status != StatusCode::CREATED {
        return (status, None);
    }
    let body: Value = response.json().await.expect("the new order");
    (status, body["booking"]["_id"].as_str().map(str::to_owned))
}

/// Waits until a killed process's port refuses connections: its sockets
/// are closed. (Its main thread shows as a zombie a moment before the
/// other threads, which hold the sockets, are gone.)
async fn gone(address: &str) {
    let address = address.trim_start_matches("http://").to_owned();
    let started = std::time::Instant::now();
    loop {
        match tokio::net::TcpStream::connect(&address).await {
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => return,
            _ => {}
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{address} still accepts"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_shops_behind_nginx_lose_no_order_when_one_is_killed_mid_load() {
    if !on_postgres() {
        // Several processes share one PostgreSQL; SQLite is one process's file.
        return;
    }
    const STOCK: i64 = 60;
    const WORKERS: usize = 12;
    const EACH: usize = 15;
    let database = PostgresDatabase::create().await;
    let dirs: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let settings = [
        ("SHOP_MAX_UNPAID_ORDERS", "0"),
        ("SHOP_MAX_UNPAID_UNITS", "0"),
        ("SHOP_TRUSTED_PROXIES", "127.0.0.1"),
    ];
    // The first applies the migrations; the others find them applied.
    let shops: Vec<ShopProcess> = dirs
        .iter()
        .map(|dir| ShopProcess::start_with(dir.path(), Some(&database.url), &settings))
        .collect();
    let upstreams: Vec<&str> = shops.iter().map(|shop| shop.address.as_str()).collect();
    let nginx = Nginx::balance(&upstreams).await;
    // Everything below goes through the balancer.
    let balancer = ShopClient::new(&nginx.address);
    let admin = balancer.admin_token().await;
    let part = balancer.add_part(&admin, STOCK).await;
    let buyers = join_all((0..WORKERS).map(|_| balancer.buyer_token())).await;

    let killed = std::sync::atomic::AtomicBool::new(false);
    let answered = AtomicUsize::new(0);
    let client = reqwest::Client::new();
    // Each worker places its orders one after another: a steady load, a
    // request of each in flight when the process dies.
    let load = join_all(buyers.iter().map(|buyer| {
        let (client, address, part) = (&client, &nginx.address, &part);
        let (killed, answered) = (&killed, &answered);
        async move {
            let mut seen = Vec::new();
            for _ in 0..EACH {
                let after_kill = killed.load(Ordering::SeqCst);
                let (status, id) = order_through(client, address, buyer, part).await;
                answered.fetch_add(1, Ordering::SeqCst);
                seen.push((after_kill, status, id));
            }
            seen
        }
    }));
    let victim = shops[1].child.id();
    let victim_address = shops[1].address.clone();
    let killer = async {
        while answered.load(Ordering::SeqCst) < WORKERS * EACH / 4 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let sent = Command::new("kill")
            .args(["-9", &victim.to_string()])
            .status();
        assert!(sent.expect("kill runs").success());
        gone(&victim_address).await;
        killed.store(true, Ordering::SeqCst);
    };
    let (seen, ()) = tokio::join!(load, killer);
    let seen: Vec<_> = seen.into_iter().flatten().collect();

    let count = |wanted: StatusCode| seen.iter().filter(|(_, s, _)| *s == wanted).count();
    let acknowledged: Vec<i64> = seen
        .iter()
        .filter_map(|(_, _, id)| id.as_ref().map(|id| id.parse().unwrap()))
        .collect();
    let (created, sold_out, cut) = (
        count(StatusCode::CREATED),
        count(StatusCode::CONFLICT),
        count(StatusCode::BAD_GATEWAY),
    );
    let db = shop::Db::connect(&database.url).await.unwrap();
    let listed: Vec<String> = acknowledged.iter().map(i64::to_string).collect();
    let found = scalar(
        &db,
        &format!(
            "SELECT COUNT(*) FROM bookings WHERE id IN ({})",
            if listed.is_empty() {
                "0".to_owned()
            } else {
                listed.join(",")
            }
        ),
    )
    .await;
    let units = scalar(
        &db,
        "SELECT COALESCE(SUM(quantity), 0)::BIGINT FROM bookings WHERE status <> 'cancelled'",
    )
    .await;
    let stock = scalar(&db, "SELECT available_quantity::BIGINT FROM parts").await;
    db.pool.close().await;
    println!(
        "three shops behind nginx, one killed mid-load: {} orders sent, {created} answered 201, \
         {sold_out} 409 sold out, {cut} 502 (in flight at the killed process); {found} of the \
         acknowledged found, {units} units in orders, {stock} left of {STOCK}",
        seen.len()
    );
    let unexpected: Vec<_> = seen
        .iter()
        .filter(|(_, s, _)| {
            ![
                StatusCode::CREATED,
                StatusCode::CONFLICT,
                StatusCode::BAD_GATEWAY,
            ]
            .contains(s)
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "answers other than 201/409/502: {unexpected:?}"
    );
    // No acknowledged order lost.
    assert_eq!(found, acknowledged.len() as i64);
    // No unit sold twice or lost: what the orders hold and what is left make the stock.
    assert!(stock >= 0);
    assert_eq!(units + stock, STOCK);
    // At most the requests in flight at the killed process were cut, and
    // none sent once it was gone.
    assert!(cut <= WORKERS, "{cut} requests cut");
    assert!(
        seen.iter()
            .all(|(after, s, _)| !after || *s != StatusCode::BAD_GATEWAY),
        "a request sent after the kill was answered 502; nginx logged:\n{}",
        nginx.errors()
    );
    assert!(
        seen.iter().any(|(after, _, _)| *after),
        "the load went on after the kill"
    );

    // The two left keep answering: reads and new orders through the balancer.
    let more = balancer.add_part(&admin, 100).await;
    for _ in 0..12 {
        let (status, _) = order_through(&client, &nginx.address, &buyers[0], &more).await;
        assert_eq!(status, StatusCode::CREATED);
        let page = client
            .get(format!("{}/api/part/{more}", nginx.address))
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), StatusCode::OK);
    }
}
