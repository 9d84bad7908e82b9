//! A part written: added, edited or deleted with its OEM numbers, fitments
//! and superseded numbers in one transaction with its audit record; the
//! words of a new or edited part are remembered for misspelt searches, and
//! on SQLite its row of the word index is written once its fitments are
//! ([`search::index_marked_parts`]).

use sea_query::{Expr, Query};
use sqlx::Any;

use super::*;
use crate::audit::{self, Entry};
use crate::catalogue::fields::{engine_key, generated_sku, normalise};
use crate::catalogue::search;
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Db};

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
    let (mut columns, mut values): (Vec<_>, Vec<_>) = part.values().into_iter().unzip();
    columns.extend([
        Parts::AvailableQuantity,
        Parts::Sku,
        Parts::SkuNormalised,
        Parts::CreatedAt,
        Parts::UpdatedAt,
    ]);
    values.extend([
        part.available_quantity.into(),
        sku.clone().into(),
        normalise(&sku).into(),
        now.clone().into(),
        now.into(),
    ]);
    let statement = Query::insert()
        .into_table(Parts::Table)
        .columns(columns)
        .values_panic(values)
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
    write_details(db, tx, &[(id, part)]).await?;
    remember_words(db, tx, std::slice::from_ref(part)).await?;
    search::index_marked_parts(db, tx).await?;
    Ok((id, final_sku))
}

/// Adds parts that all have a part number, none of them known, inside the
/// write transaction `tx`, with their OEM numbers, fitments and superseded
/// numbers: a handful of statements for any number of parts (an import's
/// batch), rather than a handful for each.
pub async fn insert_many_on(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    parts: &[PartFields],
) -> Result<(), sqlx::Error> {
    let Some(first) = parts.first() else {
        return Ok(());
    };
    let now = db::now();
    let mut columns: Vec<Parts> = first.values().into_iter().map(|(c, _)| c).collect();
    columns.extend([
        Parts::AvailableQuantity,
        Parts::SkuNormalised,
        Parts::Sku,
        Parts::CreatedAt,
        Parts::UpdatedAt,
    ]);
    let mut insert = Query::insert()
        .into_table(Parts::Table)
        .columns(columns)
        .returning(Query::returning().columns([Parts::Id, Parts::Sku]))
        .to_owned();
    for part in parts {
        let sku = part.sku.clone().ok_or(sqlx::Error::RowNotFound)?;
        let mut values: Vec<sea_query::SimpleExpr> =
            part.values().into_iter().map(|(_, v)| v).collect();
        values.extend([
            part.available_quantity.into(),
            normalise(&sku).into(),
            sku.into(),
            now.clone().into(),
            now.clone().into(),
        ]);
        insert.values_panic(values);
    }
    // The ids come back in no promised order: matched by part number.
    let added: Vec<(i64, String)> = db.fetch_all_on(&mut **tx, &insert).await?;
    let ids: HashMap<String, i64> = added.into_iter().map(|(id, sku)| (sku, id)).collect();
    let ids: Vec<i64> = parts
        .iter()
        .map(|p| p.sku.as_ref().and_then(|s| ids.get(s).copied()))
        .collect::<Option<_>>()
        .ok_or(sqlx::Error::RowNotFound)?;
    let added: Vec<(i64, &PartFields)> = ids.iter().copied().zip(parts).collect();
    write_details(db, tx, &added).await?;
    remember_words(db, tx, parts).await?;
    search::index_marked_parts(db, tx).await
}

/// Adds the words of `parts` to the words a misspelt search is corrected
/// to, in the transaction writing them (one statement).
pub(super) async fn remember_words(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    parts: &[PartFields],
) -> Result<(), sqlx::Error> {
    let texts = parts.iter().flat_map(|part| {
        [part.name.as_str(), part.description.as_str()]
            .into_iter()
            .chain(
                part.details
                    .fitments
                    .iter()
                    .flat_map(|f| [f.make.as_str(), f.model.as_str()]),
            )
    });
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
    // An edit that sets the stock reads the part locked, so the stock seen is
    // checked against the stock as it stands when the edit is written. Other
    // edits (an import's among them) lock only what they write, as they
    // write it: they never touch the stock.
    let row = match stock {
        Some(_) => find_locked_on(db, tx, id).await?,
        None => find_on(db, &mut **tx, id).await?,
    };
    let Some(row) = row else {
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
    let mut values: Vec<(Parts, sea_query::SimpleExpr)> = part
        .values()
        .into_iter()
        .zip(current.values())
        .filter(|(new, old)| new.1 != old.1)
        .map(|(new, _)| new)
        .collect();
    if part.sku != current.sku {
        let sku = part.sku.clone().unwrap_or_else(|| generated_sku(id));
        values.push((Parts::SkuNormalised, normalise(&sku).into()));
        values.push((Parts::Sku, sku.into()));
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
        write_details(db, tx, &[(id, &part)]).await?;
    }
    if details_changed || part.name != current.name || part.description != current.description {
        remember_words(db, tx, std::slice::from_ref(&part)).await?;
    }
    search::index_marked_parts(db, tx).await?;
    if part.sku.is_none() {
        part.sku = Some(generated_sku(id));
    }
    Ok((Edited::Done { modified: true }, Some((current, part))))
}

/// Writes the OEM numbers, fitments and superseded numbers of each part
/// of `parts` (its id and fields): one statement for each kind, whatever
/// the number of parts. Each fitment carries its part's category (D49).
pub(super) async fn write_details(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    parts: &[(i64, &PartFields)],
) -> Result<(), sqlx::Error> {
    let parts: Vec<(i64, &str, &Details)> = parts
        .iter()
        .map(|(id, part)| (*id, part.category.as_str(), &part.details))
        .collect();
    if let Some(insert) = numbers_insert(
        PartOemNumbers::Table,
        [
            PartOemNumbers::PartId,
            PartOemNumbers::Position,
            PartOemNumbers::Number,
            PartOemNumbers::Normalised,
        ],
        &parts,
        |d| &d.oem_numbers,
    ) {
        db.execute_on(&mut **tx, &insert).await?;
    }
    if parts.iter().any(|(_, _, d)| !d.fitments.is_empty()) {
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
                PartFitments::Category,
            ])
            .to_owned();
        for (id, category, details) in &parts {
            for (position, f) in details.fitments.iter().enumerate() {
                let engine = f.engine.clone().unwrap_or_default();
                insert.values_panic([
                    (*id).into(),
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
                    (*category).into(),
                ]);
            }
        }
        db.execute_on(&mut **tx, &insert).await?;
    }
    if let Some(insert) = numbers_insert(
        PartReplacedNumbers::Table,
        [
            PartReplacedNumbers::PartId,
            PartReplacedNumbers::Position,
            PartReplacedNumbers::Number,
            PartReplacedNumbers::Normalised,
        ],
        &parts,
        |d| &d.replaces,
    ) {
        db.execute_on(&mut **tx, &insert).await?;
    }
    Ok(())
}

/// The statement adding a list of numbers (OEM or superseded) of each part
/// of `parts` to `table`, whose columns are the part, the number's position
/// in the list, the number and its normalised form; None when no part has one.
fn numbers_insert<T: sea_query::Iden + 'static>(
    table: T,
    columns: [T; 4],
    parts: &[(i64, &str, &Details)],
    numbers: impl Fn(&Details) -> &Vec<String>,
) -> Option<sea_query::InsertStatement> {
    if parts.iter().all(|(_, _, d)| numbers(d).is_empty()) {
        return None;
    }
    let mut insert = Query::insert()
        .into_table(table)
        .columns(columns)
        .to_owned();
    for (id, _, details) in parts {
        for (position, number) in numbers(details).iter().enumerate() {
            insert.values_panic([
                (*id).into(),
                (position as i64).into(),
                number.clone().into(),
                normalise(number).into(),
            ]);
        }
    }
    Some(insert)
}

/// Deletes a part, recording it in the audit log (with the part as it
/// was) in the same transaction; answers how many were deleted.
pub async fn delete(db: &Db, id: i64, by: &CurrentUser) -> Result<u64, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    let Some(row) = find_locked_on(db, &mut tx, id).await? else {
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
