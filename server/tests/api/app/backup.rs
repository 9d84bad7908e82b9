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
