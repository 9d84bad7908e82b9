//! How orders travel and what they are taxed: the delivery methods an admin
//! offers beside pickup at the trade counter, the counter itself, the tax
//! rates by place, and the pricing that puts them together (`pricing`).
//! A new shop has no delivery methods and no tax rates: orders are picked
//! up and untaxed until an admin sets them.

pub mod counter;
pub mod fields;
pub mod pricing;
pub mod store;
pub mod tax;

pub use pricing::{options, quote, DeliveryOption, MethodChoice, Quote, Tariffs};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Expr, Query};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::addresses::NAME_TEXT;
use crate::app::state::AppState;
use crate::audit;
use crate::core::answers::DeletedCount;
use crate::core::caller::{Admin, CurrentUser};
use crate::core::db::{self, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{Flag, Money, OptionalText, Sent, Text};
use crate::core::input::{parse_id, Body, SHORT_TEXT};
use crate::core::money::cents_to_units;
use crate::request;
use counter::Counter;
use fields::Charge;
use store::{MethodRow, ShippingMethods, METHOD_COLUMNS};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(public_methods))
        .routes(routes!(list_methods, create_method))
        .routes(routes!(update_method, delete_method))
        .routes(routes!(counter::set_counter))
        .routes(routes!(tax::list_rates, tax::create_rate))
        .routes(routes!(tax::update_rate, tax::delete_rate))
}

/// A delivery method the shop offers.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingMethod {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(example = "Standard delivery")]
    pub name: String,
    #[schema(example = "2–4 working days")]
    pub description: String,
    /// The price per order, in currency units.
    #[schema(example = 5.95)]
    pub base_price: f64,
    /// The price per kilogram of the order, in currency units.
    #[schema(example = 0.5)]
    pub price_per_kg: f64,
    /// Goods worth this much or more travel free; null: never free.
    #[schema(example = 150)]
    pub free_over: Option<f64>,
    /// Whether buyers may choose it.
    pub active: bool,
}

impl From<MethodRow> for ShippingMethod {
    fn from(row: MethodRow) -> Self {
        ShippingMethod {
            id: row.id.to_string(),
            name: row.name,
            description: row.description,
            base_price: cents_to_units(row.base_cents),
            price_per_kg: cents_to_units(row.per_kg_cents),
            free_over: row.free_over_cents.map(cents_to_units),
            active: row.active == 1,
        }
    }
}

/// Where buyers can collect orders, and how else orders can travel.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingChoices {
    pub counter: Counter,
    /// The delivery methods buyers may choose, by id.
    pub methods: Vec<ShippingMethod>,
}

request! {
    /// A delivery method: a price per order plus a price per kilogram,
    /// free from `freeOver` (left out or null: never free). `description`
    /// and `active` (true) may be left out; a `PUT` replaces every field.
    pub struct ShippingMethodRequest {
        name: Text<NAME_TEXT> = "name", "Name", example = "Standard delivery";
        /// How long it takes, or anything else buyers should know.
        description: OptionalText<SHORT_TEXT> = "description", "Description", example = "2–4 working days";
        /// The price per order, in currency units (0 or more).
        base_price: Charge = "basePrice", "Base price";
        /// The price per kilogram, in currency units (0 or more).
        price_per_kg: Charge = "pricePerKg", "Price per kg", example = 0.5;
        /// Goods worth this much or more travel free.
        free_over: Sent<Money> = "freeOver", "Free over", example = 150;
        /// Whether buyers may choose it. Left out: true.
        active: Sent<Flag> = "active", "Active";
    }
}

impl ShippingMethodRequest {
    fn values(&self) -> Vec<(ShippingMethods, sea_query::SimpleExpr)> {
        let description = self.description.as_deref().map_or("", str::trim);
        vec![
            (ShippingMethods::Name, self.name.trim().into()),
            (ShippingMethods::Description, description.into()),
            (ShippingMethods::BaseCents, self.base_price.into()),
            (ShippingMethods::PerKgCents, self.price_per_kg.into()),
            (ShippingMethods::FreeOverCents, self.free_over.into()),
            (
                ShippingMethods::Active,
                i64::from(self.active.unwrap_or(true)).into(),
            ),
        ]
    }
}

async fn read_counter(db: &Db) -> Result<Counter, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    counter::load_on(db, &mut conn).await
}

async fn read_methods(db: &Db, active_only: bool) -> Result<Vec<ShippingMethod>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let rows = store::methods_on(db, &mut conn, active_only).await?;
    Ok(rows.into_iter().map(ShippingMethod::from).collect())
}

/// The trade counter and the delivery methods buyers may choose, for everyone.
#[utoipa::path(get, path = "/api/shipping-methods", tag = "shipping",
    responses((status = 200, body = ShippingChoices)))]
async fn public_methods(State(state): State<AppState>) -> ApiResult<Json<ShippingChoices>> {
    Ok(Json(ShippingChoices {
        counter: read_counter(&state.db).await?,
        methods: read_methods(&state.db, true).await?,
    }))
}

/// Every delivery method, those buyers cannot choose too, by id.
#[utoipa::path(get, path = "/api/admin/shipping-methods", tag = "shipping", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<ShippingMethod>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
async fn list_methods(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<ShippingMethod>>> {
    Ok(Json(read_methods(&state.db, false).await?))
}

/// Adds a delivery method.
#[utoipa::path(post, path = "/api/admin/shipping-methods", tag = "shipping", security(("bearer" = [])),
    request_body = ShippingMethodRequest,
    responses(
        (status = 201, body = ShippingMethod),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
async fn create_method(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<ShippingMethodRequest>,
) -> ApiResult<(StatusCode, Json<ShippingMethod>)> {
    let now = db::now();
    let (mut columns, mut values): (Vec<_>, Vec<_>) = sent.values().into_iter().unzip();
    columns.extend([ShippingMethods::CreatedAt, ShippingMethods::UpdatedAt]);
    values.extend([now.clone().into(), now.into()]);
    let insert = Query::insert()
        .into_table(ShippingMethods::Table)
        .columns(columns)
        .values_panic(values)
        .returning(Query::returning().columns(METHOD_COLUMNS))
        .to_owned();
    let (_turn, mut tx) = state.db.begin_write().await?;
    let row: MethodRow = state
        .db
        .fetch_optional_on(&mut *tx, &insert)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    audit_method(
        &state.db,
        &mut tx,
        &admin,
        audit::DELIVERY_METHOD_ADDED,
        row.id,
        None,
        Some(&row),
    )
    .await?;
    tx.commit().await?;
    tracing::info!(method = row.id, by = ?admin.email, "delivery method added");
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Replaces a delivery method's fields. Orders placed with it keep its
/// name and the price they were charged.
#[utoipa::path(put, path = "/api/admin/shipping-methods/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ShippingMethodRequest,
    responses(
        (status = 200, body = ShippingMethod),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_method(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(sent): Body<ShippingMethodRequest>,
) -> ApiResult<Json<ShippingMethod>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Shipping method"))?;
    let mut values = sent.values();
    values.push((ShippingMethods::UpdatedAt, db::now().into()));
    let update = Query::update()
        .table(ShippingMethods::Table)
        .values(values)
        .and_where(Expr::col(ShippingMethods::Id).eq(id))
        .returning(Query::returning().columns(METHOD_COLUMNS))
        .to_owned();
    let (_turn, mut tx) = state.db.begin_write().await?;
    let before = store::method_on(&state.db, &mut tx, id, false)
        .await?
        .ok_or_else(|| ApiError::not_found("Shipping method"))?;
    let row: MethodRow = state
        .db
        .fetch_optional_on(&mut *tx, &update)
        .await?
        .ok_or_else(|| ApiError::not_found("Shipping method"))?;
    audit_method(
        &state.db,
        &mut tx,
        &admin,
        audit::DELIVERY_METHOD_EDITED,
        id,
        Some(&before),
        Some(&row),
    )
    .await?;
    tx.commit().await?;
    tracing::info!(method = id, by = ?admin.email, "delivery method changed");
    Ok(Json(row.into()))
}

/// Deletes a delivery method. Orders placed with it keep its name and the
/// price they were charged.
#[utoipa::path(delete, path = "/api/admin/shipping-methods/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_method(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Shipping method"))?;
    let (_turn, mut tx) = state.db.begin_write().await?;
    let before = store::method_on(&state.db, &mut tx, id, false)
        .await?
        .ok_or_else(|| ApiError::not_found("Shipping method"))?;
    let deleted_count = state
        .db
        .execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(ShippingMethods::Table)
                .and_where(Expr::col(ShippingMethods::Id).eq(id))
                .to_owned(),
        )
        .await?;
    if deleted_count == 0 {
        return Err(ApiError::not_found("Shipping method"));
    }
    audit_method(
        &state.db,
        &mut tx,
        &admin,
        audit::DELIVERY_METHOD_DELETED,
        id,
        Some(&before),
        None,
    )
    .await?;
    tx.commit().await?;
    tracing::info!(method = id, by = ?admin.email, "delivery method deleted");
    Ok(Json(DeletedCount { deleted_count }))
}

/// Records a change of a delivery method in the audit log, inside its
/// transaction `tx`.
async fn audit_method(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    by: &CurrentUser,
    action: &'static str,
    id: i64,
    before: Option<&MethodRow>,
    after: Option<&MethodRow>,
) -> Result<(), sqlx::Error> {
    let json = |row: Option<&MethodRow>| {
        row.and_then(|row| serde_json::to_value(ShippingMethod::from(row.clone())).ok())
    };
    audit::record(
        db,
        tx,
        audit::Entry {
            by: by.into(),
            action,
            subject_type: "deliveryMethod",
            subject_id: id.to_string(),
            before: json(before),
            after: json(after),
        },
    )
    .await
}

/// Adds a delivery method (for the demo data); answers its id.
pub async fn insert_method(
    db: &Db,
    name: &str,
    description: &str,
    base_cents: i64,
    per_kg_cents: i64,
    free_over_cents: Option<i64>,
) -> Result<i64, sqlx::Error> {
    let now = db::now();
    let insert = Query::insert()
        .into_table(ShippingMethods::Table)
        .columns([
            ShippingMethods::Name,
            ShippingMethods::Description,
            ShippingMethods::BaseCents,
            ShippingMethods::PerKgCents,
            ShippingMethods::FreeOverCents,
            ShippingMethods::Active,
            ShippingMethods::CreatedAt,
            ShippingMethods::UpdatedAt,
        ])
        .values_panic([
            name.into(),
            description.into(),
            base_cents.into(),
            per_kg_cents.into(),
            free_over_cents.into(),
            1i64.into(),
            now.clone().into(),
            now.into(),
        ])
        .returning_col(ShippingMethods::Id)
        .to_owned();
    let (id,): (i64,) = db.fetch_one(&insert).await?;
    Ok(id)
}
