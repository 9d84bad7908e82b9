//! Every query of shipping: delivery methods, tax rates and the trade
//! counter. The reads that price an order take a connection, so they can
//! run inside the order's write transaction; the admin's writes of a list
//! go through `Table`, one set of statements for every list.

use sea_query::{Expr, Iden, Order, Query, SimpleExpr};

use super::counter::Counter;
use crate::core::db::{self, Db, Row};
use crate::core::settings;

/// A table of settings rows an admin keeps as a list: its name, id, time
/// columns and every column (in the order of its row type's fields).
pub struct Table<C: 'static> {
    pub table: C,
    pub id: C,
    pub created_at: C,
    pub updated_at: C,
    pub columns: &'static [C],
}

impl<C: Iden + Copy + Send + Sync + 'static> Table<C> {
    /// The row `id`.
    pub async fn row_on<T: Row>(
        &self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        id: i64,
    ) -> Result<Option<T>, sqlx::Error> {
        let select = Query::select()
            .columns(self.columns.iter().copied())
            .from(self.table)
            .and_where(Expr::col(self.id).eq(id))
            .to_owned();
        db.fetch_optional_on(conn, &select).await
    }

    /// Adds a row with `values` (and the time), answering it as stored.
    pub async fn insert_on<T: Row>(
        &self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        values: Vec<(C, SimpleExpr)>,
    ) -> Result<T, sqlx::Error> {
        let now = db::now();
        let (mut columns, mut values): (Vec<_>, Vec<_>) = values.into_iter().unzip();
        columns.extend([self.created_at, self.updated_at]);
        values.extend([now.clone().into(), now.into()]);
        let insert = Query::insert()
            .into_table(self.table)
            .columns(columns)
            .values_panic(values)
            .returning(Query::returning().columns(self.columns.iter().copied()))
            .to_owned();
        db.fetch_optional_on(conn, &insert)
            .await?
            .ok_or(sqlx::Error::RowNotFound)
    }

    /// Writes `values` (and the time) over the row `id`; None: no such row.
    pub async fn update_on<T: Row>(
        &self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        id: i64,
        mut values: Vec<(C, SimpleExpr)>,
    ) -> Result<Option<T>, sqlx::Error> {
        values.push((self.updated_at, db::now().into()));
        let update = Query::update()
            .table(self.table)
            .values(values)
            .and_where(Expr::col(self.id).eq(id))
            .returning(Query::returning().columns(self.columns.iter().copied()))
            .to_owned();
        db.fetch_optional_on(conn, &update).await
    }

    /// Deletes the row `id`, answering how many went (0 or 1).
    pub async fn delete_on(
        &self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        id: i64,
    ) -> Result<u64, sqlx::Error> {
        let delete = Query::delete()
            .from_table(self.table)
            .and_where(Expr::col(self.id).eq(id))
            .to_owned();
        db.execute_on(conn, &delete).await
    }
}

#[derive(Iden, Clone, Copy)]
pub enum ShippingMethods {
    Table,
    Id,
    Name,
    Description,
    BaseCents,
    PerKgCents,
    FreeOverCents,
    Active,
    Regions,
    CreatedAt,
    UpdatedAt,
}

pub const METHOD_COLUMNS: [ShippingMethods; 10] = [
    ShippingMethods::Id,
    ShippingMethods::Name,
    ShippingMethods::Description,
    ShippingMethods::BaseCents,
    ShippingMethods::PerKgCents,
    ShippingMethods::FreeOverCents,
    ShippingMethods::Active,
    ShippingMethods::Regions,
    ShippingMethods::CreatedAt,
    ShippingMethods::UpdatedAt,
];

/// Where delivery methods are kept.
pub const METHODS: Table<ShippingMethods> = Table {
    table: ShippingMethods::Table,
    id: ShippingMethods::Id,
    created_at: ShippingMethods::CreatedAt,
    updated_at: ShippingMethods::UpdatedAt,
    columns: &METHOD_COLUMNS,
};

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
    /// Where it delivers: a JSON array of places ("US", "US-OH"); `[]`:
    /// everywhere.
    pub regions: String,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Iden, Clone, Copy)]
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

/// Where tax rates are kept.
pub const RATES: Table<TaxRates> = Table {
    table: TaxRates::Table,
    id: TaxRates::Id,
    created_at: TaxRates::CreatedAt,
    updated_at: TaxRates::UpdatedAt,
    columns: &RATE_COLUMNS,
};

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

/// Adds an active delivery method (for the demo data); answers its id.
pub async fn insert_method(
    db: &Db,
    name: &str,
    description: &str,
    base_cents: i64,
    per_kg_cents: i64,
    free_over_cents: Option<i64>,
) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let row: MethodRow = METHODS
        .insert_on(
            db,
            &mut conn,
            vec![
                (ShippingMethods::Name, name.into()),
                (ShippingMethods::Description, description.into()),
                (ShippingMethods::BaseCents, base_cents.into()),
                (ShippingMethods::PerKgCents, per_kg_cents.into()),
                (ShippingMethods::FreeOverCents, free_over_cents.into()),
                (ShippingMethods::Active, 1i64.into()),
            ],
        )
        .await?;
    Ok(row.id)
}

/// The key the trade counter is kept under in `settings`, as JSON.
const COUNTER_KEY: &str = "counter";

/// The counter as set, or the defaults.
pub async fn counter_on(db: &Db, conn: &mut sqlx::AnyConnection) -> Result<Counter, sqlx::Error> {
    Ok(settings::read_on(db, conn, COUNTER_KEY)
        .await?
        .unwrap_or_default())
}

/// Keeps `counter` as the trade counter.
pub async fn save_counter(db: &Db, counter: &Counter) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    save_counter_on(db, &mut conn, counter).await
}

/// `save_counter`, on one connection (a transaction's, for one).
pub async fn save_counter_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    counter: &Counter,
) -> Result<(), sqlx::Error> {
    settings::write_on(db, conn, COUNTER_KEY, counter).await
}
