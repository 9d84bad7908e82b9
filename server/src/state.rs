//! What every handler can reach: the database, the configuration, the token
//! keys, the payment provider, Google sign-in and the sign-in rate limiter.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::auth::google::OidcProvider;
use crate::auth::token::Tokens;
use crate::cache::CatalogueCache;
use crate::config::Config;
use crate::db::Db;
use crate::error::ApiError;
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
    auth_limiter: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    upload_limiter: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    /// Reviews per account (its user id).
    review_limiter: Option<Arc<DefaultKeyedRateLimiter<i64>>>,
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
        let catalogue = Arc::new(CatalogueCache::new(
            &db,
            config.catalogue_cache,
            config.catalogue_cache_mb as usize * 1024 * 1024,
        ));
        AppState(Arc::new(Shared {
            catalogue,
            db,
            config: Arc::new(config),
            tokens: Arc::new(tokens),
            payments: Arc::new(payments),
            google: google.map(Arc::new),
            auth_limiter,
            upload_limiter,
            review_limiter,
        }))
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
        limiter.check_key(&client).map_err(|not_until| {
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
        limiter.check_key(&client).map_err(|not_until| {
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

    /// Forgets clients that have not tried anything for a while.
    pub fn forget_idle_clients(&self) {
        if let Some(limiter) = &self.auth_limiter {
            limiter.retain_recent();
        }
        if let Some(limiter) = &self.upload_limiter {
            limiter.retain_recent();
        }
        if let Some(limiter) = &self.review_limiter {
            limiter.retain_recent();
        }
    }
}
