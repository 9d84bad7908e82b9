//! Statements over many rows that do not become a new statement for every
//! number of rows they touch.
//!
//! A batch of orders used to write `VALUES (…), (…)` and `IN (?, ?, …)`
//! with as many rows and ids as the batch had, so each size was a statement
//! of its own: too many to keep prepared (and they bind too many values to
//! be kept, see [`super::MAX_KEPT_STATEMENT_VALUES`]), so the database
//! parsed and planned every batch's statements again; on SQLite that was a
//! tenth of the shop's time placing orders. Here:
//!
//! - a list of ids goes as one bound value: JSON that SQLite's `json_each`
//!   reads, or a list of numbers PostgreSQL reads as an array
//!   (`= ANY(…)`; the stock taken, as two arrays it `unnest`s);
//! - rows to insert go, on PostgreSQL, as one JSON value that
//!   `json_populate_recordset` reads as rows of the table itself; on
//!   SQLite, whose JSON functions would parse each row again for each
//!   column, as `VALUES` lists of 16, 32, 64, … rows and one of the 1 to
//!   15 rows left (37 rows: 32 and 5), kept prepared: a few statements per
//!   table, whatever the batch.

use sea_query::{Expr, Iden, SimpleExpr, Value, Values};
use sea_query_binder::SqlxValues;
use serde_json::{Map, Value as Json};
use sqlx::AnyConnection;

use super::{query, trace_sql, Backend};

/// Most values one SQLite `VALUES` statement binds.
const MOST_VALUES: usize = 4096;

/// Rows to insert, each a value per column.
pub struct Rows {
    columns: Vec<String>,
    rows: Vec<Vec<Value>>,
}

impl Rows {
    pub fn new<C: Iden>(columns: impl IntoIterator<Item = C>) -> Self {
        Rows {
            columns: columns.into_iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row: its values in the order of the columns.
    pub fn push(&mut self, values: impl IntoIterator<Item = Value>) {
        let row: Vec<Value> = values.into_iter().collect();
        assert_eq!(row.len(), self.columns.len(), "a value for each column");
        self.rows.push(row);
    }

    /// The statements that insert the rows into `table`, with their values
    /// (moved in, not copied).
    fn statements(
        self,
        backend: Backend,
        table: &str,
        returning: &[String],
    ) -> Vec<(String, SqlxValues)> {
        let Rows { columns, rows } = self;
        let table = quoted(table);
        let list = quoted_list(&columns);
        match backend {
            // `VALUES` lists of 1, 2, 4, … rows.
            Backend::Sqlite => {
                let one = format!("({})", vec!["?"; columns.len()].join(", "));
                let sizes = piece_sizes(rows.len(), columns.len());
                let mut rows = rows.into_iter();
                sizes
                    .into_iter()
                    .map(|size| {
                        let mut sql = format!(
                            "INSERT INTO {table} ({list}) VALUES {}",
                            vec![one.as_str(); size].join(", ")
                        );
                        push_returning(&mut sql, returning);
                        let values = rows.by_ref().take(size).flatten().collect();
                        (sql, SqlxValues(Values(values)))
                    })
                    .collect()
            }
            // `INSERT … SELECT` from one JSON value, each row an object
            // keyed by column, read as a row of the table itself (so each
            // value takes its column's type), in their order.
            Backend::Postgres => {
                let mut sql = format!(
                    "INSERT INTO {table} ({list}) SELECT {list} \
                     FROM json_populate_recordset(NULL::{table}, $1::json) WITH ORDINALITY AS r \
                     ORDER BY r.ordinality"
                );
                push_returning(&mut sql, returning);
                let rows: Vec<Json> = rows
                    .into_iter()
                    .map(|row| {
                        let object: Map<String, Json> = columns
                            .iter()
                            .cloned()
                            .zip(row.into_iter().map(json_of))
                            .collect();
                        Json::Object(object)
                    })
                    .collect();
                vec![(sql, text_values([Json::Array(rows).to_string()]))]
            }
        }
    }
}

/// How many rows each SQLite statement of `count` rows of `columns` values
/// takes: 16, 32, 64, … rows, the largest first, each binding at most
/// `MOST_VALUES` values, then the rest (1 to 15 rows) in one. Each piece is
/// a statement, and each statement of a batch of orders a round trip to
/// SQLite's thread (about 100 µs on the bench's machine), so the rest goes in
/// one piece of its own size rather than in pieces of 8, 4, 2 and 1: a batch
/// of 31 orders writes each table in two statements instead of five, for 15
/// more statements kept prepared per table.
fn piece_sizes(count: usize, columns: usize) -> Vec<usize> {
    let most = prev_power_of_two((MOST_VALUES / columns.max(1)).max(1));
    let exact_below = EXACT_BELOW.min(most);
    let mut sizes = Vec::new();
    let mut left = count;
    while left >= exact_below {
        let size = prev_power_of_two(left).min(most);
        sizes.push(size);
        left -= size;
    }
    if left > 0 {
        sizes.push(left);
    }
    sizes
}

/// Fewer rows than this left over go in one statement of their own number.
const EXACT_BELOW: usize = 16;

/// Inserts `rows` into `table` on `conn`, in their order (both databases
/// number new rows in the order they are inserted); answers how many were
/// written.
pub async fn insert(
    backend: Backend,
    conn: &mut AnyConnection,
    table: impl Iden,
    rows: Rows,
) -> Result<u64, sqlx::Error> {
    let mut written = 0;
    for (sql, values) in rows.statements(backend, &table.to_string(), &[]) {
        trace_sql(backend, &sql, &values);
        written += sqlx::query_with(&sql, values)
            .persistent(true)
            .execute(&mut *conn)
            .await?
            .rows_affected();
    }
    Ok(written)
}

/// [`insert`] into a table whose `id` column the database numbers, answering
/// the new rows' ids in the order the rows were given, without reading the
/// rows back. On SQLite the ids of the rows follow one another, so the last
/// one (`last_insert_rowid()`, asked once) gives them all: a table numbered
/// `AUTOINCREMENT` gives each new row one more than the largest id it ever
/// had, and no other connection inserts while this one holds the write lock.
/// PostgreSQL answers them (`RETURNING`), numbered in the order inserted.
///
/// So on SQLite: only inside a write transaction, into a table whose `id`
/// is its `INTEGER PRIMARY KEY AUTOINCREMENT`, with `id` not among `rows`'
/// columns, and nothing else inserted on `conn` between the rows and the
/// question.
pub async fn insert_numbered(
    backend: Backend,
    conn: &mut AnyConnection,
    table: impl Iden,
    rows: Rows,
) -> Result<Vec<i64>, sqlx::Error> {
    let count = rows.rows.len();
    debug_assert!(
        !rows.columns.iter().any(|c| c == "id"),
        "the database numbers the rows"
    );
    let mut ids = Vec::with_capacity(count);
    match backend {
        Backend::Sqlite => {
            let written = insert(backend, &mut *conn, table, rows).await?;
            if written != count as u64 {
                return Err(sqlx::Error::Protocol(format!(
                    "inserted {written} of {count} rows"
                )));
            }
            if count > 0 {
                let sql = "SELECT last_insert_rowid()";
                trace_sql(backend, sql, &SqlxValues(Values(Vec::new())));
                let last: i64 = sqlx::query_scalar(sql)
                    .persistent(true)
                    .fetch_one(&mut *conn)
                    .await?;
                ids.extend(last - count as i64 + 1..=last);
            }
        }
        Backend::Postgres => {
            let returning = ["id".to_owned()];
            for (sql, values) in rows.statements(backend, &table.to_string(), &returning) {
                trace_sql(backend, &sql, &values);
                let mut piece: Vec<i64> = sqlx::query_scalar_with(&sql, values)
                    .persistent(true)
                    .fetch_all(&mut *conn)
                    .await?;
                // RETURNING need not list the rows in the order inserted.
                piece.sort_unstable();
                ids.extend(piece);
            }
        }
    }
    Ok(ids)
}

fn push_returning(sql: &mut String, returning: &[String]) {
    if !returning.is_empty() {
        sql.push_str(" RETURNING ");
        sql.push_str(&quoted_list(returning));
    }
}

/// The largest power of two not above `n` (`n` ≥ 1).
fn prev_power_of_two(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.leading_zeros())
}

/// A value as JSON, for the kinds of value the shop writes.
fn json_of(value: Value) -> Json {
    match value {
        Value::BigInt(Some(n)) => Json::from(n),
        Value::Int(Some(n)) => Json::from(n),
        Value::Bool(Some(b)) => Json::from(b),
        Value::String(Some(s)) => Json::String(*s),
        Value::BigInt(None) | Value::Int(None) | Value::Bool(None) | Value::String(None) => {
            Json::Null
        }
        other => unreachable!("bulk inserts write numbers, text and booleans, not {other:?}"),
    }
}

/// The condition `column IN (ids)`, the ids bound as one value.
pub fn is_in(backend: Backend, column: impl Iden, ids: &[i64]) -> SimpleExpr {
    let column = quoted(&column.to_string());
    let listed: Vec<String> = ids.iter().map(i64::to_string).collect();
    match backend {
        Backend::Sqlite => Expr::cust_with_values(
            format!("{column} IN (SELECT value FROM json_each(?))"),
            [format!("[{}]", listed.join(","))],
        ),
        Backend::Postgres => Expr::cust_with_values(
            format!("{column} = ANY(CAST(string_to_array($1, ',') AS bigint[]))"),
            [listed.join(",")],
        ),
    }
}

/// Takes `(id, units)` each from `column` of `table`'s row of that id, in
/// one UPDATE, only where at least that many are left; answers how many
/// rows it changed (each id once: no id may be listed twice).
pub async fn take_each(
    backend: Backend,
    conn: &mut AnyConnection,
    table: impl Iden,
    column: impl Iden,
    units: &[(i64, i64)],
) -> Result<u64, sqlx::Error> {
    if units.is_empty() {
        return Ok(0);
    }
    let table = quoted(&table.to_string());
    let column = quoted(&column.to_string());
    // PostgreSQL plans `unnest` of a bound array as a few rows, so it looks
    // each part up by its key; from JSON it guesses a hundred and, on a
    // catalogue of ten thousand parts, reads the whole table instead.
    let (taken, bound) = match backend {
        Backend::Sqlite => {
            let pairs: Vec<String> = units.iter().map(|(id, n)| format!("[{id},{n}]")).collect();
            (
                "SELECT value ->> 0 AS id, value ->> 1 AS n FROM json_each(?)",
                vec![format!("[{}]", pairs.join(","))],
            )
        }
        Backend::Postgres => {
            let ids: Vec<String> = units.iter().map(|(id, _)| id.to_string()).collect();
            let ns: Vec<String> = units.iter().map(|(_, n)| n.to_string()).collect();
            (
                "SELECT * FROM unnest(CAST(string_to_array($1, ',') AS bigint[]), \
                 CAST(string_to_array($2, ',') AS bigint[])) AS u(id, n)",
                vec![ids.join(","), ns.join(",")],
            )
        }
    };
    let sql = format!(
        "UPDATE {table} SET {column} = {table}.{column} - t.n FROM ({taken}) AS t \
         WHERE {table}.\"id\" = t.id AND {table}.{column} >= t.n"
    );
    let bound = text_values(bound);
    trace_sql(backend, &sql, &bound);
    Ok(query(&sql, bound).execute(conn).await?.rows_affected())
}

/// Texts bound as the statement's values, in order.
fn text_values(texts: impl IntoIterator<Item = String>) -> SqlxValues {
    SqlxValues(Values(
        texts
            .into_iter()
            .map(|text| Value::String(Some(Box::new(text))))
            .collect(),
    ))
}

/// Names quoted and listed with commas.
fn quoted_list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| quoted(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A table's or column's name as SQL quotes it (the shop's names are plain
/// words: nothing in them to escape).
fn quoted(name: &str) -> String {
    debug_assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    format!("\"{name}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Iden)]
    enum Things {
        Table,
        Id,
        Name,
        Count,
    }

    fn rows(n: usize) -> Rows {
        let mut rows = Rows::new([Things::Name, Things::Count]);
        for i in 0..n {
            let name: Option<String> = (i % 2 == 0).then(|| format!("part \"{i}\""));
            rows.push([name.into(), (i64::MAX - i as i64).into()]);
        }
        rows
    }

    #[test]
    fn sqlite_inserts_rows_in_pieces_of_powers_of_two_and_the_rest() {
        let sizes = |n| piece_sizes(n, 2);
        assert_eq!(sizes(1), [1]);
        assert_eq!(sizes(15), [15]);
        assert_eq!(sizes(31), [16, 15]);
        assert_eq!(sizes(37), [32, 5]);
        assert_eq!(sizes(64), [64]);
        // Two columns: at most 2048 rows a statement.
        assert_eq!(sizes(5000), [2048, 2048, 512, 256, 128, 8]);
        // 1,000 columns: at most 4 rows a statement, and the rest.
        assert_eq!(piece_sizes(11, 1000), [4, 4, 3]);
        let statements = rows(3).statements(Backend::Sqlite, "things", &["id".into()]);
        assert_eq!(statements.len(), 1);
        assert_eq!(
            statements[0].0,
            r#"INSERT INTO "things" ("name", "count") VALUES (?, ?), (?, ?), (?, ?) RETURNING "id""#
        );
        assert_eq!(statements[0].1 .0 .0.len(), 6);
        let statements = rows(18).statements(Backend::Sqlite, "things", &[]);
        assert_eq!(statements.len(), 2);
        assert_eq!(statements[0].1 .0 .0.len(), 32);
        assert_eq!(statements[1].1 .0 .0.len(), 4);
        // The same piece size is the same statement.
        assert_eq!(
            rows(37).statements(Backend::Sqlite, "things", &[])[1].0,
            rows(5).statements(Backend::Sqlite, "things", &[])[0].0
        );
    }

    #[test]
    fn postgres_inserts_all_rows_as_one_json_value() {
        let statements = rows(3).statements(Backend::Postgres, "things", &[]);
        assert_eq!(statements.len(), 1);
        assert_eq!(
            statements[0].0,
            rows(200).statements(Backend::Postgres, "things", &[])[0].0
        );
        let bound = &statements[0].1 .0 .0;
        assert_eq!(bound.len(), 1);
        let Value::String(Some(text)) = &bound[0] else {
            panic!("one text value")
        };
        let read: Json = serde_json::from_str(text).unwrap();
        assert_eq!(
            read,
            serde_json::json!([
                {"name": "part \"0\"", "count": i64::MAX},
                {"name": null, "count": i64::MAX - 1},
                {"name": "part \"2\"", "count": i64::MAX - 2},
            ])
        );
    }

    #[test]
    #[should_panic(expected = "a value for each column")]
    fn a_row_short_of_a_value_is_refused() {
        let mut rows = Rows::new([Things::Name, Things::Count]);
        rows.push([Value::from("a")]);
    }

    #[test]
    fn a_list_of_ids_binds_one_value() {
        let _ = Things::Table;
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let select = |ids: &[i64]| {
                let statement = sea_query::Query::select()
                    .column(Things::Id)
                    .from(Things::Table)
                    .and_where(is_in(backend, Things::Id, ids))
                    .to_owned();
                match backend {
                    Backend::Sqlite => statement.build(sea_query::SqliteQueryBuilder),
                    Backend::Postgres => statement.build(sea_query::PostgresQueryBuilder),
                }
            };
            let (few, few_values) = select(&[3]);
            let (many, many_values) = select(&[3, 5, 8, 13]);
            assert_eq!(few, many);
            assert_eq!(few_values.0.len(), 1);
            assert_eq!(many_values.0.len(), 1);
        }
    }
}
