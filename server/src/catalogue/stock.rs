//! The parts that orders and carts name, as they need them: price, stock,
//! minimum order, weight and core charge, read for many parts in one query; and taking
//! the units of orders placed together: their parts read and locked in one
//! query, then every part's units taken in one conditional UPDATE that
//! holds only while enough are left (docs/decisions.md, D10 and D16).

use std::collections::HashMap;

use sea_query::{IntoColumnRef, LockType, Query};

use crate::catalogue::store::Parts;
use crate::core::db::{bulk, Backend, Db};

/// A part as an order line or a cart line shows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PartInfo {
    pub id: i64,
    pub name: String,
    pub sku: String,
    pub img: String,
    pub price_cents: i64,
    pub available_quantity: i64,
    pub minimum_order: i64,
    pub weight_grams: i64,
    /// The refundable deposit on one unit, in cents (0: none).
    pub core_charge_cents: i64,
}

fn columns() -> Vec<sea_query::ColumnRef> {
    vec![
        Parts::Id.into_column_ref(),
        Parts::Name.into_column_ref(),
        Parts::Sku.into_column_ref(),
        Parts::Img.into_column_ref(),
        Parts::PriceCents.into_column_ref(),
        Parts::AvailableQuantity.into_column_ref(),
        Parts::MinimumOrder.into_column_ref(),
        Parts::WeightGrams.into_column_ref(),
        Parts::CoreChargeCents.into_column_ref(),
    ]
}

/// The parts among `ids` that exist, by id, read in one query whatever
/// how many (the ids are bound as one value, see `bulk`).
pub async fn parts(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, PartInfo>, sqlx::Error> {
    read(db, conn, ids, false).await
}

/// The parts among `ids` that exist, by id, read in a write transaction
/// and kept from other writers until it ends: on PostgreSQL their rows are
/// locked (in ascending id order, as every writer locks parts), on SQLite
/// the transaction's write lock keeps them already.
pub async fn lock(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, PartInfo>, sqlx::Error> {
    read(db, conn, ids, db.backend == Backend::Postgres).await
}

async fn read(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
    lock_rows: bool,
) -> Result<HashMap<i64, PartInfo>, sqlx::Error> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut select = Query::select()
        .columns(columns())
        .from(Parts::Table)
        .and_where(bulk::is_in(db.backend, Parts::Id, &ids))
        .order_by(Parts::Id, sea_query::Order::Asc)
        .to_owned();
    if lock_rows {
        select.lock(LockType::Update);
    }
    let rows: Vec<PartInfo> = db.fetch_all_on(&mut *conn, &select).await?;
    Ok(rows.into_iter().map(|p| (p.id, p)).collect())
}

/// Takes `(part, units)` each (each part once), in one statement, from
/// parts read with `lock` in the same transaction. Each part is taken from
/// only while enough are left; should one not be (which the lock rules
/// out), the answer is an error and the caller's transaction, rolled back,
/// keeps nothing of it.
pub async fn take(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    units: &[(i64, i64)],
) -> Result<(), sqlx::Error> {
    let changed = bulk::take_each(
        db.backend,
        conn,
        Parts::Table,
        Parts::AvailableQuantity,
        units,
    )
    .await?;
    if changed != units.len() as u64 {
        return Err(sqlx::Error::Protocol(format!(
            "stock taken from {changed} of {} parts",
            units.len()
        )));
    }
    Ok(())
}

/// Units per part, in ascending part order: every order takes and gives
/// back its parts' stock in this one order, so two orders on PostgreSQL
/// never wait for each other's rows in a circle.
pub fn per_part(lines: impl IntoIterator<Item = (i64, i64)>) -> Vec<(i64, i64)> {
    let mut units: std::collections::BTreeMap<i64, i64> = std::collections::BTreeMap::new();
    for (part, quantity) in lines {
        *units.entry(part).or_default() += quantity;
    }
    units.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_one_part_add_up_and_parts_come_in_order() {
        assert_eq!(
            per_part([(7, 2), (3, 1), (7, 5), (5, 1)]),
            vec![(3, 1), (5, 1), (7, 7)]
        );
        assert!(per_part([]).is_empty());
    }
}
