//! Image uploads (docs/decisions.md, D12): real pictures are re-encoded and
//! served for a year; anything else, too big, or unsigned is refused.

use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};

use crate::helpers::*;

const TEN_MB: usize = 10 * 1024 * 1024;

/// An all-black 8-bit RGB PNG, compressed row by row so it never exists
/// decoded here: 12,000 x 12,000 is about 420 KB, and 432 MB once decoded.
fn black_png(width: u32, height: u32) -> Vec<u8> {
    use std::io::Write;
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc.sum().to_be_bytes());
    }
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    // Each row: filter type 0, then three zero bytes a pixel.
    let row = vec![0u8; 1 + 3 * width as usize];
    let mut pixels = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    for _ in 0..height {
        pixels.write_all(&row).unwrap();
    }
    let pixels = pixels.finish().unwrap();
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &pixels);
    chunk(&mut png, b"IEND", b"");
    png
}

/// Fetches an uploaded image, checking the headers every image is served with;
/// answers its content type and bytes.
async fn fetch_image(app: &TestApp, url: &str) -> (String, Vec<u8>) {
    assert!(url.starts_with("/api/image/"), "{url}");
    let response = app.get(url, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let cache = response.headers()["cache-control"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cache.contains("max-age=31536000"), "{cache}");
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(content_type.starts_with("image/"), "{content_type}");
    (content_type, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn png_jpeg_gif_and_webp_pictures_round_trip() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let uploads = [
        (png(64, 48), "part.png", "image/png"),
        (jpeg(80, 40), "part.jpg", "image/jpeg"),
        (gif(30, 20), "part.gif", "image/gif"),
        (webp(24, 36), "part.webp", "image/webp"),
    ];
    for (bytes, name, mime) in uploads {
        let (width, height) = image::load_from_memory(&bytes)
            .unwrap()
            .into_rgb8()
            .dimensions();
        let url = app.uploaded(&user, bytes, name, mime).await;
        let (_, served) = fetch_image(&app, &url).await;
        let picture = image::load_from_memory(&served).expect("the served file is a picture");
        assert_eq!(
            (picture.width(), picture.height()),
            (width, height),
            "{name}"
        );
    }
}

#[tokio::test]
async fn a_picture_with_transparency_stays_a_png() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let clear = image::RgbaImage::from_pixel(10, 10, image::Rgba([0, 0, 0, 0]));
    let mut bytes = Vec::new();
    clear
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    let url = app.uploaded(&user, bytes, "clear.png", "image/png").await;
    let (content_type, served) = fetch_image(&app, &url).await;
    assert_eq!(content_type, "image/png");
    let pixel = image::load_from_memory(&served).unwrap().to_rgba8()[(0, 0)];
    assert_eq!(pixel[3], 0, "still transparent");
}

#[tokio::test]
async fn the_stored_copy_drops_trailing_bytes() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let mut bytes = png(20, 20);
    bytes.extend_from_slice(b"<script>alert('hi')</script>");
    let url = app.uploaded(&user, bytes, "x.png", "image/png").await;
    let (_, served) = fetch_image(&app, &url).await;
    assert!(!served.windows(8).any(|w| w == b"<script>"));
}

#[tokio::test]
async fn the_declared_type_and_name_are_not_trusted() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    // A real JPEG named and labelled as something else is still a JPEG.
    let url = app
        .uploaded(&user, jpeg(16, 16), "notes.txt", "text/plain")
        .await;
    fetch_image(&app, &url).await;
    // Text dressed up as a PNG is still text.
    let response = app
        .upload_image(
            Some(&user.token),
            b"hello, world".to_vec(),
            "x.png",
            "image/png",
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    error_of(response).await;
}

async fn expect_415(response: Response) {
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(is_json(&response));
    error_of(response).await;
}

#[tokio::test]
async fn text_and_svg_files_are_refused_with_415() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
    let files: [(&[u8], &str, &str); 4] = [
        (b"just some text", "notes.txt", "text/plain"),
        (svg, "logo.svg", "image/svg+xml"),
        (
            b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
            "doc.pdf",
            "application/pdf",
        ),
        (b"GIF89a\x01\x00\x01\x00 broken", "broken.gif", "image/gif"),
    ];
    for (bytes, name, mime) in files {
        expect_415(
            app.upload_image(Some(&user.token), bytes.to_vec(), name, mime)
                .await,
        )
        .await;
    }
}

#[tokio::test]
async fn a_body_that_is_not_a_multipart_form_is_refused_with_415() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app
        .send_raw(
            reqwest::Method::POST,
            "/api/image",
            Some(&user.token),
            "image/png",
            png(8, 8),
        )
        .await;
    expect_415(response).await;
}

#[tokio::test]
async fn a_file_over_ten_megabytes_is_refused_with_413() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for size in [TEN_MB + 1, TEN_MB + 512 * 1024] {
        let mut bytes = png(8, 8);
        bytes.resize(size, 0);
        let response = app
            .upload_image(Some(&user.token), bytes, "big.png", "image/png")
            .await;
        assert_eq!(
            response.status(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "{size} bytes"
        );
        error_of(response).await;
    }
}

#[tokio::test]
async fn a_file_of_just_under_ten_megabytes_is_accepted() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let mut bytes = png(8, 8);
    bytes.resize(TEN_MB - 1024, 0);
    app.uploaded(&user, bytes, "padded.png", "image/png").await;
}

#[tokio::test]
async fn uploading_needs_a_token() {
    let app = spawn_app().await;
    let response = app
        .upload_image(None, png(8, 8), "a.png", "image/png")
        .await;
    expect_error(response, StatusCode::UNAUTHORIZED, "Please sign in first").await;
}

#[tokio::test]
async fn an_upload_without_the_image_field_answers_400() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let other_field = Form::new().part("file", Part::bytes(png(8, 8)).file_name("a.png"));
    let empty_image = Form::new().part("image", Part::bytes(Vec::new()).file_name("a.png"));
    for form in [other_field, empty_image, Form::new().text("name", "x")] {
        let response = app.upload_form(Some(&user.token), form).await;
        let error = expect_error(response, StatusCode::BAD_REQUEST, "Image is Required").await;
        assert_eq!(error["fields"]["image"], "Image is Required");
    }
}

#[tokio::test]
async fn an_unknown_image_answers_a_json_404() {
    let app = spawn_app().await;
    for name in [
        "0123456789abcdef0123456789abcdef.jpg",
        "nope.png",
        "..%2F..%2Fetc%2Fpasswd",
    ] {
        let response = app.get(&format!("/api/image/{name}"), None).await;
        expect_error(response, StatusCode::NOT_FOUND, "Image not found").await;
    }
}

#[tokio::test]
async fn a_picture_over_forty_megapixels_is_refused_with_413_and_not_stored() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    // 144 megapixels in 420 KB: it used to be decoded, 432 MB at a time.
    let bomb = black_png(12_000, 12_000);
    assert!(bomb.len() < 1024 * 1024, "{} bytes", bomb.len());
    let response = app
        .upload_image(Some(&user.token), bomb, "black.png", "image/png")
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(is_json(&response));
    let error = error_of(response).await;
    assert!(
        error["error"].as_str().unwrap().contains("megapixels"),
        "{error}"
    );
    assert_eq!(app.count_sql("SELECT COUNT(*) FROM images").await, 0);
}

#[tokio::test]
async fn a_photo_sized_picture_is_still_accepted() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for bytes in [black_png(1600, 1200), jpeg(1600, 1200)] {
        let url = app.uploaded(&user, bytes, "photo", "image/png").await;
        let (_, served) = fetch_image(&app, &url).await;
        let picture = image::load_from_memory(&served).unwrap();
        assert_eq!((picture.width(), picture.height()), (1600, 1200));
    }
}
