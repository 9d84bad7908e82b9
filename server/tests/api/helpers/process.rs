//! The real `shop` binary as a child process of its own, for what only a
//! process shows: being killed, sharing a database with another, its
//! memory.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

use super::{ADMIN_EMAIL, ADMIN_PASSWORD};

/// A `shop serve` child process, killed when dropped; its requests
/// (`ShopClient`) are reached through it.
pub struct ShopProcess {
    pub child: Child,
    http: ShopClient,
    /// Every line it has logged so far.
    log: Arc<Mutex<Vec<String>>>,
}

/// Requests to a shop at `address`: a process of the test's own, or a load
/// balancer in front of several.
pub struct ShopClient {
    pub address: String,
    client: reqwest::Client,
}

impl std::ops::Deref for ShopProcess {
    type Target = ShopClient;

    fn deref(&self) -> &ShopClient {
        &self.http
    }
}

impl ShopProcess {
    /// Starts the binary on a free port; waits until it listens.
    pub fn start(data_dir: &Path, database_url: Option<&str>) -> ShopProcess {
        Self::start_with(data_dir, database_url, &[])
    }

    /// `start`, with these settings (environment variables) as well.
    pub fn start_with(
        data_dir: &Path,
        database_url: Option<&str>,
        settings: &[(&str, &str)],
    ) -> ShopProcess {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shop"));
        command
            .arg("serve")
            .env("SHOP_LISTEN", "127.0.0.1:0")
            .env("SHOP_DATA_DIR", data_dir)
            .env("SHOP_WEB_DIR", data_dir.join("no-web-app"))
            .env("SHOP_ADMIN_EMAIL", ADMIN_EMAIL)
            .env("SHOP_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("SHOP_DEMO_DATA", "false")
            .env("SHOP_AUTH_RATE_LIMIT", "0")
            .env("SHOP_TOKEN_SECRET", "faults-test-secret-faults-test-secret")
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "warn,shop=info")
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        match database_url {
            Some(url) => command.env("SHOP_DATABASE_URL", url),
            None => command.env_remove("SHOP_DATABASE_URL"),
        };
        command.envs(settings.iter().copied());
        let mut child = command.spawn().expect("the shop binary starts");
        let stdout = child.stdout.take().unwrap();
        let (found, address) = mpsc::channel();
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = log.clone();
        // Reads the log to its end, so the pipe never fills and stalls the shop.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(at) = line.find("shop listening on http://") {
                    let rest = &line[at + "shop listening on ".len()..];
                    // Text logs end the address with a space, JSON ones with a quote.
                    let url = rest
                        .split(|c: char| c.is_whitespace() || c == '"')
                        .next()
                        .unwrap_or_default();
                    let _ = found.send(url.to_owned());
                }
                kept.lock().unwrap().push(line);
            }
        });
        let address = address
            .recv_timeout(Duration::from_secs(30))
            .expect("the shop logs its address");
        ShopProcess {
            child,
            http: ShopClient::new(&address),
            log,
        }
    }
}

impl ShopClient {
    pub fn new(address: &str) -> ShopClient {
        ShopClient {
            address: address.to_owned(),
            client: reqwest::Client::new(),
        }
    }

    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> reqwest::Result<reqwest::Response> {
        let mut request = self
            .client
            .post(format!("{}{path}", self.address))
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.timeout(Duration::from_secs(20)).send().await
    }

    pub async fn token(&self, path: &str, body: Value) -> String {
        let response = self.post(path, None, body).await.unwrap();
        assert!(
            response.status().is_success(),
            "{path}: {}",
            response.status()
        );
        response.json::<Value>().await.unwrap()["token"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    pub async fn admin_token(&self) -> String {
        let body = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
        self.token("/api/auth/login", body).await
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> reqwest::Result<reqwest::Response> {
        self.client
            .get(format!("{}{path}", self.address))
            .timeout(Duration::from_secs(20))
            .send()
            .await
    }

    /// A client for requests of a test's own making.
    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }
}

impl ShopProcess {
    /// The most memory the process has held so far (`VmHWM`), in KiB.
    pub fn peak_memory_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the process's status");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM in the process's status")
    }
}

impl ShopProcess {
    /// The lines it has logged so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// Sends it SIGTERM, as a service manager stops it.
    pub fn terminate(&self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.expect("kill runs").success());
    }

    /// Waits for it to exit, at most `within`; its exit status.
    pub async fn exited(&mut self, within: Duration) -> std::process::ExitStatus {
        let deadline = std::time::Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("the process's status") {
                return status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the shop did not exit within {within:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for ShopProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
