//! Security headers sent with every answer, API and web app alike: a strict
//! Content-Security-Policy (no inline script, no framing) that lets in
//! Stripe's script and frames only when Stripe is the payment provider.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Response};
use tower::{Layer, Service};

use crate::config::Config;

/// The Content-Security-Policy for this shop's configuration.
pub fn content_security_policy(config: &Config) -> HeaderValue {
    let stripe = config.payment_provider == "stripe";
    // Stripe.js loads from js.stripe.com, draws its card field in frames from
    // there (and hooks.stripe.com for 3-D Secure) and calls api.stripe.com.
    let (script, frame, connect) = if stripe {
        (
            " https://js.stripe.com",
            "frame-src https://js.stripe.com https://hooks.stripe.com; ",
            " https://api.stripe.com",
        )
    } else {
        ("", "", "")
    };
    // `blob:` images are pictures an admin picked, previewed before upload;
    // only this page's own script can make one.
    let policy = format!(
        "default-src 'self'; script-src 'self'{script}; {frame}connect-src 'self'{connect}; \
         object-src 'none'; base-uri 'self'; frame-ancestors 'none'; \
         img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'"
    );
    HeaderValue::from_str(&policy).expect("the policy is plain ASCII")
}

/// Room to leave in a header map made once and cloned for each answer, for
/// the headers the layers outside add to every answer (the security
/// headers), so that adding them does not rebuild the clone's index.
pub const ROOM_FOR_MORE_HEADERS: usize = 8;

/// The security headers, made once: every answer gets each of them that it
/// does not set itself (`X-Content-Type-Options`, the Content-Security-Policy,
/// `X-Frame-Options`, `Referrer-Policy`, added in that order).
#[derive(Clone)]
pub struct SecurityHeadersLayer {
    headers: Arc<[(HeaderName, HeaderValue); 4]>,
}

impl SecurityHeadersLayer {
    /// The headers with `csp` as the Content-Security-Policy
    /// ([`content_security_policy`]).
    pub fn new(csp: HeaderValue) -> Self {
        SecurityHeadersLayer {
            headers: Arc::new([
                (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
                (CONTENT_SECURITY_POLICY, csp),
                (X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
                (
                    REFERRER_POLICY,
                    HeaderValue::from_static("strict-origin-when-cross-origin"),
                ),
            ]),
        }
    }

    /// The headers, in the order they are added.
    pub fn headers(&self) -> &[(HeaderName, HeaderValue)] {
        &self.headers[..]
    }
}

impl<S> Layer<S> for SecurityHeadersLayer {
    type Service = SecurityHeaders<S>;

    fn layer(&self, inner: S) -> SecurityHeaders<S> {
        SecurityHeaders {
            inner,
            headers: self.headers.clone(),
        }
    }
}

/// The service [`SecurityHeadersLayer`] wraps around another.
#[derive(Clone)]
pub struct SecurityHeaders<S> {
    inner: S,
    headers: Arc<[(HeaderName, HeaderValue); 4]>,
}

impl<S, R, B> Service<R> for SecurityHeaders<S>
where
    S: Service<R, Response = Response<B>>,
{
    type Response = Response<B>;
    type Error = S::Error;
    type Future = SecurityHeadersFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: R) -> Self::Future {
        SecurityHeadersFuture {
            inner: self.inner.call(request),
            headers: Some(self.headers.clone()),
        }
    }
}

pin_project_lite::pin_project! {
    /// The answer of a [`SecurityHeaders`] service.
    pub struct SecurityHeadersFuture<F> {
        #[pin]
        inner: F,
        headers: Option<Arc<[(HeaderName, HeaderValue); 4]>>,
    }
}

impl<F, B, E> Future for SecurityHeadersFuture<F>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = Result<Response<B>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = std::task::ready!(this.inner.poll(cx))?;
        if let Some(headers) = this.headers.take() {
            add_missing(response.headers_mut(), &headers[..]);
        }
        Poll::Ready(Ok(response))
    }
}

/// Adds each of `extra` that `headers` does not have yet, growing the map at
/// most once.
fn add_missing(headers: &mut HeaderMap, extra: &[(HeaderName, HeaderValue)]) {
    headers.reserve(extra.len());
    for (name, value) in extra {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripe_is_let_in_only_when_it_is_the_payment_provider() {
        let mut config = Config::defaults("data");
        let policy = content_security_policy(&config);
        let policy = policy.to_str().unwrap();
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert!(!policy.contains("stripe"), "{policy}");
        config.payment_provider = "stripe".into();
        let policy = content_security_policy(&config);
        let policy = policy.to_str().unwrap();
        assert!(policy.contains("script-src 'self' https://js.stripe.com;"));
        assert!(policy.contains("frame-src https://js.stripe.com"));
        assert!(!policy.contains("unsafe-eval"));
    }

    #[tokio::test]
    async fn every_answer_gets_the_headers_it_does_not_set_itself() {
        use tower::ServiceExt;
        let layer = SecurityHeadersLayer::new(HeaderValue::from_static("default-src 'self'"));
        let service = layer.layer(tower::service_fn(|framing: &'static str| async move {
            let mut response = Response::new(());
            if !framing.is_empty() {
                response
                    .headers_mut()
                    .insert(X_FRAME_OPTIONS, HeaderValue::from_static(framing));
            }
            Ok::<_, std::convert::Infallible>(response)
        }));
        let response = service.clone().oneshot("").await.unwrap();
        let names: Vec<_> = response.headers().keys().map(|n| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "x-content-type-options",
                "content-security-policy",
                "x-frame-options",
                "referrer-policy"
            ]
        );
        assert_eq!(response.headers()[X_FRAME_OPTIONS], "DENY");
        let response = service.oneshot("SAMEORIGIN").await.unwrap();
        assert_eq!(response.headers()[X_FRAME_OPTIONS], "SAMEORIGIN");
        assert_eq!(
            response.headers().get_all(X_FRAME_OPTIONS).iter().count(),
            1
        );
        assert_eq!(
            response.headers()[CONTENT_SECURITY_POLICY],
            "default-src 'self'"
        );
    }
}
