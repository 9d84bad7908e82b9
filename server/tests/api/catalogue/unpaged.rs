//! `GET /api/part` without `limit` answers every part of a small catalogue,
//! and at most 1,000 of a larger one, with a `Link` to the next page (D45).

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::BLOCKS_WRONG;
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

/// Imports `rows` parts, `{prefix}-00000` on in the file's order (so in the
/// order of their ids), each named `Pad set {n}` and in the category
/// `category(n)` gives.
async fn import_parts(
    app: &TestApp,
    admin: &User,
    prefix: &str,
    rows: usize,
    category: impl Fn(usize) -> &'static str,
) {
    let mut file = format!("{HEADER}\n");
    for n in 0..rows {
        file.push_str(&format!(
            "{prefix}-{n:05},Pad set {n},Front pads,,9.99,5,1,,{},,,,\n",
            category(n)
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
}

#[tokio::test]
async fn past_1000_parts_an_answer_without_limit_is_the_first_1000_and_links_the_next() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    import_parts(&app, &admin, "UNP", 1_005, |n| {
        if n % 2 == 0 {
            "Brakes"
        } else {
            "Filters"
        }
    })
    .await;

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

/// The part numbers of a page of `GET path`, and the total it says.
async fn skus(app: &TestApp, path: &str) -> (Vec<String>, i64) {
    let (parts, total, _) = list(app, path).await;
    let skus = parts
        .iter()
        .map(|p| p["sku"].as_str().unwrap().to_owned())
        .collect();
    (skus, total)
}

#[tokio::test]
async fn a_page_far_into_the_catalogue_starts_where_the_walk_along_every_part_would() {
    // Past 1,024 parts a page of the whole catalogue by age starts at the
    // block of ids its offset falls in (D54); parts deleted here and there
    // and one added at the end must not shift it.
    let app = spawn_app().await;
    let admin = app.admin().await;
    import_parts(&app, &admin, "FAR", 2_600, |n| {
        if n % 3 == 0 {
            "Brakes"
        } else {
            "Filters"
        }
    })
    .await;
    let mut expected: Vec<String> = (0..2_600).map(|n| format!("FAR-{n:05}")).collect();
    for gone in ["FAR-02050", "FAR-01101", "FAR-01100", "FAR-00003"] {
        let (found, _, _) = list(&app, &format!("/api/part?q={gone}")).await;
        assert_eq!(found.len(), 1, "{gone}");
        let id = found[0]["_id"].as_str().unwrap();
        let response = app.delete_part(Some(&admin.token), id).await;
        assert_eq!(response.status(), StatusCode::OK, "{gone}");
        expected.retain(|sku| sku != gone);
    }
    let added = app.add_part(&admin, 5, 1, "1.00").await;
    expected.push(app.part(&added).await["sku"].as_str().unwrap().to_owned());
    let all = expected.len();
    assert_eq!(all, 2_597);

    let newest: Vec<String> = expected.iter().rev().cloned().collect();
    // Block 0 (ids 1 to 1,023) holds 1,022 parts, block 1 (ids 1,024 to
    // 2,047) 1,022 and block 2 the last 553: oldest first the blocks
    // change between offsets 1,021 and 1,022, and 2,043 and 2,044; newest
    // first between 552 and 553, and 1,574 and 1,575.
    for offset in [
        0,
        1_000,
        1_021,
        1_022,
        1_023,
        1_024,
        1_025,
        1_096,
        1_500,
        1_574,
        1_575,
        2_043,
        2_044,
        2_047,
        2_048,
        2_500,
        all - 24,
        all - 1,
        all,
        all + 50,
    ] {
        for (sort, order) in [
            ("oldest", &expected),
            ("newest", &newest),
            ("relevance", &expected),
        ] {
            let path = format!("/api/part?limit=24&offset={offset}&sort={sort}");
            let (page, total) = skus(&app, &path).await;
            let from = offset.min(all);
            assert_eq!(page, order[from..(from + 24).min(all)], "{path}");
            assert_eq!(total, all as i64, "{path}");
        }
    }
    // Without a limit: the first 1,000 from the offset, and the next linked.
    let (parts, total, link) = list(&app, "/api/part?offset=1200").await;
    assert_eq!((parts.len(), total), (1_000, all as i64));
    assert_eq!(parts[0]["sku"], expected[1_200]);
    assert_eq!(parts[999]["sku"], expected[2_199]);
    assert_eq!(
        link.as_deref(),
        Some("</api/part?limit=100&offset=2200>; rel=\"next\"")
    );
    // A category walks its own index, as before.
    let brakes: Vec<&String> = expected
        .iter()
        .filter(|sku| sku.starts_with("FAR-") && sku[4..].parse::<usize>().unwrap() % 3 == 0)
        .collect();
    let (page, total) = skus(
        &app,
        "/api/part?category=Brakes&limit=5&offset=800&sort=newest",
    )
    .await;
    let newest_brakes: Vec<&String> = brakes.iter().rev().copied().collect();
    assert_eq!(page.iter().collect::<Vec<_>>(), newest_brakes[800..805]);
    assert_eq!(total, brakes.len() as i64);

    // The blocks count the parts; a page far in is found from those counts,
    // not by walking every id: counted wrong on purpose (five parts too many
    // in the first block), a page not asked for before moves back by five.
    assert_eq!(app.count_sql(BLOCKS_WRONG).await, 0);
    app.execute_sql("UPDATE part_blocks SET parts = parts + 5 WHERE block = 0")
        .await;
    let (page, _) = skus(&app, "/api/part?limit=3&offset=1600").await;
    assert_eq!(page, expected[1_595..1_598]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parts_added_and_deleted_all_at_once_leave_the_far_pages_right() {
    // The blocks' counts are written in the transaction adding or deleting
    // each part (D54): thirty parts added and twenty deleted, all sent
    // together, leave every page where the list says.
    let app = spawn_app().await;
    let admin = app.admin().await;
    import_parts(&app, &admin, "FAR", 1_500, |_| "Brakes").await;
    // The file's rows are added in its order: its parts, oldest first.
    let mut expected: Vec<String> = (0..1_500).map(|n| format!("FAR-{n:05}")).collect();
    let mut gone: Vec<(i64, String)> = Vec::new();
    for n in (100..110).chain(1_200..1_210) {
        let sku = format!("FAR-{n:05}");
        let (found, _, _) = list(&app, &format!("/api/part?q={sku}")).await;
        assert_eq!(found.len(), 1, "{sku}");
        gone.push((found[0]["_id"].as_str().unwrap().parse().unwrap(), sku));
    }
    let deletes = gone.iter().map(|(id, _)| {
        let (app, token) = (&app, &admin.token);
        async move { app.delete_part(Some(token), &id.to_string()).await.status() }
    });
    let adds = (0..30).map(|_| app.add_part(&admin, 5, 1, "1.00"));
    let (deleted, added) = tokio::join!(
        futures::future::join_all(deletes),
        futures::future::join_all(adds)
    );
    assert!(deleted.iter().all(|s| *s == StatusCode::OK), "{deleted:?}");
    expected.retain(|sku| !gone.iter().any(|(_, g)| g == sku));
    // The parts added come after the file's, in the order of their ids.
    let mut added: Vec<i64> = added.iter().map(|id| id.parse().unwrap()).collect();
    added.sort();
    for id in added {
        let part = app.part(&id.to_string()).await;
        expected.push(part["sku"].as_str().unwrap().to_owned());
    }
    let oldest = expected;
    let newest: Vec<String> = oldest.iter().rev().cloned().collect();
    let all = oldest.len();
    assert_eq!(all, 1_510);
    for offset in [1_024, 1_100, 1_400, all - 24, all - 1] {
        for (sort, order) in [("oldest", &oldest), ("newest", &newest)] {
            let path = format!("/api/part?limit=24&offset={offset}&sort={sort}");
            let (page, total) = skus(&app, &path).await;
            assert_eq!(page, order[offset..(offset + 24).min(all)], "{path}");
            assert_eq!(total, all as i64, "{path}");
        }
    }
    assert_eq!(app.count_sql(BLOCKS_WRONG).await, 0);
}
