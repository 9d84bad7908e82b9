//! Starting the shop: opening its database and binding its port
//! (`Application::build`), then serving until told to stop, with the
//! background tasks that run beside the requests (`run_until_stopped`): the
//! hold sweep, the mail worker and the housekeeping of rate limits.

use std::future::Future;
use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::demo;
use crate::app::http::ShopService;
use crate::app::state::AppState;
use crate::core::config::Config;
use crate::core::db::{Backend, Db};
use crate::core::{connections, tokens};
use crate::{auth, mail, orders, payments};

/// A shop bound to its port, ready to serve.
pub struct Application {
    listener: TcpListener,
    service: ShopService,
    state: AppState,
    connections: connections::ConnectionLimits,
    mailer: std::sync::Arc<mail::Mailer>,
    /// The data folder's shared lock: no restore while the shop runs.
    _data_dir_lock: std::fs::File,
}

impl Application {
    /// Opens the database (applying migrations), makes sure the admin account
    /// exists, loads demo data if asked, and binds the listening socket.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        // Before anything is created: a shop on https must name its payment provider.
        config.resolved_payment_provider()?;
        let open_files = connections::raise_open_file_limit();
        let connections = connections::ConnectionLimits::from_config(&config, open_files);
        super::backup::create_private_dir(&config.data_dir).with_context(|| {
            format!(
                "cannot create the data folder {}",
                config.data_dir.display()
            )
        })?;
        let data_dir_lock = super::backup::hold_data_dir(&config.data_dir)?;
        auth::password::limit_concurrency(config.password_hashes.map(|n| n as usize));
        let db = Db::connect_with(&config.database_url(), config.pool_limits()).await?;
        let secret =
            tokens::load_or_create_secret(config.token_secret.as_deref(), &config.data_dir)?;
        let tokens = tokens::Tokens::new(&secret, config.token_ttl, config.session_max);
        crate::vehicles::vin::warn_if_missing(&config.vin_data_dir);
        demo::ensure_admin(&db, &config).await?;
        if config.demo_data {
            demo::load_if_empty(&db).await?;
        }
        let listener = TcpListener::bind(&config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", config.listen))?;
        let payments = payments::Payments::from_config(&config)?;
        let google = auth::google::OidcProvider::from_config(&config)?;
        let mailer = std::sync::Arc::new(mail::Mailer::from_config(&config)?);
        let state = AppState::new(db, config, tokens, payments, google);
        let service = crate::app::http::service(state.clone());
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
        if mailer.writes_files() {
            tracing::info!(folder = %mailer.destination(),
                "no SHOP_SMTP_URL: mail is written as .eml files into {}", mailer.destination());
        } else {
            tracing::info!(server = %mailer.destination(), "mail is sent through {}", mailer.destination());
        }
        Ok(Application {
            listener,
            service,
            state,
            connections,
            mailer,
            _data_dir_lock: data_dir_lock,
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
            for minute in 0u64.. {
                every_minute.tick().await;
                if let Err(e) = state.forget_idle_clients().await {
                    tracing::warn!(error = ?e, "cannot forget the limits' old counts now");
                }
                if minute % 60 == 0 {
                    forget_spent_records(&state).await;
                }
                // An import whose process stopped answering is told as cut.
                crate::catalogue::transfer::jobs::cut_abandoned(&state).await;
            }
        });
        let holds = tokio::spawn(orders::holds::run(self.state.clone()));
        // Catalogue imports a stop cut off go on from their next batch.
        crate::catalogue::transfer::jobs::resume(&self.state).await;
        let backups = tokio::spawn(super::backup::run_schedule(
            self.state.db.clone(),
            self.state.config.clone(),
        ));
        let stop_mail = CancellationToken::new();
        let mail = tokio::spawn(mail::run(
            self.state.clone(),
            self.mailer.clone(),
            stop_mail.clone(),
        ));
        let config = self.state.config.clone();
        // Told to stop: say "not ready" at once, go on answering for the
        // drain delay (a load balancer's time to notice), then take no more
        // connections.
        let state = self.state.clone();
        let drained = async move {
            shutdown.await;
            state.start_draining();
            tracing::info!(delay = ?state.config.drain_delay, "stopping: draining");
            tokio::time::sleep(state.config.drain_delay).await;
        };
        let served = serve(
            self.listener,
            self.service,
            config.request_timeout,
            connections::Gate::new(self.connections),
            drained,
            config.shutdown_grace,
        )
        .await;
        housekeeping.abort();
        holds.abort();
        backups.abort();
        // A running import commits the batch it is writing and stops there;
        // the next start goes on from the batch after it.
        if !self.state.background.stop(config.shutdown_grace).await {
            tracing::warn!("a catalogue import did not stop within the shutdown grace");
        }
        // The message being mailed is sent and recorded; nothing more is claimed.
        stop_mail.cancel();
        let stopping = mail.abort_handle();
        if tokio::time::timeout(config.shutdown_grace, mail)
            .await
            .is_err()
        {
            tracing::warn!("the mail worker did not finish within the shutdown grace");
            stopping.abort();
        }
        self.state.db.close().await;
        served
    }
}

/// How long a used or expired account link is kept, so a late click still
/// hears that it was used or has expired, before housekeeping deletes it.
pub const KEEP_SPENT_LINKS: Duration = Duration::from_secs(24 * 3600);

/// Deletes what no longer serves anyone: spent account links, and mail sent
/// long ago. Run once an hour; a failure is logged and tried next time.
pub async fn forget_spent_records(state: &AppState) {
    if let Err(e) = auth::account_tokens::delete_spent(&state.db, KEEP_SPENT_LINKS).await {
        tracing::warn!(error = %e, "spent account links not deleted");
    }
    if let Err(e) = mail::forget_done(&state.db).await {
        tracing::warn!(error = %e, "old mail not deleted");
    }
}

/// Serves HTTP/1 on `listener` as `axum::serve` does, but with a
/// header read timeout: a client that never finishes its request headers is
/// disconnected after `header_timeout` instead of holding its connection (and
/// a file descriptor) forever. Connections past the caps `gate` keeps are
/// answered 503 and closed (see `connections`). On `shutdown` it stops
/// accepting and waits for the open connections to finish, at most `grace`.
async fn serve(
    listener: TcpListener,
    service: ShopService,
    header_timeout: Duration,
    mut gate: connections::Gate,
    shutdown: impl Future<Output = ()> + Send + 'static,
    grace: Duration,
) -> std::io::Result<()> {
    use hyper::server::conn::http1::Builder;
    use hyper_util::rt::TokioTimer;
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;
    use tower::ServiceExt;

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
        // The client's address, as `into_make_service_with_connect_info` gives
        // it, for the API (`ClientIp`); the app's pages and files never ask,
        // and go without the extension's allocations.
        let service = TowerToHyperService::new(service.clone().map_request(
            move |request: Request<hyper::body::Incoming>| {
                let mut request = request.map(Body::new);
                crate::core::request_id::keep_plain(&mut request);
                let path = request.uri().path();
                if crate::core::negotiation::is_api(path) || path == "/metrics" {
                    request.extensions_mut().insert(ConnectInfo(remote));
                }
                request
            },
        ));
        // Each answer leaves as soon as it is written, without waiting for
        // the acknowledgement of the one before (Nagle's algorithm).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        let connection = graceful.watch(
            builder.serve_connection(crate::core::zero_copy::Connection::new(stream), service),
        );
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::trace!(error = %e, "connection ended with an error");
            }
            drop(admitted);
        });
    }
    drop(listener);
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(grace = ?grace, "requests still open after the shutdown grace; stopping anyway");
    }
    Ok(())
}
