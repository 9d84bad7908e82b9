//! Checks on answers, valid request bodies to start from, and pictures to upload.

use std::io::Cursor;

use reqwest::header::CONTENT_TYPE;
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

/// Reads a JSON body and checks it is an error with a message.
pub async fn error_of(response: Response) -> Value {
    let body: Value = response.json().await.expect("a JSON error body");
    assert!(
        body["error"].as_str().is_some_and(|m| !m.is_empty()),
        "no error message in {body}"
    );
    body
}

/// Checks an answer is the JSON error `{"error": message}` with `status`;
/// answers the whole body (for its `fields`).
pub async fn expect_error(response: Response, status: StatusCode, message: &str) -> Value {
    assert_eq!(response.status(), status, "for {}", response.url());
    assert!(
        is_json(&response),
        "an error is JSON: {:?}",
        response.headers()
    );
    let body = error_of(response).await;
    assert_eq!(body["error"], message, "{body}");
    body
}

/// Checks an answer is a 400 naming `field` with `message`.
pub async fn expect_field_error(response: Response, field: &str, message: &str) -> Value {
    assert_eq!(
        response.status(),
        StatusCode::BAD_REQUEST,
        "for {}",
        response.url()
    );
    let body = error_of(response).await;
    assert_eq!(body["fields"][field], message, "{body}");
    body
}

/// Whether an answer says it is JSON.
pub fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// A complete, valid new part.
pub fn part_body() -> Value {
    json!({
        "name": "Front brake pads", "description": "Ceramic pads for the front axle.",
        "availableQuantity": 50, "minimumOrder": 2, "price": "34.99", "img": "/api/image/abc.jpg"
    })
}

/// A complete, valid review.
pub fn review_body() -> Value {
    json!({
        "name": "Ann Driver", "description": "The pads fitted first time.",
        "rating": 5, "img": "https://example.com/ann.png"
    })
}

/// A complete, valid profile.
pub fn profile_body() -> Value {
    json!({
        "education": "Automotive technology", "location": "12 Garage Lane", "city": "Leeds",
        "phone": "+44 113 496 0000", "linkedin": "https://www.linkedin.com/in/ann",
        "img": "/api/image/abc.jpg"
    })
}

/// `body` with `field` set to `value` (or removed when `value` is None).
pub fn with(mut body: Value, field: &str, value: Option<Value>) -> Value {
    let object = body.as_object_mut().expect("a JSON object");
    match value {
        Some(value) => object.insert(field.to_owned(), value),
        None => object.remove(field),
    };
    body
}

fn encode(image: image::DynamicImage, format: image::ImageFormat) -> Vec<u8> {
    let mut out = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut out), format)
        .expect("an image encodes");
    out
}

/// A small picture with some variety in it, so encoders have work to do.
fn picture(width: u32, height: u32) -> image::RgbImage {
    image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x * 7) as u8, (y * 5) as u8, ((x + y) * 3) as u8])
    })
}

pub fn png(width: u32, height: u32) -> Vec<u8> {
    encode(picture(width, height).into(), image::ImageFormat::Png)
}

pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    encode(picture(width, height).into(), image::ImageFormat::Jpeg)
}

pub fn webp(width: u32, height: u32) -> Vec<u8> {
    encode(picture(width, height).into(), image::ImageFormat::WebP)
}

pub fn gif(width: u32, height: u32) -> Vec<u8> {
    let rgba = image::DynamicImage::from(picture(width, height)).to_rgba8();
    encode(rgba.into(), image::ImageFormat::Gif)
}
