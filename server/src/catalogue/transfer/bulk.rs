//! `shop import FILE`: a catalogue file applied at the command line, for a
//! first load of many parts (D53). The file is checked as the API checks it
//! (nothing is written when a row is wrong), then applied with the API's
//! own row rules in **one transaction**: the catalogue's secondary indexes
//! are set aside at its start and built again, from their stored
//! definitions, before it commits. Each index is then built once, sorted,
//! instead of being written a row at a time at random places (what bounds
//! the API's import on a large catalogue), and the load is all or nothing:
//! stopped half-way, it leaves the catalogue and its indexes as they were.
//!
//! The caller makes sure no shop serves the data folder meanwhile (its
//! catalogue cache would not see the change on SQLite). On PostgreSQL
//! another shop process on the same database waits for the load to end
//! before reading the catalogue (setting an index aside locks its table),
//! then sees the new catalogue: the catalogue's version is advanced.

use std::path::Path;
use std::time::Instant;

use anyhow::Context;

use super::jobs::{apply_rows, read_batch, Progress};
use super::*;
use crate::audit::{self, Actor};
use crate::core::db::{Backend, Db};

/// The tables whose secondary indexes a load sets aside.
const TABLES: [&str; 4] = [
    "parts",
    "part_fitments",
    "part_oem_numbers",
    "part_replaced_numbers",
];

/// PostgreSQL: the triggers a load turns off, each with its table, and
/// does the work of once at its end (`count_again`). The first four keep
/// counts a row or a statement at a time: in one long transaction every update of a
/// count leaves a version of its row behind that the next update must step
/// over (none can be cleared before the transaction ends), so a million
/// rows would update the same few thousand counts slower and slower. The
/// fifth writes a new part's words into the word index (D48), a part at a
/// time into an index much larger than memory. The last gives each fitment
/// written its part's category, reading the part once for each fitment
/// (three million reads at a million parts): the load writes the category
/// the part is written with, and `FITMENT_CATEGORIES` makes sure of it at
/// the end in one statement. SQLite updates a row in place and keeps its
/// triggers on.
const TRIGGERS_OFF: [(&str, &str); 6] = [
    ("part_fitments", "fitment_vehicles_follow"),
    ("parts", "category_counts_insert"),
    ("parts", "category_counts_update"),
    ("parts", "part_blocks_insert"),
    ("parts", WORDS_TRIGGER),
    ("part_fitments", "part_fitments_category"),
];

/// PostgreSQL: every fitment takes its part's category (what the trigger
/// `part_fitments_category` does a row at a time), for the whole catalogue
/// at the end of a load. It finds nothing to change unless a fitment was
/// written with another category than its part's.
const FITMENT_CATEGORIES: &str = "UPDATE part_fitments AS f SET category = p.category \
     FROM parts AS p WHERE p.id = f.part_id AND f.category IS DISTINCT FROM p.category";

/// PostgreSQL: the tables whose foreign keys (each detail's part) a load
/// sets aside and adds again before it commits. Kept, each row written
/// would look its part up as it is written (six million look-ups at a
/// million parts); added again, each is checked for the whole table in one
/// join, and a row without its part fails the load as it would have failed
/// its statement.
const FOREIGN_KEYS_OF: [&str; 3] = ["part_fitments", "part_oem_numbers", "part_replaced_numbers"];

/// PostgreSQL: the counts counted again from scratch, as the migrations
/// that made them filled them.
pub(super) const RECOUNTS: [&str; 6] = [
    "DELETE FROM fitment_vehicles",
    "INSERT INTO fitment_vehicles (make_key, model_key, make, model, year_from, year_to, fitments) \
     SELECT make_key, model_key, make, model, year_from, year_to, count(*) \
     FROM part_fitments \
     GROUP BY make_key, model_key, make, model, year_from, year_to",
    "DELETE FROM category_counts",
    "INSERT INTO category_counts (category, parts) \
     SELECT category, count(*) FROM parts GROUP BY category",
    "DELETE FROM part_blocks",
    "INSERT INTO part_blocks (block, parts) \
     SELECT id / 1024, count(*) FROM parts GROUP BY id / 1024",
];

/// PostgreSQL: the tables analysed after a load, for the planner's figures.
const ANALYSED: [&str; 8] = [
    "parts",
    "part_fitments",
    "part_oem_numbers",
    "part_replaced_numbers",
    "parts_search",
    "fitment_vehicles",
    "category_counts",
    "part_blocks",
];

/// PostgreSQL: the trigger writing a new part's words into the word index
/// (D48), and the statement writing the words of the parts after a given id
/// (the trigger's own, for many parts at once).
const WORDS_TRIGGER: &str = "parts_search_insert";
const WORDS_OF_NEW_PARTS: &str = "INSERT INTO parts_search (word, part_id, places) \
     SELECT w.word, p.id, w.places \
     FROM parts AS p CROSS JOIN LATERAL parts_search_words(p.name, p.description, p.sku) AS w \
     WHERE p.id > $1";

/// What a load did.
#[derive(Debug)]
pub struct Loaded {
    pub added: i64,
    pub updated: i64,
    pub unchanged: i64,
    /// The indexes built again.
    pub indexes: usize,
    /// Time spent building them, within the whole.
    pub indexing: std::time::Duration,
}

/// Checks `path` as `POST /api/admin/parts/import` does, then applies it in
/// one transaction (see the module's comment). A file with wrong rows is
/// refused with its problems listed, nothing written.
pub async fn import_file(db: &Db, path: &Path) -> anyhow::Result<Loaded> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let checked = tokio::task::spawn_blocking(move || {
        let mut file = file;
        import::check_file(&mut file).map(|rows| (file, rows))
    })
    .await?;
    let (mut file, rows) = match checked {
        Ok(checked) => checked,
        Err(report) => anyhow::bail!("{}", describe(&report)),
    };
    // The check read the file to its end.
    std::io::Seek::rewind(&mut file)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    db.importing(true).await?;
    let loaded = load(db, file, rows, &name).await;
    if let Err(e) = db.importing(false).await {
        tracing::warn!(error = %e, "cannot take back the import's page cache");
    }
    loaded
}

async fn load(db: &Db, file: std::fs::File, checked: u64, name: &str) -> anyhow::Result<Loaded> {
    let rows =
        Rows::open(file).map_err(|_| anyhow::anyhow!("the file changed while it was imported"))?;
    let (turn, mut tx) = db.begin_write().await?;
    store::take_import_turn(db, &mut tx).await?;
    let aside = set_indexes_aside(db, &mut tx).await?;
    let counts_aside = match db.backend {
        Backend::Postgres => Some(set_counts_aside(&mut tx).await?),
        Backend::Sqlite => None,
    };
    tracing::info!(
        indexes = aside.len(),
        "catalogue indexes set aside; applying the file"
    );
    let mut progress = Progress::default();
    let mut rows = Some(rows);
    while let Some(reading) = rows.take() {
        let (batch, reading, _) =
            tokio::task::spawn_blocking(move || read_batch(reading, 0)).await?;
        rows = reading;
        // No time limit: every row of the batch is applied.
        apply_rows(db, &mut tx, &batch, &mut progress, None)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    if progress.rows_done != checked as i64 {
        // Rows that no longer read as they did when checked are skipped by
        // the reading: the file changed meanwhile, and nothing is written.
        anyhow::bail!("the file changed while it was imported; nothing was imported");
    }
    let indexing = Instant::now();
    for definition in &aside {
        sqlx::query(definition).execute(&mut *tx).await?;
    }
    let indexing = indexing.elapsed();
    if let Some(counts_aside) = counts_aside {
        count_again(&mut tx, counts_aside).await?;
    }
    let entry = progress.imported(Actor::CommandLine, "file", name.to_owned());
    audit::record(db, &mut tx, entry).await?;
    tx.commit().await?;
    drop(turn);
    // The load is in: what follows only tidies up, and a failure of it is
    // told, not answered as the load's.
    let after: Vec<String> = match db.backend {
        // The version first, which tells other shop processes' caches; then
        // the planner's figures for the new rows (autovacuum would take
        // them later).
        Backend::Postgres => vec![
            format!("SELECT nextval('{}')", crate::core::cache::VERSION_SEQUENCE),
            format!("ANALYZE {}", ANALYSED.join(", ")),
        ],
        // The log holds the whole load: folded into the database and
        // emptied now, rather than by the shop's first start.
        Backend::Sqlite => vec!["PRAGMA wal_checkpoint(TRUNCATE)".to_owned()],
    };
    for statement in after {
        if let Err(e) = sqlx::query(&statement).execute(&db.pool).await {
            tracing::warn!(error = %e, statement, "the catalogue is imported; tidying up after it failed");
        }
    }
    Ok(Loaded {
        added: progress.added,
        updated: progress.updated,
        unchanged: progress.unchanged,
        indexes: aside.len(),
        indexing,
    })
}

/// What `set_counts_aside` left to do at the end of a PostgreSQL load.
struct CountsAside {
    /// The highest part id before the load: the parts after it are new.
    last_part: i64,
    /// The word index's primary key: its name and definition.
    words_key: (String, String),
    /// The word index's other indexes (the names' rows): their names and
    /// definitions.
    words_indexes: Vec<(String, String)>,
    /// The foreign keys of `FOREIGN_KEYS_OF`: each one's table, name and
    /// definition.
    foreign_keys: Vec<(String, String, String)>,
}

/// PostgreSQL: turns off the triggers that keep counts, words and the
/// fitments' categories a row or a statement at a time (`TRIGGERS_OFF`) and
/// sets the details' foreign keys aside (`FOREIGN_KEYS_OF`), for
/// `count_again` to redo at the end of the load; and lets this
/// transaction's sorts (the indexes built again, the counts) use more of
/// the server's memory.
async fn set_counts_aside(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
) -> anyhow::Result<CountsAside> {
    for setting in [
        "SET LOCAL maintenance_work_mem = '256MB'",
        "SET LOCAL work_mem = '64MB'",
    ] {
        sqlx::query(setting).execute(&mut **tx).await?;
    }
    for (table, trigger) in TRIGGERS_OFF {
        sqlx::query(&format!("ALTER TABLE {table} DISABLE TRIGGER {trigger}"))
            .execute(&mut **tx)
            .await?;
    }
    let last_part: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM parts")
        .fetch_one(&mut **tx)
        .await?;
    let words_key: (String, String) = sqlx::query_as(
        "SELECT quote_ident(conname::text), pg_get_constraintdef(oid) FROM pg_constraint \
         WHERE conrelid = 'parts_search'::regclass AND contype = 'p'",
    )
    .fetch_one(&mut **tx)
    .await?;
    let words_indexes: Vec<(String, String)> =
        sqlx::query_as(&secondary_indexes(Backend::Postgres, "'parts_search'"))
            .fetch_all(&mut **tx)
            .await?;
    let tables = FOREIGN_KEYS_OF
        .iter()
        .map(|t| format!("'{t}'::regclass"))
        .collect::<Vec<_>>()
        .join(", ");
    let foreign_keys: Vec<(String, String, String)> = sqlx::query_as(&format!(
        "SELECT conrelid::regclass::text, quote_ident(conname::text), pg_get_constraintdef(oid) \
         FROM pg_constraint WHERE contype = 'f' AND conrelid IN ({tables}) ORDER BY 1, 2"
    ))
    .fetch_all(&mut **tx)
    .await?;
    for (table, name, _) in &foreign_keys {
        sqlx::query(&format!("ALTER TABLE {table} DROP CONSTRAINT {name}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(CountsAside {
        last_part,
        words_key,
        words_indexes,
        foreign_keys,
    })
}

/// PostgreSQL: the new parts' words written in one statement, their
/// indexes built again by a sort (the words of a part land all over them, a
/// row at a time), the counts counted again, the fitments' categories made
/// sure of, the foreign keys added again (each checked in one pass), and
/// every trigger turned back on.
async fn count_again(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    aside: CountsAside,
) -> anyhow::Result<()> {
    let (key, definition) = &aside.words_key;
    sqlx::query(&format!("ALTER TABLE parts_search DROP CONSTRAINT {key}"))
        .execute(&mut **tx)
        .await?;
    for (name, _) in &aside.words_indexes {
        sqlx::query(&format!("DROP INDEX {name}"))
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(WORDS_OF_NEW_PARTS)
        .bind(aside.last_part)
        .execute(&mut **tx)
        .await?;
    sqlx::query(&format!(
        "ALTER TABLE parts_search ADD CONSTRAINT {key} {definition}"
    ))
    .execute(&mut **tx)
    .await?;
    for (_, definition) in &aside.words_indexes {
        sqlx::query(definition).execute(&mut **tx).await?;
    }
    for statement in RECOUNTS {
        sqlx::query(statement).execute(&mut **tx).await?;
    }
    sqlx::query(FITMENT_CATEGORIES).execute(&mut **tx).await?;
    for (table, name, definition) in &aside.foreign_keys {
        sqlx::query(&format!(
            "ALTER TABLE {table} ADD CONSTRAINT {name} {definition}"
        ))
        .execute(&mut **tx)
        .await?;
    }
    for (table, trigger) in TRIGGERS_OFF {
        sqlx::query(&format!("ALTER TABLE {table} ENABLE TRIGGER {trigger}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Drops the secondary indexes of `TABLES` in `tx` and answers their
/// definitions, to run again before it commits. Only indexes that neither
/// enforce a rule (unique, primary key, constraint) nor belong to one are
/// set aside: every check a row meets while the file is applied still runs
/// against its index. (PostgreSQL's foreign keys of the details are set
/// aside by `set_counts_aside`, and checked whole before the commit.)
async fn set_indexes_aside(
    db: &Db,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
) -> anyhow::Result<Vec<String>> {
    let tables = TABLES
        .iter()
        .map(|t| format!("'{t}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let select = secondary_indexes(db.backend, &tables);
    if db.backend == Backend::Postgres {
        // Every table the load changes the shape of, at once and parts
        // first, as the shop's own statements take them: taken one by one
        // as each index is dropped, they could meet another shop process
        // holding one and waiting for another.
        sqlx::query(&format!(
            "LOCK TABLE {}, parts_search IN ACCESS EXCLUSIVE MODE",
            TABLES.join(", ")
        ))
        .execute(&mut **tx)
        .await?;
    }
    let found: Vec<(String, String)> = sqlx::query_as(&select).fetch_all(&mut **tx).await?;
    for (name, _) in &found {
        sqlx::query(&format!("DROP INDEX {name}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(found
        .into_iter()
        .map(|(_, definition)| definition)
        .collect())
}

/// The statement listing the indexes of `tables` (a list of quoted names)
/// that neither enforce a rule (unique, primary key, constraint) nor belong
/// to one: each one's name, quoted, and its definition.
fn secondary_indexes(backend: Backend, tables: &str) -> String {
    match backend {
        Backend::Sqlite => format!(
            "SELECT '\"' || replace(m.name, '\"', '\"\"') || '\"', m.sql FROM sqlite_schema AS m \
             JOIN pragma_index_list(m.tbl_name) AS l ON l.name = m.name \
             WHERE m.type = 'index' AND m.tbl_name IN ({tables}) \
               AND l.origin = 'c' AND l.\"unique\" = 0 AND m.sql IS NOT NULL \
             ORDER BY m.name"
        ),
        Backend::Postgres => format!(
            "SELECT quote_ident(i.relname::text), pg_get_indexdef(i.oid) \
             FROM pg_index AS x \
             JOIN pg_class AS i ON i.oid = x.indexrelid \
             JOIN pg_class AS t ON t.oid = x.indrelid \
             WHERE t.relname IN ({tables}) AND t.relnamespace = current_schema()::regnamespace \
               AND NOT x.indisunique AND NOT x.indisprimary \
               AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = x.indexrelid) \
             ORDER BY i.relname"
        ),
    }
}

/// A refused file's problems, one a line.
fn describe(report: &ImportErrors) -> String {
    let mut text = report.error.clone();
    for problem in &report.errors {
        text.push_str(&format!(
            "\n  row {}, {}: {}",
            problem.row, problem.column, problem.message
        ));
    }
    text
}
