//! The two migration folders build the same database: the same tables, the
//! same columns in each (with types of the same kind), the same indexes by
//! name and by what they cover, and the same unique keys. Both databases are
//! made fresh by the shop's own migrations, in the PostgreSQL run (which has
//! both at hand).
//!
//! The one thing each database does its own way is full-text search:
//! SQLite's FTS5 tables `parts_search` and `search_words_trigram` are, on
//! PostgreSQL, the table `parts_search` (each part's words, one row each, in
//! its primary key's b-tree) and the pg_trgm index `search_words_trigram`
//! (`SEARCH`). The test holds that each side has its own, and nothing else
//! apart but SQLite's index of the parts' ids, which on PostgreSQL is the
//! primary key's, and SQLite's list of the parts whose row of its word index
//! is to be written again (`search_marked_parts`).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Row;

use crate::helpers::*;

/// A table's columns (name to kind of type), its indexes made with `CREATE
/// INDEX` (name to what they cover), and its unique keys (what they cover),
/// each written without case, spaces, quotes or brackets.
#[derive(Debug, PartialEq, Eq, Default)]
struct Table {
    columns: BTreeMap<String, &'static str>,
    indexes: BTreeMap<String, String>,
    uniques: BTreeSet<String>,
}

type Schema = BTreeMap<String, Table>;

/// Full-text search: SQLite's virtual tables, and on PostgreSQL the column
/// and the indexes of the same names that do their work.
const SEARCH: [&str; 2] = ["parts_search", "search_words_trigram"];

/// The kind of a column's declared type: both databases store the same
/// values in INTEGER / BIGINT, TEXT, and so on. SQLite has no boolean: a
/// flag is a whole number there.
fn kind(declared: &str) -> &'static str {
    let declared = declared.to_lowercase();
    if declared.contains("int") || declared.contains("bool") {
        "whole number"
    } else if declared.contains("char") || declared.contains("text") {
        "text"
    } else if declared.contains("real") || declared.contains("double") {
        "number"
    } else {
        "other"
    }
}

/// What an index covers (from the first bracket of its definition on),
/// written the same way on both databases.
fn covered(definition: &str) -> String {
    let from = definition.find('(').map_or("", |at| &definition[at..]);
    from.to_lowercase()
        .replace("::text", "")
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '"' | '(' | ')'))
        .collect()
}

/// Tables the migration tool, or SQLite itself, keeps for itself.
fn is_own(table: &str) -> bool {
    !table.starts_with("_sqlx") && !table.starts_with("sqlite_")
}

async fn sqlite_schema(url: &str) -> (Schema, BTreeSet<String>) {
    let db = shop::Db::connect(url).await.expect("the SQLite database");
    let pool = &db.pool;
    let virtual_tables: BTreeSet<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    // A virtual table's shadow tables are named after it.
    let searched = |table: &str| {
        virtual_tables
            .iter()
            .any(|v| table == v || table.starts_with(&format!("{v}_")))
    };
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(pool)
            .await
            .unwrap();
    let mut schema = Schema::new();
    for table in tables.into_iter().filter(|t| is_own(t) && !searched(t)) {
        let mut entry = Table::default();
        let columns = sqlx::query(&format!(
            "SELECT name, type FROM pragma_table_xinfo('{table}') WHERE hidden IN (0, 2, 3)"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        for column in columns {
            entry.columns.insert(
                column.get::<String, _>(0),
                kind(&column.get::<String, _>(1)),
            );
        }
        let indexes = sqlx::query(&format!(
            "SELECT l.name, l.\"unique\", l.origin, m.sql FROM pragma_index_list('{table}') AS l \
             LEFT JOIN sqlite_master AS m ON m.type = 'index' AND m.name = l.name"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        for index in indexes {
            let name: String = index.get(0);
            let unique: i64 = index.get(1);
            let origin: String = index.get(2);
            let sql: Option<String> = index.get(3);
            let on = match &sql {
                Some(sql) => covered(sql.split_once(" ON ").map_or("", |(_, on)| on)),
                // A key declared with the table: its columns, in order.
                None => {
                    let columns: Vec<String> = sqlx::query_scalar(&format!(
                        "SELECT name FROM pragma_index_info('{name}') ORDER BY seqno"
                    ))
                    .fetch_all(pool)
                    .await
                    .unwrap();
                    columns.join(",")
                }
            };
            if origin == "pk" {
                continue;
            }
            if unique == 1 {
                entry.uniques.insert(on.clone());
            }
            if sql.is_some() {
                entry.indexes.insert(name, on);
            }
        }
        schema.insert(table, entry);
    }
    db.pool.close().await;
    (schema, virtual_tables)
}

async fn postgres_schema(url: &str) -> Schema {
    let db = shop::Db::connect(url)
        .await
        .expect("the PostgreSQL database");
    let pool = &db.pool;
    let mut schema = Schema::new();
    let columns = sqlx::query(
        "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns \
         WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for column in columns {
        let table: String = column.get(0);
        if is_own(&table) {
            schema
                .entry(table)
                .or_default()
                .columns
                .insert(column.get(1), kind(&column.get::<String, _>(2)));
        }
    }
    // Unique and primary keys declared with their tables.
    let keys: BTreeSet<String> =
        sqlx::query_scalar("SELECT conname::text FROM pg_constraint WHERE contype IN ('u', 'p')")
            .fetch_all(pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    let indexes = sqlx::query(
        "SELECT tablename::text, indexname::text, indexdef FROM pg_indexes WHERE schemaname = 'public'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for index in indexes {
        let table: String = index.get(0);
        let name: String = index.get(1);
        let definition: String = index.get(2);
        let Some(entry) = schema.get_mut(&table) else {
            continue;
        };
        if name.ends_with("_pkey") {
            continue;
        }
        let using = definition.split_once(" USING ").map_or("", |(_, u)| u);
        let on = covered(using);
        if definition.starts_with("CREATE UNIQUE INDEX") {
            entry.uniques.insert(on.clone());
        }
        if !keys.contains(&name) {
            entry.indexes.insert(name, on);
        }
    }
    db.pool.close().await;
    schema
}

/// The names that differ between two maps, each with what either side has.
fn differences<V: std::fmt::Debug + PartialEq>(
    sqlite: &BTreeMap<String, V>,
    postgres: &BTreeMap<String, V>,
) -> Vec<String> {
    let names: BTreeSet<&String> = sqlite.keys().chain(postgres.keys()).collect();
    names
        .into_iter()
        .filter(|name| sqlite.get(*name) != postgres.get(*name))
        .map(|name| {
            format!(
                "{name}: SQLite {:?}, PostgreSQL {:?}",
                sqlite.get(name),
                postgres.get(name)
            )
        })
        .collect()
}

#[tokio::test]
async fn both_migration_folders_make_the_same_tables_columns_and_indexes() {
    if !on_postgres() {
        // The PostgreSQL run of the same tests makes both databases.
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let sqlite_url = format!(
        "sqlite://{}?mode=rwc",
        folder.path().join("shop.db").display()
    );
    let database = PostgresDatabase::create().await;
    let (mut sqlite, virtual_tables) = sqlite_schema(&sqlite_url).await;
    // The parts' ids alone: SQLite keeps a table in the order of its id but
    // walks a page's offset faster along an index of the ids (D50); on
    // PostgreSQL the primary key's index is that index.
    let ids = sqlite
        .get_mut("parts")
        .unwrap()
        .indexes
        .remove("parts_id_idx");
    assert_eq!(ids.as_deref(), Some("id"));
    // The parts whose row of SQLite's word index is written before their
    // transaction commits (D61); PostgreSQL's triggers write a part's words
    // as it is written.
    let marked = sqlite.remove("search_marked_parts");
    assert_eq!(
        marked.map(|t| t.columns.into_keys().collect::<Vec<_>>()),
        Some(vec!["added".to_string(), "part_id".to_string()])
    );
    let mut postgres = postgres_schema(&database.url).await;

    // Full-text search, each database's own way, under the same names.
    assert_eq!(
        virtual_tables,
        SEARCH.iter().map(|s| s.to_string()).collect()
    );
    let words = postgres
        .remove("parts_search")
        .expect("a parts_search table");
    assert_eq!(
        words.columns.keys().collect::<Vec<_>>(),
        ["part_id", "places", "word"]
    );
    let words = postgres
        .get_mut("search_words")
        .expect("a search_words table");
    assert!(words
        .indexes
        .remove("search_words_trigram")
        .is_some_and(|on| on.contains("gin_trgm_ops")));

    let tables = differences(
        &sqlite.keys().map(|t| (t.clone(), ())).collect(),
        &postgres.keys().map(|t| (t.clone(), ())).collect(),
    );
    assert!(tables.is_empty(), "tables differ:\n{}", tables.join("\n"));
    let mut found = Vec::new();
    for (table, on_sqlite) in &sqlite {
        let on_postgres = &postgres[table];
        for column in differences(&on_sqlite.columns, &on_postgres.columns) {
            found.push(format!("{table}: column {column}"));
        }
        for index in differences(&on_sqlite.indexes, &on_postgres.indexes) {
            found.push(format!("{table}: index {index}"));
        }
        if on_sqlite.uniques != on_postgres.uniques {
            found.push(format!(
                "{table}: unique keys: SQLite {:?}, PostgreSQL {:?}",
                on_sqlite.uniques, on_postgres.uniques
            ));
        }
    }
    assert!(
        found.is_empty(),
        "the migrations differ:\n{}",
        found.join("\n")
    );
    assert!(sqlite.len() > 20, "{sqlite:?}");
}
