//! `shop backup FILE`: a consistent copy of the SQLite database, taken while
//! the shop runs. `VACUUM INTO` reads one snapshot inside a transaction, so
//! orders written meanwhile are either wholly in the copy or not at all.
//! With `SHOP_BACKUP_EVERY` the shop takes such copies itself into the data
//! folder's `backups/`, keeping the newest `SHOP_BACKUP_KEEP`.
//! `shop restore FILE` puts such a copy back, never under a running shop:
//! every shop holds a shared lock on its data folder's `shop.lock` while it
//! runs, and a restore takes it exclusively first.

use std::fs::File;
use std::path::{Path, PathBuf};

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
    file_name(target)?;
    let db = Db::connect_with(&url, config.pool_limits()).await?;
    debug_assert_eq!(db.backend, Backend::Sqlite);
    let copied = vacuum_into(&db, target).await;
    db.pool.close().await;
    copied?;
    Ok(())
}

/// A backup file's name as SQLite takes it.
fn file_name(file: &Path) -> anyhow::Result<&str> {
    file.to_str()
        .context("the backup file's name must be valid UTF-8")
}

/// Writes a consistent copy of `db` (SQLite) to `file`, which must not exist.
async fn vacuum_into(db: &Db, file: &Path) -> anyhow::Result<()> {
    sqlx::query("VACUUM INTO ?")
        .bind(file_name(file)?.to_owned())
        .execute(&db.pool)
        .await
        .with_context(|| format!("cannot write the backup to {}", file.display()))?;
    Ok(())
}

/// The lock file every shop process and a restore take in the data folder.
const LOCK_FILE: &str = "shop.lock";

/// Takes `dir`'s lock, shared (`exclusive` false: a shop serving, beside
/// others) or exclusive (a restore), without waiting. The lock lasts as long
/// as the file answered is open.
fn lock_dir(dir: &Path, exclusive: bool) -> std::io::Result<Option<File>> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(LOCK_FILE))?;
    let how = if exclusive {
        libc::LOCK_EX
    } else {
        libc::LOCK_SH
    };
    // SAFETY: flock only reads the descriptor, which `file` keeps open.
    let taken = unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&file), how | libc::LOCK_NB) };
    if taken == 0 {
        return Ok(Some(file));
    }
    let error = std::io::Error::last_os_error();
    if error.raw_os_error() == Some(libc::EWOULDBLOCK) {
        Ok(None)
    } else {
        Err(error)
    }
}

/// The data folder's lock, held by a serving shop for as long as it runs.
pub fn hold_data_dir(dir: &Path) -> anyhow::Result<File> {
    lock_dir(dir, false)
        .with_context(|| format!("cannot lock the data folder {}", dir.display()))?
        .ok_or_else(|| {
            anyhow::anyhow!(
                "a restore into {} is under way: start the shop once it is done",
                dir.display()
            )
        })
}

/// The data folder's lock, exclusive (created with the folder if need be),
/// for work no shop may serve beside: refused while one runs on `dir`,
/// saying `why`.
pub fn hold_data_dir_alone(dir: &Path, why: &str) -> anyhow::Result<File> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    lock_dir(dir, true)
        .with_context(|| format!("cannot lock the data folder {}", dir.display()))?
        .ok_or_else(|| {
            anyhow::anyhow!(
                "a shop is running on {}: stop it first ({why})",
                dir.display()
            )
        })
}

/// The SQLite file of a `sqlite://` address.
fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// What a restore did.
pub struct Restored {
    /// The database now in use.
    pub database: PathBuf,
    /// Where the database it replaced was moved, if there was one.
    pub replaced: Option<PathBuf>,
}

/// Puts the backup `source` in place of the shop's SQLite database. Refused
/// while any shop runs on the data folder, for a file that is not a backup
/// of this shop, and on PostgreSQL. The database it replaces (with its
/// write-ahead log) is renamed, never deleted.
pub async fn restore(config: &Config, source: &Path) -> anyhow::Result<Restored> {
    let url = config.database_url();
    let Some(database) = sqlite_file(&url) else {
        anyhow::bail!(
            "the shop runs on PostgreSQL: restore a pg_dump backup with pg_restore (e.g. \
             `pg_restore --clean --if-exists --dbname=\"$SHOP_DATABASE_URL\" {}`)",
            source.display()
        );
    };
    if !source.is_file() {
        anyhow::bail!("there is no backup at {}", source.display());
    }
    let _lock = hold_data_dir_alone(
        &config.data_dir,
        "a running shop's database is never overwritten",
    )?;
    check_backup(source).await?;
    let replaced = if database.exists() {
        let stamp = time::OffsetDateTime::now_utc()
            .format(time::macros::format_description!(
                "[year][month][day]T[hour][minute][second]"
            ))
            .unwrap_or_default();
        let kept = with_suffix(&database, &format!(".before-restore-{stamp}"));
        for extra in ["-wal", "-shm"] {
            let file = with_suffix(&database, extra);
            if file.exists() {
                std::fs::rename(&file, with_suffix(&kept, extra))?;
            }
        }
        std::fs::rename(&database, &kept)
            .with_context(|| format!("cannot move {} aside", database.display()))?;
        Some(kept)
    } else {
        None
    };
    let partial = with_suffix(&database, ".restoring");
    std::fs::copy(source, &partial).with_context(|| format!("cannot copy {}", source.display()))?;
    let copied = File::open(&partial)?;
    copied.sync_all()?;
    #[cfg(unix)]
    std::fs::set_permissions(
        &partial,
        std::os::unix::fs::PermissionsExt::from_mode(0o600),
    )?;
    std::fs::rename(&partial, &database)?;
    Ok(Restored { database, replaced })
}

/// `path` with `suffix` after its name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Refuses a file that is not an SQLite database of this shop (its table of
/// applied migrations is read, nothing is written).
async fn check_backup(source: &Path) -> anyhow::Result<()> {
    use sqlx::Connection;
    let not_a_backup = || format!("{} is not a backup of this shop", source.display());
    let url = format!("sqlite://{}?mode=ro", source.display());
    let mut conn = sqlx::SqliteConnection::connect(&url)
        .await
        .with_context(not_a_backup)?;
    let applied: Result<i64, sqlx::Error> =
        sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success")
            .fetch_one(&mut conn)
            .await;
    let _ = conn.close().await;
    match applied {
        Ok(n) if n > 0 => Ok(()),
        _ => Err(anyhow::anyhow!(not_a_backup())),
    }
}

/// Takes a backup every `SHOP_BACKUP_EVERY` into the data folder's
/// `backups/`, keeping the newest `SHOP_BACKUP_KEEP`, for as long as the shop
/// runs (SQLite only: PostgreSQL has pg_dump). A failure is logged and tried
/// again next time.
pub async fn run_schedule(db: Db, config: std::sync::Arc<Config>) {
    let Some(every) = config.backup_every else {
        return;
    };
    if db.backend != Backend::Sqlite {
        tracing::warn!("SHOP_BACKUP_EVERY backs up SQLite only; on PostgreSQL use pg_dump");
        return;
    }
    let folder = config.data_dir.join("backups");
    let keep = config.backup_keep.max(1) as usize;
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first tick is at once: the first backup comes one period after the start.
    tick.tick().await;
    loop {
        tick.tick().await;
        match scheduled(&db, &folder, keep).await {
            Ok(file) => tracing::info!(file = %file.display(), "backup taken"),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "scheduled backup not taken"),
        }
    }
}

/// One scheduled backup: written under a temporary name and renamed once
/// whole, so a stop halfway leaves no file that looks like a backup; then
/// the oldest beyond `keep` are deleted.
async fn scheduled(db: &Db, folder: &Path, keep: usize) -> anyhow::Result<PathBuf> {
    create_private_dir(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let stamp = time::OffsetDateTime::now_utc()
        .format(time::macros::format_description!(
            "[year][month][day]T[hour][minute][second].[subsecond digits:3]Z"
        ))
        .unwrap_or_default();
    let file = folder.join(format!("shop-{stamp}.db"));
    let partial = with_suffix(&file, ".partial");
    let _ = std::fs::remove_file(&partial);
    vacuum_into(db, &partial).await?;
    std::fs::rename(&partial, &file)?;
    let mut taken: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("shop-") && n.ends_with(".db"))
        })
        .collect();
    taken.sort();
    let extra = taken.len().saturating_sub(keep);
    for old in &taken[..extra] {
        std::fs::remove_file(old)
            .with_context(|| format!("cannot delete the old backup {}", old.display()))?;
    }
    Ok(file)
}

/// Creates `dir` (and any missing parents) readable by the shop's user only:
/// it holds the database and the token key. An existing folder is left as it is.
pub(super) fn create_private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}
