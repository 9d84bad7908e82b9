//! Images uploaded to the shop (docs/decisions.md, D12): checked by their
//! content, decoded within pixel limits, re-encoded (dropping metadata and
//! trailing bytes), bounded in size, and served at a content-addressed URL
//! for a year.

use std::io::Cursor;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, ImageReader, Limits};
use sea_query::{Expr, Iden, OnConflict, Query};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::caller::CurrentUser;
use crate::core::client::ClientIp;
use crate::core::db::{self, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};

/// Largest upload accepted.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// Largest width or height a stored image keeps; bigger ones are scaled down.
const MAX_SIDE: u32 = 1600;
/// Largest width or height decoded at all (guards against decompression bombs).
const MAX_DECODE_SIDE: u32 = 12_000;
/// Most pixels a picture may have: read from its header, before it is decoded.
/// 40 megapixels is more than any camera photo; decoded as 8-bit RGBA it is 160 MB.
pub const MAX_PIXELS: u64 = 40_000_000;
/// Most memory the decoder may allocate for one picture: 40 megapixels at
/// four bytes each, and a little for the decoder's own tables.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 4 + 16 * 1024 * 1024;

/// Pictures decoded at once (one per CPU core): each may take up to
/// `MAX_DECODE_BYTES`, so a burst of uploads waits its turn instead of
/// multiplying the memory.
fn decoding_turns() -> &'static tokio::sync::Semaphore {
    static TURNS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    TURNS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        tokio::sync::Semaphore::new(cores)
    })
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        // The multipart envelope may add a little to the 10 MB file itself.
        .routes(routes!(upload_image).layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024)))
        .routes(routes!(get_image))
}

#[derive(Iden)]
enum Images {
    Table,
    Name,
    ContentType,
    Bytes,
    CreatedAt,
}

#[derive(Serialize, ToSchema)]
pub struct UploadResponse {
    pub success: bool,
    pub data: UploadedImage,
}

#[derive(Serialize, ToSchema)]
pub struct UploadedImage {
    /// Where the stored copy is served, e.g. `/api/image/3f…9c.jpg`.
    pub url: String,
}

/// The upload form: one file in the field `image`.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
}

/// Uploads an image (JPEG, PNG, WebP or GIF, 10 MB at most).
#[utoipa::path(post, path = "/api/image", tag = "images", security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = UploadResponse),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
async fn upload_image(
    State(state): State<AppState>,
    client: ClientIp,
    user: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<UploadResponse>> {
    state.check_upload_rate(client.0).await?;
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(
            "Upload the image as multipart/form-data in the field 'image'".into(),
        )
    })?;
    let mut upload = None;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() == Some("image") {
            upload = Some(field.bytes().await.map_err(multipart_error)?);
            break;
        }
    }
    let upload = upload
        .filter(|b| !b.is_empty())
        .ok_or_else(|| ApiError::field("image", "Image is Required"))?;
    if upload.len() > MAX_UPLOAD_BYTES {
        return Err(too_large());
    }
    let url = store(&state.db, upload.to_vec()).await?;
    tracing::info!(%url, user = ?user.email, "image uploaded");
    Ok(Json(UploadResponse {
        success: true,
        data: UploadedImage { url },
    }))
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The image is too large (10 MB at most)".into())
}

fn multipart_error(err: axum::extract::multipart::MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        ApiError::bad_request(format!("The upload could not be read: {}", err.body_text()))
    }
}

/// Re-encodes an image and stores it; answers its URL. Used for uploads and
/// for the demo pictures alike.
pub async fn store(db: &Db, bytes: Vec<u8>) -> ApiResult<String> {
    // Refused from the header alone, without waiting for a turn to decode.
    check_header(&bytes)?;
    let turn = decoding_turns()
        .acquire()
        .await
        .map_err(anyhow::Error::from)?;
    let (encoded, extension, content_type) = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        reencode(&bytes)
    })
    .await
    .map_err(anyhow::Error::from)??;
    let name = format!(
        "{}.{extension}",
        hex::encode(&Sha256::digest(&encoded)[..16])
    );
    let statement = Query::insert()
        .into_table(Images::Table)
        .columns([
            Images::Name,
            Images::ContentType,
            Images::Bytes,
            Images::CreatedAt,
        ])
        .values_panic([
            name.clone().into(),
            content_type.into(),
            encoded.into(),
            db::now().into(),
        ])
        .on_conflict(OnConflict::column(Images::Name).do_nothing().to_owned())
        .to_owned();
    db.execute(&statement).await?;
    Ok(format!("/api/image/{name}"))
}

/// The format, by content (the file name and declared type are not
/// trusted), of a picture the shop accepts.
fn accepted_format(bytes: &[u8]) -> Result<ImageFormat, ApiError> {
    let unsupported = || {
        ApiError::UnsupportedMediaType("Only JPEG, PNG, WebP and GIF images are accepted".into())
    };
    let format = image::guess_format(bytes).map_err(|_| unsupported())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif
    ) {
        return Err(unsupported());
    }
    Ok(format)
}

/// A reader for `bytes` in `format` whose decoder may not exceed the shop's
/// limits on sides and memory.
fn limited_reader(bytes: &[u8], format: ImageFormat) -> ImageReader<Cursor<&[u8]>> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODE_SIDE);
    limits.max_image_height = Some(MAX_DECODE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    reader
}

fn unreadable() -> ApiError {
    ApiError::UnsupportedMediaType("The file is not a readable JPEG, PNG, WebP or GIF image".into())
}

fn too_many_pixels() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The picture has too many pixels ({} megapixels and {MAX_DECODE_SIDE} pixels a side at most)",
        MAX_PIXELS / 1_000_000
    ))
}

/// Checks the picture's format and its size as its header declares it, before
/// anything is decoded; answers its format.
fn check_header(bytes: &[u8]) -> Result<ImageFormat, ApiError> {
    let format = accepted_format(bytes)?;
    let (width, height) = limited_reader(bytes, format)
        .into_dimensions()
        .map_err(|e| match e {
            image::ImageError::Limits(_) => too_many_pixels(),
            _ => unreadable(),
        })?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS
        || width > MAX_DECODE_SIDE
        || height > MAX_DECODE_SIDE
    {
        return Err(too_many_pixels());
    }
    Ok(format)
}

/// Decodes within limits and encodes anew: PNG when the picture has
/// transparency, JPEG otherwise.
fn reencode(bytes: &[u8]) -> Result<(Vec<u8>, &'static str, &'static str), ApiError> {
    let format = check_header(bytes)?;
    let image = limited_reader(bytes, format)
        .decode()
        .map_err(|e| match e {
            image::ImageError::Limits(_) => too_many_pixels(),
            _ => unreadable(),
        })?;
    let image = if image.width() > MAX_SIDE || image.height() > MAX_SIDE {
        image.thumbnail(MAX_SIDE, MAX_SIDE)
    } else {
        image
    };
    let mut out = Vec::new();
    if image.color().has_alpha() {
        DynamicImage::ImageRgba8(image.to_rgba8())
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .map_err(anyhow::Error::from)?;
        Ok((out, "png", "image/png"))
    } else {
        JpegEncoder::new_with_quality(&mut out, 85)
            .encode_image(&image.to_rgb8())
            .map_err(anyhow::Error::from)?;
        Ok((out, "jpg", "image/jpeg"))
    }
}

#[derive(sqlx::FromRow)]
struct ImageRow {
    content_type: String,
    bytes: Vec<u8>,
}

/// An uploaded image; its name is its content's hash, so it never changes.
#[utoipa::path(get, path = "/api/image/{name}", tag = "images", params(("name" = String, Path)),
    responses(
        (status = 200, description = "The image: JPEG, or PNG when it has transparency",
            content((String = "image/jpeg"), (String = "image/png"))),
        (status = 404, body = ErrorBody)))]
async fn get_image(State(state): State<AppState>, Path(name): Path<String>) -> ApiResult<Response> {
    // Names are what `store` makes: a hex hash and the extension of its format.
    let valid = name.split_once('.').is_some_and(|(hash, extension)| {
        hash.len() == 32
            && hash.chars().all(|c| c.is_ascii_hexdigit())
            && matches!(extension, "jpg" | "png")
    });
    let select = Query::select()
        .columns([Images::ContentType, Images::Bytes])
        .from(Images::Table)
        .and_where(Expr::col(Images::Name).eq(name.as_str()))
        .to_owned();
    let row: Option<ImageRow> = if valid {
        state.db.fetch_optional(&select).await?
    } else {
        None
    };
    let row = row.ok_or_else(|| ApiError::not_found("Image"))?;
    let headers = [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_str(&row.content_type).map_err(anyhow::Error::from)?,
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ),
        (
            header::ETAG,
            HeaderValue::from_str(&format!("\"{name}\"")).map_err(anyhow::Error::from)?,
        ),
    ];
    Ok((headers, row.bytes).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::ImageEncoder;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        DynamicImage::new_rgb8(width, height)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn an_image_is_reencoded_and_trailing_bytes_are_dropped() {
        let mut bytes = png(40, 30);
        bytes.extend_from_slice(b"<script>alert(1)</script>");
        let (out, ext, _) = reencode(&bytes).unwrap();
        assert_eq!(ext, "jpg");
        assert!(!out.windows(8).any(|w| w == b"<script>"));
    }

    /// A black grey-scale PNG: all zeros compress to almost nothing.
    fn black_png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(
                &vec![0u8; width as usize * height as usize],
                width,
                height,
                image::ExtendedColorType::L8,
            )
            .unwrap();
        out
    }

    #[test]
    fn a_picture_over_forty_megapixels_is_refused_from_its_header() {
        // 7,000 x 6,000 is 42 megapixels; 6,000 x 6,000 is 36.
        assert!(matches!(
            check_header(&black_png(7_000, 6_000)),
            Err(ApiError::PayloadTooLarge(_))
        ));
        assert_eq!(
            check_header(&black_png(6_000, 6_000)).unwrap(),
            ImageFormat::Png
        );
    }

    #[test]
    fn big_pictures_are_scaled_down_and_non_images_refused() {
        let (out, _, _) = reencode(&png(3200, 100)).unwrap();
        assert_eq!(image::load_from_memory(&out).unwrap().width(), MAX_SIDE);
        // A GIF signature and a 1x1 screen, then nothing a decoder can read.
        assert!(matches!(
            reencode(b"GIF89a\x01\x00\x01\x00 but not really"),
            Err(ApiError::UnsupportedMediaType(_))
        ));
        assert!(matches!(
            reencode(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
            Err(ApiError::UnsupportedMediaType(_))
        ));
    }
}
