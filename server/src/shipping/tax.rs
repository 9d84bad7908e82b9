//! Tax rates by place: a country, or one region of it. An order is taxed
//! at its region's rate, else its country's, else not at all (`pricing`).
//! One place has one rate: its region is compared in any case, so "CA" and
//! "ca" are the same place.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Expr, Query};
use serde::Serialize;
use utoipa::ToSchema;

use super::fields::{ppm_to_percent, RatePercent};
use super::store::{self, TaxRateRow, TaxRates, RATE_COLUMNS};
use crate::addresses::{CountryCode, NAME_TEXT};
use crate::app::state::AppState;
use crate::core::answers::DeletedCount;
use crate::core::caller::Admin;
use crate::core::db::{self, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{Flag, OptionalText, Sent};
use crate::core::input::{parse_id, Body};
use crate::request;

/// A tax rate and the place it applies at.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxRate {
    #[serde(rename = "_id")]
    pub id: String,
    /// Two-letter country code, upper-case.
    #[schema(example = "US")]
    pub country: String,
    /// The region it applies in; "" for the whole country.
    #[schema(example = "CA")]
    pub region: String,
    /// What receipts call it.
    #[schema(example = "California sales tax")]
    pub name: String,
    /// Percent of the taxed amount, at most three decimals.
    #[schema(example = 7.25)]
    pub rate_percent: f64,
    /// Whether delivery is taxed too.
    pub applies_to_shipping: bool,
}

impl From<TaxRateRow> for TaxRate {
    fn from(row: TaxRateRow) -> Self {
        TaxRate {
            id: row.id.to_string(),
            country: row.country,
            region: row.region,
            name: row.name,
            rate_percent: ppm_to_percent(row.rate_ppm),
            applies_to_shipping: row.applies_to_shipping == 1,
        }
    }
}

request! {
    /// A tax rate: where it applies and how much. `region` left out or
    /// blank: the whole country. `appliesToShipping` left out: true. A
    /// `PUT` replaces every field.
    pub struct TaxRateRequest {
        /// Two-letter country code, any case (stored upper-case).
        country: CountryCode = "country", "Country";
        /// State, province or county, as addresses write it (any case).
        region: OptionalText<NAME_TEXT> = "region", "Region", example = "CA";
        name: OptionalText<NAME_TEXT> = "name", "Name", example = "California sales tax";
        /// Percent, from 0 to 100 with at most three decimals.
        rate_percent: RatePercent = "ratePercent", "Rate";
        /// Whether delivery is taxed too. Left out: true.
        applies_to_shipping: Sent<Flag> = "appliesToShipping", "Applies to shipping";
    }
}

impl TaxRateRequest {
    fn region(&self) -> String {
        self.region.as_deref().map_or("", str::trim).to_owned()
    }

    /// "US-CA", or "US" for the whole country.
    fn place(&self) -> String {
        match self.region() {
            region if region.is_empty() => self.country.clone(),
            region => format!("{}-{region}", self.country),
        }
    }

    fn values(&self) -> Vec<(TaxRates, sea_query::SimpleExpr)> {
        vec![
            (TaxRates::Country, self.country.clone().into()),
            (TaxRates::Region, self.region().into()),
            (
                TaxRates::Name,
                self.name.as_deref().map_or("", str::trim).into(),
            ),
            (TaxRates::RatePpm, self.rate_percent.into()),
            (
                TaxRates::AppliesToShipping,
                i64::from(self.applies_to_shipping.unwrap_or(true)).into(),
            ),
        ]
    }

    fn taken(&self) -> ApiError {
        ApiError::Conflict(format!("A tax rate for {} already exists", self.place()))
    }

    /// 409 when another rate (not `except`) has this place, in any case.
    async fn check_place_free(
        &self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        except: Option<i64>,
    ) -> ApiResult<()> {
        let region = self.region().to_lowercase();
        let rates = store::rates_of_country(db, conn, &self.country).await?;
        let taken = rates
            .iter()
            .any(|r| Some(r.id) != except && r.region.trim().to_lowercase() == region);
        if taken {
            return Err(self.taken());
        }
        Ok(())
    }
}

/// Every tax rate, by country and region.
#[utoipa::path(get, path = "/api/admin/tax-rates", tag = "shipping", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<TaxRate>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub(super) async fn list_rates(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<TaxRate>>> {
    let rows = store::rates(&state.db).await?;
    Ok(Json(rows.into_iter().map(TaxRate::from).collect()))
}

/// Adds a tax rate for a place that has none.
#[utoipa::path(post, path = "/api/admin/tax-rates", tag = "shipping", security(("bearer" = [])),
    request_body = TaxRateRequest,
    responses(
        (status = 201, body = TaxRate),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The place already has a rate")))]
pub(super) async fn create_rate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Body(sent): Body<TaxRateRequest>,
) -> ApiResult<(StatusCode, Json<TaxRate>)> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    sent.check_place_free(db, &mut tx, None).await?;
    let now = db::now();
    let (mut columns, mut values): (Vec<_>, Vec<_>) = sent.values().into_iter().unzip();
    columns.extend([TaxRates::CreatedAt, TaxRates::UpdatedAt]);
    values.extend([now.clone().into(), now.into()]);
    let insert = Query::insert()
        .into_table(TaxRates::Table)
        .columns(columns)
        .values_panic(values)
        .returning(Query::returning().columns(RATE_COLUMNS))
        .to_owned();
    let row: TaxRateRow = db
        .fetch_optional_on(&mut *tx, &insert)
        .await
        .map_err(|e| place_error(e, &sent))?
        .ok_or(sqlx::Error::RowNotFound)?;
    audit_rate(db, &mut tx, &admin, row.id, None, Some(&row)).await?;
    tx.commit().await.map_err(|e| place_error(e, &sent))?;
    tracing::info!(rate = row.id, by = ?admin.email, "tax rate added");
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Replaces a tax rate's fields. Orders already placed keep the tax they
/// were charged.
#[utoipa::path(put, path = "/api/admin/tax-rates/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = TaxRateRequest,
    responses(
        (status = 200, body = TaxRate),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another rate has the place")))]
pub(super) async fn update_rate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    Body(sent): Body<TaxRateRequest>,
) -> ApiResult<Json<TaxRate>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Tax rate"))?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    let Some(before) = store::rate_on(db, &mut tx, id).await? else {
        return Err(ApiError::not_found("Tax rate"));
    };
    sent.check_place_free(db, &mut tx, Some(id)).await?;
    let mut values = sent.values();
    values.push((TaxRates::UpdatedAt, db::now().into()));
    let update = Query::update()
        .table(TaxRates::Table)
        .values(values)
        .and_where(Expr::col(TaxRates::Id).eq(id))
        .returning(Query::returning().columns(RATE_COLUMNS))
        .to_owned();
    let row: TaxRateRow = db
        .fetch_optional_on(&mut *tx, &update)
        .await
        .map_err(|e| place_error(e, &sent))?
        .ok_or_else(|| ApiError::not_found("Tax rate"))?;
    audit_rate(db, &mut tx, &admin, id, Some(&before), Some(&row)).await?;
    tx.commit().await.map_err(|e| place_error(e, &sent))?;
    tracing::info!(rate = id, by = ?admin.email, "tax rate changed");
    Ok(Json(row.into()))
}

/// Deletes a tax rate. Orders already placed keep the tax they were charged.
#[utoipa::path(delete, path = "/api/admin/tax-rates/{id}", tag = "shipping", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = DeletedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn delete_rate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<DeletedCount>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Tax rate"))?;
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    let Some(before) = store::rate_on(db, &mut tx, id).await? else {
        return Err(ApiError::not_found("Tax rate"));
    };
    let deleted_count = db
        .execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(TaxRates::Table)
                .and_where(Expr::col(TaxRates::Id).eq(id))
                .to_owned(),
        )
        .await?;
    audit_rate(db, &mut tx, &admin, id, Some(&before), None).await?;
    tx.commit().await?;
    tracing::info!(rate = id, by = ?admin.email, "tax rate deleted");
    Ok(Json(DeletedCount { deleted_count }))
}

/// Records a change of the tax rates in the audit log, inside its
/// transaction `tx`: the rate before and after (null when added or deleted).
async fn audit_rate(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    by: &crate::core::caller::CurrentUser,
    id: i64,
    before: Option<&TaxRateRow>,
    after: Option<&TaxRateRow>,
) -> Result<(), sqlx::Error> {
    let json = |row: Option<&TaxRateRow>| {
        row.and_then(|row| serde_json::to_value(TaxRate::from(row.clone())).ok())
    };
    crate::audit::record(
        db,
        tx,
        crate::audit::Entry {
            by: by.into(),
            action: crate::audit::TAX_RATES_CHANGED,
            subject_type: "settings",
            subject_id: format!("taxRates/{id}"),
            before: json(before),
            after: json(after),
        },
    )
    .await
}

/// A second rate for one place (two admins at once): 409 naming it.
fn place_error(err: sqlx::Error, sent: &TaxRateRequest) -> ApiError {
    if store::is_place_taken(&err) {
        sent.taken()
    } else {
        err.into()
    }
}
