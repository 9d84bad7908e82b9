//! Finding parts: `GET /api/part`'s filters alone and together, its sort
//! orders and pages, and the search indexes on a 10,000-part catalogue.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shop::catalogue::search::{
    categories_statement, count_statement, name_row_starting, page_statement,
    similar_words_statement, understand, where_words_are, Filters, Position, Probe, Probed, Sort,
};
use shop::Backend;
use sqlx::Row;

use crate::helpers::*;

fn fitment(make: &str, model: &str, from: i64, to: i64) -> Value {
    json!({"make": make, "model": model, "yearFrom": from, "yearTo": to})
}

/// A small catalogue, oldest first; answers the parts' SKUs in that order.
async fn catalogue(app: &TestApp) -> Vec<&'static str> {
    let admin = app.admin().await;
    let parts = [
        json!({"sku": "BRK-1042", "name": "Ceramic Brake Pads", "description": "Low-dust pads for the front axle.",
               "price": "42.99", "category": "Brakes", "oemNumbers": ["04465-33450", "04465 02220"],
               "fitments": [fitment("Toyota", "Camry", 2012, 2017), fitment("Toyota", "Corolla", 2014, 2019)]}),
        json!({"sku": "FLT-1001", "name": "Oil Filter", "description": "Spin-on filter with a drain-back valve.",
               "price": "8.99", "category": "Filters", "oemNumbers": ["90915-YZZD4", "15400-PLM-A02"],
               "fitments": [fitment("Toyota", "Corolla", 2009, 2019), fitment("Honda", "Civic", 2006, 2015)]}),
        json!({"sku": "BRK-2001", "name": "Vented Brake Disc", "description": "Front disc, 280 mm.",
               "price": "74.50", "category": "Brakes", "oemNumbers": ["34 11 6 792 219"],
               "fitments": [fitment("BMW", "3 Series", 2012, 2019)]}),
        json!({"sku": "ELC-3002", "name": "alternator 140 A", "description": "Remanufactured; pads not included.",
               "price": "189.00", "category": "Electrical", "oemNumbers": ["BL3T-10300-CA"],
               "fitments": [fitment("Ford", "F-150", 2011, 2014)]}),
        json!({"sku": "LGT-9001", "name": "LED Bulbs H7", "description": "A pair of bright bulbs.",
               "price": "8.99", "category": "Lighting", "oemNumbers": [], "fitments": []}),
    ];
    for part in parts {
        app.add_part_with(&admin, part).await;
    }
    vec!["BRK-1042", "FLT-1001", "BRK-2001", "ELC-3002", "LGT-9001"]
}

/// The SKUs of the parts `query` finds, after checking X-Total-Count agrees.
async fn skus(app: &TestApp, query: &str) -> Vec<String> {
    let (parts, total) = app.parts(query).await;
    assert_eq!(total, parts.len() as i64, "{query}");
    parts
        .iter()
        .map(|p| p["sku"].as_str().unwrap().to_owned())
        .collect()
}

async fn expect_finds(app: &TestApp, cases: &[(&str, &[&str])]) {
    for (query, expected) in cases {
        assert_eq!(skus(app, query).await, *expected, "{query}");
    }
}

#[tokio::test]
async fn q_matches_the_start_of_words_of_the_name_description_or_part_number() {
    let app = spawn_app().await;
    catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=brak", &["BRK-1042", "BRK-2001"]),
            ("?q=BRAKE%20PADS", &["BRK-1042"]),
            ("?q=pads", &["BRK-1042", "ELC-3002"]),
            ("?q=vent%20280", &["BRK-2001"]),
            ("?q=Remanufact", &["ELC-3002"]),
            ("?q=brk", &["BRK-1042", "BRK-2001"]),
            ("?q=1042", &["BRK-1042"]),
            ("?q=rake", &[]),
            ("?q=brake%20filter", &[]),
            ("?q=pads%20pads%20PADS", &["BRK-1042", "ELC-3002"]),
            ("?q=%25", &[]),
            (
                "?q=%20%20",
                &["BRK-1042", "FLT-1001", "BRK-2001", "ELC-3002", "LGT-9001"],
            ),
        ],
    )
    .await;
}

/// On PostgreSQL, the word index holds exactly the words of the parts as
/// they are (checked both ways); SQLite's FTS5 table reads the parts'
/// own columns.
async fn assert_words_agree(app: &TestApp) {
    if !on_postgres() {
        return;
    }
    const KEPT: &str = "SELECT word, part_id, places FROM parts_search";
    const OF_PARTS: &str = "SELECT w.word, p.id, w.places FROM parts AS p \
        CROSS JOIN LATERAL parts_search_words(p.name, p.description, p.sku) AS w";
    let stale = app
        .count_sql(&format!(
            "SELECT count(*) FROM ({KEPT} EXCEPT {OF_PARTS}) AS x"
        ))
        .await;
    let missing = app
        .count_sql(&format!(
            "SELECT count(*) FROM ({OF_PARTS} EXCEPT {KEPT}) AS x"
        ))
        .await;
    assert_eq!(
        (stale, missing),
        (0, 0),
        "words kept that no part has, words of parts not kept"
    );
}

#[tokio::test]
async fn the_words_searched_follow_edits_and_deletes() {
    let app = spawn_app().await;
    catalogue(&app).await;
    assert_words_agree(&app).await;
    let admin = app.admin().await;
    let (parts, _) = app.parts("?q=alternator").await;
    let id = parts[0]["_id"].as_str().unwrap().to_owned();
    let response = app
        .put_part(
            Some(&admin.token),
            &id,
            &json!({"name": "Starter Motor 12V", "description": "New brushes.", "sku": "ELC-4004"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_words_agree(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=alternator", &[]),
            ("?q=remanufactured", &[]),
            ("?q=starter%2012v", &["ELC-4004"]),
            ("?q=brushes", &["ELC-4004"]),
            ("?q=elc%204004", &["ELC-4004"]),
            ("?q=pads", &["BRK-1042"]),
        ],
    )
    .await;
    // A change of stock alone leaves the words as they are.
    let response = app
        .put_part(Some(&admin.token), &id, &json!({"availableQuantity": 3}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_words_agree(&app).await;
    assert_eq!(
        app.delete_part(Some(&admin.token), &id).await.status(),
        StatusCode::OK
    );
    assert_words_agree(&app).await;
    expect_finds(&app, &[("?q=starter", &[]), ("?q=brushes", &[])]).await;
}

#[tokio::test]
async fn q_finds_an_oem_number_or_part_number_however_it_is_written() {
    let app = spawn_app().await;
    catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=04465-33450", &["BRK-1042"]),
            ("?q=0446533450", &["BRK-1042"]),
            ("?q=04465%2033450", &["BRK-1042"]),
            ("?q=04465.334", &["BRK-1042"]),
            ("?q=04465", &["BRK-1042"]),
            ("?q=0446502220", &["BRK-1042"]),
            ("?q=90915yzzd4", &["FLT-1001"]),
            ("?q=bl3t%2010300", &["ELC-3002"]),
            ("?q=3411%206792", &["BRK-2001"]),
            ("?q=34116792219", &["BRK-2001"]),
            ("?q=04465-99", &[]),
            ("?q=brk1042", &["BRK-1042"]),
            ("?q=brk-20", &["BRK-2001"]),
            ("?q=elc3", &["ELC-3002"]),
        ],
    )
    .await;
}

#[tokio::test]
async fn category_filters_in_any_case_and_refuses_others() {
    let app = spawn_app().await;
    catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?category=Brakes", &["BRK-1042", "BRK-2001"]),
            ("?category=brakes", &["BRK-1042", "BRK-2001"]),
            ("?category=LIGHTING", &["LGT-9001"]),
            ("?category=Exhaust", &[]),
            (
                "?category=",
                &["BRK-1042", "FLT-1001", "BRK-2001", "ELC-3002", "LGT-9001"],
            ),
        ],
    )
    .await;
    for bad in ["Brake", "Wheels", "%20Brakes"] {
        let response = app.list_parts(&format!("?category={bad}")).await;
        expect_field_error(
            response,
            "category",
            "category must be one of Brakes, Engine, Filters, Suspension, Steering, Electrical, \
             Lighting, Cooling, Exhaust, Transmission, Body, Interior, Wheels & Tyres, Other",
        )
        .await;
    }
}

#[tokio::test]
async fn the_vehicle_filter_matches_make_model_and_year_in_any_case() {
    let app = spawn_app().await;
    catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?make=Toyota", &["BRK-1042", "FLT-1001"]),
            ("?make=toyota&model=CAMRY", &["BRK-1042"]),
            ("?make=Toyota&model=Corolla&year=2010", &["FLT-1001"]),
            (
                "?make=Toyota&model=Corolla&year=2014",
                &["BRK-1042", "FLT-1001"],
            ),
            (
                "?make=Toyota&model=Corolla&year=2019",
                &["BRK-1042", "FLT-1001"],
            ),
            ("?make=Toyota&model=Corolla&year=2020", &[]),
            ("?make=Toyota&year=2008", &[]),
            ("?make=Honda&model=Civic&year=2006", &["FLT-1001"]),
            ("?make=BMW&model=3%20series", &["BRK-2001"]),
            ("?make=Toyo", &[]),
            ("?make=Ford&model=Focus", &[]),
            ("?year=2011", &["FLT-1001", "ELC-3002"]),
            ("?year=2016", &["BRK-1042", "FLT-1001", "BRK-2001"]),
        ],
    )
    .await;
    expect_field_error(
        app.list_parts("?model=Civic").await,
        "model",
        "model needs a make",
    )
    .await;
    for year in ["1949", "2101", "x", "2010.5", "-2010", ""] {
        let response = app.list_parts(&format!("?make=Honda&year={year}")).await;
        expect_field_error(
            response,
            "year",
            "year must be a whole number from 1950 to 2100",
        )
        .await;
    }
    let long = "M".repeat(61);
    let response = app.list_parts(&format!("?make={long}")).await;
    expect_field_error(response, "make", "make must be at most 60 characters").await;
}

#[tokio::test]
async fn every_filter_combines_with_the_others() {
    let app = spawn_app().await;
    catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=pads&category=Brakes", &["BRK-1042"]),
            (
                "?q=pads&category=Electrical&make=Ford&model=F-150&year=2012",
                &["ELC-3002"],
            ),
            (
                "?q=pads&category=Electrical&make=Ford&model=F-150&year=2015",
                &[],
            ),
            ("?q=04465&make=toyota&year=2015", &["BRK-1042"]),
            ("?q=04465&make=toyota&year=2011", &[]),
            ("?category=Brakes&make=BMW", &["BRK-2001"]),
            ("?category=Filters&year=2016&q=oil", &["FLT-1001"]),
            (
                "?q=brake&sort=price_desc&category=Brakes",
                &["BRK-2001", "BRK-1042"],
            ),
        ],
    )
    .await;
    let (page, total) = app.parts("?q=brak&category=brakes&limit=1&offset=1").await;
    assert_eq!((page.len(), total), (1, 2));
    assert_eq!(page[0]["sku"], "BRK-2001");
}

#[tokio::test]
async fn the_list_sorts_by_age_price_or_name_ties_oldest_first() {
    let app = spawn_app().await;
    let all = catalogue(&app).await;
    let mut newest = all.clone();
    newest.reverse();
    expect_finds(
        &app,
        &[
            ("", &all),
            ("?sort=oldest", &all),
            ("?sort=", &all),
            ("?sort=newest", &newest),
            (
                "?sort=price_asc",
                &["FLT-1001", "LGT-9001", "BRK-1042", "BRK-2001", "ELC-3002"],
            ),
            (
                "?sort=price_desc",
                &["ELC-3002", "BRK-2001", "BRK-1042", "FLT-1001", "LGT-9001"],
            ),
            (
                "?sort=name",
                &["ELC-3002", "BRK-1042", "LGT-9001", "FLT-1001", "BRK-2001"],
            ),
        ],
    )
    .await;
    for bad in ["cheap", "PRICE_ASC", "name%20"] {
        let response = app.list_parts(&format!("?sort={bad}")).await;
        expect_field_error(
            response,
            "sort",
            "sort must be one of oldest, newest, price_asc, price_desc, name, relevance",
        )
        .await;
    }
}

#[tokio::test]
async fn pages_of_a_filtered_list_count_every_match() {
    let app = spawn_app().await;
    catalogue(&app).await;
    let (page, total) = app.parts("?sort=price_asc&limit=2&offset=1").await;
    let skus: Vec<&str> = page.iter().map(|p| p["sku"].as_str().unwrap()).collect();
    assert_eq!((skus, total), (vec!["LGT-9001", "BRK-1042"], 5));
    let (page, total) = app.parts("?make=Toyota&limit=1&offset=1").await;
    assert_eq!((page[0]["sku"].clone(), total), (json!("FLT-1001"), 2));
    let (page, total) = app.parts("?make=Toyota&offset=5").await;
    assert_eq!((page.len(), total), (0, 2));
    for (query, field) in [
        ("?make=Toyota&limit=0", "limit"),
        ("?make=Toyota&limit=101", "limit"),
        ("?make=Toyota&limit=-1", "limit"),
        ("?make=Toyota&limit=ten", "limit"),
        ("?q=brake&offset=-1", "offset"),
        ("?q=brake&offset=x", "offset"),
    ] {
        let response = app.list_parts(query).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body = error_of(response).await;
        assert!(body["fields"].get(field).is_some(), "{query}: {body}");
    }
    let long = "a".repeat(201);
    let response = app.list_parts(&format!("?q={long}")).await;
    expect_field_error(response, "q", "q must be at most 200 characters").await;
}

/// 10,000 parts written straight into the database: every third a brake
/// pad, every tenth in Brakes, each with an OEM number and a vehicle it fits.
async fn ten_thousand_parts(app: &TestApp) {
    let series = if on_postgres() {
        "SELECT i FROM generate_series(1, 10000) AS s(i)"
    } else {
        "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 10000) SELECT i FROM s"
    };
    let (sku, normalised) = if on_postgres() {
        (
            "'T-' || lpad(i::text, 5, '0')",
            "'T' || lpad(i::text, 5, '0')",
        )
    } else {
        ("'T-' || printf('%05d', i)", "'T' || printf('%05d', i)")
    };
    app.execute_sql(&format!(
        "INSERT INTO parts (name, description, img, price_cents, available_quantity, minimum_order, \
         created_at, updated_at, sku, sku_normalised, category, reorder_level) \
         SELECT 'Part ' || i || CASE i % 3 WHEN 0 THEN ' brake pad' WHEN 1 THEN ' oil filter' ELSE ' spark plug' END, \
         'Description number ' || i, '/api/image/x.jpg', 100 + i, 10, 1, 't', 't', {sku}, {normalised}, \
         CASE i % 10 WHEN 0 THEN 'Brakes' WHEN 1 THEN 'Filters' ELSE 'Other' END, 5 FROM ({series}) AS n"
    ))
    .await;
    app.execute_sql(
        "INSERT INTO part_oem_numbers (part_id, position, number, normalised) \
         SELECT id, 0, 'OEM-' || id, 'OEM' || id FROM parts",
    )
    .await;
    // 77 vehicles (7 makes, 11 models), each part fitting one of them.
    app.execute_sql(
        "INSERT INTO part_fitments (part_id, position, make, model, make_key, model_key, year_from, year_to, category) \
         SELECT id, 0, 'Make' || (id % 7), 'Model' || (id % 11), 'make' || (id % 7), 'model' || (id % 11), \
         2000 + id % 13, 2005 + id % 13, category FROM parts",
    )
    .await;
    if on_postgres() {
        app.execute_sql("ANALYZE").await;
    }
}

/// The query plans of the page query (20 parts) and of the count for
/// `filters`, one line per step. On PostgreSQL sequential scans are priced
/// out, so the plans show whether an index can answer (on tables this small
/// the planner might otherwise rightly prefer a scan).
async fn plan(app: &TestApp, filters: &Filters) -> String {
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let mut conn = db.pool.acquire().await.unwrap();
    if db.backend == Backend::Postgres {
        sqlx::query("SET enable_seqscan = off")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let mut lines = Vec::new();
    for statement in [
        page_statement(db.backend, filters, Sort::Oldest, Some(20), 0),
        count_statement(db.backend, filters),
    ] {
        let (sql, values) = db.sql(&statement);
        let (explain, column) = match db.backend {
            Backend::Sqlite => (format!("EXPLAIN QUERY PLAN {sql}"), 3),
            Backend::Postgres => (format!("EXPLAIN {sql}"), 0),
        };
        let rows = sqlx::query_with(&explain, values)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
        lines.extend(rows.iter().map(|r| r.get::<String, _>(column)));
    }
    drop(conn);
    db.pool.close().await;
    lines.join("\n")
}

fn assert_uses(plan: &str, indexes: &[&str]) {
    for index in indexes {
        assert!(plan.contains(index), "{index} is not used:\n{plan}");
    }
    let full_scan = plan.lines().any(|l| {
        let l = l.trim();
        l.contains("Seq Scan") || l == "SCAN parts" || l.starts_with("SCAN part_")
    });
    assert!(!full_scan, "a table is read whole:\n{plan}");
}

/// The plan of `statement`, one line per step (SQLite).
async fn sqlite_plan(app: &TestApp, statement: &sea_query::SelectStatement) -> String {
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let (sql, values) = db.sql(statement);
    let rows = sqlx::query_with(&format!("EXPLAIN QUERY PLAN {sql}"), values)
        .fetch_all(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    rows.iter()
        .map(|r| r.get::<String, _>(3))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The plan of `statement`, one line per step (PostgreSQL), with the
/// catalogue vacuumed and its statistics up to date, as autovacuum leaves
/// it, and sequential scans priced out (see [`plan`]).
async fn postgres_plan(app: &TestApp, statement: &sea_query::SelectStatement) -> String {
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let mut conn = db.pool.acquire().await.unwrap();
    for setting in ["VACUUM ANALYZE", "SET enable_seqscan = off"] {
        sqlx::query(setting).execute(&mut *conn).await.unwrap();
    }
    let (sql, values) = db.sql(statement);
    let rows = sqlx::query_with(&format!("EXPLAIN {sql}"), values)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    db.pool.close().await;
    rows.iter()
        .map(|r| r.get::<String, _>(0))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The plan of `statement` on this run's database.
async fn statement_plan(app: &TestApp, statement: sea_query::SelectStatement) -> String {
    if on_postgres() {
        postgres_plan(app, &statement).await
    } else {
        sqlite_plan(app, &statement).await
    }
}

/// The database this run's tests use.
fn this_backend() -> Backend {
    if on_postgres() {
        Backend::Postgres
    } else {
        Backend::Sqlite
    }
}

/// The steps of a plan that read `parts` (its rows or an index of it).
fn steps_reading_parts(plan: &str) -> usize {
    plan.lines()
        .filter(|l| l.split_whitespace().any(|w| w == "parts"))
        .count()
}

/// The ids of a page of parts, in its order.
fn part_ids(parts: &[Value]) -> Vec<i64> {
    parts
        .iter()
        .map(|p| p["_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

#[tokio::test]
async fn a_search_alone_is_counted_and_ranked_without_reading_every_matching_part() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    let search = understood(
        &app,
        Filters {
            q: Some("brake pad".into()),
            ..Filters::default()
        },
    )
    .await;
    let backend = this_backend();
    // A step reading rows of `parts` by id (or all of them).
    let reads_parts = |plan: &str| {
        plan.lines()
            .filter(|l| {
                l.contains("parts USING INTEGER PRIMARY KEY")
                    || l.contains("using parts_pkey on parts")
                    || l.contains("Seq Scan on parts ")
                    || l.contains("Heap Scan on parts ")
            })
            .count()
    };
    let count = statement_plan(&app, count_statement(backend, &search)).await;
    assert_eq!(reads_parts(&count), 0, "{count}");
    // The page's rows are read once ranked, and no other.
    let page = statement_plan(
        &app,
        page_statement(backend, &search, Sort::Relevance, Some(24), 48),
    )
    .await;
    assert_eq!(reads_parts(&page), 1, "{page}");
    if backend == Backend::Sqlite {
        assert!(page.contains("SCAN page"), "{page}");
    } else {
        assert!(page.contains("parts_search_pkey"), "{page}");
    }
    // And they are the parts the search finds, best match first: every
    // part whose name has both words, oldest first.
    let (parts, total) = app.parts("?q=brake%20pad&limit=3&offset=2").await;
    assert_eq!(total, 3_333);
    let names: Vec<&str> = parts.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["Part 9 brake pad", "Part 12 brake pad", "Part 15 brake pad"]
    );
}

#[tokio::test]
async fn a_word_starting_several_words_of_the_index_is_read_in_part_order() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    // `p` starts `pad`, `part` and `plug`: every part's name has `Part`,
    // a third `pad` and a third `plug`.
    let search = understood(
        &app,
        Filters {
            q: Some("p".into()),
            ..Filters::default()
        },
    )
    .await;
    let backend = this_backend();
    if backend == Backend::Postgres {
        let index_words = search.understood.as_ref().unwrap().index_words.clone();
        assert_eq!(
            index_words,
            Some(vec![vec!["pad".into(), "part".into(), "plug".into()]])
        );
        // With another filter the search is not read by levels, and the
        // index is not asked for its words.
        let filtered = understood(
            &app,
            Filters {
                q: Some("p".into()),
                category: Some("Brakes"),
                ..Filters::default()
            },
        )
        .await;
        assert_eq!(filtered.understood.unwrap().index_words, None);
        // Each word's rows merged in part order, never hashed: a hash
        // reads every row of the three words before the page's first.
        for statement in [
            page_statement(backend, &search, Sort::Relevance, Some(24), 48),
            count_statement(backend, &search),
        ] {
            let plan = statement_plan(&app, statement).await;
            assert!(plan.contains("Merge Append"), "{plan}");
            // Only the numbers' few parts may be hashed.
            let hashed = plan
                .lines()
                .zip(plan.lines().skip(1))
                .filter(|(step, _)| step.contains("HashAggregate"))
                .map(|(_, key)| key.trim());
            for key in hashed {
                assert!(
                    key.contains("numbers.part_id") || key.contains("parts.id"),
                    "{key}:\n{plan}"
                );
            }
        }
    }
    // The answers: every part, each found in its name alone (3 points, a
    // part having two of the words counted once), so oldest first.
    let (parts, total) = app.parts("?q=p&limit=3&offset=2").await;
    assert_eq!(total, 10_000);
    let names: Vec<&str> = parts.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["Part 3 brake pad", "Part 4 oil filter", "Part 5 spark plug"]
    );
}

#[tokio::test]
async fn a_word_most_parts_have_is_probed_for_the_rarest_words_parts() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    // `42` starts a word of 111 parts (42, 420-429, 4200-4299: their names
    // and descriptions); every description has `number`.
    let search = understood(
        &app,
        Filters {
            q: Some("42 number".into()),
            ..Filters::default()
        },
    )
    .await;
    let backend = this_backend();
    if backend == Backend::Postgres {
        let read = search.understood.as_ref().unwrap();
        assert_eq!(
            read.probed,
            Some(Probed {
                rarest: 0,
                probes: vec![(1, Probe::IndexWords(vec!["number".into()]))],
            })
        );
        assert_eq!(read.index_words, None);
        // `number` is only read at a part `42` found: never its 10,000 rows.
        for statement in [
            page_statement(backend, &search, Sort::Relevance, Some(24), 0),
            count_statement(backend, &search),
        ] {
            let plan = statement_plan(&app, statement).await;
            assert!(plan.contains("Nested Loop"), "{plan}");
            let steps: Vec<&str> = plan.lines().filter(|l| l.contains("'number'")).collect();
            assert!(!steps.is_empty(), "{plan}");
            for step in steps {
                assert!(step.contains("part_id = "), "{step}:\n{plan}");
            }
        }
        // `0` starts every part number's digits (`T-00042`), far more words
        // of the index than a probe reads: it is looked for among each
        // part's own words, read from its row.
        let own = understood(
            &app,
            Filters {
                q: Some("42 0".into()),
                ..Filters::default()
            },
        )
        .await;
        assert_eq!(
            own.understood.as_ref().unwrap().probed,
            Some(Probed {
                rarest: 0,
                probes: vec![(1, Probe::OwnWords)],
            })
        );
        // The part's row by its key; the words starting with `0` are picked
        // from its own (a filter), never read from the index.
        let plan = statement_plan(&app, count_statement(backend, &own)).await;
        assert!(plan.contains("Index Scan using parts_pkey"), "{plan}");
        let steps: Vec<&str> = plan.lines().filter(|l| l.contains(">= '0'")).collect();
        assert!(!steps.is_empty(), "{plan}");
        for step in steps {
            assert!(step.trim_start().starts_with("Filter:"), "{step}:\n{plan}");
        }
        // Compared byte by byte as the index is, whatever the database's
        // collation (in some, `pads` does not sort before `pad` and the
        // last character).
        let sql = count_statement(backend, &own).to_string(sea_query::PostgresQueryBuilder);
        assert!(sql.contains(r#""own"."word" COLLATE "C" >= '0'"#), "{sql}");
        // A search of words alike in number is read as before.
        let alike = understood(
            &app,
            Filters {
                q: Some("brake part".into()),
                ..Filters::default()
            },
        )
        .await;
        assert_eq!(alike.understood.unwrap().probed, None);
    }
    // The answers: in name and description (4) and `number` in the
    // description (1) for all, so oldest first.
    // The same for `0`, only in the part number (0).
    for q in ["42%20number", "42%200"] {
        let (parts, total) = app.parts(&format!("?q={q}&limit=3&offset=1")).await;
        assert_eq!(total, 111, "{q}");
        let names: Vec<&str> = parts.iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                "Part 420 brake pad",
                "Part 421 oil filter",
                "Part 422 spark plug"
            ],
            "{q}"
        );
    }
}

#[tokio::test]
async fn postgresql_compiles_none_of_the_shops_statements() {
    // A search's levels are estimated as if each read all its rows (D58):
    // compiling them cost more than reading them.
    if !on_postgres() {
        return;
    }
    let app = spawn_app().await;
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let jit: String = sqlx::query_scalar("SHOW jit")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(jit, "off");
    // The connections kept for placing orders too.
    let (_turn, mut tx) = db.begin_orders().await.unwrap();
    let jit: String = sqlx::query_scalar("SHOW jit")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(jit, "off");
    tx.rollback().await.unwrap();
    db.close().await;
}

#[tokio::test]
async fn the_levels_of_a_word_no_name_has_are_not_read() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    // Every description has `description`, no name; every name has `part`.
    let search = understood(
        &app,
        Filters {
            q: Some("description part".into()),
            ..Filters::default()
        },
    )
    .await;
    let backend = this_backend();
    let read = search.understood.as_ref().unwrap();
    assert_eq!(read.probed, None);
    assert_eq!(read.in_names, Some(vec![false, true]));
    // `description` counts 1 or 0, `part` 4, 3, 1 or 0: the levels of
    // 8, 7 and 6 points would count `description` in a name.
    let sql = page_statement(backend, &search, Sort::Relevance, Some(24), 0)
        .to_string(sea_query::PostgresQueryBuilder);
    for level in ["level5", "level4", "level0"] {
        assert!(sql.contains(level), "{level}: {sql}");
    }
    for level in ["level8", "level7", "level6"] {
        assert!(!sql.contains(level), "{level}: {sql}");
    }
    if backend == Backend::Postgres {
        // Asked of the index of the names' rows, which answers at once.
        let plan = postgres_plan(&app, &name_row_starting("description")).await;
        assert!(plan.contains("parts_search_names"), "{plan}");
    } else {
        // SQLite never asks for `description` in a name in a level.
        assert!(!sql.contains("{name}: \"description\""), "{sql}");
    }
    // Three words are scored part by part. On SQLite, `description` and
    // `number`, in no name and no part number (`T-00042`), are in the
    // description of every part having them: 1 point each, never looked
    // for; `part`, in no part number either, is looked for in the name,
    // and in the description only for a part having it in its name.
    let three = understood(
        &app,
        Filters {
            q: Some("description number part".into()),
            ..Filters::default()
        },
    )
    .await;
    if backend == Backend::Sqlite {
        let read = three.understood.as_ref().unwrap();
        assert_eq!(read.in_names, Some(vec![false, false, true]));
        assert_eq!(read.in_numbers, Some(vec![false, false, false]));
        let sql = page_statement(backend, &three, Sort::Relevance, Some(24), 0)
            .to_string(sea_query::SqliteQueryBuilder);
        // The parts found by the words come first; those found by a number
        // (after `UNION ALL`) may lack the words, and are looked at.
        let (by_words, by_numbers) = sql.split_once("UNION ALL").expect(&sql);
        for asked in [
            r#"{name}: "description""#,
            r#"{description}: "description""#,
            r#"{name}: "number""#,
            r#"{description}: "number""#,
        ] {
            assert!(!by_words.contains(asked), "{asked}: {sql}");
        }
        assert!(!by_numbers.contains(r#"{name}: "number""#), "{sql}");
        assert!(by_numbers.contains(r#"{description}: "number""#), "{sql}");
        let part = r#"(CASE WHEN ("id" IN (SELECT rowid FROM "parts_search" WHERE parts_search MATCH '{name}: "part"*')) THEN 3 + (CASE WHEN ("id" IN (SELECT rowid FROM "parts_search" WHERE parts_search MATCH '{description}: "part"*')) THEN 1 ELSE 0 END) ELSE 1 END)"#;
        assert!(by_words.contains(part), "{sql}");
    }
    // The answers: `part` in the name (3) and `description` (and
    // `number`) in the description (1 each) for every part, so oldest
    // first, and every part.
    for q in ["description%20part", "description%20number%20part"] {
        let (parts, total) = app.parts(&format!("?q={q}&limit=3&offset=1")).await;
        assert_eq!(total, 10_000, "{q}");
        let names: Vec<&str> = parts.iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            ["Part 2 spark plug", "Part 3 brake pad", "Part 4 oil filter"],
            "{q}"
        );
    }
    // A part found by its OEM number, having neither `description` nor
    // `number`: it scores what it has (`9` in its name and description,
    // 4), never the 2 points those words give the parts having them, so it
    // comes after a part scoring 5 (`9` in its name only), not among the
    // parts scoring 6 (on PostgreSQL it scores 0, D48: last either way).
    let admin = app.admin().await;
    app.add_part_with(
        &admin,
        json!({"name": "Widget 9", "description": "Description number plate."}),
    )
    .await;
    app.add_part_with(
        &admin,
        json!({"name": "Lone 9 bracket", "description": "Holds 9 pipes.",
               "oemNumbers": ["DESCRIPTION-NUMBER-9"]}),
    )
    .await;
    let q = "?q=description%20number%209";
    let (last, total) = app.parts(&format!("{q}&limit=2&offset=1111")).await;
    assert_eq!(total, 1113);
    let names: Vec<&str> = last.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Widget 9", "Lone 9 bracket"]);
}

#[tokio::test]
async fn the_search_uses_its_indexes_on_a_catalogue_of_ten_thousand_parts() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    let words = if on_postgres() {
        "parts_search_pkey"
    } else {
        "parts_search VIRTUAL TABLE INDEX"
    };
    let q = |q: &str| Filters {
        q: Some(q.into()),
        ..Filters::default()
    };
    let text = plan(&app, &q("brak pad")).await;
    assert_uses(
        &text,
        &[
            words,
            "part_oem_numbers_normalised_idx",
            "parts_sku_normalised_idx",
        ],
    );
    let oem = plan(&app, &q("OEM-123")).await;
    assert_uses(
        &oem,
        &[
            words,
            "part_oem_numbers_normalised_idx",
            "parts_sku_normalised_idx",
        ],
    );
    let vehicle = Filters {
        make: Some("MAKE3".into()),
        model: Some("model2".into()),
        year: Some(2010),
        ..Filters::default()
    };
    let vehicle_plan = plan(&app, &vehicle).await;
    assert_uses(&vehicle_plan, &["part_fitments_vehicle_idx"]);
    if !on_postgres() {
        // Read at each category and first year of the vehicle's spans,
        // not along all of the model's fitments (D49).
        assert!(
            vehicle_plan.contains("category=? AND year_from=? AND year_to>?"),
            "{vehicle_plan}"
        );
    }
    let year = Filters {
        year: Some(2010),
        ..Filters::default()
    };
    // A year alone matches a third of the catalogue: an index of the
    // fitments (by years, or by part when reading parts in order) serves it.
    assert_uses(&plan(&app, &year).await, &["part_fitments_"]);
    let category = Filters {
        category: Some("Brakes"),
        ..Filters::default()
    };
    // Counted from the kept numbers (D50); a page far into a category walks
    // its index (the_catalogue_is_counted_from_its_kept_numbers_…).
    assert_uses(&plan(&app, &category).await, &["category_counts"]);

    // And the answers are right at that size.
    assert_eq!(app.parts("?q=brake%20pad&limit=1").await.1, 3333);
    assert_eq!(
        app.parts("?q=oem-123&limit=5").await.1,
        11,
        "123 and 1230..1239"
    );
    let (found, total) = app.parts("?q=t-00042").await;
    assert_eq!((found[0]["sku"].clone(), total), (json!("T-00042"), 1));
    assert_eq!(
        app.parts("?make=make3&model=MODEL2&year=2010&limit=1")
            .await
            .1,
        60
    );
    assert_eq!(app.parts("?make=Make3&model=Model2&limit=1").await.1, 130);
    assert_eq!(app.parts("?category=brakes&q=spark&limit=1").await.1, 333);
}

#[tokio::test]
async fn a_vehicles_categories_and_a_categorys_parts_are_read_from_the_fitments() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    let vehicle = Filters {
        make: Some("MAKE3".into()),
        model: Some("model2".into()),
        year: Some(2010),
        ..Filters::default()
    };
    let brakes = Filters {
        category: Some("Brakes"),
        ..vehicle.clone()
    };
    let backend = this_backend();
    let index = if on_postgres() {
        "part_fitments_vehicle_idx"
    } else {
        "COVERING INDEX part_fitments_vehicle_idx"
    };
    for statement in [
        categories_statement(backend, &vehicle),
        count_statement(backend, &brakes),
    ] {
        let plan = statement_plan(&app, statement).await;
        assert_eq!(steps_reading_parts(&plan), 0, "{plan}");
        assert!(plan.contains(index), "{plan}");
    }
    // The page's ids come from the fitments; only the page's parts are read.
    let page = statement_plan(
        &app,
        page_statement(backend, &brakes, Sort::Oldest, Some(20), 0),
    )
    .await;
    assert_eq!(steps_reading_parts(&page), 1, "{page}");
    assert!(page.contains(index), "{page}");

    // And the answers are right: make3 is every seventh part, model2 every
    // eleventh, 2010 within the years of those whose id modulo 13 is 5 to
    // 10, and Brakes every tenth.
    let fits = |i: &i64| i % 7 == 3 && i % 11 == 2 && (5..=10).contains(&(i % 13));
    let fitting: Vec<i64> = (1..=10000).filter(fits).collect();
    let in_brakes: Vec<i64> = fitting.iter().copied().filter(|i| i % 10 == 0).collect();
    let query = "?make=Make3&model=MODEL2&year=2010";
    let (parts, total) = app
        .parts(&format!("{query}&category=brakes&limit=3&offset=1"))
        .await;
    assert_eq!(total, in_brakes.len() as i64);
    let ids = part_ids(&parts);
    assert_eq!(ids, in_brakes[1..4]);
    let (parts, _) = app
        .parts(&format!("{query}&category=brakes&sort=newest&limit=2"))
        .await;
    let ids = part_ids(&parts);
    assert_eq!(
        ids,
        in_brakes.iter().rev().take(2).copied().collect::<Vec<_>>()
    );
    let counts = category_counts(&app, query).await;
    let other = fitting.iter().filter(|i| *i % 10 >= 2).count() as i64;
    let filters = fitting.iter().filter(|i| *i % 10 == 1).count() as i64;
    let mut expected = vec![
        ("Brakes".to_owned(), in_brakes.len() as i64),
        ("Filters".to_owned(), filters),
        ("Other".to_owned(), other),
    ];
    expected.retain(|(_, n)| *n > 0);
    assert_eq!(counts, expected);
}

#[tokio::test]
async fn the_catalogue_is_counted_from_its_kept_numbers_and_paged_along_its_ids() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    let everything = Filters::default();
    let brakes = Filters {
        category: Some("Brakes"),
        ..Filters::default()
    };
    let backend = this_backend();
    for statement in [
        count_statement(backend, &everything),
        count_statement(backend, &brakes),
        categories_statement(backend, &everything),
        categories_statement(backend, &brakes),
    ] {
        let plan = statement_plan(&app, statement).await;
        assert_eq!(steps_reading_parts(&plan), 0, "{plan}");
        assert!(plan.contains("category_counts"), "{plan}");
    }
    // A page far into the catalogue walks past ids in an index (the ids
    // alone, or a category's) and reads only its own rows.
    for (filters, index) in [
        (
            &everything,
            if on_postgres() {
                "parts_pkey"
            } else {
                "parts_id_idx"
            },
        ),
        (&brakes, "parts_category_idx"),
    ] {
        for sort in [Sort::Oldest, Sort::Newest] {
            let page =
                statement_plan(&app, page_statement(backend, filters, sort, Some(24), 900)).await;
            let only_the_index = if on_postgres() {
                "Index Only Scan"
            } else {
                "COVERING INDEX"
            };
            assert!(
                page.lines()
                    .any(|l| l.contains(only_the_index) && l.contains(index)),
                "{page}"
            );
            assert_eq!(
                steps_reading_parts(&page),
                2,
                "the ids, then the rows:\n{page}"
            );
        }
    }

    // And the answers are right: ids 1 to 10,000, Brakes every tenth.
    let (parts, total) = app.parts("?limit=3&offset=5000").await;
    assert_eq!((part_ids(&parts), total), (vec![5001, 5002, 5003], 10000));
    let (parts, total) = app.parts("?sort=newest&limit=2&offset=10").await;
    assert_eq!((part_ids(&parts), total), (vec![9990, 9989], 10000));
    let (parts, total) = app.parts("?category=BRAKES&limit=3&offset=10").await;
    assert_eq!((part_ids(&parts), total), (vec![110, 120, 130], 1000));
    let (parts, total) = app
        .parts("?category=brakes&sort=newest&limit=1&offset=1")
        .await;
    assert_eq!((part_ids(&parts), total), (vec![9990], 1000));
    let expected = [("Brakes", 1000), ("Filters", 1000), ("Other", 8000)]
        .map(|(name, count)| (name.to_owned(), count));
    assert_eq!(category_counts(&app, "").await, expected);
    assert_eq!(category_counts(&app, "?category=filters").await, expected);
}

#[tokio::test]
async fn qualified_filters_and_superseded_numbers_use_their_indexes() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    // Every part supersedes one older number; three fitments in four name
    // an engine, and two in three an axle.
    app.execute_sql(
        "INSERT INTO part_replaced_numbers (part_id, position, number, normalised) \
         SELECT id, 0, 'OLD-' || id, 'OLD' || id FROM parts",
    )
    .await;
    app.execute_sql(
        "UPDATE part_fitments SET \
         engine = CASE part_id % 4 WHEN 0 THEN '' WHEN 1 THEN '1.8L L4' WHEN 2 THEN '2.0L L4' ELSE '3.5L V6' END, \
         engine_key = CASE part_id % 4 WHEN 0 THEN '' WHEN 1 THEN '1.8l l4' WHEN 2 THEN '2.0l l4' ELSE '3.5l v6' END, \
         axle = CASE part_id % 3 WHEN 0 THEN '' WHEN 1 THEN 'front' ELSE 'rear' END",
    )
    .await;
    if on_postgres() {
        app.execute_sql("ANALYZE").await;
    }
    let old = Filters {
        q: Some("OLD-123".into()),
        ..Filters::default()
    };
    assert_uses(
        &plan(&app, &old).await,
        &[
            "part_replaced_numbers_normalised_idx",
            "part_oem_numbers_normalised_idx",
        ],
    );
    let engine = Filters {
        make: Some("make3".into()),
        model: Some("model2".into()),
        year: Some(2010),
        engine: Some("1.8l l4".into()),
        ..Filters::default()
    };
    assert_uses(&plan(&app, &engine).await, &["part_fitments_engine_idx"]);
    let qualified = Filters {
        position: Some(Position {
            axle: Some("front"),
            side: None,
        }),
        ..engine.clone()
    };
    assert_uses(&plan(&app, &qualified).await, &["part_fitments_engine_idx"]);
    let position = Filters {
        engine: None,
        ..qualified.clone()
    };
    assert_uses(&plan(&app, &position).await, &["part_fitments_"]);

    // And the answers are right at that size: of the 60 parts fitting a
    // 2010 Model2 of Make3, those whose fitment names no engine or the
    // 1.8 L, and no axle or the front one.
    let app = &app;
    let total = |filter: &str| {
        let query = format!("?make=Make3&model=Model2&year=2010{filter}&limit=1");
        async move { app.parts(&query).await.1 }
    };
    let expected =
        |keep: fn(i64) -> bool| (1..=10000).filter(|id| fits(*id) && keep(*id)).count() as i64;
    assert_eq!(total("").await, 60);
    assert_eq!(expected(|_| true), 60);
    assert_eq!(
        total("&engine=1.8L%20L4").await,
        expected(|id| id % 4 == 0 || id % 4 == 1)
    );
    assert_eq!(
        total("&engine=1.8L%20L4&position=front").await,
        expected(|id| (id % 4 == 0 || id % 4 == 1) && (id % 3 == 0 || id % 3 == 1))
    );
    assert_eq!(
        total("&position=rear-left").await,
        expected(|id| id % 3 == 0 || id % 3 == 2)
    );
    let (found, total) = app.parts("?q=old-4242").await;
    assert_eq!((found[0]["sku"].clone(), total), (json!("T-04242"), 1));
    assert_eq!(found[0]["matchedReplaced"], "OLD-4242");
}

/// Whether part `id` of `ten_thousand_parts` fits a 2010 Model2 of Make3.
fn fits(id: i64) -> bool {
    id % 7 == 3 && id % 11 == 2 && 2000 + id % 13 <= 2010 && 2005 + id % 13 >= 2010
}

/// A catalogue as a buyer searches it, oldest first: a disc whose
/// description names pads, two sets of pads, and parts for other vehicles.
async fn buyers_catalogue(app: &TestApp) -> (User, Vec<String>) {
    let admin = app.admin().await;
    let parts = [
        json!({"sku": "DSC-1", "name": "Vented Brake Disc", "description": "Front disc; fit new brake pads with it.",
               "category": "Brakes", "fitments": [fitment("Toyota", "Corolla", 2014, 2019)]}),
        json!({"sku": "PAD-1", "name": "Ceramic Brake Pads", "description": "Low-dust pads.",
               "category": "Brakes", "fitments": [fitment("Toyota", "Corolla", 2014, 2019)]}),
        json!({"sku": "PAD-2", "name": "Semi-metallic Brake Pads", "description": "For towing.",
               "category": "Brakes", "fitments": [fitment("Ford", "F-150", 2011, 2014)]}),
        json!({"sku": "FLT-1", "name": "Oil Filter", "description": "Spin-on.",
               "category": "Filters", "fitments": [fitment("Toyota", "Corolla", 2009, 2013), fitment("Honda", "Civic", 2006, 2015)]}),
        json!({"sku": "SUS-1", "name": "Front Strut", "description": "Gas strut.",
               "category": "Suspension", "fitments": [fitment("Toyota", "Camry", 2012, 2017)]}),
        json!({"sku": "CAB-1", "name": "Cabin Air Filter", "description": "Pollen filter.",
               "category": "Filters", "fitments": [fitment("BMW", "3 Series", 2012, 2019)]}),
    ];
    let mut ids = Vec::new();
    for part in parts {
        ids.push(app.add_part_with(&admin, part).await);
    }
    (admin, ids)
}

#[tokio::test]
async fn a_search_lists_the_best_match_first_unless_a_sort_is_chosen() {
    let app = spawn_app().await;
    buyers_catalogue(&app).await;
    expect_finds(
        &app,
        &[
            // Both words in the name beat one in the name, one in the description.
            ("?q=brake%20pads", &["PAD-1", "PAD-2", "DSC-1"]),
            (
                "?q=brake%20pads&sort=relevance",
                &["PAD-1", "PAD-2", "DSC-1"],
            ),
            ("?q=brake%20pads&sort=oldest", &["DSC-1", "PAD-1", "PAD-2"]),
            ("?q=brake%20pads&sort=newest", &["PAD-2", "PAD-1", "DSC-1"]),
            // Without a search, relevance is the oldest first.
            (
                "?sort=relevance&category=Brakes",
                &["DSC-1", "PAD-1", "PAD-2"],
            ),
            ("?category=Brakes", &["DSC-1", "PAD-1", "PAD-2"]),
            // Part numbers still find their part.
            ("?q=pad-2", &["PAD-2"]),
            ("?q=pad1", &["PAD-1"]),
        ],
    )
    .await;
}

#[tokio::test]
async fn words_naming_a_make_model_or_year_match_the_vehicles_parts_fit() {
    let app = spawn_app().await;
    buyers_catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=2015%20corolla%20brake%20pads", &["PAD-1", "DSC-1"]),
            ("?q=corolla", &["DSC-1", "PAD-1", "FLT-1"]),
            ("?q=COROLLA%202012", &["FLT-1"]),
            ("?q=toyota%20brake", &["DSC-1", "PAD-1"]),
            ("?q=toyota", &["DSC-1", "PAD-1", "FLT-1", "SUS-1"]),
            ("?q=honda%20civic%20filter", &["FLT-1"]),
            // Make and model must be of one fitment, and the year within it.
            ("?q=honda%20corolla", &[]),
            ("?q=1990%20corolla", &[]),
            // Models of two words, however they are written.
            ("?q=3%20series", &["CAB-1"]),
            ("?q=bmw%203-series%20filter", &["CAB-1"]),
            ("?q=f%20150%20pads", &["PAD-2"]),
            ("?q=f-150", &["PAD-2"]),
            // Combined with the vehicle filter.
            ("?q=brake&make=ford", &["PAD-2"]),
        ],
    )
    .await;
}

/// A make of two words is named by them however they are written, as a
/// model of two words is (D63): `mercedes benz` is the make, not two words
/// of the parts' text.
#[tokio::test]
async fn two_words_may_name_one_make() {
    let app = spawn_app().await;
    let (admin, _) = buyers_catalogue(&app).await;
    for part in [
        json!({"sku": "MB-1", "name": "Ceramic Brake Pads", "description": "Low-dust pads.",
               "category": "Brakes", "fitments": [fitment("Mercedes-Benz", "C-Class", 2008, 2014)]}),
        json!({"sku": "LR-1", "name": "Brake Pads", "description": "Not for Mercedes-Benz cars.",
               "category": "Brakes", "fitments": [fitment("Land Rover", "Defender", 2010, 2016)]}),
    ] {
        app.add_part_with(&admin, part).await;
    }
    expect_finds(
        &app,
        &[
            ("?q=mercedes-benz%20pads", &["MB-1"]),
            ("?q=Mercedes%20Benz%20pads", &["MB-1"]),
            ("?q=2010%20mercedes%20benz%20pads", &["MB-1"]),
            ("?q=2016%20mercedes-benz%20pads", &[]),
            ("?q=mercedes-benz%20c-class%20pads", &["MB-1"]),
            ("?q=land%20rover%20pads", &["LR-1"]),
            ("?q=2012%20land%20rover%20defender%20pads", &["LR-1"]),
            ("?q=land%20rover%20c%20class", &[]),
            // One word of the two is a word of the parts' text.
            ("?q=mercedes%20pads", &["LR-1"]),
        ],
    )
    .await;
}

/// SQLite: no part is left marked for the word index once the shop's
/// write has committed (D61): every write of a part wrote its row.
async fn no_part_left_marked(app: &TestApp) {
    if !on_postgres() {
        let marked = app
            .count_sql("SELECT count(*) FROM search_marked_parts")
            .await;
        assert_eq!(marked, 0);
    }
}

/// On SQLite the vehicles a part fits are words of the word index (D61;
/// its model years alone and with its make too, D62), written again
/// whenever its fitments or its words change: a search naming a vehicle
/// follows every edit, as the fitments' own filter does.
#[tokio::test]
async fn a_search_naming_a_vehicle_follows_a_parts_fitments_and_words() {
    let app = spawn_app().await;
    let (admin, ids) = buyers_catalogue(&app).await;
    no_part_left_marked(&app).await;
    let pads = &ids[1];
    let refit = json!({"fitments": [fitment("Honda", "Civic", 2006, 2010), fitment("BMW", "3 Series", 2019, 2021)]});
    let refitted = app.put_part(Some(&admin.token), pads, &refit).await;
    assert_eq!(refitted.status(), StatusCode::OK);
    no_part_left_marked(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=2015%20corolla%20pads", &["DSC-1"]),
            ("?q=2015%20corolla%20ceramic", &[]),
            ("?q=corolla%20ceramic", &[]),
            ("?q=toyota%20ceramic", &[]),
            ("?q=2008%20civic%20pads", &["PAD-1"]),
            ("?q=2006%20civic%20ceramic", &["PAD-1"]),
            ("?q=2011%20civic%20pads", &[]),
            ("?q=honda%20pads", &["PAD-1"]),
            ("?q=honda%20civic%20pads", &["PAD-1"]),
            ("?q=2021%20bmw%203%20series%20pads", &["PAD-1"]),
            ("?q=2018%203%20series%20pads", &[]),
            // The make of one fitment with the model of another.
            ("?q=honda%203%20series%20pads", &[]),
            ("?q=2008%20civic%20filter", &["FLT-1"]),
            // A year alone, or with a make (D62).
            ("?q=2008%20pads", &["PAD-1"]),
            ("?q=2012%20pads", &["PAD-2"]),
            ("?q=2015%20pads", &["DSC-1"]),
            ("?q=2020%20pads", &["PAD-1"]),
            ("?q=2008%20honda%20pads", &["PAD-1"]),
            ("?q=2015%20toyota%20pads", &["DSC-1"]),
            ("?q=2012%20honda%20pads", &[]),
            // The make and the year of one fitment.
            ("?q=2020%20honda%20pads", &[]),
            ("?q=2008%20bmw%20pads", &[]),
            ("?q=2019%20bmw%20ceramic", &["PAD-1"]),
        ],
    )
    .await;
    let renamed = app
        .put_part(
            Some(&admin.token),
            pads,
            &json!({"name": "Ceramic Brake Shoes", "description": "Low-dust shoes."}),
        )
        .await;
    assert_eq!(renamed.status(), StatusCode::OK);
    no_part_left_marked(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=2008%20civic%20pads", &[]),
            ("?q=2008%20civic%20shoes", &["PAD-1"]),
            ("?q=honda%20shoes", &["PAD-1"]),
            ("?q=2009%20shoes", &["PAD-1"]),
            ("?q=2009%20honda%20shoes", &["PAD-1"]),
        ],
    )
    .await;
    let deleted = app.delete_part(Some(&admin.token), pads).await;
    assert_eq!(deleted.status(), StatusCode::OK);
    no_part_left_marked(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=2008%20civic%20shoes", &[]),
            ("?q=2008%20shoes", &[]),
            ("?q=shoes", &[]),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_misspelt_word_finds_the_part_it_was_meant_for() {
    let app = spawn_app().await;
    let (admin, ids) = buyers_catalogue(&app).await;
    expect_finds(
        &app,
        &[
            ("?q=break%20pads", &["PAD-1", "PAD-2", "DSC-1"]),
            ("?q=corola", &["DSC-1", "PAD-1", "FLT-1"]),
            ("?q=toyta%20brakes", &["DSC-1", "PAD-1"]),
            ("?q=ceramc", &["PAD-1"]),
            // One letter wrong in the middle of a short word.
            ("?q=psds", &["PAD-1", "PAD-2", "DSC-1"]),
            // A word too far from every word, or with another first letter,
            // finds nothing.
            ("?q=rake", &[]),
            ("?q=xyzzy", &[]),
            ("?q=bp", &[]),
        ],
    )
    .await;
    let response = app.list_parts("?q=break%20pads").await;
    assert_eq!(
        response.headers()["x-search-corrected"].to_str().unwrap(),
        "brake pads"
    );
    let response = app.list_parts("?q=brake%20pads").await;
    assert!(response.headers().get("x-search-corrected").is_none());

    // An edited part's new words are known at once.
    let id = &ids[0];
    let part = json!({"name": "Vented Rotor"});
    let response = app.put_part(Some(&admin.token), id, &part).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{}",
        response.text().await.unwrap()
    );
    expect_finds(&app, &[("?q=roter", &["DSC-1"]), ("?q=rotor", &["DSC-1"])]).await;
}

/// The categories' counts for `query`, those not zero.
async fn category_counts(app: &TestApp, query: &str) -> Vec<(String, i64)> {
    let response = app.get(&format!("/api/category{query}"), None).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    let counts: Vec<Value> = response.json().await.unwrap();
    assert_eq!(counts.len(), 14, "every category is listed");
    counts
        .iter()
        .filter(|c| c["count"] != 0)
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_owned(),
                c["count"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Fitments naming another category than their part's (D49: none, ever).
async fn fitments_off_category(app: &TestApp) -> i64 {
    app.count_sql(
        "SELECT count(*) FROM part_fitments AS f JOIN parts AS p ON p.id = f.part_id \
         WHERE f.category <> p.category",
    )
    .await
}

#[tokio::test]
async fn a_fitment_carries_its_parts_category_whatever_changes_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let corolla = fitment("Toyota", "Corolla", 2014, 2019);
    let civic = fitment("Honda", "Civic", 2006, 2011);
    let pads = app
        .add_part_with(&admin, json!({"category": "Brakes", "fitments": [corolla]}))
        .await;
    app.add_part_with(
        &admin,
        json!({"category": "Filters", "fitments": [corolla, civic]}),
    )
    .await;
    assert_eq!(fitments_off_category(&app).await, 0);
    let corolla_2015 = "?make=toyota&model=corolla&year=2015";
    assert_eq!(
        category_counts(&app, corolla_2015).await,
        [("Brakes".to_owned(), 1), ("Filters".to_owned(), 1)]
    );

    // The part moves to another category: its fitments follow at once.
    let response = app
        .put_part(Some(&admin.token), &pads, &json!({"category": "Filters"}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(fitments_off_category(&app).await, 0);
    assert_eq!(
        category_counts(&app, corolla_2015).await,
        [("Filters".to_owned(), 2)]
    );
    assert_eq!(
        app.parts(&format!("{corolla_2015}&category=filters"))
            .await
            .1,
        2
    );
    assert_eq!(
        app.parts(&format!("{corolla_2015}&category=brakes"))
            .await
            .1,
        0
    );

    // A fitment written by hand naming another category: SQLite refuses it,
    // PostgreSQL writes the part's own.
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let written = sqlx::query(&format!(
        "INSERT INTO part_fitments (part_id, position, make, model, make_key, model_key, \
         year_from, year_to, category) VALUES ({pads}, 9, 'Ford', 'Focus', 'ford', 'focus', \
         2012, 2018, 'Brakes')"
    ))
    .execute(&db.pool)
    .await;
    db.pool.close().await;
    assert_eq!(written.is_ok(), on_postgres(), "{written:?}");
    assert_eq!(fitments_off_category(&app).await, 0);

    // A change of category and a change of fitments of the same part, sent
    // together, round after round: each ends in one named outcome, and the
    // fitments always carry the category the part ends with.
    for (round, category) in ["Brakes", "Filters", "Engine", "Brakes"].iter().enumerate() {
        let fitments = if round % 2 == 0 {
            json!([corolla, civic])
        } else {
            json!([civic])
        };
        let (move_it, refit_it) = (json!({"category": category}), json!({"fitments": fitments}));
        let (moved, refitted) = tokio::join!(
            app.put_part(Some(&admin.token), &pads, &move_it),
            app.put_part(Some(&admin.token), &pads, &refit_it),
        );
        for status in [moved.status(), refitted.status()] {
            assert!(
                status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE,
                "an edit answered {status}"
            );
        }
        assert_eq!(fitments_off_category(&app).await, 0, "round {round}");
    }

    // On PostgreSQL, the narrow window made sure of: a change of category
    // holds the part's row while an edit of its fitments, which read the
    // part before it, waits behind it; the fitments written take the
    // category the part ends with.
    if on_postgres() {
        let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
        let mut held = db.pool.begin().await.unwrap();
        sqlx::query(&format!(
            "UPDATE parts SET category = 'Lighting' WHERE id = {pads}"
        ))
        .execute(&mut *held)
        .await
        .unwrap();
        let refit = json!({"fitments": [corolla, civic]});
        let commit = async {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            held.commit().await.unwrap();
        };
        let (refitted, ()) = tokio::join!(app.put_part(Some(&admin.token), &pads, &refit), commit);
        assert_eq!(refitted.status(), StatusCode::OK);
        db.pool.close().await;
        assert_eq!(fitments_off_category(&app).await, 0);
        assert_eq!(
            app.count_sql(&format!(
                "SELECT count(*) FROM part_fitments WHERE part_id = {pads} AND category = 'Lighting'"
            ))
            .await,
            2
        );
    }
}

#[tokio::test]
async fn category_counts_follow_the_other_filters() {
    let app = spawn_app().await;
    buyers_catalogue(&app).await;
    let counts = |pairs: &[(&str, i64)]| -> Vec<(String, i64)> {
        pairs.iter().map(|(n, c)| (n.to_string(), *c)).collect()
    };
    for (query, expected) in [
        (
            "",
            counts(&[("Brakes", 3), ("Filters", 2), ("Suspension", 1)]),
        ),
        (
            "?make=toyota&model=corolla",
            counts(&[("Brakes", 2), ("Filters", 1)]),
        ),
        (
            "?make=Toyota&model=Corolla&year=2012",
            counts(&[("Filters", 1)]),
        ),
        ("?q=corolla", counts(&[("Brakes", 2), ("Filters", 1)])),
        ("?q=filter", counts(&[("Filters", 2)])),
        // The category chosen does not narrow its own list.
        ("?q=filter&category=brakes", counts(&[("Filters", 2)])),
        (
            "?make=toyota&position=front",
            counts(&[("Brakes", 2), ("Filters", 1), ("Suspension", 1)]),
        ),
        ("?q=xyzzy", counts(&[])),
    ] {
        assert_eq!(category_counts(&app, query).await, expected, "{query}");
    }
    // The list agrees with a count.
    assert_eq!(
        app.parts("?make=toyota&model=corolla&category=brakes")
            .await
            .1,
        2
    );
    let order: Vec<String> = {
        let response = app.get("/api/category?q=corolla", None).await;
        let counts: Vec<Value> = response.json().await.unwrap();
        counts
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(order[0], "Brakes", "the shop's order is kept");
    // Bad filters are refused as on the list.
    let response = app.get("/api/category?model=corolla", None).await;
    expect_field_error(response, "model", "model needs a make").await;
    let response = app.get("/api/category?year=3000", None).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

/// `filters` as the shop reads its search.
async fn understood(app: &TestApp, filters: Filters) -> Filters {
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let filters = understand(&db, filters).await.unwrap();
    // As a page best match first asks (the statements below are such pages).
    let filters = where_words_are(&db, filters).await.unwrap();
    db.pool.close().await;
    filters
}

#[tokio::test]
async fn vehicle_words_typos_and_category_counts_use_indexes() {
    let app = spawn_app().await;
    ten_thousand_parts(&app).await;
    // The words those parts would have added, and 5,000 more.
    app.execute_sql(
        "INSERT INTO search_words (word) VALUES ('brake'), ('pad'), ('filter'), ('spark'), ('plug'), ('part')",
    )
    .await;
    app.execute_sql(&format!(
        "INSERT INTO search_words (word) SELECT 'word' || i FROM ({}) AS n",
        if on_postgres() {
            "SELECT i FROM generate_series(1, 5000) AS s(i)"
        } else {
            "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 5000) SELECT i FROM s"
        }
    ))
    .await;
    if on_postgres() {
        app.execute_sql("ANALYZE search_words").await;
    }
    let words = if on_postgres() {
        "parts_search_pkey"
    } else {
        "parts_search VIRTUAL TABLE INDEX"
    };
    let search = understood(
        &app,
        Filters {
            q: Some("2010 MODEL2 break pad".into()),
            ..Filters::default()
        },
    )
    .await;
    let read = search.understood.clone().unwrap();
    assert_eq!(
        (read.words.as_slice(), read.models.as_slice(), read.year),
        (
            &["brake".to_owned(), "pad".to_owned()][..],
            &["model2".to_owned()][..],
            Some(2010)
        )
    );
    // The vehicle's fitments for the year are read at its spans (D49,
    // D59). On SQLite each category and first year is a key of the vehicle
    // index, its last years read from the year on. On PostgreSQL the plan
    // has the spans' first years as an array; at 10,000 parts it may check
    // them on the index's rows rather than read them as keys, as it finds
    // cheaper for so few.
    let searched = plan(&app, &search).await;
    assert_uses(&searched, &[words, "part_fitments_"]);
    let at_spans = |line: &str| {
        if on_postgres() {
            line.contains("(year_from = ANY")
        } else {
            line.contains("part_fitments_vehicle_idx") && line.contains("year_from=? AND year_to>?")
        }
    };
    assert!(
        searched.lines().any(at_spans),
        "the fitments are not read at the spans:\n{searched}"
    );
    let make = understood(
        &app,
        Filters {
            q: Some("make3 2010".into()),
            ..Filters::default()
        },
    )
    .await;
    assert_uses(&plan(&app, &make).await, &["part_fitments_vehicle_idx"]);

    // The misspelt word's candidates come from the trigram index.
    let db = shop::Db::connect(&app.config.database_url()).await.unwrap();
    let (sql, values) = db.sql(&similar_words_statement(db.backend, "break"));
    let explain = match db.backend {
        Backend::Sqlite => format!("EXPLAIN QUERY PLAN {sql}"),
        Backend::Postgres => format!("EXPLAIN {sql}"),
    };
    let mut conn = db.pool.acquire().await.unwrap();
    if db.backend == Backend::Postgres {
        sqlx::query("SET enable_seqscan = off")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let column = if db.backend == Backend::Sqlite { 3 } else { 0 };
    let rows = sqlx::query_with(&explain, values)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let trigram_plan: Vec<String> = rows.iter().map(|r| r.get::<String, _>(column)).collect();
    let trigram_plan = trigram_plan.join("\n");
    let trigram = if on_postgres() {
        "search_words_trigram"
    } else {
        "search_words_trigram VIRTUAL TABLE INDEX"
    };
    assert!(trigram_plan.contains(trigram), "{trigram_plan}");
    assert!(
        !trigram_plan.contains("Seq Scan") && !trigram_plan.contains("SCAN search_words\n"),
        "{trigram_plan}"
    );

    // Category counts with a search read the word index and the fitments'.
    let (sql, values) = db.sql(&categories_statement(db.backend, &search));
    let explain = match db.backend {
        Backend::Sqlite => format!("EXPLAIN QUERY PLAN {sql}"),
        Backend::Postgres => format!("EXPLAIN {sql}"),
    };
    let rows = sqlx::query_with(&explain, values)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let counts_plan: Vec<String> = rows.iter().map(|r| r.get::<String, _>(column)).collect();
    assert_uses(&counts_plan.join("\n"), &[words]);
    drop(conn);
    db.pool.close().await;

    // And the answers are right at that size: parts 2, 5, 8... are brake
    // pads; model2 is every eleventh part, and 2010 is within the years
    // of parts whose id modulo 13 is 5 to 10.
    let expected = (1..=10000)
        .filter(|i| i % 3 == 0 && i % 11 == 2 && (5..=10).contains(&(i % 13)))
        .count() as i64;
    assert_eq!(
        app.parts("?q=2010%20model2%20break%20pad&limit=5").await.1,
        expected
    );
    let brakes: i64 = {
        let response = app
            .get("/api/category?q=2010%20model2%20brake%20pad", None)
            .await;
        let counts: Vec<Value> = response.json().await.unwrap();
        counts.iter().map(|c| c["count"].as_i64().unwrap()).sum()
    };
    assert_eq!(brakes, expected);
}
