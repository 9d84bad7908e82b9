//! `shop backup FILE` (issue #6): a consistent copy of the SQLite database
//! taken while orders come in; PostgreSQL is pointed at pg_dump.

use std::process::Command;

use futures::future::join_all;
use reqwest::StatusCode;

use crate::helpers::*;

/// Opens a copy of the database and counts with one query.
async fn count_in(file: &std::path::Path, sql: &str) -> i64 {
    let db = shop::Db::connect(&format!("sqlite://{}", file.display()))
        .await
        .expect("the copy opens");
    let count = sqlx::query_scalar::<_, i64>(sql)
        .fetch_one(&db.pool)
        .await
        .expect("the count runs");
    db.pool.close().await;
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_orders_come_in_is_whole_and_consistent() {
    if on_postgres() {
        return;
    }
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 1000, 1, "2.50").await;
    let buyer = app.new_user().await;
    app.place_order(&buyer, &part, 3).await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("copy.db");

    let orders = join_all((0..20).map(|_| app.order(&buyer, &part, 2)));
    let config = app.config.clone();
    let (answers, copied) = tokio::join!(orders, shop::app::backup::backup(&config, &file));
    copied.expect("the backup is written");
    assert!(answers.iter().all(|r| r.status() == StatusCode::CREATED));

    let units = "SELECT COALESCE(SUM(quantity), 0) FROM bookings WHERE status <> 'cancelled'";
    let stock = "SELECT available_quantity FROM parts";
    let ordered = count_in(&file, units).await;
    assert!(ordered >= 3, "the order placed before the backup is in it");
    assert_eq!(
        ordered + count_in(&file, stock).await,
        1000,
        "stock + ordered = start"
    );
    assert_eq!(count_in(&file, "SELECT COUNT(*) FROM users").await, 2);
    println!("backup taken during 20 orders holds {ordered} ordered units");
}

#[tokio::test]
async fn a_backup_never_overwrites_a_file() {
    if on_postgres() {
        return;
    }
    let app = spawn_app().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("taken.db");
    std::fs::write(&file, "precious").unwrap();
    let error = shop::app::backup::backup(&app.config, &file)
        .await
        .unwrap_err();
    assert!(error.to_string().contains("already exists"), "{error}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
}

#[tokio::test]
async fn the_backup_command_copies_the_database_and_names_pg_dump_for_postgres() {
    let app = spawn_app().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("shop-backup.db");
    let out = Command::new(env!("CARGO_BIN_EXE_shop"))
        .arg("backup")
        .arg(&file)
        .env_clear()
        .env("SHOP_DATA_DIR", &app.config.data_dir)
        .env(
            "SHOP_DATABASE_URL",
            app.config.database_url.clone().unwrap_or_default(),
        )
        .output()
        .expect("the shop binary runs");
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    if on_postgres() {
        assert!(!out.status.success());
        assert!(said.contains("pg_dump"), "{said}");
        assert!(!file.exists());
    } else {
        assert!(out.status.success(), "{said}");
        assert_eq!(count_in(&file, "SELECT COUNT(*) FROM users").await, 1);
    }
}

/// Runs `shop ARGS…` on the data folder `dir`; answers whether it succeeded
/// and what it said.
fn shop_command(dir: &std::path::Path, args: &[&std::ffi::OsStr]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(args)
        .env_clear()
        .env("SHOP_DATA_DIR", dir)
        .output()
        .expect("the shop binary runs");
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    (out.status.success(), said)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_restores_into_a_new_shop_with_every_order_acknowledged_before_it() {
    if on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let unlimited = [
        ("SHOP_MAX_UNPAID_ORDERS", "0"),
        ("SHOP_MAX_UNPAID_UNITS", "0"),
    ];
    let shop = ShopProcess::start_with(dir.path(), None, &unlimited);
    let admin = shop.admin_token().await;
    let part = serde_json::json!({"name": "Pads", "description": "Front", "img": "/api/image/x.jpg",
        "price": 20, "availableQuantity": 1000, "minimumOrder": 1});
    let response = shop.post("/api/part", Some(&admin), part).await.unwrap();
    let part: serde_json::Value = response.json().await.unwrap();
    let part = part["insertedId"].as_str().unwrap().to_owned();
    let buyer = shop
        .token(
            "/api/auth/signup",
            serde_json::json!({"name": "Buyer", "email": unique_email("restore"), "password": PASSWORD}),
        )
        .await;
    let order = || async {
        let body = serde_json::json!({"partId": part, "partOrder": 1});
        let response = shop.post("/api/booking", Some(&buyer), body).await.ok()?;
        if response.status() != StatusCode::CREATED {
            return None;
        }
        let body: serde_json::Value = response.json().await.ok()?;
        Some(body["booking"]["_id"].as_str()?.to_owned())
    };
    let mut acknowledged = Vec::new();
    for _ in 0..10 {
        acknowledged.push(order().await.expect("an order before the backup"));
    }
    // The backup is taken while orders keep coming in.
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("shop.db");
    let backup = {
        let (dir, file) = (dir.path().to_owned(), file.clone());
        tokio::task::spawn_blocking(move || shop_command(&dir, &["backup".as_ref(), file.as_ref()]))
    };
    let during = join_all((0..20).map(|_| order())).await;
    let (backed_up, said) = backup.await.unwrap();
    assert!(backed_up, "{said}");
    assert!(during.iter().all(Option::is_some));

    // Never under a running shop.
    let (restored, said) = shop_command(dir.path(), &["restore".as_ref(), file.as_ref()]);
    assert!(!restored);
    assert!(said.contains("a shop is running"), "{said}");
    // Not a file that is no backup.
    let junk = folder.path().join("junk.db");
    std::fs::write(&junk, "not a database").unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let (restored, said) = shop_command(elsewhere.path(), &["restore".as_ref(), junk.as_ref()]);
    assert!(!restored);
    assert!(said.contains("is not a backup of this shop"), "{said}");

    // Into a new shop: every order acknowledged before the backup started is there.
    let (restored, said) = shop_command(elsewhere.path(), &["restore".as_ref(), file.as_ref()]);
    assert!(restored, "{said}");
    let new_shop = ShopProcess::start(elsewhere.path(), None);
    for id in &acknowledged {
        let response = new_shop
            .client()
            .get(format!("{}/api/booking/{id}", new_shop.address))
            .bearer_auth(&buyer)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "order {id}");
    }
    drop(new_shop);

    // Over the old shop's database once it has stopped: that one is kept.
    drop(shop);
    let (restored, said) = shop_command(dir.path(), &["restore".as_ref(), file.as_ref()]);
    assert!(restored, "{said}");
    let kept = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("shop.db.before-restore-")
        });
    assert!(kept, "{said}");
}

#[tokio::test]
async fn scheduled_backups_are_taken_and_only_the_newest_kept() {
    if on_postgres() {
        return;
    }
    let app = spawn_app_with(|config| {
        config.backup_every = Some(std::time::Duration::from_millis(300));
        config.backup_keep = 2;
    })
    .await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 10, 1, "4.00").await;
    let buyer = app.new_user().await;
    app.place_order(&buyer, &part, 2).await;
    let folder = app.config.data_dir.join("backups");
    let taken = || -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .map(|dir| dir.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "db"));
        files.sort();
        files
    };
    // Five periods: more backups than are kept.
    tokio::time::sleep(std::time::Duration::from_millis(1800)).await;
    let files = taken();
    assert_eq!(files.len(), 2, "{files:?}");
    // Read from a copy: the shop deletes it in turn as newer ones come.
    let copy = tempfile::tempdir().unwrap();
    let newest = copy.path().join("newest.db");
    std::fs::copy(files.last().unwrap(), &newest).unwrap();
    let units = "SELECT COALESCE(SUM(quantity), 0) FROM bookings";
    assert_eq!(
        count_in(&newest, units).await,
        2,
        "the order is in the newest backup"
    );
}
