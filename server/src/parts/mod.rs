//! The catalogue: listing and reading parts for everyone, and adding,
//! editing and deleting them for admins.

pub mod store;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Admin;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::input::{
    cents_to_units, parse_id, Form, JsonObject, LONG_TEXT, MAX_QUANTITY, SHORT_TEXT,
};
use crate::state::AppState;
use store::{PartFields, PartRow};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_parts, create_part))
        .routes(routes!(get_part, update_part, delete_part))
}

/// A part as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Part {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Address of the part's picture.
    pub img: String,
    /// Unit price in currency units.
    pub price: f64,
    pub available_quantity: i64,
    pub minimum_order: i64,
    pub created_at: String,
    pub updated_at: String,
}

impl From<PartRow> for Part {
    fn from(row: PartRow) -> Self {
        Part {
            id: row.id.to_string(),
            name: row.name,
            description: row.description,
            img: row.img,
            price: cents_to_units(row.price_cents),
            available_quantity: row.available_quantity,
            minimum_order: row.minimum_order,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// The fields of a new part (a `price` and quantities may be numeric strings).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct PartRequest {
    #[schema(max_length = 200)]
    name: String,
    #[schema(max_length = 5000)]
    description: String,
    #[schema(minimum = 0)]
    available_quantity: i64,
    #[schema(minimum = 1)]
    minimum_order: i64,
    #[schema(example = 34.99)]
    price: f64,
    #[schema(example = "/api/image/3f2a9c.jpg")]
    img: String,
}

/// Changes to a part: any subset of its fields; a field left out or `null`
/// stays as it is.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct PartChanges {
    #[schema(max_length = 200, nullable)]
    name: Option<String>,
    #[schema(max_length = 5000, nullable)]
    description: Option<String>,
    #[schema(minimum = 0, nullable)]
    available_quantity: Option<i64>,
    #[schema(minimum = 1, nullable)]
    minimum_order: Option<i64>,
    #[schema(example = 34.99, nullable)]
    price: Option<f64>,
    #[schema(example = "/api/image/3f2a9c.jpg", nullable)]
    img: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsertedId {
    pub inserted_id: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateResult {
    pub matched_count: u64,
    pub modified_count: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedCount {
    pub deleted_count: u64,
}

#[derive(Deserialize)]
pub struct ListQuery {
    q: Option<String>,
    limit: Option<String>,
    offset: Option<String>,
}

/// Parts, oldest first; all of them unless `limit` is given.
#[utoipa::path(get, path = "/api/part", tag = "parts",
    params(
        ("q" = Option<String>, Query, description = "Words to find in the name or description"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<Part>, headers(("X-Total-Count" = i64, description = "Parts matching in all"))),
        (status = 400, body = ErrorBody)))]
async fn list_parts(
    State(state): State<AppState>,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<(HeaderMap, Json<Vec<Part>>)> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let limit = match query.limit.as_deref() {
        None => None,
        Some(raw) => Some(
            raw.parse::<u64>()
                .ok()
                .filter(|l| (1..=100).contains(l))
                .ok_or_else(|| {
                    ApiError::field("limit", "limit must be a whole number from 1 to 100")
                })?,
        ),
    };
    let offset = match query.offset.as_deref() {
        None => 0,
        Some(raw) => raw
            .parse::<u64>()
            .ok()
            .filter(|o| *o <= i64::MAX as u64)
            .ok_or_else(|| {
                ApiError::field("offset", "offset must be a whole number of 0 or more")
            })?,
    };
    let q = query.q.as_deref().filter(|q| !q.trim().is_empty());
    if q.is_some_and(|q| q.chars().count() > SHORT_TEXT) {
        return Err(ApiError::field(
            "q",
            format!("q must be at most {SHORT_TEXT} characters"),
        ));
    }
    let (rows, total) = store::list(&state.db, q, limit, offset).await?;
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(total));
    Ok((headers, Json(rows.into_iter().map(Part::from).collect())))
}

/// One part.
#[utoipa::path(get, path = "/api/part/{id}", tag = "parts", params(("id" = String, Path)),
    responses((status = 200, body = Part), (status = 404, body = ErrorBody)))]
async fn get_part(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Part>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let part = store::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Part"))?;
    Ok(Json(part.into()))
}

/// Adds a part to the catalogue.
#[utoipa::path(post, path = "/api/part", tag = "parts", security(("bearer" = [])), request_body = PartRequest,
    responses(
        (status = 201, body = InsertedId),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
async fn create_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    JsonObject(body): JsonObject,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    let part = read_part(&body, None)?;
    let id = store::insert(&state.db, &part).await?;
    tracing::info!(part = id, by = %admin.email, "part added");
    Ok((
        StatusCode::CREATED,
        Json(InsertedId {
            inserted_id: id.to_string(),
        }),
    ))
}

/// Changes the fields sent; `_id`, `placeOrder` and unknown fields are ignored.
#[utoipa::path(put, path = "/api/part/{id}", tag = "parts", security(("bearer" = [])), params(("id" = String, Path)),
    request_body(content = PartChanges, description = "Any subset of the part's fields"),
    responses(
        (status = 200, body = UpdateResult),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    JsonObject(body): JsonObject,
) -> ApiResult<Json<UpdateResult>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let current = store::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Part"))?;
    let current = PartFields {
        name: current.name,
        description: current.description,
        img: current.img,
        price_cents: current.price_cents,
        available_quantity: current.available_quantity,
        minimum_order: current.minimum_order,
    };
    let changed = read_part(&body, Some(&current))?;
    if changed == current {
        return Ok(Json(UpdateResult {
            matched_count: 1,
            modified_count: 0,
        }));
    }
    if !store::update(&state.db, id, &changed).await? {
        return Err(ApiError::not_found("Part"));
    }
    tracing::info!(part = id, by = %admin.email, "part changed");
    Ok(Json(UpdateResult {
        matched_count: 1,
        modified_count: 1,
    }))
}

/// Removes a part; orders already placed keep its name and price.
#[utoipa::path(delete, path = "/api/part/{id}", tag = "parts", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let deleted_count = store::delete(&state.db, id).await?;
    if deleted_count == 0 {
        return Err(ApiError::not_found("Part"));
    }
    tracing::info!(part = id, by = %admin.email, "part deleted");
    Ok(Json(DeletedCount { deleted_count }))
}

/// Reads a part's fields: all required for a new part (`current` None), or
/// only those sent, over the current ones, for an update.
fn read_part(
    body: &Map<String, Value>,
    current: Option<&PartFields>,
) -> Result<PartFields, ApiError> {
    let mut form = Form::new(body);
    let mut part = current.cloned().unwrap_or(PartFields {
        name: String::new(),
        description: String::new(),
        img: String::new(),
        price_cents: 0,
        available_quantity: 0,
        minimum_order: 0,
    });
    let wanted = |form: &Form, name: &str| current.is_none() || form.has(name);
    if wanted(&form, "name") {
        part.name = form.text("name", "Name", SHORT_TEXT);
    }
    if wanted(&form, "description") {
        part.description = form.text("description", "Description", LONG_TEXT);
    }
    if wanted(&form, "img") {
        part.img = form.image_url("img");
    }
    if wanted(&form, "price") {
        part.price_cents = form.money("price", "Price");
    }
    if wanted(&form, "availableQuantity") {
        part.available_quantity = form.whole("availableQuantity", "Quantity", 0, MAX_QUANTITY);
    }
    if wanted(&form, "minimumOrder") {
        part.minimum_order = form.whole("minimumOrder", "Quantity", 1, MAX_QUANTITY);
    }
    form.finish()?;
    Ok(part)
}
