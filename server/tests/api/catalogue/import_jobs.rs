//! A catalogue import as a job (D44): a big file answered 202 and followed
//! to its end with its progress while orders go on, a stop that the next
//! start goes on from, and a job whose process is gone told as cut.

use std::time::{Duration, Instant};

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

const HEADER: &str = "sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments";

/// A supplier's file of `rows` parts, each with two OEM numbers, a number
/// it replaces and three fitments, about 240 bytes a row.
fn big_file(rows: usize) -> String {
    let makes = [
        ("Toyota", "Corolla"),
        ("Honda", "Civic"),
        ("Ford", "Focus"),
        ("Volkswagen", "Golf"),
    ];
    let mut file = format!("{HEADER}\n");
    for n in 0..rows {
        let (make, model) = makes[n % makes.len()];
        let (other, other_model) = makes[(n + 1) % makes.len()];
        file.push_str(&format!(
            "JOB-{n:06},Brake disc {n},Vented front brake disc for everyday driving {n},/api/image/d.jpg,{}.{:02},{},1,3,Brakes,{}.{:03},\
             OEM-{n}-A;OEM-{n}-B,OLD-{n},{make}|{model}|2010|2015|1.8L L4|LE|front||;{make}|{model}|2016|2020;{other}|{other_model}|2012|2018\n",
            n % 400 + 10,
            n % 100,
            n % 40 + 1,
            n % 9 + 1,
            n % 999,
        ));
    }
    file
}

async fn start_import(app: &TestApp, admin: &User, file: String, query: &str) -> Response {
    app.request(
        Method::POST,
        &format!("/api/admin/parts/import{query}"),
        Some(&admin.token),
    )
    .header("content-type", "text/csv")
    .header("prefer", "respond-async")
    .body(file)
    .timeout(Duration::from_secs(60))
    .send()
    .await
    .expect("request sent")
}

/// The job at `location`.
async fn job(app: &TestApp, admin: &User, location: &str) -> Value {
    let response = app.get(location, Some(&admin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Follows the job at `location` until it is no longer running; answers it
/// and every `rowsDone` seen on the way.
async fn follow(
    app: &TestApp,
    admin: &User,
    location: &str,
    within: Duration,
) -> (Value, Vec<i64>) {
    let started = Instant::now();
    let mut seen = Vec::new();
    loop {
        let job = job(app, admin, location).await;
        let done = job["rowsDone"].as_i64().unwrap();
        if seen.last() != Some(&done) {
            seen.push(done);
        }
        if job["state"] != "running" {
            return (job, seen);
        }
        assert!(
            started.elapsed() < within,
            "the import is still running after {within:?}: {job}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

async fn total_parts(app: &TestApp) -> i64 {
    let response = app.get("/api/part?limit=1", None).await;
    response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_80000_row_import_runs_as_a_job_with_progress_while_orders_go_on() {
    const ROWS: usize = 80_000;
    let app = spawn_app_with(|config| {
        config.max_unpaid_orders = 0;
        config.max_unpaid_units = 0;
    })
    .await;
    let admin = app.admin().await;
    let buyer = app.new_user().await;
    let part = app
        .post_part(
            Some(&admin.token),
            &with(part_body(), "availableQuantity", Some(json!(1_000_000))),
        )
        .await;
    assert_eq!(part.status(), StatusCode::CREATED);
    let part: Value = part.json().await.unwrap();
    let part = part["insertedId"].as_str().unwrap().to_owned();
    let file = big_file(ROWS);
    let bytes = file.len();

    let started = Instant::now();
    let response = start_import(&app, &admin, file, "").await;
    let answered_in = started.elapsed();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with("/api/admin/parts/imports/"),
        "{location}"
    );
    let first: Value = response.json().await.unwrap();
    assert_eq!(first["state"], "running");
    assert_eq!(first["rows"], ROWS as i64);
    assert_eq!(first["dryRun"], false);
    assert_eq!(first["by"], admin.email.as_str());

    // Orders one after another for as long as the import runs.
    let running = std::sync::atomic::AtomicBool::new(true);
    let orders = async {
        let mut waits = Vec::new();
        while running.load(std::sync::atomic::Ordering::SeqCst) {
            let sent = Instant::now();
            let response = app.order(&buyer, &part, 2).await;
            assert_eq!(response.status(), StatusCode::CREATED);
            waits.push(sent.elapsed());
        }
        waits
    };
    let followed = async {
        let followed = follow(&app, &admin, &location, Duration::from_secs(900)).await;
        running.store(false, std::sync::atomic::Ordering::SeqCst);
        followed
    };
    let (mut waits, (job, seen)) = tokio::join!(orders, followed);
    let took = started.elapsed();
    assert_eq!(job["state"], "done", "{job}");
    assert_eq!(job["rowsDone"], ROWS as i64);
    assert_eq!(job["added"], ROWS as i64);
    assert_eq!(job["addedParts"].as_array().unwrap().len(), 100);
    assert!(job["finishedAt"].is_string());
    assert_eq!(total_parts(&app).await, ROWS as i64 + 1);
    // Progress was seen on the way, not only the start and the end.
    assert!(
        seen.iter().filter(|&&d| d > 0 && d < ROWS as i64).count() >= 3,
        "progress seen: {seen:?}"
    );
    waits.sort();
    let p99 = waits[(waits.len() * 99).div_ceil(100) - 1];
    let longest = *waits.last().unwrap();
    println!(
        "{ROWS}-row import ({:.1} MiB, {}): answered 202 in {answered_in:?}, done in {took:?}, \
         {} progress figures seen; {} orders meanwhile, p99 {p99:?}, longest {longest:?}",
        bytes as f64 / 1024.0 / 1024.0,
        if on_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        seen.len(),
        waits.len(),
    );
    assert!(waits.len() >= 20, "orders went on: {}", waits.len());
    // Orders wait behind one batch at most, never behind the import.
    assert!(p99 < Duration::from_secs(1), "p99 {p99:?}");
    // The one audit record, with the job's id.
    let audit: Value = app
        .get("/api/admin/audit?action=parts.imported", Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    let records = audit.as_array().unwrap();
    assert_eq!(records.len(), 1, "{audit}");
    assert_eq!(records[0]["after"]["added"], ROWS as i64);
    assert_eq!(records[0]["after"]["job"], job["_id"]);
}

#[tokio::test]
async fn an_import_stopped_with_the_shop_goes_on_at_the_next_start() {
    const ROWS: usize = 6_000;
    let app = spawn_app().await;
    let admin = app.admin().await;
    let response = start_import(&app, &admin, big_file(ROWS), "").await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    // Stopped once some batches are in, as SIGTERM stops it.
    let started = Instant::now();
    loop {
        let job = job(&app, &admin, &location).await;
        let done = job["rowsDone"].as_i64().unwrap();
        assert_eq!(
            job["state"], "running",
            "it finished before the stop: {job}"
        );
        if done >= 400 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "{job}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    app.stop().await;
    let stopped_at = app
        .count_sql("SELECT rows_done FROM catalogue_imports")
        .await;
    let parts_then = app.count_sql("SELECT COUNT(*) FROM parts").await;
    assert!(stopped_at < ROWS as i64, "stopped at {stopped_at}");
    // The batches written are the progress written: none half done.
    assert_eq!(parts_then, stopped_at);

    let again = app.restart_with(|_| {}).await;
    let admin = again.admin().await;
    let (job, _) = follow(&again, &admin, &location, Duration::from_secs(300)).await;
    println!(
        "stopped after {stopped_at} of {ROWS} rows; went on to {}",
        job["rowsDone"]
    );
    assert_eq!(job["state"], "done", "{job}");
    assert_eq!(job["added"], ROWS as i64);
    assert_eq!(job["updated"], 0);
    assert_eq!(job["unchanged"], 0);
    assert_eq!(total_parts(&again).await, ROWS as i64);
    // Each new part has the file's stock once: no row was applied twice.
    let stock = again
        .count_sql("SELECT CAST(COALESCE(SUM(available_quantity), 0) AS BIGINT) FROM parts")
        .await;
    let expected: i64 = (0..ROWS as i64).map(|n| n % 40 + 1).sum();
    assert_eq!(stock, expected);
    // Its file is gone once it is over.
    let folder = again.config.data_dir.join("imports");
    let left = std::fs::read_dir(&folder).map_or(0, |files| files.count());
    assert_eq!(left, 0, "files left in {}", folder.display());
}

#[tokio::test]
async fn a_job_whose_process_is_gone_is_told_as_cut_and_a_small_one_followed() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    // A job another process was running when it died: its file is not here.
    app.execute_sql(&format!(
        "INSERT INTO catalogue_imports (state, dry_run, file_name, by_user_id, by_email, rows_total, rows_done, \
         started_at, updated_at) VALUES ('running', 0, 'import-elsewhere.csv', 1, '{ADMIN_EMAIL}', 80000, 12600, \
         '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z')"
    ))
    .await;
    let again = app.restart_with(|_| {}).await;
    let listed: Value = again
        .get("/api/admin/parts/imports", Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    let cut = &listed["imports"][0];
    assert_eq!(cut["state"], "cut", "{listed}");
    assert_eq!(
        cut["error"],
        "The shop stopped during this import after 12,600 of 80,000 rows and its file is gone; import the file again to finish it."
    );
    assert!(cut["finishedAt"].is_string());

    // A small file asked to answer at once: 202, then done.
    let response = start_import(&again, &admin, big_file(3), "?dryRun=true").await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    let (job, _) = follow(&again, &admin, &location, Duration::from_secs(30)).await;
    assert_eq!(job["state"], "done");
    assert_eq!(job["dryRun"], true);
    assert_eq!(
        (&job["added"], &job["rowsDone"], &job["rows"]),
        (&json!(3), &json!(3), &json!(3))
    );
    assert_eq!(total_parts(&again).await, 0, "a dry run writes no part");
    let listed: Value = again
        .get("/api/admin/parts/imports", Some(&admin.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["imports"].as_array().unwrap().len(), 2);
    assert_eq!(listed["imports"][0]["_id"], job["_id"], "newest first");

    // Only admins see imports; an unknown one is 404.
    let buyer = again.new_user().await;
    for path in [location.as_str(), "/api/admin/parts/imports"] {
        let response = again.get(path, Some(&buyer.token)).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        let response = again.get(path, None).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    for id in ["999999", "abc"] {
        let response = again
            .get(
                &format!("/api/admin/parts/imports/{id}"),
                Some(&admin.token),
            )
            .await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, json!({"error": "Import not found"}));
    }
}
