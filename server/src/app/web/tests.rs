//! The web app's files and pages, answered from memory.

use super::pages::*;
use super::seo::*;
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
                    Some(items) => ([("x-total-count", "40")], axum::Json(items)).into_response(),
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
            format!(
                "<script type=\"application/json\" id=\"page-data\" data-api=\"{api}\"></script>"
            )
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
        body.contains("<meta name=\"description\" content=\"Ceramic pads. Quiet and low dust.\">"),
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
