//! The OpenAPI document and the readers agree: every field a request body
//! documents is checked by the shop, every field the shop checks is in the
//! document, and the web app's copy of the document is the one served.

use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::{json, Map, Value};

use crate::helpers::*;

/// Every operation that takes a JSON body: (method, path, schema name).
fn json_bodies(doc: &Value) -> Vec<(Method, String, String)> {
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            let Some(reference) =
                operation.pointer("/requestBody/content/application~1json/schema/$ref")
            else {
                continue;
            };
            let name = reference
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .expect("a reference to a named schema");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            // Path parameters: an id that names nothing, since a body is read
            // before anything is looked up.
            let path = path
                .replace("{id}", "999999")
                .replace("{email}", "x@example.com");
            found.push((method, path, name.to_owned()));
        }
    }
    found
}

fn wrong() -> Value {
    json!([{"not": "this"}])
}

fn properties<'a>(doc: &'a Value, schema: &str) -> &'a Map<String, Value> {
    doc["components"]["schemas"][schema]["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("{schema} has properties"))
}

/// The fields a 400 names, as their top-level names (`card.number` is `card`).
async fn named_fields(response: reqwest::Response, what: &str) -> Vec<String> {
    assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{what}");
    fields_of(response, what).await
}

/// As `named_fields`, or none when the body was accepted.
async fn fields_of(response: reqwest::Response, what: &str) -> Vec<String> {
    if response.status() != StatusCode::BAD_REQUEST {
        return Vec::new();
    }
    let body: Value = response.json().await.unwrap();
    body["fields"]
        .as_object()
        .unwrap_or_else(|| panic!("{what}: no fields in {body}"))
        .keys()
        .map(|k| k.split('.').next().unwrap_or(k).to_owned())
        .collect()
}

#[tokio::test]
async fn every_documented_body_field_is_checked() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let doc = app.openapi().await;
    let bodies = json_bodies(&doc);
    assert!(bodies.len() >= 12, "{bodies:?}");
    for (method, path, schema) in bodies {
        for field in properties(&doc, &schema).keys() {
            // A list holding an object is wrong for every kind of field: text,
            // numbers and objects are not lists, and lists hold text or rows
            // with fields of their own.
            let body = json!({ field: wrong() });
            let what = format!("{method} {path} with a wrong {field}");
            let response = app
                .send_json(method.clone(), &path, Some(&admin.token), &body)
                .await;
            let named = named_fields(response, &what).await;
            assert!(named.contains(field), "{what}: the 400 names {named:?}");
        }
    }
}

#[tokio::test]
async fn every_field_the_shop_checks_is_documented() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let doc = app.openapi().await;
    for (method, path, schema) in json_bodies(&doc) {
        let documented = properties(&doc, &schema);
        let wrong: Map<String, Value> = documented.keys().map(|k| (k.clone(), wrong())).collect();
        // Left empty, a body may be fine (an edit changing nothing); with
        // every field wrong, it never is.
        for (body, must_fail) in [(json!({}), false), (Value::Object(wrong), true)] {
            let what = format!("{method} {path} with {body}");
            let response = app
                .send_json(method.clone(), &path, Some(&admin.token), &body)
                .await;
            let named = if must_fail {
                named_fields(response, &what).await
            } else {
                fields_of(response, &what).await
            };
            for name in named {
                assert!(
                    documented.contains_key(&name),
                    "{what}: {name} is checked but not in {schema}"
                );
            }
        }
    }
}

/// The document with the one figure that changes each new year left out:
/// the newest model year a fitment may name.
fn without_model_years(mut doc: Value) -> Value {
    for field in ["yearFrom", "yearTo"] {
        if let Some(rule) =
            doc.pointer_mut(&format!("/components/schemas/Fitment/properties/{field}"))
        {
            rule.as_object_mut().map(|r| r.remove("maximum"));
        }
    }
    doc
}

#[tokio::test]
async fn the_web_apps_copy_of_the_document_is_the_one_served() {
    let app = spawn_app().await;
    let served = app.openapi().await;
    let copy = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/api/openapi.json");
    let text = std::fs::read_to_string(&copy)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", copy.display()));
    let kept: Value = serde_json::from_str(&text).expect("the copy is JSON");
    assert!(
        without_model_years(kept) == without_model_years(served),
        "web/src/api/openapi.json is stale: run `make api-types` and commit what it changes"
    );
}
