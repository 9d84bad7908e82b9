//! What a client asks for in its request headers: which content codings it
//! accepts (`Accept-Encoding`), and whether the copy it already has is still
//! current (`ETag` and `If-None-Match`). Used by the catalogue cache and by
//! the web app's files.

use axum::http::header::ACCEPT_ENCODING;
use axum::http::{HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};

/// A strong ETag: the first 64 bits of the body's SHA-256 (uncompressed) in
/// hex, and a suffix naming the encoding it is sent in. An ETag only tells
/// one URL's versions apart, and 64 bits leave no real chance that two of
/// them share one; sent with every answer, 16 more digits would be bytes for
/// nothing.
pub fn etag_of(body: &[u8], suffix: &str) -> HeaderValue {
    let digest = Sha256::digest(body);
    let value = format!("\"{}{suffix}\"", hex::encode(&digest[..8]));
    HeaderValue::from_str(&value).expect("hex digits are a valid header value")
}

/// `If-None-Match` against an ETag: `*`, or any listed tag, compared weakly
/// (RFC 9110 13.1.2).
pub fn etag_matches(if_none_match: &HeaderValue, etag: &HeaderValue) -> bool {
    let Ok(list) = if_none_match.to_str() else {
        return false;
    };
    let etag = etag.to_str().unwrap_or_default();
    list.split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
}

/// Whether `Accept-Encoding` allows `coding` (`gzip`, which `x-gzip` also
/// names, or `br`), or `*`, with a quality above 0; the coding named
/// explicitly wins over `*`, so `gzip;q=0` refuses it.
pub fn accepts_encoding(headers: &HeaderMap, coding: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for value in headers.get_all(ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let quality = parts
                .filter_map(|p| {
                    let (name, value) = p.split_once('=')?;
                    (name.trim().eq_ignore_ascii_case("q")).then(|| value.trim().parse::<f32>())
                })
                .next()
                .map_or(1.0, |q| q.unwrap_or(0.0));
            if name == coding || (coding == "gzip" && name == "x-gzip") {
                named = Some(quality > 0.0);
            } else if name == "*" {
                any = Some(quality > 0.0);
            }
        }
    }
    named.or(any).unwrap_or(false)
}

/// Whether `path` is the API's, as the shop's service (`http::service`) splits it: `/api` and
/// what is under `/api/`; every other path is the web app's.
pub fn is_api(path: &str) -> bool {
    path.strip_prefix("/api")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        accepts_encoding(&headers, "gzip")
    }

    #[test]
    fn gzip_only_when_the_client_accepts_it() {
        assert!(accept("gzip"));
        assert!(accept("x-gzip"));
        assert!(accept("gzip, deflate, br"));
        assert!(accept("br;q=1.0, GZIP;q=0.5"));
        assert!(accept("*"));
        assert!(!accept("gzip;q=0"));
        assert!(!accept("*, gzip;q=0"));
        assert!(!accept("br, deflate"));
        assert!(!accept("identity"));
        assert!(!accepts_encoding(&HeaderMap::new(), "gzip"));
    }

    #[test]
    fn brotli_is_its_own_coding() {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_static("gzip, br;q=0"));
        assert!(!accepts_encoding(&headers, "br"));
        headers.insert(
            ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, deflate, br, zstd"),
        );
        assert!(accepts_encoding(&headers, "br"));
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_static("x-gzip"));
        assert!(!accepts_encoding(&headers, "br"));
    }

    #[test]
    fn if_none_match_compares_weakly_and_takes_lists() {
        let etag = HeaderValue::from_static("\"abc\"");
        let matches = |v: &'static str| etag_matches(&HeaderValue::from_static(v), &etag);
        assert!(matches("\"abc\""));
        assert!(matches("W/\"abc\""));
        assert!(matches("\"x\", \"abc\""));
        assert!(matches("*"));
        assert!(!matches("\"abcd\""));
        assert!(!matches("abc"));
    }
}
