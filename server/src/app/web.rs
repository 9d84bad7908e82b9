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

impl Site {
    /// The HTML for a page of the app: the build's prerendered page for the path when it has one
    /// (`/parts` is `parts/index.html`, `/` is `index.html`), otherwise the app's unrendered shell
    /// (`200.html`), which the browser draws whatever page the address names. A build without a
    /// shell answers `index.html` for every page.
    fn page(&self, path: &str) -> (&String, &File) {
        let dir = path.trim_end_matches('/');
        self.files
            .get_key_value(&format!("{dir}/index.html"))
            .or_else(|| self.files.get_key_value("/200.html"))
            .unwrap_or_else(|| self.files.get_key_value("/index.html").expect("loaded"))
    }

    /// The page `name` filled with the API answer it starts from, when it names one and the API
    /// gave it; None to send the page as built.
    async fn filled(&self, name: &str, file: &File) -> Option<Arc<File>> {
        let api = self.api.as_ref()?;
        let html = &file.copies.last()?.bytes;
        let slot = file.slot.as_ref()?;
        let request = axum::http::Request::get(&slot.api)
            .body(Body::empty())
            .ok()?;
        let response = api.clone().oneshot(request).await.ok()?;
        if response.status() != StatusCode::OK
            || response.headers().contains_key(header::CONTENT_ENCODING)
        {
            return None;
        }
        let total = response.headers().get("x-total-count").cloned();
        let etag = response.headers().get(header::ETAG).cloned();
        let body = axum::body::to_bytes(response.into_body(), 8 * 1024 * 1024)
            .await
            .ok()?;
        let etag = etag.unwrap_or_else(|| etag_of(&body, ""));
        let answer = (etag, total);
        if let Some(kept) = self
            .filled
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(name)
            .filter(|kept| kept.answer == answer)
        {
            return Some(kept.file.clone());
        }
        let total = answer
            .1
            .as_ref()
            .and_then(|t| t.to_str().ok()?.parse::<u64>().ok());
        let page = slot.fill(html, &body, total)?;
        let file = Arc::new(File::new(
            file.content_type.clone(),
            file.cache_control.clone(),
            [
                gzip(&page).map(|g| Copy::new(Some("gzip"), g)),
                Some(Copy::new(None, page)),
            ]
            .into_iter()
            .flatten()
            .collect(),
            None,
        ));
        self.filled
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(
                name.to_owned(),
                Filled {
                    answer,
                    file: file.clone(),
                },
            );
        Some(file)
    }
}

impl Site {
    /// The shell for the part `id`'s page (`path`): with the part's title, description, canonical
    /// link, schema.org `Product` and the part as page data when the API has it (kept, gzipped,
    /// while the part's answer stays the same); for a part the API does not know, 404 and a page
    /// that search engines leave out (the app says the part is not found). None: the API could not
    /// answer, and the shell goes out as built.
    async fn part_page(
        &self,
        path: &str,
        id: &str,
        file: &File,
    ) -> Option<(StatusCode, Arc<File>)> {
        let api = self.api.as_ref()?;
        let html = &file.copies.last()?.bytes;
        let api_path = format!("/api/part/{id}");
        let request = axum::http::Request::get(&api_path)
            .body(Body::empty())
            .ok()?;
        let response = api.clone().oneshot(request).await.ok()?;
        if response.status() == StatusCode::NOT_FOUND {
            let page = part_not_found_html(html, &self.shop)?;
            return Some((
                StatusCode::NOT_FOUND,
                Arc::new(self.page_file(file, page, false)),
            ));
        }
        if response.status() != StatusCode::OK
            || response.headers().contains_key(header::CONTENT_ENCODING)
        {
            return None;
        }
        let etag = response.headers().get(header::ETAG).cloned();
        let body = axum::body::to_bytes(response.into_body(), 8 * 1024 * 1024)
            .await
            .ok()?;
        let answer = (etag.unwrap_or_else(|| etag_of(&body, "")), None);
        let part: serde_json::Value = serde_json::from_slice(&body).ok()?;
        // The part's own address is its id as the API writes it (`/parts/7`, not `/parts/007`):
        // the canonical link names it, and only its page is kept.
        let own = part
            .get("_id")
            .and_then(|v| v.as_str())
            .filter(|own| part_page_id(&format!("/parts/{own}")).is_some())
            .unwrap_or(id);
        if own == id {
            if let Some(kept) = self
                .filled
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .get(path)
                .filter(|kept| kept.answer == answer)
            {
                return Some((StatusCode::OK, kept.file.clone()));
            }
        }
        let page = part_html(html, &api_path, &part, &format!("/parts/{own}"), &self.shop)?;
        let file = Arc::new(self.page_file(file, page, true));
        if own != id {
            return Some((StatusCode::OK, file));
        }
        keep_part_page(
            &mut self.filled.write().unwrap_or_else(|e| e.into_inner()),
            path,
            Filled {
                answer,
                file: file.clone(),
            },
        );
        Some((StatusCode::OK, file))
    }

    /// A page made while answering, as `file`'s type, with a gzip copy when `compress`.
    fn page_file(&self, file: &File, page: Vec<u8>, compress: bool) -> File {
        File::new(
            file.content_type.clone(),
            file.cache_control.clone(),
            [
                compress
                    .then(|| gzip(&page))
                    .flatten()
                    .map(|g| Copy::new(Some("gzip"), g)),
                Some(Copy::new(None, page)),
            ]
            .into_iter()
            .flatten()
            .collect(),
            None,
        )
    }
}

/// How many parts' pages are kept filled at most (a few KB each).
const KEPT_PART_PAGES: usize = 256;

/// Keeps `page` as the filled page of the part page `path`. A catalogue of many thousand parts,
/// or a crawler walking it, must not grow the process: once `KEPT_PART_PAGES` are kept, those
/// are let go (and made again when asked for); the other pages stay.
fn keep_part_page<V>(kept: &mut HashMap<String, V>, path: &str, page: V) {
    if !kept.contains_key(path)
        && kept.keys().filter(|k| part_page_id(k).is_some()).count() >= KEPT_PART_PAGES
    {
        kept.retain(|k, _| part_page_id(k).is_none());
    }
    kept.insert(path.to_owned(), page);
}

/// The part id in a part page's path (`/parts/42`): one plain segment after `/parts/`.
fn part_page_id(path: &str) -> Option<&str> {
    let id = path.strip_prefix("/parts/")?;
    let plain = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.%".contains(c));
    plain.then_some(id)
}

/// The longest page description, in characters; search engines show about this much.
const DESCRIPTION_CHARS: usize = 160;

/// `text` on one line, cut after a whole word with "…" when longer than `DESCRIPTION_CHARS`.
fn page_description(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= DESCRIPTION_CHARS {
        return line;
    }
    let cut: String = line.chars().take(DESCRIPTION_CHARS - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > DESCRIPTION_CHARS / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':', ' ']))
}

/// `html` with its `<title>` and description replaced and `head` added at the end of its head;
/// None when it has no head.
fn with_head(html: &[u8], title: &str, description: &str, head: &str) -> Option<Vec<u8>> {
    let mut html = std::str::from_utf8(html).ok()?.to_owned();
    let title = format!("<title>{}</title>", escape_attribute(title));
    match (html.find("<title>"), html.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            html.replace_range(start..end + "</title>".len(), &title)
        }
        _ => html = html.replacen("</head>", &format!("{title}</head>"), 1),
    }
    let meta = format!(
        "<meta name=\"description\" content=\"{}\">",
        escape_attribute(description)
    );
    match html.find("<meta name=\"description\"") {
        Some(start) => {
            let end = start + html[start..].find('>')? + 1;
            html.replace_range(start..end, &meta);
        }
        None => html = html.replacen("</head>", &format!("{meta}</head>"), 1),
    }
    let end = html.find("</head>")?;
    html.insert_str(end, head);
    Some(html.into_bytes())
}

/// A part's address (`/api/image/ab12`, `https://…`) as an absolute URL; None for anything else.
fn absolute_url(base: &str, url: &str) -> Option<String> {
    if url.starts_with('/') && !url.starts_with("//") {
        Some(format!("{base}{url}"))
    } else if url.starts_with("https://") || url.starts_with("http://") {
        Some(url.to_owned())
    } else {
        None
    }
}

/// The schema.org `Product` of `part` (as `GET /api/part/{id}` answers it), with its `Offer`.
fn product_json_ld(part: &serde_json::Value, url: &str, shop: &Shop) -> serde_json::Value {
    let text = |field: &str| part.get(field).and_then(|v| v.as_str()).unwrap_or_default();
    let numbers = |field: &str| -> Vec<String> {
        part.get(field)
            .and_then(|v| v.as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let count = |field: &str| part.get(field).and_then(|v| v.as_i64()).unwrap_or(0);
    let (stock, minimum) = (count("availableQuantity"), count("minimumOrder"));
    let in_stock = stock > 0 && stock >= minimum;
    let oem = numbers("oemNumbers");
    let identifiers: Vec<serde_json::Value> = oem
        .iter()
        .map(|n| ("OEM", n))
        .chain(numbers("replaces").iter().map(|n| ("Replaces", n)).collect::<Vec<_>>())
        .map(|(kind, n)| serde_json::json!({ "@type": "PropertyValue", "propertyID": kind, "value": n }))
        .collect();
    let mut product = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": text("name"),
        "description": page_description(text("description")),
        "sku": text("sku"),
        "url": url,
        "offers": {
            "@type": "Offer",
            "price": part.get("price").cloned().unwrap_or(serde_json::Value::Null),
            "priceCurrency": shop.currency.trim().to_ascii_uppercase(),
            "availability": if in_stock { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
            "url": url,
        },
    });
    if let Some(image) = absolute_url(&shop.base_url, text("img")) {
        product["image"] = image.into();
    }
    if let Some(category) = part.get("category").and_then(|v| v.as_str()) {
        product["category"] = category.into();
    }
    if let Some(first) = oem.first() {
        product["mpn"] = first.clone().into();
    }
    if !identifiers.is_empty() {
        product["identifier"] = identifiers.into();
    }
    product
}

/// The shell for `part`'s page (`page`, its path): title, description, canonical link, a preload
/// of its picture, its schema.org `Product`, and the API's answer (`api`) as page data. Every
/// text is escaped for where it stands: attributes as HTML, the scripts' JSON with `<` as `\u003c`.
fn part_html(
    html: &[u8],
    api: &str,
    part: &serde_json::Value,
    page: &str,
    shop: &Shop,
) -> Option<Vec<u8>> {
    let name = part.get("name")?.as_str()?;
    let description = part
        .get("description")
        .and_then(|v| v.as_str())
        .unwrap_or_default();
    let url = format!("{}{page}", shop.base_url);
    let mut head = format!(
        "<link rel=\"canonical\" href=\"{}\">",
        escape_attribute(&url)
    );
    if let Some(img) = part
        .get("img")
        .and_then(|v| v.as_str())
        .filter(|img| img.starts_with('/') && !img.starts_with("//"))
    {
        head.push_str(&format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\">",
            escape_attribute(img)
        ));
    }
    head.push_str("<script type=\"application/ld+json\">");
    head.push_str(&script_json(&product_json_ld(part, &url, shop)));
    head.push_str("</script><script type=\"application/json\" id=\"page-data\">");
    head.push_str(&script_json(
        &serde_json::json!({ "api": api, "part": part }),
    ));
    head.push_str("</script>");
    with_head(
        html,
        &format!("{name} – {}", shop.name),
        &page_description(description),
        &head,
    )
}

/// The shell for a part that is not there: titled so, and left out by search engines.
fn part_not_found_html(html: &[u8], shop: &Shop) -> Option<Vec<u8>> {
    with_head(
        html,
        &format!("Part not found – {}", shop.name),
        "This part is no longer in the catalogue.",
        "<meta name=\"robots\" content=\"noindex\">",
    )
}

/// The empty page-data script the build left in a page, where it is, and the API path it names.
#[derive(Debug, PartialEq)]
struct PageDataSlot {
    /// Byte offsets of the whole `<script ...></script>` element.
    start: usize,
    end: usize,
    api: String,
}

const SLOT_OPEN: &str = "<script type=\"application/json\" id=\"page-data\" data-api=\"";
const SLOT_CLOSE: &str = "\"></script>";

impl PageDataSlot {
    fn find(html: &[u8]) -> Option<PageDataSlot> {
        let html = std::str::from_utf8(html).ok()?;
        let start = html.find(SLOT_OPEN)?;
        let rest = &html[start + SLOT_OPEN.len()..];
        let len = rest.find(SLOT_CLOSE)?;
        let api = rest[..len].replace("&amp;", "&");
        // Only the shop's own API, and only a plain path and query.
        let plain = api.starts_with("/api/")
            && api
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/?&=_-.,%".contains(c));
        plain.then(|| PageDataSlot {
            start,
            end: start + SLOT_OPEN.len() + len + SLOT_CLOSE.len(),
            api,
        })
    }

    /// The page with the slot filled with `body` (a JSON array) and `total`, and a preload of the
    /// first item's picture; None when `body` is not a JSON array.
    fn fill(&self, html: &[u8], body: &[u8], total: Option<u64>) -> Option<Vec<u8>> {
        let items: Vec<serde_json::Value> = serde_json::from_slice(body).ok()?;
        let total = total.unwrap_or(items.len() as u64);
        let data = serde_json::json!({ "api": self.api, "total": total, "items": items });
        let mut out = Vec::with_capacity(html.len() + body.len() + 256);
        out.extend_from_slice(&html[..self.start]);
        if let Some(img) = items
            .first()
            .and_then(|item| item.get("img"))
            .and_then(|img| img.as_str())
            .filter(|img| img.starts_with('/') && !img.starts_with("//"))
        {
            out.extend_from_slice(
                b"<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"",
            );
            out.extend_from_slice(escape_attribute(img).as_bytes());
            out.extend_from_slice(b"\">");
        }
        out.extend_from_slice(b"<script type=\"application/json\" id=\"page-data\">");
        out.extend_from_slice(script_json(&data).as_bytes());
        out.extend_from_slice(b"</script>");
        out.extend_from_slice(&html[self.end..]);
        Some(out)
    }
}

/// `value` as JSON that can stand inside a `<script>` element: every `<` (which only occurs in
/// strings) is written `\u003c`, so the text can neither close the element nor open a comment.
fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
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
        app: &SiteService,
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
        let app = site(dir.path(), None, Shop::default());
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
        let app = site(dir.path(), None, Shop::default());
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
        let app = site(dir.path(), None, Shop::default());
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
        let app = site(dir.path(), None, Shop::default());
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
        let app = site(dir.path(), None, Shop::default());
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

    const SLOT: &str = "<script type=\"application/json\" id=\"page-data\" data-api=\"/api/part?sort=newest&amp;limit=2&amp;offset=0\"></script>";
    const EVIL: &str = "</script><script>alert(1)</script>";

    /// A built app whose /parts page starts from the catalogue's first page, and an API that
    /// answers it with `items` (or fails, with None), counting its calls.
    fn app_with_page_data(
        items: Option<serde_json::Value>,
    ) -> (
        tempfile::TempDir,
        SiteService,
        Arc<std::sync::atomic::AtomicUsize>,
    ) {
        let dir = built_app();
        std::fs::create_dir(dir.path().join("parts")).unwrap();
        std::fs::write(
            dir.path().join("parts/index.html"),
            format!("<!doctype html><head>{SLOT}</head><div id=\"root\">parts</div>"),
        )
        .unwrap();
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = calls.clone();
        let api = Router::new().route(
            "/api/part",
            axum::routing::get(move |uri: axum::http::Uri| {
                let items = items.clone();
                counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                async move {
                    assert_eq!(uri.query(), Some("sort=newest&limit=2&offset=0"));
                    match items {
                        Some(items) => {
                            ([("x-total-count", "40")], axum::Json(items)).into_response()
                        }
                        None => StatusCode::SERVICE_UNAVAILABLE.into_response(),
                    }
                }
            }),
        );
        let app = site(dir.path(), Some(api), Shop::default());
        (dir, app, calls)
    }

    /// The JSON in the page's filled page-data script.
    fn page_data(body: &str) -> serde_json::Value {
        let open = "<script type=\"application/json\" id=\"page-data\">";
        let start = body.find(open).expect("the page-data script") + open.len();
        let len = body[start..].find("</script>").expect("its end");
        serde_json::from_str(&body[start..start + len]).unwrap()
    }

    #[tokio::test]
    async fn a_page_starts_with_its_api_answer_and_a_preload_of_the_first_picture() {
        let items = serde_json::json!([
            { "_id": "2", "name": "Brake pad", "img": "/api/image/ab12" },
            { "_id": "1", "name": "Oil filter", "img": "/api/image/cd34" },
        ]);
        let (_dir, app, calls) = app_with_page_data(Some(items.clone()));
        let (status, headers, body) = get(&app, "/parts", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(value(&headers, header::CACHE_CONTROL), Some("no-cache"));
        assert_eq!(
            page_data(&body),
            serde_json::json!({ "api": "/api/part?sort=newest&limit=2&offset=0", "total": 40, "items": items })
        );
        assert!(body.contains(
            "<head><link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/api/image/ab12\"><script"
        ));
        assert!(!body.contains("data-api"), "the slot is replaced");
        assert!(body.ends_with("<div id=\"root\">parts</div>"));

        // The gzip copy is the same page; the filled page is kept while the answer is the same.
        let (_, gz_headers, _) = get(&app, "/parts", Some("gzip")).await;
        assert_eq!(value(&gz_headers, header::CONTENT_ENCODING), Some("gzip"));
        assert_ne!(
            value(&gz_headers, header::ETAG),
            value(&headers, header::ETAG)
        );
        let (_, again, _) = get(&app, "/parts", None).await;
        assert_eq!(value(&again, header::ETAG), value(&headers, header::ETAG));
        assert_eq!(
            calls.load(std::sync::atomic::Ordering::SeqCst),
            3,
            "asked each time"
        );

        // With a query string the app draws the page itself: the page goes out as built.
        let (_, _, body) = get(&app, "/parts?q=brake", None).await;
        assert!(body.contains(SLOT));
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 3);
        // Pages without a slot never ask.
        get(&app, "/", None).await;
        get(&app, "/purchase/7", None).await;
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn no_part_name_can_close_the_page_data_script() {
        let items = serde_json::json!([
            { "_id": "1", "name": EVIL, "description": "<!-- <script>", "img": "/api/image/\"><script>x</script>" },
        ]);
        let (_dir, app, _) = app_with_page_data(Some(items.clone()));
        let (_, _, body) = get(&app, "/parts", None).await;
        assert!(!body.contains(EVIL), "{body}");
        assert!(!body.contains("<script>"), "{body}");
        assert!(!body.contains("<!--"), "{body}");
        // One script element, the page data's, and it holds the names unchanged.
        assert_eq!(body.matches("</script>").count(), 1, "{body}");
        assert_eq!(page_data(&body)["items"], items);
        assert!(body.contains("href=\"/api/image/&quot;&gt;&lt;script&gt;x&lt;/script&gt;\""));
    }

    #[tokio::test]
    async fn without_an_answer_the_page_goes_out_as_built() {
        let (_dir, app, calls) = app_with_page_data(None);
        let (status, _, body) = get(&app, "/parts", None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains(SLOT));
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn only_a_plain_api_path_is_asked_for() {
        let slot = |api: &str| {
            PageDataSlot::find(
                format!("<script type=\"application/json\" id=\"page-data\" data-api=\"{api}\"></script>")
                    .as_bytes(),
            )
            .map(|slot| slot.api)
        };
        assert_eq!(
            slot("/api/part?limit=2&amp;offset=0").as_deref(),
            Some("/api/part?limit=2&offset=0")
        );
        assert_eq!(slot("https://example.com/api/part"), None);
        assert_eq!(slot("//example.com/api/part"), None);
        assert_eq!(slot("/assets/app.js"), None);
        assert_eq!(slot("/api/part?q=a b"), None);
    }

    /// A built app with a shell (`200.html`) whose head has the build's title and description,
    /// and an API that knows the part `7` (as `part`), says 404 for `8` and fails for any other.
    fn app_with_part(part: serde_json::Value) -> (tempfile::TempDir, SiteService) {
        let dir = built_app();
        std::fs::write(
            dir.path().join("200.html"),
            "<!doctype html><html><head><meta charset=\"UTF-8\" /><meta name=\"description\" content=\"The shop.\" /><title>Parts Garage</title></head><body><div id=\"root\"></div></body></html>",
        )
        .unwrap();
        let api = Router::new().route(
            "/api/part/{id}",
            axum::routing::get(
                move |axum::extract::Path(id): axum::extract::Path<String>| {
                    let part = part.clone();
                    async move {
                        match id.as_str() {
                            "7" | "007" => axum::Json(part).into_response(),
                            "8" => StatusCode::NOT_FOUND.into_response(),
                            _ => StatusCode::SERVICE_UNAVAILABLE.into_response(),
                        }
                    }
                },
            ),
        );
        let shop = Shop {
            name: "Brake & Co".to_owned(),
            currency: "eur".to_owned(),
            base_url: "https://shop.example".to_owned(),
        };
        let app = site(dir.path(), Some(api), shop);
        (dir, app)
    }

    fn front_pads() -> serde_json::Value {
        serde_json::json!({
            "_id": "7", "name": "Front brake pads", "sku": "BP-100",
            "description": "Ceramic pads.\n\nQuiet and  low dust.", "img": "/api/image/ab12",
            "price": 42.5, "availableQuantity": 30, "minimumOrder": 4, "category": "Brakes",
            "oemNumbers": ["04465-02220", "04465-12610"], "replaces": ["BP-090"],
            "fitments": [{ "make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019 }],
        })
    }

    /// The JSON of the page's one `application/ld+json` script.
    fn json_ld(body: &str) -> serde_json::Value {
        let open = "<script type=\"application/ld+json\">";
        assert_eq!(body.matches(open).count(), 1, "{body}");
        let start = body.find(open).unwrap() + open.len();
        let len = body[start..].find("</script>").unwrap();
        serde_json::from_str(&body[start..start + len]).unwrap()
    }

    #[test]
    fn kept_part_pages_stay_bounded_and_other_pages_stay_kept() {
        let mut kept = HashMap::new();
        kept.insert("/index.html".to_owned(), 0);
        for id in 0..KEPT_PART_PAGES * 3 {
            keep_part_page(&mut kept, &format!("/parts/{id}"), id);
            assert!(kept.len() <= KEPT_PART_PAGES + 1, "{} kept", kept.len());
            assert_eq!(kept.get(&format!("/parts/{id}")), Some(&id));
        }
        assert_eq!(kept.get("/index.html"), Some(&0));
        // A page kept again replaces its copy without letting the others go.
        let before = kept.len();
        let last = format!("/parts/{}", KEPT_PART_PAGES * 3 - 1);
        keep_part_page(&mut kept, &last, 1);
        assert_eq!(kept.len(), before);
    }

    #[tokio::test]
    async fn a_part_page_has_its_title_description_canonical_link_and_product() {
        let (_dir, app) = app_with_part(front_pads());
        let (status, headers, body) = get(&app, "/parts/7", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(value(&headers, header::CACHE_CONTROL), Some("no-cache"));
        assert!(
            body.contains("<title>Front brake pads – Brake &amp; Co</title>"),
            "{body}"
        );
        assert_eq!(body.matches("<title>").count(), 1);
        assert!(
            body.contains(
                "<meta name=\"description\" content=\"Ceramic pads. Quiet and low dust.\">"
            ),
            "{body}"
        );
        assert_eq!(body.matches("name=\"description\"").count(), 1);
        assert!(body.contains("<link rel=\"canonical\" href=\"https://shop.example/parts/7\">"));
        assert!(body.contains(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/api/image/ab12\">"
        ));
        assert_eq!(
            json_ld(&body),
            serde_json::json!({
                "@context": "https://schema.org",
                "@type": "Product",
                "name": "Front brake pads",
                "description": "Ceramic pads. Quiet and low dust.",
                "image": "https://shop.example/api/image/ab12",
                "sku": "BP-100",
                "mpn": "04465-02220",
                "category": "Brakes",
                "url": "https://shop.example/parts/7",
                "identifier": [
                    { "@type": "PropertyValue", "propertyID": "OEM", "value": "04465-02220" },
                    { "@type": "PropertyValue", "propertyID": "OEM", "value": "04465-12610" },
                    { "@type": "PropertyValue", "propertyID": "Replaces", "value": "BP-090" },
                ],
                "offers": {
                    "@type": "Offer",
                    "price": 42.5,
                    "priceCurrency": "EUR",
                    "availability": "https://schema.org/InStock",
                    "url": "https://shop.example/parts/7",
                },
            })
        );
        assert_eq!(
            page_data(&body),
            serde_json::json!({ "api": "/api/part/7", "part": front_pads() })
        );
        assert!(body.ends_with("</head><body><div id=\"root\"></div></body></html>"));

        // Another way of writing its id has the same canonical link.
        let (status, _, other) = get(&app, "/parts/007", None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(other.contains("<link rel=\"canonical\" href=\"https://shop.example/parts/7\">"));

        // Kept while the answer is the same, with a gzip copy; a query string changes nothing.
        let (_, gz, _) = get(&app, "/parts/7?utm_source=x", Some("gzip")).await;
        assert_eq!(value(&gz, header::CONTENT_ENCODING), Some("gzip"));
        let (_, again, same) = get(&app, "/parts/7", None).await;
        assert_eq!(value(&again, header::ETAG), value(&headers, header::ETAG));
        assert_eq!(same, body);
    }

    #[tokio::test]
    async fn a_part_short_of_its_minimum_order_is_out_of_stock() {
        let mut part = front_pads();
        part["availableQuantity"] = 3.into();
        part["oemNumbers"] = serde_json::json!([]);
        part["replaces"] = serde_json::json!([]);
        let (_dir, app) = app_with_part(part);
        let (_, _, body) = get(&app, "/parts/7", None).await;
        let product = json_ld(&body);
        assert_eq!(
            product["offers"]["availability"],
            "https://schema.org/OutOfStock"
        );
        assert!(product.get("mpn").is_none());
        assert!(product.get("identifier").is_none());
    }

    #[tokio::test]
    async fn no_part_text_can_close_a_script_or_add_html_to_its_page() {
        let mut part = front_pads();
        part["name"] = EVIL.into();
        part["description"] = "\"><script>alert(2)</script><!--".into();
        part["sku"] = "</SCRIPT><script>x</script>".into();
        part["oemNumbers"] = serde_json::json!(["<!-- <script>"]);
        part["img"] = "/api/image/\"><script>y</script>".into();
        let (_dir, app) = app_with_part(part.clone());
        let (status, _, body) = get(&app, "/parts/7", None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!body.contains("<script>"), "{body}");
        assert!(!body.contains("<!--"), "{body}");
        assert!(!body.to_lowercase().contains("</script><script>"), "{body}");
        // Two scripts, the product's and the page data's, holding the texts unchanged.
        assert_eq!(body.matches("</script>").count(), 2, "{body}");
        assert_eq!(json_ld(&body)["name"], EVIL);
        assert_eq!(json_ld(&body)["sku"], "</SCRIPT><script>x</script>");
        assert_eq!(page_data(&body)["part"], part);
        assert!(body.contains(
            "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Brake &amp; Co</title>"
        ));
        assert!(body.contains("content=\"&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;!--\""));
    }

    #[tokio::test]
    async fn an_unknown_part_is_404_with_the_shell_and_a_failing_api_leaves_the_shell_as_built() {
        let (_dir, app) = app_with_part(front_pads());
        let (status, headers, body) = get(&app, "/parts/8", Some("gzip, br")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(value(&headers, header::CONTENT_TYPE)
            .unwrap()
            .starts_with("text/html"));
        assert!(
            body.contains("<div id=\"root\"></div>"),
            "the app still loads"
        );
        assert!(body.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(body.contains("<title>Part not found – Brake &amp; Co</title>"));
        assert!(!body.contains("application/ld+json"));

        let (status, _, body) = get(&app, "/parts/9", None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("<title>Parts Garage</title>"));
        assert!(!body.contains("page-data"));
        // Only a part's own address is a part page.
        for path in ["/parts/7/reviews", "/parts/a%2Fb", "/purchase/7"] {
            let (status, _, body) = get(&app, path, None).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(body.contains("<title>Parts Garage</title>"), "{path}");
        }
    }

    #[test]
    fn part_ids_and_descriptions() {
        assert_eq!(part_page_id("/parts/42"), Some("42"));
        assert_eq!(part_page_id("/parts/"), None);
        assert_eq!(part_page_id("/parts"), None);
        assert_eq!(part_page_id("/parts/4/2"), None);
        assert_eq!(part_page_id("/parts/<x>"), None);
        assert_eq!(page_description("  Two\n lines  "), "Two lines");
        let long = "word ".repeat(60);
        let cut = page_description(&long);
        assert!(cut.chars().count() <= DESCRIPTION_CHARS, "{cut}");
        assert!(cut.ends_with("word…"), "{cut}");
        assert_eq!(
            page_description(&"x".repeat(300)).chars().count(),
            DESCRIPTION_CHARS
        );
    }
}
