//! Starts the real shop on a free port against a fresh database, and talks
//! to it over HTTP. `SHOP_TEST_DATABASE=postgres` runs the same tests on
//! PostgreSQL: each test gets a database of its own, dropped afterwards.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use reqwest::header::CONTENT_TYPE;
use reqwest::{Method, RequestBuilder, Response};
use serde_json::Value;
use shop::{Application, Config};

mod checks;
mod endpoints;
mod mail;
mod nginx;
mod oidc;
mod oidc_stand_in;
mod payments;
mod postgres;
mod process;
mod smtp;
mod stripe_stand_in;

pub use checks::*;
pub use mail::*;
pub use nginx::Nginx;
pub use oidc::*;
pub use oidc_stand_in::{Defect, StandInProvider};
pub use payments::*;
pub use postgres::PostgresDatabase;
pub use process::{ShopClient, ShopProcess};
pub use smtp::*;
pub use stripe_stand_in::{StripeStandIn, STRIPE_SECRET_KEY};

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "admin-pass-123";
pub const PASSWORD: &str = "secret12";

/// A running shop and a client for it.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub config: Config,
    // Shared with other shops started on the same database (`restart_with`).
    data_dir: Arc<tempfile::TempDir>,
    database: Option<Arc<PostgresDatabase>>,
    running: Running,
}

/// How to stop a shop (`TestApp::stop`); left alone, it runs until the test ends.
struct Running {
    stop: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
    served: Mutex<Option<tokio::task::JoinHandle<std::io::Result<()>>>>,
}

/// A signed-in test user.
#[derive(Clone, Debug)]
pub struct User {
    pub email: String,
    pub name: String,
    pub token: String,
}

/// Whether this run uses PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var("SHOP_TEST_DATABASE").is_ok_and(|v| v == "postgres")
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts a shop with the test defaults changed by `configure`.
pub async fn spawn_app_with(configure: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("a temporary folder");
    let mut config = Config::defaults(data_dir.path());
    config.admin_email = ADMIN_EMAIL.into();
    config.admin_password = Some(ADMIN_PASSWORD.into());
    config.web_dir = data_dir.path().join("no-web-app");
    let database = if on_postgres() {
        Some(PostgresDatabase::create().await)
    } else {
        None
    };
    if let Some(db) = &database {
        config.database_url = Some(db.url.clone());
    }
    configure(&mut config);
    start(config, Arc::new(data_dir), database.map(Arc::new)).await
}

async fn start(
    config: Config,
    data_dir: Arc<tempfile::TempDir>,
    database: Option<Arc<PostgresDatabase>>,
) -> TestApp {
    let app = Application::build(config.clone())
        .await
        .expect("the shop starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(app.run_until_stopped(async move {
        // Only `stop` stops it: dropping the TestApp leaves it running.
        if stopped.await.is_err() {
            std::future::pending::<()>().await;
        }
    }));
    TestApp {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        config,
        data_dir,
        database,
        running: Running {
            stop: Mutex::new(Some(stop)),
            served: Mutex::new(Some(served)),
        },
    }
}

/// A fresh e-mail address for each call.
pub fn unique_email(prefix: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!(
        "{prefix}{}@example.com",
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

impl TestApp {
    /// Starts another shop on this one's database and data folder, as a
    /// restart would, with its settings changed by `configure`.
    pub async fn restart_with(&self, configure: impl FnOnce(&mut Config)) -> TestApp {
        let mut config = self.config.clone();
        configure(&mut config);
        start(config, self.data_dir.clone(), self.database.clone()).await
    }

    /// Stops the shop as SIGTERM would: it stops accepting, finishes the
    /// requests in flight and its background tasks (the hold sweep, the mail
    /// worker) end. Its database and data folder stay for `restart_with`.
    pub async fn stop(&self) {
        let stop = self.running.stop.lock().unwrap().take();
        let served = self.running.served.lock().unwrap().take();
        if let (Some(stop), Some(served)) = (stop, served) {
            let _ = stop.send(());
            tokio::time::timeout(std::time::Duration::from_secs(20), served)
                .await
                .expect("the shop stops within 20 s")
                .expect("the shop's task ends")
                .expect("the shop stops cleanly");
        }
    }

    /// The shop's own PostgreSQL database (None on SQLite).
    pub fn postgres(&self) -> Option<&PostgresDatabase> {
        self.database.as_deref()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// A request with an optional bearer token.
    pub fn request(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        let builder = self.client.request(method, self.url(path));
        match token {
            Some(t) => builder.bearer_auth(t),
            None => builder,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::GET, path, token)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn send_json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Response {
        self.request(method, path, token)
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn post_json(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        self.send_json(Method::POST, path, token, body).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::DELETE, path, token)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn put_json(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        self.send_json(Method::PUT, path, token, body).await
    }

    /// A request with a body sent as is, with the given content type.
    pub async fn send_raw(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        content_type: &str,
        body: impl Into<reqwest::Body>,
    ) -> Response {
        self.request(method, path, token)
            .header(CONTENT_TYPE, content_type)
            .body(body)
            .send()
            .await
            .expect("request sent")
    }

    /// Runs one SQL statement on the shop's database. On SQLite the parts
    /// it writes are then written into the word index, as the shop does
    /// for the parts it writes itself (D61).
    pub async fn execute_sql(&self, sql: &str) {
        use sqlx::Executor;
        let db = shop::Db::connect(&self.config.database_url())
            .await
            .expect("the shop's database");
        db.pool.execute(sql).await.expect("the statement runs");
        // The shop's own write transaction (IMMEDIATE on SQLite): one begun
        // deferred would read the marks first, and its upgrade to a write
        // fails at once while the shop under test is writing.
        let (_turn, mut tx) = db.begin_write().await.expect("a write transaction");
        shop::catalogue::search::index_marked_parts(&db, &mut tx)
            .await
            .expect("the word index written");
        tx.commit().await.expect("the word index committed");
        db.pool.close().await;
    }

    /// Another program's write transaction on the shop's database, open
    /// until the caller commits or rolls it back: on SQLite it holds the
    /// database's write lock from the start (`BEGIN IMMEDIATE`); on
    /// PostgreSQL the rows its statements write or lock stay locked.
    pub async fn write_transaction(&self) -> sqlx::AnyConnection {
        use sqlx::{Connection, Executor};
        sqlx::any::install_default_drivers();
        let url = self.config.database_url();
        let mut conn = sqlx::AnyConnection::connect(&url)
            .await
            .expect("a connection");
        let begin = if url.starts_with("sqlite:") {
            "BEGIN IMMEDIATE"
        } else {
            "BEGIN"
        };
        conn.execute(begin).await.expect("a write transaction");
        conn
    }

    /// Runs one `SELECT COUNT(*) ...` on the shop's database.
    pub async fn count_sql(&self, sql: &str) -> i64 {
        let db = shop::Db::connect(&self.config.database_url())
            .await
            .expect("the shop's database");
        let count = sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(&db.pool)
            .await
            .expect("the count runs");
        db.pool.close().await;
        count
    }
}
