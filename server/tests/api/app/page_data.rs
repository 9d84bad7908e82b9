//! The catalogue page starts from the catalogue's first page, put into its HTML by the shop; no part
//! name can break out of the script element that holds it.

use serde_json::{json, Value};

use crate::helpers::*;

const SLOT: &str = "<script type=\"application/json\" id=\"page-data\" data-api=\"/api/part?sort=newest&amp;limit=12&amp;offset=0\"></script>";
const EVIL: &str = "</script><script>alert(1)</script>";

#[tokio::test]
async fn the_catalogue_page_holds_its_first_page_and_no_name_breaks_out() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><div id=\"root\"></div>",
    )
    .unwrap();
    std::fs::create_dir(web.path().join("parts")).unwrap();
    std::fs::write(
        web.path().join("parts/index.html"),
        format!(
            "<!doctype html><html><head>{SLOT}</head><body><div id=\"root\"></div></body></html>"
        ),
    )
    .unwrap();
    let dir = web.path().to_owned();
    let app = spawn_app_with(move |config| config.web_dir = dir).await;
    let admin = app.admin().await;
    app.add_part_with(&admin, json!({ "name": "Oil filter" }))
        .await;
    let id = app.add_part_with(&admin, json!({ "name": EVIL })).await;

    let page = app.get("/parts", None).await;
    assert_eq!(page.status(), reqwest::StatusCode::OK);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    // Still no inline script may run: the page data is data, not script.
    let scripts = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert!(!scripts.contains("unsafe-inline"), "{csp}");
    let body = page.text().await.unwrap();
    assert!(!body.contains(EVIL), "{body}");
    assert_eq!(body.matches("</script>").count(), 1, "{body}");
    let open = "<script type=\"application/json\" id=\"page-data\">";
    let start = body.find(open).expect("the page data") + open.len();
    let data: Value =
        serde_json::from_str(&body[start..start + body[start..].find("</script>").unwrap()])
            .unwrap();
    assert_eq!(data["api"], "/api/part?sort=newest&limit=12&offset=0");
    assert_eq!(data["total"], 2);
    // Exactly what the API answers, newest first: the part with the hostile name leads.
    let (listed, _) = app.parts("?sort=newest&limit=12&offset=0").await;
    assert_eq!(data["items"], Value::Array(listed));
    assert_eq!(data["items"][0]["_id"], id.as_str());
    assert_eq!(data["items"][0]["name"], EVIL);

    // A new part shows on the next visit.
    app.add_part_with(&admin, json!({ "name": "Brake disc" }))
        .await;
    let body = app.get("/parts", None).await.text().await.unwrap();
    assert!(body.contains("Brake disc"));
    assert!(body.contains("\"total\":3"));
}
