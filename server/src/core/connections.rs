//! Caps on open connections, in total and per client address, checked as each
//! connection is accepted. Every connection holds a file descriptor until it
//! ends; without caps, a few hundred clients that open connections and never
//! finish a request use up the process's open-file limit, and then the shop
//! can accept nothing, not even from everyone else. Past a cap the connection
//! is answered a short 503 and closed at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::core::client::{bucket, TrustedProxies};
use crate::core::config::Config;

/// File descriptors kept back from connections: the database pool (counted
/// apart), log and data files, the card and sign-in providers' connections,
/// and refused connections being closed.
const RESERVED_FILES: u64 = 64;
/// Refused connections answered and closed gently at once (see `refuse`).
const MAX_CLOSING: usize = 32;
/// How often, at most, refused connections are logged.
const LOG_EVERY: Duration = Duration::from_secs(10);
/// What a refused client is told to wait, in seconds.
const RETRY_AFTER_SECS: u32 = 5;

/// Raises this process's open-file soft limit to its hard limit; answers the
/// soft limit now in effect (None when unlimited or unknown).
pub fn raise_open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct passed.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit.rlim_cur = limit.rlim_max;
                }
            }
        }
        (limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
    }
    #[cfg(not(unix))]
    None
}

/// How many connections may be open at once, in total and per client.
#[derive(Debug, Clone)]
pub struct ConnectionLimits {
    pub total: usize,
    /// None: no cap per client.
    pub per_client: Option<usize>,
    /// Connections from these (reverse proxies) do not count per client.
    pub trusted: TrustedProxies,
}

impl ConnectionLimits {
    /// The configured caps, the total lowered to leave room under the
    /// open-file limit for everything else the shop opens.
    pub fn from_config(config: &Config, open_files: Option<u64>) -> Self {
        let configured = config.max_connections.max(1) as usize;
        let total = match open_files {
            Some(limit) => {
                // The pool, plus SQLite's connection for write transactions.
                let pool = u64::from(config.db_pool_size.unwrap_or(16)) + 1;
                let room = limit.saturating_sub(RESERVED_FILES + pool + MAX_CLOSING as u64);
                let fits = usize::try_from(room.max(limit / 4).max(1)).unwrap_or(usize::MAX);
                if fits < configured {
                    tracing::warn!(
                        open_file_limit = limit,
                        max_connections = fits,
                        "SHOP_MAX_CONNECTIONS lowered to fit the open-file limit"
                    );
                }
                configured.min(fits)
            }
            None => configured,
        };
        ConnectionLimits {
            total,
            per_client: match config.max_connections_per_client {
                0 => None,
                n => Some(n as usize),
            },
            trusted: config.trusted_proxies(),
        }
    }
}

/// Why a connection was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Total,
    PerClient,
}

#[derive(Default)]
struct Counts {
    open: usize,
    per_client: HashMap<IpAddr, usize>,
}

/// Counts open connections and admits new ones while under the caps.
pub struct Gate {
    limits: ConnectionLimits,
    counts: Arc<Mutex<Counts>>,
    closing: Arc<AtomicUsize>,
    log: RefusalLog,
}

/// An admitted connection; counted until dropped.
pub struct Admitted {
    counts: Arc<Mutex<Counts>>,
    client: Option<IpAddr>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.open = counts.open.saturating_sub(1);
        if let Some(client) = self.client {
            if let Some(n) = counts.per_client.get_mut(&client) {
                *n -= 1;
                if *n == 0 {
                    counts.per_client.remove(&client);
                }
            }
        }
    }
}

impl Gate {
    pub fn new(limits: ConnectionLimits) -> Self {
        Gate {
            limits,
            counts: Arc::default(),
            closing: Arc::default(),
            log: RefusalLog::default(),
        }
    }

    /// Admits a connection from `peer`, or says which cap it is over.
    pub fn admit(&self, peer: IpAddr) -> Result<Admitted, Refusal> {
        let client = match self.limits.per_client {
            Some(_) if !self.limits.trusted.contains(peer) => Some(bucket(peer)),
            _ => None,
        };
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.open >= self.limits.total {
            return Err(Refusal::Total);
        }
        if let (Some(client), Some(cap)) = (client, self.limits.per_client) {
            let n = counts.per_client.entry(client).or_insert(0);
            if *n >= cap {
                return Err(Refusal::PerClient);
            }
            *n += 1;
        }
        counts.open += 1;
        Ok(Admitted {
            counts: self.counts.clone(),
            client,
        })
    }

    /// Answers a refused connection 503 and closes it, and logs the refusal
    /// (at most once every few seconds, with how many there were).
    pub fn refuse(&mut self, mut stream: TcpStream, peer: IpAddr, why: Refusal) {
        self.log.note(peer, why, &self.limits);
        if self.closing.fetch_add(1, Ordering::Relaxed) >= MAX_CLOSING {
            // Many refusals at once: answered without waiting, and closed, so
            // refusing never costs many files. A fresh socket's send buffer is
            // empty, so the short answer fits at once.
            self.closing.fetch_sub(1, Ordering::Relaxed);
            let _ = stream.try_write(refusal_answer().as_bytes());
            return;
        }
        let closing = self.closing.clone();
        tokio::spawn(async move {
            let _ =
                tokio::time::timeout(Duration::from_secs(3), answer_and_close(&mut stream)).await;
            drop(stream);
            closing.fetch_sub(1, Ordering::Relaxed);
        });
    }
}

/// Waits a moment for the request (an HTTP client may take an answer that
/// comes before its request for a broken connection), answers 503, and
/// closes after reading what else the client sends (closing a socket with
/// unread data resets it, and the client may lose the answer).
async fn answer_and_close(stream: &mut TcpStream) {
    let mut buffer = [0u8; 4096];
    let mut request = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Ok(n @ 1..) = stream.read(&mut buffer).await {
            request.extend_from_slice(&buffer[..n]);
            if request.len() > 16 * 1024 || request.windows(4).any(|w| w == b"\r\n\r\n") {
                break;
            }
        }
    })
    .await;
    if stream.write_all(refusal_answer().as_bytes()).await.is_err() {
        return;
    }
    let _ = stream.shutdown().await;
    while let Ok(1..) = stream.read(&mut buffer).await {}
}

/// The whole answer to a refused connection.
fn refusal_answer() -> &'static str {
    static ANSWER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ANSWER.get_or_init(|| {
        let body = r#"{"error":"Too many connections; please try again shortly."}"#;
        format!(
            "HTTP/1.1 503 Service Unavailable\r\n\
             Content-Type: application/json\r\n\
             Content-Length: {}\r\n\
             Retry-After: {RETRY_AFTER_SECS}\r\n\
             Cache-Control: no-store\r\n\
             X-Content-Type-Options: nosniff\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        )
    })
}

/// Refusals since the last log line.
#[derive(Default)]
struct RefusalLog {
    last: Option<Instant>,
    unlogged: u64,
}

impl RefusalLog {
    fn note(&mut self, peer: IpAddr, why: Refusal, limits: &ConnectionLimits) {
        self.unlogged += 1;
        if self.last.is_some_and(|at| at.elapsed() < LOG_EVERY) {
            return;
        }
        let cap = match why {
            Refusal::Total => "SHOP_MAX_CONNECTIONS",
            Refusal::PerClient => "SHOP_MAX_CONNECTIONS_PER_CLIENT",
        };
        tracing::warn!(
            refused = self.unlogged,
            latest_client = %peer,
            cap,
            max_connections = limits.total,
            max_connections_per_client = limits.per_client.unwrap_or(0),
            "too many connections: new ones answered 503 and closed"
        );
        self.unlogged = 0;
        self.last = Some(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(total: usize, per_client: Option<usize>, trusted: &[&str]) -> ConnectionLimits {
        ConnectionLimits {
            total,
            per_client,
            trusted: TrustedProxies::new(trusted.iter().map(|s| s.parse().unwrap()).collect()),
        }
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn connections_are_capped_per_client_and_in_total() {
        let gate = Gate::new(limits(4, Some(2), &["10.0.0.1"]));
        let a1 = gate.admit(ip("192.0.2.1")).unwrap();
        let _a2 = gate.admit(ip("192.0.2.1")).unwrap();
        assert_eq!(gate.admit(ip("192.0.2.1")).err(), Some(Refusal::PerClient));
        // The same /64 is the same client.
        let _b1 = gate.admit(ip("2001:db8::1")).unwrap();
        let _b2 = gate.admit(ip("2001:db8::2")).unwrap();
        assert_eq!(gate.admit(ip("2001:db8::3")).err(), Some(Refusal::Total));
        drop(a1);
        assert_eq!(
            gate.admit(ip("2001:db8::3")).err(),
            Some(Refusal::PerClient)
        );
        // A trusted proxy counts in the total only.
        let _p = gate.admit(ip("10.0.0.1")).unwrap();
        assert_eq!(gate.admit(ip("10.0.0.1")).err(), Some(Refusal::Total));
    }

    #[test]
    fn the_total_fits_under_the_open_file_limit() {
        let mut config = Config::defaults("data");
        config.max_connections = 4096;
        assert_eq!(ConnectionLimits::from_config(&config, None).total, 4096);
        let fitted = ConnectionLimits::from_config(&config, Some(256)).total;
        assert!(fitted > 64 && fitted < 160, "{fitted}");
        assert_eq!(
            ConnectionLimits::from_config(&config, Some(1_000_000)).total,
            4096
        );
    }

    #[test]
    fn the_refusal_is_a_complete_json_503() {
        let answer = refusal_answer();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 Service Unavailable\r\n"));
        assert!(head.contains(&format!("Content-Length: {}", body.len())));
        assert!(head.contains("Connection: close") && head.contains("Retry-After: 5"));
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(json["error"]
            .as_str()
            .unwrap()
            .contains("Too many connections"));
    }
}
