//! The kinds of field the delivery and tax forms have beside the shared
//! ones: a charge that may be nothing, a tax rate in percent, and the
//! places a delivery method goes to.

use serde_json::{json, Value};

use crate::addresses::NAME_TEXT;
use crate::core::input::rules::{thousandths_schema, Rule, WHITESPACE};
use crate::core::input::{Form, MAX_PRICE_CENTS};

/// The highest tax rate, in thousandths of a percent (100%).
pub const MAX_RATE_THOUSANDTHS: i64 = 100_000;

/// A charge in currency units (a number or numeric text) with at most two
/// decimals, from 0 to 1,000,000, as cents: a delivery method may cost
/// nothing per order or per kilogram.
pub struct Charge;

impl Rule for Charge {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        match form.value(name) {
            Some(Value::Number(n)) if n.as_f64() == Some(0.0) => 0,
            Some(Value::Number(n)) if n.as_f64().is_some_and(|f| f < 0.0) => {
                form.fail(name, format!("{label} must be 0 or more"));
                0
            }
            Some(Value::String(s)) if is_zero(s.trim()) => 0,
            Some(Value::String(s)) if s.trim().starts_with('-') => {
                form.fail(name, format!("{label} must be 0 or more"));
                0
            }
            _ => form.money(name, label),
        }
    }
    fn schema() -> Value {
        let max = MAX_PRICE_CENTS / 100;
        json!({
            "oneOf": [
                {"type": "number", "minimum": 0, "maximum": max, "multipleOf": 0.01},
                {
                    "type": "string",
                    "pattern": format!(r"^(0|[1-9][0-9]{{0,5}})(\.[0-9]{{1,2}})?$|^{max}(\.00?)?$"),
                },
            ],
            "example": 5.95,
        })
    }
}

/// "0", "0.0", "0.00": nothing, written as a price.
fn is_zero(text: &str) -> bool {
    let (units, fraction) = text.split_once('.').unwrap_or((text, ""));
    !units.is_empty()
        && units.chars().all(|c| c == '0')
        && fraction.len() <= 2
        && fraction.chars().all(|c| c == '0')
        && !(text.contains('.') && fraction.is_empty())
}

/// A tax rate in percent from 0 to 100 (a number or numeric text) with at
/// most three decimals, read exactly as written, as parts per million
/// (8.25 is 82,500).
pub struct RatePercent;

impl Rule for RatePercent {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        let wrong = format!("{label} must be a percentage from 0 to 100");
        form.thousandths(name, label, MAX_RATE_THOUSANDTHS, &wrong) * 10
    }
    fn schema() -> Value {
        thousandths_schema(MAX_RATE_THOUSANDTHS, 8.25)
    }
}

/// Most places one delivery method can list.
pub const MAX_PLACES: usize = 100;

/// The places a delivery method goes to: a list of countries ("US") and
/// regions of one ("US-OH", the region as addresses write it: it is
/// compared with theirs in any case, surrounding spaces ignored), each once.
/// The country is read upper-case. Left out, null or empty: everywhere.
pub struct Places;

impl Places {
    /// "us-OH" as ("US", "OH"), "us" as ("US", ""); None when it is not a
    /// place: two letters, then nothing or "-" and a region that starts
    /// with neither a blank nor a control character, has no control
    /// character and at most `NAME_TEXT` characters.
    pub fn parse(text: &str) -> Option<(String, String)> {
        let (country, region) = match text.split_once('-') {
            Some((country, region)) => (country, Some(region)),
            None => (text, None),
        };
        let country_ok = country.len() == 2 && country.chars().all(|c| c.is_ascii_alphabetic());
        let region_ok = region.is_none_or(|region| {
            region
                .chars()
                .next()
                .is_some_and(|c| !c.is_whitespace() && !c.is_control())
                && region.chars().count() <= NAME_TEXT
                && !region.chars().any(char::is_control)
        });
        (country_ok && region_ok).then(|| {
            (
                country.to_ascii_uppercase(),
                region.unwrap_or("").to_owned(),
            )
        })
    }
}

impl Rule for Places {
    type Out = Vec<String>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Vec<String> {
        let wrong = format!(
            "{label} must be a list of at most {MAX_PLACES} places such as \"US\" or \"US-OH\""
        );
        let sent = match form.value(name) {
            None | Some(Value::Null) => return Vec::new(),
            Some(Value::Array(items)) if items.len() <= MAX_PLACES => items.clone(),
            Some(_) => {
                form.fail(name, wrong);
                return Vec::new();
            }
        };
        let mut places: Vec<String> = Vec::new();
        for item in &sent {
            let Some((country, region)) = item.as_str().and_then(Places::parse) else {
                form.fail(name, wrong);
                return Vec::new();
            };
            let place = match region.as_str() {
                "" => country,
                region => format!("{country}-{region}"),
            };
            if !places.iter().any(|p| same_place(p, &place)) {
                places.push(place);
            }
        }
        places
    }
    fn schema() -> Value {
        let first = format!(r"[^\u0000-\u001f\u007f-\u009f{WHITESPACE}]");
        let rest = r"[^\u0000-\u001f\u007f-\u009f]";
        json!({
            "oneOf": [
                {"type": "null"},
                {
                    "type": "array",
                    "maxItems": MAX_PLACES,
                    "items": {
                        "type": "string",
                        "pattern": format!("^[A-Za-z]{{2}}(-{first}{rest}{{0,{}}})?$", NAME_TEXT - 1),
                    },
                },
            ],
            "example": ["US-OH"],
        })
    }
}

/// Whether two places are the same: the region in any case, surrounding
/// spaces ignored.
pub fn same_place(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// Parts per million as a JSON number in percent (82,500 → 8.25).
pub fn ppm_to_percent(ppm: i64) -> f64 {
    ppm as f64 / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ApiError;

    #[test]
    fn a_charge_may_be_nothing_but_not_less() {
        let body = json!({
            "a": 0, "b": "0.00", "c": 5.95, "d": "-1", "e": -0.5, "f": "0.001", "g": "12"
        });
        let mut form = Form::new(body.as_object().unwrap());
        assert_eq!(Charge::read(&mut form, "a", "A"), 0);
        assert_eq!(Charge::read(&mut form, "b", "B"), 0);
        assert_eq!(Charge::read(&mut form, "c", "C"), 595);
        assert_eq!(Charge::read(&mut form, "g", "G"), 1200);
        Charge::read(&mut form, "d", "D");
        Charge::read(&mut form, "e", "E");
        Charge::read(&mut form, "f", "F");
        Charge::read(&mut form, "h", "H");
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(fields["d"], "D must be 0 or more");
        assert_eq!(fields["e"], "E must be 0 or more");
        assert_eq!(fields["f"], "F can have at most two decimals");
        assert_eq!(fields["h"], "H is Required");
        assert_eq!(fields.len(), 4);
    }

    #[test]
    fn places_are_countries_or_regions_of_one_each_once() {
        let body = json!({
            "a": ["us-OH", "US-oh", "ca", "FR-Île-de-France"], "b": null, "c": [],
            "d": ["USA"], "e": ["US-"], "f": ["US- OH"], "g": "US", "h": [7],
        });
        let mut form = Form::new(body.as_object().unwrap());
        assert_eq!(
            Places::read(&mut form, "a", "Regions"),
            ["US-OH", "CA", "FR-Île-de-France"]
        );
        assert!(Places::read(&mut form, "b", "Regions").is_empty());
        assert!(Places::read(&mut form, "c", "Regions").is_empty());
        assert!(Places::read(&mut form, "left out", "Regions").is_empty());
        for wrong in ["d", "e", "f", "g", "h"] {
            Places::read(&mut form, wrong, "Regions");
        }
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
            panic!("expected a 400")
        };
        assert_eq!(fields.len(), 5, "{fields:?}");
        assert_eq!(
            fields["d"],
            "Regions must be a list of at most 100 places such as \"US\" or \"US-OH\""
        );
    }

    #[test]
    fn rates_are_read_exactly_as_parts_per_million() {
        let body = json!({
            "a": 8.25, "b": "7.125", "c": 0, "d": 100, "e": 100.001, "f": 1.0005, "g": -1
        });
        let mut form = Form::new(body.as_object().unwrap());
        assert_eq!(RatePercent::read(&mut form, "a", "Rate"), 82_500);
        assert_eq!(RatePercent::read(&mut form, "b", "Rate"), 71_250);
        assert_eq!(RatePercent::read(&mut form, "c", "Rate"), 0);
        assert_eq!(RatePercent::read(&mut form, "d", "Rate"), 1_000_000);
        for wrong in ["e", "f", "g"] {
            RatePercent::read(&mut form, wrong, "Rate");
        }
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
            panic!("expected a 400")
        };
        for wrong in ["e", "f", "g"] {
            assert_eq!(fields[wrong], "Rate must be a percentage from 0 to 100");
        }
        assert_eq!(ppm_to_percent(82_500), 8.25);
        assert_eq!(ppm_to_percent(10), 0.001);
    }
}
