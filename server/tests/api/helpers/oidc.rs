//! Google sign-in against a real OpenID Connect provider: the certified
//! `oidc-provider` package run by `tests/oidc/provider.mjs` on a free port,
//! and a browser (a client with a cookie jar) that goes through the
//! provider's own login and consent pages.

use std::io::{BufRead, BufReader, Read};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::{StatusCode, Url};
use serde_json::{json, Value};
use shop::Config;

use super::TestApp;

pub const CLIENT_ID: &str = "parts-garage";
pub const CLIENT_SECRET: &str = "parts-garage-test-secret";
pub const CALLBACK_PATH: &str = "/api/auth/google/callback";

/// A person with an account at the provider.
pub struct ProviderAccount<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub email_verified: bool,
}

/// A free port on 127.0.0.1 for a shop whose address must be known before it
/// starts (the provider is told its callback address first).
///
/// The port is free when it is chosen, but the shop binds it a second or two
/// later, once the provider is up. A port the system hands out (`:0`, and
/// every outgoing connection) comes from its ephemeral range, 32768 and up on
/// Linux, where another test could be given it meanwhile; so the port is
/// picked at random below that range, where only another pick like this one
/// can land.
pub fn free_port() -> u16 {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    (0..1000)
        .map(|_| rng.gen_range(20_000..32_000))
        .find(|port| TcpListener::bind(("127.0.0.1", *port)).is_ok())
        .expect("a free port below the ephemeral range")
}

/// The settings that turn Google sign-in on for a shop that will listen on
/// `port`, with `issuer` as its provider.
pub fn google_settings(port: u16, issuer: &str) -> impl FnOnce(&mut Config) {
    let issuer = issuer.to_owned();
    move |config| {
        config.listen = format!("127.0.0.1:{port}");
        config.public_url = format!("http://127.0.0.1:{port}");
        config.oidc_issuer = issuer;
        config.oidc_client_id = Some(CLIENT_ID.into());
        config.oidc_client_secret = Some(CLIENT_SECRET.into());
    }
}

/// The running `oidc-provider`; stopped when dropped.
pub struct RealProvider {
    pub issuer: String,
    child: Child,
}

fn provider_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oidc")
}

/// Runs `npm ci` in tests/oidc unless its packages are there. Test threads
/// wait on a mutex, and other test processes (the PostgreSQL run) on a file lock.
fn install_provider(dir: &Path) {
    static INSTALL: Mutex<()> = Mutex::new(());
    let installed = || dir.join("node_modules/oidc-provider/package.json").exists();
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    if installed() {
        return;
    }
    let lock = std::fs::File::create(std::env::temp_dir().join("shop-test-oidc-npm-ci.lock"))
        .expect("a lock file");
    lock.lock().expect("the npm ci lock");
    if installed() {
        return;
    }
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(dir)
        .status()
        .expect("npm runs (Node.js is needed for the sign-in tests)");
    assert!(status.success(), "npm ci in {} failed", dir.display());
}

impl RealProvider {
    /// Starts the provider with one client (the shop, redirecting to
    /// `redirect_uri`) and these accounts.
    pub async fn start(redirect_uri: &str, accounts: &[ProviderAccount<'_>]) -> Self {
        let mut args = vec![
            "provider.mjs".to_owned(),
            "--client-id".into(),
            CLIENT_ID.into(),
            "--client-secret".into(),
            CLIENT_SECRET.into(),
            "--redirect-uri".into(),
            redirect_uri.into(),
        ];
        for a in accounts {
            let account =
                json!({"email": a.email, "name": a.name, "email_verified": a.email_verified});
            args.extend(["--account".to_owned(), account.to_string()]);
        }
        tokio::task::spawn_blocking(move || {
            let dir = provider_dir();
            install_provider(&dir);
            // Now and then, on a loaded machine, Node stops before printing
            // that it is ready (its main thread waits on a lock for good): such
            // a provider is stopped and another one started.
            for _ in 0..PROVIDER_TRIES - 1 {
                if let Some(provider) = try_start(&dir, &args) {
                    return provider;
                }
            }
            try_start(&dir, &args).expect("the provider starts")
        })
        .await
        .unwrap()
    }
}

/// How many times a provider is started before the test gives up.
const PROVIDER_TRIES: usize = 3;
/// How long a provider may take to say it is ready.
const PROVIDER_READY_WITHIN: Duration = Duration::from_secs(20);

/// Starts one provider and waits for its "ready" line; None when it did not
/// come in time (the provider is stopped). Panics, with what it wrote, when
/// the provider stops before it is ready.
fn try_start(dir: &Path, args: &[String]) -> Option<RealProvider> {
    // Standard input stays open while the child lives: the provider exits
    // when it closes, even if this test process is killed.
    let child = Command::new("node")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts (Node.js is needed for the sign-in tests)");
    // Owned at once, so it is stopped whatever happens next.
    let mut provider = RealProvider {
        issuer: String::new(),
        child,
    };
    let errors = drain(provider.child.stderr.take().unwrap());
    let lines = lines_of(provider.child.stdout.take().unwrap());
    let deadline = std::time::Instant::now() + PROVIDER_READY_WITHIN;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                if let Some(issuer) = line.trim().strip_prefix("ready ") {
                    provider.issuer = issuer.to_owned();
                    return Some(provider);
                }
            }
            // Dropping the provider stops it.
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                eprintln!("the OpenID provider was not ready in time; starting another");
                return None;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                let _ = provider.child.wait();
                panic!(
                    "the provider stopped before it was ready:\n{}",
                    errors.lock().unwrap()
                );
            }
        }
    }
}

/// Reads a pipe to its end in a thread of its own, so the child never blocks
/// on a full pipe, passing each line on while someone listens.
fn lines_of(pipe: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut sender = Some(sender);
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if sender.as_ref().is_some_and(|s| s.send(line).is_err()) {
                sender = None;
            }
        }
    });
    lines
}

/// Reads a pipe to its end in a thread of its own, so the child never blocks
/// on a full pipe; answers what was read.
pub(super) fn drain(pipe: impl Read + Send + 'static) -> Arc<Mutex<String>> {
    let text = Arc::new(Mutex::new(String::new()));
    let sink = text.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            let mut sink = sink.lock().unwrap();
            sink.push_str(&line);
            sink.push('\n');
        }
    });
    text
}

impl Drop for RealProvider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser: its own cookies, redirects followed one at a time so each can be looked at.
pub struct Browser {
    pub client: reqwest::Client,
}

impl Default for Browser {
    fn default() -> Self {
        Browser {
            client: reqwest::Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap(),
        }
    }
}

/// Where a redirect answer points, as an absolute URL.
pub fn location(from: &Url, response: &reqwest::Response) -> Url {
    let location = response
        .headers()
        .get("location")
        .unwrap_or_else(|| panic!("{} answered {} without a Location", from, response.status()))
        .to_str()
        .unwrap();
    from.join(location).unwrap()
}

/// One query parameter of a URL.
pub fn query_param(url: &Url, name: &str) -> Option<String> {
    url.query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// `url` with the query parameter `name` set to `value`.
pub fn with_param(url: &Url, name: &str, value: &str) -> Url {
    let pairs: Vec<(String, String)> = url
        .query_pairs()
        .map(|(k, v)| {
            let v = if k == name {
                value.to_owned()
            } else {
                v.into_owned()
            };
            (k.into_owned(), v)
        })
        .collect();
    let mut changed = url.clone();
    changed.query_pairs_mut().clear().extend_pairs(pairs);
    changed
}

/// The `action` of the form on a provider's page.
fn form_action(page: &str) -> &str {
    let start = page
        .find("action=\"")
        .expect("a form on the provider's page")
        + 8;
    let end = start + page[start..].find('"').unwrap();
    &page[start..end]
}

impl Browser {
    /// `GET /api/auth/google/start?redirect=...`.
    pub async fn start(&self, app: &TestApp, redirect: &str) -> reqwest::Response {
        let mut url = Url::parse(&app.url("/api/auth/google/start")).unwrap();
        url.query_pairs_mut().append_pair("redirect", redirect);
        self.client.get(url).send().await.expect("request sent")
    }

    /// Starts a sign-in and answers the provider's authorization URL.
    pub async fn start_at_provider(&self, app: &TestApp, redirect: &str) -> Url {
        let response = self.start(app, redirect).await;
        assert_eq!(
            response.status(),
            StatusCode::FOUND,
            "start answers a redirect"
        );
        location(response.url(), &response)
    }

    /// Goes through the provider's pages from `url`, signing in as `login`
    /// and consenting, until the provider sends the browser back to the shop;
    /// answers that callback URL (not yet opened).
    pub async fn through_provider(&self, url: Url, login: &str) -> Url {
        let mut next = url;
        for _ in 0..20 {
            if next.path() == CALLBACK_PATH {
                return next;
            }
            let response = self.client.get(next.clone()).send().await.unwrap();
            let response = if response.status().is_redirection() {
                response
            } else {
                assert_eq!(response.status(), StatusCode::OK, "at {next}");
                let page = response.text().await.unwrap();
                let action = next.join(form_action(&page)).unwrap();
                let form: Vec<(&str, &str)> = if page.contains("name=\"login\"") {
                    vec![
                        ("prompt", "login"),
                        ("login", login),
                        ("password", "any password"),
                    ]
                } else {
                    vec![("prompt", "consent")]
                };
                self.client.post(action).form(&form).send().await.unwrap()
            };
            assert!(
                response.status().is_redirection(),
                "{} answered {}",
                response.url(),
                response.status()
            );
            next = location(response.url(), &response);
        }
        panic!("the provider never sent the browser back to the shop");
    }

    /// Opens the shop's callback URL; answers where the shop sends the browser.
    pub async fn callback(&self, url: &Url) -> Url {
        let response = self.client.get(url.clone()).send().await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::FOUND,
            "the callback answers a redirect"
        );
        assert_eq!(
            response.headers()["cache-control"],
            "no-store",
            "sign-in answers are never cached"
        );
        location(response.url(), &response)
    }

    /// The whole sign-in: start, the provider's pages, the callback.
    /// Answers where the shop finally sends the browser.
    pub async fn sign_in(&self, app: &TestApp, redirect: &str, login: &str) -> Url {
        let at_provider = self.start_at_provider(app, redirect).await;
        let callback = self.through_provider(at_provider, login).await;
        self.callback(&callback).await
    }

    /// `POST /api/auth/google/exchange {code}`.
    pub async fn exchange(&self, app: &TestApp, code: &str) -> reqwest::Response {
        self.client
            .post(app.url("/api/auth/google/exchange"))
            .json(&json!({ "code": code }))
            .send()
            .await
            .expect("request sent")
    }

    /// Collects the token of a sign-in that ended at `/login/google?code=...`.
    pub async fn collect(&self, app: &TestApp, landed: &Url) -> Value {
        assert_eq!(landed.path(), "/login/google", "signed in: {landed}");
        let code = query_param(landed, "code").expect("a hand-off code");
        let response = self.exchange(app, &code).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }
}

/// Where a refused sign-in lands: `/login?google_error=REASON`; answers REASON.
pub fn refusal(landed: &Url) -> String {
    assert_eq!(landed.path(), "/login", "refused: {landed}");
    query_param(landed, "google_error").expect("a google_error")
}
