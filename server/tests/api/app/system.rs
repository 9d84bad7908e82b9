//! Health, public configuration, the OpenAPI document, and how unknown API
//! paths and wrong methods are answered.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn health_answers_ok_once_the_database_answers() {
    let app = spawn_app().await;
    let response = app.health().await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(is_json(&response));
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"status": "ok"})
    );
}

#[tokio::test]
async fn config_names_the_shop_its_currency_and_the_test_payment_provider() {
    let app = spawn_app().await;
    assert_eq!(
        app.config().await,
        json!({"shopName": "Parts Garage", "currency": "usd", "paymentProvider": "test", "googleSignIn": false})
    );
}

#[tokio::test]
async fn config_follows_the_settings_the_shop_was_started_with() {
    let app = spawn_app_with(|c| {
        c.shop_name = "Bolt & Nut".into();
        c.currency = "EUR".into();
        c.payment_provider = "stripe".into();
        c.stripe_publishable_key = Some("pk_test_123".into());
        c.oidc_client_id = Some("client".into());
        c.oidc_client_secret = Some("secret".into());
    })
    .await;
    assert_eq!(
        app.config().await,
        json!({
            "shopName": "Bolt & Nut", "currency": "eur", "paymentProvider": "stripe",
            "stripePublishableKey": "pk_test_123", "googleSignIn": true
        })
    );
}

/// Every route of the shop's original HTTP contract this suite covers, with its methods.
const ROUTES: [(&str, &[&str]); 19] = [
    ("/api/health", &["get"]),
    ("/api/config", &["get"]),
    ("/api/openapi.json", &["get"]),
    ("/api/auth/signup", &["post"]),
    ("/api/auth/login", &["post"]),
    ("/api/me", &["get"]),
    ("/api/user/{email}", &["put"]),
    ("/api/part", &["get", "post"]),
    ("/api/part/{id}", &["get", "put", "delete"]),
    ("/api/review", &["get", "post"]),
    ("/api/user", &["get"]),
    ("/api/user/admin/{email}", &["put"]),
    ("/api/admin/{email}", &["get"]),
    ("/api/booking", &["get", "post"]),
    ("/api/booking/{id}", &["get", "patch", "delete"]),
    ("/api/profile", &["get", "post"]),
    ("/api/profile/{id}", &["get"]),
    ("/api/image", &["post"]),
    ("/api/image/{name}", &["get"]),
];

#[tokio::test]
async fn the_openapi_document_is_openapi_3_and_lists_every_route_under_api() {
    let app = spawn_app().await;
    let doc = app.openapi().await;
    assert!(
        doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")),
        "{}",
        doc["openapi"]
    );
    let paths = doc["paths"].as_object().expect("paths");
    for (path, methods) in ROUTES {
        for method in methods {
            assert!(
                paths.get(path).and_then(|p| p.get(*method)).is_some(),
                "{method} {path} is missing from {:?}",
                paths.keys().collect::<Vec<_>>()
            );
        }
    }
    assert!(
        paths.keys().all(|p| p.starts_with("/api/")),
        "{:?}",
        paths.keys()
    );
}

#[tokio::test]
async fn unknown_api_paths_answer_a_json_404_not_the_web_app() {
    let app = spawn_app().await;
    for path in ["/api/nope", "/api", "/api/part/1/extra", "/api/parts"] {
        expect_error(
            app.get(path, None).await,
            StatusCode::NOT_FOUND,
            "No such API route",
        )
        .await;
    }
    let response = app.post_json("/api/nope", None, &json!({})).await;
    expect_error(response, StatusCode::NOT_FOUND, "No such API route").await;
}

#[tokio::test]
async fn a_wrong_method_on_a_known_route_answers_a_json_405() {
    let app = spawn_app().await;
    let wrong = [
        (Method::DELETE, "/api/health"),
        (Method::POST, "/api/config"),
        (Method::PATCH, "/api/part"),
        (Method::POST, "/api/part/1"),
        (Method::PUT, "/api/review"),
        (Method::GET, "/api/auth/login"),
        (Method::DELETE, "/api/profile"),
    ];
    for (method, path) in wrong {
        let response = app.request(method, path, None).send().await.unwrap();
        expect_error(
            response,
            StatusCode::METHOD_NOT_ALLOWED,
            "This method is not allowed on this route",
        )
        .await;
    }
}

#[tokio::test]
async fn paths_outside_the_api_are_left_to_the_web_app() {
    let app = spawn_app().await;
    let response = app.get("/dashboard/order", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"].to_str().unwrap();
    assert!(content_type.starts_with("text/html"), "{content_type}");
}

#[tokio::test]
async fn the_request_schemas_spell_out_the_field_rules() {
    let app = spawn_app().await;
    let doc = app.openapi().await;
    let schemas = &doc["components"]["schemas"];
    let name = &schemas["PartRequest"]["properties"]["name"];
    assert_eq!(name["minLength"], 1, "{name}");
    assert_eq!(name["maxLength"], 200, "{name}");
    assert!(name["pattern"].is_string(), "blank text is refused: {name}");
    assert_eq!(
        schemas["PartRequest"]["properties"]["description"]["maxLength"],
        5000
    );
    let price = &schemas["PartRequest"]["properties"]["price"]["oneOf"];
    assert_eq!(price[0]["type"], "number", "{price}");
    assert_eq!(price[0]["minimum"], 0.01, "{price}");
    assert_eq!(price[1]["type"], "string", "{price}");
    let quantity = &schemas["PartRequest"]["properties"]["availableQuantity"];
    assert_eq!(quantity["minimum"], 0, "{quantity}");
    assert_eq!(quantity["maximum"], 1_000_000, "{quantity}");
    let rating = &schemas["ReviewRequest"]["properties"]["rating"];
    assert_eq!(
        (rating["minimum"].clone(), rating["maximum"].clone()),
        (json!(1), json!(5))
    );
    assert!(schemas["SignupRequest"]["properties"]["email"]["pattern"].is_string());
    assert!(schemas["ProfileRequest"]["properties"]["phone"]["pattern"].is_string());
    assert!(schemas["CardDetails"]["properties"]["number"]["pattern"].is_string());
    assert_eq!(
        schemas["CardDetails"]["properties"]["expYear"]["oneOf"][1]["minimum"],
        2000
    );
    // Part changes keep every rule, with null for "leave as it is".
    let change = &schemas["PartChanges"]["properties"]["name"]["oneOf"];
    assert_eq!(change[0]["type"], "null", "{change}");
    assert_eq!(change[1]["maxLength"], 200, "{change}");
    assert_eq!(
        schemas["PartChanges"]["properties"]["price"]["oneOf"][0]["type"],
        "null"
    );
}
