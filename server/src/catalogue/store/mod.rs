//! Queries on parts. Stock is only ever changed by single conditional
//! UPDATEs, so concurrent orders and restocks cannot lose or take the same
//! unit twice. A part's OEM numbers and fitments live in tables of their
//! own, written in the same transaction as the part, and so do the older
//! part numbers it supersedes.
//!
//! Here: the tables, a part's row and fields, and the reads; `write` adds,
//! edits and deletes parts, `restock` puts stock back and adds it.

mod restock;
mod write;

pub use restock::{restock, return_stock, Restocked, RESTOCK_KEY_KEPT};
pub use write::{
    delete, insert, insert_many_on, insert_on, update, update_on, Change, Edited, StockChange,
};

use std::collections::HashMap;

use sea_query::{DynIden, Expr, Iden, IntoIden, LockType, Order, Query};
use serde::Serialize;
use sqlx::Any;

use super::fields::Fitment;
use crate::core::db::{self, Db};

#[derive(Iden)]
pub enum Parts {
    Table,
    Id,
    Name,
    Description,
    Img,
    PriceCents,
    AvailableQuantity,
    MinimumOrder,
    CreatedAt,
    UpdatedAt,
    Sku,
    SkuNormalised,
    Category,
    ReorderLevel,
    WeightGrams,
    CoreChargeCents,
    /// Generated: whether the stock is at or below the reorder level.
    LowStock,
}

#[derive(Iden)]
pub enum PartOemNumbers {
    Table,
    PartId,
    Position,
    Number,
    Normalised,
}

#[derive(Iden)]
pub enum PartFitments {
    Table,
    PartId,
    Position,
    Make,
    Model,
    MakeKey,
    ModelKey,
    YearFrom,
    YearTo,
    Engine,
    EngineKey,
    Trim,
    Axle,
    Side,
    Note,
    /// The part's own category, kept equal to it by the database (D49).
    Category,
}

/// The distinct vehicle spans the fitments name, with how many name each
/// (kept by the database's triggers; read by `GET /api/vehicle`).
#[derive(Iden)]
pub enum FitmentVehicles {
    Table,
    Make,
    Model,
    MakeKey,
    ModelKey,
    YearFrom,
    YearTo,
}

/// How many parts each category has (kept by the database's triggers; read
/// for the catalogue's total and its categories' numbers when nothing but
/// a category narrows them).
#[derive(Iden)]
pub enum CategoryCounts {
    Table,
    Category,
    Parts,
}

/// How many parts each run of [`BLOCK_IDS`] ids holds (kept by the
/// database's triggers; read to find where a page far into the catalogue,
/// oldest or newest first, starts).
#[derive(Iden)]
pub enum PartBlocks {
    Table,
    Block,
    Parts,
}

/// How many ids a row of `part_blocks` counts the parts of: block `b` has
/// the parts whose ids are from `b * BLOCK_IDS` to `(b + 1) * BLOCK_IDS - 1`
/// (the migration's triggers divide by the same number).
pub const BLOCK_IDS: i64 = 1024;

#[derive(Iden)]
pub enum PartReplacedNumbers {
    Table,
    PartId,
    Position,
    Number,
    Normalised,
}

crate::stored_row! {
    /// A part as stored.
    #[derive(Debug, Clone)]
    pub struct PartRow, columns COLUMNS: Parts {
        id: i64 = Id,
        name: String = Name,
        description: String = Description,
        img: String = Img,
        price_cents: i64 = PriceCents,
        available_quantity: i64 = AvailableQuantity,
        minimum_order: i64 = MinimumOrder,
        created_at: String = CreatedAt,
        updated_at: String = UpdatedAt,
        sku: String = Sku,
        category: String = Category,
        reorder_level: i64 = ReorderLevel,
        /// What one unit weighs, in grams (0: not given).
        weight_grams: i64 = WeightGrams,
        /// The refundable deposit on one unit, in cents (0: none).
        core_charge_cents: i64 = CoreChargeCents,
    }
}

/// A part's OEM numbers, fitments and superseded numbers, in the order
/// they were entered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Details {
    pub oem_numbers: Vec<String>,
    pub fitments: Vec<Fitment>,
    pub replaces: Vec<String>,
}

/// The fields an admin sets on a part; serialized (camelCase, the price
/// in cents and the weight in grams) as the audit log shows a part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PartFields {
    pub name: String,
    pub description: String,
    pub img: String,
    pub price_cents: i64,
    pub available_quantity: i64,
    pub minimum_order: i64,
    /// Upper-case; None on a new part: the shop makes one from its id.
    pub sku: Option<String>,
    pub category: String,
    pub reorder_level: i64,
    /// Grams per unit.
    pub weight_grams: i64,
    /// The deposit on one unit, in cents.
    pub core_charge_cents: i64,
    #[serde(flatten)]
    pub details: Details,
}

impl PartFields {
    /// The part as the audit log shows it before and after an action: every
    /// field, the price in cents and the weight in grams.
    pub fn audit_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The columns an admin's fields are written to, with their values:
    /// all of them when a part is added, those that differ when it is
    /// edited. The part number and the stock are written apart (the one
    /// may be made from the id, the other moves only by events).
    pub fn values(&self) -> Vec<(Parts, sea_query::SimpleExpr)> {
        vec![
            (Parts::Name, self.name.clone().into()),
            (Parts::Description, self.description.clone().into()),
            (Parts::Img, self.img.clone().into()),
            (Parts::PriceCents, self.price_cents.into()),
            (Parts::MinimumOrder, self.minimum_order.into()),
            (Parts::Category, self.category.clone().into()),
            (Parts::ReorderLevel, self.reorder_level.into()),
            (Parts::WeightGrams, self.weight_grams.into()),
            (Parts::CoreChargeCents, self.core_charge_cents.into()),
        ]
    }

    /// A stored part's fields.
    pub fn from_row(row: PartRow, details: Details) -> Self {
        PartFields {
            name: row.name,
            description: row.description,
            img: row.img,
            price_cents: row.price_cents,
            available_quantity: row.available_quantity,
            minimum_order: row.minimum_order,
            sku: Some(row.sku),
            category: row.category,
            reorder_level: row.reorder_level,
            weight_grams: row.weight_grams,
            core_charge_cents: row.core_charge_cents,
            details,
        }
    }
}

/// Whether an error is a second part taking a part number.
pub fn is_sku_taken(err: &sqlx::Error) -> bool {
    db::is_unique_violation(err, "parts_sku_key", "parts.sku")
}

pub async fn find(db: &Db, id: i64) -> Result<Option<PartRow>, sqlx::Error> {
    find_on(db, &db.pool, id).await
}

pub async fn find_on<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
) -> Result<Option<PartRow>, sqlx::Error> {
    db.fetch_optional_on(executor, &select_one(id)).await
}

/// `find_on` in a write transaction, keeping the part from other writers
/// until it ends: on PostgreSQL its row is locked (`FOR UPDATE`), so an
/// order's transaction taking its units either committed before the read
/// or waits for this one; SQLite's write transaction holds every row.
pub async fn find_locked_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    id: i64,
) -> Result<Option<PartRow>, sqlx::Error> {
    // SQLite's query builder writes no lock clause.
    let select = select_one(id).lock(LockType::Update).to_owned();
    db.fetch_optional_on(conn, &select).await
}

fn select_one(id: i64) -> sea_query::SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Parts::Table)
        .and_where(Expr::col(Parts::Id).eq(id))
        .to_owned()
}

/// A part with its OEM numbers and fitments.
pub async fn find_with_details(
    db: &Db,
    id: i64,
) -> Result<Option<(PartRow, Details)>, sqlx::Error> {
    let Some(row) = find(db, id).await? else {
        return Ok(None);
    };
    let details = details(db, &[id]).await?.remove(&id).unwrap_or_default();
    Ok(Some((row, details)))
}

/// The OEM numbers and fitments of the given parts (read in chunks, so any
/// number of parts stays within the databases' limits on parameters).
pub async fn details(db: &Db, ids: &[i64]) -> Result<HashMap<i64, Details>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    details_on(db, &mut conn, ids).await
}

/// `details`, read on one connection (a transaction's, for one).
///
/// Two statements: the OEM and superseded numbers together (`UNION ALL`,
/// told apart by a column of their own), then the fitments. Every page of
/// parts reads them, and each statement is a round trip to the database
/// (on SQLite a hand-over to its connection's thread and back), which on
/// a number search's page cost more than reading the rows. The fitments
/// stay apart: as rows of the numbers' shape, padded to a fitment's
/// columns, a page of 24 parts read slower than with a statement of their
/// own (the numbers' rows came back with eight more columns each).
pub async fn details_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, Details>, sqlx::Error> {
    let mut all: HashMap<i64, Details> = HashMap::new();
    for chunk in ids.chunks(500) {
        let mut numbers: Vec<NumberRow> = db
            .fetch_all_on(&mut *conn, &numbers_statement(chunk))
            .await?;
        // In no order from the database: sorting the few rows here costs
        // less than its sorting them (on SQLite a temporary b-tree).
        numbers.sort_unstable_by_key(|row| (row.replaced, row.part_id, row.position));
        for row in numbers {
            let details = all.entry(row.part_id).or_default();
            match row.replaced {
                0 => details.oem_numbers.push(row.number),
                _ => details.replaces.push(row.number),
            }
        }
        let fitments: Vec<FitmentRow> = db
            .fetch_all_on(
                &mut *conn,
                &Query::select()
                    .columns([
                        PartFitments::PartId,
                        PartFitments::Make,
                        PartFitments::Model,
                        PartFitments::YearFrom,
                        PartFitments::YearTo,
                        PartFitments::Engine,
                        PartFitments::Trim,
                        PartFitments::Axle,
                        PartFitments::Side,
                        PartFitments::Note,
                    ])
                    .from(PartFitments::Table)
                    .and_where(Expr::col(PartFitments::PartId).is_in(chunk.iter().copied()))
                    .order_by(PartFitments::PartId, sea_query::Order::Asc)
                    .order_by(PartFitments::Position, sea_query::Order::Asc)
                    .to_owned(),
            )
            .await?;
        for row in fitments {
            all.entry(row.part_id)
                .or_default()
                .fitments
                .push(row.into());
        }
    }
    Ok(all)
}

/// The OEM numbers (`replaced` 0) and superseded numbers (`replaced` 1) of
/// `ids`, in no order ([`NumberRow`]). The ids are bound once, on the two
/// tables' rows together, which both databases read as each table's rows
/// of those ids: a statement binding the ids twice would bind more values
/// than a statement kept prepared may ([`db::MAX_KEPT_STATEMENT_VALUES`])
/// for a page of 24 parts, and be prepared again for each page.
fn numbers_statement(ids: &[i64]) -> sea_query::SelectStatement {
    use sea_query::{Alias, UnionType};
    let numbers =
        |replaced: &str, table: DynIden, part: DynIden, position: DynIden, number: DynIden| {
            Query::select()
                .expr_as(Expr::cust(replaced), Alias::new("replaced"))
                .expr_as(Expr::col(part), Alias::new("part_id"))
                .expr_as(Expr::col(position), Alias::new("position"))
                .expr_as(Expr::col(number), Alias::new("number"))
                .from(table)
                .to_owned()
        };
    let both = numbers(
        "0",
        PartOemNumbers::Table.into_iden(),
        PartOemNumbers::PartId.into_iden(),
        PartOemNumbers::Position.into_iden(),
        PartOemNumbers::Number.into_iden(),
    )
    .union(
        UnionType::All,
        numbers(
            "1",
            PartReplacedNumbers::Table.into_iden(),
            PartReplacedNumbers::PartId.into_iden(),
            PartReplacedNumbers::Position.into_iden(),
            PartReplacedNumbers::Number.into_iden(),
        ),
    )
    .to_owned();
    Query::select()
        .columns(["replaced", "part_id", "position", "number"].map(Alias::new))
        .from_subquery(both, Alias::new("numbers"))
        .and_where(Expr::col(Alias::new("part_id")).is_in(ids.iter().copied()))
        .to_owned()
}

/// A row of [`numbers_statement`].
#[derive(sqlx::FromRow)]
struct NumberRow {
    replaced: i64,
    part_id: i64,
    position: i64,
    number: String,
}

/// A stored fitment; its qualifiers are '' where it has none.
#[derive(sqlx::FromRow)]
struct FitmentRow {
    part_id: i64,
    make: String,
    model: String,
    year_from: i64,
    year_to: i64,
    engine: String,
    trim: String,
    axle: String,
    side: String,
    note: String,
}

impl From<FitmentRow> for Fitment {
    fn from(row: FitmentRow) -> Self {
        let given = |text: String| (!text.is_empty()).then_some(text);
        let word = |text: &str, words: &[&'static str]| words.iter().copied().find(|w| *w == text);
        Fitment {
            axle: word(&row.axle, &super::fields::AXLES),
            side: word(&row.side, &super::fields::SIDES),
            make: row.make,
            model: row.model,
            year_from: row.year_from,
            year_to: row.year_to,
            engine: given(row.engine),
            trim: given(row.trim),
            note: given(row.note),
        }
    }
}

/// A make or model as the vehicle filter compares it: trimmed, lower-case.
pub fn vehicle_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// How many parts the catalogue holds, on `conn` (a transaction's, for one).
pub async fn count_on(db: &Db, conn: &mut sqlx::AnyConnection) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db
        .fetch_optional_on(
            conn,
            &Query::select()
                .expr(Expr::col(Parts::Id).count())
                .from(Parts::Table)
                .to_owned(),
        )
        .await?
        .unwrap_or((0,));
    Ok(n)
}

/// How many parts the catalogue holds.
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    count_on(db, &mut conn).await
}

/// The parts after id `after`, by id, at most `limit` of them.
pub async fn page_after(db: &Db, after: i64, limit: u64) -> Result<Vec<PartRow>, sqlx::Error> {
    db.fetch_all(
        &Query::select()
            .columns(COLUMNS)
            .from(Parts::Table)
            .and_where(Expr::col(Parts::Id).gt(after))
            .order_by(Parts::Id, Order::Asc)
            .limit(limit)
            .to_owned(),
    )
    .await
}

/// The ids of the parts with these part numbers, by part number.
pub async fn ids_by_sku_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    skus: Vec<String>,
) -> Result<HashMap<String, i64>, sqlx::Error> {
    let found: Vec<(i64, String)> = db
        .fetch_all_on(
            conn,
            &Query::select()
                .columns([Parts::Id, Parts::Sku])
                .from(Parts::Table)
                .and_where(Expr::col(Parts::Sku).is_in(skus))
                .to_owned(),
        )
        .await?;
    Ok(found.into_iter().map(|(id, sku)| (sku, id)).collect())
}

/// Takes the catalogue import's turn for the rest of the transaction:
/// imports take turns, as SQLite's writes do; on PostgreSQL a second import
/// waits for the first (an advisory lock), then finds its part numbers
/// known and updates them, instead of meeting them at the unique key.
pub async fn take_import_turn(db: &Db, conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    if db.backend == crate::core::db::Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(7366837116)")
            .execute(conn)
            .await?;
    }
    Ok(())
}
