//! Queries on parts. Stock is only ever changed by single conditional
//! UPDATEs, so concurrent orders cannot take the same unit twice.

use sea_query::{Expr, Func, Iden, LikeExpr, Order, Query, SelectStatement, SimpleExpr};
use sqlx::Any;

use crate::db::{self, Db};

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
}

const COLUMNS: [Parts; 9] = [
    Parts::Id,
    Parts::Name,
    Parts::Description,
    Parts::Img,
    Parts::PriceCents,
    Parts::AvailableQuantity,
    Parts::MinimumOrder,
    Parts::CreatedAt,
    Parts::UpdatedAt,
];

/// Parts whose name or description contains every word of `q`, any case.
fn search(q: Option<&str>) -> SelectStatement {
    let mut select = Query::select().from(Parts::Table).to_owned();
    for word in q.unwrap_or_default().split_whitespace().take(10) {
        let pattern = format!("%{}%", escape_like(&word.to_lowercase()));
        let matches = |column: Parts| -> SimpleExpr {
            Expr::expr(Func::lower(Expr::col(column)))
                .like(LikeExpr::new(pattern.clone()).escape('\\'))
        };
        select.and_where(matches(Parts::Name).or(matches(Parts::Description)));
    }
    select
}

fn escape_like(word: &str) -> String {
    word.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// One page of parts matching `q`, oldest first, and how many match in all.
pub async fn list(
    db: &Db,
    q: Option<&str>,
    limit: Option<u64>,
    offset: u64,
) -> Result<(Vec<PartRow>, i64), sqlx::Error> {
    // SQLite takes an OFFSET only after a LIMIT: no limit is the largest one.
    let page = search(q)
        .columns(COLUMNS)
        .order_by(Parts::Id, Order::Asc)
        .limit(limit.unwrap_or(i64::MAX as u64))
        .offset(offset)
        .to_owned();
    let rows: Vec<PartRow> = db.fetch_all(&page).await?;
    let (total,): (i64,) = db
        .fetch_one(&search(q).expr(Expr::col(Parts::Id).count()).to_owned())
        .await?;
    Ok((rows, total))
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

/// Adds a part; answers its id.
pub async fn insert(db: &Db, part: &PartFields) -> Result<i64, sqlx::Error> {
    let now = db::now();
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
        ])
        .returning_col(Parts::Id)
        .to_owned();
    let (id,): (i64,) = db.fetch_one(&statement).await?;
    Ok(id)
}

/// Replaces a part's fields; answers whether the part exists.
pub async fn update(db: &Db, id: i64, part: &PartFields) -> Result<bool, sqlx::Error> {
    let statement = Query::update()
        .table(Parts::Table)
        .values([
            (Parts::Name, part.name.clone().into()),
            (Parts::Description, part.description.clone().into()),
            (Parts::Img, part.img.clone().into()),
            (Parts::PriceCents, part.price_cents.into()),
            (Parts::AvailableQuantity, part.available_quantity.into()),
            (Parts::MinimumOrder, part.minimum_order.into()),
            (Parts::UpdatedAt, db::now().into()),
        ])
        .and_where(Expr::col(Parts::Id).eq(id))
        .to_owned();
    Ok(db.execute(&statement).await? == 1)
}

pub async fn delete(db: &Db, id: i64) -> Result<u64, sqlx::Error> {
    db.execute(
        &Query::delete()
            .from_table(Parts::Table)
            .and_where(Expr::col(Parts::Id).eq(id))
            .to_owned(),
    )
    .await
}

/// Takes `quantity` units if that many are in stock, in one statement;
/// answers the part as it is afterwards, or None when the stock was short.
pub async fn take_stock<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
    quantity: i64,
) -> Result<Option<PartRow>, sqlx::Error> {
    let statement = Query::update()
        .table(Parts::Table)
        .value(
            Parts::AvailableQuantity,
            Expr::col(Parts::AvailableQuantity).sub(quantity),
        )
        .and_where(Expr::col(Parts::Id).eq(id))
        .and_where(Expr::col(Parts::AvailableQuantity).gte(quantity))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(executor, &statement).await
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
