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
//!
//! A prerendered page may start from an API answer (the catalogue's first
//! page): the build then leaves an empty `<script type="application/json"
//! id="page-data" data-api="/api/...">` in its head, and the shop fills it
//! with that answer (`{"api", "total", "items"}`, every `<` written `\u003c`
//! so no text in it can close the script) and preloads the first item's
//! picture. The app seeds its query cache from it, so the first cards need no
//! request of their own. The answer comes from the API router itself (through
//! the catalogue cache); the filled page is kept, gzipped, while that answer
//! stays the same. Without an answer (the database is down, say) the page
//! goes out as built, and the app asks the API as usual.
//!
//! A part's own page (`/parts/{id}`) is the shell with the part written into
//! its head for search engines and the app: its title, description, canonical
//! link, schema.org `Product` (`application/ld+json`) and the part as page
//! data (`{"api", "part"}`); 404 with the shell when the API has no such part.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io::Write;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Router;

use tower::ServiceExt;

use crate::core::negotiation::{accepts_encoding, etag_matches, etag_of};

mod pages;
mod seo;
#[cfg(test)]
mod tests;

use pages::PageDataSlot;
use seo::part_page_id;

/// What a part's page tells search engines about the shop itself.
#[derive(Clone, Debug)]
pub struct Shop {
    /// The shop's name, after the part's in the page's title.
    pub name: String,
    /// The ISO code of its prices (`usd` is written `USD`).
    pub currency: String,
    /// Its public address without a trailing slash (`https://shop.example`), for absolute links.
    pub base_url: String,
}

impl Default for Shop {
    fn default() -> Shop {
        Shop {
            name: "Parts Garage".to_owned(),
            currency: "USD".to_owned(),
            base_url: "http://127.0.0.1:8080".to_owned(),
        }
    }
}

/// The app's pages and files as a service of its own, without a router
/// around it: the shop sends every path outside /api straight to it. A
/// clone (one for every request) shares the loaded app.
#[derive(Clone)]
pub struct SiteService {
    /// None: the app is not built.
    site: Option<Arc<Site>>,
}

/// What [`SiteService`] answers with.
pub type SiteFuture = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl tower::Service<Request> for SiteService {
    type Response = Response;
    type Error = Infallible;
    type Future = SiteFuture;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> SiteFuture {
        match self.site.clone() {
            Some(site) => Box::pin(async move { Ok(site.answer(request).await) }),
            None => Box::pin(async { Ok(not_built().await.into_response()) }),
        }
    }
}

/// Serves `dir` (the output of the web app's build); `api` answers the API requests that pages
/// start from (see the module's notes), none when absent. `shop` is the shop's name, currency and
/// address for the parts' own pages (`/parts/{id}`), which get the part's title, description,
/// canonical link and schema.org `Product` in their head, and the part itself as page data.
pub fn site(dir: &Path, api: Option<Router>, shop: Shop) -> SiteService {
    match Site::load(dir, api, shop) {
        Ok(site) => SiteService {
            site: Some(Arc::new(site)),
        },
        Err(e) => {
            tracing::warn!(dir = %dir.display(), error = %e, "the web app is not built; `make run` builds it");
            SiteService { site: None }
        }
    }
}

/// Every file of the built app, by its path (`/assets/index-1a2b.js`).
struct Site {
    files: HashMap<String, File>,
    api: Option<Router>,
    shop: Shop,
    /// Pages filled with their API answer, by the page file's path (a part's page: by its own
    /// path), with the answer (ETag and total) they were filled with.
    filled: RwLock<HashMap<String, Filled>>,
}

struct Filled {
    answer: (HeaderValue, Option<HeaderValue>),
    file: Arc<File>,
}

/// One file: its bytes, and its Brotli and gzip copies when the build made them.
struct File {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    copies: Vec<Copy>,
    /// A page's empty page-data script, found once when the app is loaded.
    slot: Option<PageDataSlot>,
}

/// The file as sent with one `Content-Encoding` (None: the file itself).
struct Copy {
    encoding: Option<&'static str>,
    bytes: Bytes,
    etag: HeaderValue,
    /// The headers it is sent with, made once with its file ([`File::new`]).
    headers: HeaderMap,
}

const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gz", "gzip")];

impl Site {
    fn load(dir: &Path, api: Option<Router>, shop: Shop) -> std::io::Result<Site> {
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
            let bytes = std::fs::read(path)?;
            let content_type = mime_guess::from_path(path).first_or_octet_stream();
            let slot = if content_type == mime_guess::mime::TEXT_HTML {
                PageDataSlot::find(&bytes)
            } else {
                None
            };
            copies.push(Copy::new(None, bytes));
            let cache_control = if name.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            files.insert(
                format!("/{name}"),
                File::new(
                    HeaderValue::from_str(content_type.as_ref())
                        .expect("a MIME type is a header value"),
                    HeaderValue::from_static(cache_control),
                    copies,
                    slot,
                ),
            );
        }
        Ok(Site {
            files,
            api,
            shop,
            filled: RwLock::default(),
        })
    }

    async fn answer(&self, request: Request) -> Response {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, "GET, HEAD")],
            )
                .into_response();
        }
        let path = request.uri().path();
        let mut status = StatusCode::OK;
        let (name, file) = match self.files.get_key_value(path) {
            Some(found) => found,
            // Hashed assets that are not there are missing, not pages.
            None if path.starts_with("/assets/") => return StatusCode::NOT_FOUND.into_response(),
            None => self.page(path),
        };
        let filled = if let Some(id) =
            part_page_id(path).filter(|_| name == "/200.html" || name == "/index.html")
        {
            // A part's own page: the shell, with the part in its head (whatever the query string).
            match self.part_page(path, id, file).await {
                Some((found, page)) => {
                    status = found;
                    Some(page)
                }
                None => None,
            }
        } else if request.uri().query().is_none() {
            // A page with a query string shows something else than its build's HTML: the app
            // draws it afresh and asks the API itself.
            self.filled(name, file).await
        } else {
            None
        };
        let file = filled.as_deref().unwrap_or(file);
        let copy = file
            .copies
            .iter()
            .find(|c| {
                c.encoding
                    .is_none_or(|e| accepts_encoding(request.headers(), e))
            })
            .expect("the file itself is always there");
        let unchanged = request
            .headers()
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .any(|inm| etag_matches(inm, &copy.etag));
        let (status, body) = if unchanged && status == StatusCode::OK {
            (StatusCode::NOT_MODIFIED, Body::empty())
        } else {
            (status, Body::from(copy.bytes.clone()))
        };
        let mut response = Response::new(body);
        *response.status_mut() = status;
        *response.headers_mut() = copy.headers.clone();
        response
    }
}

/// A gzip copy of `bytes`, None when compressing fails or does not pay.
fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::default(),
    );
    encoder.write_all(bytes).ok()?;
    let gzipped = encoder.finish().ok()?;
    (gzipped.len() < bytes.len()).then_some(gzipped)
}

impl Copy {
    fn new(encoding: Option<&'static str>, bytes: Vec<u8>) -> Copy {
        let suffix = encoding.map(|e| format!("-{e}")).unwrap_or_default();
        let bytes = crate::core::zero_copy::keep(Bytes::from(bytes));
        Copy {
            encoding,
            etag: etag_of(&bytes, &suffix),
            bytes,
            headers: HeaderMap::new(),
        }
    }
}

impl File {
    /// A file and its copies, each with the headers it is sent with.
    fn new(
        content_type: HeaderValue,
        cache_control: HeaderValue,
        mut copies: Vec<Copy>,
        slot: Option<PageDataSlot>,
    ) -> File {
        for copy in &mut copies {
            let mut headers =
                HeaderMap::with_capacity(5 + crate::core::headers::ROOM_FOR_MORE_HEADERS);
            headers.insert(header::CONTENT_TYPE, content_type.clone());
            headers.insert(header::CACHE_CONTROL, cache_control.clone());
            // The same address answers differently by Accept-Encoding: caches must keep them apart.
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            headers.insert(header::ETAG, copy.etag.clone());
            if let Some(encoding) = copy.encoding {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            }
            copy.headers = headers;
        }
        File {
            content_type,
            cache_control,
            copies,
            slot,
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
