//! The React app: its built files, and index.html for every other path
//! outside /api, so the app's own router shows the page (or its not-found
//! page). Hashed assets are cached for a year.

use std::path::Path;

use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse};
use axum::routing::get_service;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// Serves `dir` (the output of the web app's build).
pub fn router(dir: &Path) -> Router {
    let index = dir.join("index.html");
    if !index.exists() {
        tracing::warn!(dir = %dir.display(), "the web app is not built; `make run` builds it");
        return Router::new().fallback(not_built);
    }
    let assets = Router::new()
        .nest_service("/assets", get_service(ServeDir::new(dir.join("assets"))))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
    let pages = ServeDir::new(dir).fallback(ServeFile::new(index));
    assets
        .fallback_service(pages)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
}

async fn not_built() -> impl IntoResponse {
    Html("<!doctype html><title>Parts Garage</title><p>The shop's web app has not been built yet. Run <code>make run</code>, or see the API at <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p>")
}
