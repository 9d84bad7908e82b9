//! What the shop checks and sets up as it starts: files only its own user can
//! read, and no test payments on a shop that people reach over https.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use reqwest::StatusCode;
use shop::{Application, Config};

use crate::helpers::*;

fn mode_of(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

#[tokio::test]
async fn the_data_folder_the_database_and_the_token_key_are_private_to_the_shops_user() {
    let app = spawn_app_with(|config| config.data_dir = config.data_dir.join("private/data")).await;
    // Something written, so SQLite has its write-ahead log open.
    app.new_user().await;
    let data = &app.config.data_dir;
    assert_eq!(mode_of(data), 0o700, "{}", data.display());
    assert_eq!(mode_of(&data.join("token-secret")), 0o600);
    if !on_postgres() {
        for file in ["shop.db", "shop.db-wal", "shop.db-shm"] {
            assert_eq!(mode_of(&data.join(file)), 0o600, "{file}");
        }
    }
}

#[tokio::test]
async fn an_https_shop_refuses_to_start_without_a_payment_provider_named() {
    let folder = tempfile::tempdir().unwrap();
    let mut config = Config::defaults(folder.path().join("data"));
    config.public_url = "https://shop.example".into();
    let refused = Application::build(config)
        .await
        .err()
        .expect("the shop refuses to start");
    let message = format!("{refused:#}");
    assert!(message.contains("SHOP_PAYMENT_PROVIDER"), "{message}");
    assert!(message.contains("https"), "{message}");
    assert!(
        !folder.path().join("data").exists(),
        "refused before anything was made"
    );
}

#[tokio::test]
async fn an_https_shop_starts_with_the_test_provider_when_it_is_named() {
    let app = spawn_app_with(|config| {
        config.public_url = "https://shop.example".into();
        config.payment_provider = "test".into();
    })
    .await;
    assert_eq!(app.health().await.status(), StatusCode::OK);
    assert_eq!(app.config().await["paymentProvider"], "test");
}

#[tokio::test]
async fn a_shop_on_http_uses_the_test_provider_unless_told_otherwise() {
    let app = spawn_app().await;
    assert!(app.config.payment_provider.is_empty());
    assert_eq!(app.config().await["paymentProvider"], "test");
}
