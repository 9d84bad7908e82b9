//! The catalogue's answers kept in memory: `GET /api/part` (any query) and
//! `GET /api/part/{id}` (and the catalogue summaries `GET /api/category` and
//! `GET /api/vehicle`) are answered from the serialised bytes of an earlier
//! answer while nothing has been written since, with a strong `ETag`
//! (`If-None-Match` → 304), a gzip copy made once for clients that accept it,
//! and `Cache-Control: no-cache` so browsers ask again every time.
//!
//! Invalidation does not depend on any handler: every request that is not a
//! GET, HEAD or OPTIONS under /api bumps the catalogue's version once it has
//! finished (its transaction is committed by then), unless it cannot have
//! changed the catalogue: it was refused (a 4xx answer changes nothing), or
//! its route never writes parts or stock (`leaves_catalogue`: accounts, the
//! cart, the garage, addresses, profiles, images, reviews, delivery and tax
//! settings). So anyone sending junk writes (a 404, a 401) or a buyer
//! filling a cart cannot keep the catalogue out of memory. Each kept
//! answer is tagged with the version read *before* its database read, so an
//! answer that raced a write is never served after that write's answer.
//! Writing requests run to completion in a task of their own, so a client
//! that hangs up cannot stop one between its commit and the bump (nor
//! between sending COMMIT and hearing back from the database).
//!
//! On SQLite (one shop process per file) the version is a counter in memory.
//! On PostgreSQL, where several shop processes may share one database, it is
//! the sequence `shop_catalogue_version`: every process advances it after
//! each write and reads it before each catalogue answer, so a write
//! acknowledged by one process is seen by the next read on any other. The
//! requests that arrive while one read of it runs share the next read
//! (`SharedReads`), which begins after they arrived: under load a process
//! asks PostgreSQL once per round trip, not once per request.
//! Changes made to the database by anything else than a shop's HTTP API
//! (psql, scripts) are not seen until the next write through the API; turn the
//! cache off (`SHOP_CATALOGUE_CACHE=false`) if that matters.

use std::collections::HashMap;
use std::future::Future;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_ENCODING, CONTENT_LENGTH, ETAG, IF_NONE_MATCH, VARY,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::core::db::{Backend, Db};
use crate::core::error::ApiError;
use crate::core::negotiation::{accepts_encoding, etag_matches, etag_of};

/// The sequence that numbers catalogue versions on PostgreSQL.
pub const VERSION_SEQUENCE: &str = "shop_catalogue_version";

/// Answers larger than this are served but not kept.
const MAX_ENTRY_BYTES: usize = 4 * 1024 * 1024;
/// Answers smaller than this are not worth compressing.
const MIN_GZIP_BYTES: usize = 1024;
/// Most answers kept at once, whatever their size.
const MAX_ENTRIES: usize = 4096;

/// The catalogue's version: what a kept answer must match to be served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Version {
    /// Writes through this process.
    local: u64,
    /// Writes through any process on the same PostgreSQL database.
    shared: i64,
}

/// One kept answer.
struct Entry {
    version: Version,
    /// The handler's headers (content type, `X-Total-Count`, ...).
    handler_headers: HeaderMap,
    /// Every header of the answer as sent (the handler's, `ETag`,
    /// `Cache-Control`, `Vary`), made once; each answer clones it.
    headers: HeaderMap,
    body: Bytes,
    etag: HeaderValue,
    /// The gzip copy, its ETag and its headers, made on the first request
    /// that accepts it; None when compressing does not pay.
    gzip: OnceLock<Option<Gzipped>>,
}

struct Gzipped {
    body: Bytes,
    etag: HeaderValue,
    headers: HeaderMap,
}

/// The kept catalogue answers and the version they must match.
pub struct CatalogueCache {
    enabled: bool,
    max_bytes: usize,
    local: AtomicU64,
    /// PostgreSQL: the database, whose sequence is the shared version, and
    /// the reads of it that requests arriving together share.
    shared: Option<(Db, Arc<SharedReads>)>,
    entries: RwLock<Entries>,
    /// The headers the layers outside add to every answer that lacks them
    /// (the security headers): kept answers carry them already.
    outer_headers: OnceLock<Vec<(HeaderName, HeaderValue)>>,
}

#[derive(Default)]
struct Entries {
    map: HashMap<Box<str>, Arc<Entry>>,
    bytes: usize,
}

impl CatalogueCache {
    /// A cache of at most `max_bytes` of answers; `enabled` false serves
    /// nothing from memory (writes still advance the shared version, so other
    /// processes on the same PostgreSQL database stay right).
    pub fn new(db: &Db, enabled: bool, max_bytes: usize) -> Self {
        CatalogueCache {
            enabled: enabled && max_bytes > 0,
            max_bytes,
            local: AtomicU64::new(0),
            shared: (db.backend == Backend::Postgres).then(|| {
                let reading = db.clone();
                let reads = SharedReads::new(move || {
                    let db = reading.clone();
                    async move { read_shared_version(&db).await.ok() }
                });
                (db.clone(), Arc::new(reads))
            }),
            entries: RwLock::new(Entries::default()),
            outer_headers: OnceLock::new(),
        }
    }

    /// Marks every kept answer out of date, here and (PostgreSQL) in every
    /// other shop process on the database. Called after every write request;
    /// call it too after changing the catalogue outside an HTTP request.
    pub async fn invalidate(&self) {
        self.local.fetch_add(1, Ordering::SeqCst);
        if let Some((db, _)) = &self.shared {
            let bumped = sqlx::query(&format!("SELECT nextval('{VERSION_SEQUENCE}')"))
                .execute(&db.pool)
                .await;
            if let Err(e) = bumped {
                tracing::error!(error = %e, "cannot advance the catalogue version: other shop processes may serve an old catalogue until the next write");
            }
        }
    }

    /// Makes kept answers carry `headers`, after their own, when they do not
    /// set them: those the layers outside the cache add to every answer, so
    /// that adding them to a kept answer finds nothing left to do. Only the
    /// first call counts.
    pub fn send_with(&self, headers: &[(HeaderName, HeaderValue)]) {
        let _ = self.outer_headers.set(headers.to_vec());
    }

    fn outer_headers(&self) -> &[(HeaderName, HeaderValue)] {
        self.outer_headers.get().map_or(&[], Vec::as_slice)
    }

    /// The version a kept answer must match now; None when the shared
    /// version cannot be read (the handler then answers, as it would).
    async fn version(&self) -> Option<Version> {
        let local = self.local.load(Ordering::SeqCst);
        let shared = match &self.shared {
            None => 0,
            Some((_, reads)) => reads.read().await?,
        };
        Some(Version { local, shared })
    }

    fn lookup(&self, key: &str, version: Version) -> Option<Arc<Entry>> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        entries
            .map
            .get(key)
            .filter(|entry| entry.version == version)
            .cloned()
    }

    fn store(&self, key: String, entry: Arc<Entry>) {
        // The gzip copy is at most about as large as the body: count both.
        let size = key.len() + 2 * entry.body.len();
        if size > self.max_bytes {
            return;
        }
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = entries.map.remove(key.as_str()) {
            entries.bytes -= key.len() + 2 * old.body.len();
        }
        if entries.bytes + size > self.max_bytes || entries.map.len() >= MAX_ENTRIES {
            // Out-of-date answers go first, then any, until the new one fits.
            let version = entry.version;
            let Entries { map, bytes } = &mut *entries;
            map.retain(|k, e| {
                let keep = e.version == version;
                if !keep {
                    *bytes -= k.len() + 2 * e.body.len();
                }
                keep
            });
            while entries.bytes + size > self.max_bytes || entries.map.len() >= MAX_ENTRIES {
                let Some(k) = entries.map.keys().next().cloned() else {
                    break;
                };
                if let Some(e) = entries.map.remove(&k) {
                    entries.bytes -= k.len() + 2 * e.body.len();
                }
            }
        }
        entries.bytes += size;
        entries.map.insert(key.into_boxed_str(), entry);
    }
}

/// PostgreSQL: the shared version as the sequence holds it now.
async fn read_shared_version(db: &Db) -> Result<i64, sqlx::Error> {
    let (last, called): (i64, bool) = sqlx::query_as(&format!(
        "SELECT last_value, is_called FROM {VERSION_SEQUENCE}"
    ))
    .fetch_one(&db.pool)
    .await?;
    Ok(last * 2 + i64::from(called))
}

/// The longest a shared read of the version may take: past it, the requests
/// waiting for it are answered by the handlers, as when the read fails, so a
/// stuck connection holds up no catalogue read for longer.
const SHARED_READ_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// A read of the shared version: None when it failed.
type ReadVersion =
    Arc<dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = Option<i64>> + Send>> + Send + Sync>;

/// PostgreSQL: reads of the shared version, one for all the requests that
/// arrived while the one before it ran. A request is answered only by a
/// read that began after it arrived, so it sees every write acknowledged
/// before it came, as if it had read the sequence itself; but a hundred
/// requests at once wait for one or two queries, not a hundred.
struct SharedReads {
    read: ReadVersion,
    state: std::sync::Mutex<ReadsState>,
}

#[derive(Default)]
struct ReadsState {
    /// A task is reading the version for the requests it has taken.
    running: bool,
    /// The requests that came since that read began: the next read's.
    waiting: Vec<tokio::sync::oneshot::Sender<Option<i64>>>,
}

impl SharedReads {
    fn new<Reading>(read: impl Fn() -> Reading + Send + Sync + 'static) -> Self
    where
        Reading: Future<Output = Option<i64>> + Send + 'static,
    {
        SharedReads {
            read: Arc::new(move || Box::pin(read())),
            state: std::sync::Mutex::new(ReadsState::default()),
        }
    }

    /// The shared version, from a read that began after this call; None
    /// when that read failed or took longer than `SHARED_READ_LIMIT`, or
    /// its task stopped before it answered.
    async fn read(self: &Arc<Self>) -> Option<i64> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let start = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            state.waiting.push(answer);
            !std::mem::replace(&mut state.running, true)
        };
        if start {
            // Made before the task, so that a task dropped before it first
            // runs still lets the requests go.
            let running = Running {
                reads: Arc::clone(self),
                done: false,
            };
            tokio::spawn(running.run());
        }
        answered.await.ok().flatten()
    }
}

/// The task reading the version of [`SharedReads`]. Should it stop before
/// its end (a panic, or dropped as the runtime stops), the requests waiting
/// are let go, to be answered by the handlers, and the next request starts
/// a task again.
struct Running {
    reads: Arc<SharedReads>,
    done: bool,
}

impl Running {
    /// Reads the version for the requests waiting, again while more came
    /// during a read, and ends when none are left.
    async fn run(mut self) {
        loop {
            let taken = {
                let mut state = self.reads.state.lock().unwrap_or_else(|e| e.into_inner());
                if state.waiting.is_empty() {
                    state.running = false;
                    self.done = true;
                    return;
                }
                std::mem::take(&mut state.waiting)
            };
            let version = tokio::time::timeout(SHARED_READ_LIMIT, (self.reads.read)())
                .await
                .ok()
                .flatten();
            for answer in taken {
                // A request whose client went away takes no answer.
                let _ = answer.send(version);
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.done {
            let mut state = self.reads.state.lock().unwrap_or_else(|e| e.into_inner());
            state.running = false;
            state.waiting.clear();
        }
    }
}

/// The middleware: catalogue reads from memory, and the version bumped after
/// every write under /api.
pub async fn layer(
    State(cache): State<Arc<CatalogueCache>>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path();
    if !crate::core::negotiation::is_api(path) {
        return next.run(request).await;
    }
    match *request.method() {
        Method::GET => match cache.enabled.then(|| cache_key(request.uri())).flatten() {
            Some(key) => serve(cache, key, request, next).await,
            None => next.run(request).await,
        },
        Method::HEAD | Method::OPTIONS => next.run(request).await,
        _ if leaves_catalogue(path) => next.run(request).await,
        _ => {
            // Its own task: a client hanging up does not cut it short.
            let task = tokio::spawn(async move {
                let bump = BumpWhenDone(Some(cache));
                let response = next.run(request).await;
                if response.status().is_client_error() {
                    bump.skip();
                } else {
                    bump.done().await;
                }
                response
            });
            match task.await {
                Ok(response) => response,
                Err(e) => ApiError::Internal(anyhow::anyhow!("a request handler failed: {e}"))
                    .into_response(),
            }
        }
    }
}

/// Bumps the version when the write is done, or if it ends some other way
/// (a panic).
struct BumpWhenDone(Option<Arc<CatalogueCache>>);

impl BumpWhenDone {
    async fn done(mut self) {
        if let Some(cache) = self.0.take() {
            cache.invalidate().await;
        }
    }

    /// The request changed nothing: no bump.
    fn skip(mut self) {
        self.0 = None;
    }
}

/// Whether a write to `path` never changes a part or its stock, whatever it
/// answers: the routes of accounts and sign-in, the cart, the garage,
/// addresses, profiles, images, reviews and the delivery and tax settings.
/// Every other write bumps the version (orders, payments, refunds, parts,
/// restocks, imports, and anything added later), so a route left off this
/// list costs a cache refill, never a stale answer.
fn leaves_catalogue(path: &str) -> bool {
    const PREFIXES: [&str; 13] = [
        "/api/auth/",
        "/api/me",
        "/api/user",
        "/api/cart",
        "/api/garage",
        "/api/addresses",
        "/api/profile",
        "/api/image",
        "/api/review",
        "/api/admin/shipping-methods",
        "/api/admin/counter",
        "/api/admin/tax-rates",
        "/api/checkout/quote",
    ];
    PREFIXES.iter().any(|prefix| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| prefix.ends_with('/') || rest.is_empty() || rest.starts_with('/'))
    })
}

impl Drop for BumpWhenDone {
    fn drop(&mut self) {
        if let Some(cache) = self.0.take() {
            cache.local.fetch_add(1, Ordering::SeqCst);
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move { cache.invalidate().await });
            }
        }
    }
}

/// The key of a cacheable GET: the path and its query's pairs in a fixed
/// order; None for paths that are not the catalogue's.
fn cache_key(uri: &axum::http::Uri) -> Option<String> {
    let path = uri.path();
    let cacheable = match path.strip_prefix("/api/part") {
        Some("") => true,
        Some(rest) => rest
            .strip_prefix('/')
            .is_some_and(|id| !id.is_empty() && !id.contains('/')),
        None => path == "/api/category" || path == "/api/vehicle",
    };
    if !cacheable {
        return None;
    }
    let mut key = String::with_capacity(path.len() + uri.query().map_or(0, str::len) + 1);
    key.push_str(path);
    if let Some(query) = uri.query() {
        let mut pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
        // Stable: repeated names keep their order, which may matter.
        pairs.sort_by_key(|pair| pair.split('=').next().unwrap_or(""));
        for (i, pair) in pairs.iter().enumerate() {
            key.push(if i == 0 { '?' } else { '&' });
            key.push_str(pair);
        }
    }
    Some(key)
}

async fn serve(cache: Arc<CatalogueCache>, key: String, request: Request, next: Next) -> Response {
    let gzip = accepts_encoding(request.headers(), "gzip");
    let if_none_match = request.headers().get(IF_NONE_MATCH).cloned();
    let Some(version) = cache.version().await else {
        // The handler answers as it would (503 when the database is gone).
        return next.run(request).await;
    };
    let metrics = &crate::core::metrics::METRICS;
    if let Some(entry) = cache.lookup(&key, version) {
        metrics.cache_hits.inc();
        return entry.respond(gzip, if_none_match.as_ref(), cache.outer_headers());
    }
    metrics.cache_misses.inc();
    let response = next.run(request).await;
    if response.status() != StatusCode::OK || response.headers().contains_key(CONTENT_ENCODING) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let body = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(body) => body,
        Err(e) => {
            return ApiError::Internal(anyhow::anyhow!("cannot read an answer: {e}"))
                .into_response()
        }
    };
    if body.len() > MAX_ENTRY_BYTES {
        return Response::from_parts(parts, Body::from(body));
    }
    let mut handler_headers = parts.headers;
    handler_headers.remove(CONTENT_LENGTH);
    let body = crate::core::zero_copy::keep(body);
    let etag = etag_of(&body, "");
    let entry = Arc::new(Entry {
        version,
        headers: answer_headers(&handler_headers, None, &etag, cache.outer_headers()),
        handler_headers,
        etag,
        body,
        gzip: OnceLock::new(),
    });
    cache.store(key, entry.clone());
    entry.respond(gzip, if_none_match.as_ref(), cache.outer_headers())
}

/// The headers of a kept answer: the handler's, then `Content-Encoding`
/// when compressed, `ETag`, `Cache-Control` and `Vary`, then those of `outer`
/// it has not set, in a map with room for more.
fn answer_headers(
    handler: &HeaderMap,
    encoding: Option<&'static str>,
    etag: &HeaderValue,
    outer: &[(HeaderName, HeaderValue)],
) -> HeaderMap {
    let mut headers =
        HeaderMap::with_capacity(handler.len() + 4 + crate::core::headers::ROOM_FOR_MORE_HEADERS);
    for (name, value) in handler {
        headers.append(name.clone(), value.clone());
    }
    if let Some(encoding) = encoding {
        headers.insert(CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    headers.insert(ETAG, etag.clone());
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
    for (name, value) in outer {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
    headers
}

impl Entry {
    /// The answer, gzipped when `gzip` and that pays; `outer` are the
    /// cache's `outer_headers`, for the gzip copy made on first use.
    fn respond(
        &self,
        gzip: bool,
        if_none_match: Option<&HeaderValue>,
        outer: &[(HeaderName, HeaderValue)],
    ) -> Response {
        let (body, etag, headers) = match if gzip { self.gzipped(outer) } else { None } {
            Some(gzipped) => (&gzipped.body, &gzipped.etag, &gzipped.headers),
            None => (&self.body, &self.etag, &self.headers),
        };
        if if_none_match.is_some_and(|inm| etag_matches(inm, etag)) {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            let headers = response.headers_mut();
            headers.insert(ETAG, etag.clone());
            headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            headers.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
            return response;
        }
        let mut response = Response::new(Body::from(body.clone()));
        *response.headers_mut() = headers.clone();
        response
    }

    fn gzipped(&self, outer: &[(HeaderName, HeaderValue)]) -> Option<&Gzipped> {
        self.gzip
            .get_or_init(|| {
                if self.body.len() < MIN_GZIP_BYTES {
                    return None;
                }
                let mut encoder = flate2::write::GzEncoder::new(
                    Vec::with_capacity(self.body.len() / 4),
                    flate2::Compression::default(),
                );
                encoder.write_all(&self.body).ok()?;
                let gzipped = encoder.finish().ok()?;
                (gzipped.len() < self.body.len()).then(|| {
                    let etag = etag_of(&self.body, "-gzip");
                    Gzipped {
                        body: crate::core::zero_copy::keep(Bytes::from(gzipped)),
                        headers: answer_headers(&self.handler_headers, Some("gzip"), &etag, outer),
                        etag,
                    }
                })
            })
            .as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(uri: &str) -> Option<String> {
        cache_key(&uri.parse().unwrap())
    }

    #[test]
    fn keys_name_the_catalogue_routes_with_their_query_in_order() {
        assert_eq!(key("/api/part").as_deref(), Some("/api/part"));
        assert_eq!(
            key("/api/part?offset=2&limit=10").as_deref(),
            Some("/api/part?limit=10&offset=2")
        );
        assert_eq!(
            key("/api/part?limit=10&offset=2"),
            key("/api/part?offset=2&limit=10")
        );
        assert_ne!(key("/api/part?q=a&q=b"), key("/api/part?q=b&q=a"));
        assert_eq!(key("/api/part/12").as_deref(), Some("/api/part/12"));
        assert_eq!(key("/api/part/"), None);
        assert_eq!(key("/api/part/12/restock"), None);
        assert_eq!(key("/api/partx"), None);
        assert_eq!(key("/api/booking"), None);
        assert_eq!(key("/api/category").as_deref(), Some("/api/category"));
    }

    /// Shared reads of a version that answer each read's own number (the
    /// first read 1, the next 2, ...) after `takes`; the number of reads
    /// begun is in the counter returned.
    fn numbered_reads(
        takes: std::time::Duration,
    ) -> (Arc<SharedReads>, Arc<std::sync::atomic::AtomicI64>) {
        let begun = Arc::new(std::sync::atomic::AtomicI64::new(0));
        let counting = Arc::clone(&begun);
        let reads = SharedReads::new(move || {
            let number = counting.fetch_add(1, Ordering::SeqCst) + 1;
            async move {
                tokio::time::sleep(takes).await;
                Some(number)
            }
        });
        (Arc::new(reads), begun)
    }

    /// Fails the test, rather than hanging it, when `reading` never ends.
    async fn within_a_second<T>(reading: impl Future<Output = T>) -> T {
        tokio::time::timeout(std::time::Duration::from_secs(1), reading)
            .await
            .expect("an answer within a second")
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn requests_at_once_share_reads_that_begin_after_they_ask() {
        let (reads, begun) = numbered_reads(std::time::Duration::from_millis(20));
        let mut asking = Vec::new();
        for i in 0..200u64 {
            let (reads, begun) = (Arc::clone(&reads), Arc::clone(&begun));
            asking.push(tokio::spawn(async move {
                // Spread over 60 ms: many ask while a read is running.
                tokio::time::sleep(std::time::Duration::from_micros(300 * i)).await;
                let begun_before = begun.load(Ordering::SeqCst);
                let answer = within_a_second(reads.read()).await;
                (begun_before, answer)
            }));
        }
        for asked in asking {
            let (begun_before, answer) = asked.await.unwrap();
            let answer = answer.expect("an answer");
            assert!(
                answer > begun_before,
                "answered by read {answer}, which began before the request asked \
                 ({begun_before} reads had begun)"
            );
        }
        let reads_made = begun.load(Ordering::SeqCst);
        assert!(
            (2..=20).contains(&reads_made),
            "200 requests over 60 ms made {reads_made} reads of 20 ms each"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_failed_read_answers_none_to_every_request_waiting_for_it() {
        let reads = Arc::new(SharedReads::new(|| async {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            None
        }));
        let both = futures_util::future::join(reads.read(), reads.read());
        assert_eq!(within_a_second(both).await, (None, None));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_reader_that_breaks_lets_its_requests_go_and_the_next_request_reads_again() {
        // The first read breaks after 20 ms; the reads after it answer 7.
        let calls = Arc::new(std::sync::atomic::AtomicI64::new(0));
        let counting = Arc::clone(&calls);
        let reads = Arc::new(SharedReads::new(move || {
            let first = counting.fetch_add(1, Ordering::SeqCst) == 0;
            async move {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                (!first)
                    .then_some(7)
                    .or_else(|| panic!("a reader that breaks"))
            }
        }));
        // One request is taken by the breaking read; one comes while it runs.
        let taken = tokio::spawn({
            let reads = Arc::clone(&reads);
            async move { within_a_second(reads.read()).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let waiting = within_a_second(reads.read()).await;
        assert_eq!(
            taken.await.unwrap(),
            None,
            "the request being read for is let go"
        );
        assert_eq!(
            waiting, None,
            "the request waiting for the next read is let go"
        );
        assert_eq!(
            within_a_second(reads.read()).await,
            Some(7),
            "a new reader starts"
        );
    }
}
