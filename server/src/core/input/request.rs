//! One description per request body: the `request!` macro writes, from a
//! list of fields and their kinds (`rules.rs`), the struct a handler gets,
//! the reader that fills it, and its OpenAPI schema. What is parsed and
//! what is documented cannot drift apart, because they are the same list.
//!
//! ```text
//! request! {
//!     /// Units to add to a part's stock.
//!     pub struct RestockRequest {
//!         quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
//!     }
//! }
//! async fn restock(Body(sent): Body<RestockRequest>) { sent.quantity ... }
//! ```

use axum::body::Bytes;
use axum::extract::{FromRequest, Request as HttpRequest};
use axum::http::StatusCode;
use serde_json::{json, Map, Value};
use utoipa::openapi::{RefOr, Schema};

use super::{Form, JsonObject};
use crate::core::error::ApiError;

/// A request body made by `request!`.
pub trait Request: Sized {
    /// Reads every field, in the order the form shows them, recording each
    /// problem on `form`.
    fn read(form: &mut Form) -> Self;
    /// Each field's JSON name, schema and whether it is required.
    fn fields() -> Vec<Field>;
}

/// A field as the document describes it.
pub struct Field {
    pub name: &'static str,
    pub schema: Value,
    pub required: bool,
}

/// A JSON object body read as `T`: a malformed body is 400 (413 when too
/// large, 415 when not JSON), and a wrong field a 400 naming every wrong
/// field, with the first problem as `error`.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: Request> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: HttpRequest, state: &S) -> Result<Self, Self::Rejection> {
        let JsonObject(body) = JsonObject::from_request(req, state).await?;
        read(&body).map(Body)
    }
}

/// A JSON object body that may be left out altogether: no body (or one of
/// only whitespace) reads as `{}`, every field left out; a body that is sent
/// is read as `Body` reads it.
pub struct OptionalBody<T>(pub T);

impl<S: Send + Sync, T: Request> FromRequest<S> for OptionalBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: HttpRequest, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = req.into_parts();
        let bytes = Bytes::from_request(HttpRequest::from_parts(parts.clone(), body), state)
            .await
            .map_err(|rejection| match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => super::too_large(),
                _ => ApiError::bad_request(format!(
                    "Cannot read the request body: {}",
                    rejection.body_text()
                )),
            })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return read(&Map::new()).map(OptionalBody);
        }
        let req = HttpRequest::from_parts(parts, axum::body::Body::from(bytes));
        let JsonObject(body) = JsonObject::from_request(req, state).await?;
        read(&body).map(OptionalBody)
    }
}

/// Reads `body` as `T`.
pub fn read<T: Request>(body: &Map<String, Value>) -> Result<T, ApiError> {
    let mut form = Form::new(body);
    let value = T::read(&mut form);
    form.finish()?;
    Ok(value)
}

/// The object schema of a request: its fields, in order, and which are required.
pub fn object_schema(description: &str, fields: Vec<Field>) -> RefOr<Schema> {
    let required: Vec<&str> = fields
        .iter()
        .filter(|f| f.required)
        .map(|f| f.name)
        .collect();
    let properties: Map<String, Value> = fields
        .into_iter()
        .map(|f| (f.name.to_owned(), f.schema))
        .collect();
    let mut schema = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    if !description.is_empty() {
        schema["description"] = json!(description);
    }
    serde_json::from_value(schema).expect("a request schema is a valid schema")
}

/// Joins doc-comment lines into one description, as rustdoc would show them.
pub fn doc_text(lines: &[&str]) -> String {
    lines
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_owned()
}

/// Describes a request body once: the struct, its reader and its schema.
/// Each field is `name: Kind = "jsonName", "Label";` (optionally
/// `..., "Label", example = value;`), read in the order written; `Kind` is a
/// `rules::Rule`. Doc comments on the struct and the
/// fields become the schema's descriptions. An optional
/// `check(sent, form) { ... }` after the struct applies rules that span
/// fields, once every field is read.
#[macro_export]
macro_rules! request {
    (
        $(#[doc = $doc:literal])*
        $(#[derive $derive:tt])?
        $(#[serde $serde:tt])?
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $field_doc:literal])*
                $field:ident : $rule:ty = $json:literal, $label:literal
                    $(, example = $example:expr)?;
            )*
        }
        $(check($this:ident, $form:ident) $check:block)?
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone)]
        $(#[derive $derive])?
        $(#[serde $serde])?
        $vis struct $name {
            $(
                $(#[doc = $field_doc])*
                pub $field: <$rule as $crate::core::input::rules::Rule>::Out,
            )*
        }

        impl $crate::core::input::request::Request for $name {
            fn read(form: &mut $crate::core::input::Form) -> Self {
                $(
                    let $field = <$rule as $crate::core::input::rules::Rule>::read(form, $json, $label);
                )*
                #[allow(unused_mut)]
                let mut read = $name { $($field),* };
                $({
                    let $this = &mut read;
                    let $form = &mut *form;
                    $check
                })?
                read
            }

            fn fields() -> Vec<$crate::core::input::request::Field> {
                vec![$(
                    $crate::core::input::request::Field {
                        name: $json,
                        schema: {
                            let mut schema = <$rule as $crate::core::input::rules::Rule>::schema();
                            let doc = $crate::core::input::request::doc_text(&[$($field_doc),*]);
                            if !doc.is_empty() {
                                schema["description"] = serde_json::Value::String(doc);
                            }
                            $(schema["example"] = serde_json::json!($example);)?
                            schema
                        },
                        required: <$rule as $crate::core::input::rules::Rule>::REQUIRED,
                    },
                )*]
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                $crate::core::input::request::object_schema(
                    &$crate::core::input::request::doc_text(&[$($doc),*]),
                    <$name as $crate::core::input::request::Request>::fields(),
                )
            }
        }

        impl utoipa::ToSchema for $name {
            fn schemas(
                out: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::Schema>)>,
            ) {
                $(<$rule as $crate::core::input::rules::Rule>::schemas(out);)*
            }
        }
    };
}
