//! The OpenID Connect provider (Google, or any other one SHOP_OIDC_ISSUER
//! names), through the `openidconnect` crate: discovery, the authorization
//! request with PKCE, state and nonce, the code exchange and the ID token's
//! verification (signature against the provider's published keys, issuer,
//! audience, expiry, nonce and, when present, the access token hash).
//!
//! Discovery happens on first use and is retried on the next sign-in when it
//! fails, so the shop starts even while the provider is unreachable; the
//! provider's metadata and keys are fetched again after `METADATA_TTL`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreProviderMetadata, CoreTokenResponse,
};
use openidconnect::{
    AccessTokenHash, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet,
    EndpointNotSet, EndpointSet, IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, RequestTokenError, Scope, TokenResponse,
};
use tokio::sync::Mutex;

use crate::core::config::Config;

/// How long discovered metadata and signing keys are trusted before they are fetched again.
const METADATA_TTL: Duration = Duration::from_secs(3600);
/// How long any one call to the provider may take.
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

type Client = CoreClient<
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

struct Discovered {
    client: Client,
    at: Instant,
}

/// What the provider vouches for, from a verified ID token.
#[derive(Debug, Clone)]
pub struct Identity {
    pub subject: String,
    pub email: Option<String>,
    /// Only `Some(true)` means the provider checked that the person owns the address.
    pub email_verified: Option<bool>,
    pub name: Option<String>,
}

/// A sign-in about to be sent to the provider.
pub struct Authorization {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Why the provider's answer was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    /// The provider could not be reached or answered nonsense.
    #[error("the identity provider is unavailable: {0:#}")]
    Unavailable(anyhow::Error),
    /// The provider refused the code (unknown, used, expired, or a PKCE mismatch).
    #[error("the identity provider refused the code: {0}")]
    CodeRefused(String),
    /// The ID token is missing or fails verification.
    #[error("the ID token is not acceptable: {0}")]
    BadIdToken(String),
}

/// The configured provider, discovered lazily.
pub struct OidcProvider {
    issuer: IssuerUrl,
    client_id: ClientId,
    client_secret: ClientSecret,
    redirect_url: RedirectUrl,
    http: reqwest::Client,
    discovered: Mutex<Option<Arc<Discovered>>>,
}

impl OidcProvider {
    /// The provider the configuration names, or None when Google sign-in is off.
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Self>> {
        let Some((id, secret)) = config.oidc_client() else {
            return Ok(None);
        };
        let issuer = IssuerUrl::new(config.oidc_issuer.trim().to_owned())
            .context("SHOP_OIDC_ISSUER is not a URL")?;
        let redirect = format!(
            "{}/api/auth/google/callback",
            config.public_url.trim_end_matches('/')
        );
        let redirect_url = RedirectUrl::new(redirect).context("SHOP_PUBLIC_URL is not a URL")?;
        // Never follow redirects: the provider's endpoints answer directly, and
        // following them would let a redirect point the shop's requests elsewhere.
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(HTTP_TIMEOUT)
            .build()
            .context("cannot build the HTTP client for sign-in")?;
        Ok(Some(OidcProvider {
            issuer,
            client_id: ClientId::new(id.to_owned()),
            client_secret: ClientSecret::new(secret.to_owned()),
            redirect_url,
            http,
            discovered: Mutex::new(None),
        }))
    }

    /// The issuer, as the provider must name itself.
    pub fn issuer(&self) -> &str {
        self.issuer.as_str()
    }

    /// The provider's metadata and keys: cached, fetched when missing or old.
    /// When a refresh fails, the previous metadata goes on serving.
    async fn client(&self) -> Result<Arc<Discovered>, SignInError> {
        let mut cached = self.discovered.lock().await;
        if let Some(d) = cached.as_ref().filter(|d| d.at.elapsed() < METADATA_TTL) {
            return Ok(d.clone());
        }
        match CoreProviderMetadata::discover_async(self.issuer.clone(), &self.http).await {
            Ok(metadata) => {
                let client = CoreClient::from_provider_metadata(
                    metadata,
                    self.client_id.clone(),
                    Some(self.client_secret.clone()),
                )
                .set_redirect_uri(self.redirect_url.clone());
                let fresh = Arc::new(Discovered {
                    client,
                    at: Instant::now(),
                });
                tracing::info!(issuer = %self.issuer.as_str(), "identity provider discovered");
                *cached = Some(fresh.clone());
                Ok(fresh)
            }
            Err(e) => {
                let e = anyhow!(e).context(format!("discovery of {}", self.issuer.as_str()));
                match cached.as_ref() {
                    Some(stale) => {
                        tracing::warn!(error = ?format!("{e:#}"), "keeping the provider's previous metadata");
                        Ok(stale.clone())
                    }
                    None => Err(SignInError::Unavailable(e)),
                }
            }
        }
    }

    /// A fresh authorization request: where to send the browser, and the
    /// secrets its answer will be checked against.
    pub async fn authorize(&self) -> Result<Authorization, SignInError> {
        let discovered = self.client().await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = discovered
            .client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok(Authorization {
            url: url.into(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    /// Exchanges the code (with the PKCE verifier) and verifies the ID token
    /// against `nonce`.
    pub async fn finish(
        &self,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
    ) -> Result<Identity, SignInError> {
        let discovered = self.client().await?;
        let client = &discovered.client;
        let response: CoreTokenResponse = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|e| SignInError::Unavailable(anyhow!(e)))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
            .request_async(&self.http)
            .await
            .map_err(|e| match e {
                RequestTokenError::ServerResponse(answer) => {
                    SignInError::CodeRefused(answer.to_string())
                }
                other => SignInError::Unavailable(anyhow!(other).context("the token request")),
            })?;
        let bad = |e: &dyn std::fmt::Display| SignInError::BadIdToken(e.to_string());
        let id_token = response
            .id_token()
            .ok_or_else(|| bad(&"the provider sent no ID token"))?;
        let verifier = client.id_token_verifier();
        let claims = id_token
            .claims(&verifier, &Nonce::new(nonce.to_owned()))
            .map_err(|e| bad(&e))?;
        if let Some(expected) = claims.access_token_hash() {
            let signing_alg = id_token.signing_alg().map_err(|e| bad(&e))?;
            let signing_key = id_token.signing_key(&verifier).map_err(|e| bad(&e))?;
            let actual =
                AccessTokenHash::from_token(response.access_token(), signing_alg, signing_key)
                    .map_err(|e| bad(&e))?;
            if actual != *expected {
                return Err(bad(&"the access token hash does not match"));
            }
        }
        Ok(Identity {
            subject: claims.subject().to_string(),
            email: claims.email().map(|e| e.to_string()),
            email_verified: claims.email_verified(),
            name: claims
                .name()
                .and_then(|n| n.get(None))
                .map(|n| n.to_string()),
        })
    }
}
