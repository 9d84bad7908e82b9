//! The shop's Prometheus metrics: one registry per process, counted where
//! things happen (requests in `MetricsLayer`, orders, checkouts, payments,
//! the order desk's batches, the catalogue cache) and read at scrape time
//! where they are states (the outbox, the database pool, memory; see
//! `app::metrics`). Nothing is counted per user, part or order: every label
//! takes a few known values, so the answer stays small however the shop grows.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::AtomicI64;
use std::sync::LazyLock;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::http::{Request, Response};
use pin_project_lite::pin_project;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use tower::{Layer, Service};

use super::negotiation::is_api;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub route: String,
    pub method: String,
    pub status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub route: String,
    pub method: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Outcome {
    pub outcome: &'static str,
}

/// Every metric the shop keeps.
pub struct Metrics {
    pub registry: Registry,
    pub requests: Family<RequestLabels, Counter>,
    pub latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
    pub orders_placed: Counter,
    pub checkouts: Family<Outcome, Counter>,
    pub payments: Family<Outcome, Counter>,
    pub desk_batch: Histogram,
    /// The catalogue cache's hits and misses, taken from their family once:
    /// a read answered from memory then costs one atomic addition.
    pub cache_hits: Counter,
    pub cache_misses: Counter,
    pub outbox_depth: Gauge,
    pub outbox_oldest_seconds: Gauge<f64, std::sync::atomic::AtomicU64>,
    pub db_connections: Gauge,
    pub db_idle: Gauge,
    pub db_wait: Histogram,
    pub memory_bytes: Gauge<i64, AtomicI64>,
}

fn latency_histogram() -> Histogram {
    // 1 ms to about 16 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::with_prefix("shop");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "Requests answered, by route template, method and status",
            requests.clone(),
        );
        let latency = Family::<RouteLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer a request (until its answer's head is ready), by route template and method",
            latency.clone(),
        );
        let orders_placed = Counter::default();
        registry.register("orders_placed", "Orders placed", orders_placed.clone());
        let checkouts = Family::<Outcome, Counter>::default();
        registry.register(
            "checkouts",
            "Orders asked for, by outcome: placed, refused (stock, minimum, limits, a total that changed) or failed",
            checkouts.clone(),
        );
        let payments = Family::<Outcome, Counter>::default();
        registry.register(
            "payments",
            "Payments confirmed for orders, by outcome: paid, declined (the provider did not confirm it) or unavailable",
            payments.clone(),
        );
        let desk_batch = Histogram::new(exponential_buckets(1.0, 2.0, 10));
        registry.register(
            "order_desk_batch_size",
            "Orders placed together in one transaction by the order desk",
            desk_batch.clone(),
        );
        let cache = Family::<Outcome, Counter>::default();
        registry.register(
            "catalogue_cache_lookups",
            "Catalogue reads, by outcome: hit (answered from memory) or miss",
            cache.clone(),
        );
        let cache_hits = cache.get_or_create(&Outcome { outcome: "hit" }).clone();
        let cache_misses = cache.get_or_create(&Outcome { outcome: "miss" }).clone();
        let outbox_depth = Gauge::default();
        registry.register(
            "mail_outbox_depth",
            "Messages waiting to be sent (due or not)",
            outbox_depth.clone(),
        );
        let outbox_oldest_seconds = Gauge::<f64, std::sync::atomic::AtomicU64>::default();
        registry.register(
            "mail_outbox_oldest_seconds",
            "Age of the oldest message waiting to be sent (0: none)",
            outbox_oldest_seconds.clone(),
        );
        let db_connections = Gauge::default();
        registry.register(
            "db_pool_connections",
            "Database connections the pool holds open",
            db_connections.clone(),
        );
        let db_idle = Gauge::default();
        registry.register("db_pool_idle", "Of them, idle", db_idle.clone());
        let db_wait = Histogram::new(exponential_buckets(0.0001, 4.0, 10));
        registry.register(
            "db_pool_wait_seconds",
            "Time a scrape of these metrics waited for a database connection",
            db_wait.clone(),
        );
        let memory_bytes = Gauge::<i64, AtomicI64>::default();
        registry.register(
            "process_resident_memory_bytes",
            "Resident memory of the shop's process",
            memory_bytes.clone(),
        );
        Metrics {
            registry,
            requests,
            latency,
            orders_placed,
            checkouts,
            payments,
            desk_batch,
            cache_hits,
            cache_misses,
            outbox_depth,
            outbox_oldest_seconds,
            db_connections,
            db_idle,
            db_wait,
            memory_bytes,
        }
    }
}

/// The process's metrics.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// Counts one event of `family` with `outcome`.
pub fn count(family: &Family<Outcome, Counter>, outcome: &'static str) {
    family.get_or_create(&Outcome { outcome }).inc();
}

/// The route a request is counted under: for the API, its path with every
/// segment that names something (has a digit, or is long) as `{id}`, and
/// `unmatched` for what no route answered; `page` or `file` for the web app.
/// So a label never takes a value per part, order or probe.
pub fn route_of(path: &str, status: u16) -> String {
    if !is_api(path) && path != "/metrics" {
        let last = path.rsplit('/').next().unwrap_or("");
        return if last.contains('.') { "file" } else { "page" }.to_owned();
    }
    if status == 404 || status == 405 {
        return "unmatched".to_owned();
    }
    let mut route = String::with_capacity(path.len());
    for segment in path.split('/').skip(1) {
        route.push('/');
        if segment.len() > 24 || segment.bytes().any(|b| b.is_ascii_digit()) {
            route.push_str("{id}");
        } else {
            route.push_str(segment);
        }
    }
    route
}

/// Counts every request by route, method and status, and its latency.
#[derive(Clone, Copy, Default)]
pub struct MetricsLayer;

impl<S> Layer<S> for MetricsLayer {
    type Service = Measured<S>;
    fn layer(&self, inner: S) -> Measured<S> {
        Measured { inner }
    }
}

#[derive(Clone)]
pub struct Measured<S> {
    inner: S,
}

impl<S, A, B> Service<Request<A>> for Measured<S>
where
    S: Service<Request<A>, Response = Response<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Recorded<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<A>) -> Self::Future {
        Recorded {
            path: request.uri().path().to_owned(),
            method: request.method().as_str().to_owned(),
            started: Instant::now(),
            inner: self.inner.call(request),
        }
    }
}

pin_project! {
    /// A request's answer, counted when it is ready.
    pub struct Recorded<F> {
        #[pin]
        inner: F,
        path: String,
        method: String,
        started: Instant,
    }
}

impl<F, B, E> Future for Recorded<F>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let answered = std::task::ready!(this.inner.poll(cx));
        if let Ok(response) = &answered {
            let status = response.status().as_u16();
            let route = route_of(this.path, status);
            let method = std::mem::take(this.method);
            METRICS
                .latency
                .get_or_create(&RouteLabels {
                    route: route.clone(),
                    method: method.clone(),
                })
                .observe(this.started.elapsed().as_secs_f64());
            METRICS
                .requests
                .get_or_create(&RequestLabels {
                    route,
                    method,
                    status,
                })
                .inc();
        }
        Poll::Ready(answered)
    }
}

/// The metrics in Prometheus's text format.
pub fn encode() -> String {
    let mut text = String::new();
    if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &METRICS.registry) {
        tracing::error!(error = %e, "cannot write the metrics");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_never_name_a_part_or_an_order() {
        assert_eq!(route_of("/api/part/42", 200), "/api/part/{id}");
        assert_eq!(route_of("/api/part", 200), "/api/part");
        assert_eq!(
            route_of("/api/admin/returns/7/refund", 200),
            "/api/admin/returns/{id}/refund"
        );
        assert_eq!(route_of("/api/image/3f2a9c.jpg", 200), "/api/image/{id}");
        assert_eq!(route_of("/api/whatever-probe", 404), "unmatched");
        assert_eq!(route_of("/parts/brake-pads", 200), "page");
        assert_eq!(route_of("/assets/index-abc.js", 200), "file");
        assert_eq!(route_of("/metrics", 200), "/metrics");
    }
}
