//! The real `shop` binary as a child process of its own, for what only a
//! process shows: being killed, sharing a database with another, its
//! memory.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

use super::{ADMIN_EMAIL, ADMIN_PASSWORD};

/// A `shop serve` child process, killed when dropped.
pub struct ShopProcess {
    pub child: Child,
    pub address: String,
    client: reqwest::Client,
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
        // Reads the log to its end, so the pipe never fills and stalls the shop.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(at) = line.find("shop listening on http://") {
                    let rest = &line[at + "shop listening on ".len()..];
                    let url = rest.split_whitespace().next().unwrap_or_default();
                    let _ = found.send(url.to_owned());
                }
            }
        });
        let address = address
            .recv_timeout(Duration::from_secs(30))
            .expect("the shop logs its address");
        ShopProcess {
            child,
            address,
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

    /// A client for requests of a test's own making.
    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

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

impl Drop for ShopProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
