//! Security headers sent with every answer. Pages and the web app's files get
//! a strict Content-Security-Policy (no inline script, no framing) that lets
//! in Stripe's script and frames only when Stripe is the payment provider,
//! with `X-Frame-Options` and `Referrer-Policy`. API answers are data, never a
//! page: they get the strictest policy there is, `default-src 'none'`, and
//! `nosniff`, and nothing that only matters to a page
//! ([`SecurityHeadersLayer::api_headers`]). A shop whose public address is
//! https adds `Strict-Transport-Security` to both, so browsers never reach it
//! over plain http again.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Request, Response};
use tower::{Layer, Service};

use crate::core::config::Config;

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
    // only this page's own script can make one. Forms may only send to the
    // shop itself, so injected markup cannot post a form elsewhere.
    let policy = format!(
        "default-src 'self'; script-src 'self'{script}; {frame}connect-src 'self'{connect}; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; \
         img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'"
    );
    HeaderValue::from_str(&policy).expect("the policy is plain ASCII")
}

/// `Strict-Transport-Security` for a shop reached over https: a year, for
/// this host only (other hosts of the same domain are the operator's own).
pub const HSTS: &str = "max-age=31536000";

/// Whether the shop is reached over https, and so sends [`HSTS`].
pub fn sends_hsts(config: &Config) -> bool {
    config.public_url.trim().starts_with("https://")
}

/// The Content-Security-Policy of every answer under /api: nothing may load
/// or run, should a browser ever open one as a document.
const API_CONTENT_SECURITY_POLICY: &str = "default-src 'none'";

/// The security headers of an answer under /api: `nosniff`, so that no
/// browser reads JSON (or a picture) as anything but its `Content-Type`, and
/// [`API_CONTENT_SECURITY_POLICY`].
///
/// Framing and referrer headers are left to pages. An API answer shows no
/// controls to click, loads nothing that would carry a `Referer`, and a frame
/// cannot show anything private in one: private answers need the bearer
/// token, which only the app's own script sends. With the short policy, every
/// API answer is about 250 bytes shorter than with the pages' headers, and
/// the 64 KB first page of the catalogue, with its `ETag`, `Vary` and
/// `X-Total-Count`, fits in one 64 KiB loopback packet.
fn api_headers() -> Vec<(HeaderName, HeaderValue)> {
    vec![
        (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (
            CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(API_CONTENT_SECURITY_POLICY),
        ),
    ]
}

/// Room to leave in a header map made once and cloned for each answer, for
/// the headers the layers outside add to every answer (the security
/// headers), so that adding them does not rebuild the clone's index.
pub const ROOM_FOR_MORE_HEADERS: usize = 8;

/// The security headers, made once: every answer gets each of them that it
/// does not set itself. Answers under /api get [`api_headers`]; all others
/// `X-Content-Type-Options`, the Content-Security-Policy, `X-Frame-Options`
/// and `Referrer-Policy`, added in that order; both get [`HSTS`] last when
/// asked.
#[derive(Clone)]
pub struct SecurityHeadersLayer {
    headers: Arc<Sets>,
}

/// The two sets of headers: for the API's answers and for all others.
struct Sets {
    api: Vec<(HeaderName, HeaderValue)>,
    pages: Vec<(HeaderName, HeaderValue)>,
}

impl SecurityHeadersLayer {
    /// The headers, with `csp` as the pages' Content-Security-Policy
    /// ([`content_security_policy`]), and [`HSTS`] when `hsts`.
    pub fn new(csp: HeaderValue, hsts: bool) -> Self {
        let mut api = api_headers();
        let mut pages = vec![
            (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (CONTENT_SECURITY_POLICY, csp),
            (X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (
                REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ),
        ];
        if hsts {
            for set in [&mut api, &mut pages] {
                set.push((STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS)));
            }
        }
        SecurityHeadersLayer {
            headers: Arc::new(Sets { api, pages }),
        }
    }

    /// The headers of the API's answers ([`api_headers`]), in the order they
    /// are added.
    pub fn api_headers(&self) -> &[(HeaderName, HeaderValue)] {
        &self.headers.api[..]
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
    headers: Arc<Sets>,
}

impl<S, ReqBody, B> Service<Request<ReqBody>> for SecurityHeaders<S>
where
    S: Service<Request<ReqBody>, Response = Response<B>>,
{
    type Response = Response<B>;
    type Error = S::Error;
    type Future = SecurityHeadersFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let api = crate::core::negotiation::is_api(request.uri().path());
        SecurityHeadersFuture {
            inner: self.inner.call(request),
            headers: Some((self.headers.clone(), api)),
        }
    }
}

pin_project_lite::pin_project! {
    /// The answer of a [`SecurityHeaders`] service.
    pub struct SecurityHeadersFuture<F> {
        #[pin]
        inner: F,
        // The headers, and whether the request was the API's.
        headers: Option<(Arc<Sets>, bool)>,
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
        if let Some((sets, api)) = this.headers.take() {
            let extra: &[_] = if api { &sets.api } else { &sets.pages };
            add_missing(response.headers_mut(), extra);
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
        assert!(policy.contains("form-action 'self'"), "{policy}");
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
        let layer =
            SecurityHeadersLayer::new(HeaderValue::from_static("default-src 'self'"), false);
        let service = layer.layer(tower::service_fn(
            |request: Request<&'static str>| async move {
                let mut response = Response::new(());
                let framing = *request.body();
                if !framing.is_empty() {
                    response
                        .headers_mut()
                        .insert(X_FRAME_OPTIONS, HeaderValue::from_static(framing));
                }
                Ok::<_, std::convert::Infallible>(response)
            },
        ));
        let get =
            |path: &str, framing: &'static str| Request::builder().uri(path).body(framing).unwrap();
        let names = |response: &Response<()>| -> Vec<String> {
            response.headers().keys().map(|n| n.to_string()).collect()
        };

        let page = service.clone().oneshot(get("/parts", "")).await.unwrap();
        assert_eq!(
            names(&page),
            [
                "x-content-type-options",
                "content-security-policy",
                "x-frame-options",
                "referrer-policy"
            ]
        );
        assert_eq!(page.headers()[X_FRAME_OPTIONS], "DENY");
        assert_eq!(
            page.headers()[CONTENT_SECURITY_POLICY],
            "default-src 'self'"
        );
        let page = service
            .clone()
            .oneshot(get("/", "SAMEORIGIN"))
            .await
            .unwrap();
        assert_eq!(page.headers()[X_FRAME_OPTIONS], "SAMEORIGIN");
        assert_eq!(page.headers().get_all(X_FRAME_OPTIONS).iter().count(), 1);

        let api = service.clone().oneshot(get("/api/part", "")).await.unwrap();
        assert_eq!(
            names(&api),
            ["x-content-type-options", "content-security-policy"]
        );
        assert_eq!(api.headers()[CONTENT_SECURITY_POLICY], "default-src 'none'");
        assert_eq!(api.headers()[X_CONTENT_TYPE_OPTIONS], "nosniff");
        // What the API's answer sets itself is kept.
        let api = service.oneshot(get("/api/x", "SAMEORIGIN")).await.unwrap();
        assert_eq!(api.headers()[X_FRAME_OPTIONS], "SAMEORIGIN");
    }

    #[tokio::test]
    async fn a_shop_on_https_asks_browsers_to_come_back_only_over_https() {
        use tower::ServiceExt;
        let mut config = Config::from_defaults();
        assert!(!sends_hsts(&config));
        config.public_url = "https://parts.example".into();
        assert!(sends_hsts(&config));
        let layer = SecurityHeadersLayer::new(HeaderValue::from_static("default-src 'self'"), true);
        let service = layer.layer(tower::service_fn(|_: Request<()>| async {
            Ok::<_, std::convert::Infallible>(Response::new(()))
        }));
        for path in ["/", "/api/part"] {
            let request = Request::builder().uri(path).body(()).unwrap();
            let answer = service.clone().oneshot(request).await.unwrap();
            assert_eq!(answer.headers()[STRICT_TRANSPORT_SECURITY], HSTS, "{path}");
        }
    }
}
