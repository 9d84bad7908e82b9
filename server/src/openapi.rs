//! Answers every JSON or form write can give before its handler runs (the
//! body extractors' 400, 413 and 415), added to the OpenAPI document once
//! rather than repeated on each handler.

use serde_json::{json, Value};
use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

use crate::input::{LONG_TEXT, MAX_PRICE_CENTS, MAX_QUANTITY, SHORT_TEXT};
use crate::parts::fields::{
    last_year, CATEGORIES, FIRST_YEAR, MAX_FITMENTS, MAX_NUMBER, MAX_OEM_NUMBERS, MAX_VEHICLE_TEXT,
};
use crate::parts::search::Sort;

/// Documents 400, 413 and 415 on every operation that takes a request body.
pub fn document_body_errors(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        let operations = [
            item.post.as_mut(),
            item.put.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
        ];
        for operation in operations.into_iter().flatten() {
            if operation.request_body.is_some() {
                add_error(
                    operation,
                    "400",
                    "The body is malformed or a field is invalid",
                );
                add_error(operation, "413", "The body is too large");
                add_error(
                    operation,
                    "415",
                    "The body is not of the documented media type",
                );
            }
        }
    }
}

fn add_error(operation: &mut Operation, status: &str, description: &str) {
    let error = ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build();
    operation
        .responses
        .responses
        .entry(status.to_owned())
        .or_insert(RefOr::T(error));
}

/// Writes the rules the body readers (`input.rs`, `payments/card.rs`) apply
/// into the request schemas, so that data the document calls valid is data
/// the shop accepts: required text is not blank and has no NUL, the length
/// limits, the e-mail, phone, image-address and price forms, whole-number
/// ranges and the card fields. Rules that depend on stored data (a part's
/// minimum order, an order's state) stay in the answers' descriptions.
pub fn document_field_rules(openapi: &mut OpenApi) {
    let Ok(mut doc) = serde_json::to_value(&*openapi) else {
        return;
    };
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (schema, field, rule) in field_rules() {
        let Some(property) = schemas
            .get_mut(schema)
            .and_then(|s| s.pointer_mut(&format!("/properties/{field}")))
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        // Keep the description and example; the rule replaces the rest.
        let nullable = property
            .get("type")
            .and_then(Value::as_array)
            .is_some_and(|types| types.iter().any(|t| t == "null"));
        property.retain(|key, _| key == "description" || key == "example");
        let rule = match (nullable, rule) {
            (true, Value::Object(mut rule)) if rule.contains_key("oneOf") => {
                if let Some(Value::Array(choices)) = rule.get_mut("oneOf") {
                    choices.insert(0, json!({"type": "null"}));
                }
                Value::Object(rule)
            }
            (true, rule) => json!({"oneOf": [{"type": "null"}, rule]}),
            (false, rule) => rule,
        };
        if let Value::Object(rule) = rule {
            property.extend(rule);
        }
    }
    document_query_rules(&mut doc);
    if let Ok(patched) = serde_json::from_value(doc) {
        *openapi = patched;
    }
}

/// Characters the shop counts as blank (Rust's `char::is_whitespace`), and NUL.
const BLANK: &str =
    r"\u0000\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Characters the shop counts as blank, without NUL.
const WHITESPACE: &str =
    r"\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Text that is not empty or only whitespace, has no NUL, and at most `max` characters.
fn text(max: usize) -> Value {
    json!({
        "type": "string",
        "minLength": 1,
        "maxLength": max,
        "pattern": format!(r"^[^\u0000]*[^{BLANK}][^\u0000]*$"),
    })
}

/// Optional text: blank counts as absent; otherwise no NUL and at most `max` characters.
fn optional_text(max: usize) -> Value {
    json!({"type": "string", "maxLength": max, "pattern": r"^[^\u0000]*$"})
}

/// An address `parse_email` accepts.
const EMAIL: &str = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}";

fn email() -> Value {
    json!({"type": "string", "format": "email", "maxLength": 254, "pattern": format!("^{EMAIL}$")})
}

/// A phone number: 4 to 20 digits with spaces, `+`, `-`, `(`, `)` and `.`.
const PHONE: &str = r"[ +\-().]*([0-9][ +\-().]*){4,20}";

fn whole(min: i64, max: i64) -> Value {
    json!({"type": "integer", "minimum": min, "maximum": max})
}

/// An uploaded image's address or an http(s) link, without quotes, `<>`, `\` or spaces.
fn image_url() -> Value {
    json!({
        "type": "string",
        "maxLength": 2000,
        "pattern": r"^(/api/image/|https?://)[!#-&(-;=?-\[\]-_a-~]*$",
        "example": "/api/image/3f2a9c.jpg",
    })
}

/// A price in currency units: a number or a numeric string, more than 0,
/// at most two decimals, at most 1,000,000.
fn price() -> Value {
    let max = MAX_PRICE_CENTS / 100;
    json!({
        "oneOf": [
            {"type": "number", "minimum": 0.01, "maximum": max, "multipleOf": 0.01},
            {
                "type": "string",
                "pattern": format!(
                    r"^([1-9][0-9]{{0,5}}(\.[0-9]{{1,2}})?|{max}(\.00?)?|0\.(0[1-9]|[1-9][0-9]?))$"
                ),
            },
        ],
        "example": 34.99,
    })
}

/// Digits, with spaces allowed between them, `min` to `max` digits long.
fn spaced_digits(min: usize, max: usize) -> Value {
    json!({"type": "string", "pattern": format!(r"^ *([0-9] *){{{min},{max}}}$")})
}

/// A part number: letters, digits, spaces, `-`, `.` and `/`; or blank
/// (left out: the shop makes one).
fn sku() -> Value {
    json!({
        "type": "string",
        "maxLength": MAX_NUMBER,
        "pattern": format!("^([A-Za-z0-9 ./-]*|[{WHITESPACE}]*)$"),
        "example": "BRK-1042",
    })
}

/// OEM numbers: each with a letter or digit, no NUL, at most 40 characters.
fn oem_numbers() -> Value {
    json!({
        "type": "array",
        "maxItems": MAX_OEM_NUMBERS,
        "items": {
            "type": "string",
            "maxLength": MAX_NUMBER,
            "pattern": r"^[^\u0000]*[A-Za-z0-9][^\u0000]*$",
        },
        "example": ["04465-33450"],
    })
}

/// A category of the list, exactly as written there; or blank (left out).
fn category() -> Value {
    json!({
        "anyOf": [
            {"type": "string", "enum": CATEGORIES},
            {"type": "string", "pattern": format!("^[{WHITESPACE}]*$")},
        ],
        "example": "Brakes",
    })
}

fn fitments() -> Value {
    json!({
        "type": "array",
        "maxItems": MAX_FITMENTS,
        "items": {"$ref": "#/components/schemas/Fitment"},
    })
}

/// A query parameter matching one of `choices` (`any_case`: in any case), or
/// sent blank (as good as not sent).
fn choice_pattern(choices: &[&str], any_case: bool) -> String {
    let escape = |c: char| {
        if any_case && c.is_ascii_alphabetic() {
            format!("[{}{}]", c.to_ascii_uppercase(), c.to_ascii_lowercase())
        } else if c.is_ascii_alphanumeric() || c == ' ' || c == '_' {
            c.to_string()
        } else {
            format!("[{c}]")
        }
    };
    let choices: Vec<String> = choices
        .iter()
        .map(|choice| choice.chars().map(escape).collect())
        .collect();
    format!("^([{WHITESPACE}]*|{})$", choices.join("|"))
}

/// The query parameters of `GET /api/part` whose rules a plain type cannot say.
fn document_query_rules(doc: &mut Value) {
    let Some(parameters) = doc
        .pointer_mut("/paths/~1api~1part/get/parameters")
        .and_then(Value::as_array_mut)
    else {
        return;
    };
    for parameter in parameters {
        let rule = match parameter.get("name").and_then(Value::as_str) {
            Some("category") => choice_pattern(&CATEGORIES, true),
            Some("sort") => choice_pattern(&Sort::NAMES, false),
            _ => continue,
        };
        parameter["schema"] = json!({"type": "string", "pattern": rule});
    }
}

fn field_rules() -> Vec<(&'static str, &'static str, Value)> {
    let part_fields = |schema: &'static str| {
        vec![
            (schema, "name", text(SHORT_TEXT)),
            (schema, "description", text(LONG_TEXT)),
            (schema, "img", image_url()),
            (schema, "price", price()),
            (schema, "availableQuantity", whole(0, MAX_QUANTITY)),
            (schema, "minimumOrder", whole(1, MAX_QUANTITY)),
            (schema, "sku", sku()),
            (schema, "oemNumbers", oem_numbers()),
            (schema, "category", category()),
            (schema, "fitments", fitments()),
            (schema, "reorderLevel", whole(0, MAX_QUANTITY)),
        ]
    };
    let mut rules = vec![
        ("ExchangeRequest", "code", text(SHORT_TEXT)),
        ("LoginRequest", "email", text(320)),
        (
            "LoginRequest",
            "password",
            json!({"type": "string", "minLength": 1, "maxLength": 128}),
        ),
        ("SignupRequest", "name", text(SHORT_TEXT)),
        ("SignupRequest", "email", email()),
        (
            "SignupRequest",
            "password",
            json!({"type": "string", "minLength": 6, "maxLength": 128}),
        ),
        ("OrderRequest", "partId", text(SHORT_TEXT)),
        ("OrderRequest", "partOrder", whole(1, MAX_QUANTITY)),
        (
            "OrderRequest",
            "phone",
            json!({"type": "string", "maxLength": 32, "pattern": format!("^{PHONE}$")}),
        ),
        ("PayRequest", "transactionId", text(255)),
        ("IntentRequest", "bookingId", text(SHORT_TEXT)),
        ("ProfileRequest", "education", text(SHORT_TEXT)),
        ("ProfileRequest", "location", text(SHORT_TEXT)),
        ("ProfileRequest", "city", text(SHORT_TEXT)),
        ("ProfileRequest", "linkedin", text(SHORT_TEXT)),
        ("ProfileRequest", "img", image_url()),
        (
            "ProfileRequest",
            "phone",
            json!({"type": "string", "maxLength": 32, "pattern": format!("^{PHONE}$"), "example": "+1 555 0100"}),
        ),
        ("ReviewRequest", "name", text(SHORT_TEXT)),
        ("ReviewRequest", "description", text(LONG_TEXT)),
        ("ReviewRequest", "rating", whole(1, 5)),
        ("ReviewRequest", "img", image_url()),
        ("ConfirmRequest", "clientSecret", text(SHORT_TEXT)),
        ("CardDetails", "number", spaced_digits(12, 19)),
        ("CardDetails", "cvc", spaced_digits(3, 4)),
        ("CardDetails", "expMonth", whole(1, 12)),
        (
            "CardDetails",
            "expYear",
            json!({"oneOf": [whole(0, 99), whole(2000, 2100)]}),
        ),
        ("BillingDetails", "name", optional_text(SHORT_TEXT)),
        (
            "BillingDetails",
            "email",
            json!({"type": "string", "maxLength": SHORT_TEXT, "pattern": format!("^({EMAIL})?$")}),
        ),
    ];
    rules.extend([
        ("Fitment", "make", text(MAX_VEHICLE_TEXT)),
        ("Fitment", "model", text(MAX_VEHICLE_TEXT)),
        ("Fitment", "yearFrom", whole(FIRST_YEAR, last_year())),
        ("Fitment", "yearTo", whole(FIRST_YEAR, last_year())),
        ("RestockRequest", "quantity", whole(1, MAX_QUANTITY)),
    ]);
    rules.extend(part_fields("PartRequest"));
    rules.extend(part_fields("PartChanges"));
    rules.push((
        "PartChanges",
        "availableQuantitySeen",
        whole(0, MAX_QUANTITY),
    ));
    rules
}
