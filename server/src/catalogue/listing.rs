//! Finding parts: the filtered, sorted and paged list, the categories with
//! their counts, the vehicles parts fit, and restocking.

use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::fields::{self, FIRST_YEAR, LAST_FILTER_YEAR, MAX_ENGINE_TEXT, MAX_VEHICLE_TEXT};
use super::search::{self, Filters, Position, Sort};
use super::{store, Part};
use crate::app::state::AppState;
use crate::core::caller::Admin;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::Whole;
use crate::core::input::{parse_id, Body, Paged, Params, MAX_QUANTITY, SHORT_TEXT};
use crate::request;

/// Most parts `GET /api/part` answers without `limit` (D45): past it the
/// answer is the first this many, with a `Link` to the next page.
pub const UNPAGED_MOST: u64 = 1_000;

/// Parts matching every filter given, best match first when searched with
/// `q` and oldest first otherwise, unless `sort` says otherwise; all of
/// them unless `limit` is given (at most `UNPAGED_MOST`, then a `Link` to
/// the next page). A text parameter sent empty counts as not
/// sent. Words of `q` naming a make, model or model year of the parts'
/// fitments match those fitments; a word no part has is read as the word
/// of the catalogue it most likely misspells (`X-Search-Corrected` then
/// says the search as read).
#[utoipa::path(get, path = "/api/part", tag = "parts",
    params(
        ("q" = Option<String>, Query, max_length = 200, description = "Every word starts a word of the name, description or part number (any case), or names a make, model or model year the part fits (all such words in one fitment); a misspelt word counts as the word of the catalogue it is closest to (same first letter, one edit away, two for five letters or more); or the whole of it, without spaces and punctuation, starts an OEM number or part number"),
        ("category" = Option<String>, Query, description = "One of the categories, any case"),
        ("make" = Option<String>, Query, max_length = 60, description = "Parts fitting this make (any case)"),
        ("model" = Option<String>, Query, max_length = 60, description = "Parts fitting this model of `make` (any case); needs `make`"),
        ("year" = Option<i64>, Query, minimum = 1950, maximum = 2100, description = "Parts fitting a vehicle of this model year"),
        ("engine" = Option<String>, Query, max_length = 40, description = "Parts fitting the vehicle with this engine (`1.8L L4`, any case): fitments naming this engine or none; needs `model`"),
        ("position" = Option<String>, Query, description = "Parts for this position on the vehicle: front, rear, left, right, front-left, front-right, rear-left or rear-right (any case); fitments naming that axle and side, or none; needs `make`"),
        ("sort" = Option<String>, Query, description = "oldest, newest, price_asc, price_desc, name or relevance (best match first); the default is relevance with `q`, oldest without"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<Part>, headers(
            ("X-Total-Count" = i64, description = "Parts matching in all"),
            ("Link" = String, description = "Without `limit`, when more than 1,000 parts match: `<the same query with limit=100&offset=1000>; rel=\"next\"`"),
            ("X-Search-Corrected" = String, description = "The search as read, when a misspelt word of `q` was corrected"))),
        (status = 400, body = ErrorBody)))]
pub async fn list_parts(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    mut params: Params,
) -> ApiResult<Response> {
    let page = params.page(None);
    let unpaged = page.limit.is_none();
    let sort = params.given_choice(
        "sort",
        Sort::parse,
        &format!("one of {}", Sort::NAMES.join(", ")),
    );
    let filters = read_filters(&mut params);
    params.finish()?;
    let sort = sort.unwrap_or(if filters.q.is_some() {
        Sort::Relevance
    } else {
        Sort::Oldest
    });
    let mut filters = search::understand(&state.db, filters).await?;
    if sort == Sort::Relevance {
        filters = search::where_words_are(&state.db, filters).await?;
    }
    let limit = page.limit.or(Some(UNPAGED_MOST));
    let (rows, total) = search::list(&state.db, &filters, sort, limit, page.offset).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut details = store::details(&state.db, &ids).await?;
    let parts = rows
        .into_iter()
        .map(|row| {
            let d = details.remove(&row.id).unwrap_or_default();
            let matched = filters
                .q
                .as_deref()
                .and_then(|q| search::matched_replaced(q, &d.replaces))
                .cloned();
            Part {
                matched_replaced: matched,
                ..Part::new(row, d)
            }
        })
        .collect();
    let mut response = Paged {
        items: parts,
        total,
    }
    .into_response();
    let corrected = filters.understood.and_then(|u| u.corrected);
    if let Some(value) = corrected.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().insert("x-search-corrected", value);
    }
    let next = page.offset + UNPAGED_MOST;
    if unpaged && (total as u64) > next {
        let link = next_page(uri.path(), uri.query().unwrap_or(""), next);
        if let Ok(value) = HeaderValue::from_str(&link) {
            response
                .headers_mut()
                .insert(axum::http::header::LINK, value);
        }
    }
    Ok(response)
}

/// The `Link` to the page after an answer without `limit`: the same query,
/// its `limit` and `offset` (there were none of the first, and any of the
/// second is replaced) set to a page of `MAX_LIMIT` from `offset`.
fn next_page(path: &str, query: &str, offset: u64) -> String {
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let name = pair.split('=').next().unwrap_or("");
            !pair.is_empty() && name != "limit" && name != "offset"
        })
        .collect();
    let paging = format!("limit={}&offset={offset}", crate::core::input::MAX_LIMIT);
    let query = if kept.is_empty() {
        paging
    } else {
        format!("{}&{paging}", kept.join("&"))
    };
    format!("<{path}?{query}>; rel=\"next\"")
}

/// The filters of a catalogue query; a text filter sent blank counts as not sent.
fn read_filters(params: &mut Params) -> Filters {
    let q = params.text("q", SHORT_TEXT);
    let category = params.given_choice(
        "category",
        fields::category,
        &format!("one of {}", fields::CATEGORIES.join(", ")),
    );
    let make = params
        .text("make", MAX_VEHICLE_TEXT)
        .map(|v| v.trim().to_owned());
    let model = params
        .text("model", MAX_VEHICLE_TEXT)
        .map(|v| v.trim().to_owned());
    if model.is_some() && make.is_none() {
        params.fail("model", "model needs a make");
    }
    let year = params.whole("year", FIRST_YEAR, LAST_FILTER_YEAR);
    let engine = params
        .text("engine", MAX_ENGINE_TEXT)
        .map(|e| fields::engine_key(&e));
    if engine.is_some() && model.is_none() {
        params.fail("engine", "engine needs a model");
    }
    let position = params.given_choice(
        "position",
        Position::parse,
        &format!("one of {}", Position::NAMES.join(", ")),
    );
    if position.is_some() && make.is_none() {
        params.fail("position", "position needs a make");
    }
    Filters {
        q,
        category,
        make,
        model,
        year,
        engine,
        position,
        understood: None,
    }
}

/// A category and how many parts it holds.
#[derive(Serialize, ToSchema)]
pub struct CategoryCount {
    #[schema(schema_with = fields::category_schema)]
    pub name: &'static str,
    pub count: i64,
}

/// Every category, in the shop's order, with its number of parts matching
/// the same filters as `GET /api/part` (all parts without any); a
/// `category` sent is checked but does not narrow the counts.
#[utoipa::path(get, path = "/api/category", tag = "parts",
    params(
        ("q" = Option<String>, Query, max_length = 200, description = "As for `GET /api/part`"),
        ("category" = Option<String>, Query, description = "As for `GET /api/part` (does not narrow the counts)"),
        ("make" = Option<String>, Query, max_length = 60, description = "As for `GET /api/part`"),
        ("model" = Option<String>, Query, max_length = 60, description = "As for `GET /api/part`"),
        ("year" = Option<i64>, Query, minimum = 1950, maximum = 2100, description = "As for `GET /api/part`"),
        ("engine" = Option<String>, Query, max_length = 40, description = "As for `GET /api/part`"),
        ("position" = Option<String>, Query, description = "As for `GET /api/part`")),
    responses((status = 200, body = Vec<CategoryCount>), (status = 400, body = ErrorBody)))]
pub async fn list_categories(
    State(state): State<AppState>,
    mut params: Params,
) -> ApiResult<Json<Vec<CategoryCount>>> {
    let filters = read_filters(&mut params);
    params.finish()?;
    let filters = search::understand(&state.db, filters).await?;
    let counts = search::categories(&state.db, &filters).await?;
    Ok(Json(
        counts
            .into_iter()
            .map(|(name, count)| CategoryCount { name, count })
            .collect(),
    ))
}

/// A model and the widest span of model years parts fit it in.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleModel {
    #[schema(example = "Corolla")]
    pub model: String,
    #[schema(example = 2009)]
    pub year_from: i64,
    #[schema(example = 2019)]
    pub year_to: i64,
}

/// A make and its models.
#[derive(Serialize, ToSchema)]
pub struct VehicleMake {
    #[schema(example = "Toyota")]
    pub make: String,
    pub models: Vec<VehicleModel>,
}

/// The makes and models the catalogue's parts fit, A-Z.
#[utoipa::path(get, path = "/api/vehicle", tag = "parts",
    responses((status = 200, body = Vec<VehicleMake>)))]
pub async fn list_vehicles(State(state): State<AppState>) -> ApiResult<Json<Vec<VehicleMake>>> {
    let makes = search::vehicles(&state.db).await?;
    Ok(Json(
        makes
            .into_iter()
            .map(|(make, models)| VehicleMake {
                make,
                models: models
                    .into_iter()
                    .map(|m| VehicleModel {
                        model: m.model,
                        year_from: m.year_from,
                        year_to: m.year_to,
                    })
                    .collect(),
            })
            .collect(),
    ))
}

request! {
    /// Units to add to a part's stock.
    pub struct RestockRequest {
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}

/// The longest `Idempotency-Key` the shop keeps.
const MAX_IDEMPOTENCY_KEY: usize = 100;

/// Adds units to a part's stock in one statement, so orders placed at the
/// same time are never lost; the stock stays at most 1,000,000. The stock,
/// the audit record and the answer are one transaction. A restock sent with
/// an `Idempotency-Key` that the same admin sent before adds nothing again
/// and answers as the first one did (`Idempotent-Replayed: true`); keys are
/// remembered for a day (docs/decisions.md, D31).
#[utoipa::path(post, path = "/api/part/{id}/restock", tag = "parts", security(("bearer" = [])),
    params(("id" = String, Path),
        ("Idempotency-Key" = Option<String>, Header, max_length = 100,
            description = "Made once per restock and sent again with every retry of it (a UUID, for one): a repeat adds nothing")),
    request_body = RestockRequest,
    responses(
        (status = 200, body = Part, headers(("Idempotent-Replayed" = bool, description = "`true` on the answer to a repeat"))),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The key was used for another restock", body = ErrorBody)))]
pub async fn restock_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(RestockRequest { quantity }): Body<RestockRequest>,
) -> ApiResult<Response> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let key = idempotency_key(&headers)?;
    let restocked = store::restock(
        &state.db,
        id,
        quantity,
        MAX_QUANTITY,
        &admin,
        key,
        |row, details| {
            serde_json::to_string(&Part::new(row.clone(), details.clone()))
                .expect("a part always serialises")
        },
    )
    .await?;
    match restocked {
        store::Restocked::Added(row, details) => {
            tracing::info!(part = id, quantity, by = ?admin.email, "part restocked");
            Ok(Json(Part::new(*row, details)).into_response())
        }
        store::Restocked::Repeated {
            part_id,
            quantity: first_quantity,
            answer,
        } => {
            if part_id != id || first_quantity != quantity {
                return Err(ApiError::Refused {
                    status: StatusCode::UNPROCESSABLE_ENTITY,
                    message: format!(
                        "This Idempotency-Key was already used for another restock ({first_quantity} units of part {part_id}). Send a new key for a new restock."
                    ),
                    fields: Default::default(),
                });
            }
            tracing::info!(part = id, quantity, by = ?admin.email, "restock repeated: nothing added");
            let answer: serde_json::Value = answer
                .and_then(|text| serde_json::from_str(&text).ok())
                .ok_or_else(|| anyhow::anyhow!("a kept restock without its answer"))?;
            Ok((
                [(
                    HeaderName::from_static("idempotent-replayed"),
                    HeaderValue::from_static("true"),
                )],
                Json(answer),
            )
                .into_response())
        }
        store::Restocked::Refused => {
            let part = store::find(&state.db, id)
                .await?
                .ok_or_else(|| ApiError::not_found("Part"))?;
            Err(ApiError::field(
                "quantity",
                format!(
                    "Stock can be at most {MAX_QUANTITY}: this part has {}",
                    part.available_quantity
                ),
            ))
        }
    }
}

/// The restock's `Idempotency-Key`, if sent: 1 to 100 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> ApiResult<Option<&str>> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    match value.to_str() {
        Ok(key)
            if (1..=MAX_IDEMPOTENCY_KEY).contains(&key.len())
                && key.bytes().all(|b| b.is_ascii_graphic()) =>
        {
            Ok(Some(key))
        }
        _ => Err(ApiError::bad_request(format!(
            "Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} letters, digits or punctuation, without spaces (a UUID, for one)"
        ))),
    }
}
