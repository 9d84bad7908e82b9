//! Every request gets an id: the `X-Request-Id` its client (or a proxy in
//! front of the shop) sent, when that is a short plain token, or one the
//! shop makes. It is on every log line written while the request is answered
//! (the request's span) and in the answer's `X-Request-Id`, so a buyer's
//! report, a proxy's log and the shop's log can be matched.

use std::sync::atomic::{AtomicU64, Ordering};

use axum::http::{HeaderName, HeaderValue, Request};
use tower_http::request_id::{MakeRequestId, RequestId};

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Longest id taken from a client.
const MAX_SENT: usize = 64;

/// Makes ids of this process: a random prefix (so several shop processes
/// never make the same id) and a counter.
#[derive(Clone, Copy)]
pub struct ShopRequestIds {
    prefix: u32,
}

impl ShopRequestIds {
    pub fn new() -> Self {
        ShopRequestIds {
            prefix: rand::random(),
        }
    }
}

impl Default for ShopRequestIds {
    fn default() -> Self {
        Self::new()
    }
}

static NEXT: AtomicU64 = AtomicU64::new(1);

impl MakeRequestId for ShopRequestIds {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:08x}-{n:x}", self.prefix);
        HeaderValue::from_str(&id).ok().map(RequestId::new)
    }
}

/// Whether an id a client sent is kept: 1 to 64 letters, digits, `-`, `_`,
/// `.` or `:`. Anything else is replaced by one the shop makes, so what
/// reaches the log is always a plain token.
pub fn is_plain(sent: &HeaderValue) -> bool {
    let bytes = sent.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= MAX_SENT
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

/// Takes away a sent id that is not plain; the shop then makes one.
pub fn keep_plain<B>(request: &mut Request<B>) {
    if request
        .headers()
        .get(HEADER)
        .is_some_and(|sent| !is_plain(sent))
    {
        request.headers_mut().remove(HEADER);
    }
}

/// The request's id, as the span and the log show it.
pub fn of<B>(request: &Request<B>) -> &str {
    request
        .headers()
        .get(HEADER)
        .and_then(|id| id.to_str().ok())
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_short_ids_are_kept() {
        for kept in ["abc-123", "0f3a9c1e-2a", "trace:01.x_y"] {
            assert!(is_plain(&HeaderValue::from_static(kept)), "{kept}");
        }
        let long = "a".repeat(65);
        for dropped in ["", "a b", "a\"b", "ünï", long.as_str()] {
            let value = HeaderValue::from_bytes(dropped.as_bytes()).unwrap();
            assert!(!is_plain(&value), "{dropped}");
        }
        let mut ids = ShopRequestIds::new();
        let request = Request::new(());
        let one = ids.make_request_id(&request).unwrap();
        let two = ids.make_request_id(&request).unwrap();
        assert_ne!(one.header_value(), two.header_value());
        assert!(is_plain(one.header_value()));
    }
}
