//! The catalogue fields of a part: its part number (SKU), category, the OEM
//! numbers it replaces, the vehicles it fits and its reorder level; their
//! rules, and the normal forms the search compares.

use serde::Serialize;
use serde_json::{json, Value};
use utoipa::openapi::{RefOr, Schema};
use utoipa::PartialSchema;

use crate::input::request::Request;
use crate::input::rules::{nullable, thousandths_schema, whole_schema, Rule, Text, WHITESPACE};
use crate::input::{Form, SHORT_TEXT};
use crate::request;

/// The shop's categories, in the order the catalogue shows them.
pub const CATEGORIES: [&str; 14] = [
    "Brakes",
    "Engine",
    "Filters",
    "Suspension",
    "Steering",
    "Electrical",
    "Lighting",
    "Cooling",
    "Exhaust",
    "Transmission",
    "Body",
    "Interior",
    "Wheels & Tyres",
    "Other",
];
/// A category of the list, in an answer.
pub fn category_schema() -> utoipa::openapi::Object {
    crate::openapi::one_of(&CATEGORIES, "One of the shop's categories.")
}

/// The category of a part added without one.
pub const DEFAULT_CATEGORY: &str = "Other";
/// Longest part number or OEM number, in characters as sent.
pub const MAX_NUMBER: usize = 40;
/// Most OEM numbers one part lists.
pub const MAX_OEM_NUMBERS: usize = 20;
/// Most vehicles one part lists.
pub const MAX_FITMENTS: usize = 100;
/// Longest make or model, in characters as sent.
pub const MAX_VEHICLE_TEXT: usize = 60;
/// The oldest model year a part can fit.
pub const FIRST_YEAR: i64 = 1950;
/// The largest model year the vehicle filter accepts.
pub const LAST_FILTER_YEAR: i64 = 2100;
/// The reorder level of a part added without one.
pub const DEFAULT_REORDER_LEVEL: i64 = 5;
/// The heaviest a part may be, in grams (1,000 kg).
pub const MAX_WEIGHT_GRAMS: i64 = 1_000_000;

/// The newest model year a fitment may name: next year's models are sold
/// from this year on.
pub fn last_year() -> i64 {
    i64::from(time::OffsetDateTime::now_utc().year()) + 1
}

/// The category of the list named `name`, in any case.
pub fn category(name: &str) -> Option<&'static str> {
    CATEGORIES
        .into_iter()
        .find(|c| c.eq_ignore_ascii_case(name))
}

/// A number as the search compares it: upper-case, with everything but
/// A-Z and 0-9 removed (`04465-33450` and `04465 33450` are `0446533450`).
pub fn normalise(number: &str) -> String {
    number
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The part number the shop gives a part added without one.
pub fn generated_sku(id: i64) -> String {
    format!("PG-{id:06}")
}

/// Characters a part number may have.
pub fn is_sku_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || " -./".contains(c)
}

request! {
    /// A vehicle a part fits, model years inclusive.
    #[derive(PartialEq, Eq, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Fitment {
        make: Text<MAX_VEHICLE_TEXT> = "make", "Make", example = "Toyota";
        model: Text<MAX_VEHICLE_TEXT> = "model", "Model", example = "Corolla";
        year_from: ModelYear = "yearFrom", "Year from", example = 2009;
        year_to: ModelYear = "yearTo", "Year to", example = 2019;
    }
    check(fitment, form) {
        if fitment.year_from > fitment.year_to {
            form.fail("yearTo", "Year from must not be after year to");
        }
    }
}

/// A model year from `FIRST_YEAR` to next year.
pub struct ModelYear;

impl Rule for ModelYear {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        form.whole(name, label, FIRST_YEAR, last_year())
    }
    fn schema() -> Value {
        whole_schema(FIRST_YEAR, last_year())
    }
}

/// A part's weight in kilograms (a number or numeric text) with at most
/// three decimals, read exactly as written, as grams.
pub struct WeightKg;

impl Rule for WeightKg {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        let wrong = format!(
            "{label} must be in kilograms, from 0 to {}",
            MAX_WEIGHT_GRAMS / 1000
        );
        form.thousandths(name, label, MAX_WEIGHT_GRAMS, &wrong)
    }
    fn schema() -> Value {
        thousandths_schema(MAX_WEIGHT_GRAMS, 1.25)
    }
}

/// Grams as a JSON number in kilograms (1250 → 1.25).
pub fn grams_to_kg(grams: i64) -> f64 {
    grams as f64 / 1000.0
}

/// A part number: None when left out or blank; otherwise trimmed and
/// upper-cased. The characters are checked as sent, spaces included.
pub struct Sku;

impl Rule for Sku {
    type Out = Option<String>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<String> {
        let raw = match form.value(name)? {
            Value::String(s) => s,
            _ => {
                form.fail(name, format!("{label} must be text"));
                return None;
            }
        };
        if raw.chars().count() > MAX_NUMBER {
            form.fail(
                name,
                format!("{label} must be at most {MAX_NUMBER} characters"),
            );
            return None;
        }
        if raw.trim().is_empty() {
            return None;
        }
        if !raw.chars().all(is_sku_char) {
            form.fail(
                name,
                format!("{label} may only have letters, digits, spaces, -, . and /"),
            );
        }
        Some(raw.trim().to_ascii_uppercase())
    }
    fn schema() -> Value {
        nullable(json!({
            "type": "string",
            "maxLength": MAX_NUMBER,
            "pattern": format!("^([A-Za-z0-9 ./-]*|[{WHITESPACE}]*)$"),
            "example": "BRK-1042",
        }))
    }
}

/// A category of the list, exactly as the list writes it: None when left
/// out or blank.
pub struct Category;

impl Rule for Category {
    type Out = Option<&'static str>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<&'static str> {
        let raw = match form.value(name)? {
            Value::String(s) if s.trim().is_empty() => return None,
            Value::String(s) => s,
            _ => {
                form.fail(name, format!("{label} must be text"));
                return None;
            }
        };
        let found = CATEGORIES.into_iter().find(|c| c == raw);
        if found.is_none() {
            form.fail(
                name,
                format!("{label} must be one of {}", CATEGORIES.join(", ")),
            );
        }
        found
    }
    fn schema() -> Value {
        nullable(json!({
            "anyOf": [
                {"type": "string", "enum": CATEGORIES},
                {"type": "string", "pattern": format!("^[{WHITESPACE}]*$")},
            ],
            "example": "Brakes",
        }))
    }
}

/// The OEM numbers a part replaces: None when left out; each kept as
/// entered, trimmed.
pub struct OemNumbers;

impl Rule for OemNumbers {
    type Out = Option<Vec<String>>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<Vec<String>> {
        let items = read_list(form, name, label, MAX_OEM_NUMBERS)?;
        let mut numbers = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let n = i + 1;
            let problem = match item {
                Value::String(s) if s.chars().count() > MAX_NUMBER => Some(format!(
                    "OEM number {n} must be at most {MAX_NUMBER} characters"
                )),
                Value::String(s) if s.contains('\0') => {
                    Some(format!("OEM number {n} must not contain NUL characters"))
                }
                Value::String(s) if normalise(s).is_empty() => {
                    Some(format!("OEM number {n} must have letters or digits"))
                }
                Value::String(s) => {
                    numbers.push(s.trim().to_owned());
                    None
                }
                _ => Some(format!("OEM number {n} must be text")),
            };
            if let Some(problem) = problem {
                form.fail(name, problem);
            }
        }
        Some(numbers)
    }
    fn schema() -> Value {
        nullable(json!({
            "type": "array",
            "maxItems": MAX_OEM_NUMBERS,
            "items": {
                "type": "string",
                "maxLength": MAX_NUMBER,
                "pattern": r"^[^\u0000]*[A-Za-z0-9][^\u0000]*$",
            },
            "example": ["04465-33450"],
        }))
    }
}

/// The vehicles a part fits: None when left out. A wrong row is reported
/// on the list as "Fitment 2: Make is Required".
pub struct Fitments;

impl Rule for Fitments {
    type Out = Option<Vec<Fitment>>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<Vec<Fitment>> {
        let items = read_list(form, name, label, MAX_FITMENTS)?;
        let mut fitments = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let Value::Object(object) = item else {
                form.fail(name, format!("Fitment {} must be an object", i + 1));
                continue;
            };
            let mut row = Form::new(object);
            let fitment = Fitment::read(&mut row);
            match row.first_problem() {
                Some(problem) => form.fail(name, format!("Fitment {}: {problem}", i + 1)),
                None => fitments.push(Fitment {
                    make: fitment.make.trim().to_owned(),
                    model: fitment.model.trim().to_owned(),
                    ..fitment
                }),
            }
        }
        Some(fitments)
    }
    fn schema() -> Value {
        nullable(json!({
            "type": "array",
            "maxItems": MAX_FITMENTS,
            "items": {"$ref": "#/components/schemas/Fitment"},
        }))
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push(("Fitment".to_owned(), Fitment::schema()));
    }
}

/// An array field of at most `max` items: None when absent or wrong.
fn read_list<'a>(
    form: &mut Form<'a>,
    name: &str,
    label: &str,
    max: usize,
) -> Option<&'a Vec<Value>> {
    match form.value(name)? {
        Value::Array(items) if items.len() > max => {
            form.fail(name, format!("{label}: at most {max}"));
            None
        }
        Value::Array(items) => Some(items),
        _ => {
            form.fail(name, format!("{label} must be a list"));
            None
        }
    }
}

/// A query's text filter read as the search reads it: its words (runs of
/// letters and digits, lower-case), at most `SHORT_TEXT` characters in all.
pub fn words(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .take(SHORT_TEXT)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_normalise_to_upper_case_letters_and_digits() {
        for sent in ["04465-33450", "0446533450", "04465 33450", " 04465.33450/"] {
            assert_eq!(normalise(sent), "0446533450", "{sent}");
        }
        assert_eq!(normalise("bp-1042a"), "BP1042A");
        assert_eq!(normalise("é-"), "");
    }

    #[test]
    fn generated_part_numbers_have_at_least_six_digits() {
        assert_eq!(generated_sku(123), "PG-000123");
        assert_eq!(generated_sku(1_234_567), "PG-1234567");
    }

    #[test]
    fn categories_are_found_in_any_case() {
        assert_eq!(category("wheels & TYRES"), Some("Wheels & Tyres"));
        assert_eq!(category("Wheels"), None);
    }

    #[test]
    fn words_are_runs_of_letters_and_digits() {
        assert_eq!(
            words("Brake-pad, 280mm ÜBER"),
            ["brake", "pad", "280mm", "über"]
        );
        assert!(words("%-_ ").is_empty());
    }

    #[test]
    fn fitments_report_the_row_and_its_problem() {
        let body = json!({"fitments": [
            {"make": "Toyota", "model": "Corolla", "yearFrom": 2009, "yearTo": 2019},
            {"make": " ", "model": "Civic", "yearFrom": 2010, "yearTo": 2012},
            {"make": "Ford", "model": "Focus", "yearFrom": 2012, "yearTo": 2010},
        ]});
        let mut form = Form::new(body.as_object().unwrap());
        let rows = Fitments::read(&mut form, "fitments", "Fitments").unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(
            form.first_problem().as_deref(),
            Some("Fitment 2: Make is Required")
        );
    }
}
