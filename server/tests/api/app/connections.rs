//! Connection caps: one client address cannot hold more than its share of
//! connections, nor everyone together more than the shop can keep open; past
//! a cap a new connection is answered a short JSON 503 and closed, and
//! everyone else goes on being served.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::*;

/// A connection to the shop from the loopback address `from`, which sends nothing.
async fn connect_from(app: &TestApp, from: &str) -> TcpStream {
    let shop: SocketAddr = app.address.trim_start_matches("http://").parse().unwrap();
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    socket.connect(shop).await.expect("connected")
}

/// A client whose connections come from the loopback address `from`.
fn client_from(from: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(from.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

/// Everything the shop sends on `stream` before it closes it.
async fn answer_of(mut stream: TcpStream) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("the shop closes a refused connection")
        .expect("the answer is read");
    String::from_utf8(answer).expect("a text answer")
}

/// Checks a raw answer is the shop's 503 for too many connections.
fn assert_refused(answer: &str) {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("an HTTP answer: {answer:?}"));
    let head = head.to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 503 "), "{answer}");
    for header in [
        "connection: close",
        "retry-after: ",
        "content-type: application/json",
    ] {
        assert!(head.contains(header), "no {header} in {answer}");
    }
    let body: Value = serde_json::from_str(body).expect("a JSON body");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("Too many connections")),
        "{body}"
    );
}

/// Waits until `client` is served again (the shop notices closed connections
/// as it reads them, not at once).
async fn served_again(app: &TestApp, client: &reqwest::Client) {
    let started = Instant::now();
    loop {
        let response = client.get(app.url("/api/health")).send().await;
        if response.is_ok_and(|r| r.status() == StatusCode::OK) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "never served again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn connections_past_the_per_client_cap_get_503_while_other_clients_are_served() {
    let app = spawn_app_with(|config| config.max_connections_per_client = 4).await;
    // Four connections from 127.0.0.1 that never send their headers.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(connect_from(&app, "127.0.0.1").await);
    }
    // More from the same address are refused with a clear answer.
    for _ in 0..3 {
        assert_refused(&answer_of(connect_from(&app, "127.0.0.1").await).await);
    }
    let response = app.get("/api/health", None).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    error_of(response).await;

    // Another client is served as usual.
    let other = client_from("127.0.0.2");
    for _ in 0..3 {
        let response = other.get(app.url("/api/health")).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }

    // Once the idle connections are gone, 127.0.0.1 is served again.
    drop(idle);
    served_again(&app, &client_from("127.0.0.1")).await;
}

#[tokio::test]
async fn connections_past_the_total_cap_get_503_until_some_close() {
    let app = spawn_app_with(|config| config.max_connections = 4).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(connect_from(&app, "127.0.0.1").await);
    }
    // Whoever comes next is refused, from any address.
    for from in ["127.0.0.1", "127.0.0.2", "127.0.0.3"] {
        assert_refused(&answer_of(connect_from(&app, from).await).await);
    }
    let response = client_from("127.0.0.2")
        .get(app.url("/api/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.headers().contains_key("retry-after"));
    error_of(response).await;

    drop(idle);
    served_again(&app, &client_from("127.0.0.2")).await;
}

#[tokio::test]
async fn a_trusted_proxy_is_not_held_to_the_per_client_cap() {
    let app = spawn_app_with(|config| {
        config.max_connections_per_client = 2;
        config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(connect_from(&app, "127.0.0.1").await);
    }
    let response = app.get("/api/health", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    // Any other address still is.
    let _first = connect_from(&app, "127.0.0.2").await;
    let _second = connect_from(&app, "127.0.0.2").await;
    assert_refused(&answer_of(connect_from(&app, "127.0.0.2").await).await);
}
