//! Queries on parts. Stock is only ever changed by single conditional
//! UPDATEs, so concurrent orders and restocks cannot lose or take the same
//! unit twice. A part's OEM numbers and fitments live in tables of their
//! own, written in the same transaction as the part, and so do the older
//! part numbers it supersedes.

use std::collections::HashMap;

use sea_query::{Expr, Iden, Query};
use sqlx::Any;

use super::fields::{engine_key, generated_sku, normalise, Fitment};
use super::search;
use crate::audit::{self, Entry};
use crate::core::caller::CurrentUser;
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
}

#[derive(Iden)]
pub enum PartReplacedNumbers {
    Table,
    PartId,
    Position,
    Number,
    Normalised,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PartRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub img: String,
    pub price_cents: i64,
    pub available_quantity: i64,
    pub minimum_order: i64,
    pub created_at: String,
    pub updated_at: String,
    pub sku: String,
    pub category: String,
    pub reorder_level: i64,
    /// What one unit weighs, in grams (0: not given).
    pub weight_grams: i64,
}

/// A part's OEM numbers, fitments and superseded numbers, in the order
/// they were entered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Details {
    pub oem_numbers: Vec<String>,
    pub fitments: Vec<Fitment>,
    pub replaces: Vec<String>,
}

/// The fields an admin sets on a part.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub details: Details,
}

impl PartFields {
    /// The part as the audit log shows it before and after an action: every
    /// field, the price in cents and the weight in grams.
    pub fn audit_json(&self) -> serde_json::Value {
        serde_json::json!({
            "sku": self.sku,
            "name": self.name,
            "description": self.description,
            "img": self.img,
            "priceCents": self.price_cents,
            "availableQuantity": self.available_quantity,
            "minimumOrder": self.minimum_order,
            "category": self.category,
            "reorderLevel": self.reorder_level,
            "weightGrams": self.weight_grams,
            "oemNumbers": self.details.oem_numbers,
            "replaces": self.details.replaces,
            "fitments": self.details.fitments,
        })
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
            details,
        }
    }
}

pub const COLUMNS: [Parts; 13] = [
    Parts::Id,
    Parts::Name,
    Parts::Description,
    Parts::Img,
    Parts::PriceCents,
    Parts::AvailableQuantity,
    Parts::MinimumOrder,
    Parts::CreatedAt,
    Parts::UpdatedAt,
    Parts::Sku,
    Parts::Category,
    Parts::ReorderLevel,
    Parts::WeightGrams,
];

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
    let select = Query::select()
        .columns(COLUMNS)
        .from(Parts::Table)
        .and_where(Expr::col(Parts::Id).eq(id))
        .to_owned();
    db.fetch_optional_on(executor, &select).await
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
pub async fn details_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, Details>, sqlx::Error> {
    let mut all: HashMap<i64, Details> = HashMap::new();
    for chunk in ids.chunks(500) {
        let numbers: Vec<(i64, String)> = db
            .fetch_all_on(
                &mut *conn,
                &Query::select()
                    .columns([PartOemNumbers::PartId, PartOemNumbers::Number])
                    .from(PartOemNumbers::Table)
                    .and_where(Expr::col(PartOemNumbers::PartId).is_in(chunk.iter().copied()))
                    .order_by(PartOemNumbers::PartId, sea_query::Order::Asc)
                    .order_by(PartOemNumbers::Position, sea_query::Order::Asc)
                    .to_owned(),
            )
            .await?;
        for (id, number) in numbers {
            all.entry(id).or_default().oem_numbers.push(number);
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
        let replaced: Vec<(i64, String)> = db
            .fetch_all_on(
                &mut *conn,
                &Query::select()
                    .columns([PartReplacedNumbers::PartId, PartReplacedNumbers::Number])
                    .from(PartReplacedNumbers::Table)
                    .and_where(Expr::col(PartReplacedNumbers::PartId).is_in(chunk.iter().copied()))
                    .order_by(PartReplacedNumbers::PartId, sea_query::Order::Asc)
                    .order_by(PartReplacedNumbers::Position, sea_query::Order::Asc)
                    .to_owned(),
            )
            .await?;
        for (id, number) in replaced {
            all.entry(id).or_default().replaces.push(number);
        }
    }
    Ok(all)
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

/// Adds a part with its OEM numbers and fitments, recording it in the audit
/// log as added by `by` in the same transaction; answers its id.
pub async fn insert(db: &Db, part: &PartFields, by: &CurrentUser) -> Result<i64, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    let (id, sku) = insert_on(db, &mut tx, part).await?;
    let mut added = part.clone();
    added.sku = Some(sku);
    audit::record(
        db,
        &mut tx,
        Entry {
            by: by.into(),
            action: audit::PART_ADDED,
            subject_type: "part",
            subject_id: id.to_string(),
            before: None,
            after: Some(added.audit_json()),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Adds a part with its OEM numbers and fitments inside the write
/// transaction `tx`; answers its id and part number. Without a part number
/// the part gets `PG-` and its id (or, should an admin have typed that one
/// for another part, the first free `PG-000123-2`, `-3`...).
pub async fn insert_on(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    part: &PartFields,
) -> Result<(i64, String), sqlx::Error> {
    let now = db::now();
    // A value no admin can type (`~` is not allowed), unique to this insert,
    // holds the place until the id is known.
    let sku = part
        .sku
        .clone()
        .unwrap_or_else(|| format!("~{:016x}", rand::random::<u64>()));
    let statement = Query::insert()
        .into_table(Parts::Table)
        .columns([
            Parts::Name,
            Parts::Description,
            Parts::Img,
            Parts::PriceCents,
            Parts::AvailableQuantity,
            Parts::MinimumOrder,
            Parts::CreatedAt,
            Parts::UpdatedAt,
            Parts::Sku,
            Parts::SkuNormalised,
            Parts::Category,
            Parts::ReorderLevel,
            Parts::WeightGrams,
        ])
        .values_panic([
            part.name.clone().into(),
            part.description.clone().into(),
            part.img.clone().into(),
            part.price_cents.into(),
            part.available_quantity.into(),
            part.minimum_order.into(),
            now.clone().into(),
            now.into(),
            sku.clone().into(),
            normalise(&sku).into(),
            part.category.clone().into(),
            part.reorder_level.into(),
            part.weight_grams.into(),
        ])
        .returning_col(Parts::Id)
        .to_owned();
    let (id,): (i64,) = db
        .fetch_optional_on(&mut **tx, &statement)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let mut final_sku = sku;
    if part.sku.is_none() {
        let base = generated_sku(id);
        let mut sku = base.clone();
        for n in 2.. {
            let taken: Option<(i64,)> = db
                .fetch_optional_on(
                    &mut **tx,
                    &Query::select()
                        .column(Parts::Id)
                        .from(Parts::Table)
                        .and_where(Expr::col(Parts::Sku).eq(sku.clone()))
                        .to_owned(),
                )
                .await?;
            if taken.is_none() {
                break;
            }
            sku = format!("{base}-{n}");
        }
        let name_it = Query::update()
            .table(Parts::Table)
            .values([
                (Parts::Sku, sku.clone().into()),
                (Parts::SkuNormalised, normalise(&sku).into()),
            ])
            .and_where(Expr::col(Parts::Id).eq(id))
            .to_owned();
        db.execute_on(&mut **tx, &name_it).await?;
        final_sku = sku;
    }
    write_details(db, tx, id, &part.details).await?;
    remember_words(db, tx, part).await?;
    Ok((id, final_sku))
}

/// Adds the words of `part` to the words a misspelt search is corrected
/// to, in the transaction writing the part.
async fn remember_words(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    part: &PartFields,
) -> Result<(), sqlx::Error> {
    let texts = [part.name.as_str(), part.description.as_str()]
        .into_iter()
        .chain(
            part.details
                .fitments
                .iter()
                .flat_map(|f| [f.make.as_str(), f.model.as_str()]),
        );
    if let Some(insert) = search::remember_words_statement(&search::index_words(texts)) {
        db.execute_on(&mut **tx, &insert).await?;
    }
    Ok(())
}

/// A stock figure an admin sets by hand: `to`, and, when they state it, the
/// stock they saw when they chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockChange {
    pub to: i64,
    pub seen: Option<i64>,
}

/// How an edit of a part ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edited {
    /// The fields were written (false: they already were as asked).
    Done {
        modified: bool,
    },
    NotFound,
    /// The stock the admin saw is not the stock now: nothing was written.
    StockMoved {
        now: i64,
    },
}

/// Edits a part in one write transaction: the fields of `changed` that
/// differ from the part as it stands, its OEM numbers and fitments when
/// those differ, and its stock only when `stock` says so (and, when it
/// states the stock it saw, only if that is still the stock). Orders take
/// and give back stock with conditional UPDATEs of their own, so writing
/// just these columns can never put back units an order has taken. A
/// change is recorded in the audit log as made by `by`, in the same
/// transaction.
pub async fn update(
    db: &Db,
    id: i64,
    changed: impl FnOnce(&PartFields) -> PartFields,
    stock: Option<StockChange>,
    by: &CurrentUser,
) -> Result<Edited, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    let (edited, change) = update_on(db, &mut tx, id, changed, stock).await?;
    if let Some((before, after)) = change {
        audit::record(
            db,
            &mut tx,
            Entry {
                by: by.into(),
                action: audit::PART_EDITED,
                subject_type: "part",
                subject_id: id.to_string(),
                before: Some(before.audit_json()),
                after: Some(after.audit_json()),
            },
        )
        .await?;
        tx.commit().await?;
    }
    Ok(edited)
}

/// A part as it stood before an edit and after it.
pub type Change = (PartFields, PartFields);

/// `update` inside the write transaction `tx`, recording nothing; answers
/// how it ended and, when something was written, the part before and
/// after (the caller commits).
pub async fn update_on(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    id: i64,
    changed: impl FnOnce(&PartFields) -> PartFields,
    stock: Option<StockChange>,
) -> Result<(Edited, Option<Change>), sqlx::Error> {
    let Some(row) = find_on(db, &mut **tx, id).await? else {
        return Ok((Edited::NotFound, None));
    };
    if let Some(StockChange {
        seen: Some(seen), ..
    }) = stock
    {
        if seen != row.available_quantity {
            return Ok((
                Edited::StockMoved {
                    now: row.available_quantity,
                },
                None,
            ));
        }
    }
    let details = details_on(db, tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    let current = PartFields::from_row(row, details);
    let mut part = changed(&current);
    let mut values: Vec<(Parts, sea_query::SimpleExpr)> = Vec::new();
    if part.name != current.name {
        values.push((Parts::Name, part.name.clone().into()));
    }
    if part.description != current.description {
        values.push((Parts::Description, part.description.clone().into()));
    }
    if part.img != current.img {
        values.push((Parts::Img, part.img.clone().into()));
    }
    if part.price_cents != current.price_cents {
        values.push((Parts::PriceCents, part.price_cents.into()));
    }
    if part.minimum_order != current.minimum_order {
        values.push((Parts::MinimumOrder, part.minimum_order.into()));
    }
    if part.sku != current.sku {
        let sku = part.sku.clone().unwrap_or_else(|| generated_sku(id));
        values.push((Parts::SkuNormalised, normalise(&sku).into()));
        values.push((Parts::Sku, sku.into()));
    }
    if part.category != current.category {
        values.push((Parts::Category, part.category.clone().into()));
    }
    if part.reorder_level != current.reorder_level {
        values.push((Parts::ReorderLevel, part.reorder_level.into()));
    }
    if part.weight_grams != current.weight_grams {
        values.push((Parts::WeightGrams, part.weight_grams.into()));
    }
    match stock {
        Some(StockChange { to, .. }) if to != current.available_quantity => {
            values.push((Parts::AvailableQuantity, to.into()));
            part.available_quantity = to;
        }
        _ => part.available_quantity = current.available_quantity,
    }
    let details_changed = part.details != current.details;
    if values.is_empty() && !details_changed {
        return Ok((Edited::Done { modified: false }, None));
    }
    values.push((Parts::UpdatedAt, db::now().into()));
    let statement = Query::update()
        .table(Parts::Table)
        .values(values)
        .and_where(Expr::col(Parts::Id).eq(id))
        .to_owned();
    db.execute_on(&mut **tx, &statement).await?;
    if details_changed {
        let clear_numbers = Query::delete()
            .from_table(PartOemNumbers::Table)
            .and_where(Expr::col(PartOemNumbers::PartId).eq(id))
            .to_owned();
        db.execute_on(&mut **tx, &clear_numbers).await?;
        let clear_fitments = Query::delete()
            .from_table(PartFitments::Table)
            .and_where(Expr::col(PartFitments::PartId).eq(id))
            .to_owned();
        db.execute_on(&mut **tx, &clear_fitments).await?;
        let clear_replaced = Query::delete()
            .from_table(PartReplacedNumbers::Table)
            .and_where(Expr::col(PartReplacedNumbers::PartId).eq(id))
            .to_owned();
        db.execute_on(&mut **tx, &clear_replaced).await?;
        write_details(db, tx, id, &part.details).await?;
    }
    if details_changed || part.name != current.name || part.description != current.description {
        remember_words(db, tx, &part).await?;
    }
    if part.sku.is_none() {
        part.sku = Some(generated_sku(id));
    }
    Ok((Edited::Done { modified: true }, Some((current, part))))
}

async fn write_details(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    id: i64,
    details: &Details,
) -> Result<(), sqlx::Error> {
    if !details.oem_numbers.is_empty() {
        let mut insert = Query::insert()
            .into_table(PartOemNumbers::Table)
            .columns([
                PartOemNumbers::PartId,
                PartOemNumbers::Position,
                PartOemNumbers::Number,
                PartOemNumbers::Normalised,
            ])
            .to_owned();
        for (position, number) in details.oem_numbers.iter().enumerate() {
            insert.values_panic([
                id.into(),
                (position as i64).into(),
                number.clone().into(),
                normalise(number).into(),
            ]);
        }
        db.execute_on(&mut **tx, &insert).await?;
    }
    if !details.fitments.is_empty() {
        let mut insert = Query::insert()
            .into_table(PartFitments::Table)
            .columns([
                PartFitments::PartId,
                PartFitments::Position,
                PartFitments::Make,
                PartFitments::Model,
                PartFitments::MakeKey,
                PartFitments::ModelKey,
                PartFitments::YearFrom,
                PartFitments::YearTo,
                PartFitments::Engine,
                PartFitments::EngineKey,
                PartFitments::Trim,
                PartFitments::Axle,
                PartFitments::Side,
                PartFitments::Note,
            ])
            .to_owned();
        for (position, f) in details.fitments.iter().enumerate() {
            let engine = f.engine.clone().unwrap_or_default();
            insert.values_panic([
                id.into(),
                (position as i64).into(),
                f.make.clone().into(),
                f.model.clone().into(),
                vehicle_key(&f.make).into(),
                vehicle_key(&f.model).into(),
                f.year_from.into(),
                f.year_to.into(),
                engine.clone().into(),
                engine_key(&engine).into(),
                f.trim.clone().unwrap_or_default().into(),
                f.axle.unwrap_or_default().into(),
                f.side.unwrap_or_default().into(),
                f.note.clone().unwrap_or_default().into(),
            ]);
        }
        db.execute_on(&mut **tx, &insert).await?;
    }
    if !details.replaces.is_empty() {
        let mut insert = Query::insert()
            .into_table(PartReplacedNumbers::Table)
            .columns([
                PartReplacedNumbers::PartId,
                PartReplacedNumbers::Position,
                PartReplacedNumbers::Number,
                PartReplacedNumbers::Normalised,
            ])
            .to_owned();
        for (position, number) in details.replaces.iter().enumerate() {
            insert.values_panic([
                id.into(),
                (position as i64).into(),
                number.clone().into(),
                normalise(number).into(),
            ]);
        }
        db.execute_on(&mut **tx, &insert).await?;
    }
    Ok(())
}

/// A make or model as the vehicle filter compares it: trimmed, lower-case.
pub fn vehicle_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Deletes a part, recording it in the audit log (with the part as it
/// was) in the same transaction; answers how many were deleted.
pub async fn delete(db: &Db, id: i64, by: &CurrentUser) -> Result<u64, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    let Some(row) = find_on(db, &mut *tx, id).await? else {
        return Ok(0);
    };
    let details = details_on(db, &mut tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    let before = PartFields::from_row(row, details);
    let deleted = db
        .execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(Parts::Table)
                .and_where(Expr::col(Parts::Id).eq(id))
                .to_owned(),
        )
        .await?;
    audit::record(
        db,
        &mut tx,
        Entry {
            by: by.into(),
            action: audit::PART_DELETED,
            subject_type: "part",
            subject_id: id.to_string(),
            before: Some(before.audit_json()),
            after: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(deleted)
}

/// Puts `quantity` units back (a cancelled order); a deleted part stays deleted.
pub async fn return_stock<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
    quantity: i64,
) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Parts::Table)
        .value(
            Parts::AvailableQuantity,
            Expr::col(Parts::AvailableQuantity).add(quantity),
        )
        .and_where(Expr::col(Parts::Id).eq(id))
        .to_owned();
    db.execute_on(executor, &statement).await
}

#[derive(Iden)]
enum RestockRequests {
    Table,
    AdminId,
    RequestKey,
    PartId,
    Quantity,
    CreatedAt,
    AnswerJson,
}

/// How long a restock's `Idempotency-Key` is remembered.
pub const RESTOCK_KEY_KEPT: time::Duration = time::Duration::days(1);

/// What became of a restock.
pub enum Restocked {
    /// The units were added: the part afterwards, read in the same transaction.
    Added(Box<PartRow>, Details),
    /// Nothing was added: the part does not exist or its stock would pass `max`.
    Refused,
    /// The admin sent this key before: what they asked for then, and the
    /// answer they were given (nothing was added now).
    Repeated {
        part_id: i64,
        quantity: i64,
        answer: Option<String>,
    },
}

/// A restock sent before with the same key.
#[derive(sqlx::FromRow)]
struct RestockRequestRow {
    part_id: i64,
    quantity: i64,
    answer_json: Option<String>,
}

/// Adds `quantity` units to the stock in one statement, as long as the
/// stock stays at most `max`. The restock, its audit record (the stock
/// before and after) and the part it answers are one transaction.
///
/// With a `key` (the admin's `Idempotency-Key`) the request is recorded
/// first, under a unique (admin, key): a repeat, even one sent while the
/// first is still running, finds the first one instead of adding again, and
/// gets its answer (`answer` makes it, stored with the request).
pub async fn restock(
    db: &Db,
    id: i64,
    quantity: i64,
    max: i64,
    by: &CurrentUser,
    key: Option<&str>,
    answer: impl FnOnce(&PartRow, &Details) -> String,
) -> Result<Restocked, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    if let Some(key) = key {
        let insert = Query::insert()
            .into_table(RestockRequests::Table)
            .columns([
                RestockRequests::AdminId,
                RestockRequests::RequestKey,
                RestockRequests::PartId,
                RestockRequests::Quantity,
                RestockRequests::CreatedAt,
            ])
            .values_panic([
                by.id.into(),
                key.into(),
                id.into(),
                quantity.into(),
                db::now().into(),
            ])
            .to_owned();
        match db.execute_on(&mut *tx, &insert).await {
            Ok(_) => {}
            Err(e)
                if db::is_unique_violation(
                    &e,
                    "restock_requests_key",
                    "restock_requests.admin_id",
                ) =>
            {
                tx.rollback().await?;
                let first: RestockRequestRow = db
                    .fetch_one(
                        &Query::select()
                            .columns([
                                RestockRequests::PartId,
                                RestockRequests::Quantity,
                                RestockRequests::AnswerJson,
                            ])
                            .from(RestockRequests::Table)
                            .and_where(Expr::col(RestockRequests::AdminId).eq(by.id))
                            .and_where(Expr::col(RestockRequests::RequestKey).eq(key))
                            .to_owned(),
                    )
                    .await?;
                return Ok(Restocked::Repeated {
                    part_id: first.part_id,
                    quantity: first.quantity,
                    answer: first.answer_json,
                });
            }
            Err(e) => return Err(e),
        }
        let forgotten = time::OffsetDateTime::now_utc() - RESTOCK_KEY_KEPT;
        db.execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(RestockRequests::Table)
                .and_where(Expr::col(RestockRequests::CreatedAt).lt(db::format_time(forgotten)))
                .to_owned(),
        )
        .await?;
    }
    let statement = Query::update()
        .table(Parts::Table)
        .values([
            (
                Parts::AvailableQuantity,
                Expr::col(Parts::AvailableQuantity).add(quantity),
            ),
            (Parts::UpdatedAt, db::now().into()),
        ])
        .and_where(Expr::col(Parts::Id).eq(id))
        .and_where(Expr::col(Parts::AvailableQuantity).lte(max - quantity))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let Some(row) = db
        .fetch_optional_on::<PartRow>(&mut *tx, &statement)
        .await?
    else {
        // Rolled back: the key is not kept, so a later try is judged afresh.
        return Ok(Restocked::Refused);
    };
    audit::record(
        db,
        &mut tx,
        Entry {
            by: by.into(),
            action: audit::PART_RESTOCKED,
            subject_type: "part",
            subject_id: id.to_string(),
            before: Some(serde_json::json!({
                "sku": row.sku,
                "availableQuantity": row.available_quantity - quantity,
            })),
            after: Some(serde_json::json!({
                "sku": row.sku,
                "availableQuantity": row.available_quantity,
                "added": quantity,
            })),
        },
    )
    .await?;
    let details = details_on(db, &mut tx, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    if let Some(key) = key {
        db.execute_on(
            &mut *tx,
            &Query::update()
                .table(RestockRequests::Table)
                .value(RestockRequests::AnswerJson, answer(&row, &details))
                .and_where(Expr::col(RestockRequests::AdminId).eq(by.id))
                .and_where(Expr::col(RestockRequests::RequestKey).eq(key))
                .to_owned(),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Restocked::Added(Box::new(row), details))
}

pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(Parts::Id).count())
                .from(Parts::Table)
                .to_owned(),
        )
        .await?;
    Ok(n)
}
