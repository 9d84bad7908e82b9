//! Attacks from outside (issue #6): disguised and oversized pictures, stored
//! scripts, a self-made admin, deeply nested JSON, upload floods, and the
//! security headers on every answer. Forged tokens and other buyers' data
//! are in `security`; malformed bodies in `bad_input`.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

const SCRIPT: &str = "<script>alert(document.domain)</script>";

/// CRC-32 as PNG chunks use it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    chunk.extend_from_slice(&body);
    chunk.extend_from_slice(&crc32(&body).to_be_bytes());
    chunk
}

/// A well-formed PNG header declaring `width` x `height` pixels, and almost
/// no pixel data: what a decompression bomb shows before it inflates.
fn png_declaring(width: u32, height: u32, bit_depth: u8, colour_type: u8) -> Vec<u8> {
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[bit_depth, colour_type, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(png_chunk(b"IHDR", &header));
    png.extend(png_chunk(b"IDAT", b"\x78\x9c\x03\x00\x00\x00\x00\x01"));
    png.extend(png_chunk(b"IEND", b""));
    png
}

/// Uploads `bytes` and answers the stored copy's bytes (which must exist).
async fn stored_copy(app: &TestApp, user: &User, bytes: Vec<u8>, name: &str) -> Vec<u8> {
    let url = app.uploaded(user, bytes, name, "image/png").await;
    let response = app.get(&url, None).await;
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    let content_type = response.headers()["content-type"].to_str().unwrap();
    assert!(content_type.starts_with("image/"), "{content_type}");
    response.bytes().await.unwrap().to_vec()
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

#[tokio::test]
async fn polyglot_pictures_are_stored_without_their_payload() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    // A PNG with HTML in a text chunk between its header and its pixels.
    let plain = png(16, 16);
    let mut in_chunk = plain[..33].to_vec();
    in_chunk.extend(png_chunk(b"tEXt", format!("Comment\0{SCRIPT}").as_bytes()));
    in_chunk.extend_from_slice(&plain[33..]);
    // A GIF with script in a comment block and JavaScript after its trailer.
    let mut gif_js = gif(16, 16);
    let trailer = gif_js.pop().unwrap();
    gif_js.extend_from_slice(&[0x21, 0xFE, SCRIPT.len() as u8]);
    gif_js.extend_from_slice(SCRIPT.as_bytes());
    gif_js.extend_from_slice(&[0x00, trailer]);
    gif_js.extend_from_slice(b"*/=alert(document.domain);//");
    // A JPEG with HTML in a comment segment right after its start marker.
    let plain = jpeg(16, 16);
    let mut jpeg_html = plain[..2].to_vec();
    jpeg_html.extend_from_slice(&[0xFF, 0xFE, 0, SCRIPT.len() as u8 + 2]);
    jpeg_html.extend_from_slice(SCRIPT.as_bytes());
    jpeg_html.extend_from_slice(&plain[2..]);

    for (bytes, name) in [
        (in_chunk, "chunk.png"),
        (gif_js, "polyglot.gif"),
        (jpeg_html, "comment.jpg"),
    ] {
        assert!(contains(&bytes, "<script>"), "{name} carries its payload");
        let stored = stored_copy(&app, &user, bytes, name).await;
        assert!(!contains(&stored, "<script"), "{name} kept its script");
        assert!(!contains(&stored, "alert("), "{name} kept its script");
    }
}

#[tokio::test]
async fn pictures_declaring_huge_sizes_are_refused_with_413_without_decoding() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let bombs = [
        // Wider than any picture the shop decodes.
        png_declaring(100_000, 100_000, 8, 2),
        png_declaring(1, 4_000_000, 8, 0),
        // Within the side limit, but 16-bit RGBA needs over a gigabyte.
        png_declaring(12_000, 12_000, 16, 6),
    ];
    for bomb in bombs {
        assert!(bomb.len() < 120);
        let response = app
            .upload_image(Some(&user.token), bomb.clone(), "bomb.png", "image/png")
            .await;
        assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE, "{bomb:?}");
        error_of(response).await;
    }
    // The shop is still answering.
    assert_eq!(app.health().await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_svg_with_script_disguised_as_a_png_is_refused_with_415() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let svg =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">{SCRIPT}</svg>"#);
    let response = app
        .upload_image(Some(&user.token), svg.into_bytes(), "logo.png", "image/png")
        .await;
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    error_of(response).await;
}

#[tokio::test]
async fn scripts_in_a_part_a_review_and_a_profile_are_stored_as_plain_text() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let user = app.new_user().await;
    let image_tag = r#"<img src=x onerror="alert(1)">"#;
    let part = app
        .add_part_with(&admin, json!({"name": SCRIPT, "description": image_tag}))
        .await;
    let stored = app.part(&part).await;
    assert_eq!(
        (stored["name"].as_str(), stored["description"].as_str()),
        (Some(SCRIPT), Some(image_tag))
    );

    // A review shows its author's account name: a script there is stored
    // as text too.
    let response = app.signup(SCRIPT, &unique_email("script"), PASSWORD).await;
    let author: Value = response.json().await.unwrap();
    let review =
        json!({"name": "Ann", "description": image_tag, "rating": 4, "img": "/api/image/abc.jpg"});
    let response = app.post_review(author["token"].as_str(), &review).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let reviews = app.reviews().await;
    assert!(reviews
        .iter()
        .any(|r| r["name"] == SCRIPT && r["description"] == image_tag));

    let profile = with(profile_body(), "city", Some(json!(SCRIPT)));
    let response = app.post_profile(Some(&user.token), &profile).await;
    assert!(response.status().is_success());
    let response = app.profile(Some(&user.token)).await;
    assert!(is_json(&response));
    let stored: Value = response.json().await.unwrap();
    assert_eq!(stored["city"], SCRIPT, "{stored}");
}

#[tokio::test]
async fn signing_up_with_an_admin_role_makes_a_plain_user() {
    let app = spawn_app().await;
    let email = unique_email("mallory");
    let body = json!({
        "name": "Mallory", "email": email, "password": PASSWORD,
        "role": "admin", "admin": true, "isAdmin": true
    });
    let response = app.post_json("/api/auth/signup", None, &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["user"]["role"], "user");
    let token = answer["token"].as_str().unwrap();
    assert_eq!(app.whoami(token).await["role"], "user");
    let response = app.users(Some(token)).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn deeply_nested_json_gets_400_not_500() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let depth = 100_000;
    let nested = format!("{{\"name\": {}1{}}}", "[".repeat(depth), "]".repeat(depth));
    for (path, token) in [
        ("/api/auth/login", None),
        ("/api/part", Some(admin.token.as_str())),
        ("/api/review", Some(admin.token.as_str())),
    ] {
        let response = app
            .send_raw(
                reqwest::Method::POST,
                path,
                token,
                "application/json",
                nested.clone(),
            )
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        error_of(response).await;
    }
}

#[tokio::test]
async fn too_many_uploads_from_one_client_get_429_with_retry_after() {
    let app = spawn_app_with(|c| c.upload_rate_limit = 2).await;
    let user = app.new_user().await;
    for _ in 0..2 {
        app.uploaded(&user, png(8, 8), "a.png", "image/png").await;
    }
    let response = app
        .upload_image(Some(&user.token), png(8, 8), "a.png", "image/png")
        .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    error_of(response).await;
}

/// Checks the headers every page and web-app file carries.
fn assert_security_headers(response: &Response, csp_has: &str) {
    let headers = response.headers();
    let what = response.url().path();
    let csp = headers
        .get("content-security-policy")
        .unwrap_or_else(|| panic!("no CSP on {what}"))
        .to_str()
        .unwrap();
    for directive in [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        csp_has,
    ] {
        assert!(csp.contains(directive), "{what}: {csp}");
    }
    assert!(!csp.contains("unsafe-eval"), "{csp}");
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["x-frame-options"], "DENY", "{what}");
    assert!(headers.contains_key("referrer-policy"), "{what}");
}

/// Checks the headers every API answer carries: data, never a page, so the
/// strictest policy and `nosniff`, and none of the headers only a page needs.
fn assert_api_security_headers(response: &Response) {
    let headers = response.headers();
    let what = response.url().path();
    assert_eq!(
        headers
            .get_all("content-security-policy")
            .iter()
            .collect::<Vec<_>>(),
        ["default-src 'none'"],
        "{what}"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert!(!headers.contains_key("x-frame-options"), "{what}");
    assert!(!headers.contains_key("referrer-policy"), "{what}");
}

#[tokio::test]
async fn every_answer_of_the_api_and_the_web_app_carries_the_security_headers() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    std::fs::create_dir(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("assets/app.js"), "export {};").unwrap();
    let web_dir = web.path().to_owned();
    let app = spawn_app_with(|c| c.web_dir = web_dir).await;
    let user = app.new_user().await;
    let part = app.add_part(&app.admin().await, 5, 1, "10.00").await;
    let api = [
        app.health().await,
        app.get("/api/openapi.json", None).await,
        app.get("/api/no-such-route", None).await,
        app.get("/api", None).await,
        app.me(None).await,
        app.users(Some(&user.token)).await,
        app.post_json("/api/auth/login", None, &json!({})).await,
        // Kept by the catalogue cache, first stored and then from memory.
        app.get("/api/part", None).await,
        app.get("/api/part", None).await,
        app.get(&format!("/api/part/{part}"), None).await,
    ];
    for response in &api {
        assert_api_security_headers(response);
    }
    let pages = [
        app.get("/", None).await,
        app.get("/orders/some-page", None).await,
        app.get("/assets/app.js", None).await,
        app.get("/apis", None).await,
    ];
    for response in &pages {
        assert_security_headers(response, "script-src 'self';");
    }
}

#[tokio::test]
async fn a_shop_reached_over_https_tells_browsers_to_keep_to_https() {
    let plain = spawn_app().await;
    let response = plain.health().await;
    assert!(!response.headers().contains_key("strict-transport-security"));
    let app = spawn_app_with(|c| {
        c.public_url = "https://parts.example".into();
        c.payment_provider = "test".into();
    })
    .await;
    let part = app.add_part(&app.admin().await, 5, 1, "10.00").await;
    for path in [
        "/".to_owned(),
        "/api/health".into(),
        format!("/api/part/{part}"),
    ] {
        let response = app.get(&path, None).await;
        assert_eq!(
            response.headers()["strict-transport-security"],
            "max-age=31536000",
            "{path}"
        );
    }
}

#[tokio::test]
async fn stripe_script_and_frames_are_allowed_only_with_the_stripe_provider() {
    let app = spawn_app().await;
    let response = app.health().await;
    assert!(!response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("stripe"));
    let stripe = spawn_app_with(|c| c.payment_provider = "stripe".into()).await;
    let response = stripe.get("/", None).await;
    assert_security_headers(&response, "script-src 'self' https://js.stripe.com;");
    assert_security_headers(&response, "frame-src https://js.stripe.com");
}

#[tokio::test]
async fn a_request_whose_body_never_ends_is_answered_408_in_time() {
    use std::io::{Read, Write};
    let app = spawn_app_with(|c| c.request_timeout = std::time::Duration::from_millis(500)).await;
    let host = app.address.trim_start_matches("http://").to_owned();
    // A slow-loris client: it promises 100 bytes of body and sends 10.
    let answer = tokio::task::spawn_blocking(move || {
        let mut socket = std::net::TcpStream::connect(&host).unwrap();
        socket
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .unwrap();
        let head = format!(
            "POST /api/auth/login HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{{\"email\": "
        );
        socket.write_all(head.as_bytes()).unwrap();
        let mut answer = vec![0; 4096];
        let read = socket.read(&mut answer).expect("an answer within 5 s");
        String::from_utf8_lossy(&answer[..read]).to_lowercase()
    })
    .await
    .unwrap();
    assert!(answer.starts_with("http/1.1 408"), "{answer}");
    assert!(
        answer.contains("content-security-policy: default-src 'none'"),
        "{answer}"
    );
    assert!(
        answer.contains("x-content-type-options: nosniff"),
        "{answer}"
    );
}
