//! The images' handlers: an upload, and an image served by its name.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::{store, UploadForm, UploadResponse, UploadedImage, MAX_UPLOAD_BYTES};
use crate::app::state::AppState;
use crate::core::caller::CurrentUser;
use crate::core::client::ClientIp;
use crate::core::error::{ApiError, ApiResult, ErrorBody};

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
pub(super) async fn upload_image(
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
    let url = super::save(&state.db, upload.to_vec()).await?;
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

/// An uploaded image; its name is its content's hash, so it never changes.
#[utoipa::path(get, path = "/api/image/{name}", tag = "images", params(("name" = String, Path)),
    responses(
        (status = 200, description = "The image: JPEG, or PNG when it has transparency",
            content((String = "image/jpeg"), (String = "image/png"))),
        (status = 404, body = ErrorBody)))]
pub(super) async fn get_image(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Response> {
    // Names are what `save` makes: a hex hash and the extension of its format.
    let valid = name.split_once('.').is_some_and(|(hash, extension)| {
        hash.len() == 32
            && hash.chars().all(|c| c.is_ascii_hexdigit())
            && matches!(extension, "jpg" | "png")
    });
    let row = if valid {
        store::find(&state.db, &name).await?
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
