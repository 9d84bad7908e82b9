//! `GET /metrics`: the shop's Prometheus metrics (`core::metrics`), off
//! unless `SHOP_METRICS_TOKEN` or `SHOP_METRICS_ALLOW` is set, and then only
//! for a scraper with the token or from a listed address. The states (the
//! mail outbox, the database pool, the process's memory) are read as the
//! scrape asks.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::app::state::AppState;
use crate::core::config::Config;
use crate::core::metrics;
use crate::core::metrics::METRICS;
use crate::mail;

const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Whether the request may read the metrics: a listed address, or the
/// token (compared by digest, so the comparison takes the same time however
/// much of it matches).
fn allowed(config: &Config, peer: SocketAddr, headers: &HeaderMap) -> bool {
    if config.metrics_allow.iter().any(|b| b.contains(peer.ip())) {
        return true;
    }
    let Some(token) = config.metrics_token.as_deref().filter(|t| !t.is_empty()) else {
        return false;
    };
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    Sha256::digest(sent.as_bytes()) == Sha256::digest(token.as_bytes())
}

pub async fn scrape(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let config = &state.config;
    if !config.metrics_on() {
        return (StatusCode::NOT_FOUND, "Not found\n").into_response();
    }
    if !allowed(config, peer, &headers) {
        let mut refused = (StatusCode::UNAUTHORIZED, "Send the metrics token\n").into_response();
        refused.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Bearer realm=\"metrics\""),
        );
        return refused;
    }
    read_states(&state).await;
    let mut answer = metrics::encode().into_response();
    answer
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
    answer
}

/// Sets the gauges of what is, now.
async fn read_states(state: &AppState) {
    let pool = &state.db.pool;
    let asked = Instant::now();
    match tokio::time::timeout(Duration::from_secs(2), pool.acquire()).await {
        Ok(Ok(conn)) => {
            METRICS.db_wait.observe(asked.elapsed().as_secs_f64());
            drop(conn);
        }
        _ => METRICS.db_wait.observe(asked.elapsed().as_secs_f64()),
    }
    METRICS.db_connections.set(i64::from(pool.size()));
    METRICS
        .db_idle
        .set(i64::try_from(pool.num_idle()).unwrap_or(i64::MAX));
    match mail::waiting(&state.db).await {
        Ok((depth, oldest)) => {
            METRICS.outbox_depth.set(depth);
            let age = oldest
                .and_then(|at| {
                    time::OffsetDateTime::parse(&at, &time::format_description::well_known::Rfc3339)
                        .ok()
                })
                .map_or(0.0, |at| {
                    (time::OffsetDateTime::now_utc() - at)
                        .as_seconds_f64()
                        .max(0.0)
                });
            METRICS.outbox_oldest_seconds.set(age);
        }
        Err(e) => tracing::warn!(error = %e, "metrics: cannot read the outbox"),
    }
    if let Some(bytes) = resident_bytes() {
        METRICS.memory_bytes.set(bytes);
    }
}

/// The process's resident memory, from /proc (Linux).
fn resident_bytes() -> Option<i64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: i64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}
