//! What every handler can reach: the database, the configuration, the token
//! keys, the payment provider, Google sign-in, the trusted proxies, the
//! sign-in, upload and account e-mail rate limiters and the failed-login back-off.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Weak};
use std::time::Instant;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::auth::backoff::LoginBackoff;
use crate::auth::google::OidcProvider;
use crate::auth::token::Tokens;
use crate::cache::CatalogueCache;
use crate::client::{bucket, TrustedProxies};
use crate::config::Config;
use crate::db::Db;
use crate::error::ApiError;
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
    login_backoff: LoginBackoff,
    // Keyed by `client::bucket` of the client's address.
    auth_limiter: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    upload_limiter: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    /// Reviews per account (its user id).
    review_limiter: Option<Arc<DefaultKeyedRateLimiter<i64>>>,
    /// Account e-mails (reset and verification links) per address they go to.
    mail_address_limiter: Option<Arc<DefaultKeyedRateLimiter<String>>>,
    /// Account e-mails asked for per client (`client::bucket`).
    mail_client_limiter: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
}

impl AppState {
    pub fn new(
        db: Db,
        config: Config,
        tokens: Tokens,
        payments: Payments,
        google: Option<OidcProvider>,
    ) -> Self {
        let auth_limiter = NonZeroU32::new(config.auth_rate_limit)
            .map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n))));
        let upload_limiter = NonZeroU32::new(config.upload_rate_limit)
            .map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n))));
        let review_limiter = NonZeroU32::new(config.review_rate_limit)
            .map(|n| Arc::new(RateLimiter::keyed(Quota::per_hour(n))));
        let mail_address_limiter = NonZeroU32::new(config.mail_rate_limit)
            .map(|n| Arc::new(RateLimiter::keyed(Quota::per_hour(n))));
        // One client may ask for a few addresses (a family's shared computer).
        let mail_client_limiter = NonZeroU32::new(config.mail_rate_limit.saturating_mul(4))
            .map(|n| Arc::new(RateLimiter::keyed(Quota::per_hour(n))));
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
            login_backoff: LoginBackoff::default(),
            db,
            config: Arc::new(config),
            tokens: Arc::new(tokens),
            payments: Arc::new(payments),
            google: google.map(Arc::new),
            auth_limiter,
            upload_limiter,
            review_limiter,
            mail_address_limiter,
            mail_client_limiter,
        }))
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

impl Shared {
    /// Counts one login or sign-up attempt from `client`; 429 past the limit.
    pub fn check_auth_rate(&self, client: IpAddr) -> Result<(), ApiError> {
        let Some(limiter) = &self.auth_limiter else {
            return Ok(());
        };
        limiter.check_key(&bucket(client)).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            tracing::warn!(%client, "sign-in attempts rate-limited");
            ApiError::TooManyRequests {
                message: "Too many attempts. Please wait a minute and try again.".into(),
                retry_after_secs: wait.as_secs() + 1,
            }
        })
    }

    /// Counts one image upload from `client`; 429 past the limit.
    pub fn check_upload_rate(&self, client: IpAddr) -> Result<(), ApiError> {
        let Some(limiter) = &self.upload_limiter else {
            return Ok(());
        };
        limiter.check_key(&bucket(client)).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            tracing::warn!(%client, "image uploads rate-limited");
            ApiError::TooManyRequests {
                message: "Too many uploads. Please wait a minute and try again.".into(),
                retry_after_secs: wait.as_secs() + 1,
            }
        })
    }

    /// Counts one review posted by the account `user_id`; 429 past the limit.
    pub fn check_review_rate(&self, user_id: i64) -> Result<(), ApiError> {
        let Some(limiter) = &self.review_limiter else {
            return Ok(());
        };
        limiter.check_key(&user_id).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            tracing::warn!(user = user_id, "reviews rate-limited");
            ApiError::TooManyRequests {
                message: "You have posted several reviews lately. Please wait a while before posting another.".into(),
                retry_after_secs: wait.as_secs() + 1,
            }
        })
    }

    /// Counts one account e-mail (a reset or verification link) asked for by
    /// `client` to `email`, whether or not the address has an account; 429
    /// past either limit.
    pub fn check_mail_rate(&self, client: IpAddr, email: &str) -> Result<(), ApiError> {
        let too_many = |wait: std::time::Duration| ApiError::TooManyRequests {
            message: "Too many e-mails asked for. Please wait a while and try again.".into(),
            retry_after_secs: wait.as_secs() + 1,
        };
        if let Some(limiter) = &self.mail_client_limiter {
            limiter.check_key(&bucket(client)).map_err(|not_until| {
                tracing::warn!(%client, "account e-mails rate-limited for this client");
                too_many(not_until.wait_time_from(DefaultClock::default().now()))
            })?;
        }
        if let Some(limiter) = &self.mail_address_limiter {
            let key = email.trim().to_lowercase();
            limiter.check_key(&key).map_err(|not_until| {
                tracing::warn!(%client, email = ?key, "account e-mails rate-limited for this address");
                too_many(not_until.wait_time_from(DefaultClock::default().now()))
            })?;
        }
        Ok(())
    }

    /// Counts one login attempt for `email` (as typed, normalised here); 429
    /// while the e-mail is locked after too many attempts that did not
    /// succeed, whether or not it has an account (see `auth::backoff`).
    pub fn check_login_backoff(&self, email: &str) -> Result<(), ApiError> {
        let key = email.trim().to_lowercase();
        self.login_backoff
            .attempt(&key, Instant::now())
            .map_err(|wait| {
                tracing::warn!(email = ?key, locked_for_secs = wait.as_secs(), "sign-in refused: too many failed attempts for this e-mail");
                ApiError::TooManyRequests {
                    message: "Too many failed sign-in attempts for this email. Please wait and try again later.".into(),
                    retry_after_secs: wait.as_secs_f64().ceil() as u64,
                }
            })
    }

    /// A successful login for `email`: its failed attempts are forgotten.
    pub fn login_succeeded(&self, email: &str) {
        self.login_backoff.succeeded(&email.trim().to_lowercase());
    }

    /// Forgets clients that have not tried anything for a while.
    pub fn forget_idle_clients(&self) {
        self.login_backoff.forget_quiet(Instant::now());
        if let Some(limiter) = &self.auth_limiter {
            limiter.retain_recent();
        }
        if let Some(limiter) = &self.upload_limiter {
            limiter.retain_recent();
        }
        if let Some(limiter) = &self.review_limiter {
            limiter.retain_recent();
        }
        if let Some(limiter) = &self.mail_address_limiter {
            limiter.retain_recent();
        }
        if let Some(limiter) = &self.mail_client_limiter {
            limiter.retain_recent();
        }
    }
}
