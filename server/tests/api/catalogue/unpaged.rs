//! `GET /api/part` without `limit` answers every part of a small catalogue,
//! and at most 1,000 of a larger one, with a `Link` to the next page (D45).

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::*;

const HEADER: &str = "sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments";

async fn list(app: &TestApp, path: &str) -> (Vec<Value>, i64, Option<String>) {
    let response = app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let total = response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let link = response
        .headers()
        .get("link")
        .map(|l| l.to_str().unwrap().to_owned());
    (response.json().await.unwrap(), total, link)
}

#[tokio::test]
async fn past_1000_parts_an_answer_without_limit_is_the_first_1000_and_links_the_next() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let mut file = format!("{HEADER}\n");
    for n in 0..1_005 {
        let category = if n % 2 == 0 { "Brakes" } else { "Filters" };
        file.push_str(&format!(
            "UNP-{n:05},Pad set {n},Front pads,,9.99,5,1,,{category},,,,\n"
        ));
    }
    let response = app
        .request(Method::POST, "/api/admin/parts/import", Some(&admin.token))
        .header("content-type", "text/csv")
        .body(file)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);

    let (parts, total, link) = list(&app, "/api/part").await;
    assert_eq!((parts.len(), total), (1_000, 1_005));
    assert_eq!(parts[0]["sku"], "UNP-00000", "oldest first");
    assert_eq!(
        link.as_deref(),
        Some("</api/part?limit=100&offset=1000>; rel=\"next\"")
    );
    let (rest, _, more) = list(&app, "/api/part?limit=100&offset=1000").await;
    assert_eq!(rest.len(), 5);
    assert_eq!(rest[0]["sku"], "UNP-01000");
    assert_eq!(more, None, "a page asked for with limit links nothing");

    // The filters and an offset are kept in the link.
    let (parts, total, link) = list(&app, "/api/part?category=Brakes&offset=2&sort=newest").await;
    assert_eq!((parts.len(), total), (501, 503));
    assert_eq!(link, None, "503 from offset 2 fit in one answer");
    let (parts, _, link) = list(&app, "/api/part?sort=newest&offset=3").await;
    assert_eq!(parts.len(), 1_000);
    assert_eq!(
        link.as_deref(),
        Some("</api/part?sort=newest&limit=100&offset=1003>; rel=\"next\"")
    );

    // A catalogue of at most 1,000 matching parts is answered whole, as before.
    let (parts, total, link) = list(&app, "/api/part?q=pad&category=Filters").await;
    assert_eq!((parts.len(), total), (502, 502));
    assert_eq!(link, None);
}
