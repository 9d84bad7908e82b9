//! Delivery methods: what an admin offers beside pickup at the trade
//! counter, each a price per order plus a price per kilogram, free over a
//! figure when the admin says so, to everywhere or only to the places the
//! admin lists.

use serde::Serialize;
use utoipa::ToSchema;

use super::counter::Counter;
use super::fields::{same_place, Charge, Places};
use super::listed::{AuditName, Change, Listed};
use super::store::{self, MethodRow, ShippingMethods, Table};
use crate::addresses::NAME_TEXT;
use crate::audit;
use crate::core::input::rules::{Flag, Money, OptionalText, Sent, Text};
use crate::core::input::SHORT_TEXT;
use crate::core::money::cents_to_units;
use crate::request;

/// A delivery method the shop offers.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingMethod {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(example = "Standard delivery")]
    pub name: String,
    #[schema(example = "2–4 working days")]
    pub description: String,
    /// The price per order, in currency units.
    #[schema(example = 5.95)]
    pub base_price: f64,
    /// The price per kilogram of the order, in currency units.
    #[schema(example = 0.5)]
    pub price_per_kg: f64,
    /// Goods worth this much or more travel free; null: never free.
    #[schema(example = 150)]
    pub free_over: Option<f64>,
    /// Whether buyers may choose it.
    pub active: bool,
    /// The only places it delivers to: countries ("US") and regions of one
    /// ("US-OH"). Empty: everywhere.
    #[schema(example = json!(["US-OH"]))]
    pub regions: Vec<String>,
}

/// The places of a stored method (`regions`, a JSON array).
pub fn places(row: &MethodRow) -> Vec<String> {
    serde_json::from_str(&row.regions).unwrap_or_default()
}

/// Whether `row` delivers to the place (`country`, `region`): it lists no
/// place, or the country, or the region of it (in any case).
pub fn delivers_to(row: &MethodRow, country: &str, region: &str) -> bool {
    let places = places(row);
    let country = country.trim().to_ascii_uppercase();
    let regional = format!("{country}-{}", region.trim());
    places.is_empty()
        || places.iter().any(|p| {
            same_place(p, &country) || (!region.trim().is_empty() && same_place(p, &regional))
        })
}

impl From<MethodRow> for ShippingMethod {
    fn from(row: MethodRow) -> Self {
        ShippingMethod {
            regions: places(&row),
            id: row.id.to_string(),
            name: row.name,
            description: row.description,
            base_price: cents_to_units(row.base_cents),
            price_per_kg: cents_to_units(row.per_kg_cents),
            free_over: row.free_over_cents.map(cents_to_units),
            active: row.active == 1,
        }
    }
}

/// Where buyers can collect orders, and how else orders can travel.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingChoices {
    pub counter: Counter,
    /// The delivery methods buyers may choose, by id.
    pub methods: Vec<ShippingMethod>,
}

request! {
    /// A delivery method: a price per order plus a price per kilogram,
    /// free from `freeOver` (left out or null: never free). `description`
    /// and `active` (true) may be left out; a `PUT` replaces every field.
    pub struct ShippingMethodRequest {
        name: Text<NAME_TEXT> = "name", "Name", example = "Standard delivery";
        /// How long it takes, or anything else buyers should know.
        description: OptionalText<SHORT_TEXT> = "description", "Description", example = "2–4 working days";
        /// The price per order, in currency units (0 or more).
        base_price: Charge = "basePrice", "Base price";
        /// The price per kilogram, in currency units (0 or more).
        price_per_kg: Charge = "pricePerKg", "Price per kg", example = 0.5;
        /// Goods worth this much or more travel free.
        free_over: Sent<Money> = "freeOver", "Free over", example = 150;
        /// Whether buyers may choose it. Left out: true.
        active: Sent<Flag> = "active", "Active";
        /// The only places it delivers to, each a country ("US") or a
        /// region of one ("US-OH", as addresses write the region). Left
        /// out, null or empty: everywhere.
        regions: Places = "regions", "Regions";
    }
}

impl Listed for ShippingMethod {
    type Row = MethodRow;
    type Column = ShippingMethods;
    type Request = ShippingMethodRequest;

    const WHAT: &'static str = "Shipping method";
    const TABLE: Table<ShippingMethods> = store::METHODS;

    fn id(row: &MethodRow) -> i64 {
        row.id
    }

    fn values(sent: &ShippingMethodRequest) -> Vec<(ShippingMethods, sea_query::SimpleExpr)> {
        let description = sent.description.as_deref().map_or("", str::trim);
        vec![
            (ShippingMethods::Name, sent.name.trim().into()),
            (ShippingMethods::Description, description.into()),
            (ShippingMethods::BaseCents, sent.base_price.into()),
            (ShippingMethods::PerKgCents, sent.price_per_kg.into()),
            (ShippingMethods::FreeOverCents, sent.free_over.into()),
            (
                ShippingMethods::Active,
                i64::from(sent.active.unwrap_or(true)).into(),
            ),
            (
                ShippingMethods::Regions,
                serde_json::to_string(&sent.regions)
                    .unwrap_or_else(|_| "[]".into())
                    .into(),
            ),
        ]
    }

    fn audit_name(change: Change, id: i64) -> AuditName {
        AuditName {
            action: match change {
                Change::Added => audit::DELIVERY_METHOD_ADDED,
                Change::Edited => audit::DELIVERY_METHOD_EDITED,
                Change::Deleted => audit::DELIVERY_METHOD_DELETED,
            },
            subject_type: "deliveryMethod",
            subject_id: id.to_string(),
        }
    }
}
