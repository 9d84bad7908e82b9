//! Reading requests. Every JSON body is taken as an object and its fields
//! are parsed one by one, so that each wrong field gets the message the API
//! promises for it (`fields` in the 400 answer), and a malformed or
//! oversized body gets the shop's own error shape instead of axum's text.
//! Each body is described once with `request!` (`request.rs`), from the
//! kinds of field in `rules.rs`; query strings are read with `query.rs`.

pub mod query;
pub mod request;
pub mod rules;

pub use query::{Page, Paged, Params, MAX_LIMIT};
pub use request::{Body, OptionalBody, Request};

use crate::core::money::parse_cents;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request as HttpRequest};
use axum::http::StatusCode;
use serde_json::{Map, Value};

use crate::core::error::{ApiError, FieldErrors};

/// Longest name or other short text field, in characters.
pub const SHORT_TEXT: usize = 200;
/// Longest description, in characters.
pub const LONG_TEXT: usize = 5_000;
/// Largest price accepted, in cents ($1,000,000.00).
pub const MAX_PRICE_CENTS: i64 = 100_000_000;
/// Largest stock or order quantity accepted.
pub const MAX_QUANTITY: i64 = 1_000_000;

/// A JSON object body.
pub struct JsonObject(pub Map<String, Value>);

impl<S: Send + Sync> FromRequest<S> for JsonObject {
    type Rejection = ApiError;

    async fn from_request(req: HttpRequest, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<Value>::from_request(req, state).await {
            Ok(axum::Json(Value::Object(map))) => Ok(JsonObject(map)),
            Ok(_) => Err(ApiError::bad_request(
                "The request body must be a JSON object",
            )),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

/// The answer to a body over the limit.
fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The request body is too large (1 MB at most)".into())
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(
            "Send the request body as JSON with Content-Type: application/json".into(),
        ),
        _ => ApiError::bad_request(format!("Malformed JSON: {}", rejection.body_text())),
    }
}

/// The problems found reading a request: one message per field (the first
/// one per field wins), and the first of all in the order they were found,
/// which becomes the answer's `error`.
#[derive(Debug, Default)]
pub struct Problems {
    errors: FieldErrors,
    first: Option<String>,
}

impl Problems {
    pub fn add(&mut self, name: &str, message: impl Into<String>) {
        let message = message.into();
        self.first.get_or_insert_with(|| message.clone());
        self.errors.entry(name.to_owned()).or_insert(message);
    }

    /// A 400 naming every wrong field, if there is one.
    pub fn finish(self) -> Result<(), ApiError> {
        match self.first {
            None => Ok(()),
            Some(message) => Err(ApiError::BadRequest {
                message,
                fields: self.errors,
            }),
        }
    }
}

/// Reads the fields of one JSON object and gathers every problem, so a form
/// with three wrong fields hears about all three at once. Readers return a
/// placeholder for a wrong field; `finish` fails whenever one was used.
pub struct Form<'a> {
    body: &'a Map<String, Value>,
    problems: Problems,
}

impl<'a> Form<'a> {
    pub fn new(body: &'a Map<String, Value>) -> Self {
        Form {
            body,
            problems: Problems::default(),
        }
    }

    /// Records a problem with a field (the first one per field wins).
    pub fn fail(&mut self, name: &str, message: impl Into<String>) {
        self.problems.add(name, message);
    }

    /// Whether the body carries the field at all (null counts as absent).
    pub fn has(&self, name: &str) -> bool {
        self.body.get(name).is_some_and(|v| !v.is_null())
    }

    /// The field as a string, or None when it is absent or blank.
    fn raw_text(&mut self, name: &str, label: &str) -> Option<&'a str> {
        match self.body.get(name) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => Some(s.as_str()),
            Some(_) => {
                self.fail(name, format!("{label} must be text"));
                None
            }
        }
    }

    /// A required text field, stored exactly as sent.
    pub fn text(&mut self, name: &str, label: &str, max_chars: usize) -> String {
        match self.raw_text(name, label) {
            None => {
                self.fail(name, format!("{label} is Required"));
                String::new()
            }
            Some(s) => self.checked_text(name, label, s, max_chars),
        }
    }

    /// An optional text field: None when absent or blank.
    pub fn optional_text(&mut self, name: &str, label: &str, max_chars: usize) -> Option<String> {
        self.raw_text(name, label)
            .map(|s| self.checked_text(name, label, s, max_chars))
    }

    fn checked_text(&mut self, name: &str, label: &str, s: &str, max_chars: usize) -> String {
        if s.contains('\0') {
            self.fail(name, format!("{label} must not contain NUL characters"));
        } else if s.chars().count() > max_chars {
            self.fail(
                name,
                format!("{label} must be at most {max_chars} characters"),
            );
        }
        s.to_owned()
    }

    /// A required e-mail address, trimmed and lower-cased.
    pub fn email(&mut self, name: &str) -> String {
        match self.raw_text(name, "Email") {
            None => {
                self.fail(name, "Email is Required");
                String::new()
            }
            Some(s) => match parse_email(s) {
                Some(email) => email,
                None => {
                    self.fail(name, "Provide a valid Email");
                    String::new()
                }
            },
        }
    }

    /// A required password of 6 to 128 characters (not trimmed).
    pub fn password(&mut self, name: &str, check_length: bool) -> String {
        match self.body.get(name) {
            Some(Value::String(s)) if !s.is_empty() => {
                if check_length && s.chars().count() < 6 {
                    self.fail(name, "Must be 6 characters or longer");
                } else if s.chars().count() > 128 {
                    self.fail(name, "Password must be at most 128 characters");
                }
                s.clone()
            }
            Some(Value::String(_)) | Some(Value::Null) | None => {
                self.fail(name, "Password is Required");
                String::new()
            }
            Some(_) => {
                self.fail(name, "Password must be text");
                String::new()
            }
        }
    }

    /// A required price in currency units (number or numeric string), as cents.
    pub fn money(&mut self, name: &str, label: &str) -> i64 {
        let text = match self.body.get(name) {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => Some(number_text(n)),
            Some(Value::String(s)) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
            Some(_) => {
                self.fail(name, format!("{label} must be a number"));
                return 0;
            }
        };
        let Some(text) = text else {
            self.fail(name, format!("{label} is Required"));
            return 0;
        };
        match parse_cents(&text) {
            Ok(cents) if cents > MAX_PRICE_CENTS => {
                self.fail(
                    name,
                    format!("{label} must be at most {}", MAX_PRICE_CENTS / 100),
                );
                0
            }
            Ok(cents) => cents,
            Err(message) => {
                self.fail(name, format!("{label} {message}"));
                0
            }
        }
    }

    /// A required whole number within `min..=max` (number or numeric string).
    pub fn whole(&mut self, name: &str, label: &str, min: i64, max: i64) -> i64 {
        let value = match self.body.get(name) {
            None | Some(Value::Null) => {
                self.fail(name, format!("{label} is Required"));
                return 0;
            }
            Some(Value::String(s)) if s.trim().is_empty() => {
                self.fail(name, format!("{label} is Required"));
                return 0;
            }
            Some(Value::Number(n)) => n.as_i64().or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                    .map(|f| f as i64)
            }),
            Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
            Some(_) => None,
        };
        match value {
            None => {
                self.fail(name, format!("{label} must be a whole number"));
                0
            }
            Some(v) if v < min => {
                self.fail(name, format!("{label} must be at least {min}"));
                0
            }
            Some(v) if v > max => {
                self.fail(name, format!("{label} must be at most {max}"));
                0
            }
            Some(v) => v,
        }
    }

    /// A required number from 0 to `max` thousandths with at most three
    /// decimals (a JSON number or numeric text), read exactly as written, as
    /// thousandths ("1.25" is 1250); `wrong` is the message for anything else.
    pub fn thousandths(&mut self, name: &str, label: &str, max: i64, wrong: &str) -> i64 {
        let text = match self.body.get(name) {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => Some(decimal_text(n, 3)),
            Some(Value::String(s)) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
            Some(_) => {
                self.fail(name, wrong);
                return 0;
            }
        };
        let Some(text) = text else {
            self.fail(name, format!("{label} is Required"));
            return 0;
        };
        match parse_thousandths(&text) {
            Some(value) if value <= max => value,
            _ => {
                self.fail(name, wrong);
                0
            }
        }
    }

    /// A required true or false (a JSON boolean).
    pub fn flag(&mut self, name: &str, label: &str) -> bool {
        match self.body.get(name) {
            Some(Value::Bool(b)) => *b,
            None | Some(Value::Null) => {
                self.fail(name, format!("{label} is Required"));
                false
            }
            Some(_) => {
                self.fail(name, format!("{label} must be true or false"));
                false
            }
        }
    }

    /// A required image address: one uploaded to the shop, or an http(s) URL.
    pub fn image_url(&mut self, name: &str) -> String {
        match self.raw_text(name, "Image") {
            None => {
                self.fail(name, "Image is Required");
                String::new()
            }
            Some(s) if is_image_url(s) => s.to_owned(),
            Some(_) => {
                self.fail(name, "Image must be the address of an uploaded image");
                String::new()
            }
        }
    }

    /// A phone number: digits with the usual separators.
    pub fn phone(&mut self, name: &str, required: bool) -> Option<String> {
        let text = match self.body.get(name) {
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => self.raw_text(name, "Phone").map(|s| s.trim().to_owned()),
        };
        match text {
            None => {
                if required {
                    self.fail(name, "Phone is Required");
                }
                None
            }
            Some(p) if is_phone(&p) => Some(p),
            Some(p) => {
                self.fail(name, "Provide a valid Phone number");
                Some(p)
            }
        }
    }

    /// The field's value, or None when it is absent or null.
    pub fn value(&self, name: &str) -> Option<&'a Value> {
        self.body.get(name).filter(|v| !v.is_null())
    }

    /// The first problem found, if any: for a nested object read with a
    /// `Form` of its own, whose problem is then reported on the outer field.
    pub fn first_problem(self) -> Option<String> {
        self.problems.first
    }

    /// Copies the problems of this nested object's fields onto `outer`, as
    /// `prefix.field`.
    pub fn report_within(self, outer: &mut Form, prefix: &str) {
        for (name, message) in self.problems.errors {
            outer.fail(&format!("{prefix}.{name}"), message);
        }
    }

    /// Ends reading: a 400 naming every wrong field, if there is one.
    pub fn finish(self) -> Result<(), ApiError> {
        self.problems.finish()
    }
}

/// Trims and lower-cases an e-mail address, or None when it is malformed.
/// Accepts ordinary addresses: dots, `+`, hyphens, subdomains, long top-level domains.
pub fn parse_email(raw: &str) -> Option<String> {
    let email = raw.trim().to_lowercase();
    if email.len() > 254 {
        return None;
    }
    let (local, domain) = email.rsplit_once('@')?;
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    (local_ok && domain_ok).then_some(email)
}

/// A JSON number as price text. A binary fraction within a hair of whole
/// cents (0.1 + 0.2 arrives as 0.30000000000000004) counts as
/// those cents; anything else keeps its digits and is judged by `money::parse_cents`.
fn number_text(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(f) if !n.is_i64() && !n.is_u64() && f.is_finite() => {
            let cents = f * 100.0;
            if (cents - cents.round()).abs() < 1e-6 {
                format!("{f:.2}")
            } else {
                n.to_string()
            }
        }
        _ => n.to_string(),
    }
}

/// Parses "12", "12.5" or "12.125" into thousandths (12125); None for
/// signs, exponents, more than three decimals or more than nine digits
/// before the point.
pub fn parse_thousandths(text: &str) -> Option<i64> {
    let (units, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if units.is_empty()
        || units.len() > 9
        || !digits(units)
        || !digits(fraction)
        || fraction.len() > 3
        || (text.contains('.') && fraction.is_empty())
    {
        return None;
    }
    let units: i64 = units.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<3}").parse().ok()?;
    Some(units * 1000 + fraction)
}

/// A JSON number as decimal text with at most `places` decimals when it is
/// within a hair of such a number (0.1 + 0.2 is 0.30000000000000004, read
/// as 0.3); anything else keeps its digits, to be refused by the parser.
fn decimal_text(n: &serde_json::Number, places: i32) -> String {
    match n.as_f64() {
        Some(f) if !n.is_i64() && !n.is_u64() && f.is_finite() => {
            let scaled = f * 10f64.powi(places);
            if (scaled - scaled.round()).abs() < 1e-6 {
                format!("{f:.*}", places as usize)
            } else {
                n.to_string()
            }
        }
        _ => n.to_string(),
    }
}

fn is_image_url(s: &str) -> bool {
    let safe_chars = s
        .chars()
        .all(|c| c.is_ascii_graphic() && !"\"'<>\\`".contains(c));
    safe_chars
        && s.len() <= 2_000
        && (s.starts_with("/api/image/") || s.starts_with("https://") || s.starts_with("http://"))
}

fn is_phone(p: &str) -> bool {
    let digits = p.chars().filter(|c| c.is_ascii_digit()).count();
    (4..=20).contains(&digits)
        && p.len() <= 32
        && p.chars()
            .all(|c| c.is_ascii_digit() || " +-().".contains(c))
}

/// A record id from a path: a positive whole number, or None (which the
/// routes answer with 404, as for any id that does not exist).
pub fn parse_id(raw: &str) -> Option<i64> {
    raw.parse::<i64>().ok().filter(|id| *id > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ordinary_addresses_are_accepted_and_normalised() {
        assert_eq!(
            parse_email("  Ann@Example.com ").as_deref(),
            Some("ann@example.com")
        );
        for ok in [
            "first.last+tag@mail.sub.example.co.uk",
            "a-b@x-y.museum",
            "x1@d.io",
        ] {
            assert!(parse_email(ok).is_some(), "{ok}");
        }
        for bad in [
            "",
            "plain",
            "a@b",
            "a@.com",
            "@x.com",
            "a@x.c",
            "a b@x.com",
            "a@x..com",
            "a@-x.com",
            ".a@x.com",
        ] {
            assert!(parse_email(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_binary_fraction_a_hair_off_whole_cents_is_those_cents() {
        let body = json!({"a": 0.1 + 0.2, "b": 34.995, "c": 12, "d": 0.07});
        let mut form = Form::new(body.as_object().unwrap());
        // 0.30000000000000004
        assert_eq!(form.money("a", "Price"), 30);
        assert_eq!(form.money("c", "Price"), 1200);
        assert_eq!(form.money("d", "Price"), 7);
        assert_eq!(form.money("b", "Price"), 0);
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(fields["b"], "Price can have at most two decimals");
        assert_eq!(fields.len(), 1);
    }

    #[test]
    fn a_form_reports_every_wrong_field() {
        let body =
            json!({"name": "  ", "price": "-1", "availableQuantity": 1.5, "minimumOrder": "3"});
        let mut form = Form::new(body.as_object().unwrap());
        form.text("name", "Name", SHORT_TEXT);
        form.money("price", "Price");
        form.whole("availableQuantity", "Quantity", 0, MAX_QUANTITY);
        assert_eq!(form.whole("minimumOrder", "Quantity", 1, MAX_QUANTITY), 3);
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(fields["name"], "Name is Required");
        assert_eq!(fields["price"], "Price must be more than 0");
        assert_eq!(
            fields["availableQuantity"],
            "Quantity must be a whole number"
        );
        assert_eq!(fields.len(), 3);
    }

    #[test]
    fn figures_with_three_decimals_become_thousandths_exactly() {
        assert_eq!(parse_thousandths("12"), Some(12_000));
        assert_eq!(parse_thousandths("0.5"), Some(500));
        assert_eq!(parse_thousandths("8.25"), Some(8_250));
        assert_eq!(parse_thousandths("0.001"), Some(1));
        assert_eq!(parse_thousandths("1.0005"), None);
        assert_eq!(parse_thousandths("-1"), None);
        assert_eq!(parse_thousandths("1e3"), None);
        assert_eq!(parse_thousandths("1."), None);
        assert_eq!(parse_thousandths(".5"), None);
        assert_eq!(parse_thousandths("1234567890"), None);
        let body = json!({"a": 0.1 + 0.2, "b": 1.005, "c": 7, "d": 2.0005, "e": -0.5, "f": "3.5"});
        let mut form = Form::new(body.as_object().unwrap());
        assert_eq!(form.thousandths("a", "A", 5_000, "wrong"), 300);
        assert_eq!(form.thousandths("b", "B", 5_000, "wrong"), 1_005);
        assert_eq!(form.thousandths("c", "C", 5_000, "wrong"), 0);
        assert_eq!(form.thousandths("f", "F", 5_000, "wrong"), 3_500);
        form.thousandths("d", "D", 5_000, "wrong");
        form.thousandths("e", "E", 5_000, "wrong");
        form.thousandths("g", "G", 5_000, "wrong");
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(fields["c"], "wrong");
        assert_eq!(fields["d"], "wrong");
        assert_eq!(fields["e"], "wrong");
        assert_eq!(fields["g"], "G is Required");
        assert_eq!(fields.len(), 4);
    }

    #[test]
    fn image_addresses_must_be_uploads_or_web_links() {
        assert!(is_image_url("/api/image/abc.png"));
        assert!(is_image_url("https://cdn.example.com/a.jpg"));
        assert!(!is_image_url("javascript:alert(1)"));
        assert!(!is_image_url("https://x.com/a.png\" onerror=\"x"));
    }
}
