//! `shop import FILE` (D53): a catalogue file loaded at the command line in
//! one transaction, the catalogue's indexes set aside and built again;
//! refused beside a running shop and for a file with a wrong row; all or
//! nothing when stopped half-way.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use super::BLOCKS_WRONG;
use crate::helpers::*;

const HEADER: &str = "sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments";

const TABLES: &str =
    "'parts', 'part_fitments', 'part_oem_numbers', 'part_replaced_numbers', 'parts_search'";

/// Rows `CMD-000000` on, each with two OEM numbers, a number it replaces
/// and three fitments: Honda Civic 2010–2015 and 2016–2020 for every fourth
/// row from the second, and 2012–2018 for every fourth from the first.
fn catalogue(rows: usize) -> String {
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
            "CMD-{n:06},Vented disc {n},Front brake disc number {n},/api/image/d.jpg,{}.{:02},50,1,3,Brakes,1.250,\
             OEM-{n}-A;OEM-{n}-B,OLD-{n},{make}|{model}|2010|2015|1.8L L4||front||;{make}|{model}|2016|2020;{other}|{other_model}|2012|2018\n",
            n % 400 + 10,
            n % 100,
        ));
    }
    file
}

/// Fitments whose category is not their part's (D49).
const FITMENTS_OFF_CATEGORY: &str = "SELECT COUNT(*) FROM part_fitments AS f \
     JOIN parts AS p ON p.id = f.part_id WHERE f.category <> p.category";

/// PostgreSQL: the foreign keys of the part's details (each row's part).
const FOREIGN_KEYS: &str = "SELECT COUNT(*) FROM pg_constraint WHERE contype = 'f' \
     AND conrelid IN ('part_fitments'::regclass, 'part_oem_numbers'::regclass, \
     'part_replaced_numbers'::regclass)";

/// PostgreSQL: the triggers turned off.
const TRIGGERS_OFF: &str = "SELECT COUNT(*) FROM pg_trigger WHERE tgenabled = 'D'";

/// A data folder and, on PostgreSQL, a database of the test's own.
struct Place {
    dir: tempfile::TempDir,
    postgres: Option<PostgresDatabase>,
}

impl Place {
    async fn new() -> Place {
        let postgres = if on_postgres() {
            Some(PostgresDatabase::create().await)
        } else {
            None
        };
        Place {
            dir: tempfile::tempdir().unwrap(),
            postgres,
        }
    }

    fn url(&self) -> Option<&str> {
        self.postgres.as_ref().map(|db| db.url.as_str())
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// `shop import FILE` on this place, ready to run.
    fn import(&self, file: &Path) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shop"));
        command
            .arg("import")
            .arg(file)
            .env_clear()
            .env("SHOP_DATA_DIR", self.dir.path())
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1");
        if let Some(url) = self.url() {
            command.env("SHOP_DATABASE_URL", url);
        }
        command
    }

    /// Runs `shop import FILE`: whether it succeeded, and what it said.
    fn run_import(&self, file: &Path) -> (bool, String) {
        let out = self.import(file).output().expect("the shop binary runs");
        let said = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), said)
    }

    async fn database(&self) -> sqlx::AnyPool {
        sqlx::any::install_default_drivers();
        let url = match self.url() {
            Some(url) => url.to_owned(),
            None => format!("sqlite://{}", self.dir.path().join("shop.db").display()),
        };
        sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .expect("the shop's database opens")
    }

    /// The catalogue tables' index definitions, by name.
    async fn indexes(&self) -> Vec<String> {
        let sql = match self.url() {
            Some(_) => format!(
                "SELECT indexdef FROM pg_indexes WHERE tablename IN ({TABLES}) ORDER BY indexname"
            ),
            None => format!(
                "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ({TABLES}) \
                 AND sql IS NOT NULL ORDER BY name"
            ),
        };
        let db = self.database().await;
        let found = sqlx::query_scalar::<_, String>(&sql)
            .fetch_all(&db)
            .await
            .unwrap();
        db.close().await;
        found
    }

    async fn count(&self, table: &str) -> i64 {
        self.number(&format!("SELECT COUNT(*) FROM {table}")).await
    }

    /// One number `sql` answers.
    async fn number(&self, sql: &str) -> i64 {
        let db = self.database().await;
        let n = sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(&db)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        db.close().await;
        n
    }
}

/// The parts a query finds (`X-Total-Count`).
async fn total(shop: &ShopProcess, query: &str) -> i64 {
    let response = shop
        .get(&format!("/api/part?limit=1&{query}"))
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{query}");
    response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// What `GET path` answers.
async fn json_at(shop: &ShopProcess, path: &str) -> Value {
    shop.get(path).await.unwrap().json().await.unwrap()
}

/// The parts `GET /api/category` counts in `name`.
async fn category_count(shop: &ShopProcess, name: &str) -> i64 {
    let categories = json_at(shop, "/api/category").await;
    let found = categories
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name);
    found
        .and_then(|c| c["count"].as_i64())
        .unwrap_or_else(|| panic!("{name} in {categories}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_import_command_loads_a_file_in_one_go_with_every_index_built_again() {
    let place = Place::new().await;
    let shop = ShopProcess::start(place.dir.path(), place.url());
    let admin = shop.admin_token().await;
    let known = json!({"sku": "CMD-000000", "name": "Old name", "description": "Old",
        "img": "/api/image/x.jpg", "price": 20, "availableQuantity": 7, "minimumOrder": 1});
    let response = shop.post("/api/part", Some(&admin), known).await.unwrap();
    assert_eq!(response.status(), 201);
    let known: Value = response.json().await.unwrap();
    let known = known["insertedId"].as_str().unwrap().to_owned();
    let good = place.file("catalogue.csv", &catalogue(300));

    // Never beside a running shop: its cache would not see the change.
    let (imported, said) = place.run_import(&good);
    assert!(!imported);
    assert!(said.contains("a shop is running"), "{said}");
    drop(shop);
    assert_eq!(place.count("parts").await, 1);

    // A wrong row: the problems listed, nothing written.
    let wrong = place.file(
        "wrong.csv",
        &(catalogue(300) + "CMD-999999,Disc,Disc,,lots,1,1,1,Brakes,1,,,\n"),
    );
    let (imported, said) = place.run_import(&wrong);
    assert!(!imported);
    assert!(
        said.contains("1 row of the file has errors; nothing was imported"),
        "{said}"
    );
    assert!(said.contains("row 302, price: "), "{said}");
    assert_eq!(place.count("parts").await, 1);

    let before = place.indexes().await;
    assert!(before.len() >= 8, "{before:?}");
    let (imported, said) = place.run_import(&good);
    assert!(imported, "{said}");
    assert!(
        said.contains("299 parts added, 1 updated, 0 unchanged"),
        "{said}"
    );
    assert_eq!(
        place.indexes().await,
        before,
        "every index is back as it was"
    );
    assert_eq!(place.count("part_fitments").await, 900);
    let counted = "SELECT CAST(SUM(fitments) AS BIGINT) FROM fitment_vehicles";
    assert_eq!(
        place.number(counted).await,
        900,
        "each fitment counted once"
    );
    assert_eq!(
        place.number(FITMENTS_OFF_CATEGORY).await,
        0,
        "every fitment carries its part's category"
    );
    if place.url().is_some() {
        // PostgreSQL: the details' foreign keys set aside for the load
        // are back, and no trigger is left off.
        assert_eq!(place.number(FOREIGN_KEYS).await, 3);
        assert_eq!(place.number(TRIGGERS_OFF).await, 0);
    }

    // The shop finds the parts by every way in.
    let shop = ShopProcess::start(place.dir.path(), place.url());
    let admin = shop.admin_token().await;
    assert_eq!(total(&shop, "").await, 300);
    assert_eq!(total(&shop, "q=vented+disc").await, 300);
    assert_eq!(total(&shop, "make=Honda&model=Civic&year=2012").await, 150);
    assert_eq!(total(&shop, "make=Honda&model=Civic&year=2019").await, 75);
    assert_eq!(total(&shop, "category=Brakes&year=2019").await, 300);
    assert_eq!(total(&shop, "q=OEM-123-B").await, 1);
    assert_eq!(total(&shop, "q=OLD-77").await, 1);
    assert_eq!(
        total(&shop, "q=old+name").await,
        0,
        "the known part's old words are gone"
    );
    // The counts kept beside the catalogue agree with it.
    assert_eq!(category_count(&shop, "Brakes").await, 300);
    let vehicles = json_at(&shop, "/api/vehicle").await;
    let model = |model: &str| json!({"model": model, "yearFrom": 2010, "yearTo": 2020});
    assert_eq!(
        vehicles,
        json!([
            {"make": "Ford", "models": [model("Focus")]},
            {"make": "Honda", "models": [model("Civic")]},
            {"make": "Toyota", "models": [model("Corolla")]},
            {"make": "Volkswagen", "models": [model("Golf")]},
        ])
    );
    // And they go on following the catalogue's writes once the load is over.
    let added = json!({"sku": "AFTER-1", "name": "Xenon bulb", "description": "Low beam",
        "img": "/api/image/x.jpg", "price": 12, "availableQuantity": 3, "minimumOrder": 1,
        "category": "Lighting", "fitments": [{"make": "Mazda", "model": "CX-5", "yearFrom": 2015, "yearTo": 2018}]});
    let response = shop.post("/api/part", Some(&admin), added).await.unwrap();
    assert_eq!(response.status(), 201);
    assert_eq!(total(&shop, "q=xenon").await, 1);
    assert_eq!(total(&shop, "make=Mazda&year=2016").await, 1);
    assert_eq!(category_count(&shop, "Lighting").await, 1);
    let vehicles = json_at(&shop, "/api/vehicle").await;
    assert_eq!(vehicles[2]["make"], "Mazda", "{vehicles}");
    assert_eq!(place.number(counted).await, 901);
    // The blocks' trigger is on again (D54): the part added is counted.
    assert_eq!(place.number(BLOCKS_SUM).await, 301);
    assert_eq!(place.number(BLOCKS_WRONG).await, 0);
    // A part deleted takes its details with it (the foreign keys' cascade).
    let gone = place
        .number("SELECT MAX(id) FROM parts WHERE sku LIKE 'CMD-%'")
        .await
        .to_string();
    let deleted = shop
        .client()
        .delete(format!("{}/api/part/{gone}", shop.address))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 200);
    assert_eq!(place.count("part_fitments").await, 901 - 3);
    assert_eq!(place.count("part_oem_numbers").await, 600 - 2);
    assert_eq!(place.count("part_replaced_numbers").await, 300 - 1);
    let part = json_at(&shop, &format!("/api/part/{known}")).await;
    assert_eq!(part["name"], "Vented disc 0");
    assert_eq!(
        part["availableQuantity"], 7,
        "a known part's stock is never written"
    );
    let audit: Value = shop
        .client()
        .get(format!(
            "{}/api/admin/audit?action=parts.imported",
            shop.address
        ))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let entry = &audit[0];
    assert_eq!(entry["byEmail"], "command line", "{audit}");
    assert_eq!(entry["after"]["added"], 299, "{audit}");
    assert_eq!(entry["after"]["file"], "catalogue.csv", "{audit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_stopped_half_way_leaves_the_catalogue_and_its_indexes_as_they_were() {
    let place = Place::new().await;
    let file = place.file("catalogue.csv", &catalogue(30_000));
    // The command's first start makes the database; nothing in it yet.
    let (imported, said) = place.run_import(&place.file("empty.csv", &catalogue(0)));
    assert!(imported, "{said}");
    let before = place.indexes().await;

    let mut command = place
        .import(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the shop binary runs");
    let lines = BufReader::new(command.stdout.take().unwrap()).lines();
    let mut said = Vec::new();
    for line in lines.map_while(Result::ok) {
        let aside = line.contains("indexes set aside");
        said.push(line);
        if aside {
            break;
        }
    }
    assert!(
        said.last().is_some_and(|l| l.contains("indexes set aside")),
        "{said:?}"
    );
    // Rows are being written: stopped the hard way, as a crash would.
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        command.try_wait().unwrap().is_none(),
        "the import was still running"
    );
    command.kill().unwrap();
    command.wait().unwrap();

    assert_eq!(place.count("parts").await, 0);
    assert_eq!(place.count("part_fitments").await, 0);
    assert_eq!(place.indexes().await, before);
    // And the same file goes in whole afterwards.
    let (imported, said) = place.run_import(&file);
    assert!(imported, "{said}");
    assert!(said.contains("30000 parts added"), "{said}");
    assert_eq!(place.count("parts").await, 30_000);
    assert_eq!(place.indexes().await, before);
    // The parts each block of ids holds (D54), counted again on PostgreSQL.
    assert_eq!(place.number(BLOCKS_SUM).await, 30_000);
    assert_eq!(place.number(BLOCKS_WRONG).await, 0);
}

/// The parts the blocks of ids count in all (D54).
const BLOCKS_SUM: &str = "SELECT CAST(COALESCE(SUM(parts), 0) AS BIGINT) FROM part_blocks";
