//! Schemas an answer's fields give the OpenAPI document, where a field's
//! Rust type does not say enough: text that takes only some values.

use serde_json::Value;
use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
use utoipa::openapi::Object;

/// A text field of an answer that takes only `values`, so the web app's
/// generated types know them. (A field described with `schema_with` loses
/// its doc comment, so the description comes along.)
pub fn one_of(values: &[&str], description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values.iter().copied()))
        .description(Some(description))
        .build()
}

/// As `one_of`, or null.
pub fn one_of_or_null(values: &[&str], description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(
            values.iter().map(|v| Value::from(*v)).chain([Value::Null]),
        ))
        .description(Some(description))
        .build()
}
