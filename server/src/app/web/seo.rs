//! A part's own page for search engines: its title, description, canonical
//! link and schema.org `Product`, written into the app's shell.

use super::pages::{escape_attribute, script_json};
use super::*;

impl Site {
    /// The shell for the part `id`'s page (`path`): with the part's title, description, canonical
    /// link, schema.org `Product` and the part as page data when the API has it (kept, gzipped,
    /// while the part's answer stays the same); for a part the API does not know, 404 and a page
    /// that search engines leave out (the app says the part is not found). None: the API could not
    /// answer, and the shell goes out as built.
    pub(super) async fn part_page(
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
    pub(super) fn page_file(&self, file: &File, page: Vec<u8>, compress: bool) -> File {
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
pub(super) const KEPT_PART_PAGES: usize = 256;

/// Keeps `page` as the filled page of the part page `path`. A catalogue of many thousand parts,
/// or a crawler walking it, must not grow the process: once `KEPT_PART_PAGES` are kept, those
/// are let go (and made again when asked for); the other pages stay.
pub(super) fn keep_part_page<V>(kept: &mut HashMap<String, V>, path: &str, page: V) {
    if !kept.contains_key(path)
        && kept.keys().filter(|k| part_page_id(k).is_some()).count() >= KEPT_PART_PAGES
    {
        kept.retain(|k, _| part_page_id(k).is_none());
    }
    kept.insert(path.to_owned(), page);
}

/// The part id in a part page's path (`/parts/42`): one plain segment after `/parts/`.
pub(super) fn part_page_id(path: &str) -> Option<&str> {
    let id = path.strip_prefix("/parts/")?;
    let plain = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.%".contains(c));
    plain.then_some(id)
}

/// The longest page description, in characters; search engines show about this much.
pub(super) const DESCRIPTION_CHARS: usize = 160;

/// `text` on one line, cut after a whole word with "…" when longer than `DESCRIPTION_CHARS`.
pub(super) fn page_description(text: &str) -> String {
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
pub(super) fn with_head(
    html: &[u8],
    title: &str,
    description: &str,
    head: &str,
) -> Option<Vec<u8>> {
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
pub(super) fn absolute_url(base: &str, url: &str) -> Option<String> {
    if url.starts_with('/') && !url.starts_with("//") {
        Some(format!("{base}{url}"))
    } else if url.starts_with("https://") || url.starts_with("http://") {
        Some(url.to_owned())
    } else {
        None
    }
}

/// The schema.org `Product` of `part` (as `GET /api/part/{id}` answers it), with its `Offer`.
pub(super) fn product_json_ld(
    part: &serde_json::Value,
    url: &str,
    shop: &Shop,
) -> serde_json::Value {
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
pub(super) fn part_html(
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
pub(super) fn part_not_found_html(html: &[u8], shop: &Shop) -> Option<Vec<u8>> {
    with_head(
        html,
        &format!("Part not found – {}", shop.name),
        "This part is no longer in the catalogue.",
        "<meta name=\"robots\" content=\"noindex\">",
    )
}
