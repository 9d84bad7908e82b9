//! A buyer's address book: the places orders can be delivered to. Each
//! buyer sees and changes only their own addresses (anyone else's is 404).
//! While a buyer has any address, exactly one of them is the default: the
//! first one saved, or the one last marked so; deleting it passes the mark
//! to the newest address left. An order keeps its own copy of the address,
//! so changing or deleting one never changes an order.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Expr, Iden, Order, Query};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::answers::DeletedCount;
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{Flag, OptionalPhone, OptionalText, Rule, Sent, Text};
use crate::core::input::{parse_id, Body, Form, SHORT_TEXT};
use crate::request;
use crate::users;

/// Most addresses one address book holds.
pub const MAX_ADDRESSES: i64 = 20;
/// Longest name, city or region, in characters.
pub const NAME_TEXT: usize = 100;
/// Longest postcode, in characters.
pub const POSTCODE_TEXT: usize = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_addresses, create_address))
        .routes(routes!(update_address, delete_address))
}

#[derive(Iden)]
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

/// An address as the API shows it (and as an order keeps it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(rename = "_id")]
    pub id: String,
    /// Who receives the goods.
    #[schema(example = "Ann Driver")]
    pub name: String,
    #[schema(example = "1200 Harbor Blvd")]
    pub line1: String,
    /// "" when not given.
    pub line2: String,
    #[schema(example = "Oakland")]
    pub city: String,
    /// State, province or county; "" when not given.
    #[schema(example = "CA")]
    pub region: String,
    #[schema(example = "94607")]
    pub postcode: String,
    /// Two-letter country code (ISO 3166-1 alpha-2), upper-case.
    #[schema(example = "US")]
    pub country: String,
    pub phone: Option<String>,
    /// Whether this is the buyer's default address.
    pub is_default: bool,
}

impl From<AddressRow> for Address {
    fn from(row: AddressRow) -> Self {
        Address {
            id: row.id.to_string(),
            name: row.name,
            line1: row.line1,
            line2: row.line2,
            city: row.city,
            region: row.region,
            postcode: row.postcode,
            country: row.country,
            phone: row.phone,
            is_default: row.is_default == 1,
        }
    }
}

/// A two-letter country code (ISO 3166-1 alpha-2) in any case, surrounding
/// spaces ignored; read upper-case.
pub struct CountryCode;

impl Rule for CountryCode {
    type Out = String;
    fn read(form: &mut Form, name: &str, label: &str) -> String {
        let wrong = format!("{label} must be a two-letter country code");
        match form.value(name) {
            None => {
                form.fail(name, format!("{label} is Required"));
                String::new()
            }
            Some(Value::String(s)) if s.trim().is_empty() => {
                form.fail(name, format!("{label} is Required"));
                String::new()
            }
            Some(Value::String(s))
                if s.trim().len() == 2 && s.trim().chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                s.trim().to_ascii_uppercase()
            }
            Some(_) => {
                form.fail(name, wrong);
                String::new()
            }
        }
    }
    fn schema() -> Value {
        json!({"type": "string", "pattern": "^[A-Za-z]{2}$", "example": "US"})
    }
}

request! {
    /// An address: who receives the goods and where. `line2`, `region`,
    /// `phone` and `isDefault` are optional.
    pub struct AddressRequest {
        name: Text<NAME_TEXT> = "name", "Name", example = "Ann Driver";
        line1: Text<SHORT_TEXT> = "line1", "Address line 1", example = "1200 Harbor Blvd";
        line2: OptionalText<SHORT_TEXT> = "line2", "Address line 2";
        city: Text<NAME_TEXT> = "city", "City", example = "Oakland";
        /// State, province or county.
        region: OptionalText<NAME_TEXT> = "region", "Region", example = "CA";
        postcode: Text<POSTCODE_TEXT> = "postcode", "Postcode", example = "94607";
        /// Two-letter country code, any case (stored upper-case).
        country: CountryCode = "country", "Country";
        phone: OptionalPhone = "phone", "Phone";
        /// True: this becomes the default address (the others lose it). The
        /// first address is the default whatever this says, and the default
        /// stays the default until another one is made so.
        is_default: Sent<Flag> = "isDefault", "Default";
    }
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
async fn clear_default(
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

/// The signed-in buyer's addresses, the default first, then the newest first.
#[utoipa::path(get, path = "/api/addresses", tag = "addresses", security(("bearer" = [])),
    responses((status = 200, body = Vec<Address>), (status = 401, body = ErrorBody)))]
async fn list_addresses(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Vec<Address>>> {
    let rows = list_for_user(&state.db, user.id).await?;
    Ok(Json(rows.into_iter().map(Address::from).collect()))
}

/// Adds an address to the signed-in buyer's address book.
#[utoipa::path(post, path = "/api/addresses", tag = "addresses", security(("bearer" = [])),
    request_body = AddressRequest,
    responses(
        (status = 201, body = Address),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The address book is full")))]
async fn create_address(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<AddressRequest>,
) -> ApiResult<(StatusCode, Json<Address>)> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    // One change to a buyer's address book at a time: the count below holds.
    users::lock(db, &mut *tx, user.id).await?;
    let (held,): (i64,) = db
        .fetch_optional_on(
            &mut *tx,
            &Query::select()
                .expr(Expr::col(Addresses::Id).count())
                .from(Addresses::Table)
                .and_where(Expr::col(Addresses::UserId).eq(user.id))
                .to_owned(),
        )
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    if held >= MAX_ADDRESSES {
        return Err(ApiError::Conflict(format!(
            "An address book holds at most {MAX_ADDRESSES} addresses"
        )));
    }
    let is_default = held == 0 || sent.is_default == Some(true);
    if is_default {
        clear_default(db, &mut tx, user.id).await?;
    }
    let now = db::now();
    let mut columns = vec![Addresses::UserId];
    let mut values: Vec<sea_query::SimpleExpr> = vec![user.id.into()];
    for (column, value) in AddressFields::from(&sent).values() {
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
    let row: AddressRow = db
        .fetch_optional_on(&mut *tx, &insert)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    tracing::info!(address = row.id, user = user.id, "address added");
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Replaces one of the signed-in buyer's addresses with the fields sent.
/// `isDefault: true` makes it the default; false never takes the mark from
/// the default (make another address the default instead).
#[utoipa::path(put, path = "/api/addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AddressRequest,
    responses(
        (status = 200, body = Address),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_address(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Body(sent): Body<AddressRequest>,
) -> ApiResult<Json<Address>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Address"))?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    users::lock(db, &mut *tx, user.id).await?;
    let current = find_for_user(db, &mut tx, user.id, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Address"))?;
    let is_default = current.is_default == 1 || sent.is_default == Some(true);
    if is_default && current.is_default == 0 {
        clear_default(db, &mut tx, user.id).await?;
    }
    let mut values = AddressFields::from(&sent).values();
    values.push((Addresses::IsDefault, i64::from(is_default).into()));
    values.push((Addresses::UpdatedAt, db::now().into()));
    let update = Query::update()
        .table(Addresses::Table)
        .values(values)
        .and_where(Expr::col(Addresses::Id).eq(id))
        .and_where(Expr::col(Addresses::UserId).eq(user.id))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let row: AddressRow = db
        .fetch_optional_on(&mut *tx, &update)
        .await?
        .ok_or_else(|| ApiError::not_found("Address"))?;
    tx.commit().await?;
    tracing::info!(address = row.id, user = user.id, "address changed");
    Ok(Json(row.into()))
}

/// Deletes one of the signed-in buyer's addresses. Deleting the default
/// makes the newest address left the default. Orders keep their own copy.
#[utoipa::path(delete, path = "/api/addresses/{id}", tag = "addresses", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_address(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Address"))?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    users::lock(db, &mut *tx, user.id).await?;
    let current = find_for_user(db, &mut tx, user.id, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Address"))?;
    let deleted_count = db
        .execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(Addresses::Table)
                .and_where(Expr::col(Addresses::Id).eq(id))
                .and_where(Expr::col(Addresses::UserId).eq(user.id))
                .to_owned(),
        )
        .await?;
    if current.is_default == 1 {
        let newest: Option<(i64,)> = db
            .fetch_optional_on(
                &mut *tx,
                &Query::select()
                    .column(Addresses::Id)
                    .from(Addresses::Table)
                    .and_where(Expr::col(Addresses::UserId).eq(user.id))
                    .order_by(Addresses::Id, Order::Desc)
                    .limit(1)
                    .to_owned(),
            )
            .await?;
        if let Some((newest,)) = newest {
            db.execute_on(
                &mut *tx,
                &Query::update()
                    .table(Addresses::Table)
                    .value(Addresses::IsDefault, 1i64)
                    .and_where(Expr::col(Addresses::Id).eq(newest))
                    .to_owned(),
            )
            .await?;
        }
    }
    tx.commit().await?;
    tracing::info!(address = id, user = user.id, "address deleted");
    Ok(Json(DeletedCount { deleted_count }))
}
