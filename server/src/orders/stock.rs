//! The parts that orders and carts name, as they need them: price, stock,
//! minimum order and weight, read for many parts in one query; and taking
//! an order's units, each part in one conditional UPDATE that holds only
//! while enough are left (docs/decisions.md, D10 and D16).

use std::collections::HashMap;

use sea_query::{Expr, IntoColumnRef, Query, SimpleExpr};

use crate::db::Db;
use crate::parts::store::Parts;

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
    ]
}

/// The parts among `ids` that exist, by id (read in chunks, so any number
/// of ids stays within the databases' limits on parameters).
pub async fn parts(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, PartInfo>, sqlx::Error> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut found = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let select = Query::select()
            .columns(columns())
            .from(Parts::Table)
            .and_where(Expr::col(Parts::Id).is_in(chunk.iter().copied()))
            .to_owned();
        let rows: Vec<PartInfo> = db.fetch_all_on(&mut *conn, &select).await?;
        found.extend(rows.into_iter().map(|p| (p.id, p)));
    }
    Ok(found)
}

/// Takes `quantity` units of part `id` if that many are in stock, in one
/// statement; answers the part as it is afterwards, or None when the stock
/// was short or the part is gone.
pub async fn take(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    id: i64,
    quantity: i64,
) -> Result<Option<PartInfo>, sqlx::Error> {
    let left: SimpleExpr = Expr::col(Parts::AvailableQuantity).sub(quantity);
    let statement = Query::update()
        .table(Parts::Table)
        .value(Parts::AvailableQuantity, left)
        .and_where(Expr::col(Parts::Id).eq(id))
        .and_where(Expr::col(Parts::AvailableQuantity).gte(quantity))
        .returning(Query::returning().columns(columns()))
        .to_owned();
    db.fetch_optional_on(conn, &statement).await
}

/// Gives back units `take` took in the same transaction, `(part, units)`
/// each: an order refused after taking some of its stock leaves the
/// transaction as it found it.
pub async fn give_back(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    taken: &[(i64, i64)],
) -> Result<(), sqlx::Error> {
    for (id, quantity) in taken.iter().copied() {
        crate::parts::store::return_stock(db, &mut *conn, id, quantity).await?;
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
