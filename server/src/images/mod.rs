//! Images uploaded to the shop (docs/decisions.md, D12): checked by their
//! content, decoded within pixel limits, re-encoded (dropping metadata and
//! trailing bytes), bounded in size, and served at a content-addressed URL
//! for a year.

//!
//! `encode` checks and re-encodes a picture, `routes` has the handlers and
//! `store` the queries.

mod encode;
mod routes;
mod store;

use axum::extract::DefaultBodyLimit;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::db::Db;
use crate::core::error::ApiResult;

/// Largest upload accepted.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// Most pixels a picture may have: read from its header, before it is decoded.
/// 40 megapixels is more than any camera photo; decoded as 8-bit RGBA it is 160 MB.
pub const MAX_PIXELS: u64 = 40_000_000;
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        // The multipart envelope may add a little to the 10 MB file itself.
        .routes(
            routes!(routes::upload_image)
                .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024)),
        )
        .routes(routes!(routes::get_image))
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

/// Re-encodes an image and stores it; answers its URL. Used for uploads and
/// for the demo pictures alike.
pub async fn save(db: &Db, bytes: Vec<u8>) -> ApiResult<String> {
    // Refused from the header alone, without waiting for a turn to decode.
    encode::check_header(&bytes)?;
    let turn = encode::decoding_turns()
        .acquire()
        .await
        .map_err(anyhow::Error::from)?;
    let (encoded, extension, content_type) = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        encode::reencode(&bytes)
    })
    .await
    .map_err(anyhow::Error::from)??;
    let name = format!(
        "{}.{extension}",
        hex::encode(&Sha256::digest(&encoded)[..16])
    );
    store::insert(db, &name, content_type, encoded).await?;
    Ok(format!("/api/image/{name}"))
}
