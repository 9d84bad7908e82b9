//! Tax rates by place: a country, or one region of it. An order is taxed
//! at its region's rate, else its country's, else not at all (`pricing`).
//! One place has one rate: its region is compared in any case, so "CA" and
//! "ca" are the same place.

use serde::Serialize;
use utoipa::ToSchema;

use super::fields::{ppm_to_percent, RatePercent};
use super::listed::{AuditName, Change, Listed};
use super::store::{self, Table, TaxRateRow, TaxRates};
use crate::addresses::{CountryCode, NAME_TEXT};
use crate::audit;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult};
use crate::core::input::rules::{Flag, OptionalText, Sent};
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

    fn taken(&self) -> ApiError {
        ApiError::Conflict(format!("A tax rate for {} already exists", self.place()))
    }
}

impl Listed for TaxRate {
    type Row = TaxRateRow;
    type Column = TaxRates;
    type Request = TaxRateRequest;

    const WHAT: &'static str = "Tax rate";
    const TABLE: Table<TaxRates> = store::RATES;

    fn id(row: &TaxRateRow) -> i64 {
        row.id
    }

    fn values(sent: &TaxRateRequest) -> Vec<(TaxRates, sea_query::SimpleExpr)> {
        vec![
            (TaxRates::Country, sent.country.clone().into()),
            (TaxRates::Region, sent.region().into()),
            (
                TaxRates::Name,
                sent.name.as_deref().map_or("", str::trim).into(),
            ),
            (TaxRates::RatePpm, sent.rate_percent.into()),
            (
                TaxRates::AppliesToShipping,
                i64::from(sent.applies_to_shipping.unwrap_or(true)).into(),
            ),
        ]
    }

    fn audit_name(_change: Change, id: i64) -> AuditName {
        AuditName {
            action: audit::TAX_RATES_CHANGED,
            subject_type: "settings",
            subject_id: format!("taxRates/{id}"),
        }
    }

    /// 409 when another rate (not `except`) has this place, in any case.
    async fn check(
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        sent: &TaxRateRequest,
        except: Option<i64>,
    ) -> ApiResult<()> {
        let region = sent.region().to_lowercase();
        let rates = store::rates_of_country(db, conn, &sent.country).await?;
        let taken = rates
            .iter()
            .any(|r| Some(r.id) != except && r.region.trim().to_lowercase() == region);
        if taken {
            return Err(sent.taken());
        }
        Ok(())
    }

    /// A second rate for one place (two admins at once): 409 naming it.
    fn write_error(sent: &TaxRateRequest, err: sqlx::Error) -> ApiError {
        if store::is_place_taken(&err) {
            sent.taken()
        } else {
            err.into()
        }
    }
}
