//! Reading query strings, and answering a page of a list. Every list reads
//! its parameters through `Params`, which gathers every wrong parameter into
//! one 400 the way `Form` does for bodies, and answers with `Paged`, which
//! sets `X-Total-Count`.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use super::Problems;
use crate::core::error::ApiError;

/// Most items one page may hold.
pub const MAX_LIMIT: u64 = 100;

/// The parameters of a query string. A parameter the handler reads that was
/// given twice is a 400; one it does not read is ignored, however often sent.
pub struct Params {
    values: BTreeMap<String, String>,
    repeated: BTreeSet<String>,
    problems: Problems,
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Query(pairs) = Query::<Vec<(String, String)>>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::bad_request(e.body_text()))?;
        Ok(Params::new(pairs))
    }
}

impl Params {
    pub fn new(pairs: Vec<(String, String)>) -> Params {
        let mut values = BTreeMap::new();
        let mut repeated = BTreeSet::new();
        for (name, value) in pairs {
            match values.entry(name) {
                Entry::Occupied(first) => {
                    repeated.insert(first.key().clone());
                }
                Entry::Vacant(slot) => {
                    slot.insert(value);
                }
            }
        }
        Params {
            values,
            repeated,
            problems: Problems::default(),
        }
    }

    /// Records a problem with a parameter (the first one per parameter wins).
    pub fn fail(&mut self, name: &str, message: impl Into<String>) {
        self.problems.add(name, message);
    }

    /// The parameter exactly as sent (the first time, if it came twice).
    pub fn raw(&mut self, name: &str) -> Option<&str> {
        if self.repeated.contains(name) {
            self.problems
                .add(name, format!("{name} may be given only once"));
        }
        self.values.get(name).map(String::as_str)
    }

    /// The parameter, or None when not sent or sent blank.
    pub fn given(&mut self, name: &str) -> Option<&str> {
        self.raw(name).filter(|v| !v.trim().is_empty())
    }

    /// Free text of at most `max` characters; None when not sent or blank.
    pub fn text(&mut self, name: &str, max: usize) -> Option<String> {
        let value = self.given(name)?.to_owned();
        if value.chars().count() > max {
            self.fail(name, format!("{name} must be at most {max} characters"));
            return None;
        }
        Some(value)
    }

    /// A whole number from `min` to `max`; None when not sent.
    pub fn whole(&mut self, name: &str, min: i64, max: i64) -> Option<i64> {
        let raw = self.raw(name)?;
        let value = raw.parse::<i64>().ok().filter(|v| (min..=max).contains(v));
        if value.is_none() {
            self.fail(
                name,
                format!("{name} must be a whole number from {min} to {max}"),
            );
        }
        value
    }

    /// One of a list of choices, as `parse` finds it; `choices` names them
    /// in the message ("must be ..."). None when not sent.
    pub fn choice<T>(
        &mut self,
        name: &str,
        parse: impl Fn(&str) -> Option<T>,
        choices: &str,
    ) -> Option<T> {
        let value = self.raw(name)?.to_owned();
        self.choose(name, &value, parse, choices)
    }

    /// As `choice`, but a parameter sent blank counts as not sent.
    pub fn given_choice<T>(
        &mut self,
        name: &str,
        parse: impl Fn(&str) -> Option<T>,
        choices: &str,
    ) -> Option<T> {
        let value = self.given(name)?.to_owned();
        self.choose(name, &value, parse, choices)
    }

    fn choose<T>(
        &mut self,
        name: &str,
        value: &str,
        parse: impl Fn(&str) -> Option<T>,
        choices: &str,
    ) -> Option<T> {
        let parsed = parse(value);
        if parsed.is_none() {
            self.fail(name, format!("{name} must be {choices}"));
        }
        parsed
    }

    /// `limit` (1 to 100; `default` when not sent) and `offset` (0 or more).
    pub fn page(&mut self, default: Option<u64>) -> Page {
        let limit = match self.raw("limit") {
            None => default,
            Some(raw) => {
                let limit = raw
                    .parse::<u64>()
                    .ok()
                    .filter(|l| (1..=MAX_LIMIT).contains(l));
                if limit.is_none() {
                    self.fail(
                        "limit",
                        format!("limit must be a whole number from 1 to {MAX_LIMIT}"),
                    );
                }
                limit.or(default)
            }
        };
        let offset = match self.raw("offset") {
            None => 0,
            Some(raw) => raw
                .parse::<u64>()
                .ok()
                .filter(|o| *o <= i64::MAX as u64)
                .unwrap_or_else(|| {
                    self.fail("offset", "offset must be a whole number of 0 or more");
                    0
                }),
        };
        Page { limit, offset }
    }

    /// Ends reading: a 400 naming every wrong parameter, if there is one.
    pub fn finish(self) -> Result<(), ApiError> {
        self.problems.finish()
    }
}

/// Which part of a list to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// None: everything from `offset` on.
    pub limit: Option<u64>,
    pub offset: u64,
}

impl Page {
    /// The LIMIT to query with: SQLite takes an OFFSET only after a LIMIT,
    /// so "no limit" is the largest one.
    pub fn sql_limit(&self) -> u64 {
        self.limit.unwrap_or(i64::MAX as u64)
    }
}

/// One page of a list, answered as a JSON array with `X-Total-Count`: how
/// many items there are in all.
pub struct Paged<T> {
    pub items: Vec<T>,
    pub total: i64,
}

impl<T: Serialize> IntoResponse for Paged<T> {
    fn into_response(self) -> Response {
        let mut response = Json(self.items).into_response();
        response
            .headers_mut()
            .insert("x-total-count", HeaderValue::from(self.total));
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params::new(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        )
    }

    #[test]
    fn limits_and_offsets_in_range_are_read_and_others_refused() {
        let mut all = params(&[]);
        assert_eq!(
            all.page(None),
            Page {
                limit: None,
                offset: 0
            }
        );
        assert_eq!(params(&[]).page(Some(50)).limit, Some(50));
        let mut some = params(&[("limit", "100"), ("offset", "7")]);
        assert_eq!(
            some.page(None),
            Page {
                limit: Some(100),
                offset: 7
            }
        );
        assert!(some.finish().is_ok());
        for pairs in [
            [("limit", "0")],
            [("limit", "101")],
            [("limit", "-1")],
            [("limit", "ten")],
            [("offset", "-1")],
            [("offset", "x")],
        ] {
            let mut wrong = params(&pairs);
            wrong.page(None);
            assert!(wrong.finish().is_err(), "{pairs:?}");
        }
    }

    #[test]
    fn every_wrong_parameter_is_named_and_the_first_is_the_message() {
        let mut p = params(&[("limit", "0"), ("year", "1800"), ("q", "  ")]);
        p.page(None);
        assert_eq!(p.text("q", 5), None);
        assert_eq!(p.whole("year", 1950, 2100), None);
        let Err(ApiError::BadRequest { message, fields }) = p.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(message, "limit must be a whole number from 1 to 100");
        assert_eq!(
            fields["year"],
            "year must be a whole number from 1950 to 2100"
        );
        assert_eq!(fields.len(), 2);
    }

    #[test]
    fn a_parameter_read_twice_over_is_refused_and_others_ignored() {
        let mut twice = params(&[("limit", "1"), ("limit", "2"), ("x", "1"), ("x", "2")]);
        assert_eq!(twice.page(None).limit, Some(1));
        let Err(ApiError::BadRequest { fields, .. }) = twice.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(fields["limit"], "limit may be given only once");
        assert_eq!(fields.len(), 1);
    }
}
