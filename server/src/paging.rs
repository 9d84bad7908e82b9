//! Lists that come a page at a time: `limit` and `offset` read one way
//! everywhere, and the `X-Total-Count` header that says how many there are
//! in all.

use axum::http::{HeaderMap, HeaderValue};

use crate::error::ApiError;

/// Most items one page may hold.
pub const MAX_LIMIT: u64 = 100;

/// Which part of a list to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// None: everything from `offset` on.
    pub limit: Option<u64>,
    pub offset: u64,
}

impl Page {
    /// Reads `limit` (1 to 100) and `offset` (0 or more) as sent in a query
    /// string; each may be left out.
    pub fn read(limit: Option<&str>, offset: Option<&str>) -> Result<Page, ApiError> {
        let limit = match limit {
            None => None,
            Some(raw) => Some(
                raw.parse::<u64>()
                    .ok()
                    .filter(|l| (1..=MAX_LIMIT).contains(l))
                    .ok_or_else(|| {
                        ApiError::field(
                            "limit",
                            format!("limit must be a whole number from 1 to {MAX_LIMIT}"),
                        )
                    })?,
            ),
        };
        let offset = match offset {
            None => 0,
            Some(raw) => raw
                .parse::<u64>()
                .ok()
                .filter(|o| *o <= i64::MAX as u64)
                .ok_or_else(|| {
                    ApiError::field("offset", "offset must be a whole number of 0 or more")
                })?,
        };
        Ok(Page { limit, offset })
    }
}

impl Page {
    /// The LIMIT to query with: SQLite takes an OFFSET only after a LIMIT,
    /// so "no limit" is the largest one.
    pub fn sql_limit(&self) -> u64 {
        self.limit.unwrap_or(i64::MAX as u64)
    }
}

/// The `X-Total-Count` header of a paged answer.
pub fn total_count(total: i64) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(total));
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_offsets_in_range_are_read_and_others_refused() {
        assert_eq!(
            Page::read(None, None).unwrap(),
            Page {
                limit: None,
                offset: 0
            }
        );
        assert_eq!(
            Page::read(Some("100"), Some("7")).unwrap(),
            Page {
                limit: Some(100),
                offset: 7
            }
        );
        for (limit, offset) in [
            (Some("0"), None),
            (Some("101"), None),
            (Some("-1"), None),
            (Some("ten"), None),
            (None, Some("-1")),
            (None, Some("x")),
        ] {
            assert!(Page::read(limit, offset).is_err(), "{limit:?} {offset:?}");
        }
    }
}
