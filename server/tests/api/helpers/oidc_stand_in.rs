//! A stand-in OpenID Connect provider on 127.0.0.1 whose ID tokens can be
//! made wrong on purpose (another audience, expired, a bad signature, ...),
//! which the real provider never does. It signs with an RSA key generated
//! for each run, publishes it at its `jwks_uri`, and checks the shop's client
//! secret and PKCE verifier (S256) as a real provider would.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use rsa::pkcs1::{EncodeRsaPrivateKey, LineEnding};
use rsa::traits::PublicKeyParts;
use rsa::RsaPrivateKey;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::oidc::{CLIENT_ID, CLIENT_SECRET};

/// What is wrong with the ID tokens the stand-in hands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defect {
    /// Nothing: a token the shop must accept.
    None,
    /// Made for another client.
    OtherAudience,
    /// Expired an hour ago.
    Expired,
    /// Signed with a key the provider does not publish.
    ForeignKey,
    /// Not signed at all (`alg: none`).
    Unsigned,
    /// For another sign-in (another nonce).
    OtherNonce,
    /// Claims to come from another provider.
    OtherIssuer,
}

struct Pending {
    nonce: String,
    challenge: String,
    redirect_uri: String,
}

struct Inner {
    issuer: String,
    defect: Defect,
    key: EncodingKey,
    foreign_key: EncodingKey,
    jwk: Value,
    pending: HashMap<String, Pending>,
}

type Shared = Arc<Mutex<Inner>>;

/// The running stand-in.
#[derive(Clone)]
pub struct StandInProvider {
    pub issuer: String,
}

fn rsa_key() -> (EncodingKey, RsaPrivateKey) {
    let key = RsaPrivateKey::new(&mut rand::thread_rng(), 2048).expect("an RSA key");
    let pem = key.to_pkcs1_pem(LineEnding::LF).unwrap();
    (EncodingKey::from_rsa_pem(pem.as_bytes()).unwrap(), key)
}

impl StandInProvider {
    /// Starts on a free port.
    pub async fn start(defect: Defect) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        Self::start_on(listener, defect).await
    }

    /// Starts on the given listener.
    pub async fn start_on(listener: tokio::net::TcpListener, defect: Defect) -> Self {
        let issuer = format!("http://{}", listener.local_addr().unwrap());
        let ((key, private), (foreign_key, _)) =
            tokio::task::spawn_blocking(|| (rsa_key(), rsa_key()))
                .await
                .unwrap();
        let jwk = json!({
            "kty": "RSA", "use": "sig", "alg": "RS256", "kid": "stand-in-key",
            "n": URL_SAFE_NO_PAD.encode(private.n().to_bytes_be()),
            "e": URL_SAFE_NO_PAD.encode(private.e().to_bytes_be()),
        });
        let inner = Arc::new(Mutex::new(Inner {
            issuer: issuer.clone(),
            defect,
            key,
            foreign_key,
            jwk,
            pending: HashMap::new(),
        }));
        let router = Router::new()
            .route("/.well-known/openid-configuration", get(discovery))
            .route("/jwks", get(jwks))
            .route("/authorize", get(authorize))
            .route("/token", post(token))
            .with_state(inner);
        tokio::spawn(async move { axum::serve(listener, router).await });
        StandInProvider { issuer }
    }
}

async fn discovery(State(inner): State<Shared>) -> Json<Value> {
    let issuer = inner.lock().unwrap().issuer.clone();
    Json(json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{issuer}/authorize"),
        "token_endpoint": format!("{issuer}/token"),
        "jwks_uri": format!("{issuer}/jwks"),
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "code_challenge_methods_supported": ["S256"],
    }))
}

async fn jwks(State(inner): State<Shared>) -> Json<Value> {
    Json(json!({ "keys": [inner.lock().unwrap().jwk.clone()] }))
}

/// Signs the person in at once and sends them back with a code.
async fn authorize(
    State(inner): State<Shared>,
    Query(params): Query<HashMap<String, String>>,
) -> Response {
    let param = |name: &str| params.get(name).cloned().unwrap_or_default();
    if param("client_id") != CLIENT_ID
        || param("response_type") != "code"
        || param("code_challenge_method") != "S256"
        || !param("scope").split(' ').any(|s| s == "openid")
    {
        return (
            StatusCode::BAD_REQUEST,
            format!("bad authorization request: {params:?}"),
        )
            .into_response();
    }
    let code = format!("code-{}", rand::random::<u64>());
    let redirect_uri = param("redirect_uri");
    let mut back = reqwest::Url::parse(&redirect_uri).unwrap();
    back.query_pairs_mut()
        .append_pair("code", &code)
        .append_pair("state", &param("state"));
    inner.lock().unwrap().pending.insert(
        code,
        Pending {
            nonce: param("nonce"),
            challenge: param("code_challenge"),
            redirect_uri,
        },
    );
    Redirect::to(back.as_str()).into_response()
}

fn token_error(error: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "error": error }))).into_response()
}

/// The token endpoint: client secret (HTTP Basic), code, redirect URI and
/// PKCE verifier checked; the ID token made as the current defect says.
async fn token(
    State(inner): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let basic = format!(
        "Basic {}",
        STANDARD.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}"))
    );
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(basic.as_str()) {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({ "error": "invalid_client" })),
        )
            .into_response();
    }
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    let mut inner = inner.lock().unwrap();
    let Some(pending) = inner.pending.remove(&field("code")) else {
        return token_error("invalid_grant");
    };
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(field("code_verifier").as_bytes()));
    if field("grant_type") != "authorization_code"
        || field("redirect_uri") != pending.redirect_uri
        || challenge != pending.challenge
    {
        return token_error("invalid_grant");
    }
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let defect = inner.defect;
    let claims = json!({
        "iss": if defect == Defect::OtherIssuer { "https://accounts.example.net".to_owned() } else { inner.issuer.clone() },
        "aud": if defect == Defect::OtherAudience { "another-client" } else { CLIENT_ID },
        "sub": "stand-in-subject-1",
        "iat": now - 60,
        "exp": if defect == Defect::Expired { now - 3600 } else { now + 600 },
        "nonce": if defect == Defect::OtherNonce { "another-nonce".to_owned() } else { pending.nonce },
        "email": "stand.in@example.com",
        "email_verified": true,
        "name": "Stand In",
    });
    let id_token = match defect {
        Defect::Unsigned => format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#),
            URL_SAFE_NO_PAD.encode(claims.to_string())
        ),
        _ => {
            let mut header = Header::new(Algorithm::RS256);
            header.kid = Some("stand-in-key".into());
            let key = if defect == Defect::ForeignKey {
                &inner.foreign_key
            } else {
                &inner.key
            };
            jsonwebtoken::encode(&header, &claims, key).unwrap()
        }
    };
    Json(json!({
        "access_token": format!("access-{}", rand::random::<u64>()),
        "token_type": "Bearer",
        "expires_in": 600,
        "id_token": id_token,
    }))
    .into_response()
}
