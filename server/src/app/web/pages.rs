//! The app's pages: which built page answers a path, and the page data an
//! API answer fills into a prerendered page.

use super::*;

impl Site {
    /// The HTML for a page of the app: the build's prerendered page for the path when it has one
    /// (`/parts` is `parts/index.html`, `/` is `index.html`), otherwise the app's unrendered shell
    /// (`200.html`), which the browser draws whatever page the address names. A build without a
    /// shell answers `index.html` for every page.
    pub(super) fn page(&self, path: &str) -> (&String, &File) {
        let dir = path.trim_end_matches('/');
        self.files
            .get_key_value(&format!("{dir}/index.html"))
            .or_else(|| self.files.get_key_value("/200.html"))
            .unwrap_or_else(|| self.files.get_key_value("/index.html").expect("loaded"))
    }

    /// The page `name` filled with the API answer it starts from, when it names one and the API
    /// gave it; None to send the page as built.
    pub(super) async fn filled(&self, name: &str, file: &File) -> Option<Arc<File>> {
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

/// The empty page-data script the build left in a page, where it is, and the API path it names.
#[derive(Debug, PartialEq)]
pub(super) struct PageDataSlot {
    /// Byte offsets of the whole `<script ...></script>` element.
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) api: String,
}

pub(super) const SLOT_OPEN: &str = "<script type=\"application/json\" id=\"page-data\" data-api=\"";
pub(super) const SLOT_CLOSE: &str = "\"></script>";

impl PageDataSlot {
    pub(super) fn find(html: &[u8]) -> Option<PageDataSlot> {
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
    pub(super) fn fill(&self, html: &[u8], body: &[u8], total: Option<u64>) -> Option<Vec<u8>> {
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
pub(super) fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

pub(super) fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
