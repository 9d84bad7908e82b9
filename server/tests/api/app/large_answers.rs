//! Large answers the shop keeps in memory (catalogue pages, the web app's
//! files) are sent from its in-memory file with `sendfile`: every client gets
//! exactly their bytes, also one that reads slowly with several requests in
//! flight on one connection.

use std::io::Read;
use std::time::Duration;

use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_LENGTH};
use reqwest::StatusCode;
use serde_json::{json, Value};
use shop::core::zero_copy::MIN_BYTES;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::*;

const LIST: &str = "/api/part?limit=100";

/// A catalogue whose first page of 100 is large enough to be sent by
/// `sendfile`.
async fn large_catalogue(app: &TestApp) -> Vec<u8> {
    let admin = app.admin().await;
    for i in 0..40 {
        let description = format!(
            "Vented disc {i} for the front axle; {}",
            "fits well. ".repeat(180)
        );
        app.add_part_with(
            &admin,
            json!({ "name": format!("Brake disc {i}"), "description": description }),
        )
        .await;
    }
    let response = app.get(LIST, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = response.bytes().await.unwrap().to_vec();
    assert!(body.len() > MIN_BYTES, "{} bytes", body.len());
    let parts: Vec<Value> = serde_json::from_slice(&body).unwrap();
    assert_eq!(parts.len(), 40);
    body
}

#[tokio::test]
async fn a_large_catalogue_page_is_sent_whole_and_the_same_every_time() {
    let app = spawn_app().await;
    let first = large_catalogue(&app).await;

    for _ in 0..3 {
        let response = app.get(LIST, None).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()[CONTENT_LENGTH].to_str().unwrap(),
            first.len().to_string()
        );
        assert_eq!(response.bytes().await.unwrap().to_vec(), first);
    }

    // The gzip copy unpacks to the same bytes.
    let response = app
        .client
        .get(app.url(LIST))
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()[CONTENT_ENCODING], "gzip");
    let packed = response.bytes().await.unwrap();
    let mut unpacked = Vec::new();
    flate2::read::GzDecoder::new(&packed[..])
        .read_to_end(&mut unpacked)
        .unwrap();
    assert_eq!(unpacked, first);

    // After a write the new page is sent, as large and as whole.
    let admin = app.admin().await;
    app.add_part_with(&admin, json!({ "name": "Brake disc, rear" }))
        .await;
    let after = app.get(LIST, None).await.bytes().await.unwrap();
    let parts: Vec<Value> = serde_json::from_slice(&after).unwrap();
    assert_eq!(parts.len(), 41);
}

/// Reads one HTTP/1.1 answer with a `Content-Length` from `stream`, a few
/// hundred bytes at a time with pauses: its status line and body.
async fn read_answer_slowly(stream: &mut TcpStream, pending: &mut Vec<u8>) -> (String, Vec<u8>) {
    let mut chunk = [0u8; 700];
    let head_end = loop {
        if let Some(at) = pending.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = stream.read(&mut chunk).await.unwrap();
        assert!(n > 0, "the connection closed inside an answer's headers");
        pending.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8(pending[..head_end].to_vec()).unwrap();
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().unwrap())
        })
        .expect("a content-length");
    let mut reads = 0;
    while pending.len() < head_end + length {
        let n = stream.read(&mut chunk).await.unwrap();
        assert!(n > 0, "the connection closed inside an answer's body");
        pending.extend_from_slice(&chunk[..n]);
        reads += 1;
        if reads % 8 == 0 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
    let body = pending[head_end..head_end + length].to_vec();
    pending.drain(..head_end + length);
    let status = head.lines().next().unwrap().to_owned();
    (status, body)
}

#[tokio::test]
async fn a_slow_reader_with_several_requests_in_flight_gets_every_answer_whole() {
    let app = spawn_app().await;
    let list = large_catalogue(&app).await;
    let parts: Vec<Value> = serde_json::from_slice(&list).unwrap();
    let id = parts[0]["_id"].as_str().unwrap();
    let one = app.get(&format!("/api/part/{id}"), None).await;
    let one = one.bytes().await.unwrap().to_vec();

    // A small receive buffer: the shop's sends stop part-way again and again.
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let address = app.address.trim_start_matches("http://").parse().unwrap();
    let mut stream = socket.connect(address).await.unwrap();
    let paths = [LIST, &format!("/api/part/{id}"), LIST, LIST];
    let mut requests = String::new();
    for path in paths {
        requests.push_str(&format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    }
    stream.write_all(requests.as_bytes()).await.unwrap();

    let mut pending = Vec::new();
    for path in paths {
        let (status, body) = read_answer_slowly(&mut stream, &mut pending).await;
        assert_eq!(status, "HTTP/1.1 200 OK", "{path}");
        let expected = if path == LIST { &list } else { &one };
        assert!(body == *expected, "{path}: {} bytes differ", body.len());
    }
}

#[tokio::test]
async fn a_large_web_app_file_is_sent_whole() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><div id=\"root\"></div>",
    )
    .unwrap();
    std::fs::create_dir(web.path().join("assets")).unwrap();
    // Bytes that do not repeat, several pages' worth and not a whole page.
    let script: Vec<u8> = (0..200_001u32)
        .map(|i| {
            b"abcdefghijklmnopqrstuvwxyz;{}()"[(i.wrapping_mul(2_654_435_761) >> 27) as usize % 31]
        })
        .collect();
    std::fs::write(web.path().join("assets/app.js"), &script).unwrap();
    let dir = web.path().to_owned();
    let app = spawn_app_with(move |config| config.web_dir = dir).await;

    for _ in 0..2 {
        let response = app.get("/assets/app.js", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers().get(CONTENT_ENCODING).is_none());
        assert!(response.bytes().await.unwrap().to_vec() == script);
    }
}
