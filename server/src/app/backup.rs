//! `shop backup FILE`: a consistent copy of the SQLite database, taken while
//! the shop runs. `VACUUM INTO` reads one snapshot inside a transaction, so
//! orders written meanwhile are either wholly in the copy or not at all.

use std::path::Path;

use anyhow::Context;

use crate::core::config::Config;
use crate::core::db::{Backend, Db};

/// Copies the shop's SQLite database to `target`, which must not exist yet.
pub async fn backup(config: &Config, target: &Path) -> anyhow::Result<()> {
    let url = config.database_url();
    if !url.starts_with("sqlite:") {
        anyhow::bail!(
            "the shop runs on PostgreSQL: back it up with pg_dump (e.g. `pg_dump --format=custom \
             --file={} \"$SHOP_DATABASE_URL\"`) and restore with pg_restore",
            target.display()
        );
    }
    if target.exists() {
        anyhow::bail!("{} already exists: choose a new file", target.display());
    }
    let source = config.data_dir.join("shop.db");
    let default_file = config
        .database_url
        .as_deref()
        .is_none_or(|u| u.trim().is_empty());
    if default_file && !source.exists() {
        anyhow::bail!("there is no database at {} to back up", source.display());
    }
    let target_text = target
        .to_str()
        .context("the backup file's name must be valid UTF-8")?;
    let db = Db::connect_with(&url, config.pool_limits()).await?;
    debug_assert_eq!(db.backend, Backend::Sqlite);
    let copied = sqlx::query("VACUUM INTO ?")
        .bind(target_text.to_owned())
        .execute(&db.pool)
        .await
        .with_context(|| format!("cannot write the backup to {}", target.display()));
    db.pool.close().await;
    copied?;
    Ok(())
}
