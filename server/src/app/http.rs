//! The shop's HTTP face: every route under /api with its OpenAPI document,
//! the web app everywhere else, and the layers every answer passes through.

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, Request, Response};
use axum::response::IntoResponse;
use axum::routing::{any, get};
use axum::{Extension, Router};
use tower::util::BoxCloneSyncService;
use tower::{Service, ServiceBuilder};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use super::{openapi, system, web};
use crate::app::state::AppState;
use crate::core::error::ApiError;
use crate::core::negotiation::is_api;
use crate::core::{cache, headers, metrics, request_id};
use crate::{
    addresses, audit, auth, cart, catalogue, contact, images, orders, payments, profiles, returns,
    reviews, shipping, staff, vehicles,
};

/// Largest JSON body accepted.
pub const MAX_JSON_BYTES: usize = 1024 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(title = "Parts Garage API", description = "The HTTP API of the Parts Garage car-parts shop."),
    modifiers(&BearerAuth),
    tags(
        (name = "system"), (name = "auth"), (name = "users"), (name = "parts"),
        (name = "reviews"), (name = "orders"), (name = "payments"), (name = "profiles"),
        (name = "images"), (name = "addresses"), (name = "shipping"), (name = "cart"),
        (name = "checkout"), (name = "vehicles"), (name = "contact"), (name = "returns")
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

/// The API's routes, and the OpenAPI document that describes them.
fn api_routes() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, mut openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(system::router())
        .merge(auth::router())
        .merge(staff::router())
        .merge(returns::router())
        .merge(audit::router())
        .merge(catalogue::router())
        .merge(reviews::router())
        .merge(orders::router())
        .merge(payments::router())
        .merge(profiles::router())
        .merge(images::router())
        .merge(addresses::router())
        .merge(shipping::router())
        .merge(cart::router())
        .merge(vehicles::router())
        .merge(contact::router())
        .split_for_parts();
    openapi::document_body_errors(&mut openapi);
    openapi::document_optional_bodies(&mut openapi);
    openapi::document_query_rules(&mut openapi);
    (api, openapi)
}

/// The OpenAPI document `GET /api/openapi.json` answers (`shop openapi`
/// prints it for the web app's generated types).
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api_routes().1
}

/// The whole shop as a router: the API under /api and the web app everywhere
/// else ([`service`] in a router of its own).
pub fn app(state: AppState) -> Router {
    Router::new().fallback_service(service(state))
}

/// What the shop answers with: its answers' bodies as the trace layer passes them on.
pub type ShopBody = tower_http::trace::ResponseBody<
    Body,
    tower_http::classify::NeverClassifyEos<tower_http::classify::ServerErrorsFailureClass>,
>;

/// The whole shop as one service, which `Application` serves: the API under
/// /api and the web app everywhere else, inside the layers every answer passes
/// through. Cloned for every request: the clone copies the layers' settings
/// and shares the routers.
pub type ShopService = BoxCloneSyncService<Request<Body>, Response<ShopBody>, Infallible>;

/// The whole shop: the API under /api and the web app everywhere else.
pub fn service(state: AppState) -> ShopService {
    let (api, openapi) = api_routes();
    let web_dir = state.config.web_dir.clone();
    let csp = headers::content_security_policy(&state.config);
    let hsts = headers::sends_hsts(&state.config);
    let timeout = state.config.request_timeout;
    let catalogue = state.catalogue.clone();
    let shop = web::Shop {
        name: state.config.shop_name.clone(),
        currency: state.config.currency.clone(),
        base_url: crate::mail::public_base(&state.config),
    };
    let metrics_on = state.config.metrics_on();
    let api = api
        .route("/metrics", get(super::metrics::scrape))
        .route("/api", any(system::api_not_found))
        .route("/api/{*rest}", any(system::api_not_found))
        .method_not_allowed_fallback(system::method_not_allowed)
        .layer(Extension(Arc::new(openapi)))
        // Answers that depend on who asks must not be kept by browsers or
        // proxies. The API's public answers that are worth caching say so
        // themselves (the catalogue's `no-cache` with an ETag, images for a
        // year); every other /api answer is private by default.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(state);
    let time_limit =
        TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, timeout);
    // Catalogue reads from memory, and every write under /api run to its end and then marking
    // them out of date (see `cache`).
    let catalogue_cache = axum::middleware::from_fn_with_state(catalogue.clone(), cache::layer);
    // Pages that start from an API answer get it from the API itself, through the catalogue
    // cache, within the same time limit as any API request (past it, the page goes out as built).
    let pages_api = api.clone().layer(catalogue_cache.clone()).layer(time_limit);
    let web = web::site(&web_dir, Some(pages_api), shop);
    let security_headers = headers::SecurityHeadersLayer::new(csp, hsts);
    // Kept catalogue answers carry the API's security headers already.
    catalogue.send_with(security_headers.api_headers());
    // The API's own layers, around its router.
    let api = ServiceBuilder::new()
        .layer(catalogue_cache)
        .layer(CatchPanicLayer::custom(|_panic| {
            ApiError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
        }))
        .layer(time_limit)
        .layer(DefaultBodyLimit::max(MAX_JSON_BYTES))
        .service(api);
    // The layers every answer passes through wrap the whole shop once, and
    // `Application` serves them directly, without a router around them.
    // Given to `Router::layer` instead, they would wrap each route, and the
    // route's whole stack (a boxed service per layer) would be cloned for
    // every request, before the catalogue cache could answer it from memory.
    let layers = ServiceBuilder::new()
        // The request's id first, so its span and every answer carry it.
        .layer(SetRequestIdLayer::new(
            request_id::HEADER,
            request_id::ShopRequestIds::new(),
        ))
        .layer(PropagateRequestIdLayer::new(request_id::HEADER))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<Body>| {
                    tracing::info_span!("request", method = %request.method(),
                        path = %request.uri().path(), request_id = %request_id::of(request))
                })
                .on_response(
                    |response: &Response<Body>, latency: Duration, _span: &Span| {
                        tracing::info!(
                            status = response.status().as_u16(),
                            latency_ms = latency.as_secs_f64() * 1000.0,
                            "answered"
                        );
                    },
                ),
        )
        // Requests by route and status, and their latency, when metrics are on.
        .option_layer(metrics_on.then_some(metrics::MetricsLayer))
        // Outside the API's timeout and panic layers, so their answers carry the headers too.
        .layer(security_headers);
    BoxCloneSyncService::new(layers.service(Split {
        api: BoxCloneSyncService::new(api),
        web,
    }))
}

/// The API (with its layers) for the paths [`is_api`] names, the web app for
/// every other: a page or a file of the app is answered from memory without
/// passing the API's router, catalogue cache, panic handler, time limit or
/// body limit. (The app's pages read no body, and those that start from an
/// API answer ask the API within its time limit; should answering a page
/// panic, its connection is closed.)
#[derive(Clone)]
struct Split {
    api: BoxCloneSyncService<Request<Body>, Response<Body>, Infallible>,
    web: web::SiteService,
}

impl Service<Request<Body>> for Split {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = web::SiteFuture;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        // Both are always ready (neither holds a place for the request).
        std::task::ready!(self.api.poll_ready(cx))?;
        self.web.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        if is_api(request.uri().path()) || request.uri().path() == "/metrics" {
            self.api.call(request)
        } else {
            self.web.call(request)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_api;

    #[test]
    fn the_api_is_slash_api_and_what_is_under_it() {
        for path in ["/api", "/api/", "/api/part", "/api/part/1"] {
            assert!(is_api(path), "{path}");
        }
        for path in ["/", "/apis", "/api-docs", "/parts", "/assets/api.js"] {
            assert!(!is_api(path), "{path}");
        }
    }
}
