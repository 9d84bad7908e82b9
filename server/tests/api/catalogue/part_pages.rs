//! A part's own page (`/parts/{id}`): the shop puts the part's title, description, canonical link,
//! schema.org `Product` (with its `Offer`) and the part itself into the app's shell; an unknown
//! part is 404 with the shell, so the app still says so.

use serde_json::{json, Value};

use crate::helpers::*;

const SHELL: &str = "<!doctype html><html><head><meta name=\"description\" content=\"The shop.\" /><title>Parts Garage</title></head><body><div id=\"root\"></div></body></html>";

/// The JSON of the page's element that opens with `open`.
fn script(body: &str, open: &str) -> Value {
    assert_eq!(body.matches(open).count(), 1, "{body}");
    let start = body.find(open).unwrap() + open.len();
    let len = body[start..].find("</script>").unwrap();
    serde_json::from_str(&body[start..start + len]).unwrap()
}

#[tokio::test]
async fn a_part_page_carries_its_product_for_search_engines_and_the_part_for_the_app() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(web.path().join("index.html"), SHELL).unwrap();
    std::fs::write(web.path().join("200.html"), SHELL).unwrap();
    let dir = web.path().to_owned();
    let app = spawn_app_with(move |config| {
        config.web_dir = dir;
        config.shop_name = "Brake <&> Co".into();
        config.currency = "eur".into();
        config.public_url = "http://shop.example/".into();
    })
    .await;
    let admin = app.admin().await;
    let id = app
        .add_part_with(
            &admin,
            json!({
                "name": "</script><script>alert(1)</script> pads",
                "sku": "BP-100",
                "oemNumbers": ["04465-02220"],
                "replaces": ["BP-090"],
                "availableQuantity": 50,
                "minimumOrder": 2,
                "price": "34.99",
            }),
        )
        .await;

    let page = app.get(&format!("/parts/{id}"), None).await;
    assert_eq!(page.status(), reqwest::StatusCode::OK);
    let body = page.text().await.unwrap();
    assert!(!body.contains("<script>"), "{body}");
    let url = format!("http://shop.example/parts/{id}");
    assert!(body.contains(&format!("<link rel=\"canonical\" href=\"{url}\">")));
    assert!(body.contains(
        "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; pads – Brake &lt;&amp;&gt; Co</title>"
    ));
    assert!(
        body.contains("<meta name=\"description\" content=\"Ceramic pads for the front axle.\">")
    );

    let product = script(&body, "<script type=\"application/ld+json\">");
    assert_eq!(product["@context"], "https://schema.org");
    assert_eq!(product["@type"], "Product");
    assert_eq!(product["name"], "</script><script>alert(1)</script> pads");
    assert_eq!(product["description"], "Ceramic pads for the front axle.");
    assert_eq!(product["image"], "http://shop.example/api/image/abc.jpg");
    assert_eq!(product["sku"], "BP-100");
    assert_eq!(product["mpn"], "04465-02220");
    assert_eq!(
        product["identifier"],
        json!([
            { "@type": "PropertyValue", "propertyID": "OEM", "value": "04465-02220" },
            { "@type": "PropertyValue", "propertyID": "Replaces", "value": "BP-090" },
        ])
    );
    assert_eq!(
        product["offers"],
        json!({
            "@type": "Offer",
            "price": 34.99,
            "priceCurrency": "EUR",
            "availability": "https://schema.org/InStock",
            "url": url,
        })
    );
    // The app starts from the part exactly as the API answers it.
    let part: Value = app
        .get(&format!("/api/part/{id}"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        script(&body, "<script type=\"application/json\" id=\"page-data\">"),
        json!({ "api": format!("/api/part/{id}"), "part": part })
    );

    // Short of its minimum order, it is out of stock, on the next visit.
    let changed = app
        .put_part(Some(&admin.token), &id, &json!({ "availableQuantity": 1 }))
        .await;
    assert!(changed.status().is_success());
    let body = app
        .get(&format!("/parts/{id}"), None)
        .await
        .text()
        .await
        .unwrap();
    let product = script(&body, "<script type=\"application/ld+json\">");
    assert_eq!(
        product["offers"]["availability"],
        "https://schema.org/OutOfStock"
    );

    // An unknown part: 404, and the shell still loads (the app says the part is not found).
    for missing in ["999999", "not-a-number"] {
        let page = app.get(&format!("/parts/{missing}"), None).await;
        assert_eq!(page.status(), reqwest::StatusCode::NOT_FOUND, "{missing}");
        let body = page.text().await.unwrap();
        assert!(body.contains("<div id=\"root\"></div>"), "{body}");
        assert!(body.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(!body.contains("ld+json"));
    }
    // The catalogue itself is no part page.
    assert_eq!(
        app.get("/parts", None).await.status(),
        reqwest::StatusCode::OK
    );
}
