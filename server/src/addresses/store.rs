//! Every query of the address book.

use sea_query::{Expr, Iden, Order, Query};

use super::bodies::AddressRequest;
use crate::core::db::{self, Db};

#[derive(Iden, Clone, Copy)]
enum Addresses {
    Table,
    Id,
    UserId,
    Name,
    Line1,
    Line2,
    City,
    Region,
    Postcode,
    Country,
    Phone,
    IsDefault,
    CreatedAt,
    UpdatedAt,
}

const COLUMNS: [Addresses; 13] = [
    Addresses::Id,
    Addresses::UserId,
    Addresses::Name,
    Addresses::Line1,
    Addresses::Line2,
    Addresses::City,
    Addresses::Region,
    Addresses::Postcode,
    Addresses::Country,
    Addresses::Phone,
    Addresses::IsDefault,
    Addresses::CreatedAt,
    Addresses::UpdatedAt,
];

/// An address as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AddressRow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub region: String,
    pub postcode: String,
    /// ISO 3166-1 alpha-2, upper-case.
    pub country: String,
    pub phone: Option<String>,
    /// 1 for the buyer's default address, else 0.
    pub is_default: i64,
    pub created_at: String,
    pub updated_at: String,
}

/// The fields of a request as they are stored: trimmed, blanks as "".
struct AddressFields {
    name: String,
    line1: String,
    line2: String,
    city: String,
    region: String,
    postcode: String,
    country: String,
    phone: Option<String>,
}

impl From<&AddressRequest> for AddressFields {
    fn from(sent: &AddressRequest) -> Self {
        let trimmed = |s: &str| s.trim().to_owned();
        let optional = |s: &Option<String>| s.as_deref().map(str::trim).unwrap_or("").to_owned();
        AddressFields {
            name: trimmed(&sent.name),
            line1: trimmed(&sent.line1),
            line2: optional(&sent.line2),
            city: trimmed(&sent.city),
            region: optional(&sent.region),
            postcode: trimmed(&sent.postcode),
            country: sent.country.clone(),
            phone: sent.phone.clone(),
        }
    }
}

impl AddressFields {
    fn values(self) -> Vec<(Addresses, sea_query::SimpleExpr)> {
        vec![
            (Addresses::Name, self.name.into()),
            (Addresses::Line1, self.line1.into()),
            (Addresses::Line2, self.line2.into()),
            (Addresses::City, self.city.into()),
            (Addresses::Region, self.region.into()),
            (Addresses::Postcode, self.postcode.into()),
            (Addresses::Country, self.country.into()),
            (Addresses::Phone, self.phone.into()),
        ]
    }
}

/// The user's address `id`, or None (also when it is someone else's).
pub async fn find_for_user(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    id: i64,
) -> Result<Option<AddressRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(Addresses::Table)
        .and_where(Expr::col(Addresses::Id).eq(id))
        .and_where(Expr::col(Addresses::UserId).eq(user_id))
        .to_owned();
    db.fetch_optional_on(conn, &select).await
}

/// The user's addresses: the default first, then the newest first.
pub async fn list_for_user(db: &Db, user_id: i64) -> Result<Vec<AddressRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(Addresses::Table)
        .and_where(Expr::col(Addresses::UserId).eq(user_id))
        .order_by(Addresses::IsDefault, Order::Desc)
        .order_by(Addresses::Id, Order::Desc)
        .to_owned();
    db.fetch_all(&select).await
}

/// Takes the default mark from every address of the user.
pub async fn clear_default(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Addresses::Table)
        .value(Addresses::IsDefault, 0i64)
        .and_where(Expr::col(Addresses::UserId).eq(user_id))
        .and_where(Expr::col(Addresses::IsDefault).eq(1i64))
        .to_owned();
    db.execute_on(conn, &statement).await
}

/// How many addresses the user's book holds.
pub async fn count_of_user(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
) -> Result<i64, sqlx::Error> {
    let (held,): (i64,) = db
        .fetch_optional_on(
            conn,
            &Query::select()
                .expr(Expr::col(Addresses::Id).count())
                .from(Addresses::Table)
                .and_where(Expr::col(Addresses::UserId).eq(user_id))
                .to_owned(),
        )
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok(held)
}

/// Adds an address to the user's book, the default or not.
pub async fn insert(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    sent: &AddressRequest,
    is_default: bool,
) -> Result<AddressRow, sqlx::Error> {
    let now = db::now();
    let mut columns = vec![Addresses::UserId];
    let mut values: Vec<sea_query::SimpleExpr> = vec![user_id.into()];
    for (column, value) in AddressFields::from(sent).values() {
        columns.push(column);
        values.push(value);
    }
    columns.extend([
        Addresses::IsDefault,
        Addresses::CreatedAt,
        Addresses::UpdatedAt,
    ]);
    values.extend([i64::from(is_default).into(), now.clone().into(), now.into()]);
    let insert = Query::insert()
        .into_table(Addresses::Table)
        .columns(columns)
        .values_panic(values)
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(conn, &insert)
        .await?
        .ok_or(sqlx::Error::RowNotFound)
}

/// Writes `sent` over the user's address `id`; None: they have no such address.
pub async fn update(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    id: i64,
    sent: &AddressRequest,
    is_default: bool,
) -> Result<Option<AddressRow>, sqlx::Error> {
    let mut values = AddressFields::from(sent).values();
    values.push((Addresses::IsDefault, i64::from(is_default).into()));
    values.push((Addresses::UpdatedAt, db::now().into()));
    let update = Query::update()
        .table(Addresses::Table)
        .values(values)
        .and_where(Expr::col(Addresses::Id).eq(id))
        .and_where(Expr::col(Addresses::UserId).eq(user_id))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(conn, &update).await
}

/// Deletes the user's address `id`, answering how many went (0 or 1).
pub async fn delete(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    id: i64,
) -> Result<u64, sqlx::Error> {
    let delete = Query::delete()
        .from_table(Addresses::Table)
        .and_where(Expr::col(Addresses::Id).eq(id))
        .and_where(Expr::col(Addresses::UserId).eq(user_id))
        .to_owned();
    db.execute_on(conn, &delete).await
}

/// Makes the user's newest address the default (after the default was
/// deleted); nothing when they have none left.
pub async fn pass_default_to_newest(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
) -> Result<(), sqlx::Error> {
    let newest: Option<(i64,)> = db
        .fetch_optional_on(
            &mut *conn,
            &Query::select()
                .column(Addresses::Id)
                .from(Addresses::Table)
                .and_where(Expr::col(Addresses::UserId).eq(user_id))
                .order_by(Addresses::Id, Order::Desc)
                .limit(1)
                .to_owned(),
        )
        .await?;
    if let Some((newest,)) = newest {
        db.execute_on(
            conn,
            &Query::update()
                .table(Addresses::Table)
                .value(Addresses::IsDefault, 1i64)
                .and_where(Expr::col(Addresses::Id).eq(newest))
                .to_owned(),
        )
        .await?;
    }
    Ok(())
}
