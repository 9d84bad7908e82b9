//! What every handler can reach: the database, the configuration, the token
//! keys, the payment provider, Google sign-in, the trusted proxies, and the
//! limits on attempts (sign-ins, uploads, reviews, account e-mail, cancels)
//! with the failed-login back-off, all counted in the database (`limits`,
//! `auth::backoff`) so that every shop process on it counts together.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::auth::backoff::{self, Locked};
use crate::auth::google::OidcProvider;
use crate::core::cache::CatalogueCache;
use crate::core::client::{bucket, TrustedProxies};
use crate::core::config::Config;
use crate::core::db::Db;
use crate::core::error::ApiError;
use crate::core::limits::{self, Rate};
use crate::core::money::Currency;
use crate::core::tokens::Tokens;
use crate::orders::group::Desk;
use crate::payments::Payments;

/// Cloned for every request, so it is one reference-counted pointer to the
/// shared parts (`state.db` and the like reach them through `Deref`).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub tokens: Arc<Tokens>,
    pub payments: Arc<Payments>,
    /// The OpenID Connect provider for Google sign-in, when configured.
    pub google: Option<Arc<OidcProvider>>,
    /// Catalogue answers kept in memory until the next write.
    pub catalogue: Arc<CatalogueCache>,
    /// The reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// Where orders wait to be placed together (group commit).
    pub orders: Desk,
    /// The shop's currency, for amounts written for people.
    pub currency: Currency,
    /// Set once the shop is told to stop: `GET /api/ready` then says it is
    /// draining, so a load balancer sends it nothing new.
    draining: AtomicBool,
    /// Work a request started that goes on after its answer (catalogue
    /// imports' jobs), stopped between two of its steps when the shop stops.
    pub background: Background,
}

/// Tasks that outlive the request that started them: each checks `stop`
/// between its steps, and the shop waits for them (at most its shutdown
/// grace) before it closes the database.
#[derive(Default)]
pub struct Background {
    pub stop: tokio_util::sync::CancellationToken,
    tasks: tokio_util::task::TaskTracker,
}

impl Background {
    pub fn spawn<F>(&self, task: F)
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        self.tasks.spawn(task);
    }

    /// Tells every task to stop at its next step and waits for them, at most
    /// `grace`; answers whether they all stopped.
    pub async fn stop(&self, grace: Duration) -> bool {
        self.stop.cancel();
        self.tasks.close();
        tokio::time::timeout(grace, self.tasks.wait()).await.is_ok()
    }
}

impl AppState {
    pub fn new(
        db: Db,
        config: Config,
        tokens: Tokens,
        payments: Payments,
        google: Option<OidcProvider>,
    ) -> Self {
        let catalogue = Arc::new(CatalogueCache::new(
            &db,
            config.catalogue_cache,
            config.catalogue_cache_mb as usize * 1024 * 1024,
        ));
        let trusted_proxies = config.trusted_proxies();
        AppState(Arc::new(Shared {
            catalogue,
            trusted_proxies,
            orders: Desk::default(),
            currency: Currency::from_config(&config),
            db,
            config: Arc::new(config),
            tokens: Arc::new(tokens),
            payments: Arc::new(payments),
            google: google.map(Arc::new),
            draining: AtomicBool::new(false),
            background: Background::default(),
        }))
    }

    /// From now on the shop says it is not ready: it is stopping.
    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }
}

impl AppState {
    /// A reference that does not keep the state alive: for tasks that
    /// should end with it.
    pub fn downgrade(&self) -> WeakState {
        WeakState(Arc::downgrade(&self.0))
    }
}

/// The state, while anything else keeps it alive.
#[derive(Clone)]
pub struct WeakState(Weak<Shared>);

impl WeakState {
    pub fn upgrade(&self) -> Option<AppState> {
        self.0.upgrade().map(AppState)
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The answer to an attempt past its limit: 429 with `message` and how
/// long to wait, in whole seconds rounded up.
fn too_many(message: &str, wait: Duration) -> ApiError {
    ApiError::TooManyRequests {
        message: message.into(),
        retry_after_secs: wait.as_secs() + 1,
    }
}

impl Shared {
    /// Counts one attempt of `key` against `rate` (None: no limit), in the
    /// database; answers how long to wait when none is left.
    async fn limit(&self, key: &str, rate: Option<Rate>) -> Result<Result<(), Duration>, ApiError> {
        match rate {
            None => Ok(Ok(())),
            Some(rate) => Ok(limits::take(&self.db, key, rate).await?),
        }
    }

    /// Counts one login, sign-up or Google sign-in attempt from `client`;
    /// 429 past the limit.
    pub async fn check_auth_rate(&self, client: IpAddr) -> Result<(), ApiError> {
        let rate = Rate::per_minute(self.config.auth_rate_limit);
        let key = format!("sign-in {}", bucket(client));
        self.limit(&key, rate).await?.map_err(|wait| {
            tracing::warn!(%client, "sign-in attempts rate-limited");
            too_many(
                "Too many attempts. Please wait a minute and try again.",
                wait,
            )
        })
    }

    /// Counts one image upload from `client`; 429 past the limit.
    pub async fn check_upload_rate(&self, client: IpAddr) -> Result<(), ApiError> {
        let rate = Rate::per_minute(self.config.upload_rate_limit);
        let key = format!("upload {}", bucket(client));
        self.limit(&key, rate).await?.map_err(|wait| {
            tracing::warn!(%client, "image uploads rate-limited");
            too_many(
                "Too many uploads. Please wait a minute and try again.",
                wait,
            )
        })
    }

    /// Counts one message sent with the contact form from `client`; 429 past
    /// the limit.
    pub async fn check_contact_rate(&self, client: IpAddr) -> Result<(), ApiError> {
        let rate = Rate::per_hour(self.config.contact_rate_limit);
        let key = format!("contact {}", bucket(client));
        self.limit(&key, rate).await?.map_err(|wait| {
            tracing::warn!(%client, "contact messages rate-limited");
            too_many(
                "You have sent several messages lately. Please wait a while, or call us.",
                wait,
            )
        })
    }

    /// Counts one review posted by the account `user_id`; 429 past the limit.
    pub async fn check_review_rate(&self, user_id: i64) -> Result<(), ApiError> {
        let rate = Rate::per_hour(self.config.review_rate_limit);
        let key = format!("review {user_id}");
        self.limit(&key, rate).await?.map_err(|wait| {
            tracing::warn!(user = user_id, "reviews rate-limited");
            too_many(
                "You have posted several reviews lately. Please wait a while before posting another.",
                wait,
            )
        })
    }

    /// Counts one order cancelled by its buyer, the account `user_id`; 429
    /// past the limit. A cancel frees a place among the buyer's unpaid
    /// orders, so without it placing and cancelling could go on without end.
    pub async fn check_cancel_rate(&self, user_id: i64) -> Result<(), ApiError> {
        let rate = Rate::per_hour(self.config.cancel_rate_limit);
        let key = format!("cancel {user_id}");
        self.limit(&key, rate).await?.map_err(|wait| {
            tracing::warn!(user = user_id, "order cancels rate-limited");
            too_many(
                "You have cancelled several orders lately. Please wait a while before cancelling another.",
                wait,
            )
        })
    }

    /// Counts one account e-mail (a verification or reset link) asked for by
    /// `client` to `email`, whether or not the address has an account; 429
    /// past either limit.
    pub async fn check_mail_rate(&self, client: IpAddr, email: &str) -> Result<(), ApiError> {
        let message = "Too many e-mails asked for. Please wait a while and try again.";
        // One client may ask for a few addresses (a family's shared computer).
        let per_client = Rate::per_hour(self.config.mail_rate_limit.saturating_mul(4));
        let key = format!("mail-from {}", bucket(client));
        self.limit(&key, per_client).await?.map_err(|wait| {
            tracing::warn!(%client, "account e-mails rate-limited for this client");
            too_many(message, wait)
        })?;
        let address = email.trim().to_lowercase();
        let per_address = Rate::per_hour(self.config.mail_rate_limit);
        let key = format!("mail-to {address}");
        self.limit(&key, per_address).await?.map_err(|wait| {
            tracing::warn!(%client, email = ?address, "account e-mails rate-limited for this address");
            too_many(message, wait)
        })
    }

    /// Counts one login attempt for `email` (as typed, normalised here) from
    /// `client`; 429 while that client, or every client, is locked out of
    /// the e-mail after too many attempts that did not succeed, whether or
    /// not it has an account (see `auth::backoff`).
    pub async fn check_login_backoff(&self, email: &str, client: IpAddr) -> Result<(), ApiError> {
        let key = email.trim().to_lowercase();
        let verdict = backoff::attempt(&self.db, &key, bucket(client)).await?;
        verdict.map_err(|locked| {
            let (wait, message) = match locked {
                Locked::Here(wait) => (wait, "Too many failed sign-in attempts for this email. Please wait and try again later, or use \"Forgot password?\" to get a link that signs you in."),
                Locked::Everywhere(wait) => (wait, "Too many failed sign-in attempts for this email from many places. Please wait and try again later, or use \"Forgot password?\" to get a link that signs you in."),
            };
            tracing::warn!(email = ?key, %client, ?locked, "sign-in refused: too many failed attempts for this e-mail");
            ApiError::TooManyRequests {
                message: message.into(),
                retry_after_secs: wait.as_secs_f64().ceil() as u64,
            }
        })
    }

    /// A successful login for `email` from `client` (or a reset link used):
    /// its failed attempts are forgotten. The sign-in has happened either
    /// way, so a database that fails here is logged, not answered.
    pub async fn login_succeeded(&self, email: &str, client: IpAddr) {
        let key = email.trim().to_lowercase();
        if let Err(e) = backoff::succeeded(&self.db, &key, bucket(client)).await {
            tracing::warn!(email = ?key, error = ?e, "cannot forget the failed sign-ins of a successful one");
        }
    }

    /// Forgets the limits' counts that no longer hold anything back.
    pub async fn forget_idle_clients(&self) -> Result<(), ApiError> {
        backoff::forget_quiet(&self.db).await?;
        limits::forget_paid_off(&self.db).await?;
        Ok(())
    }
}
