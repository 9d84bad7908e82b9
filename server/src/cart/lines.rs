//! What the cart's requests send: a part named in a line, a line's
//! quantity, a browser's cart, and the rows of lines the checkout reads too.

use serde_json::{json, Value};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use super::*;
use crate::catalogue::PartId;
use crate::core::input::request::Request;
use crate::core::input::rules::{Money, Rule, Sent, Whole};
use crate::core::input::{parse_id, Form, MAX_QUANTITY, SHORT_TEXT};
use crate::request;

/// A part named in a line: its id as sent (echoed back on a line whose
/// part is gone) and as a number (None: no part has such an id).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PartRef {
    pub text: String,
    pub id: Option<i64>,
}

impl Rule for PartRef {
    type Out = PartRef;
    fn read(form: &mut Form, name: &str, label: &str) -> PartRef {
        match form.value(name) {
            // Ids are whole numbers from 1: anything else is refused, not priced
            // as a part that is gone.
            Some(Value::Number(n)) if n.is_f64() || n.as_i64().is_some_and(|id| id < 1) => {
                form.fail(name, format!("{label} must be a part's id"));
                PartRef::default()
            }
            Some(Value::String(s)) if !s.trim().is_empty() => {
                // Text as the document says: no NUL, at most SHORT_TEXT long.
                let text = form.text(name, label, SHORT_TEXT).trim().to_owned();
                PartRef {
                    id: parse_id(&text),
                    text,
                }
            }
            Some(Value::Number(n)) => PartRef {
                text: n.to_string(),
                id: n.as_i64().filter(|id| *id > 0),
            },
            None | Some(Value::String(_)) => {
                form.fail(name, format!("{label} is Required"));
                PartRef::default()
            }
            Some(_) => {
                form.fail(name, format!("{label} must be a part's id"));
                PartRef::default()
            }
        }
    }
    fn schema() -> Value {
        PartId::schema()
    }
}

/// A quantity in a browser's cart: any whole number, brought within
/// 1..MAX_QUANTITY (a browser's copy is not trusted to be in range).
pub struct Clamped;

impl Rule for Clamped {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        form.whole(name, label, i64::MIN, i64::MAX)
            .clamp(1, MAX_QUANTITY)
    }
    fn schema() -> Value {
        json!({
            "type": "integer",
            "description": format!("Brought within 1 to {MAX_QUANTITY}."),
        })
    }
}

request! {
    /// One line of a cart kept in the browser.
    #[derive(Default)]
    pub struct BrowserCartLine {
        part_id: PartRef = "partId", "Part";
        /// Units; brought within 1 to 1,000,000.
        quantity: Clamped = "quantity", "Quantity";
        /// The price the browser showed, to point out a change; never charged.
        seen_price: Sent<Money> = "seenPrice", "Seen price";
    }
}

/// Reads a list of rows, each an object of `T`'s fields: `min` to `max` of
/// them, a wrong field reported as `name.INDEX.field` ("lines.1.quantity").
pub fn read_rows<T: Request>(
    form: &mut Form,
    name: &str,
    label: &str,
    (min, max): (usize, usize),
    count_message: &str,
) -> Vec<T> {
    let items = match form.value(name) {
        None => {
            form.fail(name, format!("{label} is Required"));
            return Vec::new();
        }
        Some(Value::Array(items)) if items.len() < min || items.len() > max => {
            form.fail(name, count_message);
            return Vec::new();
        }
        Some(Value::Array(items)) => items,
        Some(_) => {
            form.fail(name, format!("{label} must be a list"));
            return Vec::new();
        }
    };
    let mut rows = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Value::Object(object) = item else {
            form.fail(
                &format!("{name}.{i}"),
                format!("Line {} must be an object", i + 1),
            );
            continue;
        };
        let mut row = Form::new(object);
        rows.push(T::read(&mut row));
        row.report_within(form, &format!("{name}.{i}"));
    }
    rows
}

/// The schema of a list of `max` rows of `T` at most.
pub fn rows_schema<T: ToSchema>(min: usize, max: usize) -> Value {
    json!({
        "type": "array",
        "minItems": min,
        "maxItems": max,
        "items": {"$ref": format!("#/components/schemas/{}", T::name())},
    })
}

/// The lines of a cart kept in the browser: at most 100.
pub struct BrowserLines;

impl Rule for BrowserLines {
    type Out = Vec<BrowserCartLine>;
    fn read(form: &mut Form, name: &str, label: &str) -> Vec<BrowserCartLine> {
        read_rows(
            form,
            name,
            label,
            (0, MAX_LINES),
            &format!("A cart holds at most {MAX_LINES} lines"),
        )
    }
    fn schema() -> Value {
        rows_schema::<BrowserCartLine>(0, MAX_LINES)
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((
            BrowserCartLine::name().into_owned(),
            <BrowserCartLine as utoipa::PartialSchema>::schema(),
        ));
    }
}

request! {
    /// A cart kept in the browser.
    pub struct BrowserCart {
        lines: BrowserLines = "lines", "Lines";
    }
}

request! {
    /// Units of a part to add to the cart. The price comes from the shop;
    /// any sent is ignored.
    pub struct AddLineRequest {
        part_id: PartId = "partId", "Part";
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}

request! {
    /// A cart line's new quantity.
    pub struct SetLineRequest {
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}
