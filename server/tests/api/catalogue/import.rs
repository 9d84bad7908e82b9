//! Catalogue import and export: a CSV file checked row by row with the part
//! API's own rules, applied only when every row is right, never writing
//! back the stock of a part that exists; and the export, which an import
//! takes back unchanged. (The job that applies a file: `import_jobs`.)

use std::time::Instant;

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

const HEADER: &str = "sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments";

async fn import(app: &TestApp, token: Option<&str>, query: &str, csv: String) -> Response {
    app.request(
        Method::POST,
        &format!("/api/admin/parts/import{query}"),
        token,
    )
    .header("content-type", "text/csv")
    .body(csv)
    .send()
    .await
    .expect("request sent")
}

/// Imports a file that must be right; answers the report (a file not
/// imported within the request's wait is answered 202 with its job, which
/// is followed to its end: the job has the report's fields).
async fn import_ok(app: &TestApp, admin: &User, csv: &str) -> Value {
    let response = import(app, Some(&admin.token), "", csv.to_owned()).await;
    let status = response.status();
    let location = response
        .headers()
        .get("location")
        .map(|l| l.to_str().unwrap().to_owned());
    let body: Value = response.json().await.unwrap();
    if status == StatusCode::ACCEPTED {
        let location = location.expect("a 202 names its job");
        let started = Instant::now();
        loop {
            let job: Value = app
                .get(&location, Some(&admin.token))
                .await
                .json()
                .await
                .unwrap();
            if job["state"] != "running" {
                assert_eq!(job["state"], "done", "{job}");
                return job;
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(300),
                "{job}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    }
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A report's counts and dry-run flag, without the parts it names.
fn counts(report: &Value) -> Value {
    json!({
        "added": report["added"],
        "updated": report["updated"],
        "unchanged": report["unchanged"],
        "dryRun": report["dryRun"],
    })
}

async fn export(app: &TestApp, admin: &User) -> String {
    let response = app.get("/api/admin/parts/export", Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"catalogue.csv\""
    );
    response.text().await.unwrap()
}

/// Every part, by part number.
async fn by_sku(app: &TestApp) -> Vec<(String, Value)> {
    let (parts, _) = app.parts("?limit=100").await;
    let mut parts: Vec<(String, Value)> = parts
        .into_iter()
        .map(|p| (p["sku"].as_str().unwrap().to_owned(), p))
        .collect();
    parts.sort_by(|a, b| a.0.cmp(&b.0));
    parts
}

fn good_file() -> String {
    format!(
        "{HEADER}\n\
         BRK-1,Front pads,\"Ceramic, quiet\",/api/image/a.jpg,34.99,50,2,5,Brakes,1.25,04465-33450;04465-02220,OLD-1,Toyota|Corolla|2014|2019|1.8L L4|LE|front||Not for \\; sport\n\
         FLT-2,Oil filter,Spin-on,/api/image/b.jpg,7,100,1,,,,,,Ford|Focus|2012|2018;Honda|Civic|2016|2021\n\
         WPR-3,Wiper blade,22 inch,/api/image/c.jpg,12.50,0,1,0,Other,0.2,,,\n"
    )
}

#[tokio::test]
async fn a_good_file_adds_every_part_with_its_lists_and_fitments() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let report = import_ok(&app, &admin, &good_file()).await;
    assert_eq!(
        counts(&report),
        json!({"added": 3, "updated": 0, "unchanged": 0, "dryRun": false})
    );
    let parts = by_sku(&app).await;
    assert_eq!(parts.len(), 3);
    let pads = &parts[0].1;
    assert_eq!(pads["name"], "Front pads");
    assert_eq!(pads["description"], "Ceramic, quiet");
    assert_eq!(pads["price"], 34.99);
    assert_eq!(pads["availableQuantity"], 50);
    assert_eq!(pads["category"], "Brakes");
    assert_eq!(pads["weightKg"], 1.25);
    assert_eq!(pads["oemNumbers"], json!(["04465-33450", "04465-02220"]));
    assert_eq!(pads["replaces"], json!(["OLD-1"]));
    assert_eq!(
        pads["fitments"],
        json!([{"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019,
            "engine": "1.8L L4", "trim": "LE", "axle": "front", "note": "Not for ; sport"}])
    );
    let filter = &parts[1].1;
    assert_eq!(filter["reorderLevel"], 5, "blank: the default");
    assert_eq!(filter["category"], "Other");
    assert_eq!(filter["fitments"].as_array().unwrap().len(), 2);
    assert_eq!(parts[2].1["lowStock"], true);

    // The import is in the audit log.
    let response = app
        .get("/api/admin/audit?action=parts.imported", Some(&admin.token))
        .await;
    let records: Value = response.json().await.unwrap();
    assert_eq!(records[0]["after"]["added"], 3);
    assert_eq!(records[0]["byEmail"], admin.email);
}

#[tokio::test]
async fn a_core_charge_column_may_be_left_out_and_is_exported_last() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let file = format!(
        "{HEADER},coreCharge\n\
         ALT-1,Alternator,Remanufactured,,189.99,5,1,,Electrical,6.8,,,,45.00\n\
         ALT-2,Starter,Remanufactured,,149.99,5,1,,Electrical,4.2,,,,\n"
    );
    import_ok(&app, &admin, &file).await;
    let parts = by_sku(&app).await;
    assert_eq!(parts[0].1["coreCharge"], 45.0);
    assert_eq!(parts[1].1["coreCharge"], 0.0, "blank: none");
    // A file without the column leaves a known part's deposit as it is.
    let file =
        format!("{HEADER}\nALT-1,Alternator,Remanufactured,,179.99,5,1,,Electrical,6.8,,,\n");
    import_ok(&app, &admin, &file).await;
    let parts = by_sku(&app).await;
    assert_eq!(
        (&parts[0].1["price"], &parts[0].1["coreCharge"]),
        (&json!(179.99), &json!(45.0))
    );
    let exported = export(&app, &admin).await;
    let mut rows = exported.lines();
    assert_eq!(rows.next().unwrap(), format!("{HEADER},coreCharge"));
    assert!(rows.next().unwrap().ends_with(",45.00"), "{exported}");
    assert!(rows.next().unwrap().ends_with(",0.00"), "{exported}");
    // A wrong deposit is named by its column.
    let file = format!("{HEADER},coreCharge\nALT-3,Pump,New,,10.00,5,1,,,,,,,-3\n");
    let response = import(&app, Some(&admin.token), "", file).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"][0]["column"], "coreCharge", "{body}");
}

#[tokio::test]
async fn a_file_with_errors_writes_nothing_and_names_every_one() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let file = format!(
        "{HEADER}\n\
         OK-1,Fine,Fine,/api/image/a.jpg,1,1,1,,,,,,\n\
         BAD-2,,Desc,/api/image/a.jpg,abc,1,0,,,,,,\n\
         BAD-3,Name,Desc,/api/image/a.jpg,1,1,1,,Wheels,,,,Toyota|Corolla|2019|2014\n\
         OK-1,Again,Desc,/api/image/a.jpg,1,1,1,,,,,,\n\
         ,No number,Desc,/api/image/a.jpg,1,1,1,,,,,,\n\
         SHORT,row\n"
    );
    let response = import(&app, Some(&admin.token), "", file).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["error"],
        "5 rows of the file have errors; nothing was imported"
    );
    // The messages are the part API's own.
    let api = app
        .post_part(
            Some(&admin.token),
            &json!({"name": "", "description": "Desc", "img": "/api/image/a.jpg",
                "price": "abc", "availableQuantity": 1, "minimumOrder": 0,
                "category": "Wheels",
                "fitments": [{"make": "Toyota", "model": "Corolla", "yearFrom": 2019, "yearTo": 2014}]}),
        )
        .await;
    let api: Value = api.json().await.unwrap();
    let errors = body["errors"].as_array().unwrap();
    let at = |row: u64, column: &str| {
        errors
            .iter()
            .find(|e| e["row"] == row && e["column"] == column)
            .unwrap_or_else(|| panic!("no error at row {row}, {column}: {body}"))["message"]
            .clone()
    };
    assert_eq!(at(3, "name"), api["fields"]["name"]);
    assert_eq!(at(3, "price"), api["fields"]["price"]);
    assert_eq!(at(3, "minimumOrder"), api["fields"]["minimumOrder"]);
    assert_eq!(at(4, "category"), api["fields"]["category"]);
    assert_eq!(at(4, "fitments"), api["fields"]["fitments"]);
    assert_eq!(at(5, "sku"), "Part number OK-1 is also on row 2");
    assert_eq!(at(6, "sku"), "Part number is Required");
    assert_eq!(at(7, "file"), "The row has 2 cells; the header has 13");
    assert_eq!(errors.len(), 8, "{body}");
    assert!(by_sku(&app).await.is_empty(), "nothing written");

    // A file without the header is refused as a whole.
    let response = import(&app, Some(&admin.token), "", "a,b\n1,2\n".into()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"][0]["column"], "file");
    assert!(body["errors"][0]["message"]
        .as_str()
        .unwrap()
        .starts_with("The header must name the columns sku,name,"));
}

#[tokio::test]
async fn a_dry_run_counts_and_writes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = import(&app, Some(&admin.token), "?dryRun=true", good_file()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let report: Value = response.json().await.unwrap();
    assert_eq!(
        counts(&report),
        json!({"added": 3, "updated": 0, "unchanged": 0, "dryRun": true})
    );
    assert!(by_sku(&app).await.is_empty());
    let response = app
        .get("/api/admin/audit?action=parts.imported", Some(&admin.token))
        .await;
    assert_eq!(response.headers()["x-total-count"], "0");
    let response = import(&app, Some(&admin.token), "?dryRun=maybe", good_file()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // In the report's shape, as every 400 of the route: no row is wrong,
    // the parameter is.
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"], json!([]));
    assert!(body["fields"]["dryRun"].is_string(), "{body}");
}

#[tokio::test]
async fn a_new_import_updates_the_parts_but_never_their_stock() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    import_ok(&app, &admin, &good_file()).await;
    let pads_id = by_sku(&app).await[0].1["_id"].as_str().unwrap().to_owned();
    // Orders take stock after the file was exported.
    let buyer = app.new_user().await;
    app.place_order(&buyer, &pads_id, 4).await;
    let file = good_file()
        .replace("Front pads", "Front brake pads")
        .replace(",34.99,50,", ",36.00,999,");
    let report = import_ok(&app, &admin, &file).await;
    assert_eq!(
        counts(&report),
        json!({"added": 0, "updated": 1, "unchanged": 2, "dryRun": false})
    );
    // The report names the part it changed and each change, before and after.
    assert_eq!(report["addedParts"], json!([]));
    assert_eq!(
        report["updatedParts"],
        json!([{"sku": "BRK-1", "name": "Front brake pads", "changes": [
            {"field": "name", "before": "Front pads", "after": "Front brake pads"},
            {"field": "priceCents", "before": 3499, "after": 3600},
        ]}])
    );
    let pads = app.part(&pads_id).await;
    assert_eq!(pads["name"], "Front brake pads");
    assert_eq!(pads["price"], 36.0);
    assert_eq!(
        pads["availableQuantity"], 46,
        "the stock is the shop's, not the file's"
    );
    let response = app
        .get("/api/admin/audit?action=parts.imported", Some(&admin.token))
        .await;
    let records: Value = response.json().await.unwrap();
    assert_eq!(records[0]["after"]["updatedSkus"], json!(["BRK-1"]));
}

#[tokio::test]
async fn an_export_imports_back_unchanged_and_into_a_new_shop_identically() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    import_ok(&app, &admin, &good_file()).await;
    app.add_part_with(
        &admin,
        json!({"sku": "ODD-9", "name": "Quote \" and, comma", "description": "Line one\nline two",
            "fitments": [{"make": "Mazda", "model": "3 | hatch", "yearFrom": 2010, "yearTo": 2013,
                "side": "left", "note": "a\\b; c"}],
            "oemNumbers": ["X-1"], "weightKg": "0.005"}),
    )
    .await;
    let first = export(&app, &admin).await;
    assert!(first.starts_with(&format!("{HEADER},coreCharge\n")));
    assert_eq!(
        first.lines().next().unwrap(),
        format!("{HEADER},coreCharge")
    );
    let report = import_ok(&app, &admin, &first).await;
    assert_eq!(
        counts(&report),
        json!({"added": 0, "updated": 0, "unchanged": 4, "dryRun": false})
    );
    assert_eq!(export(&app, &admin).await, first);

    let other = spawn_app().await;
    let other_admin = other.admin().await;
    let report = import_ok(&other, &other_admin, &first).await;
    assert_eq!(report["added"], 4);
    assert_eq!(export(&other, &other_admin).await, first);
}

#[tokio::test]
async fn cells_a_spreadsheet_would_run_are_exported_as_text_and_imported_unchanged() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let id = app
        .add_part_with(
            &admin,
            json!({"sku": "CALC-1", "name": "=HYPERLINK(\"https://evil.example\",\"Click\")",
                "description": "+cmd|' /C calc'!A0", "oemNumbers": ["-1+1", "X"],
                "replaces": ["@SUM(A1)"],
                "fitments": [{"make": "=Mazda", "model": "3", "yearFrom": 2010, "yearTo": 2013}]}),
        )
        .await;
    let before = app.part(&id).await;
    let file = export(&app, &admin).await;
    let row = file.lines().nth(1).unwrap();
    // No exported cell starts with what a spreadsheet would run.
    for cell in ["'=HYPERLINK", "'+cmd", "'-1+1;X", "'@SUM(A1)", "'=Mazda|3"] {
        assert!(row.contains(cell), "{cell} in {row}");
    }
    let mut reader = csv::ReaderBuilder::new().from_reader(file.as_bytes());
    for record in reader.records() {
        for cell in record.unwrap().iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{cell:?} would run in a spreadsheet"
            );
        }
    }
    // Imported back, the part is as it was.
    let report = import_ok(&app, &admin, &file).await;
    assert_eq!(report["unchanged"], 1, "{report}");
    let after = app.part(&id).await;
    for field in ["name", "description", "oemNumbers", "replaces", "fitments"] {
        assert_eq!(after[field], before[field], "{field}");
    }
}

#[tokio::test]
async fn ten_thousand_rows_import_and_export() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let mut file = format!("{HEADER}\n");
    for n in 0..10_000 {
        file.push_str(&format!(
            "GEN-{n:05},Generated part {n},Part number {n},/api/image/g.jpg,{}.{:02},{},1,3,Filters,0.{:03},OEM-{n};ALT-{n},OLD-{n},Toyota|Corolla|2010|2015|1.8L L4|LE|||;Honda|Civic|2012|2016\n",
            n % 500 + 1,
            n % 100,
            n % 50,
            n % 999 + 1,
        ));
    }
    let started = Instant::now();
    let report = import_ok(&app, &admin, &file).await;
    let imported = started.elapsed();
    assert_eq!(report["added"], 10_000);
    let started = Instant::now();
    let exported = export(&app, &admin).await;
    let export_took = started.elapsed();
    assert_eq!(exported.lines().count(), 10_001);
    let started = Instant::now();
    let report = import_ok(&app, &admin, &exported).await;
    let reimported = started.elapsed();
    assert_eq!(report["unchanged"], 10_000);
    println!(
        "10,000 rows ({}): import {imported:?}, export {export_took:?}, re-import unchanged {reimported:?}",
        if on_postgres() { "PostgreSQL" } else { "SQLite" }
    );
}

#[tokio::test]
async fn a_file_over_20_mb_is_refused_and_only_admins_may_use_the_routes() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let huge = format!("{HEADER}\n{}", "x".repeat(20 * 1024 * 1024 + 1));
    let response = import(&app, Some(&admin.token), "", huge).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);

    let buyer = app.new_user().await;
    let response = import(&app, Some(&buyer.token), "", good_file()).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let response = import(&app, None, "", good_file()).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.get("/api/admin/parts/export", Some(&buyer.token)).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(by_sku(&app).await.is_empty());
}

/// The part numbers a search finds, best match first, and the search as
/// the shop read it when it corrected a word.
async fn search(app: &TestApp, q: &str) -> (Vec<String>, Option<String>) {
    let response = app.list_parts(&format!("?q={q}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let corrected = response
        .headers()
        .get("x-search-corrected")
        .map(|v| v.to_str().unwrap().to_owned());
    let parts: Vec<Value> = response.json().await.unwrap();
    let skus = parts
        .iter()
        .map(|p| p["sku"].as_str().unwrap().to_owned())
        .collect();
    (skus, corrected)
}

#[tokio::test]
async fn imported_words_and_vehicles_are_searchable_at_once_and_a_dry_run_adds_none() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let dry = format!("{HEADER}\nZRC-9,Zircon plug,Sparks,/api/image/z.jpg,5,1,1,,,,,,\n");
    let response = import(&app, Some(&admin.token), "?dryRun=true", dry).await;
    assert_eq!(response.status(), StatusCode::OK);
    // The dry run's words went with its transaction: nothing to correct to.
    assert_eq!(search(&app, "zircn").await, (vec![], None));

    import_ok(&app, &admin, &good_file()).await;
    for (q, found) in [
        ("corola%20pads", "BRK-1"),
        ("ceramc", "BRK-1"),
        ("focus%20filter", "FLT-2"),
        ("2020%20civic", "FLT-2"),
        ("wiper%20blaed", "WPR-3"),
    ] {
        assert_eq!(search(&app, q).await.0, [found], "{q}");
    }
    // An import that renames a part makes its new words searchable.
    let renamed = good_file().replace("Wiper blade,22 inch", "Windscreen wiper,22 inch");
    import_ok(&app, &admin, &renamed).await;
    assert_eq!(
        search(&app, "windscren").await,
        (vec!["WPR-3".to_owned()], Some("windscreen".to_owned()))
    );
}

#[tokio::test]
async fn no_file_under_the_size_limit_makes_the_shop_take_much_memory() {
    if on_postgres() {
        // The reading and checking is the same on both databases.
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let shop = ShopProcess::start(data.path(), None);
    let admin = shop.admin_token().await;
    let before = shop.peak_memory_kib();
    let send = |csv: String| {
        shop.client()
            .post(format!("{}/api/admin/parts/import", shop.address))
            .bearer_auth(&admin)
            .header("content-type", "text/csv")
            .body(csv)
            .send()
    };

    // Nineteen megabytes of one-character rows: every row wrong.
    let mut rows = format!("{HEADER}\n");
    while rows.len() < 19 * 1024 * 1024 {
        rows.push_str("a\n");
    }
    let response = send(rows).await.expect("request sent");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let report = response.text().await.unwrap();
    assert!(report.len() < 64 * 1024, "{} bytes", report.len());
    let report: Value = serde_json::from_str(&report).unwrap();
    assert_eq!(report["errors"].as_array().unwrap().len(), 100);
    assert_eq!(
        report["error"],
        "101 or more rows of the file have errors (reading stopped there); the first 100 problems are listed; nothing was imported"
    );
    assert_eq!(report["errors"][0]["row"], 2);

    // One cell of nineteen million list separators.
    let cell = ";".repeat(19 * 1024 * 1024);
    let csv = format!("{HEADER}\nPG-1,Pads,Brake pads,,12.50,5,1,,,,{cell},,\n");
    let response = send(csv).await.expect("request sent");
    let status = response.status();
    let report: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{report}");
    assert_eq!(
        report["errors"],
        // A blank picture is allowed in a file (a new part has none).
        json!([
            {"row": 2, "column": "oemNumbers", "message": "OEM numbers: at most 20"},
        ])
    );

    // Both together cost the shop less than 96 MiB more than it had at
    // its peak before them (it took 2.7 GB and 1.1 GB when every row's
    // problems and every list item were kept).
    let grown = shop.peak_memory_kib().saturating_sub(before);
    assert!(grown < 96 * 1024, "the peak grew by {grown} KiB");
}

/// Imports `csv` expecting a refusal; answers the report.
async fn import_refused(app: &TestApp, admin: &User, csv: String) -> Value {
    let response = import(app, Some(&admin.token), "", csv).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_header_naming_a_column_twice_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let body = import_refused(
        &app,
        &admin,
        format!("{HEADER},img\nBRK-1,Pads,Pads,/api/image/a.jpg,9.50,5,1,,,,,,,/api/image/b.jpg\n"),
    )
    .await;
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert_eq!(body["errors"][0]["row"], 1, "{body}");
    assert!(message.contains("more than once: img"), "{message}");
    assert!(by_sku(&app).await.is_empty());
}

#[tokio::test]
async fn a_fitment_with_more_than_its_nine_fields_is_refused_not_cut() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    // A note with an unescaped |: "Fits A|B only" would have been stored as "Fits A".
    let body = import_refused(
        &app,
        &admin,
        format!("{HEADER}\nBRK-1,Pads,Pads,/api/image/a.jpg,9.50,5,1,,,,,,Ford|Focus|2012|2018;Toyota|Corolla|2014|2019|||||Fits A|B only\n"),
    )
    .await;
    assert_eq!(
        body["errors"],
        json!([{"row": 2, "column": "fitments",
            "message": "Fitment 2: a fitment has at most 9 fields (make|model|yearFrom|yearTo|engine|trim|axle|side|note); write a | inside one as \\|"}])
    );
    assert!(by_sku(&app).await.is_empty());
    // Escaped, the same note is one field and imports whole.
    import_ok(
        &app,
        &admin,
        &format!("{HEADER}\nBRK-1,Pads,Pads,/api/image/a.jpg,9.50,5,1,,,,,,Toyota|Corolla|2014|2019|||||Fits A\\|B only\n"),
    )
    .await;
    let pads = &by_sku(&app).await[0].1;
    assert_eq!(pads["fitments"][0]["note"], "Fits A|B only");
}

#[tokio::test]
async fn a_body_not_sent_as_csv_is_refused_with_415_and_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    for content_type in [
        "application/json",
        "text/plain",
        "multipart/form-data; boundary=x",
    ] {
        let response = app
            .request(Method::POST, "/api/admin/parts/import", Some(&admin.token))
            .header("content-type", content_type)
            .body(good_file())
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{content_type}"
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body["error"], "Send the catalogue as a CSV file (Content-Type: text/csv)",
            "{body}"
        );
    }
    let response = app
        .request(Method::POST, "/api/admin/parts/import", Some(&admin.token))
        .body(good_file())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(by_sku(&app).await.is_empty());
    // With its parameters, in any case, it is CSV.
    let response = app
        .request(Method::POST, "/api/admin/parts/import", Some(&admin.token))
        .header("content-type", "Text/CSV; charset=utf-8")
        .body(good_file())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_row_without_a_picture_adds_a_part_without_one_and_keeps_a_known_parts() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    import_ok(&app, &admin, &good_file()).await;
    // A supplier's sheet: no pictures at all.
    let sheet = format!(
        "{HEADER}\n\
         BRK-1,Front pads,\"Ceramic, quiet\",,34.99,50,2,5,Brakes,1.25,04465-33450;04465-02220,OLD-1,Toyota|Corolla|2014|2019|1.8L L4|LE|front||Not for \\; sport\n\
         NEW-7,Cabin filter,Carbon,,15,20,1,,,,,,\n"
    );
    let report = import_ok(&app, &admin, &sheet).await;
    assert_eq!(
        counts(&report),
        json!({"added": 1, "updated": 0, "unchanged": 1, "dryRun": false})
    );
    assert_eq!(
        report["addedParts"],
        json!([{"sku": "NEW-7", "name": "Cabin filter", "changes": []}])
    );
    let parts = by_sku(&app).await;
    let pads = &parts.iter().find(|(sku, _)| sku == "BRK-1").unwrap().1;
    assert_eq!(
        pads["img"], "/api/image/a.jpg",
        "a known part keeps its picture"
    );
    let filter = &parts.iter().find(|(sku, _)| sku == "NEW-7").unwrap().1;
    assert_eq!(filter["img"], "", "a new part has none");
    // A picture that is written is still read by the API's rule.
    let body = import_refused(
        &app,
        &admin,
        format!("{HEADER}\nNEW-8,Bulb,H7,javascript:alert(1),3,20,1,,,,,,\n"),
    )
    .await;
    assert_eq!(body["errors"][0]["column"], "img", "{body}");
}

/// Categories whose kept number of parts (`category_counts`) differs from
/// the parts the catalogue has in them, counted both ways.
async fn category_counts_off(app: &TestApp) -> i64 {
    let kept = "SELECT category, parts FROM category_counts WHERE parts > 0";
    let counted = "SELECT category, count(*) FROM parts GROUP BY category";
    app.count_sql(&format!(
        "SELECT count(*) FROM ({kept} EXCEPT {counted}) AS a"
    ))
    .await
        + app
            .count_sql(&format!(
                "SELECT count(*) FROM ({counted} EXCEPT {kept}) AS b"
            ))
            .await
}

#[tokio::test]
async fn each_categorys_number_of_parts_follows_every_part_added_moved_or_deleted() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert_eq!(category_counts_off(&app).await, 0);
    // An import's parts are added a batch at a time; a second import moves
    // one to another category.
    import_ok(&app, &admin, &good_file()).await;
    assert_eq!(category_counts_off(&app).await, 0);
    import_ok(
        &app,
        &admin,
        &good_file().replace(",Other,0.2", ",Lighting,0.2"),
    )
    .await;
    assert_eq!(category_counts_off(&app).await, 0);

    // Parts added, moved and deleted one at a time, and then all sent
    // together: whatever order they end in, the numbers are the parts'.
    // Every part fits the same vehicle, so each write also counts that
    // vehicle's fitments (D46): the writers meet at both rows.
    let corolla = json!([{"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019}]);
    let part = |category: &str| json!({"category": category, "fitments": corolla});
    let mut parts = Vec::new();
    for category in ["Brakes", "Filters", "Engine", "Brakes", "Other", "Brakes"] {
        parts.push(app.add_part_with(&admin, part(category)).await);
    }
    let response = app
        .put_part(
            Some(&admin.token),
            &parts[0],
            &json!({"category": "Engine"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        app.delete_part(Some(&admin.token), &parts[1])
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(category_counts_off(&app).await, 0);

    let moves = [
        ("Filters", &parts[2]),
        ("Lighting", &parts[3]),
        ("Filters", &parts[0]),
    ];
    let (added, moved, deleted) = tokio::join!(
        futures::future::join_all(
            ["Brakes", "Filters", "Brakes", "Engine"].map(|c| app.add_part_with(&admin, part(c)))
        ),
        futures::future::join_all(moves.map(|(category, id)| {
            let (app, admin, part) = (&app, &admin, &part);
            async move {
                // Moved and fitted again in one edit.
                app.put_part(Some(&admin.token), id, &part(category)).await
            }
        })),
        futures::future::join_all(
            [&parts[4], &parts[5]].map(|id| app.delete_part(Some(&admin.token), id))
        ),
    );
    // Each add answered 201 (add_part_with checks) with a part of its own.
    assert_eq!(
        added
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        4
    );
    for response in moved.iter().chain(&deleted) {
        assert!(
            [StatusCode::OK, StatusCode::SERVICE_UNAVAILABLE].contains(&response.status()),
            "{}",
            response.status()
        );
    }
    assert_eq!(category_counts_off(&app).await, 0);

    // And they are what the catalogue answers.
    let total = app.count_sql("SELECT count(*) FROM parts").await;
    assert_eq!(app.parts("?limit=1").await.1, total);
    let brakes = app
        .count_sql("SELECT count(*) FROM parts WHERE category = 'Brakes'")
        .await;
    assert_eq!(app.parts("?category=brakes&limit=1").await.1, brakes);
    let counts: Vec<Value> = app.get("/api/category", None).await.json().await.unwrap();
    let listed = counts.iter().find(|c| c["name"] == "Brakes").unwrap();
    assert_eq!(listed["count"], brakes);
}
