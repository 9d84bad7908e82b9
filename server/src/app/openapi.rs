//! What the OpenAPI document says once rather than on each handler: the
//! answers every write can give before its handler runs (the body
//! extractors' 400, 413 and 415), and the catalogue's query rules. The
//! request bodies describe themselves (`input::request`).

use serde_json::{json, Value};
use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, Required, ResponseBuilder};

use crate::catalogue::fields::CATEGORIES;
use crate::catalogue::search::{Position, Sort};
use crate::core::input::rules::WHITESPACE;

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

/// The operations whose body may be left out altogether (read with
/// `input::OptionalBody`): (method, path).
const OPTIONAL_BODIES: [(&str, &str); 1] = [("post", "/api/admin/orders/{id}/ship")];

/// Marks the bodies in `OPTIONAL_BODIES` as not required (utoipa marks every
/// named body required).
pub fn document_optional_bodies(openapi: &mut OpenApi) {
    for (method, path) in OPTIONAL_BODIES {
        let operation = openapi
            .paths
            .paths
            .get_mut(path)
            .and_then(|item| match method {
                "post" => item.post.as_mut(),
                "put" => item.put.as_mut(),
                "patch" => item.patch.as_mut(),
                _ => None,
            });
        if let Some(body) = operation.and_then(|op| op.request_body.as_mut()) {
            body.required = Some(Required::False);
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

/// Writes the rules of the catalogue's query parameters that a plain type
/// cannot say into the document.
pub fn document_query_rules(openapi: &mut OpenApi) {
    let Ok(mut doc) = serde_json::to_value(&*openapi) else {
        return;
    };
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
            Some("position") => choice_pattern(&Position::NAMES, true),
            _ => continue,
        };
        parameter["schema"] = json!({"type": "string", "pattern": rule});
    }
    if let Ok(patched) = serde_json::from_value(doc) {
        *openapi = patched;
    }
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
