//! The React app: its built files, and for every other path outside /api
//! the page's HTML: the build's prerendered page when it made one (the home
//! page, the catalogue, ...), otherwise the app's shell, so that the app's own
//! router shows the page (or its not-found page). Hashed assets are cached for a year; index.html is revalidated on
//! every visit. The web app's build writes a Brotli (`.br`) and a gzip
//! (`.gz`) copy next to each text file, and a browser that accepts one of
//! them gets it as is, so nothing is compressed while answering.
//!
//! The built app is small (about a megabyte with its compressed copies), so
//! it is read into memory when the shop starts and answered from there, with
//! an ETag per file and copy: no file is opened while answering. Rebuilding
//! the app takes a restart of the shop to show.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Router;

use crate::negotiation::{accepts_encoding, etag_matches, etag_of};

/// Serves `dir` (the output of the web app's build).
pub fn router(dir: &Path) -> Router {
    let site = match Site::load(dir) {
        Ok(site) => Arc::new(site),
        Err(e) => {
            tracing::warn!(dir = %dir.display(), error = %e, "the web app is not built; `make run` builds it");
            return Router::new().fallback(not_built);
        }
    };
    Router::new().fallback(move |request: Request| {
        let site = site.clone();
        async move { site.answer(&request) }
    })
}

/// Every file of the built app, by its path (`/assets/index-1a2b.js`).
struct Site {
    files: HashMap<String, File>,
}

/// One file: its bytes, and its Brotli and gzip copies when the build made them.
struct File {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    copies: Vec<Copy>,
}

/// The file as sent with one `Content-Encoding` (None: the file itself).
struct Copy {
    encoding: Option<&'static str>,
    bytes: Bytes,
    etag: HeaderValue,
}

const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gz", "gzip")];

impl Site {
    fn load(dir: &Path) -> std::io::Result<Site> {
        if !dir.join("index.html").is_file() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no index.html",
            ));
        }
        let mut paths = Vec::new();
        walk(dir, &mut paths)?;
        let mut files = HashMap::new();
        for path in &paths {
            let name = path
                .strip_prefix(dir)
                .expect("under the folder")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            // A compressed copy is kept with the file it is a copy of.
            if ENCODINGS
                .iter()
                .any(|(ext, _)| name.ends_with(&format!(".{ext}")))
                && paths.contains(&path.with_extension(""))
            {
                continue;
            }
            let mut copies = Vec::new();
            for (ext, encoding) in ENCODINGS {
                let copy = path.with_file_name(format!(
                    "{}.{ext}",
                    path.file_name().expect("a file").to_string_lossy()
                ));
                if copy.is_file() {
                    copies.push(Copy::new(Some(encoding), std::fs::read(copy)?));
                }
            }
            copies.push(Copy::new(None, std::fs::read(path)?));
            let content_type = mime_guess::from_path(path).first_or_octet_stream();
            let cache_control = if name.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            files.insert(
                format!("/{name}"),
                File {
                    content_type: HeaderValue::from_str(content_type.as_ref())
                        .expect("a MIME type is a header value"),
                    cache_control: HeaderValue::from_static(cache_control),
                    copies,
                },
            );
        }
        Ok(Site { files })
    }

    fn answer(&self, request: &Request) -> Response {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, "GET, HEAD")],
            )
                .into_response();
        }
        let path = request.uri().path();
        let file = match self.files.get(path) {
            Some(file) => file,
            // Hashed assets that are not there are missing, not pages.
            None if path.starts_with("/assets/") => return StatusCode::NOT_FOUND.into_response(),
            None => self.page(path),
        };
        let copy = file
            .copies
            .iter()
            .find(|c| {
                c.encoding
                    .is_none_or(|e| accepts_encoding(request.headers(), e))
            })
            .expect("the file itself is always there");
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, file.content_type.clone());
        headers.insert(header::CACHE_CONTROL, file.cache_control.clone());
        // The same address answers differently by Accept-Encoding: caches must keep them apart.
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        headers.insert(header::ETAG, copy.etag.clone());
        if let Some(encoding) = copy.encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        let unchanged = request
            .headers()
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .any(|inm| etag_matches(inm, &copy.etag));
        if unchanged {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        (headers, Body::from(copy.bytes.clone())).into_response()
    }
}

impl Site {
    /// The HTML for a page of the app: the build's prerendered page for the path when it has one
    /// (`/parts` is `parts/index.html`, `/` is `index.html`), otherwise the app's unrendered shell
    /// (`200.html`), which the browser draws whatever page the address names. A build without a
    /// shell answers `index.html` for every page.
    fn page(&self, path: &str) -> &File {
        let dir = path.trim_end_matches('/');
        self.files
            .get(&format!("{dir}/index.html"))
            .or_else(|| self.files.get("/200.html"))
            .unwrap_or(&self.files["/index.html"])
    }
}

impl Copy {
    fn new(encoding: Option<&'static str>, bytes: Vec<u8>) -> Copy {
        let suffix = encoding.map(|e| format!("-{e}")).unwrap_or_default();
        Copy {
            encoding,
            etag: etag_of(&bytes, &suffix),
            bytes: Bytes::from(bytes),
        }
    }
}

/// Every file under `dir`, in its sub-folders too.
fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
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

    #[tokio::test]
    async fn prerendered_pages_are_answered_for_their_path_and_the_shell_for_any_other() {
        let dir = built_app();
        let page = |name: &str| format!("<!doctype html><div id=\"root\">{name}</div>");
        std::fs::create_dir(dir.path().join("parts")).unwrap();
        std::fs::write(dir.path().join("index.html"), page("home")).unwrap();
        std::fs::write(dir.path().join("parts/index.html"), page("parts")).unwrap();
        std::fs::write(dir.path().join("200.html"), page("shell")).unwrap();
        let app = router(dir.path());
        for (path, name) in [
            ("/", "home"),
            ("/parts", "parts"),
            ("/parts/", "parts"),
            ("/purchase/7", "shell"),
            ("/dashboard/order", "shell"),
            ("/no/such/page", "shell"),
        ] {
            let (status, headers, body) = get(&app, path, None).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(body, page(name), "{path}");
            assert_eq!(
                value(&headers, header::CACHE_CONTROL),
                Some("no-cache"),
                "{path}"
            );
        }
    }

    #[tokio::test]
    async fn a_copy_the_browser_has_is_not_sent_again_and_missing_assets_are_404() {
        let dir = built_app();
        let app = router(dir.path());
        let (_, headers, _) = get(&app, "/assets/app-1a2b.js", Some("br")).await;
        let etag = value(&headers, header::ETAG).unwrap().to_owned();
        let (_, plain, _) = get(&app, "/assets/app-1a2b.js", None).await;
        assert_ne!(
            value(&plain, header::ETAG).unwrap(),
            etag,
            "each copy has its own tag"
        );

        let request = Request::get("/assets/app-1a2b.js")
            .header(header::ACCEPT_ENCODING, "br")
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(value(response.headers(), header::ETAG), Some(etag.as_str()));
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert!(body.is_empty());

        let (status, _, _) = get(&app, "/assets/gone-9z9z.js", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, body) = get(&app, "/assets/app-1a2b.js", Some("gzip;q=0, br;q=0")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, SCRIPT, "refused codings are not sent");

        let post = Request::post("/").body(Body::empty()).unwrap();
        let response = app.clone().oneshot(post).await.unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}
