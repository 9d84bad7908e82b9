//! A real SMTP server for the mail tests: `tests/smtp/capture.py` (Python's
//! aiosmtpd, installed by `scripts/ensure-smtp-capture.sh`) on 127.0.0.1.
//! Each message it receives is kept as JSON (envelope, headers, and the text
//! and HTML parts as a mail program decodes them); `.eml` files the shop
//! writes without a mail server are read the same way (`read_eml`).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::oidc::drain;

/// A running capture server.
pub struct SmtpCapture {
    pub port: u16,
    dir: tempfile::TempDir,
    child: Child,
}

/// A message as it arrived.
#[derive(Debug, Clone)]
pub struct Mail(pub Value);

impl Mail {
    pub fn subject(&self) -> &str {
        self.0["subject"].as_str().unwrap_or_default()
    }
    pub fn to(&self) -> &str {
        self.0["to"].as_str().unwrap_or_default()
    }
    pub fn from(&self) -> &str {
        self.0["from"].as_str().unwrap_or_default()
    }
    /// The envelope's recipients (RCPT TO).
    pub fn recipients(&self) -> Vec<String> {
        self.0["rcptTos"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }
    pub fn text(&self) -> &str {
        self.0["text"].as_str().unwrap_or_default()
    }
    pub fn html(&self) -> &str {
        self.0["html"].as_str().unwrap_or_default()
    }
    /// Its `Message-ID` header, or "" without one.
    pub fn message_id(&self) -> &str {
        self.0["messageId"].as_str().unwrap_or_default()
    }
    /// Whether it has a text part and an HTML part.
    pub fn has_both_parts(&self) -> bool {
        !self.0["text"].is_null() && !self.0["html"].is_null()
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// The python that has aiosmtpd: `SHOP_TEST_SMTP_PYTHON`, or the venv the
/// project's script sets up (once per run; other test processes wait on a
/// file lock).
fn python() -> PathBuf {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    static INSTALL: Mutex<()> = Mutex::new(());
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    PYTHON
        .get_or_init(|| {
            if let Ok(python) = std::env::var("SHOP_TEST_SMTP_PYTHON") {
                return python.into();
            }
            let lock = std::fs::File::create(std::env::temp_dir().join("shop-test-smtp-venv.lock"))
                .expect("a lock file");
            lock.lock().expect("the venv lock");
            let out = Command::new(root().join("scripts/ensure-smtp-capture.sh"))
                .output()
                .expect(
                    "scripts/ensure-smtp-capture.sh runs (Python 3 is needed for the mail tests)",
                );
            assert!(
                out.status.success(),
                "scripts/ensure-smtp-capture.sh failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
        })
        .clone()
}

impl SmtpCapture {
    /// Starts a capture server on a free port.
    pub async fn start() -> Self {
        Self::start_on(0).await
    }

    /// Starts a capture server on `port` (0: any free one).
    pub async fn start_on(port: u16) -> Self {
        Self::start_with(port, Duration::ZERO).await
    }

    /// Starts a capture server on a free port that answers each message
    /// `delay` after it has kept it, as a slow mail server does.
    pub async fn start_slow(delay: Duration) -> Self {
        Self::start_with(0, delay).await
    }

    async fn start_with(port: u16, delay: Duration) -> Self {
        tokio::task::spawn_blocking(move || {
            let python = python();
            let dir = tempfile::tempdir().expect("a folder for the mail");
            // Standard input stays open while the child lives: the server
            // exits when it closes, even if this test process is killed.
            let child = Command::new(python)
                .arg(root().join("server/tests/smtp/capture.py"))
                .args(["--dir", &dir.path().display().to_string()])
                .args(["--port", &port.to_string()])
                .args(["--delay", &delay.as_secs_f64().to_string()])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the SMTP capture server starts");
            let mut capture = SmtpCapture {
                port: 0,
                dir,
                child,
            };
            let errors = drain(capture.child.stderr.take().unwrap());
            let mut stdout = BufReader::new(capture.child.stdout.take().unwrap());
            let mut line = String::new();
            while stdout.read_line(&mut line).unwrap_or(0) > 0 {
                if let Some(port) = line.trim().strip_prefix("listening on ") {
                    capture.port = port.parse().expect("a port");
                    drain(stdout);
                    return capture;
                }
                line.clear();
            }
            let _ = capture.child.wait();
            panic!(
                "the SMTP capture server stopped before it listened:\n{}",
                errors.lock().unwrap()
            );
        })
        .await
        .unwrap()
    }

    /// The shop's `SHOP_SMTP_URL` for this server.
    pub fn url(&self) -> String {
        smtp_url(self.port)
    }

    /// Every message received so far, in order.
    pub fn messages(&self) -> Vec<Mail> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .expect("the mail folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        let messages: Vec<Mail> = files
            .iter()
            .map(|f| Mail(serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()))
            .collect();
        // Every message of every kind the tests make carries its own Message-ID
        // (RFC 5322 §3.6.4): large providers refuse mail without one.
        for mail in &messages {
            assert!(
                has_message_id(mail),
                "a message without a proper Message-ID: {:?} {:?}",
                mail.subject(),
                mail.message_id()
            );
        }
        messages
    }

    /// Forgets every message that has arrived so far.
    pub fn clear(&self) {
        for entry in std::fs::read_dir(self.dir.path()).unwrap().flatten() {
            if entry.path().extension().is_some_and(|e| e == "json") {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }

    /// Waits (up to 20 s) until at least `n` messages have arrived; answers them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Mail> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let messages = self.messages();
            if messages.len() >= n {
                return messages;
            }
            assert!(
                Instant::now() < deadline,
                "{n} messages were expected, {} arrived: {messages:?}",
                messages.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits (up to 20 s) for a message to `to` whose subject contains `subject`.
    pub async fn wait_for_mail(&self, to: &str, subject: &str) -> Mail {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let found = self
                .messages()
                .into_iter()
                .find(|m| m.recipients().iter().any(|r| r == to) && m.subject().contains(subject));
            if let Some(mail) = found {
                return mail;
            }
            assert!(
                Instant::now() < deadline,
                "no message to {to} about {subject:?}; arrived: {:?}",
                self.messages()
                    .iter()
                    .map(|m| (m.recipients(), m.subject().to_owned()))
                    .collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpCapture {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `mail` has a `Message-ID` of the form `<left@sender's domain>`.
pub fn has_message_id(mail: &Mail) -> bool {
    let id = mail.message_id();
    let domain = mail
        .from()
        .rsplit_once('@')
        .map(|(_, d)| d.trim_end_matches('>'))
        .unwrap_or_default();
    id.starts_with('<')
        && !domain.is_empty()
        && id.ends_with(&format!("@{domain}>"))
        && id.len() > domain.len() + 4
}

/// `SHOP_SMTP_URL` for a server on 127.0.0.1:`port`.
pub fn smtp_url(port: u16) -> String {
    format!("smtp://127.0.0.1:{port}")
}

/// An `.eml` file read as the capture server reads a message.
pub fn read_eml(path: &Path) -> Mail {
    let out = Command::new(python())
        .arg(root().join("server/tests/smtp/capture.py"))
        .arg("--parse")
        .arg(path)
        .output()
        .expect("capture.py --parse runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Mail(serde_json::from_slice(&out.stdout).expect("JSON"))
}
