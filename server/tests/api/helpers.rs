//! Starts the real shop on a free port against a fresh database, and talks
//! to it over HTTP. `SHOP_TEST_DATABASE=postgres` runs the same tests on
//! PostgreSQL: each test gets a database of its own, dropped afterwards.

use std::io::Cursor;
use std::sync::atomic::{AtomicU64, Ordering};

use reqwest::header::CONTENT_TYPE;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::{json, Value};
use shop::{Application, Config};

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "admin-pass-123";
pub const PASSWORD: &str = "secret12";

/// A running shop and a client for it.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub config: Config,
    _data_dir: tempfile::TempDir,
    _database: Option<PostgresDatabase>,
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
    let app = Application::build(config.clone())
        .await
        .expect("the shop starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped(std::future::pending()));
    TestApp {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        config,
        _data_dir: data_dir,
        _database: database,
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

    pub async fn signup(&self, name: &str, email: &str, password: &str) -> Response {
        self.post_json(
            "/api/auth/signup",
            None,
            &json!({"name": name, "email": email, "password": password}),
        )
        .await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post_json(
            "/api/auth/login",
            None,
            &json!({"email": email, "password": password}),
        )
        .await
    }

    /// Signs up a new buyer with a unique e-mail.
    pub async fn new_user(&self) -> User {
        let email = unique_email("buyer");
        let name = "Test Buyer".to_owned();
        let response = self.signup(&name, &email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        User {
            email,
            name,
            token: body["token"].as_str().unwrap().to_owned(),
        }
    }

    /// Signs in as the admin account the shop creates at start.
    pub async fn admin(&self) -> User {
        let response = self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        User {
            email: ADMIN_EMAIL.into(),
            name: "Shop Admin".into(),
            token: body["token"].as_str().unwrap().to_owned(),
        }
    }

    /// Adds a part as the admin; answers its id.
    pub async fn add_part(&self, admin: &User, stock: i64, minimum: i64, price: &str) -> String {
        let body = json!({
            "name": "Front brake pads", "description": "Ceramic pads for the front axle.",
            "availableQuantity": stock, "minimumOrder": minimum, "price": price, "img": "/api/image/abc.jpg"
        });
        let response = self.post_json("/api/part", Some(&admin.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        body["insertedId"].as_str().unwrap().to_owned()
    }

    pub async fn part(&self, id: &str) -> Value {
        let response = self.get(&format!("/api/part/{id}"), None).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// Orders `quantity` units of a part as `user`.
    pub async fn order(&self, user: &User, part_id: &str, quantity: i64) -> Response {
        self.post_json(
            "/api/booking",
            Some(&user.token),
            &json!({"partId": part_id, "partOrder": quantity}),
        )
        .await
    }
}

/// Reads a JSON body and checks it is an error with a message.
pub async fn error_of(response: Response) -> Value {
    let body: Value = response.json().await.expect("a JSON error body");
    assert!(
        body["error"].as_str().is_some_and(|m| !m.is_empty()),
        "no error message in {body}"
    );
    body
}

/// A PostgreSQL database made for one test and dropped after it.
pub struct PostgresDatabase {
    pub url: String,
    name: String,
    admin_url: String,
}

impl PostgresDatabase {
    async fn create() -> Self {
        use sqlx::Connection;
        let admin_url = std::env::var("SHOP_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let name = format!("shop_test_{}", uuid_like());
        let mut conn = sqlx::PgConnection::connect(&admin_url)
            .await
            .expect("PostgreSQL at SHOP_TEST_POSTGRES_URL");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .expect("create the test database");
        let base = admin_url
            .rsplit_once('/')
            .map(|(b, _)| b)
            .unwrap_or(&admin_url);
        PostgresDatabase {
            url: format!("{base}/{name}"),
            name,
            admin_url,
        }
    }
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime: use a thread with its own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                use sqlx::Connection;
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

fn uuid_like() -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().gen();
    format!("{n:016x}")
}
