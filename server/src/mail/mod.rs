//! The shop's e-mail: `enqueue` stores a message on the caller's transaction
//! and `link` makes the shop's public links for messages.
//!
//! STAND-IN, to be replaced by the real outbox: this version keeps no outbox
//! table and has no sender. `enqueue` writes the message at once to
//! `<data folder>/mail/<timestamp>-<n>.eml` (headers `To`, `Subject`,
//! `Content-Type`, then the text part), which is what the real module writes
//! when no SMTP server is configured, and logs it. Its signatures are the
//! real module's.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use sqlx::AnyConnection;

use crate::state::AppState;

/// One message the shop sends; each variant has its own template.
#[derive(Debug, Clone)]
pub enum Message {
    /// The link that proves an account's address (valid 48 hours).
    VerifyEmail { name: String, link: String },
    /// The link that chooses a new password (valid 1 hour, once).
    PasswordReset { name: String, link: String },
    /// The account's password was changed or reset.
    PasswordChanged { name: String },
}

impl Message {
    /// The subject line and the text part.
    fn render(&self) -> (String, String) {
        match self {
            Message::VerifyEmail { name, link } => (
                "Confirm your e-mail address".into(),
                format!(
                    "Hello {name},\n\nPlease confirm your e-mail address by opening this link \
                     within 48 hours:\n\n{link}\n\nIf you did not make an account, ignore this message.\n"
                ),
            ),
            Message::PasswordReset { name, link } => (
                "Reset your password".into(),
                format!(
                    "Hello {name},\n\nChoose a new password by opening this link within one hour; \
                     it works once:\n\n{link}\n\nIf you did not ask for this, ignore this message: \
                     your password stays as it is.\n"
                ),
            ),
            Message::PasswordChanged { name } => (
                "Your password was changed".into(),
                format!(
                    "Hello {name},\n\nThe password of your account was just changed, and every \
                     other session was signed out.\n\nIf this was not you, reset your password \
                     at once with \"Forgot password?\" on the login page.\n"
                ),
            ),
        }
    }
}

/// Stores `message` for `to` on the caller's connection/transaction, so it is
/// sent only if what caused it commits. (Stand-in: writes the `.eml` file at
/// once, into the data folder of the shop whose database `conn` is on, even
/// if the transaction is later rolled back.)
pub async fn enqueue(conn: &mut AnyConnection, to: &str, message: Message) -> sqlx::Result<()> {
    let database = database_identity(conn).await?;
    let folder = FOLDERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&database)
        .cloned();
    let (subject, text) = message.render();
    tracing::info!(to = ?to, subject = ?subject, "mail: message written (no outbox yet)");
    let Some(folder) = folder else {
        return Ok(());
    };
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let stamp = time::OffsetDateTime::now_utc()
        .format(time::macros::format_description!(
            "[year][month][day]T[hour][minute][second].[subsecond digits:6]Z"
        ))
        .map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    let name = format!("{stamp}-{:06}.eml", NEXT.fetch_add(1, Ordering::Relaxed));
    let file = format!(
        "To: {to}\r\nSubject: {subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        text.replace('\n', "\r\n")
    );
    tokio::fs::create_dir_all(&folder).await?;
    tokio::fs::write(folder.join(name), file).await?;
    Ok(())
}

/// The shop's public address for links in messages.
pub fn link(state: &AppState, path_and_query: &str) -> String {
    let base = state.config.public_url.trim().trim_end_matches('/');
    format!("{base}{path_and_query}")
}

/// Stand-in only: where each database's shop writes its messages, keyed by
/// `database_identity`, so several shops in one process (the tests) each
/// write into their own data folder.
static FOLDERS: std::sync::LazyLock<Mutex<HashMap<String, PathBuf>>> =
    std::sync::LazyLock::new(Default::default);

/// Stand-in only: the shop on `db` writes its messages under `data_dir/mail`.
pub async fn register(db: &crate::db::Db, data_dir: &Path) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let database = database_identity(&mut conn).await?;
    FOLDERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(database, data_dir.join("mail"));
    Ok(())
}

/// Which database a connection is on: SQLite's file, or PostgreSQL's name.
async fn database_identity(conn: &mut AnyConnection) -> sqlx::Result<String> {
    let sql = if conn.backend_name().eq_ignore_ascii_case("sqlite") {
        "SELECT file FROM pragma_database_list WHERE name = 'main'"
    } else {
        "SELECT current_database()::text"
    };
    sqlx::query_scalar::<_, String>(sql).fetch_one(conn).await
}
