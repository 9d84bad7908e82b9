//! Queries on delivery methods and tax rates. The reads that price an order
//! take a connection, so they can run inside the order's write transaction.

use sea_query::{Expr, Iden, Order, Query};

use crate::core::db::Db;

#[derive(Iden)]
pub enum ShippingMethods {
    Table,
    Id,
    Name,
    Description,
    BaseCents,
    PerKgCents,
    FreeOverCents,
    Active,
    CreatedAt,
    UpdatedAt,
}

pub const METHOD_COLUMNS: [ShippingMethods; 9] = [
    ShippingMethods::Id,
    ShippingMethods::Name,
    ShippingMethods::Description,
    ShippingMethods::BaseCents,
    ShippingMethods::PerKgCents,
    ShippingMethods::FreeOverCents,
    ShippingMethods::Active,
    ShippingMethods::CreatedAt,
    ShippingMethods::UpdatedAt,
];

/// A delivery method as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MethodRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// The price per order, in cents.
    pub base_cents: i64,
    /// The price per kilogram, in cents.
    pub per_kg_cents: i64,
    /// Goods of this value or more travel free; None: never free.
    pub free_over_cents: Option<i64>,
    /// 1 when buyers may choose it, else 0.
    pub active: i64,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Iden)]
pub enum TaxRates {
    Table,
    Id,
    Country,
    Region,
    Name,
    RatePpm,
    AppliesToShipping,
    CreatedAt,
    UpdatedAt,
}

pub const RATE_COLUMNS: [TaxRates; 8] = [
    TaxRates::Id,
    TaxRates::Country,
    TaxRates::Region,
    TaxRates::Name,
    TaxRates::RatePpm,
    TaxRates::AppliesToShipping,
    TaxRates::CreatedAt,
    TaxRates::UpdatedAt,
];

/// A tax rate as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TaxRateRow {
    pub id: i64,
    /// ISO 3166-1 alpha-2, upper-case.
    pub country: String,
    /// "" for the whole country.
    pub region: String,
    pub name: String,
    /// Parts per million of the taxed amount (8.25% is 82,500).
    pub rate_ppm: i64,
    /// 1 when delivery is taxed too, else 0.
    pub applies_to_shipping: i64,
    pub created_at: String,
    pub updated_at: String,
}

/// Every delivery method (`active_only`: those buyers may choose), by id.
pub async fn methods_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    active_only: bool,
) -> Result<Vec<MethodRow>, sqlx::Error> {
    let mut select = Query::select()
        .columns(METHOD_COLUMNS)
        .from(ShippingMethods::Table)
        .order_by(ShippingMethods::Id, Order::Asc)
        .to_owned();
    if active_only {
        select.and_where(Expr::col(ShippingMethods::Active).eq(1i64));
    }
    db.fetch_all_on(conn, &select).await
}

/// The delivery method `id` (`active_only`: only if buyers may choose it).
pub async fn method_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    id: i64,
    active_only: bool,
) -> Result<Option<MethodRow>, sqlx::Error> {
    let mut select = Query::select()
        .columns(METHOD_COLUMNS)
        .from(ShippingMethods::Table)
        .and_where(Expr::col(ShippingMethods::Id).eq(id))
        .to_owned();
    if active_only {
        select.and_where(Expr::col(ShippingMethods::Active).eq(1i64));
    }
    db.fetch_optional_on(conn, &select).await
}

/// The tax rates of one country (its regions' and its own).
pub async fn rates_of_country(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    country: &str,
) -> Result<Vec<TaxRateRow>, sqlx::Error> {
    let select = Query::select()
        .columns(RATE_COLUMNS)
        .from(TaxRates::Table)
        .and_where(Expr::col(TaxRates::Country).eq(country.trim().to_ascii_uppercase()))
        .order_by(TaxRates::Id, Order::Asc)
        .to_owned();
    db.fetch_all_on(conn, &select).await
}

/// The tax rate `id`.
pub async fn rate_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    id: i64,
) -> Result<Option<TaxRateRow>, sqlx::Error> {
    let select = Query::select()
        .columns(RATE_COLUMNS)
        .from(TaxRates::Table)
        .and_where(Expr::col(TaxRates::Id).eq(id))
        .to_owned();
    db.fetch_optional_on(conn, &select).await
}

/// Every tax rate, by country and region.
pub async fn rates(db: &Db) -> Result<Vec<TaxRateRow>, sqlx::Error> {
    let select = Query::select()
        .columns(RATE_COLUMNS)
        .from(TaxRates::Table)
        .order_by(TaxRates::Country, Order::Asc)
        .order_by(TaxRates::Region, Order::Asc)
        .order_by(TaxRates::Id, Order::Asc)
        .to_owned();
    db.fetch_all(&select).await
}

/// Whether an error is a second tax rate for one place.
pub fn is_place_taken(err: &sqlx::Error) -> bool {
    crate::core::db::is_unique_violation(err, "tax_rates_place_key", "tax_rates.country")
        || crate::core::db::is_unique_violation(
            err,
            "tax_rates_place_ci_key",
            "tax_rates_place_ci_key",
        )
}
