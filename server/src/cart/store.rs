//! Queries on carts: one row per part in a signed-in buyer's cart.

use sea_query::{Expr, Iden, OnConflict, Order, Query};

use crate::core::db::{self, bulk, Db};

#[derive(Iden)]
enum CartLines {
    Table,
    UserId,
    PartId,
    Quantity,
    SeenPriceCents,
    AddedAt,
    UpdatedAt,
}

/// One line of a cart: a part, how many, and the price shown when the line
/// was last set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct CartRow {
    pub part_id: i64,
    pub quantity: i64,
    pub seen_price_cents: i64,
}

/// A buyer's cart, in the order the lines were added.
pub async fn lines(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
) -> Result<Vec<CartRow>, sqlx::Error> {
    let select = Query::select()
        .columns([
            CartLines::PartId,
            CartLines::Quantity,
            CartLines::SeenPriceCents,
        ])
        .from(CartLines::Table)
        .and_where(Expr::col(CartLines::UserId).eq(user_id))
        .order_by(CartLines::AddedAt, Order::Asc)
        .order_by(CartLines::PartId, Order::Asc)
        .to_owned();
    db.fetch_all_on(conn, &select).await
}

/// Sets a line: adds it (as added at `added_at`) or, when the part is in the
/// cart already, changes its quantity and seen price and keeps its place.
pub async fn set(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    line: CartRow,
    added_at: String,
) -> Result<u64, sqlx::Error> {
    let statement = Query::insert()
        .into_table(CartLines::Table)
        .columns([
            CartLines::UserId,
            CartLines::PartId,
            CartLines::Quantity,
            CartLines::SeenPriceCents,
            CartLines::AddedAt,
            CartLines::UpdatedAt,
        ])
        .values_panic([
            user_id.into(),
            line.part_id.into(),
            line.quantity.into(),
            line.seen_price_cents.into(),
            added_at.into(),
            db::now().into(),
        ])
        .on_conflict(
            OnConflict::columns([CartLines::UserId, CartLines::PartId])
                .update_columns([
                    CartLines::Quantity,
                    CartLines::SeenPriceCents,
                    CartLines::UpdatedAt,
                ])
                .to_owned(),
        )
        .to_owned();
    db.execute_on(conn, &statement).await
}

/// Takes the parts `part_ids` out of a buyer's cart.
pub async fn remove(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    part_ids: &[i64],
) -> Result<u64, sqlx::Error> {
    if part_ids.is_empty() {
        return Ok(0);
    }
    let statement = Query::delete()
        .from_table(CartLines::Table)
        .and_where(Expr::col(CartLines::UserId).eq(user_id))
        .and_where(bulk::is_in(db.backend, CartLines::PartId, part_ids))
        .to_owned();
    db.execute_on(conn, &statement).await
}

/// Empties a buyer's cart.
pub async fn clear(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
) -> Result<u64, sqlx::Error> {
    let statement = Query::delete()
        .from_table(CartLines::Table)
        .and_where(Expr::col(CartLines::UserId).eq(user_id))
        .to_owned();
    db.execute_on(conn, &statement).await
}
