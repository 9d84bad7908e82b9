//! Answers every JSON or form write can give before its handler runs (the
//! body extractors' 400, 413 and 415), added to the OpenAPI document once
//! rather than repeated on each handler.

use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

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
