//! A stand-in for the card provider's PaymentIntents API on 127.0.0.1:0.
//! It answers as the provider's documentation describes
//! (https://docs.stripe.com/api/payment_intents): a secret key as a bearer
//! token, form-encoded bodies, an `Idempotency-Key` that makes a retried
//! create answer the same intent. It records every request for the tests.
//! Refunds (https://docs.stripe.com/api/refunds/create) give back a
//! succeeded intent's amount in one or several parts: the same
//! `Idempotency-Key` answers the same refund, and a refund beyond what is
//! left of the charge is refused as the provider refuses it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

/// The secret key the tests configure.
pub const STRIPE_SECRET_KEY: &str = "sk_test_stand_in";

/// One request the stand-in received.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: Method,
    pub path: String,
    pub headers: HeaderMap,
    /// The form fields, in the order sent.
    pub form: Vec<(String, String)>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn field(&self, name: &str) -> Option<&str> {
        self.form
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Default)]
struct Inner {
    intents: HashMap<String, Value>,
    by_key: HashMap<String, String>,
    requests: Vec<Recorded>,
    refunds: HashMap<String, Value>,
    refunds_by_key: HashMap<String, String>,
    /// When set, every refund is refused with this error code.
    refuse_refunds: Option<String>,
}

type Shared = Arc<Mutex<Inner>>;

/// The running stand-in.
#[derive(Clone)]
pub struct StripeStandIn {
    /// What STRIPE_API_BASE is set to.
    pub base: String,
    inner: Shared,
}

impl StripeStandIn {
    pub async fn start() -> Self {
        let inner = Shared::default();
        let router = Router::new()
            .route("/v1/payment_intents", post(create))
            .route("/v1/payment_intents/{id}", get(retrieve))
            .route("/v1/refunds", post(create_refund))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        StripeStandIn { base, inner }
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().unwrap().requests.clone()
    }

    /// The intent as the provider holds it.
    pub fn intent(&self, id: &str) -> Value {
        self.inner.lock().unwrap().intents[id].clone()
    }

    /// Every refund made so far.
    pub fn refunds(&self) -> Vec<Value> {
        let mut refunds: Vec<Value> = self
            .inner
            .lock()
            .unwrap()
            .refunds
            .values()
            .cloned()
            .collect();
        refunds.sort_by_key(|r| r["id"].as_str().unwrap().to_owned());
        refunds
    }

    /// Makes every refund from now on fail with the provider's error `code`.
    pub fn refuse_refunds(&self, code: &str) {
        self.inner.lock().unwrap().refuse_refunds = Some(code.to_owned());
    }

    /// Makes refunds go through again.
    pub fn allow_refunds(&self) {
        self.inner.lock().unwrap().refuse_refunds = None;
    }

    /// Changes one field of an intent, as the buyer's browser confirming it
    /// (`status`) or a tampered record would.
    pub fn set(&self, id: &str, field: &str, value: Value) {
        let mut inner = self.inner.lock().unwrap();
        let intent = inner.intents.get_mut(id).expect("a known intent");
        intent[field] = value;
    }
}

fn stripe_error(status: StatusCode, kind: &str, message: &str) -> (StatusCode, Json<Value>) {
    (
        status,
        Json(json!({"error": {"type": kind, "message": message}})),
    )
}

/// Records the request; refuses it as the provider does without the secret key.
fn record(
    inner: &Shared,
    method: Method,
    path: String,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(), (StatusCode, Json<Value>)> {
    let form = reqwest::Url::parse(&format!("http://x/?{}", String::from_utf8_lossy(body)))
        .unwrap()
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    inner.lock().unwrap().requests.push(Recorded {
        method,
        path,
        headers: headers.clone(),
        form,
    });
    let authorization = headers.get("authorization").and_then(|v| v.to_str().ok());
    if authorization != Some(&format!("Bearer {STRIPE_SECRET_KEY}")) {
        return Err(stripe_error(
            StatusCode::UNAUTHORIZED,
            "invalid_request_error",
            "Invalid API Key provided",
        ));
    }
    Ok(())
}

async fn create(
    State(inner): State<Shared>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    record(
        &inner,
        Method::POST,
        "/v1/payment_intents".into(),
        &headers,
        &body,
    )?;
    let request = inner.lock().unwrap().requests.last().cloned().unwrap();
    let is_form = request
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/x-www-form-urlencoded"));
    let amount = request.field("amount").and_then(|a| a.parse::<i64>().ok());
    let (Some(amount), Some(currency), true) = (amount, request.field("currency"), is_form) else {
        return Err(stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "Missing required param: amount or currency.",
        ));
    };
    let mut inner = inner.lock().unwrap();
    let key = request.header("idempotency-key").map(str::to_owned);
    if let Some(id) = key.as_ref().and_then(|k| inner.by_key.get(k)) {
        return Ok(Json(inner.intents[id].clone()));
    }
    let metadata: serde_json::Map<String, Value> = request
        .form
        .iter()
        .filter_map(|(k, v)| {
            let name = k.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((name.to_owned(), json!(v)))
        })
        .collect();
    let id = format!("pi_standin{}", inner.intents.len() + 1);
    let intent = json!({
        "id": id, "object": "payment_intent", "amount": amount, "currency": currency,
        "status": "requires_payment_method", "client_secret": format!("{id}_secret_standin"),
        "metadata": metadata, "livemode": false
    });
    inner.intents.insert(id.clone(), intent.clone());
    if let Some(key) = key {
        inner.by_key.insert(key, id);
    }
    Ok(Json(intent))
}

async fn retrieve(
    State(inner): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    let path = format!("/v1/payment_intents/{id}");
    record(&inner, Method::GET, path, &headers, b"")?;
    match inner.lock().unwrap().intents.get(&id) {
        Some(intent) => Ok(Json(intent.clone())),
        None => Err(stripe_error(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            &format!("No such payment_intent: '{id}'"),
        )),
    }
}

async fn create_refund(
    State(inner): State<Shared>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    record(&inner, Method::POST, "/v1/refunds".into(), &headers, &body)?;
    let request = inner.lock().unwrap().requests.last().cloned().unwrap();
    let is_form = request
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/x-www-form-urlencoded"));
    let mut inner = inner.lock().unwrap();
    let key = request.header("idempotency-key").map(str::to_owned);
    if let Some(id) = key.as_ref().and_then(|k| inner.refunds_by_key.get(k)) {
        return Ok(Json(inner.refunds[id].clone()));
    }
    if let Some(code) = inner.refuse_refunds.clone() {
        return Err((
            StatusCode::BAD_REQUEST,
            Json(
                json!({"error": {"type": "invalid_request_error", "code": code, "message": "The refund was refused."}}),
            ),
        ));
    }
    let intent_id = request
        .field("payment_intent")
        .unwrap_or_default()
        .to_owned();
    let Some(intent) = inner.intents.get(&intent_id).cloned().filter(|_| is_form) else {
        return Err(stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            &format!("No such payment_intent: '{intent_id}'"),
        ));
    };
    if intent["status"] != "succeeded" {
        return Err(stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "This PaymentIntent does not have a successful charge to refund.",
        ));
    }
    // Refunds of one intent add up to at most its amount.
    let refunded: i64 = inner
        .refunds
        .values()
        .filter(|r| r["payment_intent"] == intent_id.as_str())
        .map(|r| r["amount"].as_i64().unwrap())
        .sum();
    let left = intent["amount"].as_i64().unwrap() - refunded;
    if left <= 0 {
        return Err((
            StatusCode::BAD_REQUEST,
            Json(
                json!({"error": {"type": "invalid_request_error", "code": "charge_already_refunded",
                "message": "Charge has already been refunded."}}),
            ),
        ));
    }
    let amount = match request.field("amount") {
        None => left,
        Some(a) => match a.parse::<i64>() {
            Ok(a) if a > 0 && a <= left => a,
            _ => {
                return Err(stripe_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_request_error",
                    "Refund amount is greater than the charge amount.",
                ))
            }
        },
    };
    let metadata: serde_json::Map<String, Value> = request
        .form
        .iter()
        .filter_map(|(k, v)| {
            let name = k.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((name.to_owned(), json!(v)))
        })
        .collect();
    let id = format!("re_standin{}", inner.refunds.len() + 1);
    let refund = json!({
        "id": id, "object": "refund", "amount": amount, "currency": intent["currency"],
        "payment_intent": intent_id, "status": "succeeded", "metadata": metadata
    });
    inner.refunds.insert(id.clone(), refund.clone());
    if let Some(key) = key {
        inner.refunds_by_key.insert(key, id);
    }
    Ok(Json(refund))
}
