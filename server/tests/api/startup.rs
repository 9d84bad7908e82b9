//! What the shop sets up as it starts: files only its own user can read.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

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
