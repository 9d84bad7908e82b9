//! A buyer's address book. Stand-in: reading one address of a buyer, and
//! the address as the API shows it; the routes that keep the book come
//! with delivery methods.

use sea_query::{Alias, Expr, Query};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::Db;

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
    pub country: String,
    pub phone: Option<String>,
    pub is_default: i64,
    pub created_at: String,
    pub updated_at: String,
}

/// The user's address `id`, or None (also when it is someone else's).
pub async fn find_for_user(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    id: i64,
) -> Result<Option<AddressRow>, sqlx::Error> {
    let columns = [
        "id",
        "user_id",
        "name",
        "line1",
        "line2",
        "city",
        "region",
        "postcode",
        "country",
        "phone",
        "is_default",
        "created_at",
        "updated_at",
    ]
    .map(Alias::new);
    let select = Query::select()
        .columns(columns)
        .from(Alias::new("addresses"))
        .and_where(Expr::col(Alias::new("id")).eq(id))
        .and_where(Expr::col(Alias::new("user_id")).eq(user_id))
        .to_owned();
    db.fetch_optional_on(conn, &select).await
}

/// The address as the API shows it (also stored, as JSON, in an order's
/// delivery address).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub region: String,
    pub postcode: String,
    /// ISO 3166-1 alpha-2, upper case.
    pub country: String,
    pub phone: Option<String>,
    pub is_default: bool,
}

impl From<AddressRow> for Address {
    fn from(r: AddressRow) -> Self {
        Address {
            id: r.id.to_string(),
            name: r.name,
            line1: r.line1,
            line2: r.line2,
            city: r.city,
            region: r.region,
            postcode: r.postcode,
            country: r.country,
            phone: r.phone,
            is_default: r.is_default == 1,
        }
    }
}
