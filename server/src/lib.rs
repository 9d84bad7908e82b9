//! Parts Garage: an online shop for car parts. `Application::build` is how
//! both `main` and the tests start the shop.

pub mod auth;
pub mod backup;
pub mod cache;
pub mod client;
pub mod config;
pub mod connections;
pub mod db;
pub mod demo;
pub mod error;
pub mod headers;
pub mod images;
pub mod input;
pub mod negotiation;
pub mod openapi;
pub mod orders;
pub mod parts;
pub mod payments;
pub mod profiles;
pub mod reviews;
pub mod state;
pub mod system;
pub mod users;
pub mod web;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, Request, Response};
use axum::response::IntoResponse;
use axum::routing::any;
use axum::{Extension, Router};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

pub use config::Config;
pub use db::{Backend, Db};
use error::ApiError;
pub use state::AppState;

/// Largest JSON body accepted.
pub const MAX_JSON_BYTES: usize = 1024 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(title = "Parts Garage API", description = "The HTTP API of the Parts Garage car-parts shop."),
    modifiers(&BearerAuth),
    tags(
        (name = "system"), (name = "auth"), (name = "users"), (name = "parts"),
        (name = "reviews"), (name = "orders"), (name = "payments"), (name = "profiles"),
        (name = "images")
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

/// A shop bound to its port, ready to serve.
pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
    connections: connections::ConnectionLimits,
}

impl Application {
    /// Opens the database (applying migrations), makes sure the admin account
    /// exists, loads demo data if asked, and binds the listening socket.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        // Before anything is created: a shop on https must name its payment provider.
        config.resolved_payment_provider()?;
        let open_files = connections::raise_open_file_limit();
        let connections = connections::ConnectionLimits::from_config(&config, open_files);
        create_private_dir(&config.data_dir).with_context(|| {
            format!(
                "cannot create the data folder {}",
                config.data_dir.display()
            )
        })?;
        auth::password::limit_concurrency(config.password_hashes.map(|n| n as usize));
        let db = Db::connect_with(&config.database_url(), config.pool_limits()).await?;
        let secret =
            auth::token::load_or_create_secret(config.token_secret.as_deref(), &config.data_dir)?;
        let tokens = auth::token::Tokens::new(&secret, config.token_ttl);
        demo::ensure_admin(&db, &config).await?;
        if config.demo_data {
            demo::load_if_empty(&db).await?;
        }
        let listener = TcpListener::bind(&config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", config.listen))?;
        let payments = payments::Payments::from_config(&config)?;
        let google = auth::google::OidcProvider::from_config(&config)?;
        let state = AppState::new(db, config, tokens, payments, google);
        let router = app(state.clone());
        let addr = listener.local_addr()?;
        let backend = match state.db.backend {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        };
        tracing::info!(%addr, database = backend, "shop listening on http://{addr}");
        tracing::info!(
            max_connections = connections.total,
            max_connections_per_client = connections.per_client.unwrap_or(0),
            open_file_limit = open_files.unwrap_or(0),
            "connection caps"
        );
        Ok(Application {
            listener,
            router,
            state,
            connections,
        })
    }

    /// The port the shop listens on (useful with port 0).
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` completes, then finishes the requests in flight.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let state = self.state.clone();
        let housekeeping = tokio::spawn(async move {
            let mut every_minute = tokio::time::interval(Duration::from_secs(60));
            loop {
                every_minute.tick().await;
                state.forget_idle_clients();
            }
        });
        let holds = tokio::spawn(orders::holds::run(self.state.clone()));
        let served = serve(
            self.listener,
            self.router,
            self.state.config.request_timeout,
            connections::Gate::new(self.connections),
            shutdown,
        )
        .await;
        housekeeping.abort();
        holds.abort();
        self.state.db.close().await;
        served
    }
}

/// Creates `dir` (and any missing parents) readable by the shop's user only:
/// it holds the database and the token key. An existing folder is left as it is.
fn create_private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Serves HTTP/1 on `listener` as `axum::serve` does, but with a
/// header read timeout: a client that never finishes its request headers is
/// disconnected after `header_timeout` instead of holding its connection (and
/// a file descriptor) forever. Connections past the caps `gate` keeps are
/// answered 503 and closed (see `connections`). On `shutdown` it stops
/// accepting and waits for the open connections to finish.
async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    mut gate: connections::Gate,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use hyper::server::conn::http1::Builder;
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;
    use tower::{Service, ServiceExt};

    let mut make_service = router.into_make_service_with_connect_info::<SocketAddr>();
    let mut builder = Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait, then go on.
                    tracing::error!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let admitted = match gate.admit(remote.ip()) {
            Ok(admitted) => admitted,
            Err(why) => {
                gate.refuse(stream, remote.ip(), why);
                continue;
            }
        };
        let Ok(service) = make_service.call(remote).await;
        let service = TowerToHyperService::new(
            service.map_request(|request: Request<hyper::body::Incoming>| request.map(Body::new)),
        );
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::trace!(error = %e, "connection ended with an error");
            }
            drop(admitted);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// The whole shop: the API under /api and the web app everywhere else.
pub fn app(state: AppState) -> Router {
    let (api, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(system::router())
        .merge(auth::routes::router())
        .merge(auth::google::router())
        .merge(users::router())
        .merge(parts::router())
        .merge(reviews::router())
        .merge(orders::router())
        .merge(payments::router())
        .merge(profiles::router())
        .merge(images::router())
        .split_for_parts();
    let mut openapi = openapi;
    openapi::document_body_errors(&mut openapi);
    openapi::document_query_rules(&mut openapi);
    let web_dir = state.config.web_dir.clone();
    let csp = headers::content_security_policy(&state.config);
    let timeout = state.config.request_timeout;
    let catalogue = state.catalogue.clone();
    let api = api
        .route("/api", any(system::api_not_found))
        .route("/api/{*rest}", any(system::api_not_found))
        .method_not_allowed_fallback(system::method_not_allowed)
        .layer(Extension(Arc::new(openapi)))
        // Answers that depend on who asks must not be kept by browsers or
        // proxies. The API's public answers that are worth caching say so
        // themselves (the catalogue's `no-cache` with an ETag, images for a
        // year); every other /api answer is private by default.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(state);
    // Pages that start from an API answer get it from the API itself, through the catalogue cache.
    let pages_api = api.clone().layer(axum::middleware::from_fn_with_state(
        catalogue.clone(),
        cache::layer,
    ));
    let web = web::router(&web_dir, Some(pages_api));
    api.merge(web)
        .layer(DefaultBodyLimit::max(MAX_JSON_BYTES))
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, timeout))
        .layer(CatchPanicLayer::custom(|_panic| {
            ApiError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
        }))
        // Catalogue reads from memory, and every write under /api run to its
        // end and then marking them out of date (see `cache`).
        .layer(axum::middleware::from_fn_with_state(catalogue, cache::layer))
        // Outside the timeout and panic layers, so their answers carry the headers too.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            csp,
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<Body>| {
                    tracing::info_span!("request", method = %request.method(), path = %request.uri().path())
                })
                .on_response(|response: &Response<Body>, latency: Duration, _span: &Span| {
                    tracing::info!(
                        status = response.status().as_u16(),
                        latency_ms = latency.as_secs_f64() * 1000.0,
                        "answered"
                    );
                }),
        )
}
