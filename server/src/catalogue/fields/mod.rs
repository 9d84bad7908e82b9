//! The catalogue fields of a part: its part number (SKU), category, the OEM
//! numbers it replaces, the older part numbers it supersedes, the vehicles
//! it fits (with their qualifiers: engine, trim, position, note) and its
//! reorder level; their rules, and the normal forms the search compares.

#[cfg(test)]
mod tests;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use utoipa::openapi::{RefOr, Schema};
use utoipa::PartialSchema;

use crate::core::input::request::Request;
use crate::core::input::rules::{
    nullable, text_schema, thousandths_schema, whole_schema, OptionalText, Rule, Text, WHITESPACE,
};
use crate::core::input::{parse_id, Form, SHORT_TEXT};
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
    crate::core::schema::one_of(&CATEGORIES, "One of the shop's categories.")
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
/// Most superseded part numbers one part lists.
pub const MAX_REPLACED_NUMBERS: usize = 20;
/// Longest engine, in characters as sent (`1.8L L4`).
pub const MAX_ENGINE_TEXT: usize = 40;
/// Longest note on a fitment.
pub const MAX_FITMENT_NOTE: usize = 200;
/// The axles a fitment may name.
pub const AXLES: [&str; 2] = ["front", "rear"];
/// The sides a fitment may name.
pub const SIDES: [&str; 2] = ["left", "right"];
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
    /// A vehicle a part fits, model years inclusive, and optionally what
    /// narrows it further: an engine, a trim or submodel, the axle and side
    /// the part goes on, and a note. A qualifier left out (or blank, or
    /// `null`) means the part fits every engine, trim, axle or side; answers
    /// leave such qualifiers out.
    #[derive(PartialEq, Eq)]
    pub struct Fitment {
        make: Text<MAX_VEHICLE_TEXT> = "make", "Make", example = "Toyota";
        model: Text<MAX_VEHICLE_TEXT> = "model", "Model", example = "Corolla";
        year_from: ModelYear = "yearFrom", "Year from", example = 2009;
        year_to: ModelYear = "yearTo", "Year to", example = 2019;
        /// The engine, written as the shop writes engines: litres with one
        /// decimal, `L`, then the layout and cylinders (`1.8L L4`, `3.5L V6`),
        /// or `2.0L 4-cyl` when the layout is not known. Compared in any case.
        engine: OptionalText<MAX_ENGINE_TEXT> = "engine", "Engine", example = "1.8L L4";
        /// The trim or submodel.
        trim: OptionalText<MAX_VEHICLE_TEXT> = "trim", "Trim", example = "LE";
        /// The axle the part goes on.
        axle: OneOf<Axle> = "axle", "Axle", example = "front";
        /// The side the part goes on.
        side: OneOf<Side> = "side", "Side", example = "left";
        /// Anything else the buyer should know about this fit.
        note: OptionalText<MAX_FITMENT_NOTE> = "note", "Note", example = "Not for models with sport suspension";
    }
    check(fitment, form) {
        if fitment.year_from > fitment.year_to {
            form.fail("yearTo", "Year from must not be after year to");
        }
    }
}

/// A fitment in an answer: its qualifiers only when it has them, so a
/// fitment without any reads as it always has.
impl Serialize for Fitment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("make", &self.make)?;
        map.serialize_entry("model", &self.model)?;
        map.serialize_entry("yearFrom", &self.year_from)?;
        map.serialize_entry("yearTo", &self.year_to)?;
        let qualifiers = [
            ("engine", self.engine.as_deref()),
            ("trim", self.trim.as_deref()),
            ("axle", self.axle),
            ("side", self.side),
            ("note", self.note.as_deref()),
        ];
        for (name, value) in qualifiers {
            if let Some(value) = value {
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

impl Fitment {
    /// A fitment of a vehicle without qualifiers.
    pub fn new(make: &str, model: &str, year_from: i64, year_to: i64) -> Self {
        Fitment {
            make: make.to_owned(),
            model: model.to_owned(),
            year_from,
            year_to,
            engine: None,
            trim: None,
            axle: None,
            side: None,
            note: None,
        }
    }
}

/// An engine as the filter compares it: trimmed, lower-case, runs of spaces
/// made one (`1.8L  L4` and `1.8l l4` are one engine).
pub fn engine_key(engine: &str) -> String {
    engine
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A list of words a field may take.
pub trait Choices {
    const VALUES: &'static [&'static str];
}

/// The axles of `AXLES`.
pub struct Axle;

impl Choices for Axle {
    const VALUES: &'static [&'static str] = &AXLES;
}

/// The sides of `SIDES`.
pub struct Side;

impl Choices for Side {
    const VALUES: &'static [&'static str] = &SIDES;
}

/// One word of `C::VALUES`, in any case, answered in lower case: None when
/// left out, `null` or blank.
pub struct OneOf<C>(C);

impl<C: Choices> Rule for OneOf<C> {
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
        let found = C::VALUES
            .iter()
            .copied()
            .find(|v| v.eq_ignore_ascii_case(raw.trim()));
        if found.is_none() {
            form.fail(name, format!("{label} must be {}", C::VALUES.join(" or ")));
        }
        found
    }
    fn schema() -> Value {
        let any_case: Vec<String> = C::VALUES
            .iter()
            .map(|v| {
                v.chars()
                    .map(|c| format!("[{}{}]", c.to_ascii_uppercase(), c))
                    .collect()
            })
            .collect();
        nullable(json!({
            "anyOf": [
                {"type": "string", "enum": C::VALUES},
                {
                    "type": "string",
                    "pattern": format!(
                        "^[{WHITESPACE}]*({})?[{WHITESPACE}]*$",
                        any_case.join("|")
                    ),
                },
            ],
            "example": C::VALUES[0],
        }))
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
        read_numbers(form, name, label, "OEM number", MAX_OEM_NUMBERS)
    }
    fn schema() -> Value {
        numbers_schema(MAX_OEM_NUMBERS, "04465-33450")
    }
}

/// The part numbers a part supersedes: older numbers it replaces, which a
/// search still finds it by. As OEM numbers: None when left out; each kept
/// as entered, trimmed, and compared normalised.
pub struct ReplacedNumbers;

impl Rule for ReplacedNumbers {
    type Out = Option<Vec<String>>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<Vec<String>> {
        read_numbers(form, name, label, "Replaced number", MAX_REPLACED_NUMBERS)
    }
    fn schema() -> Value {
        numbers_schema(MAX_REPLACED_NUMBERS, "04465-02220")
    }
}

/// A list of at most `max` numbers, each named "{item} 2" in its messages.
fn read_numbers(
    form: &mut Form,
    name: &str,
    label: &str,
    item: &str,
    max: usize,
) -> Option<Vec<String>> {
    let items = read_list(form, name, label, max)?;
    let mut numbers = Vec::with_capacity(items.len());
    for (i, value) in items.iter().enumerate() {
        let n = i + 1;
        let problem = match value {
            Value::String(s) if s.chars().count() > MAX_NUMBER => Some(format!(
                "{item} {n} must be at most {MAX_NUMBER} characters"
            )),
            Value::String(s) if s.contains('\0') => {
                Some(format!("{item} {n} must not contain NUL characters"))
            }
            Value::String(s) if normalise(s).is_empty() => {
                Some(format!("{item} {n} must have letters or digits"))
            }
            Value::String(s) => {
                numbers.push(s.trim().to_owned());
                None
            }
            _ => Some(format!("{item} {n} must be text")),
        };
        if let Some(problem) = problem {
            form.fail(name, problem);
        }
    }
    Some(numbers)
}

fn numbers_schema(max: usize, example: &str) -> Value {
    nullable(json!({
        "type": "array",
        "maxItems": max,
        "items": {
            "type": "string",
            "maxLength": MAX_NUMBER,
            "pattern": r"^[^\u0000]*[A-Za-z0-9][^\u0000]*$",
        },
        "example": [example],
    }))
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
                    engine: fitment
                        .engine
                        .map(|e| e.split_whitespace().collect::<Vec<_>>().join(" ")),
                    trim: fitment.trim.map(|t| t.trim().to_owned()),
                    note: fitment.note.map(|n| n.trim().to_owned()),
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

/// A part's id: its text, or a whole number. None: not a part's id, which
/// no part has (404).
pub struct PartId;

impl Rule for PartId {
    type Out = Option<i64>;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<i64> {
        match form.value(name) {
            Some(Value::String(s)) if !s.trim().is_empty() => parse_id(s.trim()),
            // A fraction is no id at all: refused, not looked for.
            Some(Value::Number(n)) if n.is_f64() => {
                form.fail(name, "partId must be a part's id");
                None
            }
            Some(Value::Number(n)) => n.as_i64().filter(|id| *id > 0),
            None | Some(Value::String(_)) => {
                form.fail(name, format!("{label} is Required"));
                None
            }
            Some(_) => {
                form.fail(name, "partId must be a part's id");
                None
            }
        }
    }
    fn schema() -> Value {
        json!({"oneOf": [text_schema(SHORT_TEXT), {"type": "integer", "minimum": 1}]})
    }
}
