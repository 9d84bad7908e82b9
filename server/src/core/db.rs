//! The database: one pool and one set of queries for SQLite and PostgreSQL.
//! Queries are built once with sea-query and rendered in the dialect of the
//! backend the URL names; each backend has its own migration folder.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sea_query::{inject_parameters, PostgresQueryBuilder, QueryBuilder, SqliteQueryBuilder};
use sea_query_binder::{SqlxBinder, SqlxValues};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{Any, AnyPool, Executor, FromRow};
use time::format_description::FormatItem;
use time::macros::format_description;

pub mod bulk;

/// Which database engine the shop runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend `conn` speaks to.
    pub fn of(conn: &sqlx::AnyConnection) -> Backend {
        if conn.backend_name().starts_with("Postgre") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// How sea-query writes statements in its dialect.
    pub fn builder(self) -> &'static dyn QueryBuilder {
        match self {
            Backend::Sqlite => &SqliteQueryBuilder,
            Backend::Postgres => &PostgresQueryBuilder,
        }
    }
}

/// Logs `sql` with its values written in (target [`SQL_LOG`], level
/// trace): see [`Db::sql`].
pub fn trace_sql(backend: Backend, sql: &str, values: &SqlxValues) {
    if tracing::enabled!(target: SQL_LOG, tracing::Level::TRACE) {
        let written = inject_parameters(sql, values.0 .0.iter().cloned(), backend.builder());
        tracing::trace!(target: SQL_LOG, "{written}");
    }
}

/// A pool of connections and the dialect to speak on them.
#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// SQLite: where the shop's own write transactions take turns (see
    /// `begin_write`). None on PostgreSQL.
    writer: Option<Arc<Writer>>,
    /// PostgreSQL: the connections that place orders (see `begin_orders`).
    /// None on SQLite.
    orders: Option<AnyPool>,
}

/// SQLite allows one writer at a time. The shop's writers queue here, in
/// order, instead of in SQLite's busy handler (which sleeps in steps of up to
/// 100 ms), and write on a connection of their own, so a writer never waits
/// behind readers for a connection while others wait for it.
struct Writer {
    turn: Arc<tokio::sync::Mutex<()>>,
    pool: AnyPool,
    /// How many catalogue imports are running (see `importing`).
    imports: std::sync::atomic::AtomicUsize,
}

/// Statements binding more values than this are prepared for one use instead
/// of being kept in the connection's cache of prepared statements. Their SQL
/// grows with the rows they touch (a catalogue import's rows, the fitments
/// of a page of parts), so every size would be kept as a statement of its
/// own, on every connection: on SQLite, kept batch statements made up most
/// of its memory after a run of orders. Preparing one costs far less than
/// running it. The order desk's statements (`bulk`) are kept whatever they
/// bind: they come in a few sizes only.
pub const MAX_KEPT_STATEMENT_VALUES: usize = 32;

/// The log target of the statements the shop runs (see [`Db::sql`]).
pub const SQL_LOG: &str = "shop::sql";

/// A rendered statement ready to run, kept prepared or not by how many
/// values it binds (see [`MAX_KEPT_STATEMENT_VALUES`]).
pub fn query(sql: &str, values: SqlxValues) -> sqlx::query::Query<'_, Any, SqlxValues> {
    let keep = kept_prepared(&values);
    sqlx::query_with(sql, values).persistent(keep)
}

/// [`query`] for a statement whose rows are read as `T`.
fn query_as<T: Row>(sql: &str, values: SqlxValues) -> sqlx::query::QueryAs<'_, Any, T, SqlxValues> {
    let keep = kept_prepared(&values);
    sqlx::query_as_with(sql, values).persistent(keep)
}

fn kept_prepared(values: &SqlxValues) -> bool {
    values.0 .0.len() <= MAX_KEPT_STATEMENT_VALUES
}

/// PostgreSQL: the connections kept for placing orders, one for each of
/// the order desks (`orders::group`).
pub const ORDER_CONNECTIONS: u32 = 3;

/// Held for the length of a write transaction on SQLite (nothing on PostgreSQL).
pub struct WriteTurn(#[allow(dead_code)] Option<tokio::sync::OwnedMutexGuard<()>>);

/// A stored row and the columns a `SELECT` reads it from, declared together:
/// each field names its column beside it, so a field cannot be added to the
/// row without its column (a column list missed used to fail only when the
/// query ran). The field's name must be its column's, as `sqlx` reads it.
/// For example (as the catalogue's store declares its parts):
///
/// ```text
/// stored_row! {
///     /// A part as stored.
///     #[derive(Debug, Clone)]
///     pub struct PartRow, columns COLUMNS: Parts {
///         id: i64 = Id,
///         name: String = Name,
///     }
/// }
/// ```
#[macro_export]
macro_rules! stored_row {
    (
        $(#[$meta:meta])*
        $vis:vis struct $row:ident, columns $columns:ident: $table:ident {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty = $column:ident, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(sqlx::FromRow)]
        $vis struct $row {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        /// The columns of the row, in the order of its fields.
        $vis const $columns: [$table; [$( stringify!($field) ),*].len()] = [$( $table::$column ),*];
    };
}

/// Rows that can be read from either backend.
pub trait Row: for<'r> FromRow<'r, AnyRow> + Send + Unpin {}
impl<T: for<'r> FromRow<'r, AnyRow> + Send + Unpin> Row for T {}

/// How many connections the pool keeps and how long a request waits for one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolLimits {
    /// Most connections open at once; None: on SQLite twice the cores,
    /// from 4 to 8 (see `sqlite_readers`); 16 on PostgreSQL.
    pub max_connections: Option<u32>,
    /// How long a request waits for a free connection before it is answered 503.
    pub acquire_timeout: Duration,
    /// SQLite: how long a statement waits for a lock another program holds
    /// on the file before it is answered 503 "busy".
    pub busy_timeout: Duration,
}

/// PostgreSQL: how alike two words must be (pg_trgm's share of trigrams
/// in common) for a search to take one for a misspelling of the other
/// (`word % $1`). pg_trgm's own 0.3 misses one letter wrong in the middle
/// of a four-letter word (`psds` and `pads` share 2 trigrams of 8: 0.25),
/// which SQLite's trigram index, reading every word sharing a trigram,
/// finds; the correction is then chosen alike on both (D29).
const SIMILAR_WORDS_THRESHOLD: &str = "SET pg_trgm.similarity_threshold = 0.2";

/// PostgreSQL: no JIT compilation of the shop's statements. PostgreSQL
/// compiles a statement whose estimated cost passes `jit_above_cost`, and
/// optimises and inlines it past `jit_optimize_above_cost`; a search read
/// level by level (D51) is estimated as if each level read all its rows,
/// yet stops at its page's end. At a million parts the page of `for the`
/// ran for 1.3 ms after 671 ms of compiling (D58).
const NO_JIT: &str = "SET jit = off";

impl Default for PoolLimits {
    fn default() -> Self {
        PoolLimits {
            max_connections: None,
            acquire_timeout: Duration::from_secs(5),
            busy_timeout: Duration::from_secs(10),
        }
    }
}

impl Db {
    /// Connects to `url` (`sqlite://…` or `postgres://…`) with the default
    /// pool limits and applies migrations.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        Db::connect_with(url, PoolLimits::default()).await
    }

    /// Connects to `url` with the given pool limits and applies migrations.
    pub async fn connect_with(url: &str, limits: PoolLimits) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("SHOP_DATABASE_URL must start with sqlite:// or postgres://");
        };
        if backend == Backend::Sqlite {
            create_private_sqlite_file(url)?;
        }
        let options = AnyPoolOptions::new().acquire_timeout(limits.acquire_timeout);
        let busy_timeout_ms = u64::try_from(limits.busy_timeout.as_millis()).unwrap_or(u64::MAX);
        let sqlite = |options: AnyPoolOptions, cache_kib: u32| {
            // WAL lets readers go on while one writer writes; the busy timeout
            // makes writers queue instead of failing when they meet.
            options.after_connect(move |conn, _meta| {
                Box::pin(async move {
                    let busy_timeout = format!("PRAGMA busy_timeout = {busy_timeout_ms}");
                    let cache_size = format!("PRAGMA cache_size = -{cache_kib}");
                    let checkpoint = format!("PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}");
                    for pragma in [
                        "PRAGMA journal_mode = WAL",
                        "PRAGMA synchronous = NORMAL",
                        busy_timeout.as_str(),
                        "PRAGMA foreign_keys = ON",
                        cache_size.as_str(),
                        checkpoint.as_str(),
                    ] {
                        conn.execute(pragma).await?;
                    }
                    Ok(())
                })
            })
        };
        let options = match backend {
            Backend::Sqlite => {
                let readers = limits.max_connections.unwrap_or_else(sqlite_readers);
                sqlite(options.clone(), POOL_CACHE_KIB).max_connections(readers)
            }
            Backend::Postgres => options
                .max_connections(limits.max_connections.unwrap_or(16))
                .after_connect(|conn, _meta| {
                    Box::pin(async move {
                        conn.execute(SIMILAR_WORDS_THRESHOLD).await?;
                        conn.execute(NO_JIT).await?;
                        Ok(())
                    })
                }),
        };
        let pool = options
            .connect(url)
            .await
            .with_context(|| format!("cannot open the database at {}", redact(url)))?;
        let writer = match backend {
            Backend::Sqlite => Some(Arc::new(Writer {
                turn: Arc::new(tokio::sync::Mutex::new(())),
                pool: sqlite(
                    AnyPoolOptions::new().acquire_timeout(limits.acquire_timeout),
                    WRITER_CACHE_KIB,
                )
                .max_connections(1)
                .connect_lazy(url)
                .with_context(|| format!("cannot open the database at {}", redact(url)))?,
                imports: std::sync::atomic::AtomicUsize::new(0),
            })),
            Backend::Postgres => None,
        };
        let orders = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => Some(
                AnyPoolOptions::new()
                    .acquire_timeout(limits.acquire_timeout)
                    .max_connections(ORDER_CONNECTIONS)
                    .after_connect(|conn, _meta| {
                        Box::pin(async move {
                            conn.execute(NO_JIT).await?;
                            Ok(())
                        })
                    })
                    .connect_lazy(url)
                    .with_context(|| format!("cannot open the database at {}", redact(url)))?,
            ),
        };
        let db = Db {
            pool,
            backend,
            writer,
            orders,
        };
        db.migrate().await?;
        if backend == Backend::Postgres {
            db.create_catalogue_version().await?;
        }
        Ok(db)
    }

    /// Begins a write transaction. On SQLite it waits for this process's turn
    /// to write first; keep the turn until the transaction is over. Other
    /// programs writing the same file still meet the busy timeout.
    pub async fn begin_write(
        &self,
    ) -> Result<(WriteTurn, sqlx::Transaction<'static, Any>), sqlx::Error> {
        match &self.writer {
            Some(writer) => {
                let turn = writer.turn.clone().lock_owned().await;
                // IMMEDIATE: the write lock is taken at BEGIN, where SQLite's busy
                // timeout applies, never by upgrading a read (which fails at once).
                let tx = writer.pool.begin_with("BEGIN IMMEDIATE").await?;
                Ok((WriteTurn(Some(turn)), tx))
            }
            None => Ok((WriteTurn(None), self.pool.begin().await?)),
        }
    }

    /// Tells SQLite's writer that a catalogue import starts (`true`) or ends
    /// (`false`): while one runs its connection keeps `IMPORT_CACHE_KIB` of
    /// pages, then `WRITER_CACHE_KIB` again, the pages freed and handed back
    /// to the system. Nothing on PostgreSQL.
    pub async fn importing(&self, starts: bool) -> Result<(), sqlx::Error> {
        use std::sync::atomic::Ordering::SeqCst;
        let Some(writer) = &self.writer else {
            return Ok(());
        };
        let _turn = writer.turn.clone().lock_owned().await;
        // Counted under the turn, so a start and an end never set the size
        // in the other order.
        let running = if starts {
            writer.imports.fetch_add(1, SeqCst) + 1
        } else {
            writer.imports.fetch_sub(1, SeqCst) - 1
        };
        let mut conn = writer.pool.acquire().await?;
        match (starts, running) {
            (true, 1) => {
                conn.execute(format!("PRAGMA cache_size = -{IMPORT_CACHE_KIB}").as_str())
                    .await?;
            }
            (false, 0) => {
                conn.execute(format!("PRAGMA cache_size = -{WRITER_CACHE_KIB}").as_str())
                    .await?;
                conn.execute("PRAGMA shrink_memory").await?;
                // SQLite's pages come from the C library's allocator, which
                // keeps what is freed for later unless told to trim.
                #[cfg(target_env = "gnu")]
                // SAFETY: malloc_trim only returns free memory of glibc's
                // heaps to the system; it touches no live allocation.
                unsafe {
                    libc::malloc_trim(0);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Begins a transaction that places orders (see `orders::group`): on
    /// SQLite a write transaction like any other; on PostgreSQL on one of
    /// `ORDER_CONNECTIONS` connections kept for it, so placing orders never
    /// waits for a connection behind the requests it is placing them for.
    pub async fn begin_orders(
        &self,
    ) -> Result<(WriteTurn, sqlx::Transaction<'static, Any>), sqlx::Error> {
        match &self.orders {
            Some(pool) => Ok((WriteTurn(None), pool.begin().await?)),
            None => self.begin_write().await,
        }
    }

    /// Closes every connection.
    pub async fn close(&self) {
        if let Some(writer) = &self.writer {
            writer.pool.close().await;
        }
        if let Some(orders) = &self.orders {
            orders.close().await;
        }
        self.pool.close().await;
    }

    /// The sequence the catalogue cache uses to tell shop processes on the
    /// same PostgreSQL database that something was written (see `cache`).
    async fn create_catalogue_version(&self) -> anyhow::Result<()> {
        let mut tx = self.pool.begin().await?;
        // Several processes starting at once: one creates it, the others wait.
        sqlx::query("SELECT count(*) FROM (SELECT pg_advisory_xact_lock(7366837115)) AS locked")
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!(
            "CREATE SEQUENCE IF NOT EXISTS {}",
            crate::core::cache::VERSION_SEQUENCE
        ))
        .execute(&mut *tx)
        .await?;
        tx.commit()
            .await
            .context("cannot create the catalogue version sequence")
    }

    /// This backend's migrations, as built into the shop.
    fn migrator(&self) -> sqlx::migrate::Migrator {
        match self.backend {
            Backend::Sqlite => sqlx::migrate!("migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("migrations/postgres"),
        }
    }

    async fn migrate(&self) -> anyhow::Result<()> {
        // On PostgreSQL the migrator holds an advisory lock, so several shop
        // processes starting at once apply each migration exactly once.
        self.migrator()
            .run(&self.pool)
            .await
            .context("cannot apply database migrations")
    }

    /// Renders a statement in this backend's dialect.
    ///
    /// With `RUST_LOG=shop::sql=trace` each statement is also logged with its
    /// values written in, as it could be pasted into `sqlite3` or `psql`:
    /// `make bench-scale` runs what a request ran on the bare database to
    /// show what the shop adds on top. Off, it costs one check of the level.
    /// It writes every value, secrets included (password hashes, token
    /// digests, addresses): for benchmarks and debugging on test data only.
    /// Statements written as SQL text (a few, outside the catalogue) are
    /// not logged, save those of `bulk`.
    pub fn sql<S: SqlxBinder>(&self, statement: &S) -> (String, SqlxValues) {
        let (sql, values) = statement.build_any_sqlx(self.backend.builder());
        trace_sql(self.backend, &sql, &values);
        (sql, values)
    }

    pub async fn fetch_all<T: Row>(
        &self,
        statement: &impl SqlxBinder,
    ) -> Result<Vec<T>, sqlx::Error> {
        self.fetch_all_on(&self.pool, statement).await
    }

    pub async fn fetch_optional<T: Row>(
        &self,
        statement: &impl SqlxBinder,
    ) -> Result<Option<T>, sqlx::Error> {
        self.fetch_optional_on(&self.pool, statement).await
    }

    /// [`Db::fetch_all`] for a statement whose best plan depends on its
    /// values (a search: a word a few parts have, or one most of them have).
    /// PostgreSQL plans a kept statement once for any value after a few
    /// runs, and for a search that plan reads every part whatever it looks
    /// for (30 ms at 100,000 parts for an OEM number one part has, where its
    /// own plan takes under a millisecond); prepared for one use, it is
    /// planned for its values each time. SQLite keeps it as any other.
    pub async fn fetch_all_planned<T: Row>(
        &self,
        statement: &impl SqlxBinder,
    ) -> Result<Vec<T>, sqlx::Error> {
        let (sql, values) = self.sql(statement);
        let query = query_as::<T>(&sql, values);
        match self.backend {
            Backend::Sqlite => query,
            Backend::Postgres => query.persistent(false),
        }
        .fetch_all(&self.pool)
        .await
    }

    /// How many rows PostgreSQL's planner expects `statement` to answer,
    /// from the table's statistics (`EXPLAIN`'s first line), without
    /// running it: a planning of the statement, whatever the rows. None on
    /// SQLite, whose planner keeps no such estimate for its word index.
    pub async fn estimated_rows(
        &self,
        statement: &impl SqlxBinder,
    ) -> Result<Option<f64>, sqlx::Error> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let (sql, values) = self.sql(statement);
        let explain = format!("EXPLAIN {sql}");
        let plan: Vec<(String,)> = query_as(&explain, values)
            .persistent(false)
            .fetch_all(&self.pool)
            .await?;
        Ok(plan.first().and_then(|(top,)| planned_rows(top)))
    }

    pub async fn fetch_one<T: Row>(&self, statement: &impl SqlxBinder) -> Result<T, sqlx::Error> {
        let (sql, values) = self.sql(statement);
        query_as::<T>(&sql, values).fetch_one(&self.pool).await
    }

    /// Runs a statement; answers how many rows it changed.
    pub async fn execute(&self, statement: &impl SqlxBinder) -> Result<u64, sqlx::Error> {
        self.execute_on(&self.pool, statement).await
    }

    pub async fn fetch_all_on<'e, T: Row>(
        &self,
        executor: impl Executor<'e, Database = Any>,
        statement: &impl SqlxBinder,
    ) -> Result<Vec<T>, sqlx::Error> {
        let (sql, values) = self.sql(statement);
        query_as::<T>(&sql, values).fetch_all(executor).await
    }

    pub async fn fetch_optional_on<'e, T: Row>(
        &self,
        executor: impl Executor<'e, Database = Any>,
        statement: &impl SqlxBinder,
    ) -> Result<Option<T>, sqlx::Error> {
        let (sql, values) = self.sql(statement);
        query_as::<T>(&sql, values).fetch_optional(executor).await
    }

    pub async fn execute_on<'e>(
        &self,
        executor: impl Executor<'e, Database = Any>,
        statement: &impl SqlxBinder,
    ) -> Result<u64, sqlx::Error> {
        let (sql, values) = self.sql(statement);
        Ok(query(&sql, values).execute(executor).await?.rows_affected())
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// The migrations this shop knows that the database has not applied
    /// (another process may have opened it with an older or newer shop).
    pub async fn migrations_missing(&self) -> Result<usize, sqlx::Error> {
        let known: Vec<i64> = self.migrator().iter().map(|m| m.version).collect();
        let applied: Vec<i64> =
            sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
                .fetch_all(&self.pool)
                .await?;
        Ok(known.iter().filter(|v| !applied.contains(v)).count())
    }
}

/// The page cache of each SQLite connection of the pool (reads, and the
/// small writes made outside a write turn: mail, sign-ins, payments): 512
/// KiB instead of SQLite's 2 MiB, so eight keep 4 MiB of pages the operating
/// system's cache holds too.
const POOL_CACHE_KIB: u32 = 512;

/// The page cache of the connection that takes the write turn (orders, part
/// edits): the pool's 512 KiB. At SQLite's own 2 MiB the shop stayed above
/// its 40 MB after `make bench`'s order load (42.0 MB).
const WRITER_CACHE_KIB: u32 = POOL_CACHE_KIB;

/// The writer's page cache while a catalogue import runs (`Db::importing`):
/// 64 MiB. A part written reaches into several indexes (its words, fitments
/// and numbers); with a small cache their pages were read again from the
/// operating system for nearly every row of a large import. Kept only for
/// the import: orders alone would fill it with the pages they write, and
/// the process would keep 64 MiB more for good.
const IMPORT_CACHE_KIB: u32 = 64 * 1024;

/// How long the write-ahead log grows before the connection whose commit
/// passes it copies the log into the database: 10,000 pages (40 MiB) instead
/// of SQLite's 1,000, on every connection, so no small write of the pool
/// copies a log the writer let grow. A batch of an import writes hundreds of
/// pages (one of each index it reaches into), so the log was copied and
/// synced every batch or two; copied ten times less often, a page written by
/// several batches is copied once. The log's file stays at its largest size
/// once reached (about 40 MiB), to be written over.
const CHECKPOINT_PAGES: u32 = 10_000;

/// The rows a plan's node expects (its `rows=` estimate), read from a line
/// of PostgreSQL's `EXPLAIN`: `Index Only Scan using … (cost=0.56..1482.50
/// rows=38968 width=8)`.
fn planned_rows(line: &str) -> Option<f64> {
    let (_, after) = line.split_once(" rows=")?;
    after.split(' ').next()?.parse().ok()
}

/// SQLite's pool when none is configured: twice the cores, from 4 to 8.
/// Reads run on the connections' own threads and are mostly answered from
/// the catalogue's memory, so more connections than that only add idle
/// threads, page caches and prepared statements (about 0.75 MB each).
fn sqlite_readers() -> u32 {
    let cores = std::thread::available_parallelism().map_or(4, |n| n.get());
    u32::try_from(cores * 2).unwrap_or(8).clamp(4, 8)
}

/// Whether an error is the violation of the named unique constraint (or, on
/// SQLite, which names no constraint, of a unique index on `column`).
pub fn is_unique_violation(err: &sqlx::Error, constraint: &str, column: &str) -> bool {
    let sqlx::Error::Database(db_err) = err else {
        return false;
    };
    if !db_err.is_unique_violation() {
        return false;
    }
    db_err.constraint() == Some(constraint) || db_err.message().contains(column)
}

const TIMESTAMP: &[FormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z");

/// The current time as a fixed-width RFC 3339 UTC timestamp (sorts as text).
pub fn now() -> String {
    time::OffsetDateTime::now_utc()
        .format(TIMESTAMP)
        .expect("a UTC timestamp always formats")
}

/// Now, in microseconds since 1970 UTC: how the shop's counters and tokens
/// keep time.
pub fn now_us() -> i64 {
    (time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000) as i64
}

/// A time in the same form as `now` (converted to UTC).
pub fn format_time(at: time::OffsetDateTime) -> String {
    at.to_offset(time::UtcOffset::UTC)
        .format(TIMESTAMP)
        .expect("a UTC timestamp always formats")
}

/// The time `after` from now, in the same form as `now`.
pub fn from_now(after: Duration) -> String {
    (time::OffsetDateTime::now_utc() + after)
        .format(TIMESTAMP)
        .expect("a UTC timestamp always formats")
}

/// The time `before` ago, in the same form as `now`.
pub fn ago(before: Duration) -> String {
    (time::OffsetDateTime::now_utc() - before)
        .format(TIMESTAMP)
        .expect("a UTC timestamp always formats")
}

/// When an SQLite URL asks for its file to be created (`mode=rwc`) and it does
/// not exist yet, creates it empty, readable and writable by the shop's user
/// only: SQLite gives its `-wal` and `-shm` files the same permissions.
fn create_private_sqlite_file(url: &str) -> anyhow::Result<()> {
    let Some(path) = sqlite_file(url) else {
        return Ok(());
    };
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e).with_context(|| format!("cannot create the database file {path}")),
    }
}

/// The file an SQLite URL names, when it asks for the file to be created.
fn sqlite_file(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let creates = query.split('&').any(|pair| pair == "mode=rwc");
    let in_memory = path.is_empty() || path == ":memory:" || query.contains("mode=memory");
    (creates && !in_memory).then_some(path)
}

/// A database URL with any password hidden, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://…@{}", &url[..scheme], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::planned_rows;

    #[test]
    fn the_rows_a_plan_expects_are_read_from_its_line() {
        let line = "Index Only Scan using parts_search_pkey on parts_search  \
                    (cost=0.56..1482.50 rows=38968 width=8)";
        assert_eq!(planned_rows(line), Some(38968.0));
        assert_eq!(planned_rows("  Filter: (rows = 3)"), None);
        assert_eq!(
            planned_rows("Result  (cost=0.00..0.01 rows=1 width=4)"),
            Some(1.0)
        );
    }

    /// The SQLite built into the shop is compiled without the two global
    /// locks `.cargo/config.toml` takes out (`LIBSQLITE3_FLAGS`): with them,
    /// the pool's readers and the writer wait on one another at every page
    /// of the cache and every allocation. Were the setting lost, the shop
    /// would build and run as before, only slower; this says so.
    #[tokio::test]
    async fn sqlite_is_built_without_global_locks() {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect("sqlite::memory:")
            .await
            .unwrap();
        let options: Vec<String> = sqlx::query_scalar("PRAGMA compile_options")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        assert!(
            options.iter().any(|o| o == "DEFAULT_MEMSTATUS=0"),
            "allocations are counted under a lock: {options:?}"
        );
        assert!(
            !options.iter().any(|o| o == "ENABLE_MEMORY_MANAGEMENT"),
            "the connections share one page cache under a lock: {options:?}"
        );
    }
}
