//! The catalogue: listing and reading parts for everyone, and adding,
//! editing and deleting them for admins.

pub mod fields;
pub mod listing;
pub mod search;
pub mod stock;
pub mod store;
pub mod transfer;

pub use fields::{engine_key, ModelYear, PartId, MAX_ENGINE_TEXT, MAX_VEHICLE_TEXT};
pub use search::{count_matching, count_statement, vehicles as fitted_vehicles, Filters};
pub use stock::{
    lock as lock_stock, parts as parts_by_id, per_part as units_per_part, take as take_stock,
    PartInfo,
};
pub use store::{return_stock, Parts};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::answers::{grams_to_kg, DeletedCount, InsertedId, UpdateResult};
use crate::core::caller::Admin;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{ImageUrl, Money, Sent, Text, Whole};
use crate::core::input::{parse_id, Body, LONG_TEXT, MAX_QUANTITY, SHORT_TEXT};
use crate::core::money::cents_to_units;
use crate::request;
use fields::{
    Category, Fitment, Fitments, OemNumbers, ReplacedNumbers, Sku, WeightKg, DEFAULT_CATEGORY,
    DEFAULT_REORDER_LEVEL,
};
use store::{Details, Edited, PartFields, PartRow, StockChange};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listing::list_parts, create_part))
        .routes(routes!(get_part, update_part, delete_part))
        .routes(routes!(listing::restock_part))
        .routes(routes!(listing::list_categories))
        .routes(routes!(listing::list_vehicles))
        .routes(routes!(transfer::export::export_parts))
        .routes(routes!(transfer::import::import_parts))
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
    /// The shop's part number, upper-case, unique.
    #[schema(example = "BRK-1042")]
    pub sku: String,
    /// The manufacturers' numbers the part replaces, as entered.
    #[schema(example = json!(["04465-33450"]))]
    pub oem_numbers: Vec<String>,
    #[schema(schema_with = fields::category_schema)]
    pub category: String,
    /// The vehicles the part fits.
    pub fitments: Vec<Fitment>,
    /// The stock at or below which the part counts as low.
    pub reorder_level: i64,
    /// Whether `availableQuantity <= reorderLevel`.
    pub low_stock: bool,
    /// What one unit weighs, in kilograms with up to three decimals (0: not given).
    #[schema(example = 1.25)]
    pub weight_kg: f64,
    /// The older part numbers this part supersedes, as entered; a search
    /// for one of them finds this part. Always sent (documented as optional
    /// only so that clients written before it still type-check).
    #[schema(example = json!(["04465-02220"]), required = false)]
    pub replaces: Vec<String>,
    /// In a list searched with `q`: the superseded number `q` found the part
    /// by (the page can say "replaces 04465-02220"); otherwise null. Always
    /// sent, as `replaces` is.
    #[schema(example = "04465-02220", required = false)]
    pub matched_replaced: Option<String>,
}

impl Part {
    pub fn new(row: PartRow, details: Details) -> Self {
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
            sku: row.sku,
            oem_numbers: details.oem_numbers,
            category: row.category,
            fitments: details.fitments,
            reorder_level: row.reorder_level,
            low_stock: row.available_quantity <= row.reorder_level,
            weight_kg: grams_to_kg(row.weight_grams),
            replaces: details.replaces,
            matched_replaced: None,
        }
    }
}

request! {
    /// The fields of a new part (a `price`, quantities and the weight may be
    /// numeric strings). `sku`, `oemNumbers`, `category`, `fitments`,
    /// `reorderLevel`, `weightKg` and `replaces` are optional.
    pub struct PartRequest {
        name: Text<SHORT_TEXT> = "name", "Name";
        description: Text<LONG_TEXT> = "description", "Description";
        img: ImageUrl = "img", "Image";
        price: Money = "price", "Price";
        available_quantity: Whole<0, MAX_QUANTITY> = "availableQuantity", "Quantity";
        minimum_order: Whole<1, MAX_QUANTITY> = "minimumOrder", "Quantity";
        /// Left out or blank: the shop makes one from the id (`PG-000123`).
        sku: Sku = "sku", "Part number";
        oem_numbers: OemNumbers = "oemNumbers", "OEM numbers";
        /// Left out or blank: `Other`.
        category: Category = "category", "Category";
        fitments: Fitments = "fitments", "Fitments";
        /// Left out: 5.
        reorder_level: Sent<Whole<0, MAX_QUANTITY>> = "reorderLevel", "Reorder level";
        /// Kilograms per unit, at most three decimals. Left out: 0 (not given).
        weight_kg: Sent<WeightKg> = "weightKg", "Weight";
        /// Older part numbers this part supersedes.
        replaces: ReplacedNumbers = "replaces", "Replaced numbers";
    }
}

request! {
    /// Changes to a part: any subset of its fields; a field left out or
    /// `null` stays as it is. `oemNumbers`, `fitments` and `replaces`, when
    /// sent, replace the part's whole lists.
    pub struct PartChanges {
        name: Sent<Text<SHORT_TEXT>> = "name", "Name";
        description: Sent<Text<LONG_TEXT>> = "description", "Description";
        img: Sent<ImageUrl> = "img", "Image";
        price: Sent<Money> = "price", "Price";
        available_quantity: Sent<Whole<0, MAX_QUANTITY>> = "availableQuantity", "Quantity";
        /// With `availableQuantity`: the stock the admin saw when choosing it.
        /// The stock is changed only if it is still this figure; otherwise 409.
        available_quantity_seen: Sent<Whole<0, MAX_QUANTITY>> = "availableQuantitySeen", "Stock seen";
        minimum_order: Sent<Whole<1, MAX_QUANTITY>> = "minimumOrder", "Quantity";
        sku: Sku = "sku", "Part number";
        oem_numbers: OemNumbers = "oemNumbers", "OEM numbers";
        category: Category = "category", "Category";
        fitments: Fitments = "fitments", "Fitments";
        reorder_level: Sent<Whole<0, MAX_QUANTITY>> = "reorderLevel", "Reorder level";
        /// Kilograms per unit, at most three decimals.
        weight_kg: Sent<WeightKg> = "weightKg", "Weight";
        replaces: ReplacedNumbers = "replaces", "Replaced numbers";
    }
}

/// One part.
#[utoipa::path(get, path = "/api/part/{id}", tag = "parts", params(("id" = String, Path)),
    responses((status = 200, body = Part), (status = 404, body = ErrorBody)))]
async fn get_part(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Part>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let (part, details) = store::find_with_details(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Part"))?;
    Ok(Json(Part::new(part, details)))
}

/// Adds a part to the catalogue.
#[utoipa::path(post, path = "/api/part", tag = "parts", security(("bearer" = [])), request_body = PartRequest,
    responses(
        (status = 201, body = InsertedId),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another part already has the part number")))]
async fn create_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<PartRequest>,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    let part = new_part(&sent.into());
    let id = store::insert(&state.db, &part, &admin)
        .await
        .map_err(|e| sku_error(e, part.sku.as_deref()))?;
    tracing::info!(part = id, by = ?admin.email, "part added");
    Ok((
        StatusCode::CREATED,
        Json(InsertedId {
            inserted_id: id.to_string(),
        }),
    ))
}

/// Changes the fields sent; `_id`, `placeOrder` and unknown fields are ignored.
/// The stock changes only when `availableQuantity` is sent; with
/// `availableQuantitySeen` it changes only if the stock is still the one the
/// admin saw (409 otherwise), so an edit never writes back stale stock.
#[utoipa::path(put, path = "/api/part/{id}", tag = "parts", security(("bearer" = [])), params(("id" = String, Path)),
    request_body(content = PartChanges, description = "Any subset of the part's fields"),
    responses(
        (status = 200, body = UpdateResult),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another part already has the part number, or the stock changed since the admin saw it")))]
async fn update_part(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(changes): Body<PartChanges>,
) -> ApiResult<Json<UpdateResult>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Part"))?;
    let sent = SentFields::from(changes);
    let edited = store::update(
        &state.db,
        id,
        |current| sent.over(current),
        sent.stock,
        &admin,
    )
    .await
    .map_err(|e| sku_error(e, sent.sku.as_deref()))?;
    let modified = match edited {
        Edited::Done { modified } => modified,
        Edited::NotFound => return Err(ApiError::not_found("Part")),
        Edited::StockMoved { now } => {
            return Err(ApiError::Conflict(format!(
                "The stock changed since you saw it: {now} in stock now. Check it and try again."
            )))
        }
    };
    if modified {
        tracing::info!(part = id, by = ?admin.email, stock = ?sent.stock, "part changed");
    }
    Ok(Json(UpdateResult {
        matched_count: 1,
        modified_count: u64::from(modified),
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
    let deleted_count = store::delete(&state.db, id, &admin).await?;
    if deleted_count == 0 {
        return Err(ApiError::not_found("Part"));
    }
    tracing::info!(part = id, by = ?admin.email, "part deleted");
    Ok(Json(DeletedCount { deleted_count }))
}

/// The fields a request sent; None: not sent (or, for the optional
/// catalogue fields, blank).
#[derive(Debug, Default)]
struct SentFields {
    name: Option<String>,
    description: Option<String>,
    img: Option<String>,
    price_cents: Option<i64>,
    minimum_order: Option<i64>,
    sku: Option<String>,
    oem_numbers: Option<Vec<String>>,
    category: Option<&'static str>,
    fitments: Option<Vec<Fitment>>,
    reorder_level: Option<i64>,
    weight_grams: Option<i64>,
    replaces: Option<Vec<String>>,
    stock: Option<StockChange>,
}

impl SentFields {
    /// `base` with the sent fields written over it. The stock is not among
    /// them: it changes only through `StockChange`, in the store.
    fn over(&self, base: &PartFields) -> PartFields {
        let mut part = base.clone();
        let set = |field: &mut String, sent: &Option<String>| {
            if let Some(value) = sent {
                field.clone_from(value);
            }
        };
        set(&mut part.name, &self.name);
        set(&mut part.description, &self.description);
        set(&mut part.img, &self.img);
        part.price_cents = self.price_cents.unwrap_or(part.price_cents);
        part.minimum_order = self.minimum_order.unwrap_or(part.minimum_order);
        if self.sku.is_some() {
            part.sku.clone_from(&self.sku);
        }
        if let Some(numbers) = &self.oem_numbers {
            part.details.oem_numbers.clone_from(numbers);
        }
        if let Some(category) = self.category {
            part.category = category.to_owned();
        }
        if let Some(fitments) = &self.fitments {
            part.details.fitments.clone_from(fitments);
        }
        part.reorder_level = self.reorder_level.unwrap_or(part.reorder_level);
        part.weight_grams = self.weight_grams.unwrap_or(part.weight_grams);
        if let Some(replaces) = &self.replaces {
            part.details.replaces.clone_from(replaces);
        }
        part
    }
}

impl From<PartRequest> for SentFields {
    fn from(part: PartRequest) -> Self {
        SentFields {
            name: Some(part.name),
            description: Some(part.description),
            img: Some(part.img),
            price_cents: Some(part.price),
            minimum_order: Some(part.minimum_order),
            sku: part.sku,
            oem_numbers: part.oem_numbers,
            category: part.category,
            fitments: part.fitments,
            reorder_level: part.reorder_level,
            weight_grams: part.weight_kg,
            replaces: part.replaces,
            stock: Some(StockChange {
                to: part.available_quantity,
                seen: None,
            }),
        }
    }
}

impl From<PartChanges> for SentFields {
    fn from(changes: PartChanges) -> Self {
        SentFields {
            name: changes.name,
            description: changes.description,
            img: changes.img,
            price_cents: changes.price,
            minimum_order: changes.minimum_order,
            sku: changes.sku,
            oem_numbers: changes.oem_numbers,
            category: changes.category,
            fitments: changes.fitments,
            reorder_level: changes.reorder_level,
            weight_grams: changes.weight_kg,
            replaces: changes.replaces,
            stock: changes.available_quantity.map(|to| StockChange {
                to,
                seen: changes.available_quantity_seen,
            }),
        }
    }
}

/// The fields of a new part: those sent over the defaults.
fn new_part(sent: &SentFields) -> PartFields {
    let mut part = sent.over(&PartFields {
        name: String::new(),
        description: String::new(),
        img: String::new(),
        price_cents: 0,
        available_quantity: 0,
        minimum_order: 0,
        sku: None,
        category: DEFAULT_CATEGORY.to_owned(),
        reorder_level: DEFAULT_REORDER_LEVEL,
        weight_grams: 0,
        details: Details::default(),
    });
    part.available_quantity = sent.stock.map_or(0, |s| s.to);
    part
}

/// A part number taken by another part: 409 naming it.
fn sku_error(err: sqlx::Error, sku: Option<&str>) -> ApiError {
    match sku {
        Some(sku) if store::is_sku_taken(&err) => {
            ApiError::Conflict(format!("Another part already has the part number {sku}"))
        }
        _ => err.into(),
    }
}
