//! The React app: its built files, and index.html for every other path
//! outside /api, so the app's own router shows the page (or its not-found
//! page). Hashed assets are cached for a year; index.html is revalidated on
//! every visit. The web app's build writes a Brotli (`.br`) and a gzip
//! (`.gz`) copy next to each text file, and a browser that accepts one of
//! them gets it as is, so nothing is compressed while answering.

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
        .nest_service(
            "/assets",
            get_service(precompressed(ServeDir::new(dir.join("assets")))),
        )
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
    let index = ServeFile::new(index)
        .precompressed_br()
        .precompressed_gzip();
    let pages = precompressed(ServeDir::new(dir)).fallback(index);
    assets
        .fallback_service(pages)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        // The same address answers differently by Accept-Encoding: caches must keep them apart.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::VARY,
            HeaderValue::from_static("accept-encoding"),
        ))
}

/// Serves a file's `.br` or `.gz` copy, when there is one, to a browser that accepts it.
fn precompressed(dir: ServeDir) -> ServeDir {
    dir.precompressed_br().precompressed_gzip()
}

async fn not_built() -> impl IntoResponse {
    Html("<!doctype html><title>Parts Garage</title><p>The shop's web app has not been built yet. Run <code>make run</code>, or see the API at <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::{to_bytes, Body};
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    const INDEX: &str = "<!doctype html><title>Parts Garage</title><div id=\"root\"></div>";
    const SCRIPT: &str = "console.log('parts');";

    /// A built web app with an index page and one script, each with a gzip and a Brotli copy
    /// (marked, so the test can tell which one was sent).
    fn built_app() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("assets")).unwrap();
        for (path, text) in [("index.html", INDEX), ("assets/app-1a2b.js", SCRIPT)] {
            std::fs::write(dir.path().join(path), text).unwrap();
            std::fs::write(dir.path().join(format!("{path}.gz")), format!("gz:{text}")).unwrap();
            std::fs::write(dir.path().join(format!("{path}.br")), format!("br:{text}")).unwrap();
        }
        dir
    }

    async fn get(
        app: &Router,
        path: &str,
        accept: Option<&str>,
    ) -> (StatusCode, axum::http::HeaderMap, String) {
        let mut request = Request::get(path);
        if let Some(accept) = accept {
            request = request.header(header::ACCEPT_ENCODING, accept);
        }
        let response = app
            .clone()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, headers, String::from_utf8_lossy(&body).into_owned())
    }

    fn value(headers: &axum::http::HeaderMap, name: header::HeaderName) -> Option<&str> {
        headers.get(name).map(|v| v.to_str().unwrap())
    }

    #[tokio::test]
    async fn a_browser_that_accepts_brotli_gets_the_brotli_copy_with_its_own_content_type() {
        let dir = built_app();
        let app = router(dir.path());
        let (status, headers, body) =
            get(&app, "/assets/app-1a2b.js", Some("gzip, deflate, br, zstd")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, format!("br:{SCRIPT}"));
        assert_eq!(value(&headers, header::CONTENT_ENCODING), Some("br"));
        assert!(value(&headers, header::CONTENT_TYPE)
            .unwrap()
            .starts_with("text/javascript"));
        assert_eq!(
            value(&headers, header::CACHE_CONTROL),
            Some("public, max-age=31536000, immutable")
        );
        assert_eq!(value(&headers, header::VARY), Some("accept-encoding"));
    }

    #[tokio::test]
    async fn gzip_only_and_plain_clients_get_the_gzip_copy_or_the_file_itself() {
        let dir = built_app();
        let app = router(dir.path());
        let (_, headers, body) = get(&app, "/assets/app-1a2b.js", Some("gzip")).await;
        assert_eq!(body, format!("gz:{SCRIPT}"));
        assert_eq!(value(&headers, header::CONTENT_ENCODING), Some("gzip"));
        let (_, headers, body) = get(&app, "/assets/app-1a2b.js", None).await;
        assert_eq!(body, SCRIPT);
        assert_eq!(value(&headers, header::CONTENT_ENCODING), None);
    }

    #[tokio::test]
    async fn every_page_gets_the_compressed_index_and_it_is_never_cached_unchecked() {
        let dir = built_app();
        let app = router(dir.path());
        for path in ["/", "/purchase/7", "/dashboard/order"] {
            let (status, headers, body) = get(&app, path, Some("gzip, br")).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(body, format!("br:{INDEX}"), "{path}");
            assert_eq!(
                value(&headers, header::CONTENT_ENCODING),
                Some("br"),
                "{path}"
            );
            assert!(
                value(&headers, header::CONTENT_TYPE)
                    .unwrap()
                    .starts_with("text/html"),
                "{path}"
            );
            assert_eq!(
                value(&headers, header::CACHE_CONTROL),
                Some("no-cache"),
                "{path}"
            );
        }
        let (_, headers, body) = get(&app, "/purchase/7", None).await;
        assert_eq!(body, INDEX);
        assert_eq!(value(&headers, header::CONTENT_ENCODING), None);
    }
}
